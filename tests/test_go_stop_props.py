"""Go-Stop: property tests (hypothesis) and bad-input errors (shared/rules/go-stop.md)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tally
from tally import TallyError
from tally.cards import BONUS_CARDS, FULL_DECK, CardSet

G = "go-stop"
FLOWERS = CardSet(FULL_DECK).slugs
MONTHS = ["pine", "plum", "cherry", "wisteria", "iris", "peony", "clover", "pampas",
          "chrysanthemum", "maple", "willow", "paulownia"]
PRESETS = ["pagat", "book", "encyclopedia"]
GODORI5 = ["plum-warbler", "wisteria-cuckoo", "pampas-geese"]


def random_round(seed: int, n_players: int, preset: str):
    """A random but valid Stop round: piles dealt from a shuffled deck (plus the preset's
    jokers), random heundeum/bomb/ppuk/steal events and Go calls by the losers; the Go/Stop
    score checks are off so that any winner pile can be settled."""
    rng = random.Random(seed)
    c = tally.get_game(G).compiled(preset)
    deck = CardSet(c.deck).slugs
    rng.shuffle(deck)
    players = ["A", "B", "C"][:n_players]
    cut = sorted(rng.sample(range(len(deck)), n_players))
    piles, start = {}, 0
    for p, end in zip(players, cut[1:] + [rng.randint(cut[-1], len(deck))]):
        piles[p] = deck[start:end]
        start = end
    W = rng.choice(players)
    events = []
    for p in players:
        for m in rng.sample(MONTHS, rng.randint(0, 2)):
            events.append({"type": "heundeum", "player": p, "month": m})
        if rng.random() < 0.3:
            events.append({"type": "ppuk", "player": p, "month": rng.choice(MONTHS),
                           "turn": rng.randint(1, 3)})
        if rng.random() < 0.3:
            events.append({"type": rng.choice(["chok", "sseul", "ttadak"]), "player": p})
        if p != W and rng.random() < 0.4:
            events.append({"type": "go", "player": p})
    if n_players == 3 and rng.random() < 0.3:
        off = rng.choice(players)
        events.append({"type": "syodang_offer", "player": off,
                       "refused_by": rng.choice([q for q in players if q != off])})
    events += [{"type": "go", "player": W}] * rng.randint(0, 5)
    events.append({"type": "stop", "player": W})
    return {"players": players, "dealer": rng.choice(players), "captures": piles,
            "events": events, "check_calls": False,
            "carry": {"nagari": rng.randint(0, 2)}}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 9), n=st.sampled_from([2, 3]), preset=st.sampled_from(PRESETS))
def test_payments_sum_to_zero(seed, n, preset):
    """Chips are zero-sum among the players (1: Accounting) for random 2- and 3-player
    rounds; the winner never loses chips in the settlement."""
    res = tally.score_round(G, random_round(seed, n, preset), preset=preset)
    net = res.net()
    assert sum(net.values()) == 0
    settle = [p for p in res.payments if p.reason.startswith("Stop")]
    assert all(p.payee == res.winner and p.amount > 0 for p in settle)
    assert [p.player for p in res.players] == ["A", "B", "C"][:n]


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10 ** 9), n=st.sampled_from([2, 3]), preset=st.sampled_from(PRESETS))
def test_card_order_never_changes_the_result(seed, n, preset):
    rnd = random_round(seed, n, preset)
    shuffled = dict(rnd, captures={p: list(reversed(c)) for p, c in rnd["captures"].items()})
    rng = random.Random(seed)
    for cards in shuffled["captures"].values():
        rng.shuffle(cards)
    a = tally.score_round(G, rnd, preset=preset).to_dict()
    b = tally.score_round(G, shuffled, preset=preset).to_dict()
    assert a == b


OPTION_SETS = [
    ("pagat", {}), ("book", {}), ("encyclopedia", {}),
    ("pagat", {"yukdori_bidori": True, "vip_ssangpi": True, "palssari": True}),
    ("book", {"dry_four_not_yaku": True, "bi_sa_gwang_points": 3, "godori_points": 3}),
    ("pagat", {"sake_mode": "animal_or_single_junk"}),
    ("pagat", {"iris_bridge_mode": "animal_or_double_junk"}),
    ("pagat", {"iris_bridge_mode": "animal_and_single_junk", "joker_abilities": True}),
]


@settings(max_examples=200, deadline=None)
@given(cards=st.lists(st.sampled_from(FLOWERS), unique=True, max_size=30),
       extra=st.sampled_from(FLOWERS), which=st.integers(0, len(OPTION_SETS) - 1))
def test_adding_a_card_never_lowers_points(cards, extra, which):
    """Section 4 under every option set above (every preset, the bird/VIP/palssari rows, the
    dry-four and 3-point variants, the sake and iris modes): adding a card never lowers the
    payment points P nor the Stop points P_stop. (Each row only grows with its count or
    completes a set; the bright rows are monotone: 3 dry -> with rain 4 or 3 >= 3... and the
    flexible cards take their best designation.)"""
    preset, options = OPTION_SETS[which]
    if extra in cards:
        return
    before = tally.evaluate(G, cards, preset=preset, options=options)
    after = tally.evaluate(G, cards + [extra], preset=preset, options=options)
    assert after.points >= before.points
    assert after.details["stop_points"] >= before.details["stop_points"]


@settings(max_examples=150, deadline=None)
@given(cards=st.lists(st.sampled_from(FLOWERS), unique=True, max_size=30),
       which=st.integers(0, len(OPTION_SETS) - 1))
def test_row_ids_match_hits(cards, which):
    """The settlement's fast row test agrees with the rows evaluate reports."""
    preset, options = OPTION_SETS[which]
    c = tally.get_game(G).compiled(preset, options)
    m = CardSet(cards).mask
    for d in c.designations(m):
        n_a, j = c.counts(m, d)
        assert c.row_ids(m, n_a, j) == {y.id for y in c.hits(m, d, n_a, j)}


@settings(max_examples=150, deadline=None)
@given(cards=st.lists(st.sampled_from(FLOWERS), unique=True, max_size=30))
def test_evaluate_order_and_hits_sum(cards):
    a = tally.evaluate(G, cards)
    b = tally.evaluate(G, list(reversed(cards)))
    assert a == b
    assert sum(y.points for y in a.yaku) == a.points


# ---------------------------------------------------------------------------------------------
# errors: each names the culprit
# ---------------------------------------------------------------------------------------------

def three(a, b=(), c=(), events=None, **kw):
    rnd = {"players": ["A", "B", "C"], "dealer": "A",
           "captures": {"A": list(a), "B": list(b), "C": list(c)},
           "events": events if events is not None else [{"type": "stop", "player": "A"}]}
    rnd.update(kw)
    return rnd


def test_error_unknown_slug():
    with pytest.raises(TallyError, match="unknown card 'pine-cran'") as e:
        tally.score_round(G, three(["pine-cran"]))
    assert e.value.card == "pine-cran" and e.value.player == "A"


def test_error_card_in_two_piles():
    with pytest.raises(TallyError, match="'Pine with crane' is in both '?A'?'s and '?B'?'s") as e:
        tally.score_round(G, three(GODORI5 + ["pine-crane"], ["pine-crane"]))
    assert e.value.card == "pine-crane"


def test_error_joker_not_in_play():
    with pytest.raises(TallyError, match="'Joker A' is not in play"):
        tally.score_round(G, three(GODORI5, ["joker-a"]))
    with pytest.raises(TallyError, match="Bonus card: boss"):
        tally.evaluate(G, ["joker-boss"])
    assert tally.evaluate(G, ["joker-a"], preset="book").details["junk_value"] == 2
    with pytest.raises(TallyError, match="Bonus card: two junk"):
        tally.evaluate(G, ["joker-2"], options={"joker_table": "none"})
    assert BONUS_CARDS & tally.get_game(G).deck == BONUS_CARDS


def test_error_stop_below_threshold():
    with pytest.raises(TallyError, match="cannot stop with 2 points: the Stop target is 3") \
            as e:
        tally.score_round(G, three(["pine-crane", "cherry-curtain", "willow-rainman"]))
    assert e.value.player == "A" and e.value.rule == "stop"
    rnd = {"players": ["A", "B"], "dealer": "A", "captures": {"A": GODORI5, "B": []},
           "events": [{"type": "stop", "player": "A"}]}
    with pytest.raises(TallyError, match="target is 7"):
        tally.score_round(G, rnd)


def test_error_stop_score_disagrees():
    with pytest.raises(TallyError, match="A's Stop says 6 points, but the cards score 5: "
                                         "check the Stop's score or the cards"):
        tally.score_round(G, three(GODORI5, events=[{"type": "stop", "player": "A",
                                                     "score": 6}]))


def test_error_go_scores():
    go = lambda s: {"type": "go", "player": "A", "score": s}  # noqa: E731
    with pytest.raises(TallyError, match="cannot say Go at 2 points"):
        tally.score_round(G, three(GODORI5, events=[go(2), {"type": "stop", "player": "A"}]))
    with pytest.raises(TallyError, match="needs more than 4 points, not 3"):
        tally.score_round(G, three(GODORI5, events=[go(4), go(3),
                                                    {"type": "stop", "player": "A"}]))
    # a Go's score is optional (issue 9): a Go without one is accepted
    tally.score_round(G, three(GODORI5, events=[{"type": "go", "player": "A"},
                                                {"type": "stop", "player": "A"}]))
    with pytest.raises(TallyError, match="the Stop needs more than 5 points, and the cards "
                                         "score 5"):
        tally.score_round(G, three(GODORI5, events=[go(5), {"type": "stop", "player": "A"}]))


def test_error_players():
    names = [f"P{i}" for i in range(8)]
    with pytest.raises(TallyError, match="2-7 players, not 8"):
        tally.score_round(G, {"players": names, "dealer": "P0", "events": []})
    with pytest.raises(TallyError, match="exactly 2 must sit out"):
        tally.score_round(G, {"players": names[:5], "dealer": "P0",
                              "sitting_out": {"P1": {}}, "events": [{"type": "nagari"}]})
    with pytest.raises(TallyError, match="dealer 'P0' must play"):
        tally.score_round(G, {"players": names[:4], "dealer": "P0",
                              "sitting_out": {"P0": {}}, "events": [{"type": "nagari"}]})
    seven = {"players": names[:7], "dealer": "P0", "events": [{"type": "nagari"}],
             "sitting_out": {f"P{i}": {} for i in (1, 2, 3, 4)}}
    assert tally.score_round(G, seven).carry["nagari"] == 1
    with pytest.raises(TallyError, match="seven people need at least one joker"):
        tally.score_round(G, seven, options={"joker_table": "none"})
    with pytest.raises(TallyError, match="nobody sits out"):
        tally.score_round(G, {"players": names[:3], "dealer": "P0",
                              "sitting_out": {"P1": {}}, "events": [{"type": "nagari"}]})


def test_error_event_names_unknown_or_sitting_player():
    with pytest.raises(TallyError, match="names 'Zed'") as e:
        tally.score_round(G, three(GODORI5, events=[{"type": "go", "player": "Zed",
                                                     "score": 3}]))
    assert e.value.player == "Zed"
    rnd = {"players": ["A", "B", "C", "D"], "dealer": "A", "sitting_out": {"D": {}},
           "events": [{"type": "chok", "player": "D"}, {"type": "nagari"}]}
    with pytest.raises(TallyError, match="'D', who is not at the table"):
        tally.score_round(G, rnd)
    with pytest.raises(TallyError, match="who refused, 'Zed'"):
        tally.score_round(G, three(GODORI5, events=[
            {"type": "syodang_offer", "player": "B", "refused_by": "Zed"}]))


def test_error_impossible_events():
    with pytest.raises(TallyError, match="no end"):
        tally.score_round(G, three(GODORI5, events=[]))
    with pytest.raises(TallyError, match="'gogo', is not an event of this game"):
        tally.score_round(G, three(GODORI5, events=[{"type": "gogo", "player": "A"}]))
    with pytest.raises(TallyError, match="unknown month 'june'"):
        tally.score_round(G, three(GODORI5, events=[
            {"type": "heundeum", "player": "A", "month": "june"},
            {"type": "stop", "player": "A"}]))
    with pytest.raises(TallyError, match="only after the deal"):
        tally.score_round(G, three(GODORI5, events=[
            {"type": "heundeum", "player": "A", "month": "pine", "turn": 3},
            {"type": "stop", "player": "A"}]), preset="book")
    with pytest.raises(TallyError, match="only with 3 players"):
        tally.score_round(G, {"players": ["A", "B"], "dealer": "A", "events": [
            {"type": "syodang_offer", "player": "A", "refused_by": "B"}, {"type": "nagari"}]})
    with pytest.raises(TallyError, match="pays nothing unless the house rule") as e:
        tally.score_round(G, three(GODORI5, events=[
            {"type": "first_turn_chok", "player": "A"}, {"type": "stop", "player": "A"}]))
    assert e.value.option == "first_turn_chok_chips"
    with pytest.raises(TallyError, match="skip a hand play only after a bomb"):
        tally.score_round(G, three(GODORI5, events=[
            {"type": "pass_hand_play", "player": "A"}, {"type": "stop", "player": "A"}]))
    with pytest.raises(TallyError, match="without all five brights"):
        tally.score_round(G, three(GODORI5, events=[
            {"type": "winning_brights", "player": "A"}]), options={"winning_brights": True})
    with pytest.raises(TallyError, match="needs 'B''s captures"):
        tally.score_round(G, {"players": ["A", "B"], "dealer": "A",
                              "captures": {"A": GODORI5},
                              "events": [{"type": "stop", "player": "A"}]},
                          options={"stop_threshold_2p": 5})


def test_error_oe_myeon():
    oe = {"type": "oe_myeon", "player": "C", "card": "pine-crane"}
    with pytest.raises(TallyError, match="'Pine with crane' is not in the winner 'A'"):
        tally.score_round(G, three(GODORI5, events=[oe, {"type": "stop", "player": "A"}]))
    oe = {"type": "oe_myeon", "player": "A", "card": "plum-warbler"}
    with pytest.raises(TallyError, match="winner 'A' cannot be liable"):
        tally.score_round(G, three(GODORI5, events=[oe, {"type": "stop", "player": "A"}]))


def test_error_gwangpalli_claims():
    P = ["A", "B", "C", "D", "E"]
    with pytest.raises(TallyError, match="cannot sell 'Pine poetry ribbon'"):
        tally.score_round(G, {"players": P, "dealer": "A",
                              "sitting_out": {"B": {}, "E": {"shows": ["pine-poetry"]}},
                              "events": [{"type": "nagari"}]})
    with pytest.raises(TallyError, match="'Pine with crane' is in 'C''s captures and shown"):
        tally.score_round(G, {"players": P, "dealer": "A",
                              "sitting_out": {"B": {}, "E": {"shows": ["pine-crane"]}},
                              "captures": {"C": ["pine-crane"]},
                              "events": [{"type": "nagari"}]})


def test_round_speed_smoke():
    """The round example scores (timing is measured in the report, not asserted here)."""
    g = tally.get_game(G)
    res = tally.score_round(G, g.round_example)
    assert sum(res.net().values()) == 0 and res.winner == "Ana"
