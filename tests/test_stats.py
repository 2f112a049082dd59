"""tally/stats.py (issue 14): a series' statistics and its end, from real rounds scored by the
engine and folded through the running summary (tally.series.advance), as the store keeps it.

Every expected number is computed here by hand from the rounds' payments, which come from
the rules digests:
- Koi-Koi (/work/shared/rules/koi-koi.md): section 9 K8 (3 poetry ribbons + one more ribbon,
  koi-koi then stop: akatan 6, x2 = 12), K9 (the opponent's koi-koi, then 5 tens and stop:
  tane 1, x2 = 2), K7 (3 poetry ribbons, no koi-koi: 5); section 6: the loser pays the winner
  the round score, the series winner has the most chips, then the most rounds won.
- Go-Stop (/work/shared/rules/go-stop.md section 9.1, book preset): EX-B7 (go-bak: B said Go,
  C never did; B pays 10 for both, C 0) and EX-B9 (gwang-bak: A's four dry brights, B with no
  bright pays 10, C with the rain man 5).
"""

from __future__ import annotations

import pytest

from tally import series, stats
from tests.test_go_stop import B_STD, C_STD, GODORI5, gos, stop

POETRY = ["pine-poetry", "plum-poetry", "cherry-poetry"]
FIVE_TENS = ["plum-warbler", "wisteria-cuckoo", "iris-bridge", "pampas-geese", "willow-swallow"]
K8 = {"captures": {"Aki": POETRY + ["wisteria-ribbon"], "Bo": []},
      "events": [{"type": "koi_koi", "player": "Aki"}, {"type": "stop", "player": "Aki"}]}
K9 = {"captures": {"Aki": POETRY, "Bo": FIVE_TENS},
      "events": [{"type": "koi_koi", "player": "Aki"}, {"type": "stop", "player": "Bo"}]}
K7 = {"captures": {"Aki": POETRY, "Bo": []}, "events": [{"type": "stop", "player": "Aki"}]}


def play(cfg, inputs):
    """The rounds scored and the running summary after them (head, tallies), as stored."""
    head, tallies = series.start(cfg)
    rounds = []
    for r, step in series.replay_after(cfg, head, tallies, inputs, 1):
        rounds.append(r)
        head, tallies = step.head, step.tallies
    return rounds, head, tallies


def koi_koi(length=6):
    return series.check_config({"game": "koi-koi", "players": ["Aki", "Bo"], "length": length})


# ------------------------------------------------------------------ what one round tells

def test_a_koi_koi_call_pays_when_its_caller_wins_and_fails_otherwise():
    cfg = koi_koi()
    (r8, r9, r7), _, _ = play(cfg, [K8, K9, K7])
    assert r8.result["winner"] == "Aki" and r9.result["winner"] == "Bo"
    assert stats.round_facts(r8.result, r8.input) == {
        "Aki": {"calls_paid": 1, "calls_failed": 0, "penalties": {}}}
    assert stats.round_facts(r9.result, r9.input) == {  # K9: Bo stops after Aki's call
        "Aki": {"calls_paid": 0, "calls_failed": 1, "penalties": {}}}
    assert stats.round_facts(r7.result, r7.input) == {}  # K7: no call, nothing suffered


def test_a_call_in_a_round_nobody_wins_failed():
    """K4: Aki calls koi-koi, nobody stops: a draw (koi-koi.md section 9)."""
    cfg = koi_koi()
    k4 = {"captures": {"Aki": POETRY, "Bo": []}, "events": [{"type": "koi_koi", "player": "Aki"}]}
    (r,), _, _ = play(cfg, [k4])
    assert r.result["winner"] is None
    assert stats.round_facts(r.result, r.input)["Aki"]["calls_failed"] == 1


def test_the_calls_of_a_game_come_from_its_events():
    assert stats.call_types("koi-koi") == {"koi_koi"}
    assert stats.call_types("go-stop") == {"go"}
    assert stats.call_types("seasons") == frozenset()  # no stop: no call
    assert stats.call_types("no-such-game") == frozenset()


def three(a, b=B_STD, c=C_STD, events=()):
    return {"captures": {"A": a, "B": b, "C": c}, "events": list(events)}


def go_stop_book():
    return series.check_config({"game": "go-stop", "preset": "book",
                                "players": ["A", "B", "C"], "length": 3})


def test_go_bak_and_gwang_bak_are_penalties_suffered():
    cfg = go_stop_book()
    dry4 = ["pine-crane", "cherry-curtain", "pampas-moon", "paulownia-phoenix"]
    (b7, b9), head, tallies = play(cfg, [
        three(GODORI5, events=gos("B", 3) + stop("A")),  # EX-B7
        three(dry4, b=B_STD[1:], events=stop("A"))])  # EX-B9: B without its bright
    # EX-B7: B said Go and lost; B pays 10, C 0
    assert b7.result["net"] == {"A": 10, "B": -10, "C": 0}
    f7 = stats.round_facts(b7.result, b7.input)
    assert f7["B"]["calls_failed"] == 1 and f7["B"]["calls_paid"] == 0
    # paying C's share too (dok-bak, 5 + 5) is B's penalty; C pays nothing: none
    assert f7["B"]["penalties"] == {"dok_bak": 1} and "C" not in f7
    # EX-B9: B has no bright (gwang-bak x2: 10), C holds the rain man (5)
    assert b9.result["net"] == {"A": 15, "B": -10, "C": -5}
    f9 = stats.round_facts(b9.result, b9.input)
    assert f9["B"]["penalties"] == {"gwang_bak": 1} and "C" not in f9
    st = stats.statistics(cfg.players, head["totals"], tallies)
    by = {p["player"]: p for p in st["players"]}
    assert by["B"]["calls"] == {"paid": 0, "failed": 1}
    assert by["B"]["penalties"]["count"] == 2  # go-bak in EX-B7, gwang-bak in EX-B9
    assert by["C"]["penalties"]["count"] == 0
    # A won both: 10 then 15 chips; the biggest is the second (month 2)
    assert by["A"]["rounds_won"] == 2
    assert by["A"]["biggest_round"] == {"chips": 15, "seq": 2, "month": 2}
    assert st["biggest_round"] == {"player": "A", "chips": 15, "seq": 2, "month": 2}


# ------------------------------------------------------------------ a series' statistics

def test_statistics_of_a_koi_koi_series_by_hand():
    cfg = koi_koi()
    _, head, tallies = play(cfg, [K8, K9, K7])
    # payments: K8 Bo -> Aki 12, K9 Aki -> Bo 2, K7 Bo -> Aki 5
    assert {t["player"]: t["chips"] for t in head["totals"]} == {"Aki": 12 - 2 + 5,
                                                                 "Bo": -12 + 2 - 5}
    st = stats.statistics(cfg.players, head["totals"], tallies)
    aki, bo = st["players"]
    assert aki["rounds_won"] == 2 and bo["rounds_won"] == 1
    assert aki["rounds_played"] == bo["rounds_played"] == 3
    assert aki["biggest_round"] == {"chips": 12, "seq": 1, "month": 1}
    assert bo["biggest_round"] == {"chips": 2, "seq": 2, "month": 2}
    # only the stopper's pile is scored after a Stop (koi-koi.md section 5.1): Aki's akatan in
    # K8 and K7, Bo's tane in K9
    assert aki["combinations"] == [{"id": "akatan", "count": 2}]
    assert bo["combinations"] == [{"id": "tane", "count": 1}]
    assert aki["calls"] == {"paid": 1, "failed": 1} and bo["calls"] == {"paid": 0, "failed": 0}
    assert aki["penalties"] == bo["penalties"] == {"count": 0, "kinds": []}
    assert st["biggest_round"] == {"player": "Aki", "chips": 12, "seq": 1, "month": 1}
    assert st["combinations"] == [{"id": "akatan", "count": 2}, {"id": "tane", "count": 1}]


def test_the_biggest_round_on_a_tie_is_the_first():
    cfg = koi_koi()
    _, head, tallies = play(cfg, [K7, K7])  # 5 and 5
    st = stats.statistics(cfg.players, head["totals"], tallies)
    assert st["biggest_round"] == {"player": "Aki", "chips": 5, "seq": 1, "month": 1}


def test_no_round_no_statistics():
    cfg = koi_koi()
    head, tallies = series.start(cfg)
    st = stats.statistics(cfg.players, head["totals"], tallies)
    assert st["biggest_round"] is None and st["combinations"] == []
    assert [p["rounds_won"] for p in st["players"]] == [0, 0]


# ------------------------------------------------------------------ the end

def test_the_winner_has_the_most_chips():
    cfg = koi_koi()
    _, head, _ = play(cfg, [K8, K9, K7])
    end = stats.end_of(head)
    assert end["winners"] == ["Aki"] and not end["tie"] and not end["over"]
    assert [(s["rank"], s["player"], s["chips"]) for s in end["standings"]] == [
        (1, "Aki", 15), (2, "Bo", -15)]


def test_equal_chips_and_rounds_won_are_a_tie():
    """koi-koi.md section 6: a tie on chips goes to the player with more rounds won; still
    tied, a shared win. K7 for Aki, then the same 5 points for Bo (sanko, section 4)."""
    cfg = koi_koi()
    sanko = {"captures": {"Bo": ["pine-crane", "cherry-curtain", "pampas-moon"], "Aki": []},
             "events": [{"type": "stop", "player": "Bo"}]}
    _, head, _ = play(cfg, [K7, sanko])
    end = stats.end_of(head)
    assert end["tie"] and sorted(end["winners"]) == ["Aki", "Bo"]
    assert [s["rank"] for s in end["standings"]] == [1, 1]


def test_equal_chips_go_to_the_player_with_more_rounds_won():
    """koi-koi.md section 6: K7 twice for Aki (5, 5), K9 with the roles swapped (Bo calls,
    Aki stops with 5 tens: 1 x 2 = 2), K8 for Bo (12): 12 chips each way, so 0 and 0; Aki won
    3 rounds, Bo 1: Aki wins."""
    cfg = koi_koi(12)
    k8_bo = {"captures": {"Bo": POETRY + ["wisteria-ribbon"], "Aki": []},
             "events": [{"type": "koi_koi", "player": "Bo"}, {"type": "stop", "player": "Bo"}]}
    k9_aki = {"captures": {"Bo": POETRY, "Aki": FIVE_TENS},
              "events": [{"type": "koi_koi", "player": "Bo"}, {"type": "stop", "player": "Aki"}]}
    _, head, _ = play(cfg, [K7, K7, k9_aki, k8_bo])
    chips = {t["player"]: t["chips"] for t in head["totals"]}
    assert chips == {"Aki": 5 + 5 + 2 - 12, "Bo": -5 - 5 - 2 + 12}  # 0 each
    end = stats.end_of(head)
    assert end["winners"] == ["Aki"] and not end["tie"]  # 3 rounds won against 1
    assert [(s["rank"], s["player"]) for s in end["standings"]] == [(1, "Aki"), (2, "Bo")]


def test_a_finished_series_is_over_and_says_so():
    cfg = koi_koi()
    _, head, _ = play(cfg, [K8])
    done = series.finished(head)
    end = stats.end_of(done)
    assert end["over"] and end["finished_early"] and not end["game_over"]
    assert done["month"] is None and done["dealer"] is None and end["months_played"] == 1


@pytest.mark.parametrize("step,penalty", [
    ({"id": "pi_bak", "op": "multiply", "value": 2}, True),
    ({"id": "dok_bak", "op": "add", "value": 36}, True),
    ({"id": "dok_bak", "op": "set", "value": 0}, False),  # the other loser, paying nothing
    ({"id": "instant", "op": "add", "value": 6}, False),  # chips apart from the round
    ({"id": "x", "op": "multiply", "value": 1}, False),
    ({"id": "x", "op": "multiply", "value": True}, False),
])
def test_what_counts_as_a_penalty(step, penalty):
    result = {"game": "go-stop", "players": [{"player": "B", "role": "loser", "steps": [step]}]}
    facts = stats.round_facts(result, {})
    assert bool(facts.get("B", {}).get("penalties")) is penalty
