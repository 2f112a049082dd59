"""Security headers on every response: pages, API, static files, errors.

The pages hold no inline script, style or event handler (the theme is set by static/theme.js,
the buttons are wired in static/*.js), so the Content-Security-Policy allows only the app's
own files. The API's answers (JSON, CSV, QR codes) are never documents that run or style
anything: they get a policy that allows nothing.
"""

from __future__ import annotations

from flask import request

PAGE_CSP = "; ".join((
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",  # the API, and the service worker's fetches (sw.js gets this policy)
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))
API_CSP = "default-src 'none'; frame-ancestors 'none'"

ALWAYS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # tokens live in the pages' URLs: never send them on as a Referer
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def policy_for(path: str, mimetype: str | None) -> str:
    """The API's answers get the empty policy; the pages, their files and /api/docs (HTML)
    the page one. /sw.js must keep connect-src 'self': a worker script's own policy governs
    the worker's fetches."""
    if path.startswith("/api/") and mimetype != "text/html":
        return API_CSP
    return PAGE_CSP


def add_security_headers(resp):
    for name, value in ALWAYS.items():
        resp.headers[name] = value
    resp.headers["Content-Security-Policy"] = policy_for(request.path, resp.mimetype)
    return resp


def init_app(app) -> None:
    # app.after_request (not a blueprint's): it also runs on 404/405 errors and static files
    app.after_request(add_security_headers)


__all__ = ["init_app", "PAGE_CSP", "API_CSP"]
