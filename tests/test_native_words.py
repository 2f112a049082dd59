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
                           r"|\(으\)로|\(이\)[다라나랑야어]|아\(야\)")
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
# a multiplier written with the letter x ("x2", "x {m}"), where ja / ko write × (glossary)
X_TIMES = re.compile(r"(?<![A-Za-z0-9_{}])x ?(?=\d|\{)|(?<=\d)x(?![A-Za-z0-9_])")
# a number apart from its counter: "10 秒", "3 枚", "5 장" (ja / ko write them together)
COUNTER_SPACE = {
    "ja": re.compile(r"(?:\d|\}|%\(\w+\)[sd])[ \u00a0]+(?:枚|点|文|回|人|月|倍|組|秒|円|チップ|貫)"),
    "ko": re.compile(r"\d[ \u00a0]+(?:장|점|판|번|명|배|원|개|초|칩)(?!수|당)")}
# a Korean particle set apart from its word: "(1순위) 가 10점"
KO_PARTICLE_SPACE = re.compile(r"(?<=[)\]}]) (?:가|은|는|을|를|와|과|의|도|로|으로|에게|에서)"
                               r"(?=[\s,.:)]|$)")
MAHJONG_ROUND = re.compile(r"(?<!対)局")  # 局 is a mahjong hand: a round is 回 (対局 stays)

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
    # the second pass: ids, slugs, multipliers and counters in the catalogues too
    *((source, lang, check) for source in ("catalogue", "pages", "results") for lang in LANGS
      for check in ("snake_case", "card slug", "x for ×",
                    "space between a number and its counter")),
    *((source, "ja", "局 for a round") for source in ("catalogue", "pages", "results")),
    *((source, "ko", "space before a Korean particle")
      for source in ("catalogue", "pages", "results")),
    ("results", "ja", "ASCII ? in Japanese"),
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
        c["局 for a round"] += len(MAHJONG_ROUND.findall(text))
    if lang == "ko":
        c["space before a Korean particle"] += len(KO_PARTICLE_SPACE.findall(text))
    c["x for ×"] += len(X_TIMES.findall(text))
    c["space between a number and its counter"] += len(COUNTER_SPACE[lang].findall(text))
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


# ----------------------------------------------------------------------------- units and style

def _texts_of_module(name: str) -> set[str]:
    """Every string constant of a module of tally/games (a sentence template is one)."""
    import ast
    tree = ast.parse((ROOT / "tally" / "games" / name).read_text())
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
            and isinstance(n.value, str)}


def _registry_texts(game) -> set[str]:
    def inputs(i):
        yield i.description
        for sub in ([i.item] if i.item is not None else []) + list(i.fields):
            yield from inputs(sub)
    out = {game.description, *(o.description for o in game.options),
           *(p.description for p in game.presets)}
    for e in game.events:
        out.add(e.description)
        for i in e.inputs:
            out.update(inputs(i))
    for i in game.inputs:
        out.update(inputs(i))
    for y in game.yaku:
        out.update((y.description, y.points))
    return out


def koi_koi_only_msgids() -> set[str]:
    """The texts only Koi-Koi and Oni Koi-Koi say: their modules' and registry entries', less
    every text another game module, a shared module or a page uses too."""
    mon = {g.id for g in tally.GAMES.values() if g.point_unit == "mon"}
    own, others = set(), set()
    for g in tally.GAMES.values():
        (own if g.id in mon else others).update(_registry_texts(g))
    for path in (ROOT / "tally").rglob("*.py"):
        texts = _texts_of_module(path.name) if path.parent.name == "games" else set()
        game_id = path.stem.replace("_", "-")
        if path.parent.name == "games" and game_id in mon:
            own |= texts
        elif path.parent.name == "games":
            others |= texts
    pages = "".join(p.read_text() for d in ("templates", "static") for p in (ROOT / d).rglob("*")
                    if p.suffix in (".html", ".js"))
    return {t for t in own - others if t and f'"{t}"' not in pages}


def test_the_copula_takes_the_form_its_word_needs():
    """ "{key}(이)어야 합니다" (must be): 이어야 after a final consonant, 여야 after a vowel."""
    from tally.josa import resolve
    assert resolve("네 장(이)어야") == "네 장이어야" and resolve("쌍피(이)어야") == "쌍피여야"


def test_koi_koi_points_are_mon_in_japanese():
    """Issue 23: Koi-Koi counts 文, not 点 (docs/glossary.md); a text every game shares (the
    pages' "%(num)s point") is said per game through ``i18n.points_words``."""
    from babel.messages.pofile import read_po
    cat = read_po(open(ROOT / "tally/translations/ja/LC_MESSAGES/messages.po", "rb"))
    koi = koi_koi_only_msgids()
    assert len(koi) > 100
    ten = [(m.id, m.string) for m in cat if m.id in koi and isinstance(m.string, str)
           and re.search(r"(?:\d|\})\s?点(?!数)", m.string)]
    assert not ten, ten[:5]
    assert any("文" in (cat.get(m).string or "") for m in koi if cat.get(m))


@pytest.mark.parametrize("lang, koi, go_stop", [
    ("en", "12 points", "12 points"), ("ja", "12文", "12点"), ("ko", "12점", "12점")])
def test_points_are_said_in_the_games_own_word(lang, koi, go_stop, tmp_path):
    from tally.i18n import points_words
    app = tally.create_app({"TESTING": True, "DATABASE": str(tmp_path / "u.sqlite")})
    with app.test_request_context(f"/?lang={lang}"):
        assert points_words(12, tally.GAMES["koi-koi"].point_unit) == koi
        assert points_words(12, tally.GAMES["go-stop"].point_unit) == go_stop
        assert points_words(1800, "point") == {"en": "1,800 points", "ja": "1,800点",
                                               "ko": "1,800점"}[lang]
        assert points_words(1, "point") != points_words(1, "mon") or lang != "ja"


def test_the_koi_koi_pages_count_mon_in_japanese(client):
    """The session page's totals and scoresheet and the rules page say a Koi-Koi player's
    points in 文 (koi-koi.md section 9, K7: akatan 5 for A, 0 for B)."""
    made = client.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["A", "B"]}).json
    client.post(f"/api/v1/sessions/{made['id']}/rounds?t={made['edit_token']}", json={
        "captures": {"A": ["pine-poetry", "plum-poetry", "cherry-poetry"], "B": []},
        "events": [{"type": "stop", "player": "A"}], "version": made["version"]})
    page = client.get(f"/s/{made['id']}?t={made['read_token']}&lang=ja").get_data(as_text=True)
    totals = page[page.index('class="totals'):page.index("</ul>", page.index('class="totals'))]
    assert "5文" in totals and "0文" in totals and "点" not in totals
    sheet = page[page.index('class="sheet'):]
    assert "5文" in sheet[:sheet.index("</table>")]
    rules = client.get("/games/koi-koi/rules?lang=ja").get_data(as_text=True)
    assert "10文" in rules and not re.search(r"\d点", rules)


def test_japanese_keeps_one_style_per_kind_of_text():
    """Descriptions (rules, house rules, events, inputs) are written like a rulebook, in the
    plain form; buttons are plain and short; messages to the player say です/ます
    (docs/glossary.md)."""
    from babel.messages.pofile import read_po
    cat = read_po(open(ROOT / "tally/translations/ja/LC_MESSAGES/messages.po", "rb"))
    polite = re.compile(r"(ます|です|ません|ください|でした)[。.]?$")
    descriptions = set().union(*(_registry_texts(g) for g in tally.GAMES.values()))
    buttons = set(re.findall(r"<button[^>]*>\s*\{\{ ?_\(\"([^\"]+)\"", "".join(
        p.read_text() for p in (ROOT / "templates").rglob("*.html"))))
    assert len(buttons) > 10
    wrong = [(m.id, m.string) for m in cat if isinstance(m.string, str) and m.string
             and m.id in descriptions | buttons and polite.search(m.string.strip())]
    assert not wrong, wrong[:5]


# ----------------------------------------------------------------------------- English

def _round_texts(result: dict):
    for ps in result.get("players") or ():
        yield from (s["reason"] for s in ps.get("steps") or ())
    yield from (p["reason"] for p in result.get("payments") or ())
    yield from (n["text"] for n in result.get("notes") or ())


def test_the_english_review_says_names_not_ids(client):
    """Issue 23 / 28: "inoshikacho 8 -> 8", "Bo laid off iris-chaff-1", "pine-crane in the
    opening field" named the yaku and the cards by id in English."""
    found = collections.defaultdict(list)
    for gid in sorted(tally.GAMES):
        g = tally.get_game(gid)
        # an id that is no English word of its own name ("akatan", "sa_gwang"; not "over")
        ids = {y.id for y in g.yaku
               if y.id not in re.findall(r"[a-z0-9_]+", y.names.get("en", "").lower())}
        word = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(ids))) + r")(?![\w-])")
        for preset in [None] + [p.id for p in g.presets]:
            body = {**copy.deepcopy(g.round_example), **({"preset": preset} if preset else {})}
            r = client.post(f"/api/v1/games/{gid}/score", json=body)
            if r.status_code != 200:
                continue
            for text in _round_texts(r.get_json()):
                hits = SLUG.findall(text) + (word.findall(text) if ids else [])
                if hits:
                    found[gid].append((hits, text))
    assert not found, dict(found)


def test_the_spreadsheet_says_names_not_ids(client):
    """The CSV export's combinations and headers in words, in English too: no
    "inoshikacho=5", no "sa_gwang"."""
    for gid in MAIN:
        ex = copy.deepcopy(tally.GAMES[gid].round_example)
        s = client.post("/api/v1/sessions", json={"game": gid,
                                                  "players": ex.get("players") or ["Aki", "Bo"]})
        s = s.get_json()
        client.post(f"/api/v1/sessions/{s['id']}/rounds?t={s['edit_token']}",
                    headers={"If-Match": f'"{s["version"]}"'},
                    json={k: v for k, v in ex.items() if k not in ("players", "dealer")})
        for lang in ("en", "ja", "ko"):
            text = client.get(f"/api/v1/sessions/{s['id']}/export.csv?t={s['edit_token']}",
                              headers={"Accept-Language": lang}).get_data(as_text=True)
            cells = text.replace(s["id"], "")
            ids = {y.id for y in tally.GAMES[gid].yaku if "_" in y.id}
            assert not SNAKE.findall(cells) and not SLUG.findall(cells), (gid, lang, cells)
            assert not [i for i in ids if i in cells] and "=" not in cells, (gid, lang, cells)


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


def test_a_penalty_that_is_a_combination_is_said_by_its_name(tmp_path):
    """Tensho (Simplified)'s back hands are penalties and combinations: the scoresheet's badge
    says the combination's name (裏 七八九), not its id in words."""
    from tally.pages import name_in
    from tally.session_views import penalty_label
    app = tally.create_app({"TESTING": True, "DATABASE": str(tmp_path / "p.sqlite")})
    game = tally.GAMES["tensho-simplified"]
    with app.test_request_context("/?lang=ja"):
        said = penalty_label("back_seven_eight_nine", game, lambda n: name_in(n, "ja"))
        assert said == "裏 七八九"
