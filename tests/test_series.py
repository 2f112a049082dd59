"""The series replay (tally/series.py): months, dealers, the nagari carry, totals, ledger.

Expected points come from the digests: koi-koi.md section 9 (K7 akatan 5, K8 12, K9 2) and the
dealer rules of koi-koi.md sections 5.4 step 6 (the stopper deals next) and 5.4 step 2 / A13 (a
draw keeps the dealer); go-stop.md section 6.6 (nagari: same dealer, next deal x2) and 6.7 (a
nagari does not complete a month by default).
"""

import pytest

from tally import TallyError
from tally import series

POETRY = ["pine-poetry", "plum-poetry", "cherry-poetry"]
FIVE_TENS = ["plum-warbler", "wisteria-cuckoo", "iris-bridge", "pampas-geese", "willow-swallow"]


def koi(**kw):
    raw = {"game": "koi-koi", "players": ["A", "B"], "length": 6}
    raw.update(kw)
    return series.check_config(raw)


def k7(player="A", other="B"):
    """koi-koi.md 9 K7 (book p.56, seed lines 1938-1987): three poetry ribbons, stop, no koi-koi:
    akatan 5."""
    return {"captures": {player: POETRY, other: []},
            "events": [{"type": "stop", "player": player}]}


def k9():
    """koi-koi.md 9 K9 (p.57): A 3 poetry -> koi-koi; B exactly 5 tens -> stop: B 1 x 2 = 2."""
    return {"captures": {"A": POETRY, "B": FIVE_TENS},
            "events": [{"type": "koi_koi", "player": "A"}, {"type": "stop", "player": "B"}]}


def draw():
    """koi-koi.md 9 K5: the round ends with nobody stopping: both 0, dealer unchanged."""
    return {"captures": {"A": ["pine-poetry"], "B": ["plum-poetry"]}, "events": []}


def totals(summary):
    return {t["player"]: (t["points"], t["chips"]) for t in summary["totals"]}


def test_k7_scores_five_and_winner_deals():
    cfg = koi(first_dealer="B")
    rounds = series.replay(cfg, [k7()])
    assert rounds[0].dealer == "B" and rounds[0].month == 1
    s = series.summary(cfg, rounds)
    assert totals(s) == {"A": (5, 5), "B": (0, -5)}
    assert s["dealer"] == "A"  # the stopper deals next (koi-koi.md 5.4 step 6)
    assert s["month"] == 2 and s["months_played"] == 1
    # each ledger line is the payment (and its template, for translation: tally.results.said)
    ledger = [{k: v for k, v in e.items() if k not in ("template", "params")}
              for e in s["ledger"]]
    assert ledger == [{"seq": 1, "month": 1, "from": "B", "to": "A", "amount": 5,
                       "reason": "round score"}]


def test_draw_keeps_the_dealer_and_uses_a_month():
    cfg = koi(first_dealer="B")
    rounds = series.replay(cfg, [draw()])
    s = series.summary(cfg, rounds)
    assert s["dealer"] == "B"
    assert totals(s) == {"A": (0, 0), "B": (0, 0)}
    assert s["months_played"] == 1  # a koi-koi draw is a played round (only misdeals redeal)


def test_running_totals_over_months():
    # K7 (A +5), then K9 (B 1 x 2 = 2): A 5 points, B 2 points; chips A +3, B -3.
    cfg = koi()
    rounds = series.replay(cfg, [k7(), k9()])
    s = series.summary(cfg, rounds)
    assert totals(s) == {"A": (5, 3), "B": (2, -3)}
    assert [r.dealer for r in rounds] == ["A", "A"]
    assert s["dealer"] == "B"
    assert [t["rounds_won"] for t in s["totals"]] == [1, 1]
    assert s["leaders"] == ["A"]


def test_correction_in_month_2_changes_month_3_dealer_and_ledger():
    cfg = koi()
    inputs = [k7("A", "B"), k9(), k7("A", "B")]
    before = series.replay(cfg, inputs)
    assert [r.dealer for r in before] == ["A", "A", "B"]
    corrected = list(inputs)
    corrected[1] = k7("A", "B")  # month 2 was really won by A
    after = series.replay(cfg, corrected)
    assert [r.dealer for r in after] == ["A", "A", "A"]
    s = series.summary(cfg, after)
    assert totals(s) == {"A": (15, 15), "B": (0, -15)}
    assert [e["to"] for e in s["ledger"]] == ["A", "A", "A"]


def test_series_ends_after_its_length():
    cfg = koi(length=6)
    rounds = series.replay(cfg, [k7()] * 6)
    s = series.summary(cfg, rounds)
    assert s["complete"] and s["month"] is None and s["dealer"] is None
    with pytest.raises(TallyError) as e:
        series.replay(cfg, [k7()] * 7)
    assert "already over" in e.value.message and e.value.field == "rounds.7"


def test_round_errors_name_the_round_card_and_player():
    cfg = koi()
    bad = {"captures": {"A": ["pine-poetry"], "B": ["pine-poetry"]}, "events": []}
    with pytest.raises(TallyError) as e:
        series.replay(cfg, [k7(), bad])
    assert e.value.field == "rounds.2.captures.B"
    assert e.value.card == "pine-poetry" and e.value.player == "B"
    assert e.value.message.startswith("round 2:")


def test_server_keys_are_checked_and_dropped():
    cfg = koi()
    inp = series.clean_input(cfg, {**k7(), "players": ["A", "B"], "dealer": "A"}, dealer="A")
    assert "players" not in inp and "dealer" not in inp
    with pytest.raises(TallyError) as e:
        series.clean_input(cfg, {**k7(), "players": ["B", "A"]})
    assert e.value.field == "players"
    with pytest.raises(TallyError) as e:
        series.clean_input(cfg, {**k7(), "dealer": "B"}, dealer="A")
    assert e.value.field == "dealer" and e.value.player == "B"


@pytest.mark.parametrize("raw, field", [
    ({"players": ["A", "B", "C"]}, "players"),  # koi-koi: exactly 2 (koi-koi.md 1)
    ({"players": ["A", "A"]}, "players"),
    ({"preset": "nope"}, "preset"),
    ({"options": {"no_such_rule": True}}, "options.no_such_rule"),
    ({"length": 5}, "length"),
    ({"first_dealer": "Z"}, "first_dealer"),
    ({"chip_value": -1}, "chip_value"),
    ({"game": "no-such-game"}, "game"),
])
def test_config_errors(raw, field):
    base = {"game": "koi-koi", "players": ["A", "B"]}
    base.update(raw)
    with pytest.raises(TallyError) as e:
        series.check_config(base)
    assert e.value.field == field


def test_config_defaults():
    cfg = series.check_config({"game": "koi-koi", "players": [" A ", "B"]})
    assert cfg.players == ("A", "B") and cfg.first_dealer == "A"
    assert cfg.length == 12 and cfg.preset == "book"
    assert series.check_config({"game": "koi-koi", "players": ["A", "B"],
                                "length": None}).length is None


# ---------------------------------------------------------------- go-stop: nagari carry

GS = ["Ana", "Bo", "Cy"]


def gs_cfg(**kw):
    raw = {"game": "go-stop", "players": GS, "length": 3}
    raw.update(kw)
    return series.check_config(raw)


def gs_stop():
    from tally import get_game
    ex = dict(get_game("go-stop").round_example)
    for k in series.SERVER_KEYS:
        ex.pop(k, None)
    return ex


def nagari():
    return {"captures": {p: [] for p in GS}, "events": [{"type": "nagari"}]}


def test_nagari_keeps_dealer_carries_and_doubles_next_hand():
    """go-stop.md 6.6: after a nagari the same dealer deals and the next deal pays x2; 6.7: the
    nagari does not complete a month (nagari_counts_as_month false by default)."""
    cfg = gs_cfg(first_dealer="Bo")
    plain = series.replay(cfg, [gs_stop()])
    after_nagari = series.replay(cfg, [nagari(), gs_stop()])
    assert after_nagari[0].result["winner"] is None
    assert after_nagari[1].dealer == "Bo"  # same dealer after the nagari
    assert after_nagari[1].carry_in.get("nagari")  # the carry reached the next hand
    assert after_nagari[1].month == 1  # the nagari did not use up month 1
    # The Stop settlement doubles; fixed first-turn chips (ppuk) are never multiplied
    # (go-stop.md 6.4 and 10 A22).
    def settlement(rounds, seq):
        return [(p["from"], p["to"], p["amount"]) for p in rounds[seq].result["payments"]
                if "ppuk" not in p["reason"]]

    def fixed(rounds, seq):
        return [(p["from"], p["to"], p["amount"]) for p in rounds[seq].result["payments"]
                if "ppuk" in p["reason"]]

    assert settlement(after_nagari, 1) == [(a, b, 2 * n) for a, b, n in settlement(plain, 0)]
    assert fixed(after_nagari, 1) == fixed(plain, 0)
    s1 = series.summary(cfg, after_nagari)
    assert s1["months_played"] == 1
    assert [e["seq"] for e in s1["ledger"]] == [2] * len(after_nagari[1].result["payments"])


def test_nagari_counts_as_month_option():
    cfg = gs_cfg(options={"nagari_counts_as_month": True})
    rounds = series.replay(cfg, [nagari(), gs_stop()])
    assert rounds[1].month == 2


# ---------------------------------------------------------------- points-only results

def test_points_only_results_settle_by_differences():
    res = {"players": [{"player": "A", "points": 7}, {"player": "B", "points": 2},
                       {"player": "C", "points": 0}], "payments": []}
    pays = series.round_payments(res, ["A", "B", "C"])
    assert sorted((p["from"], p["to"], p["amount"]) for p in pays) == [
        ("B", "A", 5), ("C", "A", 7), ("C", "B", 2)]


def test_settle_uses_chip_value():
    cfg = series.check_config({"game": "koi-koi", "players": ["A", "B"], "chip_value": 0.5,
                               "currency": "EUR"})
    out = series.settle(cfg, {"A": 7, "B": -7})
    assert out["payments"] == [{"from": "B", "to": "A", "amount": 7, "money": 3.5}]
    assert out["nets"][0] == {"player": "A", "chips": 7, "money": 3.5}


def test_summary_extended_round_by_round_equals_the_full_summary():
    cfg = koi(length=6)
    rounds = series.replay(cfg, [k7(), k9(), draw(), k7("B", "A"), k9(), k7()])
    state = series.summary(cfg, [])
    for r in rounds:
        state = series.summary(cfg, [r], state)
    assert state == series.summary(cfg, rounds)
    assert state["complete"] and state["dealer"] is None
    g = gs_cfg()
    gr = series.replay(g, [nagari(), gs_stop(), nagari()])
    assert series.summary(g, gr[1:], series.summary(g, gr[:1])) == series.summary(g, gr)


# ---------------------------------------------------------------- properties

from hypothesis import given, settings, strategies as hs  # noqa: E402

ROUNDS = [k7("A", "B"), k7("B", "A"), k9(), draw()]


@settings(max_examples=120, deadline=None)
@given(hs.lists(hs.sampled_from(range(len(ROUNDS))), max_size=12),
       hs.sampled_from(["A", "B"]), hs.randoms(use_true_random=False))
def test_series_invariants(picks, first, rnd):
    """Any sequence of valid rounds: chips sum to zero; the winner deals next and a draw keeps
    the dealer (koi-koi.md 5.4 steps 2 and 6); card order in the input changes nothing."""
    cfg = koi(length=12, first_dealer=first)
    inputs = [ROUNDS[i] for i in picks]
    rounds = series.replay(cfg, inputs)
    s = series.summary(cfg, rounds)
    assert sum(t["chips"] for t in s["totals"]) == 0
    dealer = first
    for r in rounds:
        assert r.dealer == dealer
        dealer = r.result["winner"] or dealer
    assert s["months_played"] == len(rounds)
    assert s["dealer"] == (None if len(rounds) == 12 else dealer)
    shuffled = []
    for inp in inputs:
        caps = {p: rnd.sample(cards, len(cards)) for p, cards in inp["captures"].items()}
        shuffled.append({**inp, "captures": caps})
    assert series.summary(cfg, series.replay(cfg, shuffled)) == s


def test_first_to_50_ends_the_series():
    """koi-koi.md 5.4 step 8 / section 8 first_to_50: a running total of 50 or more ends the
    game at once. Ten K7 stops (5 each) reach exactly 50 in month 10 of 12."""
    cfg = koi(length=12, options={"first_to_50": True})
    rounds = series.replay(cfg, [k7()] * 10)
    s = series.summary(cfg, rounds)
    assert s["complete"] and s["game_over"] and s["months_played"] == 10
    assert s["leaders"] == ["A"] and s["dealer"] is None
    assert not series.summary(cfg, rounds[:9])["complete"]
    with pytest.raises(TallyError) as e:
        series.replay(cfg, [k7()] * 11)
    assert e.value.field == "rounds.11"


def test_game_winner_from_the_engine_names_the_leader():
    cfg = koi()
    r = series.replay(cfg, [k7()])[0]
    r.result = {**r.result, "carry": {**r.result["carry"], "game_over": True,
                                      "game_winner": "B"}}
    s = series.summary(cfg, [r])
    assert s["complete"] and s["game_winner"] == "B" and s["leaders"] == ["B"]
