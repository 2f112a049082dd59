"""Issue 9, section 3, the errors no test round reached yet, for Tensho (Simplified), Hana-Gin,
Higo-Bana, Hana-Rumi, the Kabu games, Sota, the sequence games and Solitaire: each is said in
player words in English, Japanese and Korean (an event by its button's words, a round key by
what it means, a house rule by what it does, the carry as what the previous round carried
over), with no id, key path, quoted key or section number; what a program needs stays in the
error's ``field`` (and ``event`` / ``option``).

Each invalid round is a game's ``round_example`` with one thing a table or a client gets wrong.
The expected fields are the keys each game documents for its input (``Game.inputs``, the event
definitions), not numbers; no score is asserted here.
"""

from __future__ import annotations

import copy
import re

import pytest

import tally
from tally.cards import CARD

from test_plain_words_errors import catalogues, client, scored, templates_of  # noqa: F401
from test_plain_words_results_all import PLAIN
from test_plain_words_templates import LEAKS

LANGS = ("en", "ja", "ko")
BRACES = re.compile(r"[{}]")


def ex(game: str, drop=(), **changes) -> dict:
    body = {k: v for k, v in copy.deepcopy(tally.get_game(game).round_example).items()
            if k not in drop}
    return {**body, **changes}


TS, HG, HB, HR, HK = "tensho-simplified", "hana-gin", "higo-bana", "hana-rumi", "hiki-kabu"


def _tensho(*events, **changes) -> dict:
    return ex(TS, events=list(events), **changes)


def _higo_without(card: str) -> dict:
    body = ex(HB)
    body["captures"]["A"].remove(card)
    return body


def _kingo_without_hand(player: str) -> dict:
    body = ex("kingo")
    del body["hands"][player]
    return body


def _hiki_quick(**ana) -> dict:
    other = {"first": 1, "total": 2}
    return ex(HK, drop=("hands",), totals={"Ana": ana, "Bo": other, "Cy": other})


# 34 cards of the 45-card Tensho deck (no paulownia chaffs, no jokers): one more than the 33
# that come into play (tensho-simplified.md section 3: 6 + 6 dealt, 9 to the field, 12 drawn)
TENSHO_DECK = [s for s in CARD if not s.startswith(("joker", "paulownia-chaff"))]
PHOENIX_DEAD = {"type": "phoenix_dead_in_field"}
PHOENIX_BO = {"type": "phoenix_auto_capture", "player": "Bo"}
HG_GIN = {"ending": "gin", "layoffs": None}

# (id, game, round, the error's field, its event / option, the values typed (which a message
# may quote back))
CASES = [
    # Tensho (Simplified): the yaku set and the events (tensho-simplified.md sections 3, 4, 7)
    ("tensho-no-set", TS, ex(TS, drop=("yaku_set",), events=[]), "yaku_set", {}, ()),
    ("tensho-set-three", TS, ex(TS, yaku_set="three"), "yaku_set", {}, ("three",)),
    ("tensho-chosen-by", TS, _tensho({"type": "yaku_set_chosen", "set": "one", "by": "vote"}),
     "events.0.by", {"event": "yaku_set_chosen"}, ("vote",)),
    ("tensho-chosen-by-dealer", TS, _tensho({"type": "yaku_set_chosen", "set": "one",
                                             "by": "dealer", "player": "Bo"}),
     "events.0.player", {"event": "yaku_set_chosen"}, ()),
    ("tensho-set-disagrees", TS, _tensho({"type": "yaku_set_chosen", "set": "two"}),
     "events.0.set", {}, ()),
    ("tensho-hiki-paulownia", TS, _tensho({"type": "hiki_formed", "player": "Aki",
                                           "flower": "paulownia"}),
     "events.0.flower", {"event": "hiki_formed"}, ()),
    ("tensho-phoenix-from", TS, _tensho({**PHOENIX_BO, "from": "field"}), "events.0.from",
     {"event": "phoenix_auto_capture"}, ("field",)),
    ("tensho-phoenix-dead-and-taken", TS, _tensho(PHOENIX_DEAD, PHOENIX_BO), "events.1",
     {"event": "phoenix_auto_capture"}, ()),
    ("tensho-phoenix-dead-but-held", TS, _tensho(PHOENIX_DEAD), "captures.Bo",
     {"event": "phoenix_dead_in_field"}, ()),
    ("tensho-two-phoenix-captures", TS, _tensho(PHOENIX_BO, PHOENIX_BO), "events.1",
     {"event": "phoenix_auto_capture"}, ()),
    ("tensho-phoenix-not-captured", TS, _tensho({**PHOENIX_BO, "player": "Aki"}),
     "captures.Aki", {"event": "phoenix_auto_capture"}, ()),
    ("tensho-unknown-auto-win", TS, _tensho({"type": "automatic_win", "player": "Aki",
                                             "yaku": "nope"}),
     "events.0.yaku", {"event": "automatic_win"}, ("nope",)),
    ("tensho-two-auto-wins", TS, _tensho({"type": "automatic_win", "player": "Aki"},
                                         {"type": "automatic_win", "player": "Aki"}),
     "events.1", {"event": "automatic_win"}, ()),
    # One Four Twelve is an automatic win in Set Two only (tensho-simplified.md section 4)
    ("tensho-not-auto-in-set", TS, _tensho({"type": "automatic_win", "player": "Aki",
                                            "yaku": "one_four_twelve"}),
     "events.0.yaku", {"event": "automatic_win"}, ()),
    ("tensho-auto-win-not-captured", TS, _tensho({"type": "automatic_win", "player": "Aki",
                                                  "yaku": "front_five_ten_twelve"}),
     "captures.Aki", {"event": "automatic_win"}, ()),
    ("tensho-too-many-cards", TS, ex(TS, events=[], captures={
        "Aki": TENSHO_DECK[:17], "Bo": TENSHO_DECK[17:34]}), "captures", {}, ()),
    # Hana-Gin: combinations, unused cards, Gin with all 10 cards (hana-gin.md section 5)
    ("gin-melds", HG, ex(HG, melds=5), "melds", {}, ()),
    ("gin-melds-of-player", HG, ex(HG, melds={"Aki": 5}), "melds.Aki", {}, ()),
    ("gin-unused", HG, ex(HG, unused=5), "unused", {}, ()),
    ("gin-unused-value", HG, ex(HG, unused={"Aki": 200, "Bo": 3}), "unused.Aki", {}, ()),
    ("gin-caller-when-exhausted", HG, ex(HG, ending="exhausted"), "caller", {}, ()),
    ("gin-opponent-unused-missing", HG, ex(HG, unused={"Aki": ["pampas-geese"]}),
     "unused.Bo", {}, ()),
    ("gin-caller-unused-missing", HG, ex(HG, unused={"Bo": 3}), "unused.Aki", {}, ()),
    ("gin-layoffs-need-melds", HG, ex(HG, drop=("melds",), unused={"Aki": 3, "Bo": 3}),
     "melds.Aki", {}, ()),
    ("gin-all-ten-word", HG, ex(HG, **HG_GIN, all_ten="yes"), "all_ten", {}, ("yes",)),
    ("gin-all-ten-but-unused", HG, ex(HG, **HG_GIN, unused={"Aki": ["maple-chaff-1"], "Bo": 3},
                                      all_ten=True), "all_ten", {}, ()),
    ("gin-not-all-ten-but-none-unused", HG, ex(HG, **HG_GIN, drop=("melds",),
                                               unused={"Aki": [], "Bo": 3}, all_ten=False),
     "all_ten", {}, ()),
    ("gin-all-ten-unsaid", HG, ex(HG, **HG_GIN, unused={"Bo": 3}), "all_ten", {}, ()),
    ("gin-all-ten-after-hana", HG, ex(HG, all_ten=True), "all_ten", {}, ()),
    ("gin-wilds", HG, ex(HG, wilds=5), "wilds", {}, ()),
    ("gin-carry", HG, ex(HG, carry=5), "carry", {}, ("5",)),
    ("gin-carry-totals", HG, ex(HG, carry={"totals": 5}), "carry.totals", {}, ()),
    ("gin-carry-totals-player", HG, ex(HG, carry={"totals": {"Zed": 5}}), "carry.totals.Zed",
     {}, ("Zed",)),
    ("gin-carry-totals-whole", HG, ex(HG, carry={"totals": {"Aki": 2.5}}), "carry.totals.Aki",
     {}, ("2.5",)),
    # Higo-Bana: teams, every valued card captured, the Storm, the carry (higo-bana.md 2-7)
    ("higo-teams", HB, ex(HB, teams=5), "teams", {}, ()),
    ("higo-card-missing", HB, _higo_without("pine-crane"), "captures", {}, ()),
    ("higo-storm-discarded", HB, ex(HB, events=[{"type": "wild_dealt_to_field"}],
                                    options={"wild_dealt_to_field_discarded": True}),
     "captures.C", {"option": "wild_dealt_to_field_discarded"}, ()),
    ("higo-storm-card", HB, ex(HB, events=[{"type": "wild_capture", "player": "C",
                                            "card": "nope"}]),
     "events.0.card", {"event": "wild_capture"}, ("nope",)),
    ("higo-storm-took", HB, ex(HB, events=[{"type": "wild_capture", "player": "C",
                                            "card": "pine-crane"}]),
     "events.0.card", {"event": "wild_capture"}, ()),
    ("higo-storm-held", HB, ex(HB, events=[{"type": "wild_capture", "player": "A"}]),
     "events.0", {"event": "wild_capture"}, ()),
    ("higo-hiki", HB, ex(HB, events=[{"type": "hiki_announced", "player": "A",
                                      "flower": "maple"}]),
     "events.0", {"event": "hiki_announced"}, ()),
    ("higo-carry", HB, ex(HB, carry=5), "carry", {}, ("5",)),
    ("higo-carry-round", HB, ex(HB, carry={"round": -1}), "carry.round", {}, ("-1",)),
    ("higo-carry-totals", HB, ex(HB, carry={"totals": {"Zed": 1}}), "carry.totals", {}, ()),
    # The Kabu games: columns, bets, events, hands, the pot carried over, the quick entry
    ("oicho-columns", "oicho-kabu", ex("oicho-kabu", columns=[]), "columns", {}, ()),
    ("oicho-bets", "oicho-kabu", ex("oicho-kabu", bets=5), "bets", {}, ()),
    ("oicho-events", "oicho-kabu", ex("oicho-kabu", events=[{"type": "x"}]), "events", {}, ()),
    ("kingo-hands", "kingo", ex("kingo", hands=5), "hands", {}, ()),
    ("kingo-hands-player", "kingo", ex("kingo", hands={**ex("kingo")["hands"],
                                                       "Zed": ["pine-chaff-1"]}),
     "hands.Zed", {}, ("Zed",)),
    ("kingo-no-hand", "kingo", _kingo_without_hand("Di"), "hands.Di", {}, ()),
    ("hiki-carry", HK, ex(HK, carry=5), "carry", {}, ("5",)),
    ("hiki-pot", HK, ex(HK, carry={"pot": 5}), "carry.pot", {}, ()),
    ("hiki-pot-player", HK, ex(HK, carry={"pot": {"Zed": 1}}), "carry.pot.Zed", {}, ("Zed",)),
    ("hiki-pot-whole", HK, ex(HK, carry={"pot": {"Bo": -1}}), "carry.pot.Bo", {}, ("-1",)),
    ("hiki-totals", HK, ex(HK, totals=5), "totals", {}, ()),
    ("hiki-totals-player", HK, ex(HK, totals={"Zed": {"first": 1, "total": 2}}),
     "totals.Zed", {}, ("Zed",)),
    # three of a month counts as 9, and its first two cards must allow a third (an April pair
    # is 8: "total >= 7 -> may not draw", hiki-kabu.md section 5 steps 3-4); only the dealer
    # holds September then January (section 4, dealer_nine_one)
    ("hiki-triple", HK, _hiki_quick(first=4, triple=True), "totals.Ana.triple", {}, ()),
    ("hiki-nine-one", HK, _hiki_quick(first=9, total=0, nine_one=True), "totals.Ana.nine_one",
     {}, ()),
    ("sota-both", "sota", ex("sota", outcome={"winner": "Ana", "hand": "crane_moon",
                                              "points": 5}), "hands.Ana", {}, ()),
    # Hana-Rumi: the combinations, the totals entry, the hands, the carry (hana-rumi.md 4-6)
    ("rumi-melds", HR, ex(HR, melds=5), "melds", {}, ()),
    ("rumi-totals", HR, ex(HR, totals=5), "totals", {}, ()),
    ("rumi-totals-player", HR, ex(HR, totals={"Zed": {}}), "totals.Zed", {}, ("Zed",)),
    ("rumi-totals-shape", HR, ex(HR, totals={"Bo": 5}), "totals.Bo", {}, ()),
    ("rumi-totals-key", HR, ex(HR, totals={"Bo": {"cards": 5}}), "totals.Bo", {}, ("cards",)),
    ("rumi-exhausted-word", HR, ex(HR, exhausted="yes"), "exhausted", {}, ("yes",)),
    ("rumi-in-hand", HR, ex(HR, in_hand=5), "in_hand", {}, ()),
    ("rumi-in-hand-player", HR, ex(HR, in_hand={"Zed": []}), "in_hand.Zed", {}, ("Zed",)),
    ("rumi-achievement-twice", HR, ex(HR, drop=("in_hand",), totals={"Bo": {
        "captured": 60, "achievements": ["purple_ribbons", "purple_ribbons"]}}),
     "totals.Bo.achievements", {}, ()),
    ("rumi-wilds", HR, ex(HR, wilds=5), "wilds", {}, ()),
    ("rumi-carry-rounds-won", HR, ex(HR, carry={"rounds_won": {"Aki": "x"}}),
     "carry.rounds_won.Aki", {}, ("x",)),
    # the sequence games' carry; Solitaire's foundations in order (solitaire.md section 8)
    ("kage-carry", "kage", ex("kage", carry=5), "carry", {}, ("5",)),
    ("isuri-carry", "isuri", ex("isuri", carry=5), "carry", {}, ("5",)),
    ("solitaire-ordered", "solitaire", {"players": ["Aki"], "result": "loss",
                                        "foundations": ["plum-warbler"],
                                        "options": {"ordered_foundation": True}},
     "foundations", {}, ()),
]


# A carry that is not an object is refused by the API's schema before a game reads it; a
# program calling the engine (``tally.score_round``) gets the game's own sentence
ENGINE_ONLY = {"gin-carry", "higo-carry", "hiki-carry", "kage-carry", "isuri-carry"}


def error_of(client, case, lang) -> dict:
    """The first error of the case's round, as the API gives it (``said`` in the reader's
    language), or from the engine said in a request in that language."""
    cid, game, body = case[:3]
    if cid not in ENGINE_ONLY:
        status, out = scored(client, game, body, lang)
        assert status == 422, out
        return out["errors"][0]
    from tally.i18n import said_of
    body = dict(body)
    options = body.pop("options", None)
    with client.application.test_request_context(headers={"Accept-Language": lang}):
        with pytest.raises(tally.TallyError) as e:
            tally.score_round(game, body, options=options)
        err = e.value.to_dict()
        return {**err, "said": said_of(err)}


def _leaks(text: str, given) -> list[str]:
    for value in given:
        text = text.replace(repr(value), "").replace(value, "")
    found = [what for what, pattern in PLAIN.items() if pattern.search(text)]
    found += [what for what, pattern in LEAKS.items() if pattern.search(text)]
    return found + (["braces"] if BRACES.search(text) else [])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_the_error_is_said_in_player_words(client, catalogues, case, lang):
    field, ids, given = case[3:]
    err = error_of(client, case, lang)
    # the machine-readable part stays where a program reads it
    assert err["field"] == field, err
    for key, value in ids.items():
        assert err.get(key) == value, (key, err)
    text = err["message"] if lang == "en" else err["said"]
    assert not _leaks(text, given), (_leaks(text, given), text)
    if lang == "en":
        return
    assert text != err["message"], text
    untranslated = [t for t in templates_of(err)
                    if not (catalogues[lang].get(t) and catalogues[lang].get(t).string)]
    assert not untranslated, untranslated
    if "event" in ids:  # the event named as the record page's button says it in this language
        button = catalogues[lang].get(ids["event"].replace("_", " ")).string
        assert button in text, (button, text)


def test_an_automatic_win_names_the_yaku_and_keeps_its_id_in_fields(client):
    """The yaku by its name ("One Four Twelve"), the event by its button; the ids a program
    sent stay in ``rule`` and ``event``."""
    body = _tensho({"type": "automatic_win", "player": "Aki", "yaku": "one_four_twelve"})
    _, out = scored(client, TS, body, "en")
    err = out["errors"][0]
    assert "One Four Twelve is not an automatic win in Set One" in err["message"]
    assert 'event 1, "Automatic win"' in err["message"]
    assert err["rule"] == "one_four_twelve" and err["event"] == "automatic_win"


def test_an_unknown_yaku_lists_the_known_ones_in_fields(client):
    body = _tensho({"type": "automatic_win", "player": "Aki", "yaku": "nope"})
    _, out = scored(client, TS, body, "en")
    err = out["errors"][0]
    assert "one_four_twelve" in err["known"] and "one_four_twelve" not in err["message"]


def _higo_teams() -> dict:
    """The example's captures at a table of four in two teams (higo-bana.md section 3: 2 v 2,
    partners sitting alternately); D captured nothing."""
    body = ex(HB, players=["A", "B", "C", "D"], teams={"X": ["A", "C"], "Y": ["B", "D"]})
    body["captures"]["D"] = []
    return body


@pytest.mark.parametrize("lang", LANGS)
def test_a_team_round_says_who_deals_next_without_rule_numbers(client, lang):
    """The result's sentences (the team's win, who deals next) carry no rule reference such as
    "(10.H5)", in any language."""
    from test_plain_words_results import sentences
    status, out = scored(client, HB, _higo_teams(), lang)
    assert status == 200, out
    said = list(sentences(out, lang))
    assert said and not [t for t in said if _leaks(t, ("X", "Y"))], said
    if lang == "en":
        assert any(t.startswith("team ") and " deals next" in t for t in said), said
