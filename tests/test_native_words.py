"""Issue 23: Japanese and Korean as the players at the table say them.

Three sources are scanned in ja and ko: every catalogue msgstr, the pages (home, every game's
setup and rules pages, a session with a round and its record page for the main games), and
every sentence of a scored round of every game (each preset). Each text is checked for:

- both forms of a Korean particle printed ("민수이(가)"): a catalogue may write them right after
  a value ("{player}이(가)", a marker ``tally/josa.py`` resolves when it is filled in), never
  after a fixed word, and nothing a player reads has them;
- a space before a Japanese particle ("あき の勝ち");
- an ASCII snake_case name, a card slug ("pine-poetry", "joker-a");
- a semicolon; an ASCII "?" after Japanese;
- the glossary's forbidden words (``tally/translations/glossary.json``, docs/glossary.md).

The counts are printed (``python tests/test_native_words.py`` prints the table); a check
asserts 0 where the catalogues have been fixed (FIXED below), the others are counted so the
issue's progress shows.
"""

from __future__ import annotations

import collections
import copy
import html
import json
import pathlib
import re
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
if __name__ == "__main__":  # run as a script from a copy of the tree: that tree's tally
    sys.path.insert(0, str(ROOT))

import tally  # noqa: E402
from tally.cards import CARD  # noqa: E402

LANGS = ("ja", "ko")
GLOSSARY_PATH = ROOT / "tally" / "translations" / "glossary.json"
GLOSSARY = json.loads(GLOSSARY_PATH.read_text()) if GLOSSARY_PATH.exists() else {}

PARTICLE_PAIR = re.compile(r"이\(가\)|가\(이\)|을\(를\)|를\(을\)|은\(는\)|는\(은\)|와\(과\)|과\(와\)"
                           r"|\(으\)로|\(이\)[다라나랑야]|아\(야\)")
VALUE_BEFORE = re.compile(r"(?:\{[^{}]*\}|%\(\w+\)[sd])\)?['\"’”」』]*$")
JA_PARTICLE = "(?:の|を|が|は|に|で|と|へ|から|まで|より)"
SPACE_BEFORE_PARTICLE = re.compile(r"(?<=[^\s]) (?=" + JA_PARTICLE + ")")
SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b", re.ASCII)
SLUG = re.compile(r"(?<![A-Za-z0-9_-])(?:" + "|".join(sorted(map(re.escape, CARD), key=len,
                                                              reverse=True))
                  + r"|joker-[a-z0-9]+)(?![A-Za-z0-9_-])")
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\(\w+\)[sd]")
SEMICOLON = re.compile(r"[;；]")
ASCII_QUESTION = re.compile(r"(?<=[^\x00-\x7f])\?")

# (source, language, check) that must be 0: what the catalogues have been cleaned of
FIXED = {
    ("catalogue", "ko", "both particle forms after a word"),
    ("catalogue", "ja", "space before a particle"),
    ("catalogue", "ja", "semicolon"), ("catalogue", "ko", "semicolon"),
    ("catalogue", "ja", "ASCII ? in Japanese"),
    ("pages", "ko", "both particle forms"), ("pages", "ja", "space before a particle"),
    ("pages", "ja", "ASCII ? in Japanese"),
    ("results", "ko", "both particle forms"), ("results", "ja", "space before a particle"),
    *((source, lang, check) for source in ("pages", "results") for lang in LANGS
      for check in ("snake_case", "card slug", "semicolon")),
}


def forbidden(lang):
    return [f for f in GLOSSARY.get(lang, {}).get("forbidden", [])]


def checks(text: str, lang: str, catalogue: bool = False) -> collections.Counter:
    c = collections.Counter()
    if lang == "ko":
        for m in PARTICLE_PAIR.finditer(text):
            c["both particle forms"] += 1
            if catalogue and not VALUE_BEFORE.search(text[:m.start()]):
                c["both particle forms after a word"] += 1
    if lang == "ja":
        c["space before a particle"] += len(SPACE_BEFORE_PARTICLE.findall(text))
        c["ASCII ? in Japanese"] += len(ASCII_QUESTION.findall(text))
    words = PLACEHOLDER.sub("", text)  # a catalogue's {player_2} is no word a player reads
    c["snake_case"] += len(SNAKE.findall(words))
    c["card slug"] += len(SLUG.findall(words))
    c["semicolon"] += len(SEMICOLON.findall(text))
    for f in forbidden(lang):
        c["forbidden: " + f["word"]] += text.count(f["word"])
    return c


# ----------------------------------------------------------------------------- sources

def msgstrs(lang: str, root: pathlib.Path = ROOT) -> list[str]:
    """Every msgstr of the catalogue but the header, as the player reads it."""
    out, cur = [], None
    path = root / "tally" / "translations" / lang / "LC_MESSAGES" / "messages.po"
    for line in path.read_text(encoding="utf-8").split("\n"):
        if line.startswith("msgstr"):
            cur = [line[line.index('"') + 1:-1]]
            out.append(cur)
        elif line.startswith('"') and cur is not None:
            cur.append(line[1:-1])
        else:
            cur = None
    texts = ["".join(x).replace('\\"', '"').replace("\\n", "\n") for x in out]
    return [t for t in texts if "Project-Id-Version" not in t]


def page_text(page: str) -> str:
    """What a page shows: its text (one text node a line), and the words handed to its
    scripts (#i18n)."""
    words = re.search(r'<script type="application/json" id="i18n">(.*?)</script>', page, re.S)
    shown = re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S)
    shown = re.sub(r"</?bdi>|[\u2068\u2069]", "", shown)
    nodes = [html.unescape(t).strip() for t in re.split(r"<[^>]*>", shown)]
    lines = [t for t in nodes if t]
    if words:
        lines += [str(v) for v in json.loads(words.group(1)).values()]
    return "\n".join(lines)


MAIN = ("koi-koi", "go-stop", "hachi-hachi")


def pages(client, lang: str) -> list[str]:
    urls = [f"/?lang={lang}"]
    for gid in sorted(tally.GAMES):
        urls += [f"/games/{gid}/setup?lang={lang}", f"/games/{gid}/rules?lang={lang}"]
    out = [client.get(u).get_data(as_text=True) for u in urls]
    for gid in MAIN:
        ex = copy.deepcopy(tally.GAMES[gid].round_example)
        players = ex.get("players") or ["Aki", "Bo"]
        r = client.post("/api/v1/sessions", json={"game": gid, "players": players})
        s = r.get_json()
        client.post(f"/api/v1/sessions/{s['id']}/rounds?t={s['edit_token']}",
                    headers={"If-Match": f'"{s["version"]}"'},
                    json={k: v for k, v in ex.items() if k not in ("players", "dealer")})
        for u in (f"/s/{s['id']}?t={s['edit_token']}&lang={lang}",
                  f"/s/{s['id']}/record?t={s['edit_token']}&lang={lang}"):
            out.append(client.get(u).get_data(as_text=True))
    return [page_text(p) for p in out]


def sentences(obj):
    if isinstance(obj, dict):
        for key in ("said",):
            if isinstance(obj.get(key), str):
                yield obj[key]
        for k, v in obj.items():
            if k != "params":
                yield from sentences(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from sentences(v)


def results(client, lang: str) -> list[str]:
    """Every sentence of every game's example round under each preset, as the API says it."""
    out = []
    for gid in sorted(tally.GAMES):
        g = tally.get_game(gid)
        for preset in [None] + [p.id for p in g.presets]:
            body = {**copy.deepcopy(g.round_example), **({"preset": preset} if preset else {})}
            r = client.post(f"/api/v1/games/{gid}/score", json=body,
                            headers={"Accept-Language": lang})
            if r.status_code == 200:
                out += list(sentences(r.get_json()))
    return out


def count(texts, lang, catalogue=False) -> collections.Counter:
    total = collections.Counter()
    for t in texts:
        total += checks(t, lang, catalogue)
    return total


def make_client(tmp):
    app = tally.create_app({"TESTING": True, "DATABASE": str(tmp / "native.sqlite")})
    return app.test_client()


# ----------------------------------------------------------------------------- the tests

@pytest.fixture(scope="module")
def client(tmp_path_factory):
    return make_client(tmp_path_factory.mktemp("native"))


def assert_fixed(source, lang, counted):
    print(f"\n{source} {lang}: {dict(sorted(counted.items()))}")
    must = {k for s, la, k in FIXED if (s, la) == (source, lang)}
    must |= {"forbidden: " + f["word"] for f in forbidden(lang) if f.get("fixed")}
    bad = {k: counted[k] for k in must if counted[k]}
    assert not bad, f"{source} ({lang}): {bad}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_catalogues_speak_like_the_table(lang):
    assert_fixed("catalogue", lang, count(msgstrs(lang), lang, catalogue=True))


@pytest.mark.parametrize("lang", LANGS)
def test_the_pages_speak_like_the_table(client, lang):
    assert_fixed("pages", lang, count(pages(client, lang), lang))


@pytest.mark.parametrize("lang", LANGS)
def test_every_games_results_speak_like_the_table(client, lang):
    assert_fixed("results", lang, count(results(client, lang), lang))


def test_the_glossary_words_are_the_catalogues_words():
    for lang in LANGS:
        text = "\n".join(msgstrs(lang))
        missing = [(concept, w) for concept, words in GLOSSARY[lang]["required"].items()
                   for w in words if w not in text]
        assert not missing, (lang, missing)
    assert "## Korean (ko)" in (ROOT / "docs" / "glossary.md").read_text()


if __name__ == "__main__":
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        c = make_client(pathlib.Path(tmp))
        for lang in LANGS:
            for name, texts, cat in (("catalogue", msgstrs(lang), True),
                                     ("pages", pages(c, lang), False),
                                     ("results", results(c, lang), False)):
                print(name, lang, json.dumps(dict(sorted(count(texts, lang, cat).items())),
                                             ensure_ascii=False))


@pytest.mark.parametrize("lang", ("en", "ja", "ko"))
def test_every_game_has_a_name_a_player_tells_apart(lang, tmp_path):
    """Sota, Sutda and Sutda (simplified) were all 섯다, three games all 花合わせ."""
    from tally.pages import name_in
    app = tally.create_app({"TESTING": True, "DATABASE": str(tmp_path / "n.sqlite")})
    with app.test_request_context(f"/?lang={lang}"):
        names = collections.defaultdict(list)
        for g in tally.GAMES.values():
            names[name_in(g.names, lang)].append(g.id)
    assert not {n: ids for n, ids in names.items() if len(ids) > 1}
