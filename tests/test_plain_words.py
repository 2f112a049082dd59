"""Issue 9, section 3, "Plain words in three languages": "No internal id, section number, file
path or raw default ("true", "none") is shown to a player in any language."

Every game's setup form, rules page, session page and record page (a session made through the
API with the game's fewest players and its default preset) is rendered in English, Japanese and
Korean, and the text a player can see is searched for

- internal ids: a word with an underscore (``first_to_50``, ``weol_yak_month``);
- section numbers: "(5.8)", "(recommended, 8.7)", "§10.2", "section 4", "Chapter 6", "ch. 16",
  "p. VI", "10.H7";
- file paths: "shared/rules", "koi-koi.md", "engine/scoring.py", "koikoigame.py";
- raw values: true, false, none, null (in any of the spellings JSON and Python print).

What a player can see: the text outside <script>, <style> and <svg>, and the aria-label, title,
placeholder and alt attributes (what a screen reader says, a tooltip, an empty box's hint).
"""

from __future__ import annotations

import html.parser
import re

import pytest

from tally import GAMES
from tally.web import create_app

LANGS = ("en", "ja", "ko")
PAGES = ("setup", "rules", "session", "record")
NAMES = ["Aki", "Bo", "Cy", "Di", "Ed", "Fu", "Gi"]

# re.ASCII: a word boundary is an ASCII one, so "null" is found in "nullは" too
FLAGS = re.ASCII
LEAKS = {
    "internal id": re.compile(r"\b[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*_\w*[A-Za-z0-9]\b", FLAGS),
    "section number": re.compile(
        r"\(\d+\.\d+[a-z]?\)|\b\d{1,2}\.\d{1,2}[a-z]?\)|§|\b[Ss]ections? \d|\bch\. ?\d"
        r"|\b[Cc]hapters? \d|\bp\. [IVXLC]+\b|\b\d+\.[A-Z]+\d+\b", FLAGS),
    "file path": re.compile(r"shared/rules|\b[\w./-]+\.(?:md|py|ts|js|txt)\b", FLAGS),
    "raw value": re.compile(r"\b(?:true|false|none|null|None|True|False)\b", FLAGS),
    # a rule source's tag: "[P var]", "[B, E]" (Pagat, the book, the encyclopedia)
    "source tag": re.compile(r"\[(?:[A-Z]\d?(?: var)?(?:, ?)?)+\]"),
}

# Visible text that matches a pattern above but is no internal id. Keep this short; each entry
# says why it is not a leak.
ALLOWED = (
    # addresses a player copies or opens (the share links, the API documentation): a session's
    # id and its tokens are random letters and may hold an underscore; they are meant to be
    # copied, not read
    re.compile(r"https?://\S+"),
)

class Visible(html.parser.HTMLParser):
    """The text of a page a player can see or hear."""
    HIDDEN = {"script", "style", "svg", "template"}
    SAID = ("aria-label", "title", "placeholder", "alt")

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts, self.hidden = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in self.HIDDEN:
            self.hidden += 1
        if not self.hidden:
            self.parts += [v for k, v in attrs if k in self.SAID and v]

    def handle_startendtag(self, tag, attrs):
        if not self.hidden:
            self.parts += [v for k, v in attrs if k in self.SAID and v]

    def handle_endtag(self, tag):
        if tag in self.HIDDEN and self.hidden:
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def visible_text(page: str) -> str:
    """One line per text node or attribute (a pattern never spans two: a table cell's value and
    the next row's words are not one phrase)."""
    v = Visible()
    v.feed(page)
    v.close()
    return "\n".join(re.sub(r"\s+", " ", p).strip() for p in v.parts if p.strip())


def leaks(text: str) -> list[tuple[str, str]]:
    for allowed in ALLOWED:
        text = allowed.sub(" ", text)
    return [(kind, m.group(0)) for kind, pattern in LEAKS.items()
            for m in pattern.finditer(text)]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app({"DATABASE": str(tmp_path_factory.mktemp("plain") / "t.sqlite"),
                      "TESTING": True,
                      "RATE_LIMITS": "off"})  # a session per game within a minute, one address
    return app.test_client()


@pytest.fixture(scope="module")
def sessions(client):
    """One session per game: the game's fewest players (at least 2 where it takes 2), its
    default preset."""
    made = {}
    for game_id, g in GAMES.items():
        n = max(g.players[0], min(2, g.players[1]))
        r = client.post("/api/v1/sessions", json={"game": game_id, "players": NAMES[:n]})
        assert r.status_code == 201, (game_id, r.get_json())
        made[game_id] = r.get_json()
    return made


def page_url(page, game_id, s, lang):
    return {"setup": f"/games/{game_id}/setup",
            "rules": f"/games/{game_id}/rules",
            "session": f"/s/{s['id']}?t={s['edit_token']}",
            "record": f"/s/{s['id']}/record?t={s['edit_token']}"}[page] + \
        ("&" if page in ("session", "record") else "?") + f"lang={lang}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_internal_words_on_any_page(client, sessions, game_id, lang):
    found = {}
    for page in PAGES:
        r = client.get(page_url(page, game_id, sessions[game_id], lang))
        assert r.status_code == 200, (page, r.status_code)
        text = visible_text(r.get_data(as_text=True))
        bad = leaks(text)
        if bad:
            found[page] = sorted(set(bad))
    assert not found, f"{game_id} ({lang}) shows: {found}"


def test_the_rules_page_of_a_session_says_its_preset_and_values_in_words(client):
    """A session with another preset and a changed house rule: the rules page names the preset
    as a table does and says every value in words."""
    r = client.post("/api/v1/sessions", json={
        "game": "koi-koi", "players": ["Aki", "Bo"], "preset": "koikoi_ai",
        "options": {"first_to_50": True, "steal_points_bank": 40}})
    s = r.get_json()
    for lang, name in (("en", "KoiKoi-AI's rules"), ("ja", "KoiKoi-AIのルール"),
                       ("ko", "KoiKoi-AI 규칙")):
        page = client.get(f"/games/koi-koi/rules?s={s['id']}&t={s['read_token']}&lang={lang}"
                          ).get_data(as_text=True)
        text = visible_text(page)
        assert name in text
        assert not leaks(text), leaks(text)


@pytest.mark.parametrize("game_id", ["koi-koi", "go-stop"])
def test_the_house_rules_are_grouped_behind_one_tap(client, game_id):
    """The home form (and the setup part it fetches) and the rules page list every house rule
    once, inside the one "All house rules" <details>, under the headings of
    tally.options.HEADINGS in their order; the preset is named in words, never by its id."""
    from tally.options import HEADINGS, heading_of
    g = GAMES[game_id]
    for url in (f"/?game={game_id}&lang=en", f"/games/{game_id}/setup?lang=en",
                f"/games/{game_id}/rules?lang=en"):
        page = client.get(url).get_data(as_text=True)
        house = re.search(r'<details class="house">(.*?)</details>', page, re.S).group(1)
        attr = "data-id" if "rules" not in url else "id"
        ids = re.findall(attr + r'="(?:rule-)?([^"]+)"', house)
        assert sorted(ids) == sorted(o.id for o in g.options), url
        order = [HEADINGS.index(heading_of(next(o for o in g.options if o.id == i)))
                 for i in ids]
        assert order == sorted(order), url  # grouped, in the headings' order
        assert len(re.findall(r"<h3>", house)) == len({heading_of(o) for o in g.options})
        text = visible_text(page)
        for p in g.presets:
            if p.names:
                assert p.names["en"] in text, (url, p.id)


def test_the_leak_patterns_catch_what_the_issue_quotes():
    """The patterns find every example the issue gives, and pass plain sentences."""
    for quoted in ("first_to_50", "minimum_points", "(5.8)", "With option weol_yak_month",
                   "Default true; false skips checking", "Source: shared/rules/koi-koi.md",
                   "§10.2", "section 4", "Chapter 6 as written", "ch. 16", "10.H7",
                   "(recommended default, 8.7)", "RULES.md", "engine/scoring.py", "(koikoigame.py)",
                   "(null = none)", "없음 null", "設定なしnull"):
        assert leaks(quoted), quoted
    for plain in ("The game ends at once when a player's running total reaches 50",
                  "Four brights: 8 points; off", "1.5 chips", "Koi-Koi · Aki, Bo",
                  "https://example.org/s/abc_def?t=x_y"):
        assert not leaks(plain), plain
