"""Issue 9, section 3, the errors of Koi-Koi, Oni Koi-Koi and the capture games' shared
checks (``_capture``, ``_capture_expert``) that no other test reaches: each says what is
wrong in player words, in English and, through the API, in Japanese and Korean. An event is
named as its button says it ("Field at stop"), a house rule by its description, a yaku by the
name the quick-entry list shows ("3 Poetry Ribbons", not "akatan"), the previous round's carry
in words. The machine-readable parts stay in the error's fields: ``field`` (the JSON path),
``option``, ``event``, ``known``.

Each invalid round is a game's ``round_example`` (or a quick-entry round built from it) with
one thing a table or a client gets wrong. The rules that make each one wrong are the digest's
(shared/rules/koi-koi.md: section 7 for the events and their fields, 5.4 for the pre-play
outcomes, 8 for the variations and their sub-options, A11 for automatic wins; docs/games/
koi-koi.md for quick entry); the tests check only the wording and the fields, never a number.
"""

from __future__ import annotations

import copy

import pytest

import tally

from test_plain_words_errors import catalogues, client, not_plain, templates_of  # noqa: F401 (fixtures)

LANGS = ("en", "ja", "ko")
KK, ONI, HJH, HACHI = "koi-koi", "oni-koi-koi", "hachi-juu-hana", "hachi"

# cards from shared/rules/cards.md
POETRY3 = ["pine-poetry", "plum-poetry", "cherry-poetry"]
FIVE_TENS = ["plum-warbler", "wisteria-cuckoo", "iris-bridge", "pampas-geese", "willow-swallow"]
VIEW = ["cherry-curtain", "chrysanthemum-sake"]  # Flower Viewing (hanami)


def example(game: str, **changes) -> dict:
    return {**copy.deepcopy(tally.get_game(game).round_example), **changes}


def ev(kind: str, player: str | None = None, **fields) -> dict:
    return {"type": kind, **({"player": player} if player else {}), **fields}


def table(game: str, events, piles: dict, **changes) -> dict:
    """The game's example table with these events, and these players' piles where given."""
    body = example(game, events=list(events), **changes)
    body["captures"].update({who: pile for who, pile in piles.items() if pile is not None})
    return body


def kk(events=(), aki=None, bo=None, **changes) -> dict:
    """Koi-Koi: the example's table (Aki deals) with these events and piles."""
    return table(KK, events, {"Aki": aki, "Bo": bo}, **changes)


def quick(yaku, events=(ev("stop", "Aki"),), **changes) -> dict:
    """Koi-Koi quick entry: Aki's yaku said by name ([id] or [id, count]) instead of cards."""
    body = kk(events, **changes)
    del body["captures"]["Aki"]
    body["declared"] = {"Aki": [{"yaku": y[0], **({"count": y[1]} if len(y) > 1 else {})}
                                for y in yaku]}
    return body


def declared(raw) -> dict:
    """Koi-Koi quick entry with Aki's declared yaku exactly as a client sent them."""
    body = quick([])
    body["declared"] = raw
    return body


def oni(events=(), a=None, b=None, **changes) -> dict:
    return table(ONI, events, {"A": a, "B": b}, **changes)


def case(game, what, body, field, *, options=None, option=None, event=None, given=()):
    return pytest.param(game, body, options or {}, field, option, event, given,
                        id=f"{game}: {what}")


# (game, round, house rules, the field at fault, the option / event the error names, the
# values typed, which a message may quote back)
ERRORS = [
    # --- Koi-Koi quick entry: what the record page's yaku picker can send
    case(KK, "a yaku named twice", quick([("akatan", 3), ("akatan", 4)]),
         "declared.Aki.1.yaku"),
    case(KK, "not a yaku", quick([("sakura",)]), "declared.Aki.0.yaku", given=("sakura",)),
    case(KK, "a growing yaku without its count", quick([("tan",)]), "declared.Aki.0.count"),
    case(KK, "a count for a yaku that takes none", quick([("goko", 5)]),
         "declared.Aki.0.count"),
    case(KK, "a count in words", quick([("akatan", "3")]), "declared.Aki.0.count",
         given=("3",)),
    # 8 of the 9 dry ribbons always hold a whole ribbon set (koi-koi.md section 4)
    case(KK, "a count the deck cannot hold", quick([("tan", 8)]), "declared.Aki.0.count"),
    case(KK, "counts of the same cards disagree", quick([("tane", 6), ("inoshikacho", 5)]),
         "declared.Aki", options={"inoshikacho_and_tane_grow": True}),
    case(KK, "the sake cup as a ten and a chaff", quick([("tane", 8), ("kasu", 25)]),
         "declared.Aki", options={"sake_10_or_1": True}),
    case(KK, "a yaku that does not score beside another", quick([("shiko",), ("sanko",)]),
         "declared.Aki"),
    # count_all_yaku (A9): 5 Brights also make 4 Dry Brights, Any 4 Brights and 3 Brights
    case(KK, "a yaku the cards also make, not named", quick([("goko",)]), "declared.Aki",
         options={"count_all_yaku": True}),
    case(KK, "a yaku the house rules turn off", quick([("yaku_of_the_month",)]),
         "declared.Aki.0.yaku"),
    case(KK, "a card the other player holds", quick([("goko",)], bo=["pine-crane"]),
         "declared.Aki"),
    case(KK, "declared yaku not per player", declared([]), "declared"),
    case(KK, "a player's declared yaku not a list", declared({"Aki": {"yaku": "akatan"}}),
         "declared.Aki"),
    case(KK, "a declared yaku not an object", declared({"Aki": ["akatan"]}), "declared.Aki.0"),
    case(KK, "the sake cup counted for declared yaku",
         quick([("hanami",)], [ev("sake_assignment", "Aki", **{"as": "ten"}),
                               ev("stop", "Aki")]),
         "events.0", options={"sake_10_or_1": True}, event="sake_assignment"),
    # --- Koi-Koi events (digest section 7)
    case(KK, "a forced call without the 3-point minimum",
         kk([ev("koi_koi", "Aki", forced=True)]), "events.0.forced", option="minimum_points"),
    case(KK, "a forced flag in words", kk([ev("koi_koi", "Aki", forced="yes")]),
         "events.0.forced", event="koi_koi", given=("yes",)),
    case(KK, "an automatic win without the house rule", kk([ev("automatic_win_hand", "Aki")]),
         "events.0", option="automatic_win", event="automatic_win_hand"),
    case(KK, "an automatic win with an unknown hand",
         kk([ev("automatic_win_hand", "Aki", hand="three_pairs")]), "events.0.hand",
         options={"automatic_win": True}, event="automatic_win_hand", given=("three_pairs",)),
    case(KK, "a second four of a month in the field",
         kk([ev("field_four_of_a_kind"), ev("field_four_of_a_kind")]), "events.1",
         event="field_four_of_a_kind"),
    case(KK, "the opening field's brights twice",
         kk([ev("opening_field_brights", count=1), ev("opening_field_brights", count=1)]),
         "events.1", options={"bright": True}, event="opening_field_brights"),
    case(KK, "six brights in the opening field", kk([ev("opening_field_brights", count=6)]),
         "events.0.count", options={"bright": True}, event="opening_field_brights"),
    case(KK, "a wild storm without the house rule", kk([ev("wild_storm_capture", "Aki")]),
         "events.0", option="storm_is_wild", event="wild_storm_capture"),
    case(KK, "a brewing storm without pampas", kk([ev("wild_storm_capture", "Aki")]),
         "events.0", options={"brewing_storm": True}, option="brewing_storm",
         event="wild_storm_capture"),
    case(KK, "the field at the stop twice",
         kk([ev("field_at_stop", willow=False), ev("field_at_stop", willow=False)]),
         "events.1", options={"rain_and_fog": True}, event="field_at_stop"),
    case(KK, "a willow flag in words", kk([ev("field_at_stop", willow="yes")]),
         "events.0.willow", options={"rain_and_fog": True}, event="field_at_stop",
         given=("yes",)),
    case(KK, "the sake cup neither ten nor chaff",
         kk([ev("sake_assignment", "Aki", **{"as": "both"})]), "events.0.as",
         options={"sake_10_or_1": True}, event="sake_assignment", given=("both",)),
    case(KK, "the sake cup with no choice", kk([ev("sake_assignment", "Aki", **{"as": "ten"})]),
         "events.0", option="sake_10_or_1", event="sake_assignment"),
    case(KK, "an event field the event has not", kk([ev("stop", "Aki", why=1)]),
         "events.0.why", event="stop", given=("why",)),
    case(KK, "a call after the stop", kk([ev("stop", "Aki"), ev("koi_koi", "Bo")],
                                         aki=POETRY3), "events.1"),
    case(KK, "a call after an automatic win", kk([ev("automatic_win_hand", "Aki"),
                                                  ev("stop", "Aki")], aki=POETRY3),
         "events.1", options={"automatic_win": True}),
    # --- Koi-Koi settling (digest sections 5.4-5.6 and the variations of section 8)
    case(KK, "the dealer's pile lacks the field's four",
         kk([ev("field_four_of_a_kind", flower="pine")], aki=POETRY3),
         "captures.Aki", options={"four_of_a_kind_not_misdeal": True},
         option="four_of_a_kind_not_misdeal"),
    case(KK, "two outcomes at the deal", kk([ev("field_four_of_a_kind"),
                                             ev("automatic_win_hand", "Bo")]),
         "events.1", options={"automatic_win": True, "four_of_a_kind_for_the_win": True},
         event="automatic_win_hand"),
    case(KK, "the field at the stop with no stop", kk([ev("field_at_stop", willow=False)]),
         "events", options={"rain_and_fog": True}, event="field_at_stop"),
    case(KK, "dealer's delight without a pile", kk([], bo=None) | {"captures": {
        "Aki": POETRY3}}, "captures.Bo", options={"dealers_delight": True}),
    case(KK, "a view with the field not recorded", kk([ev("stop", "Aki")], aki=VIEW),
         "events", options={"rain_and_fog": True}, option="rain_and_fog",
         event="field_at_stop"),
    case(KK, "a stop below the 3-point minimum", kk([ev("stop", "Aki")], aki=FIVE_TENS, bo=POETRY3),
         "events.0", options={"minimum_points": True}, option="minimum_points"),
    case(KK, "the opponent's yaku without their pile", kk([ev("stop", "Aki")]) | {
        "captures": {"Aki": POETRY3}}, "captures.Bo",
         options={"winner_scores_all_yaku": True}),
    case(KK, "a doubling bright not recorded", kk([ev("stop", "Aki")], aki=POETRY3),
         "events", options={"bright": True}, option="bright", event="opening_field_brights"),
    case(KK, "a sub-rule without its rule", example(KK), "options.lucky_7_triple",
         options={"lucky_7_triple": True}, option="lucky_7_triple"),
    case(KK, "a ribbon bonus without flat ribbon sets", example(KK),
         "options.akatan_aotan_bonus", options={"akatan_aotan_bonus": True},
         option="akatan_aotan_bonus"),
    case(KK, "a carry's totals for someone else", example(KK, carry={"totals": {"Zed": 1}}),
         "carry.totals"),
    case(KK, "a carry's banks in words", example(KK, carry={"banks": {"Aki": "ten"}}),
         "carry.banks", given=("ten",)),
    # --- Oni Koi-Koi
    case(ONI, "a carry's round below zero", example(ONI, carry={"round": -1}), "carry.round",
         given=("-1",)),
    case(ONI, "a carry's rounds won for someone else",
         example(ONI, carry={"rounds_won": {"Zed": 1}}), "carry.rounds_won"),
    case(ONI, "a forced flag in words", oni([ev("koi_koi", "A", forced="yes")]),
         "events.0.forced", event="koi_koi", given=("yes",)),
    case(ONI, "a forced call without the 3-point minimum",
         oni([ev("koi_koi", "A", forced=True)]), "events.0.forced", option="minimum_points"),
    case(ONI, "the Phoenix taking itself",
         oni([ev("wild_capture", "A", card="paulownia-phoenix")]), "events.0.card",
         event="wild_capture"),
    case(ONI, "an automatic win without the house rule", oni([ev("automatic_win_hand", "A")]),
         "events.0", option="automatic_win", event="automatic_win_hand"),
    case(ONI, "a second four of a month in the field",
         oni([ev("field_four_of_a_kind"), ev("field_four_of_a_kind")]), "events.1",
         event="field_four_of_a_kind"),
    case(ONI, "six brights in the opening field", oni([ev("opening_field_brights", count=6)]),
         "events.0.count", event="opening_field_brights"),
    case(ONI, "the sake cup neither ten nor chaff",
         oni([ev("sake_assignment", "A", **{"as": "both"})]), "events.0.as",
         options={"sake_10_or_1": True}, event="sake_assignment", given=("both",)),
    case(ONI, "the sake cup with no choice", oni([ev("sake_assignment", "A", **{"as": "ten"})]),
         "events.0", option="sake_10_or_1", event="sake_assignment"),
    case(ONI, "an event field the event has not", oni([ev("stop", "A", colour=1)]),
         "events.0.colour", event="stop", given=("colour",)),
    case(ONI, "a call after an automatic win", oni([ev("automatic_win_hand", "A"),
                                                    ev("stop", "A")]),
         "events.1", options={"automatic_win": True}),
    case(ONI, "the dealer's pile lacks the field's four",
         oni([ev("field_four_of_a_kind", flower="pine")], a=POETRY3), "captures.A",
         options={"four_of_a_kind_not_misdeal": True}, option="four_of_a_kind_not_misdeal"),
    case(ONI, "two outcomes at the deal", oni([ev("field_four_of_a_kind"),
                                               ev("automatic_win_hand", "B")]),
         "events.1", options={"automatic_win": True, "four_of_a_kind_for_the_win": True},
         event="automatic_win_hand"),
    case(ONI, "dealer's delight without a pile", oni([]) | {"captures": {"A": POETRY3}},
         "captures.B", options={"dealers_delight": True}),
    case(ONI, "a stop below the 3-point minimum", oni([ev("stop", "A")], a=FIVE_TENS, b=POETRY3),
         "events.0", options={"minimum_points": True}, option="minimum_points"),
    case(ONI, "the opponent's yaku without their pile", oni([ev("stop", "A")]) | {
        "captures": {"A": POETRY3}}, "captures.B", options={"winner_scores_all_yaku": True}),
    case(ONI, "a doubling bright not recorded", oni([ev("stop", "A")], a=POETRY3), "events",
         options={"super_bright": True}, option="super_bright", event="opening_field_brights"),
    case(ONI, "a sub-rule without its rule", example(ONI), "options.lucky_7_triple",
         options={"lucky_7_triple": True}, option="lucky_7_triple"),
    # --- the capture games' shared checks (_capture, _capture_expert)
    case(HJH, "a hiki flower that is no word",
         example(HJH, events=[ev("hiki_formed", "A", flower=5)]), "events.0.flower",
         event="hiki_formed", given=("5",)),
    case(HJH, "a carry's round in words", example(HJH, carry={"round": "two"}), "carry.round",
         given=("two",)),
    case(HJH, "a revealed month that is no month",
         example(HJH, events=[ev("reveal_three_of_a_kind", "C", flower="sakura")]),
         "events.0.flower", event="reveal_three_of_a_kind", given=("sakura",)),
    case("higo-bana", "a hiki month outside the deck",
         example("higo-bana", events=[ev("hiki_formed", flower="lotus")]),
         "events.0.flower", event="hiki_formed", given=("lotus",)),
    case(HJH, "an event field the event has not",
         example(HJH, events=[ev("reveal_three_of_a_kind", "C", flower="pampas", colour=1)]),
         "events.0.colour", event="reveal_three_of_a_kind", given=("colour",)),
]


def scored(client, game, body, options, lang):
    r = client.post(f"/api/v1/games/{game}/score", json={**body, "options": options},
                    headers={"Accept-Language": lang})
    assert r.status_code == 422, (r.status_code, r.get_json())
    return r.get_json()["errors"][0]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game,body,options,field,option,event,given", ERRORS)
def test_the_error_names_things_in_player_words(client, catalogues, game, body, options,
                                                field, option, event, given, lang):
    err = scored(client, game, body, options, lang)
    assert err["field"] == field, err
    assert err.get("option") == option and err.get("event") == event, err
    text = err["message"] if lang == "en" else err["said"]
    # "koi-koi" is also the call's name ("a forced koi-koi"), not only the game's id
    given += ("koi-koi",) if game in (KK, ONI) else ()
    assert not not_plain(game, text, given), (not_plain(game, text, given), text)
    if lang != "en":
        assert err["said"] != err["message"], err
        untranslated = [t for t in templates_of(err) if not (
            catalogues[lang].get(t) and catalogues[lang].get(t).string)]
        assert not untranslated, untranslated


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", [KK, ONI, HACHI])
def test_a_carry_that_is_not_the_previous_rounds(client, catalogues, game, lang):
    """A carry that is no object: the API's schema turns it away before the engine, so the
    engine's own sentence (for callers of ``tally.score_round``) is said here as the API
    would say it, in a request in the reader's language."""
    with pytest.raises(tally.TallyError) as e:
        tally.score_round(game, example(game, carry=[1]))
    err = e.value.to_dict()
    assert err["field"] == "carry"
    with client.application.test_request_context(headers={"Accept-Language": lang}):
        text = tally.i18n.add_said(err).get("said", err["message"]) if lang != "en" \
            else err["message"]
    assert "previous round" in err["message"] and not not_plain(game, text, ("koi-koi",)), text
    if lang != "en":
        assert text != err["message"]
        assert not [t for t in templates_of(err) if not catalogues[lang].get(t)]


def test_a_yaku_is_named_as_the_picker_names_it(client):
    """Quick entry: the yaku is said by its name (English on the list, 赤短 / 홍단 in ja /
    ko), its id stays in the error's ``rule``."""
    body = quick([("akatan", 3), ("akatan", 4)])
    en = scored(client, KK, body, {}, "en")
    assert "3 Poetry Ribbons" in en["message"] and "akatan" not in en["message"]
    assert en["rule"] == "akatan" and en["player"] == "Aki"
    assert "赤短" in scored(client, KK, body, {}, "ja")["said"]


def test_a_list_of_yaku_keeps_each_name_and_count(client):
    """Tane 6 and Boar, Deer, Butterfly 5 count the same tens: each yaku is said by name with
    its count, in every language (a name may hold a comma)."""
    body = quick([("tane", 6), ("inoshikacho", 5)])
    options = {"inoshikacho_and_tane_grow": True}
    en = scored(client, KK, body, options, "en")["message"]
    assert "Any 5 Tens (6 cards), Boar, Deer, Butterfly (5 cards)" in en, en
    ja = scored(client, KK, body, options, "ja")["said"]
    assert "(6枚)" in ja and "猪鹿蝶" in ja, ja


def test_a_house_rule_is_named_by_its_description(client):
    """The forced koi-koi error names the 3-point minimum as the setup page does; the option
    id travels in ``option`` and ``field``."""
    err = scored(client, KK, kk([ev("koi_koi", "Aki", forced=True)]), {}, "en")
    description = next(o.description for o in tally.get_game(KK).options
                       if o.id == "minimum_points")
    assert description[1:] in err["message"] and "minimum_points" not in err["message"]


def test_an_unknown_declared_yaku_lists_the_known_ones_in_its_fields(client):
    err = scored(client, KK, quick([("sakura",)]), {}, "en")
    assert "goko" in err["known"] and "goko" not in err["message"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game,body,options", [
    pytest.param(ONI, oni([ev("automatic_win_hand", "A"), ev("automatic_win_hand", "B")]),
                 {"automatic_win": True}, id="both hold an automatic win"),
    pytest.param(ONI, oni([ev("koi_koi", "B", forced=True), ev("stop", "A")]),
                 {"minimum_points": True, "minimum_points_call_counts_as_koikoi": False},
                 id="a forced koi-koi that is not a real call"),
])
def test_oni_notes_in_player_words(client, game, body, options, lang):
    """Two sentences of a scored Oni Koi-Koi round that named a digest section or an option
    id: the misdeal of two automatic wins (A11), a forced call that does not count."""
    from test_plain_words_results import sentences
    r = client.post(f"/api/v1/games/{game}/score", json={**body, "options": options},
                    headers={"Accept-Language": lang})
    assert r.status_code == 200, r.get_json()
    said = list(sentences(r.get_json(), lang))
    assert said and not [s for s in said if not_plain(game, s, ("koi-koi",))], said
