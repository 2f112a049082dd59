"""Security headers on every kind of response (tally/headers.py), no-store on the pages that
carry a token, the pages free of inline script and style (so the policy holds without
'unsafe-inline'), and the icons and card drawing drawn once and revalidated with a 304. The
same pages in a real browser, with zero CSP violations: tests/browser/test_browser_csp.py."""

from __future__ import annotations

import glob
import re

import pytest

from tally import pages
from tally.headers import API_CSP, PAGE_CSP
from tally.web import create_app


@pytest.fixture
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "t.sqlite"), "TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def session(client):
    r = client.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["A", "B"]})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def directives(csp: str) -> dict[str, list[str]]:
    """"default-src 'self'; img-src 'self' data:" -> {"default-src": ["'self'"], ...}"""
    out = {}
    for part in csp.split(";"):
        name, *values = part.split()
        out[name] = values
    return out


def token_urls(s) -> dict[str, str]:
    sid, edit, read = s["id"], s["edit_token"], s["read_token"]
    return {"session (edit)": f"/s/{sid}?t={edit}", "session (read)": f"/s/{sid}?t={read}",
            "live part": f"/s/{sid}/part?t={read}", "record": f"/s/{sid}/record?t={edit}",
            "session rules": f"/games/koi-koi/rules?s={sid}&t={read}"}


def every_kind(s) -> dict[str, tuple[str, str, int]]:
    """One response of each kind the app gives: (method, url, expected status)."""
    kinds = {name: ("GET", url, 200) for name, url in token_urls(s).items()}
    kinds.update({
        "home": ("GET", "/", 200), "setup": ("GET", "/games/go-stop/setup", 200),
        "rules": ("GET", "/games/koi-koi/rules", 200),
        "api": ("GET", "/api/v1/games", 200),
        "api 404": ("GET", "/api/v1/games/no-such-game", 404),
        "api route 404": ("GET", "/api/v1/nothing-here", 404),
        "api 405": ("DELETE", "/api/v1/games", 405),
        "page 404": ("GET", "/no-such-page", 404),
        "static": ("GET", "/static/app.js", 200),
        "icon": ("GET", "/icon-512.png", 200), "cards": ("GET", "/cards.svg", 200),
        "service worker": ("GET", "/sw.js", 200),
        "manifest": ("GET", "/manifest.webmanifest", 200),
        "api docs": ("GET", "/api/docs", 200),
        "openapi": ("GET", "/api/v1/openapi.json", 200),
    })
    return kinds


def test_every_kind_of_response_carries_the_security_headers(client, session):
    for name, (method, url, status) in every_kind(session).items():
        r = client.open(url, method=method)
        assert r.status_code == status, (name, r.status_code)
        h = r.headers
        assert h.get("X-Content-Type-Options") == "nosniff", name
        assert h.get("X-Frame-Options") == "DENY", name
        assert h.get("Referrer-Policy") == "no-referrer", name
        assert h.get("Cross-Origin-Opener-Policy") == "same-origin", name
        csp = h.get("Content-Security-Policy", "")
        d = directives(csp)
        assert d.get("frame-ancestors") == ["'none'"], (name, csp)
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp, (name, csp)
        assert d.get("default-src") in (["'self'"], ["'none'"]), (name, csp)


def test_pages_get_the_page_policy_and_the_api_the_empty_one(client, session):
    page = directives(PAGE_CSP)
    assert page["script-src"] == ["'self'"] and page["style-src"] == ["'self'"]
    assert page["object-src"] == ["'none'"] and page["base-uri"] == ["'none'"]
    for url in ("/", token_urls(session)["record"], "/api/docs", "/static/app.css",
                "/cards.svg"):
        assert client.get(url).headers["Content-Security-Policy"] == PAGE_CSP, url
    # the service worker's own policy governs its fetches: it must allow the app's origin
    assert "connect-src 'self'" in client.get("/sw.js").headers["Content-Security-Policy"]
    assert directives(API_CSP) == {"default-src": ["'none'"], "frame-ancestors": ["'none'"]}
    for url in ("/api/v1/games", "/api/v1/openapi.json", "/api/v1/nothing-here",
                f"/api/v1/sessions/{session['id']}?t={session['read_token']}"):
        assert client.get(url).headers["Content-Security-Policy"] == API_CSP, url


def test_pages_carrying_a_token_are_never_stored(client, session):
    for name, url in token_urls(session).items():
        r = client.get(url)
        assert r.status_code == 200, name
        assert r.headers.get("Cache-Control") == "no-store", name
    # the poll's 304 too
    part = token_urls(session)["live part"]
    tag = client.get(part).headers["ETag"]
    r = client.get(part, headers={"If-None-Match": tag})
    assert r.status_code == 304 and r.headers.get("Cache-Control") == "no-store"
    # the pages without a token may be cached as before
    for url in ("/", "/games/koi-koi/rules"):
        assert "no-store" not in (client.get(url).headers.get("Cache-Control") or ""), url


def inline_code(html: str) -> list[str]:
    """What a CSP without 'unsafe-inline' blocks: inline scripts (data blocks are not run),
    <style> blocks, style="..." and on...= attributes, javascript: URLs."""
    found = [m.group(0)[:80] for m in re.finditer(r"<script(?![^>]*\bsrc=)[^>]*>", html)
             if 'type="application/json"' not in m.group(0)]
    found += re.findall(r"<style\b", html)
    found += re.findall(r"""<[^>]*\s(?:style|on[a-z]+)\s*=[^>]*>""", html)
    found += re.findall(r"javascript:", html, flags=re.I)
    return found


def test_the_pages_hold_no_inline_script_or_style(client, session, app):
    urls = list(token_urls(session).values()) + [
        "/", "/games/go-stop/setup", "/games/oicho-kabu/rules", "/api/docs"]
    sid, edit = session["id"], session["edit_token"]
    r = client.post(f"/api/v1/sessions/{sid}/rounds?t={edit}", headers={"If-Match": '"1"'},
                    json={"captures": {"A": ["pine-poetry", "plum-poetry", "cherry-poetry"],
                                       "B": []},
                          "events": [{"type": "stop", "player": "A"}]})
    assert r.status_code == 201, r.get_json()
    urls.append(f"/s/{sid}/record?t={edit}&seq=1")
    for lang in ("en", "ja", "ko"):
        for url in urls:
            html = client.get(url + ("&" if "?" in url else "?") + f"lang={lang}").get_data(
                as_text=True)
            assert "<html" in html or "<h1" in html or "<fieldset" in html, url
            assert not inline_code(html), (url, lang, inline_code(html))
    assert "style=" not in client.get("/cards.svg").get_data(as_text=True)


def test_the_scripts_build_no_inline_style_or_handler():
    """HTML the scripts put in with innerHTML is held to the same policy as the pages."""
    for path in glob.glob(f"{pages.HERE}/../static/*.js"):
        src = open(path, encoding="utf-8").read()
        assert not re.search(r"""\sstyle\s*=\s*['"\\]""", src), path
        assert not re.search(r"""\son[a-z]+\s*=\s*['"\\]""", src), path
        assert not re.search(r"\beval\(|new Function\(|javascript:", src), path
        assert not re.search(r"""set(?:Timeout|Interval)\(\s*['"`]""", src), path


def test_icons_are_drawn_once_and_revalidated(client, monkeypatch):
    pages.drawn_icon.cache_clear()
    drawn = []
    real = pages.icon_png
    monkeypatch.setattr(pages, "icon_png", lambda size: drawn.append(size) or real(size))
    first = client.get("/icon-512.png")
    second = client.get("/icon-512.png")
    client.get("/icon-192.png")
    assert drawn == [512, 192]  # the second request for 512 did not redraw it
    assert first.data == second.data and first.data[:8] == b"\x89PNG\r\n\x1a\n"
    assert first.cache_control.public and first.cache_control.max_age >= 86400 * 7
    tag = first.headers["ETag"]
    assert tag and tag == second.headers["ETag"]
    again = client.get("/icon-512.png", headers={"If-None-Match": tag})
    assert again.status_code == 304 and not again.data
    assert client.get("/icon-192.png", headers={"If-None-Match": tag}).status_code == 200


@pytest.mark.parametrize("encoding", [None, "gzip, deflate, br"])
def test_the_card_drawing_is_drawn_once_and_revalidated(client, monkeypatch, encoding):
    """/cards.svg travels compressed to a browser (its ETag then names the encoding): a repeat
    with either tag is a 304."""
    pages.cards_sprite.cache_clear()
    drawn = []
    real = pages.tiles.sprite
    monkeypatch.setattr(pages.tiles, "sprite",
                        lambda **kw: drawn.append(kw) or real(**kw))
    headers = {"Accept-Encoding": encoding} if encoding else {}
    first = client.get("/cards.svg", headers=headers)
    client.get("/cards.svg", headers=headers)
    client.get("/cards.svg?months=kr", headers=headers)
    assert drawn == [{"korean_months": False}, {"korean_months": True}]
    tag = first.headers["ETag"]
    assert first.cache_control.public and first.cache_control.max_age >= 86400 * 7
    again = client.get("/cards.svg", headers={"If-None-Match": tag, **headers})
    assert again.status_code == 304 and not again.data
    other = client.get("/cards.svg?months=kr", headers={"If-None-Match": tag, **headers})
    assert other.status_code == 200
