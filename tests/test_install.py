"""Installed like any Python app (issue 26): the sdist and the wheel built from this checkout,
the wheel installed into a fresh virtual environment outside it, and `hanafuda-tally serve`
started from an empty folder with its own HOME, so nothing of the checkout can be found.

What the installed app must do by itself: the home page in en, ja and ko (the catalogues
compiled into the wheel), a static file, the OpenAPI document, a session created and a round
added through the API, and its database in the user's data folder (platformdirs on Linux:
$XDG_DATA_HOME/hanafuda-tally, docs/deploy.md). The wheel's size and the time from the install
to the first page are written to test-artifacts/install.json (the issue asks for both).

The round is koi-koi.md section 9, K7 (book p.56): A's three poetry ribbons are akatan, 5
points, and A stops: 5 points for A."""

from __future__ import annotations

import json
import os
import pathlib
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import zipfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"


def run(*cmd, **kw):
    done = subprocess.run(cmd, capture_output=True, text=True, **kw)
    assert done.returncode == 0, (cmd, done.stdout[-3000:], done.stderr[-3000:])
    return done.stdout + done.stderr


def pins() -> str:
    """requirements.lock as plain pins (no hashes): the versions CI tested, as constraints."""
    lock = (ROOT / "requirements.lock").read_text()
    return "\n".join(re.findall(r"^([A-Za-z0-9_.\-]+==[^\s\\]+)", lock, re.M)) + "\n"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str, **kw) -> tuple[int, bytes, dict]:
    req = urllib.request.Request(url, **kw)
    with urllib.request.urlopen(req, timeout=10) as r:
        return r.status, r.read(), dict(r.headers)


def api(url: str, body: dict) -> dict:
    status, data, _ = get(url, data=json.dumps(body).encode(), method="POST",
                          headers={"Content-Type": "application/json"})
    assert status == 201, (status, data)
    return json.loads(data)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The sdist, then the wheel built from it (pypa's build, as `make wheel`)."""
    out = tmp_path_factory.mktemp("dist")
    log = run(sys.executable, "-m", "build", "--outdir", str(out), str(ROOT))
    wheel = next(out.glob("*.whl"))
    sdist = next(out.glob("*.tar.gz"))
    return wheel, sdist, log


def test_the_build_says_no_deprecation(built):
    _, _, log = built
    assert "SetuptoolsDeprecationWarning" not in log and "project.license" not in log, log


def test_the_wheel_holds_what_the_app_serves(built):
    wheel, sdist, _ = built
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("tally/templates/layout.html", "tally/templates/pages/record.html",
                   "tally/static/app.js", "tally/static/app.css",
                   "tally/translations/ja/LC_MESSAGES/messages.mo",
                   "tally/translations/ko/LC_MESSAGES/messages.mo"):
        assert needed in names, needed
    assert not [n for n in names if n.endswith(".po")]  # compiled at build time, not at start
    entry = next(n for n in names if n.endswith("entry_points.txt"))
    assert "hanafuda-tally = tally.cli:main" in zipfile.ZipFile(wheel).read(entry).decode()
    import tarfile

    members = tarfile.open(sdist).getnames()
    assert any(m.endswith("/templates/pages/home.html") for m in members)
    assert any(m.endswith("/tally/translations/ko/LC_MESSAGES/messages.po") for m in members)


def test_installed_outside_the_checkout_it_serves(built):
    wheel, _, _ = built
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        home, cwd = tmp / "home", tmp / "empty"
        home.mkdir(), cwd.mkdir()
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("TALLY_", "DATABASE_URL", "XDG_", "PYTHON", "VIRTUAL_ENV"))}
        env.update(HOME=str(home), TALLY_RATE_LIMITS="off")
        (tmp / "pins.txt").write_text(pins())
        t0 = time.perf_counter()
        run(sys.executable, "-m", "venv", str(tmp / "venv"), cwd=cwd, env=env)
        pip = [str(tmp / "venv/bin/python"), "-m", "pip", "install", "--quiet"]
        run(*pip, "-c", str(tmp / "pins.txt"), str(wheel), cwd=cwd, env=env)
        port = free_port()
        server = subprocess.Popen(
            [str(tmp / "venv/bin/hanafuda-tally"), "serve", "--host", "127.0.0.1",
             "--port", str(port), "--workers", "1"],
            cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        base = f"http://127.0.0.1:{port}"
        try:
            first_page = wait_for(f"{base}/", server) - t0
            check_the_pages(base)
            check_the_api(base)
            data = home / ".local/share/hanafuda-tally/tally.sqlite"
            assert data.is_file(), sorted(str(p) for p in home.rglob("*"))
            assert not list(cwd.iterdir())  # nothing written where it was started
        finally:
            server.terminate()
            out = server.communicate(timeout=20)[0]
        assert "Phones on the same network: open" in out, out
        ARTIFACTS.mkdir(exist_ok=True)
        figures = {"wheel_bytes": wheel.stat().st_size,
                   "install_to_first_page_s": round(first_page, 1)}
        (ARTIFACTS / "install.json").write_text(json.dumps(figures, indent=1))
        print("\ninstall:", figures)


def wait_for(url: str, server) -> float:
    for _ in range(600):
        if server.poll() is not None:
            raise AssertionError(server.stdout.read())
        try:
            status, _, _ = get(url)
            if status == 200:
                return time.perf_counter()
        except OSError:
            time.sleep(0.1)
    raise AssertionError("the installed server never answered")


def check_the_pages(base: str):
    # words each catalogue has for the home page's language switch and title
    for lang, word in (("en", "Hanafuda Tally"), ("ja", "花札"), ("ko", "화투")):
        status, body, _ = get(f"{base}/?lang={lang}")
        assert status == 200 and word in body.decode(), (lang, body[:400])
        assert f'lang="{lang}"' in body.decode()
    status, body, headers = get(f"{base}/static/app.css")
    assert status == 200 and b"{" in body and headers["Content-Type"].startswith("text/css")
    status, body, _ = get(f"{base}/api/v1/openapi.json")
    doc = json.loads(body)
    assert doc["openapi"].startswith("3.") and "/api/v1/sessions" in doc["paths"]


def check_the_api(base: str):
    made = api(f"{base}/api/v1/sessions", {"game": "koi-koi", "players": ["A", "B"],
                                           "length": 6})
    rnd = {"captures": {"A": ["pine-poetry", "plum-poetry", "cherry-poetry"], "B": []},
           "events": [{"type": "stop", "player": "A"}], "version": made["version"]}
    added = api(f"{base}/api/v1/sessions/{made['id']}/rounds?t={made['edit_token']}", rnd)
    result = added["round"]["result"]
    assert {p["player"]: p["points"] for p in result["players"]} == {"A": 5, "B": 0}, result
    assert result["winner"] == "A"
