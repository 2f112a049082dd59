"""The server hands memory back (issue 12: under 150 MB through the scale run, measured by
bench/growth.py): a request that took long trims once its answer is sent; a quick one is
answered untouched. And the pages the workers would each load are loaded before the fork."""

import time

from tally import create_app
from tally.server import TrimAfterLarge, warm_up


def wsgi(body_parts, delay=0.0, closed=None):
    def app(environ, start_response):
        time.sleep(delay)
        start_response("200 OK", [("Content-Type", "text/plain")])

        class Body(list):
            def close(self):
                closed.append("body")
        return Body(body_parts) if closed is not None else list(body_parts)
    return app


def run(app):
    out = app({}, lambda status, headers: None)
    data = b"".join(out)
    close = getattr(out, "close", None)
    if close:
        close()
    return out, data


def test_a_long_request_trims_after_its_answer_is_closed():
    trims, closed = [], []
    app = TrimAfterLarge(wsgi([b"a", b"b"], delay=0.03, closed=closed),
                         lambda pad: trims.append((pad, list(closed))), after=0.02)
    out, data = run(app)
    assert data == b"ab"
    assert trims == [(0, ["body"])]  # once, after the body's own close


def test_a_quick_request_is_answered_untouched_and_trims_nothing():
    trims = []
    inner = wsgi([b"quick"])
    app = TrimAfterLarge(inner, lambda pad: trims.append(pad), after=0.5)
    out, data = run(app)
    assert data == b"quick" and type(out) is list and trims == []


def test_warm_up_compiles_every_page_template_and_writes_nothing(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "w.sqlite"), "DATABASE_URL": None})
    warm_up(app)
    try:
        cached = {name for (_, name) in app.jinja_env.cache.keys()} if app.jinja_env.cache \
            is not None else set()
        pages = {n for n in app.jinja_env.list_templates() if n.endswith(".html")}
        assert pages and pages <= cached
        st = app.extensions["tally_store"]
        assert st.conn.execute("SELECT count(*) FROM sessions").fetchone()[0] == 0
        assert st.conn.execute("SELECT count(*) FROM history").fetchone()[0] == 0
    finally:
        import gc
        gc.unfreeze()
