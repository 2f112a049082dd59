"""Issue 9, section 3, Go-Stop's errors: every sentence the Go-Stop engine can say about a
wrong round names things as the table does, in English and, through the API, in Japanese and
Korean. An event by its button's words ("Go", "Winning brights"), a house rule by its
description, a round key by what it means ("who sits the hand out", "the previous round's
carry"); no id in snake_case, key path, quoted key, section number or raw "true"/"none".

What a program needs stays in the error's fields: ``field`` (the JSON path at fault),
``option`` (the house rule), ``event`` (the event type), ``known`` (the ids it may give).

Each invalid round is the game's ``round_example`` (or a four- or seven-player table built
like it) with one thing a table or a client gets wrong. The errors a player can meet on the
record page come first: Go scores, shaking and bombs, the hand's end, quick entry.
"""

from __future__ import annotations

import copy

import pytest

import tally
from tally.errors import TallyError
from tally.games.go_stop import go_terms

from test_plain_words_errors import catalogues, client, not_plain, templates_of  # noqa: F401 (fixtures)
from test_plain_words_templates import leaks

GID = "go-stop"
KEYS = ("an id in snake_case", "a key path", "a quoted key", "a raw default")
LANGS = ("en", "ja", "ko")


def example() -> dict:
    return copy.deepcopy(tally.get_game(GID).round_example)


# the example's events: 0 heundeum (Ana, maple), 1 ppuk (Bo), 2 go (Ana, 5), 3 chok (Cy),
# 4 stop (Ana, 8)
STOP = 4


def events(*extra, end=True, at=STOP) -> list:
    """The example's events with ``extra`` put before event ``at`` (its Stop by default);
    ``end`` False drops the Stop."""
    evs = example()["events"]
    evs[at:at] = list(extra)
    return evs if end else [e for e in evs if e["type"] != "stop"]


def with_(drop=(), **changes) -> dict:
    body = {k: v for k, v in example().items() if k not in drop}
    return {**body, **changes}


def go_score(value) -> dict:
    evs = events()
    evs[2]["score"] = value
    return with_(events=evs)


def quick(**declared) -> dict:
    """Quick entry: Ana (who says Stop) and the players named are declared, not carded."""
    caps = {p: c for p, c in example()["captures"].items() if p not in declared}
    return with_(captures=caps, declared=declared)


def four(sitting_out, **changes) -> dict:
    """Four at the table: Ana deals, Bo and Cy choose to play, so Di sits out forced."""
    return with_(players=["Ana", "Bo", "Cy", "Di"], sitting_out=sitting_out, **changes)


def seven_without_jokers() -> dict:
    players = ["Ana", "Bo", "Cy", "Di", "Ed", "Fy", "Gu"]
    return with_(players=players, sitting_out={p: {} for p in players[3:]},
                 options={"joker_table": "none"})


def evs(*extra) -> dict:
    return with_(events=events(*extra))


PASS = {"type": "pass_hand_play", "player": "Cy"}

# (what, round, the values typed (a message may quote them back), the field at fault, the
# other fields the error must carry)
CASES = [
    # the record page: the Go's score, shaking and bombs, how the hand ends
    ("a Go score below zero", go_score(-1), ("-1",), "events.2.score", {"event": "go"}),
    ("a Go score in words", go_score("five"), ("five",), "events.2.score", {"event": "go"}),
    ("a round with no end", with_(events=events(end=False)), (), "events", {}),
    ("an event after the Stop", with_(events=example()["events"] + [
        {"type": "chok", "player": "Cy"}]), (), "events.5", {"event": "chok"}),
    ("shaking a month that is no month", with_(events=[
        {**example()["events"][0], "month": "june"}] + example()["events"][1:]), ("june",),
     "events.0.month", {}),
    ("a layout steal's last turn as a word", evs(
        {"type": "sseul", "player": "Cy", "last_turn": "yes"}), ("yes",),
     "events.4.last_turn", {"event": "sseul"}),
    ("shaking on turn 3 where only the deal allows it",
     {**with_(events=[{**example()["events"][0], "turn": 3}] + example()["events"][1:]),
      "options": {"heundeum_timing": "deal_only"}}, (), "events.0.turn",
     {"option": "heundeum_timing"}),
    ("a bomb with the triple shown as heundeum", evs(
        {"type": "bomb", "player": "Ana", "month": "maple"}), (), "events.4",
     {"option": "bomb_with_declared_triple"}),
    ("a skipped hand play without a bomb", evs(PASS), (), "events.4",
     {"option": "bomb_draw_mode"}),
    ("five brights where the house rules do not have it", with_(events=events(
        {"type": "winning_brights", "player": "Ana"}, end=False)), (), "events.4",
     {"option": "winning_brights", "event": "winning_brights"}),
    ("five brights without the five brights", {**with_(events=events(
        {"type": "winning_brights", "player": "Ana"}, end=False)),
        "options": {"winning_brights": True}}, (), "events.4", {"event": "winning_brights"}),
    # quick entry
    ("quick entry as a list", quick() | {"declared": ["Ana"]}, (), "declared", {}),
    ("a player's quick entry as a number", quick(Ana=5), (), "declared.Ana", {}),
    ("a penalty said in words", quick(Ana={"points": 8}, Bo={"pi_bak": "yes"}), ("yes",),
     "declared.Bo.pi_bak", {}),
    ("a penalty quick entry does not read", quick(Ana={"points": 8}, Bo={"gwangbak": True}),
     ("gwangbak",), "declared.Bo.gwangbak", {}),
    ("combinations not in a list", quick(Ana={"yaku": "godori"}), (), "declared.Ana.yaku",
     {}),
    ("a combination with a key it does not read", quick(Ana={"yaku": [
        {"yaku": "godori", "cnt": 1}]}), (), "declared.Ana.yaku.0", {}),
    ("a combination Go-Stop does not have", quick(Ana={"yaku": [{"yaku": "gwang"}]}),
     ("gwang",), "declared.Ana.yaku.0.yaku", {}),
    # who sits out (gwangpalli)
    ("who sits out as a list", four(["Di"]), (), "sitting_out", {}),
    ("a sitter who is not a player", four({"Zed": {}}), ("Zed",), "sitting_out.Zed", {}),
    ("a sitter's cards as a number", four({"Di": 5}), (), "sitting_out.Di", {}),
    ("three triples", four({"Di": {"triples": 3}}), (), "sitting_out.Di.triples", {}),
    ("the iris bridge forcing out with four", four({"Di": {"dealt_iris_bridge": True}}), (),
     "sitting_out.Di", {"option": "seven_player_iris_forced_out"}),
    ("a forced sitter said voluntary", four({"Di": {"forced": False}}), (),
     "sitting_out.Di.forced", {}),
    ("a voluntary sitter said forced", four({"Bo": {"forced": True}}), (),
     "sitting_out.Bo.forced", {}),
    ("seven people without jokers", seven_without_jokers(), (), "players",
     {"option": "joker_table"}),
    # the round's own keys
    ("checking the calls as a word", with_(check_calls="yes"), ("yes",), "check_calls", {}),
    ("nagari hands carried below zero", with_(carry={"nagari": -1}), ("-1",),
     "carry.nagari", {}),
    ("delayed compensation not a list", {**with_(carry={"compensation": 5}),
                                         "options": {"compensation_timing": "delayed"}},
     (), "carry", {}),
    ("delayed compensation to nobody at the table", {
        **with_(carry={"compensation": [{"to": "Zed", "per_payer": 2}]}),
        "options": {"compensation_timing": "delayed"}}, (), "carry.compensation", {}),
    ("the sake cup per player as a list", with_(sake_as=["junk"]), (), "sake_as", {}),
    ("the sake cup of someone not at the table", with_(sake_as={"Zed": "junk"}), ("Zed",),
     "sake_as.Zed", {}),
    ("the sake cup as neither", with_(sake_as={"Ana": "both"}), ("both",), "sake_as.Ana", {}),
    ("a mission without a multiplier", {**with_(mission={"cards": ["pine-crane"]}),
                                        "options": {"missions": True}}, (), "mission", {}),
    ("a weol-yak month that is no month", {**with_(weol_yak_month="june"),
                                          "options": {"weol_yak_month": True}}, ("june",),
     "weol_yak_month", {}),
    # the other events, sent by a client
    ("a junk transfer from nobody at the table", evs(
        {"type": "junk_transfer", "player": "Ana", "from": "Zed", "card": "pine-chaff-1"}),
     ("Zed",), "events.4.from", {}),
    ("the sake cup designated as neither", evs(
        {"type": "sake_designation", "player": "Cy", "as": "both"}), ("both",), "events.4.as",
     {}),
    ("a stack made by nobody at the table", evs(
        {"type": "stack_capture", "player": "Cy", "creator": "Zed"}), ("Zed",),
     "events.4.creator", {}),
    ("a bonus card not in play", evs({"type": "joker_capture", "player": "Cy",
                                      "card": "joker-a"}), ("joker-a",), "events.4.card",
     {"option": "joker_table"}),
    ("a four-pairs misdeal the house rules do not have", with_(events=[
        {"type": "void_deal", "reason": "four_pairs"}]), (), "events.0.reason",
     {"option": "misdeal_four_pairs"}),
    ("a nagari refused by nobody at the table", evs(
        {"type": "syodang_offer", "player": "Cy", "refused_by": "Zed"}), ("Zed",),
     "events.4.refused_by", {}),
    ("a nagari offered with two players", with_(
        players=["Ana", "Bo"], captures={p: c for p, c in example()["captures"].items()
                                         if p != "Cy"},
        events=[{"type": "syodang_offer", "player": "Bo"}]), (), "events.0", {}),
    ("oe-myeon left some other way", {**evs({"type": "oe_myeon", "player": "Cy",
                                             "card": "pine-crane", "kind": "thrown"}),
                                      "options": {"oe_myeon_mode": "book"}}, ("thrown",),
     "events.4.kind", {}),
    ("oe-myeon's last card as a word", {**evs({"type": "oe_myeon", "player": "Cy",
                                               "card": "pine-crane", "last_card": "yes"}),
                                        "options": {"oe_myeon_mode": "book"}}, ("yes",),
     "events.4.last_card", {"event": "oe_myeon"}),
    ("a first-turn chok without its chips", evs({"type": "first_turn_chok", "player": "Cy"}),
     (), "events.4", {"option": "first_turn_chok_chips", "event": "first_turn_chok"}),
    ("weol-yak on the first turn without its rule", evs(
        {"type": "weol_yak_first_turn", "player": "Cy"}), (), "events.4",
     {"option": "weol_yak_first_turn", "event": "weol_yak_first_turn"}),
    ("baek-hwa-jeom without its rule", evs({"type": "baek_hwa_jeom", "player": "Cy"}), (),
     "events.4", {"option": "baek_hwa_jeom", "event": "baek_hwa_jeom"}),
]


def unplain(text: str, given) -> list[str]:
    """What a sentence shows that a player should not read: the checks of every game's errors,
    and the template scan's key paths and quoted keys, the values typed aside. (Its rule
    reference check is the errors' own here: a description may say "X4".)"""
    for value in given:
        text = text.replace(repr(value), "").replace(value, "")
    return not_plain(GID, text, ()) + [k for k in leaks(text) if k in KEYS]


def scored(client, body, lang):
    r = client.post(f"/api/v1/games/{GID}/score", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 422, (r.status_code, r.get_json())
    return r.get_json()["errors"][0]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("what, body, given, field, extra", CASES,
                         ids=[c[0] for c in CASES])
def test_each_error_is_said_in_player_words(client, catalogues, what, body, given, field,
                                            extra, lang):
    err = scored(client, body, lang)
    assert err["field"] == field, (what, err)
    for k, v in extra.items():
        assert err.get(k) == v, (what, k, err)
    text = err["message"] if lang == "en" else err["said"]
    assert not unplain(text, given), (what, unplain(text, given), text)
    if lang != "en":
        assert text != err["message"], (what, text)
        untranslated = [t for t in templates_of(err) if not (
            catalogues[lang].get(t) and catalogues[lang].get(t).string)]
        assert not untranslated, (what, untranslated)


def engine_error(call) -> TallyError:
    with pytest.raises(TallyError) as e:
        call()
    return e.value


# errors the API turns away before the engine (its schema reads the carry, the option check
# the Go bonus, the pile check the cards) but which a program calling the engine meets:
# (what, the call, the values typed, the field at fault, the other fields)
ENGINE_CASES = [
    ("a carry that is not the previous round's",
     lambda: tally.score_round(GID, with_(carry=5)), (), "carry", {}),
    ("an unknown Go bonus", lambda: go_terms(3, "no_such_formula"), ("no_such_formula",),
     "options.go_bonus_formula", {"option": "go_bonus_formula"}),
    ("a bonus card not in play, scored alone",
     lambda: tally.get_game(GID).evaluate(tally.cards.BIT["joker-a"],
                                          tally.get_game(GID).compiled(None, None)),
     ("joker-a",), None, {"option": "joker_table", "card": "joker-a"}),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("what, call, given, field, extra", ENGINE_CASES,
                         ids=[c[0] for c in ENGINE_CASES])
def test_each_engine_error_is_said_in_player_words(catalogues, what, call, given, field,
                                                   extra, lang):
    from tally.i18n import said_of
    err = engine_error(call)
    assert err.field == field, (what, err.field)
    for k, v in extra.items():
        assert getattr(err, k) == v, (what, k)
    app = tally.create_app({"TESTING": True, "DATABASE": ":memory:"})
    with app.test_request_context(f"/?lang={lang}"):
        text = said_of(err.to_dict())
    assert not unplain(text, given), (what, unplain(text, given), text)
    if lang != "en":
        assert text != str(err.message), (what, text)
        untranslated = [t for t in templates_of(err.to_dict()) if not (
            catalogues[lang].get(t) and catalogues[lang].get(t).string)]
        assert not untranslated, (what, untranslated)


def test_an_event_is_named_as_its_button_says_it(client, catalogues):
    """The Go whose score is wrong is "Go" in English, and the catalogue's word for the Go
    button in Japanese and Korean; the round's end names its events the same way, and
    their ids travel in ``known``."""
    err = scored(client, go_score(-1), "en")
    assert err["message"].startswith('Go-Stop: event 3, "Go": ')
    for lang in ("ja", "ko"):
        button = catalogues[lang].get("go").string
        assert button in scored(client, go_score(-1), lang)["said"]
    end = scored(client, with_(events=events(end=False)), "en")
    assert '"Four in hand"' in end["message"] and "four_in_hand" in end["known"]


def test_a_house_rule_is_named_by_its_description(client):
    rule = next(o for o in tally.get_game(GID).options if o.id == "bomb_with_declared_triple")
    err = scored(client, evs({"type": "bomb", "player": "Ana", "month": "maple"}), "en")
    assert f'"{rule.description}"' in err["message"]


def test_the_ids_a_program_may_give_travel_in_known(client):
    joker = scored(client, evs({"type": "joker_capture", "player": "Cy", "card": "joker-a"}),
                   "en")
    assert joker["known"] == ["joker-2", "joker-3"]  # Pagat's table (go-stop.md 2.4)
    sake = scored(client, with_(sake_as={"Ana": "both"}), "en")
    assert sake["known"] == ["animal", "junk"]
    unread = scored(client, quick(Ana={"points": 8}, Bo={"gwangbak": True}), "en")
    assert "gwang_bak" in unread["known"] and "gwang_bak" not in unread["message"]


def test_meong_bak_says_the_loser_holds_no_animal():
    """A result sentence of the same file: "none" was a raw default in it. Meong-bak (the
    winner 7+ animals, the loser none; go-stop.md 5.6) under the house rule that has it."""
    rnd = with_(captures={
        "Ana": ["plum-warbler", "wisteria-cuckoo", "pampas-geese", "iris-bridge",
                "peony-butterflies", "clover-boar", "maple-deer"],
        "Bo": ["pine-chaff-1"], "Cy": ["plum-chaff-1"]},
        events=[{"type": "stop", "player": "Ana"}])
    res = tally.score_round(GID, rnd, options={"animal_double_mode": "meong_bak_only"})
    reasons = [str(s.reason) for p in res.players for s in p.steps]
    said = [r for r in reasons if r.startswith("meong-bak x2")]
    assert said and all("holds no animal" in r and not unplain(r, ()) for r in said)
