"""Text a player typed is bidi-isolated wherever the pages show it (issue 22 item 3).

A name with a right-to-left override (U+202E) left open at its start must not reorder what
follows it ("Aki → Bo 12 chips" read as "Aki → spihc 21 oB"). The pages put each name in
<bdi> (the ``who`` filter, and the ``said`` filter for the names inside a sentence) or, where
markup cannot go (a <title>, an attribute), between U+2068 FSI and U+2069 PDI
(``isolated``). The browser test (tests/browser/test_browser_bidi.py) reads the result on
screen; here: the filters, the sentences, and every place the session, record and error
pages show such a name.

The API will refuse a name with an unpaired override, so the sessions here are written
through the store."""

from __future__ import annotations

import re

import pytest
from markupsafe import Markup

from tally import series
from tally.i18n import isolated, said_of
from tally.web import create_app

BO = "\u202eBo"  # a right-to-left override left open at the start of Bo's name
FSI, PDI = "\u2068", "\u2069"
# Bo stops with sanko 5 + aotan 7 (five ribbons, three blue): Aki pays Bo 12 chips
PILE = ["pine-crane", "cherry-curtain", "pampas-moon", "peony-blue", "chrysanthemum-blue",
        "maple-blue", "iris-ribbon", "wisteria-ribbon"]


@pytest.fixture
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "t.sqlite"), "TESTING": True})


def hostile_session(app, finish=False):
    st = app.extensions["tally_store"]
    cfg = series.check_config({"game": "koi-koi", "players": [BO, "Aki"], "length": 6})
    s = st.create_session(cfg, title="\u202eNight")
    v = st.add_round(s["id"], s["version"], {"captures": {BO: PILE, "Aki": []},
                                             "events": [{"type": "stop", "player": BO}]},
                     actor=BO)["version"]
    if finish:
        st.finish(s["id"], v, actor=BO)
    return s


def exposed(html: str, name: str) -> list[str]:
    """Each place in the page's text where ``name`` is shown without an isolate around it:
    neither right after <bdi ...> nor after FSI. Attributes no one sees (data-player) and the
    page's JSON for its script are not text."""
    body = re.sub(r"<script\b.*?</script>", "", html, flags=re.S)
    out = []
    for m in re.finditer(re.escape(name), body):
        i = m.start()
        if body.rfind("<", 0, i) > body.rfind(">", 0, i):
            # inside a tag: only a shown attribute (a title) matters, and it must be isolated
            tag = body[body.rfind("<", 0, i):i]
            if re.search(r'\b(title|placeholder|value)="[^"]*$', tag) and \
                    not body[:i].endswith(FSI):
                out.append(body[max(0, i - 60):i + 20])
            continue
        if not (re.search(r"<bdi\b[^>]*>$", body[max(0, i - 80):i]) or body[:i].endswith(FSI)):
            out.append(body[max(0, i - 60):i + 20])
    return out


# ------------------------------------------------------------------------ the filters

def test_the_who_filter_escapes_and_isolates(app):
    with app.app_context():
        who = app.jinja_env.filters["who"]
        shown = who('<script>alert("x")</script>')
        assert isinstance(shown, Markup)
        assert shown == "<bdi>&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;</bdi>"
        assert who(BO) == f"<bdi>{BO}</bdi>"
        assert who(None) == "<bdi></bdi>"  # never the word None
        # in a template: still escaped, and a name given to a sentence keeps its <bdi>
        t = app.jinja_env.from_string('{{ n | who }} · {{ _("%(name)s wins", name=n | who) }}'
                                      ' · <i title="{{ n | isolated }}"></i>')
        with app.test_request_context("/?lang=en"):
            out = t.render(n="<b>Bo</b>")
        assert out == ("<bdi>&lt;b&gt;Bo&lt;/b&gt;</bdi> · <bdi>&lt;b&gt;Bo&lt;/b&gt;</bdi> wins"
                       f' · <i title="{FSI}&lt;b&gt;Bo&lt;/b&gt;{PDI}"></i>')


def test_isolated_sets_text_between_fsi_and_pdi():
    assert isolated(BO) == f"{FSI}{BO}{PDI}"
    assert isolated(None) == f"{FSI}{PDI}"


def test_a_sentence_on_a_page_isolates_its_names_and_the_api_keeps_its_words(app):
    step = {"reason": f"pi-bak x2: {BO} holds 4 junk",
            "template": "pi-bak x2: {player} holds {junk} junk < {limit:+}",
            "params": {"player": BO, "junk": 4, "limit": 5}}
    error = {"message": f"player {BO!r}", "template": "player {player!r}",
             "params": {"player": BO}}
    nested = {"template": "{player} pays: {why}",
              "params": {"player": "<i>Aki</i>",
                         "why": {"template": "{who} went out", "params": {"who": BO}}}}
    with app.test_request_context("/?lang=en"):
        shown = said_of(step, html=True)
        assert isinstance(shown, Markup)
        assert shown == f"pi-bak x2: <bdi>{BO}</bdi> holds 4 junk &lt; +5"
        assert said_of(step) == f"pi-bak x2: {BO} holds 4 junk < +5"  # the API's words as before
        # a repr already writes the override out as an escape
        assert said_of(error, html=True) == "player &#39;\\u202eBo&#39;"
        # a sentence inside a sentence: its names isolated too; every name escaped
        assert said_of(nested, html=True) == (
            f"<bdi>&lt;i&gt;Aki&lt;/i&gt;</bdi> pays: <bdi><bdi>{BO}</bdi> went out</bdi>")
    # in the page, the filter's HTML is not escaped a second time
    with app.test_request_context("/?lang=en"):
        out = app.jinja_env.from_string("<li>{{ s | said }}</li>").render(s=step)
    assert out == f"<li>pi-bak x2: <bdi>{BO}</bdi> holds 4 junk &lt; +5</li>"


# ------------------------------------------------------------------------ the pages

@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_the_session_page_isolates_every_name_it_shows(app, lang):
    s = hostile_session(app, finish=True)
    c = app.test_client()
    html = c.get(f"/s/{s['id']}?t={s['edit_token']}&lang={lang}").get_data(as_text=True)
    assert html.count(BO) > 10  # totals, status, settlement, scoresheet, end, stats, rounds
    assert exposed(html, BO) == []
    assert exposed(html, "\u202eNight") == []
    assert f"<title>{FSI}\u202eNight{PDI} · " in html
    # the undo button's words, the HTML the script shows in the dialog: escaped once more
    what = re.search(r'id="undo"[^>]*data-what="([^"]*)"', html).group(1)
    assert f"&lt;bdi&gt;{BO}&lt;/bdi&gt;" in what
    # the settlement: each name in its own <bdi>
    pays = re.search(r'<ul class="list pays">(.*?)</ul>', html, re.S).group(1)
    assert f"<strong><bdi>Aki</bdi></strong> → <strong><bdi>{BO}</bdi></strong>" in pays
    # the chart's words
    legend = re.search(r'<ul class="legend" id="chart-text">(.*?)</ul>', html, re.S).group(1)
    assert f"<bdi>{BO}</bdi>: +12" in legend


def test_the_record_page_isolates_every_name_it_shows(app):
    s = hostile_session(app)
    html = app.test_client().get(f"/s/{s['id']}/record?t={s['edit_token']}").get_data(
        as_text=True)
    assert BO in html
    assert exposed(html, BO) == []


def test_an_error_page_isolates_the_name_it_echoes(app):
    # (an override in the address is refused before any page; a right-to-left name is not)
    r = app.test_client().get("/games/%D7%90%D7%91-2/rules", headers={"Accept": "text/html"})
    assert r.status_code == 404
    html = r.get_data(as_text=True)
    assert "“<bdi>\u05d0\u05d1-2</bdi>”" in html and exposed(html, "\u05d0\u05d1-2") == []
