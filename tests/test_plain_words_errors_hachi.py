"""Issue 9, section 3, the errors no test round reached: Hachi-Hachi, Six Hundred, Sudaoshi,
Hachi-juu Hana and Hachi say what is wrong in player words, in English, Japanese and Korean.

Each invalid round is a game's example round (``tally.get_game(g).round_example``) with one
thing a table or a client gets wrong: a round key (the opening field, how the round ended, the
previous round's carry), an event (a play decision that is neither play nor pass, a call
that is neither Continue nor End), an event recorded while its house rule is off, a quick-entry
total that the cards cannot make. The message names the event by its button's words, the
house rule by its description, the key by what it means; the key itself stays in ``field``,
and the house rule and the event ids in ``option`` and ``event``, so an API client loses
nothing. No number is expected here: every case asserts only where the error points and how
it is said.
"""

from __future__ import annotations

import copy

import pytest

import tally
from tally.cards import CARD

from test_plain_words_errors import LANGS, catalogues, client, not_plain, scored, templates_of

__all__ = ("catalogues", "client")  # the fixtures, shared with the all-games error test

HH, SH, SU, JH = "hachi-hachi", "six-hundred", "sudaoshi", "hachi-juu-hana"


def ex(game: str) -> dict:
    return copy.deepcopy(tally.get_game(game).round_example)


def hh(drop=(), events=None, **changes) -> dict:
    """The Hachi-Hachi example (A deals, B and C play, D is forced out and claims
    compensation, A claims Any 7 Chaffs, B calls End on 4 Dry Brights) with changes."""
    body = {k: v for k, v in ex(HH).items() if k not in drop}
    if events is not None:
        body["events"] = events
    return {**body, **changes}


def with_event(game: str, i: int, **changes) -> list:
    """The example's events with event ``i`` changed (a value None removes the key)."""
    evs = ex(game)["events"]
    evs[i] = {k: v for k, v in {**evs[i], **changes}.items() if v is not None}
    return evs


def picked(*which, extra=(), at=None) -> list:
    """Some of the Hachi-Hachi example's events, in the order given, with ``extra`` put in
    at ``at`` (at the end by default)."""
    evs = [ex(HH)["events"][i] for i in which]
    at = len(evs) if at is None else at
    return evs[:at] + list(extra) + evs[at:]


def quick(**totals) -> dict:
    """The Hachi-Hachi example with some players' captures given as totals instead."""
    caps = {p: c for p, c in ex(HH)["captures"].items() if p not in totals}
    return hh(captures=caps, totals=totals)


A_HAND = ex(HH)["hands"]["A"]
ONLY_D_HAND = {"D": ex(HH)["hands"]["D"]}
ONLY_A_HAND = {"A": A_HAND}
DROP_A = {"type": "dealer_drop_out", "player": "A"}
RESP = {"type": "responsibility", "player": "C", "completer": "B", "yaku": "four_dry_brights"}


def with_ev(game: str, i: int, **changes) -> dict:
    return {**ex(game), "events": with_event(game, i, **changes)}


def juu_hana(*events) -> dict:
    return {**ex(JH), "events": ex(JH)["events"] + list(events)}


def hachi_overfull() -> dict:
    """Hachi: 20 captured cards each, 40 in all, where at most 34 come into play."""
    body = ex("hachi")
    caps = body["captures"]
    rest = [s for s in CARD if s not in caps["Aki"] + caps["Bo"]]
    return {**body, "captures": {"Aki": caps["Aki"] + rest[:10],
                                 "Bo": caps["Bo"] + rest[10:20]}}


FOUR_PLUM = {"type": "dealer_field_four_capture", "flower": "plum"}  # A captured all 4 plum
NEEDS_RULE = "needs the house rule"

# (game, what is wrong, round, house rules, the values typed (a message may quote them back),
#  the field, the other fields the error must carry)
CASES = [
    # the deal: the opening field and its multiplier, the carry, the joker, the last round
    (HH, "a field bright that is not a bright", hh(("field",), field_brights=["plum-chaff-1"]),
     None, (), "field_brights", {}),
    (HH, "field brights that are not the field's", hh(field_brights=["cherry-curtain"]), None,
     (), "field_brights", {}),
    (HH, "a field multiplier that is no field", hh(("field",), field_multiplier="huge"), None,
     ("huge",), "field_multiplier", {"known": ["small_field", "large_field", "grand_field"]}),
    (HH, "a field multiplier the field does not make", hh(field_multiplier=4), None, (),
     "field_multiplier", {}),
    (HH, "no opening field at all", hh(("field",)), None, (), "field", {}),
    (HH, "a carried multiplier without its house rule", hh(carry={"carry_multiplier": 2}), None,
     (), "carry.carry_multiplier", {"option": "carryover_multiplier"}),
    (HH, "a carried multiplier of 3", hh(carry={"carry_multiplier": 3}),
     {"carryover_multiplier": True}, (), "carry.carry_multiplier", {}),
    (HH, "a joker with 4 players", hh(joker_holder="A"), None, (), "joker_holder", {}),
    (HH, "the last round as a word", hh(last_round="yes"), None, ("yes",), "last_round", {}),
    # who plays: drop-outs, trades, decisions, compensation
    (HH, "a dealer drop-out without its house rule", hh(events=[DROP_A] + ex(HH)["events"]),
     None, (), "events.0", {"option": "drop_out_dealer", "event": "dealer_drop_out"}),
    (HH, "a trade without its house rule",
     hh(events=[{"type": "trade", "player": "B"}] + ex(HH)["events"]), None, (), "events.0",
     {"option": "trade", "event": "trade"}),
    (HH, "a dealt hand for the dealer who dropped out", hh(events=[DROP_A] + ex(HH)["events"]),
     {"drop_out_dealer": True}, (), "hands.A", {}),
    (HH, "a sold hand", hh(events=[{"type": "sell", "player": "B"}]), None, (), "events.0",
     {}),
    (HH, "a call before the decisions", hh(events=picked(4, 0, 1, 2, 3)), None, (),
     "events.1", {"event": "play_decision"}),
    (HH, "no play decisions", hh(events=picked(2, 3, 4)), None, (), "events",
     {"event": "play_decision"}),
    (HH, "a decision that is neither play nor pass",
     hh(events=with_event(HH, 0, choice="maybe")), None, ("maybe",), "events.0.choice", {}),
    (HH, "compensation for a player who plays", hh(events=with_event(HH, 2, player="B")), None,
     (), "events.2", {}),
    # the claims before play
    (HH, "an immediate win nobody claimed",
     hh(events=picked(0, 1, 2, 3, extra=[{"type": "immediate_win", "player": "A"}])),
     {"four_and_three": True}, (), "events.4", {"event": "immediate_win"}),
    (HH, "a card shown that is not in the dealt hand",
     hh(events=with_event(HH, 3, cards=["pine-poetry"])), None, (), "events.3.cards", {}),
    (HH, "a chaff claim that hides a chaff", hh(events=with_event(HH, 3, cards=A_HAND[2:])),
     None, (), "events.3.cards", {}),
    (HH, "a hand combination the cards do not make",
     hh(events=with_event(HH, 3, combos=["suit_three_pairs"])), None, (), "events.3.combos",
     {}),
    (HH, "a hand combination twice",
     hh(events=with_event(HH, 3, combos=["chaff_seven_chaff", "chaff_seven_chaff"])), None, (),
     "events.3.combos", {}),
    (HH, "a claim with no cards and no combination",
     hh(hands=ONLY_D_HAND, events=with_event(HH, 3, combos=None)), None, (), "events.3.cards",
     {"event": "hand_combo_claim"}),
    (HH, "claimed triples captured whole out of range",
     hh(hands=ONLY_D_HAND, events=with_event(HH, 3, combos=["suit_three_of_a_kind"],
                                             captured_suit=5)),
     None, (), "events.3.captured_suit", {}),
    (HH, "cards shown and a count of loose cards", hh(events=with_event(HH, 2, loose_cards=1)),
     None, (), "events.2.loose_cards", {}),
    (HH, "a compensation claim with nothing shown or named",
     hh(hands=ONLY_A_HAND, events=with_event(HH, 2, cards=None, hand_combos=None)), None, (),
     "events.2.cards", {"event": "compensation_claim"}),
    (HH, "loose cards beyond a hand",
     hh(hands=ONLY_A_HAND, events=with_event(HH, 2, cards=None, hand_combos=None,
                                             loose_cards=9)),
     None, (), "events.2.loose_cards", {}),
    (HH, "a whole hand of chaff with loose cards",
     hh(hands=ONLY_A_HAND, events=with_event(HH, 2, cards=None,
                                             hand_combos=["chaff_seven_chaff"], loose_cards=1)),
     None, (), "events.2", {}),
    # the play and how the round ended
    (HH, "a round ended by an immediate win nobody claimed", hh(round_end="immediate_win"),
     None, (), "round_end", {}),
    (HH, "captures for a player forced out",
     hh(captures={**ex(HH)["captures"], "D": ["pine-poetry"]}), None, (), "captures.D", {}),
    (HH, "two ends that disagree",
     hh(round_end="cancel", events=picked(0, 1, 2, 3, 4, extra=[{"type": "round_end",
                                                                 "how": "end"}])),
     None, (), "events.5.how", {}),
    (HH, "an end that is no end", hh(round_end="sideways"), None, ("sideways",), "round_end",
     {}),
    (HH, "an end after an immediate win",
     hh(hands=ONLY_D_HAND, round_end="end", captures={},
        events=picked(0, 1, 2, extra=[{"type": "hand_combo_claim", "player": "A",
                                       "combos": ["suit_four_and_three"]}])),
     {"four_and_three": True}, (), "round_end", {}),
    (HH, "an end the calls do not make", hh(round_end="cancel"), None, (), "round_end", {}),
    (HH, "a tie winner who sits out", hh(tie_winner="D"), None, (), "tie_winner", {}),
    (HH, "a call that is neither Continue nor End", hh(events=with_event(HH, 4, call="stop")),
     None, ("stop",), "events.4.call", {"known": ["continue", "end"]}),
    (HH, "a yaku and no call", hh(events=picked(0, 1, 2, 3)), None, (), "captures.B", {}),
    (HH, "a call's total yaku value not in tens", hh(events=with_event(HH, 4, tyv=105)), None,
     (), "events.4.tyv", {}),
    (HH, "a call's total yaku value the captures do not make",
     hh(events=with_event(HH, 4, tyv=90)), None, (), "events.4.tyv", {}),
    (HH, "a call with a yaku not captured",
     hh(events=with_event(HH, 4, yaku=["poetry_ribbons"])), None, (), "events.4.yaku", {}),
    (HH, "a call's yaku that are not a list",
     hh(events=with_event(HH, 4, yaku="four_dry_brights")), None, ("four_dry_brights",),
     "events.4.yaku", {}),
    (HH, "a responsibility without its house rule",
     hh(events=picked(0, 1, 2, 3, 4, extra=[RESP], at=4)), None, (), "events.4",
     {"option": "responsibility_penalty", "event": "responsibility"}),
    (HH, "had a choice as a word",
     hh(events=picked(0, 1, 2, 3, 4, extra=[{**RESP, "had_choice": "yes"}], at=4)),
     {"responsibility_penalty": True}, ("yes",), "events.4.had_choice", {}),
    (HH, "a responsibility for a yaku not captured",
     hh(events=picked(0, 1, 2, 3, 4, extra=[{**RESP, "yaku": "purple_ribbons"}], at=4)),
     {"responsibility_penalty": True}, (), "events", {}),
    # quick entry: the totals said at the table
    (HH, "totals that are not a record", hh(totals=5), None, ("5",), "totals",
     {"known": ["card_points", "chaff", "yaku", "ribbons"]}),
    (HH, "totals for a player forced out", hh(totals={"D": {"card_points": 0}}), None, (),
     "totals.D", {}),
    (HH, "a player's totals that are a number", quick(B=5), None, ("5",), "totals.B", {}),
    (HH, "a key the totals do not have", quick(B={"card_points": 100, "tcv": 3}), None,
     ("tcv",), "totals.B.tcv", {}),
    (HH, "card points beyond the deck", quick(B={"card_points": 300}), None, (),
     "totals.B.card_points", {}),
    (HH, "too few ribbons for the yaku",
     quick(B={"card_points": 100, "yaku": ["poetry_ribbons"], "ribbons": 2}), None, (),
     "totals.B.ribbons", {}),
    (HH, "too few card points for the yaku",
     quick(B={"card_points": 50, "yaku": ["four_dry_brights"]}), None, (), "totals.B.yaku",
     {}),
    (HH, "Any 7 Dry Ribbons without the number of ribbons",
     quick(B={"card_points": 120, "yaku": ["seven_dry_ribbons"]}), None, (),
     "totals.B.ribbons", {}),
    (HH, "card points the chaff cannot leave", quick(B={"card_points": 100, "chaff": 7}), None,
     (), "totals.B.card_points", {}),
    (HH, "card points the ribbons cannot leave",
     quick(B={"card_points": 100, "chaff": 10, "ribbons": 1}), None, (), "totals.B.ribbons",
     {}),
    (HH, "yaku that are not a list", quick(B={"card_points": 100, "yaku": "five_brights"}),
     None, ("five_brights",), "totals.B.yaku", {}),
    (HH, "a yaku not in force", quick(B={"card_points": 120, "yaku": ["boar_deer_butterfly"]}),
     None, ("boar_deer_butterfly",), "totals.B.yaku",
     {"known": ["five_brights", "four_dry_brights", "poetry_ribbons", "purple_ribbons",
                "seven_dry_ribbons"]}),
    (HH, "a yaku twice",
     quick(B={"card_points": 120, "yaku": ["five_brights", "four_dry_brights"]}), None, (),
     "totals.B.yaku", {}),
    (HH, "Simple 16 Yaku by totals under the extra-chaff reading",
     quick(B={"card_points": 120, "chaff": 20, "yaku": ["simple_16_yaku"]}),
     {"simple_16_yaku": True, "simple_16_yaku_extra_chaff": True}, (), "totals.B.yaku",
     {"option": "simple_16_yaku_extra_chaff"}),
    (HH, "a yaku whose card another player captured",
     quick(C={"card_points": 80, "yaku": ["four_dry_brights"]}), None, (), "totals.C.yaku", {}),
    (HH, "more chaff declared than the deck holds",
     quick(A={"card_points": 24, "chaff": 24}, C={"card_points": 24, "chaff": 24}), None, (),
     "totals", {}),
    # Six Hundred: hand combination claims and the wild Storm Chaff
    (SH, "a claim without its combinations", with_ev(SH, 0, combinations=None), None, (),
     "events.0.combinations", {"event": "hand_combination_claim"}),
    (SH, "a hand combination the game does not have",
     with_ev(SH, 0, combinations=["hand_four_of_a_kind"]), None, ("hand_four_of_a_kind",),
     "events.0.combinations",
     {"known": ["hand_all_chaff", "hand_three_of_a_kind", "hand_two_three_of_a_kind"]}),
    (SH, "a claim without its cards", with_ev(SH, 0, cards=None), None, (), "events.0.cards",
     {"event": "hand_combination_claim"}),
    (SH, "a wild capture with the Storm Chaff not wild", ex(SH), {"no_wild": True}, (),
     "events.1", {"option": "no_wild", "event": "wild_capture"}),
    (SH, "a wild capture of a card not captured", with_ev(SH, 1, card="pine-crane"), None, (),
     "events.1.card", {"event": "wild_capture"}),
    # Sudaoshi: the burdens and the claims
    (SU, "burdens that are not 100, 110 and 120",
     {**ex(SU), "burdens": {"A": 100, "B": 100, "C": 120}}, None, (), "burdens", {}),
    (SU, "carried burdens that are not 100, 110 and 120",
     {**ex(SU), "carry": {"burdens": {"A": 100, "B": 100, "C": 120}}}, None, (),
     "carry.burdens", {}),
    (SU, "a dealer without the 100 burden",
     {**ex(SU), "burdens": {"A": 110, "B": 100, "C": 120}}, None, (), "burdens", {}),
    (SU, "a claim with no cards and no dealt hand", with_ev(SU, 0, cards=None), None, (),
     "events.0.cards", {}),
    # Hachi-juu Hana and Hachi
    (JH, "a willow assignment that is not a map",
     juu_hana({"type": "willow_assignment", "player": "A", "assign": ["willow-rainman"]}), None,
     (), "events.1.assign", {}),
    (JH, "two fours dealt to the field", juu_hana(FOUR_PLUM, FOUR_PLUM), None, (), "events.2",
     {"event": "dealer_field_four_capture"}),
    ("hachi", "more cards captured than come into play", hachi_overfull(), None, (),
     "captures", {}),
]


def _body(body: dict, options) -> dict:
    return {**body, "options": options} if options else body


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game,what,body,options,given,field,extra", CASES,
                         ids=[f"{c[0]}: {c[1]}" for c in CASES])
def test_the_error_is_said_in_player_words(client, catalogues, game, what, body, options,
                                           given, field, extra, lang):
    status, out = scored(client, game, _body(body, options), lang)
    assert status == 422, out
    err = out["errors"][0]
    assert err["field"] == field, (what, err)
    for key, value in extra.items():  # the ids a program reads stay in the error's fields
        assert err.get(key) == value, (what, key, err)
    text = err["message"] if lang == "en" else err["said"]
    assert not not_plain(game, text, given), (what, not_plain(game, text, given), text)
    assert "{" not in text and "}" not in text, text
    if lang != "en":
        assert text != err["message"], (what, text)
        untranslated = [t for t in templates_of(err) if not (
            catalogues[lang].get(t) and catalogues[lang].get(t).string)]
        assert not untranslated, (what, untranslated)


def _error(client, game, body, lang, options=None) -> dict:
    status, out = scored(client, game, _body(body, options), lang)
    assert status == 422, out
    return out["errors"][0]


def test_a_house_rule_is_named_by_its_description(client):
    """The event needs a house rule that is off: the rule is named as the setup page names
    it, the event as its button does; both ids travel in fields."""
    rule = next(o for o in tally.get_game(HH).options if o.id == "drop_out_dealer")
    err = _error(client, HH, hh(events=[DROP_A] + ex(HH)["events"]), "en")
    assert NEEDS_RULE in err["message"] and rule.description in err["message"]
    assert '"Dealer drop out"' in err["message"]
    assert err["option"] == "drop_out_dealer" and err["event"] == "dealer_drop_out"


def test_a_yaku_is_named_not_its_id_in_every_language(client):
    """A quick-entry total that cannot hold its yaku names the yaku as the result does:
    "3 Poetry Ribbons" in English, the book's name (赤短) in Japanese."""
    body = quick(B={"card_points": 100, "yaku": ["poetry_ribbons"], "ribbons": 2})
    assert "3 Poetry Ribbons" in _error(client, HH, body, "en")["message"]
    assert "赤短" in _error(client, HH, body, "ja")["said"]


def test_how_the_round_ended_is_said_as_the_record_page_says_it(client):
    """A round end the calls contradict: English says what each value means; Japanese the
    record page's word for the choice (終了 for "end")."""
    err = _error(client, HH, hh(round_end="cancel"), "en")
    assert "a Cancel call" in err["message"] and "an End call" in err["message"]
    assert "終了" in _error(client, HH, hh(round_end="cancel"), "ja")["said"]


def test_an_unclaimed_hand_combination_is_noted_by_name(client):
    """Sudaoshi: a dealt hand that makes a combination nobody claimed is noted with the
    combination's name, and no rule reference."""
    body = ex(SU)
    body["hands"] = {"C": body["events"][1]["cards"]}
    body["events"] = []
    res = tally.score_round(SU, body)
    note = next(n for n in res.notes if "dealt hand also makes" in n)
    assert "Any 7 Chaffs" in note and "seven_chaffs" not in note and "S7" not in note
