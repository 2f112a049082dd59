"""Browser tests: the app on 127.0.0.1 (werkzeug in a thread, temporary database) driven by
Playwright with Debian's chromium (never `playwright install`; .ci/run installs chromium).
Screenshots of each main page at 360 x 740 go to test-artifacts/ (git-ignored)."""

from __future__ import annotations

import contextlib
import pathlib
import tempfile
import threading

import pytest
from werkzeug.serving import make_server

from tally.web import create_app

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = pathlib.Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 360, "height": 740}


@contextlib.contextmanager
def serving():
    """The app on a free 127.0.0.1 port in a thread, on a SQLite file of its own: (its
    address, the app). Every phone of these tests is 127.0.0.1, so no rate limit
    (tests/test_rate_limits.py checks them)."""
    tmp = tempfile.TemporaryDirectory()
    app = create_app({"DATABASE": f"{tmp.name}/tally.sqlite", "TESTING": True,
                      "RATE_LIMITS": "off"})
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    # share links must point at this test server, not at the machine's LAN address
    app.config["PUBLIC_URL"] = f"http://127.0.0.1:{srv.server_port}"
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{srv.server_port}", app
    finally:
        srv.shutdown()
        thread.join(5)
        app.extensions["tally_store"].close()
        tmp.cleanup()


@pytest.fixture(scope="session")
def server():
    with serving() as (url, _):
        yield url


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    assert pathlib.Path(CHROMIUM).exists(), "the browser tests need Debian's chromium (.ci/run)"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def phone(browser):
    """A new phone: its own context (storage, cookies), 360 x 740, English."""
    contexts = []

    def make(lang="en", **kw):
        ctx = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                  has_touch=True, locale=lang,
                                  extra_http_headers={"Accept-Language": lang}, **kw)
        ctx.set_default_timeout(10_000)
        contexts.append(ctx)
        return ctx.new_page()

    yield make
    for c in contexts:
        c.close()


def shot(page, name: str):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=False)
