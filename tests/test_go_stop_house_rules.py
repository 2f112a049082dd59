"""Go-Stop: the house rules of other programs (issue 10). Each option and preset reproduces a
public program's scores; every expected number comes from that program's own test suite or
from its written rule source, cited beside the test:

- [TS]  bipark/gostop-ts: test/score.test.ts; rules read in src/score.ts, src/play.ts,
        src/shodang.ts.
- [RL]  yubyunghun/hwatu-gostop-rl: tests/test_scoring.py; rules in engine/scoring.py,
        engine/rules_config.py, RULES.md.
- [ZF]  ZeroFriends/GoStopCalculator: domain/src/test/.../usecase/calculate/ *Test.kt.
- [SB]  andy140733-cyber/gostop-scoreboard: tests/scoring-tests.html; rules in js/scoring.js.

Those programs take a "score" and flags (pi-bak, gwang-bak, ...) typed in by the player; our
round takes the captured cards. Each case below is translated into captures that give the
same score and make the same baks hold (the builder checks both), and into events for Go
calls, ppuk runs and first-turn chips.
"""

from itertools import product

import pytest

import tally
from tally import TallyError
from tally.cards import slugs_of
from tally.games.go_stop import DOUBLE_JUNK, SINGLE_JUNK, go_terms

G = "go-stop"
GAME = tally.get_game(G)
BRIGHT3 = ["pine-crane", "cherry-curtain", "pampas-moon"]
SPARE_BRIGHTS = ["paulownia-phoenix", "willow-rainman"]
GODORI = ["plum-warbler", "wisteria-cuckoo", "pampas-geese"]
HONG = ["pine-poetry", "plum-poetry", "cherry-poetry"]
CHEONG = ["peony-blue", "chrysanthemum-blue", "maple-blue"]
CHO = ["wisteria-ribbon", "iris-ribbon", "clover-ribbon"]
SINGLES = list(slugs_of(SINGLE_JUNK))
DOUBLES = list(slugs_of(DOUBLE_JUNK))
# seven animals without the three godori birds (no godori), and the two animals left over
ANIMALS7 = ["plum-warbler", "iris-bridge", "peony-butterflies", "clover-boar", "maple-deer",
            "willow-swallow", "pampas-geese"]
SPARE_ANIMALS = ["wisteria-cuckoo", "chrysanthemum-sake"]

NEW_OPTIONS = {  # id -> default (today's behaviour)
    "pi_bak_zero_exempt": False, "reverse_go_multiplier": 0, "go_bak_doubles": "none",
    "winner_sake_choice": "most_paid", "loser_sake_choice": "least_paid",
    "syodang_liable_when": "anyone_else_wins", "point_value": 1, "yeon_ppuk_chips": 0,
    "sam_yeon_ppuk_chips": 0, "three_ppuk_ends_hand": True, "ppuk_steals_junk": 0,
    "compensation_payers": "non_dealers", "compensation_price": None,
}
PROGRAM_PRESETS = ("korean_apps", "gostop_ts", "gostop_calculator", "hwatu_gostop_rl",
                   "gostop_scoreboard")


def score(rnd, preset=None, **options):
    return tally.score_round(G, rnd, preset=preset, options=options or None)


def go(player, n=1, score_=7):
    return [{"type": "go", "player": player, "score": score_}] * n


def stop(player):
    return [{"type": "stop", "player": player}]


def round_of(captures, events, players=None, **kw):
    players = players or list(captures)
    rnd = {"players": players, "dealer": players[0], "captures": captures,
           "events": events, "check_calls": False}
    rnd.update(kw)
    return rnd


def steps(result, player):
    return {s.id: s for s in next(p for p in result.players if p.player == player).steps}


# =============================================================================================
# The options: registered, typed, described, defaults that keep today's rules, served
# =============================================================================================

def test_new_options_keep_todays_defaults():
    by_id = {o.id: o for o in GAME.options}
    for oid, default in NEW_OPTIONS.items():
        o = by_id[oid]
        assert o.default == default and o.description.strip(), oid
        assert o.check(default, game=G) == default
    rules = GAME.rules()
    assert all(rules[k] == v for k, v in NEW_OPTIONS.items())
    # the choices added to existing options leave their defaults alone
    assert by_id["pi_bak_threshold"].default == 5 and 8 in by_id["pi_bak_threshold"].choices
    assert by_id["pi_bak_threshold_2p"].default is None
    assert by_id["go_bonus_formula"].default == "pagat_example"


def test_program_presets_hold_valid_values():
    by_id = {o.id: o for o in GAME.options}
    presets = {p.id: p for p in GAME.presets}
    for pid in PROGRAM_PRESETS:
        for k, v in presets[pid].values.items():
            assert by_id[k].check(v, game=G) == v, (pid, k)
        GAME.rules(pid)


def test_the_api_serves_the_new_options_and_presets(tmp_path):
    client = tally.create_app({"TESTING": True,
                               "DATABASE": str(tmp_path / "t.sqlite")}).test_client()
    d = client.get("/api/v1/games/go-stop").get_json()
    served = {o["id"]: o for o in d["options"]}
    for oid, default in NEW_OPTIONS.items():
        assert served[oid]["default"] == default
    assert served["compensation_price"]["nullable"] is True
    assert {p["id"] for p in d["presets"]} >= set(PROGRAM_PRESETS)
    assert {e["id"] for e in d["events"]} >= {"yeon_ppuk", "sam_yeon_ppuk"}


def test_bad_values_are_named():
    with pytest.raises(TallyError) as e:
        GAME.rules(options={"go_bak_doubles": "triple"})
    assert e.value.option == "go_bak_doubles"
    with pytest.raises(TallyError):
        GAME.rules(options={"point_value": 0})
    with pytest.raises(TallyError):
        GAME.rules(options={"reverse_go_multiplier": 17})


def test_yeon_ppuk_events_need_their_chips():
    rnd = round_of({"A": BRIGHT3, "B": []}, [{"type": "yeon_ppuk", "player": "A"}] + stop("A"))
    with pytest.raises(TallyError, match="pays nothing unless the house rule") as e:
        score(rnd)
    assert e.value.option == "yeon_ppuk_chips"


# =============================================================================================
# [TS] bipark/gostop-ts
# =============================================================================================

def test_ts_bright_table():
    """[TS] score.test.ts '광 점수': 3 brights 3, with the rain man 2, 4 brights 4, 5 -> 15."""
    five = BRIGHT3 + SPARE_BRIGHTS
    for cards, pts in ((BRIGHT3, 3), (["pine-crane", "cherry-curtain", "willow-rainman"], 2),
                       (five[:4], 4), (five, 15)):
        assert tally.evaluate(G, cards, preset="gostop_ts").points == pts


def test_ts_gukjin_read_for_points():
    """[TS] '국진 이중 해석' / 'evaluate: 쌍피 해석 총점이 높으면 그쪽 선택': 9 junk + the
    sake cup is 2 points, the cup counted as double junk (junk value 11)."""
    ev = tally.evaluate(G, SINGLES[:9] + ["chrysanthemum-sake"], preset="gostop_ts")
    assert ev.points == 2 and ev.details["junk_value"] == 11


def _ts_settle(winner, loser, *, gos=0, shakes=0, reverse=False, preset="gostop_ts"):
    """One of score.test.ts's Scorer.settle cases as a two-player round: the loser's Go
    comes first when the winner's Go answers it (reverse Go)."""
    events = go("B") if reverse else []
    events += [{"type": "heundeum", "player": "A", "month": m}
               for m in ("pine", "plum")[:shakes]]
    events += go("A", gos) + stop("A")
    return score(round_of({"A": winner, "B": loser}, events), preset)


@pytest.mark.parametrize("name, kw, per_loser", [
    ("기본 정산: 배수 1, 고 보너스 0", {}, 3),
    ("고 보너스: 2고 → +2점, 배수 1", {"gos": 2}, 3 + 2),
    ("3고 → ×2 배수", {"gos": 3}, (3 + 3) * 2),
    ("흔들기 1회 → ×2", {"shakes": 1}, 6),
])
def test_ts_settle(name, kw, per_loser):
    """[TS] score.test.ts '정산(Settle)': the winner holds 3 brights, the loser 1 bright."""
    res = _ts_settle(BRIGHT3, ["paulownia-phoenix"], **kw)
    assert res.net()["A"] == per_loser


def test_ts_gwang_bak():
    """[TS] '광박: 승자 광점수 + 패자 광 0장 → ×2': 3 x 2."""
    assert _ts_settle(BRIGHT3, SINGLES[:1]).net()["A"] == 3 * 2


def test_ts_pi_bak():
    """[TS] '피박: 승자 피점수 + 패자 피값 기준 이하 → ×2': 10 junk (1 point) against 3."""
    res = _ts_settle(SINGLES[:10], SINGLES[10:13])
    assert "pi_bak" in steps(res, "B") and res.net()["A"] == 2


def test_ts_reverse_go():
    """[TS] '역고: 고 배수 대신 역고 배수(4) 사용': 5 Go answering the loser's Go use x4, not
    the Go multiplier; the Go chips still add (src/score.ts settle: (total + goBonus) x
    multiplier). The loser said Go and lost: go-bak doubles what they pay (src/play.ts
    finalSettlement, gobakMultiplier 2)."""
    res = _ts_settle(BRIGHT3, ["paulownia-phoenix"], gos=5, reverse=True)
    w = steps(res, "A")
    assert w["reverse_go"].value == 4 and "go" in w and w["reverse_go"].total == (3 + 5) * 4
    assert "go" not in {s.id for s in res.players[0].steps if s.op == "multiply"}
    assert res.net()["A"] == (3 + 5) * 4 * 2
    # without reverse Go the same hand uses x2^(5-2)
    plain = _ts_settle(BRIGHT3, ["paulownia-phoenix"], gos=5, reverse=True,
                       preset="korean_apps")
    assert steps(plain, "A")["go"].value == 8


def test_ts_reverse_go_is_any_go_after_an_opponents():
    """[TS] src/play.ts declareGo ('역고: 이미 고를 부른 상대가 있으면 성립(한 번 성립하면
    유지)'): A's second Go answers B's Go, so A's win is reverse Go; a Go said before any
    opponent's is not."""
    caps = {"A": BRIGHT3, "B": ["paulownia-phoenix"]}
    later = go("A") + go("B") + go("A") + stop("A")
    assert "reverse_go" in steps(score(round_of(caps, later), "gostop_ts"), "A")
    first = go("A") + go("B") + stop("A")
    assert "reverse_go" not in steps(score(round_of(caps, first), "gostop_ts"), "A")


def test_ts_loser_gukjin_escapes_pi_bak():
    """[TS] 'evaluateAsLoser: 피박 회피가 총점보다 우선': 6 junk + the sake cup is read as
    junk value 8 (> 7, safe with 2 players), so no pi-bak."""
    res = _ts_settle(SINGLES[:10], SINGLES[10:16] + ["chrysanthemum-sake"])
    assert "pi_bak" not in steps(res, "B") and res.net()["A"] == 1
    assert "escapes pi-bak" in res.players[1].extra["choices"][0]


def test_ts_locked_gukjin_stays_an_animal():
    """[TS] 'GukjinLocked면 항상 열끗(쌍피 전환 불가)': a sake cup that may no longer be
    junk (the table declares it an animal, sake_as) leaves junk value 9 and 1 animal: the 3
    brights alone score; read freely the cup would be junk and add 2 points."""
    caps = {"A": SINGLES[:9] + ["chrysanthemum-sake"] + BRIGHT3, "B": ["paulownia-phoenix"]}
    locked = score(round_of(caps, stop("A"), sake_as={"A": "animal"}), "gostop_ts")
    assert locked.players[0].base_points == 3
    assert score(round_of(caps, stop("A")), "gostop_ts").players[0].base_points == 3 + 2


def test_ts_pi_bak_thresholds_and_zero_exemption():
    """[TS] src/play.ts finalSettlement ('피박 기준: 2인=≤7, 3인+=≤5') and src/score.ts
    settle ('패자 피값이 기준 이하(단 0장이면 면제)'): with 3 players 5 junk is pi-bak and 6
    is not; with 2 players 7 is and 8 is not; no junk at all is never pi-bak."""
    win = SINGLES[:10]
    for n, junk, bak in ((3, 5, True), (3, 6, False), (2, 7, True), (2, 8, False),
                         (2, 0, False), (3, 0, False)):
        caps = {"A": win, "B": SINGLES[10:10 + junk]}
        if n == 3:
            caps["C"] = SINGLES[16:22]
        res = score(round_of(caps, stop("A")), "gostop_ts")
        assert ("pi_bak" in steps(res, "B") and steps(res, "B")["pi_bak"].op == "multiply") \
            is bak, (n, junk)
        assert -res.net()["B"] == (2 if bak else 1)
    # today's rule: no junk is pi-bak (below 5)
    res = score(round_of({"A": win, "B": []}, stop("A")))
    assert steps(res, "B")["pi_bak"].value == 2


def test_ts_go_bak_doubles_both_shares():
    """[TS] src/play.ts finalSettlement ('고박: 고를 부르고 진 사람이 전액(×배수) 부담,
    나머지 패자 면제'; gobakMultiplier 2): the loser who said Go pays both shares, doubled.
    A: 3 brights = 3; B said Go; C holds no bright (gwang-bak, 6): B pays (3 + 6) x 2."""
    caps = {"A": BRIGHT3, "B": ["paulownia-phoenix"], "C": SINGLES[:3]}
    res = score(round_of(caps, go("B", score_=3) + stop("A")), "gostop_ts")
    assert res.net() == {"A": 18, "B": -18, "C": 0}
    assert steps(res, "B")["go_bak"].value == 2 and steps(res, "B")["dok_bak"].value == 12
    # korean_apps (ZeroFriends' current rule): pays both shares as they are
    assert score(round_of(caps, go("B", score_=3) + stop("A")), "korean_apps").net()["B"] == -9


def test_ts_winner_sake_read_for_points():
    """[TS] src/score.ts Scorer.evaluate: the winner's sake cup is read the way with the
    higher total (points), whatever that pays. A: 6 animals + the cup + 9 junk. As an animal:
    7 animals = 3 points and B, with no animal, pays meong-bak: 6. As junk: 6 animals 2 +
    junk 11 2 = 4 points, no meong-bak: 4. Today's rule takes the 6."""
    six = ANIMALS7[:6]
    caps = {"A": six + ["chrysanthemum-sake"] + SINGLES[:9], "B": SINGLES[9:17]}
    ts = score(round_of(caps, stop("A")), "gostop_ts")
    assert ts.net()["A"] == 4 and "most points" in ts.players[0].extra["choices"][0]
    paid = score(round_of(caps, stop("A")), "gostop_ts", winner_sake_choice="most_paid")
    assert paid.net()["A"] == 6


def test_ts_loser_sake_escape_pi_bak_even_into_meong_bak():
    """[TS] src/score.ts evaluateAsLoser: pi-bak safety first, then the higher total. B holds
    the cup as their only animal and 9 junk (safe either way), so B's cup is read as junk
    (junk 11, 2 points) and B, left without an animal, pays meong-bak to a winner with 7
    animals; read to pay least it stays an animal."""
    caps = {"A": ANIMALS7, "B": SINGLES[:9] + ["chrysanthemum-sake"]}
    ts = score(round_of(caps, stop("A")), "gostop_ts")
    assert ts.players[0].base_points == 3 and ts.net()["A"] == 6
    assert steps(ts, "B")["meong_bak"].value == 2
    least = score(round_of(caps, stop("A")), "gostop_ts", loser_sake_choice="least_paid")
    assert least.net()["A"] == 3


def test_ts_syodang_refuser_pays_only_when_the_accepter_wins():
    """[TS] src/shodang.ts applyDokbak ('수락자가 이겼으면 거절자가 ... 두 몫 전액을
    부담'): C offers, B refuses; A (who accepted) wins: B pays both; C (the offerer) wins:
    each pays their own. Today's rule (Pagat) makes B pay for both either way."""
    offer = [{"type": "syodang_offer", "player": "C", "refused_by": "B"}]
    a_wins = {"A": BRIGHT3, "B": ["paulownia-phoenix"], "C": ["willow-rainman"]}
    res = score(round_of(a_wins, offer + stop("A")), "gostop_ts")
    assert res.net() == {"A": 6, "B": -6, "C": 0}
    c_wins = {"C": BRIGHT3, "B": ["paulownia-phoenix"], "A": ["willow-rainman"]}
    rnd = round_of(c_wins, offer + stop("C"), players=["A", "B", "C"])
    assert score(rnd, "gostop_ts").net() == {"A": -3, "B": -3, "C": 6}
    assert score(rnd).net() == {"A": 0, "B": -6, "C": 6}


def test_ts_instant_wins_pay_three_chips():
    """[TS] src/play.ts finalSettlement ('쓰리뻑·총통 즉시 승리: 고정 점수, 박·고 배수 미적용';
    3 with 3 players): a third ppuk and four in hand pay 3 from each opponent."""
    three = {"players": ["A", "B", "C"], "dealer": "A", "events": [
        {"type": "ppuk", "player": "B", "month": m, "turn": 2}
        for m in ("pine", "plum", "cherry")]}
    assert score(three, "gostop_ts").net() == {"A": -3, "B": 6, "C": -3}
    four = {"players": ["A", "B", "C"], "dealer": "A",
            "events": [{"type": "four_in_hand", "player": "C", "month": "pine"}]}
    assert score(four, "gostop_ts").net() == {"A": -3, "B": -3, "C": 6}


# =============================================================================================
# [RL] yubyunghun/hwatu-gostop-rl (two players: its settlement is 2-player only)
# =============================================================================================

def rl_points(cards):
    return tally.evaluate(G, cards, preset="hwatu_gostop_rl").points


def test_rl_gwang_scoring_table():
    """[RL] test_scoring.py test_gwang_scoring_table: 15, 4, 3, 2 (with rain), 0."""
    five = BRIGHT3 + ["paulownia-phoenix", "willow-rainman"]
    assert [rl_points(c) for c in (five, five[:4], BRIGHT3,
                                   ["pine-crane", "cherry-curtain", "willow-rainman"],
                                   BRIGHT3[:2])] == [15, 4, 3, 2, 0]


def test_rl_animal_threshold_and_godori_bonus():
    """[RL] test_animal_threshold_and_godori_bonus: 3 birds + 2 animals = 1 + 5; the birds
    alone 5; five animals with one bird 1 (the sake cup is an animal here, RULES.md 1)."""
    assert rl_points(GODORI + ["iris-bridge", "peony-butterflies"]) == 1 + 5
    assert rl_points(GODORI) == 5
    assert rl_points(["iris-bridge", "peony-butterflies", "plum-warbler", "clover-boar",
                      "chrysanthemum-sake"]) == 1


def test_rl_ribbon_threshold_and_color_set_bonus():
    """[RL] test_ribbon_threshold_and_color_set_bonus: 1 + 3, 3, 0."""
    assert rl_points(HONG + ["wisteria-ribbon", "iris-ribbon"]) == 1 + 3
    assert rl_points(HONG) == 3
    assert rl_points(["pine-poetry", "plum-poetry", "wisteria-ribbon"]) == 0


def test_rl_pi_counts_ssangpi_as_two():
    """[RL] test_pi_scoring_counts_ssangpi_as_two (junk 8: 0 points; 10: 1) and
    test_pi_score_includes_bonus_penalties (2 junk received: 12 -> 3; 3 paid: 7 -> 0)."""
    eight = ["pine-chaff-1", "pine-chaff-2", "plum-chaff-1", "plum-chaff-2",
             "wisteria-chaff-1", "wisteria-chaff-2", "paulownia-chaff-colored"]
    ev = tally.evaluate(G, eight, preset="hwatu_gostop_rl")
    assert (ev.details["junk_value"], ev.points) == (8, 0)
    ten = eight + ["willow-lightning"]
    ev = tally.evaluate(G, ten, preset="hwatu_gostop_rl")
    assert (ev.details["junk_value"], ev.points) == (10, 1)
    assert rl_points(ten + ["iris-chaff-1", "iris-chaff-2"]) == 3  # our piles are final
    assert rl_points(ten[3:]) == 0


def test_rl_go_multiplier_progression():
    """[RL] test_go_multiplier_progression: [1, 1, 1, 2, 4, 8] (korean_common)."""
    assert [go_terms(n, "korean_common")[1] for n in range(6)] == [1, 1, 1, 2, 4, 8]


# a 7-point pile without brights, junk or 7 animals: godori 5 + 6 animals 2
RL_SEVEN = GODORI + ["iris-bridge", "peony-butterflies", "clover-boar"]
RL_LOSER = ["paulownia-phoenix"] + SINGLES[:6] + ["maple-deer", "willow-swallow",
                                                  "chrysanthemum-sake"]


def test_rl_settle_plain_win_no_baks():
    """[RL] test_settle_plain_win_no_baks: 7 (loser: 1 bright, 6 junk, 3 animals)."""
    res = score(round_of({"A": RL_SEVEN, "B": RL_LOSER}, stop("A")), "hwatu_gostop_rl")
    assert res.net()["A"] == 7


def test_rl_settle_gwang_bak_and_pi_bak_stack():
    """[RL] test_settle_gwang_bak_and_pi_bak_stack: winner 10 with brights and junk (3
    brights 3 + junk 10 1 + godori 5 + 5 animals 1), loser no bright, 3 junk: x4 = 40."""
    win = BRIGHT3 + SINGLES[:10] + GODORI + ["iris-bridge", "peony-butterflies"]
    assert rl_points(win) == 10
    res = score(round_of({"A": win, "B": SINGLES[10:13] + ["maple-deer", "clover-boar"]},
                         stop("A")), "hwatu_gostop_rl")
    assert res.net()["A"] == 40


def test_rl_settle_meong_bak_from_winners_own_animal_count():
    """[RL] test_settle_meong_bak_from_winners_own_animal_count: 7 animals, 8 points, x2
    = 16 even though the loser holds an animal (meong-dda)."""
    win = GODORI + ["iris-bridge", "peony-butterflies", "clover-boar", "maple-deer"]
    assert rl_points(win) == 8
    los = ["paulownia-phoenix", "willow-rainman"] + SINGLES[:6] + ["willow-swallow"]
    assert score(round_of({"A": win, "B": los}, stop("A")), "hwatu_gostop_rl").net()["A"] == 16


def test_rl_settle_go_bonus_and_multiplier_and_gobak():
    """[RL] test_settle_go_bonus_and_multiplier_and_gobak: 7 points and 3 Go = (7 + 3) x 2
    = 20; the loser said Go: x2 = 40."""
    caps = {"A": RL_SEVEN, "B": RL_LOSER}
    assert score(round_of(caps, go("A", 3) + stop("A")), "hwatu_gostop_rl").net()["A"] == 20
    res = score(round_of(caps, go("B") + go("A", 3) + stop("A")), "hwatu_gostop_rl")
    assert res.net()["A"] == 40


def test_rl_ppuk_takes_junk_and_never_ends_the_hand():
    """[RL] RULES.md 5 (PPEOK_PENALTY_PI = 1: each opponent pays the ppeok's creator 1 pi)
    and no third-ppeok rule: three ppuk leave the hand going, each owed 1 junk."""
    ev = [{"type": "ppuk", "player": "A", "month": m, "turn": 2}
          for m in ("pine", "plum", "cherry")] + stop("A")
    res = score(round_of({"A": RL_SEVEN, "B": RL_LOSER}, ev), "hwatu_gostop_rl")
    assert res.net()["A"] == 7 and [p.reason for p in res.payments] == ["Stop settlement"]
    assert [x["junk"] for x in res.players[0].extra["junk_received"]] == [1, 1, 1]


# =============================================================================================
# [SB] andy140733-cyber/gostop-scoreboard: three players me, mom, dad
# =============================================================================================

SB_BASE = {3: SINGLES[:12],  # junk 12: 3 points (a winner scoring junk can pi-bak)
           2: ["pine-crane", "cherry-curtain", "willow-rainman"],  # 3 brights with rain
           5: GODORI}


def sb_round(winner, base, pibak=(), bomb=False, three_go=False, daepan=False, dokbak=None):
    """One scoring-tests.html round: the winner's pile scores ``base``; a pi-bak loser holds
    2 junk, the others 5; the go-bak (dok-bak) loser said Go; daepan is a nagari carried."""
    caps, rest = {winner: SB_BASE[base]}, SINGLES[12:]
    for p in ("me", "mom", "dad"):
        if p != winner:
            n = 2 if p in pibak else 5
            caps[p], rest = rest[:n], rest[n:]
    events = go(dokbak) if dokbak else []
    events += [{"type": "bomb", "player": winner, "month": "maple"}] if bomb else []
    events += (go(winner, 3) if three_go else []) + stop(winner)
    return round_of(caps, events, players=["me", "mom", "dad"],
                    carry={"nagari": 1 if daepan else 0})


@pytest.mark.parametrize("name, kw, expected", [
    ("예시1: 나 3점 승, 엄마만 피박", dict(winner="me", base=3, pibak={"mom"}),
     {"me": 9, "mom": -6, "dad": -3}),
    ("예시2: 나 3점 승, 폭탄", dict(winner="me", base=3, bomb=True),
     {"me": 12, "mom": -6, "dad": -6}),
    ("예시3: 엄마 3점 승, 아빠 피박, 대판, 나 독박",
     dict(winner="mom", base=3, pibak={"dad"}, daepan=True, dokbak="me"),
     {"me": -18, "mom": 18, "dad": 0}),
    ("기본(특수 없음): 나 3점 승", dict(winner="me", base=3), {"me": 6, "mom": -3, "dad": -3}),
    ("패자 둘 다 피박: 나 3점 승", dict(winner="me", base=3, pibak={"mom", "dad"}),
     {"me": 12, "mom": -6, "dad": -6}),
    ("배수 3종 동시(R=8): 나 2점 승, 폭탄+쓰리고+대판",
     dict(winner="me", base=2, bomb=True, three_go=True, daepan=True),
     {"me": 32, "mom": -16, "dad": -16}),
    ("배수+피박 혼합: 나 3점, 폭탄+대판(R=4), 엄마 피박",
     dict(winner="me", base=3, bomb=True, daepan=True, pibak={"mom"}),
     {"me": 36, "mom": -24, "dad": -12}),
    ("독박+양쪽피박+폭탄: 엄마 3점 승, 나·아빠 피박, 나 독박",
     dict(winner="mom", base=3, bomb=True, pibak={"me", "dad"}, dokbak="me"),
     {"me": -24, "mom": 24, "dad": 0}),
    ("독박이 다른 패자: 아빠 5점 승, 나 독박, 배수 없음", dict(winner="dad", base=5, dokbak="me"),
     {"me": -10, "mom": 0, "dad": 10}),
])
def test_sb_scoring_tests(name, kw, expected):
    """[SB] tests/scoring-tests.html, each tDelta case by name (deltas me, mom, dad)."""
    assert score(sb_round(**kw), "gostop_scoreboard").net() == expected


def test_sb_three_go_is_a_flat_double():
    """[SB] js/scoring.js roundMultiplier ('쓰리고 이상 ×2') and config.js: no Go chips; x2
    once from the third Go (4 or 5 Go stay x2)."""
    assert [go_terms(n, "three_go_double") for n in range(6)] == [
        (0, 1), (0, 1), (0, 1), (0, 2), (0, 2), (0, 2)]


# =============================================================================================
# [ZF] ZeroFriends/GoStopCalculator: money = points x point value (점당); each loser's flags
# (PeaBak, LightBak, MongBak, GoBak) become captures that make those baks hold
# =============================================================================================

ZF_PI_BAK_BELOW = {2: 8, 3: 6}  # korean_apps: pi-bak at 7 / 5 junk or fewer
_ZF_PARTS = (("bright", BRIGHT3), ("animals", ANIMALS7), ("hong", HONG), ("cheong", CHEONG),
             ("cho", CHO))
_ZF_ROWS = {"LightBak": "bright", "PeaBak": "junk", "MongBak": "animals"}
_ZF_EVENTS = {"FirstFuck": {"type": "ppuk", "month": "pine", "turn": 1},
              "SecondFuck": {"type": "yeon_ppuk"}, "ThreeFuck": {"type": "sam_yeon_ppuk"},
              "FirstDdadak": {"type": "first_turn_four_capture"}}
_ZF_WINNERS = {}
_ZF_PROTECTING = {"bright", "junk", "animals"}  # the rows a loser's card can protect from


def zf_winner_pile(points, need):
    """The winner's captures: ``points`` under gostop_calculator, holding the rows ``need``
    (bright, junk, animals) the losers' baks read, and as few other such rows as possible
    (each one makes the losers hold a card that protects them)."""
    key = (points, frozenset(need))
    if key not in _ZF_WINNERS:
        tries = []
        for junk, picks in product((0, 10, 11, 12, 13, 14, 15), product((0, 1), repeat=5)):
            parts = [part for part, on in zip(_ZF_PARTS, picks) if on]
            rows = {name for name, _ in parts} | ({"junk"} if junk else set())
            cards = [c for _, cs in parts for c in cs] + SINGLES[:junk]
            if need <= rows:
                tries.append((len(rows & _ZF_PROTECTING), junk, rows, cards))
        tries.sort(key=lambda x: x[:2])
        hits = [(rows, cards) for *_, rows, cards in tries
                if tally.evaluate(G, cards, preset="gostop_calculator").points == points]
        assert hits, f"no winner pile of {points} points holding {need}"
        _ZF_WINNERS[key] = hits[0]
    return _ZF_WINNERS[key]


def zf_net(winner, losers, *, point=100, fuck=0, sell=0, seller=None, ddadak=None,
           doubles="two_players"):
    """Score one ZeroFriends case: ``winner`` = (id, score, go, [ScoreOption]), ``losers`` =
    [(id, [LoserOption], [ScoreOption])], ``seller`` = (id, lights sold). ``ddadak``: money for
    a first ttadak (3 x point in the current rule, the 뻑 amount in the older one). The
    result: {id: money}, as the program's accounts."""
    W, pts, n_go, w_opts = winner
    need = {_ZF_ROWS[b] for _, baks, _ in losers for b in baks if b in _ZF_ROWS}
    rows, pile = zf_winner_pile(pts, need)
    n = len(losers) + 1
    shown = SPARE_BRIGHTS[::-1][:seller[1]] if seller else []
    brights = [b for b in SPARE_BRIGHTS if b not in shown]
    animals, junk = list(SPARE_ANIMALS), SINGLES[len([c for c in pile if c in SINGLES]):] + DOUBLES
    caps, sake_as, events = {W: pile}, {}, []
    for L, baks, opts in losers:
        mine = []
        if "bright" in rows and "LightBak" not in baks:
            mine.append(brights.pop())
        if "animals" in rows and "MongBak" not in baks:
            mine.append(animals.pop())
            if mine[-1] == "chrysanthemum-sake":
                sake_as[L] = "animal"
        if "junk" in rows:
            take = 1 if "PeaBak" in baks else ZF_PI_BAK_BELOW[n]
            while take > 0:
                card = junk.pop(0)
                mine.append(card)
                take -= 2 if card in DOUBLES else 1
        caps[L] = mine
        events += go(L) if "GoBak" in baks else []
        events += [dict(_ZF_EVENTS[o], player=L) for o in opts]
    events += [dict(_ZF_EVENTS[o], player=W) for o in w_opts] + go(W, n_go) + stop(W)
    players = [W] + [L for L, _, _ in losers]
    rnd = round_of(caps, events, players=players + ([seller[0]] if seller else []),
                   sake_as=sake_as)
    if seller:
        rnd["sitting_out"] = {seller[0]: {"shows": shown}}
    res = score(rnd, "gostop_calculator", point_value=point, first_turn_ppuk_chips=fuck,
                yeon_ppuk_chips=2 * fuck, sam_yeon_ppuk_chips=4 * fuck,
                first_turn_four_capture_chips=3 * point if ddadak is None else ddadak,
                compensation_price=sell or None, go_bak_doubles=doubles)
    return res.net()


# -- CalculateGameResultUseCaseTest.kt (commit 02e7095): go-bak doubles the go-bak loser's own
#    share and makes them pay the other's too (go_bak_doubles=own_share); 첫따닥 = 3 x 점당

def test_zf_game_result_matgo_yeonppuk_and_pibak():
    """[ZF] CalculateGameResultUseCaseTest '맞고 - 승자 연뻑과 피박': 6 x 100 x 2 + 200."""
    net = zf_net(("1", 6, 0, ["SecondFuck"]), [("2", ["PeaBak"], [])], fuck=100,
                 doubles="own_share")
    assert net == {"1": 1_400, "2": -1_400}


def test_zf_game_result_gobak_and_first_ttadak():
    """[ZF] '고스톱 - 고박과 첫따닥': (7x100x2^2) + (7x100) = 3,500 paid by the go-bak
    loser; first ttadak 100 x 3 from each."""
    net = zf_net(("1", 7, 0, ["FirstDdadak"]),
                 [("2", ["GoBak", "LightBak"], []), ("3", [], [])], fuck=100,
                 doubles="own_share")
    assert net == {"1": 4_100, "2": -3_800, "3": -300}


def test_zf_game_result_selling_lights():
    """[ZF] '광팔기 - seller 제외 후 승자 정산': 2 lights x 150 from each of 3 = +900."""
    net = zf_net(("2", 5, 0, []), [("3", [], []), ("4", ["PeaBak"], [])], fuck=100, sell=150,
                 seller=("1", 2), doubles="own_share")
    assert net == {"1": 900, "2": 1_200, "3": -800, "4": -1_300}


def test_zf_game_result_go_adds_to_the_score():
    """[ZF] '고 입력 시 점수에 합산된다': 3 Go: (5+3) x 2^1 = 16 -> 16 x 100 x 2."""
    net = zf_net(("1", 5, 3, []), [("2", [], []), ("3", [], [])], doubles="own_share")
    assert net == {"1": 3_200, "2": -1_600, "3": -1_600}


def test_zf_game_result_four_players():
    """[ZF] '4인 고스톱 - 고박, 피박, 광팔기, 첫뻑 시나리오'."""
    net = zf_net(("3", 15, 5, []), [("2", ["PeaBak"], ["FirstFuck"]),
                                    ("4", ["GoBak", "LightBak"], [])],
                 fuck=300, sell=300, seller=("1", 1), doubles="own_share")
    assert net == {"1": 900, "2": 300, "3": 95_400, "4": -96_600}


def test_zf_game_result_gobak_and_gwangbak():
    """[ZF] '고스톱 3인 고박+광박': (100 x (8+5) x 2^3 x 2명) + 광박 x2 = 41,600."""
    net = zf_net(("1", 8, 5, []), [("2", ["GoBak"], []), ("3", ["LightBak"], [])],
                 doubles="own_share")
    assert net == {"1": 41_600, "2": -41_600, "3": 0}


# -- CalculateLoserScoreUseCaseTest.kt (commit 1e8ae56), the current rule: go-bak pays for
#    the others with 3 players, x2 with 2 (go_bak_doubles=two_players, korean_apps)

@pytest.mark.parametrize("name, score_, losers, expected", [
    ("다중 박 케이스 - 피박과 광박", 8, [("2", ["PeaBak", "LightBak"], []), ("3", [], [])],
     {"1": 4000, "2": -3200, "3": -800}),
    ("다중 박 케이스 - 피박, 광박, 멍박 (3개 박)", 10,
     [("2", ["PeaBak", "LightBak", "MongBak"], []), ("3", [], [])],
     {"1": 9000, "2": -8000, "3": -1000}),
    ("고박 케이스 - 고박자가 피박도 함께 가지고 있을 때", 6,
     [("2", ["GoBak", "PeaBak"], []), ("3", [], [])], {"1": 1800, "2": -1800, "3": 0}),
    ("고박 케이스 - 고박자와 다른 패자가 모두 박을 가지고 있을 때", 5,
     [("2", ["GoBak", "LightBak"], []), ("3", ["PeaBak"], [])],
     {"1": 2000, "2": -2000, "3": 0}),
    ("고박 케이스 - 맞고 (2인 게임, 고박자만 있음)", 10, [("2", ["GoBak"], [])],
     {"1": 2000, "2": -2000}),
    ("고박 케이스 - 맞고 vs 고스톱 비교 (맞고)", 7, [("2", ["GoBak"], [])],
     {"1": 1400, "2": -1400}),
    ("고박 케이스 - 맞고 vs 고스톱 비교 (고스톱)", 7,
     [("2", ["GoBak"], []), ("3", ["PeaBak"], [])], {"1": 2100, "2": -2100, "3": 0}),
    ("고박 케이스 - 맞고 (2명) 고박자만 있는 경우", 6, [("2", ["GoBak"], [])],
     {"1": 1200, "2": -1200}),
    ("고박 케이스 - 맞고와 고스톱의 차이점 명확히 검증 (맞고)", 8, [("2", ["GoBak"], [])],
     {"1": 1600, "2": -1600}),
    ("고박 케이스 - 맞고와 고스톱의 차이점 명확히 검증 (고스톱)", 8,
     [("2", ["GoBak"], []), ("3", ["PeaBak"], [])], {"1": 2400, "2": -2400, "3": 0}),
    ("고박 케이스 - 고스톱 (3명) 다른 사람 금액 그대로 적용", 6,
     [("2", ["GoBak"], []), ("3", ["PeaBak"], [])], {"1": 1800, "2": -1800, "3": 0}),
    ("고박 케이스 - 맞고와 고스톱 로직 차이 검증 (다른 사람 금액 대신 내기) (맞고)", 5,
     [("2", ["GoBak"], [])], {"1": 1000, "2": -1000}),
    ("고박 케이스 - 맞고와 고스톱 로직 차이 검증 (다른 사람 금액 대신 내기) (고스톱)", 5,
     [("2", ["GoBak"], []), ("3", ["PeaBak"], [])], {"1": 1500, "2": -1500, "3": 0}),
    ("고박 케이스 - 나무위키 규칙 검증 (맞고)", 6, [("2", ["GoBak"], [])],
     {"1": 1200, "2": -1200}),
    ("고박 케이스 - 나무위키 규칙 검증 (고스톱)", 6,
     [("2", ["GoBak"], []), ("3", ["PeaBak"], [])], {"1": 1800, "2": -1800, "3": 0}),
])
def test_zf_loser_score(name, score_, losers, expected):
    """[ZF] CalculateLoserScoreUseCaseTest, the cases with one or two losers, 점당 100."""
    assert zf_net(("1", score_, 0, []), losers) == expected


# -- CalculateSpecificCasesTest.kt (commit 24f498d): 맞고, 첫따닥 = the 뻑 amount

@pytest.mark.parametrize("name, w, loser, point, expected", [
    ("맞고 - 승자가 연뻑하고 6점, 패자가 광박으로 졌을 때", (6, ["SecondFuck"]),
     (["LightBak"], []), 100, 1400),
    ("맞고 - 승자 연뻑 + 6점, 패자 광박, 점당 50원", (6, ["SecondFuck"]), (["LightBak"], []),
     50, 700),
    ("맞고 - 승자 첫뻑 + 7점, 패자 피박", (7, ["FirstFuck"]), (["PeaBak"], []), 100, 1500),
    ("맞고 - 승자 삼연뻑 + 10점, 패자 멍박", (10, ["ThreeFuck"]), (["MongBak"], []), 100, 2400),
    ("맞고 - 승자 5점, 패자 연뻑 + 피박", (5, []), (["PeaBak"], ["SecondFuck"]), 100, 800),
    ("맞고 - 승자 연뻑 + 첫따닥 + 8점, 패자 광박", (8, ["SecondFuck", "FirstDdadak"]),
     (["LightBak"], []), 100, 1900),
    ("맞고 - 승자 9점, 패자 피박 + 광박 (2개 박)", (9, []), (["PeaBak", "LightBak"], []), 100,
     3600),
    ("맞고 - 승자 삼연뻑 + 7점, 패자 첫뻑 + 멍박", (7, ["ThreeFuck"]), (["MongBak"], ["FirstFuck"]),
     100, 1700),
])
def test_zf_specific_cases(name, w, loser, point, expected):
    """[ZF] CalculateSpecificCasesTest: the winner's total (loser calculation + score
    options); 뻑 = 점당 in every case."""
    net = zf_net(("1", w[0], 0, w[1]), [("2", *loser)], point=point, fuck=point, ddadak=point)
    assert net == {"1": expected, "2": -expected}


# -- the mass tests (commit 7526fbf): winner 10 points, 점당 100, 뻑 500, 첫따닥 3 x 점당

ZF_BAKS = [[b for i, b in enumerate(("PeaBak", "LightBak", "MongBak", "GoBak")) if m >> i & 1]
           for m in range(16)]
ZF_WINNER_OPTIONS = [[], ["FirstFuck"], ["SecondFuck"], ["FirstDdadak"],
                     ["FirstFuck", "FirstDdadak"], ["SecondFuck", "FirstDdadak"], ["ThreeFuck"]]
ZF_OPTION_MONEY = {"FirstFuck": 500, "SecondFuck": 1000, "ThreeFuck": 2000, "FirstDdadak": 300}


def zf_mass_expected(loser_baks, winner_options):
    """expectedAccounts of CalculateMatgoMassTest / CalculateGoStopMassTest, as written there:
    each loser 10 x 100 x 2^(baks but GoBak), x2 for a 2-player GoBak; a 3-player GoBak loser
    pays every share; each score option's money from every loser."""
    own = [1000 * 2 ** len([b for b in baks if b != "GoBak"]) for baks in loser_baks]
    gob = [i for i, baks in enumerate(loser_baks) if "GoBak" in baks]
    if len(loser_baks) == 1:
        pays = [own[0] * (2 if gob else 1)]
    elif gob:
        pays = [sum(own) if i == gob[0] else 0 for i in range(len(own))]
    else:
        pays = own
    per = sum(ZF_OPTION_MONEY[o] for o in winner_options)
    out = {str(i + 2): -(p + per) for i, p in enumerate(pays)}
    out["1"] = -sum(out.values())
    return out


@pytest.mark.parametrize("baks", ZF_BAKS, ids=["+".join(b) or "none" for b in ZF_BAKS])
def test_zf_matgo_mass(baks):
    """[ZF] CalculateMatgoMassTest '맞고 전체 시나리오': 16 loser combinations x 7 winner
    options."""
    for opts in ZF_WINNER_OPTIONS:
        net = zf_net(("1", 10, 0, opts), [("2", baks, [])], fuck=500)
        assert net == zf_mass_expected([baks], opts), opts


@pytest.mark.parametrize("first", ZF_BAKS, ids=["+".join(b) or "none" for b in ZF_BAKS])
def test_zf_gostop_mass(first):
    """[ZF] CalculateGoStopMassTest '고스톱 전체 시나리오': every pair of loser combinations
    with at most one GoBak, x 7 winner options."""
    for second in ZF_BAKS:
        if "GoBak" in first and "GoBak" in second:
            continue
        for opts in ZF_WINNER_OPTIONS:
            net = zf_net(("1", 10, 0, opts), [("2", first, []), ("3", second, [])], fuck=500)
            assert net == zf_mass_expected([first, second], opts), (second, opts)


# =============================================================================================
# The remaining options, each against its rule source
# =============================================================================================

def test_third_ppuk_may_pay_and_play_on():
    """three_ppuk_ends_hand off (ZF: 삼연뻑 paid alongside the Stop; RL: no third-ppeok
    rule): the third ppuk pays its chips, and the hand still ends with a Stop."""
    ev = [{"type": "ppuk", "player": "B", "month": m, "turn": 3}
          for m in ("pine", "plum", "cherry")] + stop("A")
    caps = {"A": BRIGHT3, "B": ["paulownia-phoenix"]}
    res = score(round_of(caps, ev), three_ppuk_ends_hand=False, three_ppuk_chips=5)
    assert res.winner == "A" and res.net() == {"A": 3 - 5, "B": 5 - 3}
    with pytest.raises(TallyError, match="after the hand ended"):
        score(round_of(caps, ev))  # today: the third ppuk ends the hand


def test_point_value_multiplies_the_settlement_only():
    """point_value (ZF's 점당): the Stop settlement in money; a first-turn ppuk's chips are
    given in money already and not multiplied ('4인 고스톱' of CalculateGameResultUseCaseTest
    pays 뻑 300 beside points x 100)."""
    ev = [{"type": "ppuk", "player": "B", "month": "pine", "turn": 1}] + stop("A")
    res = score(round_of({"A": BRIGHT3, "B": ["paulownia-phoenix"]}, ev), point_value=100,
                first_turn_ppuk_chips=300)
    assert steps(res, "A")["point_value"].value == 100
    assert res.net() == {"A": 300 - 300, "B": 300 - 300}


def test_compensation_price_and_payers():
    """compensation_price / compensation_payers (ZF CalculateSellScoreUseCase: 광 하나당 가격
    x 판 광 수, from every other player): by default the two non-dealers pay the rate."""
    rnd = {"players": ["A", "B", "C", "D"], "dealer": "A",
           "sitting_out": {"D": {"shows": ["pine-crane", "cherry-curtain"]}},
           "captures": {"A": GODORI, "B": [], "C": []}, "events": stop("A")}
    sold = lambda res: {p.payer: p.amount for p in res.payments if p.payee == "D"}
    assert sold(score(rnd)) == {"B": 4, "C": 4}
    assert sold(score(rnd, compensation_price=5)) == {"B": 10, "C": 10}
    assert sold(score(rnd, compensation_price=5, compensation_payers="all_players")) == {
        "A": 10, "B": 10, "C": 10}


def test_go_bak_doubles_by_player_count():
    """go_bak_doubles with go-bak paying for both: two_players doubles only a 2-player go-bak
    (ZF CalculateLoserScoreUseCase, 나무위키 rule it cites), own_share always the go-bak
    loser's own share, both_shares also the share carried (TS play.ts); none is Pagat's."""
    two = {"A": BRIGHT3, "B": ["paulownia-phoenix"]}
    three = dict(two, C=["willow-rainman"])
    ev = go("B", score_=3) + stop("A")
    for doubles, pays2, pays3 in (("none", 3, 6), ("two_players", 6, 6), ("own_share", 6, 9),
                                  ("both_shares", 6, 12)):
        assert score(round_of(two, ev), go_bak_doubles=doubles).net()["B"] == -pays2
        assert score(round_of(three, ev), go_bak_doubles=doubles).net()["B"] == -pays3
    # go_bak_mode=double is not changed by it
    assert score(round_of(three, ev), go_bak_mode="double",
                 go_bak_doubles="both_shares").net() == {"A": 9, "B": -6, "C": -3}


def test_korean_apps_preset():
    """korean_apps: korean_common Go (P + n) x 2^(n-2), gwang-bak, pi-bak at 5 junk or fewer
    with 3 players (TS play.ts), meong-bak on a loser without animals and no meong-dda (TS
    score.ts, ZF), a bomb doubling (TS play.ts playBomb shakeCount++, SB js/scoring.js).
    A: 3 brights + 7 animals = 6, 4 Go, a bomb: (6 + 4) x 4 x 2 = 80 per loser; B holds a
    bright, an animal and 6 junk: 80; C no bright, no animal: x4 = 320."""
    caps = {"A": BRIGHT3 + ANIMALS7, "B": ["paulownia-phoenix", "wisteria-cuckoo"] + SINGLES[:6],
            "C": SINGLES[6:8]}
    ev = [{"type": "bomb", "player": "A", "month": "maple"}] + go("A", 4) + stop("A")
    assert score(round_of(caps, ev), "korean_apps").net() == {"A": 400, "B": -80, "C": -320}


def _templates(obj):
    if isinstance(obj, dict):
        if isinstance(obj.get("template"), str):
            yield obj["template"]
        for v in obj.values():
            yield from _templates(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _templates(v)


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_the_new_sentences_are_translated(lang):
    """Every sentence these house rules write (built at run time too: the dok-bak reasons,
    how a sake cup was read, the ppuk runs) has a translation with the same placeholders."""
    import pathlib
    import string
    from babel.messages.pofile import read_po
    path = pathlib.Path(tally.__file__).parent / "translations" / lang / "LC_MESSAGES"
    with open(path / "messages.po", "rb") as f:
        cat = read_po(f)
    caps = {"A": BRIGHT3 + ["chrysanthemum-sake"] + SINGLES[:9], "B": SINGLES[9:12],
            "C": SINGLES[12:20] + ["chrysanthemum-blue"]}
    rounds = [
        (round_of(caps, go("B") + go("A", 2) + stop("A")), "gostop_ts", {}),
        (round_of({"A": SINGLES[:10], "B": [], "C": SINGLES[10:20] + ["chrysanthemum-sake"]},
                  [{"type": "yeon_ppuk", "player": "B"}, {"type": "sam_yeon_ppuk", "player": "C"}]
                  + [{"type": "ppuk", "player": "C", "month": m} for m in ("pine", "plum", "iris")]
                  + stop("A")), "gostop_calculator",
         {"point_value": 100, "three_ppuk_chips": 5}),
        (round_of({"A": SINGLES[:10], "B": SINGLES[10:16] + ["chrysanthemum-sake"]},
                  stop("A")), "gostop_ts", {}),
    ]
    seen = set()
    for rnd, preset, options in rounds:
        seen |= set(_templates(score(rnd, preset, **options).to_dict()))
    fields = lambda t: sorted({f for _, f, _, _ in string.Formatter().parse(t) if f})
    for t in ("sam-yeon-ppuk: three ppuk in a row", "yeon-ppuk: a second ppuk in a row",
              "third ppuk: play goes on (the table plays on after a third ppuk)"):
        assert t in seen
    for words in ("share doubled", "escapes pi-bak", "most points", "reverse Go",
                  "chips per point"):
        assert any(words in t for t in seen), words
    for t in seen:
        m = cat.get(t)
        assert m and m.string and fields(m.string) == fields(t), t


# =============================================================================================
# Issue 10, second pass: four playing, who pays when both losers said Go, a bomb doubling the
# hand whoever bombed, chok without junk, and a bright seller's sets
# =============================================================================================

# four playing (four_may_all_play, on in gostop_calculator). zf_net's winner piles would need
# more junk than the deck holds for three losers, so these cases name the winner's pile:
# ribbons only where no bak is read, else the rows the baks read (each pile's points checked)
RIB7 = HONG + ["peony-blue", "chrysanthemum-blue", "wisteria-ribbon", "iris-ribbon",
               "willow-ribbon"]  # Hong-dan 3 + 8 ribbons 4 = 7, no bright, animal or junk row
ZF4_PILES = {"ribbons 7": RIB7, "junk 5": HONG + SINGLES[:11], "animals 6": ANIMALS7 + HONG,
             "all rows 7": BRIGHT3 + ANIMALS7 + SINGLES[:10],
             "bright junk 8": BRIGHT3 + HONG + SINGLES[:11]}


def zf4_net(pile, losers, point):
    """A ZeroFriends case with three losers: the winner "1" holds ``pile``; each loser holds
    what keeps off the baks not named (a bright, an animal, 6 junk) and says Go for GoBak."""
    pile = ZF4_PILES[pile]
    scored = {y.id for y in tally.evaluate(G, pile, preset="gostop_calculator").yaku}
    brights, animals = list(SPARE_BRIGHTS), ["wisteria-cuckoo"]
    junk = [c for c in SINGLES if c not in pile] + DOUBLES
    caps, events, sake_as = {"1": pile}, [], {}
    for L, baks in losers:
        mine = []
        if scored & {"sam_gwang"} and "LightBak" not in baks:
            mine.append(brights.pop())
        if len([c for c in pile if c in ANIMALS7]) >= 7 and "MongBak" not in baks:
            mine.append(animals.pop() if animals else "chrysanthemum-sake")
            sake_as.update({L: "animal"} if mine[-1] == "chrysanthemum-sake" else {})
        if "pi" in scored:
            take = 1 if "PeaBak" in baks else 6
            while take > 0:
                mine.append(junk.pop(0))
                take -= 2 if mine[-1] in DOUBLES else 1
        caps[L] = mine
        events += go(L) if "GoBak" in baks else []
    rnd = round_of(caps, events + stop("1"), sake_as=sake_as)
    return score(rnd, "gostop_calculator", point_value=point).net()


@pytest.mark.parametrize("name, pile, point, losers, expected", [
    ("기본 케이스 - 박 없이 승자 7점, 점당 100원", "ribbons 7", 100,
     [("2", []), ("3", []), ("4", [])], {"1": 2100, "2": -700, "3": -700, "4": -700}),
    ("피박 케이스 - 한 명이 피박", "junk 5", 100, [("2", ["PeaBak"]), ("3", []), ("4", [])],
     {"1": 2000, "2": -1000, "3": -500, "4": -500}),
    ("멍박 케이스 - 한 명이 멍박", "animals 6", 50, [("2", []), ("3", ["MongBak"]), ("4", [])],
     {"1": 1200, "2": -300, "3": -600, "4": -300}),
    ("고박 케이스 - 고박자가 모든 패자의 돈을 냄", "ribbons 7", 100,
     [("2", ["GoBak"]), ("3", []), ("4", [])], {"1": 2100, "2": -2100, "3": 0, "4": 0}),
    ("고박 케이스 - 고스톱 (4명) 다른 사람 금액 그대로 적용", "junk 5", 100,
     [("2", ["GoBak"]), ("3", ["PeaBak"]), ("4", [])], {"1": 2000, "2": -2000, "3": 0, "4": 0}),
])
def test_zf_loser_score_three_losers(name, pile, point, losers, expected):
    """[ZF] CalculateLoserScoreUseCaseTest (commit 1e8ae56), the cases with three losers: four
    people all play the hand (four_may_all_play, in the gostop_calculator preset)."""
    assert zf4_net(pile, losers, point) == expected


@pytest.mark.parametrize("name, pile, point, losers", [
    ("총액 검증 - 받는 돈과 내는 돈의 합은 0", "all rows 7", 100,
     [("2", ["PeaBak"]), ("3", ["LightBak", "MongBak"]), ("4", [])]),
    ("고박 케이스 - 총액 검증", "bright junk 8", 150,
     [("2", ["GoBak", "PeaBak"]), ("3", ["LightBak"]), ("4", [])]),
])
def test_zf_loser_score_three_losers_sum_to_zero(name, pile, point, losers):
    """[ZF] CalculateLoserScoreUseCaseTest's two '총액 검증' cases assert only that the accounts
    sum to zero; the amounts follow its rule (CalculateLoserScoreUseCase at 1e8ae56: each bak
    x2, a go-bak loser with three or more pays every share as it is, own share without the
    go-bak)."""
    net = zf4_net(pile, losers, point)
    assert sum(net.values()) == 0
    base = int(pile.split()[-1]) * point
    if any("GoBak" in b for _, b in losers):
        assert net == {"1": 5 * base, "2": -5 * base, "3": 0, "4": 0}  # 2b + 2b + b
    else:
        assert net == {"1": 7 * base, "2": -2 * base, "3": -4 * base, "4": -base}


def test_four_playing_is_a_house_rule():
    """The digest (1 Header, 3.7; seeds 000/001 'only three of them take part in the play at
    any one time') seats four with one sitting out; four_may_all_play lets all four play."""
    caps = {"A": BRIGHT3, "B": ["paulownia-phoenix"], "C": ["willow-rainman"], "D": []}
    rnd = round_of(caps, stop("A"))
    with pytest.raises(TallyError) as e:
        score(rnd)
    assert e.value.field == "sitting_out"
    res = score(rnd, four_may_all_play=True)
    assert res.net() == {"A": 3 + 3 + 6, "B": -3, "C": -3, "D": -6}  # D: gwang-bak x2
    settle = steps(res, "A")["settlement"].reason
    assert settle == "from the losers: B pays 3, C pays 3, D pays 6"
    # a seller may still sit out: the usual gwangpalli hand
    rnd = round_of({"A": BRIGHT3, "B": [], "C": []}, stop("A"), players=list("ABCD"),
                   sitting_out={"D": {}})
    assert score(rnd, four_may_all_play=True).net()["D"] == 0


def test_both_losers_said_go_ts_last_seated_pays_all_doubled():
    """[TS] src/play.ts finalSettlement: gobakLoser is the last player in seat order who said
    Go; they pay the whole total x gobakMultiplier (2), the others nothing. A: three brights
    (3); B and C each owe 3: C pays (3 + 3) x 2 = 12."""
    caps = {"A": BRIGHT3, "B": ["paulownia-phoenix"], "C": ["willow-rainman"]}
    ev = go("B", score_=3) + go("C", score_=3) + stop("A")
    res = score(round_of(caps, ev), "gostop_ts")
    assert res.net() == {"A": 12, "B": 0, "C": -12}
    assert "seated last" in steps(res, "C")["dok_bak"].reason
    # today's rule (each pays their own, go-bak x2 under both_shares): 6 each
    assert score(round_of(caps, ev), "gostop_ts", both_go_liable="each_own").net() == {
        "A": 12, "B": -6, "C": -6}


def test_both_losers_said_go_zf_first_listed_pays_all():
    """[ZF] CalculateLoserScoreUseCase: goBakGamer = losers.firstOrNull { GoBak }: the first
    listed go-bak loser pays every share; with three players each share as it is (1e8ae56:
    '고스톱(3명 이상): 다른 사람의 금액을 그대로 대신 지불', own share without the go-bak).
    Winner 6 points, 점당 100: 600 + 600."""
    net = zf_net(("1", 6, 0, []), [("2", ["GoBak"], []), ("3", ["GoBak"], [])])
    assert net == {"1": 1200, "2": -1200, "3": 0}


def test_sb_bomb_doubles_the_hand_whoever_bombed():
    """[SB] js/scoring.js roundMultiplier: 'round.bomb ? 2 : 1', a flag of the hand, not of a
    player. '예시2: 나 3점 승, 폭탄' pays {me 12, mom -6, dad -6} when mom bombed too."""
    rnd = sb_round("me", 3)
    rnd["events"] = [{"type": "bomb", "player": "mom", "month": "maple"}] + rnd["events"]
    assert score(rnd, "gostop_scoreboard").net() == {"me": 12, "mom": -6, "dad": -6}
    # the book's bomb doubling (korean_apps): only the winner's own bombs count
    assert score(rnd, "gostop_scoreboard", bomb_multiplier_scope="winning_bomber").net() == {
        "me": 6, "mom": -3, "dad": -3}
    two = dict(rnd, events=[{"type": "bomb", "player": "me", "month": "pine"}] + rnd["events"])
    assert score(two, "gostop_scoreboard").net()["me"] == 12  # x2 once, not per bomb


def test_rl_chok_takes_no_junk():
    """[RL] engine/capture.py resolve_draw: a draw that matches the one card just played (a
    chok) is finalize_capture(..., EventType.CAPTURE) with pi_per_opponent 0; only ttadak
    (TTADAK_PENALTY_PI) and a sweep (SWEEP_BONUS_PI) take junk there."""
    caps = {"A": RL_SEVEN, "B": RL_LOSER}
    ev = [{"type": "chok", "player": "A"}, {"type": "ttadak", "player": "A"}] + stop("A")
    received = score(round_of(caps, ev), "hwatu_gostop_rl").players[0].extra["junk_received"]
    assert [x["event"] for x in received] == ["ttadak"]
    received = score(round_of(caps, ev)).players[0].extra["junk_received"]
    assert [x["event"] for x in received] == ["chok", "ttadak"]  # today: both take one


@pytest.mark.parametrize("shows, triples, units", [
    (["pine-crane", "cherry-curtain", "pampas-moon"], 0, 3),  # '광 3장 = 3'
    (["pine-crane", "cherry-curtain"] + GODORI, 0, 2 + 5),  # '광 2장 + 고도리 3마리 = 2 + 5 = 7'
    (["pine-crane"], 1, 2),  # '같은 월 3장 이상이면 ×2': 1 bright, a triple held -> 2
])
def test_ts_bright_sale_counts_the_sets(shows, triples, units):
    """[TS] test/four.test.ts FourPlayer.gwangCount: brights and jokers, plus the points of a
    godori or ribbon set in the seller's hand, x2 with three of a month; paid per payer at
    the unit price by the two who play besides the dealer ('전원 참가 + P4 광팔기 → 광값
    P2·P3 선불', 5 brights x 2 = 10 each)."""
    rnd = {"players": ["A", "B", "C", "D"], "dealer": "A",
           "sitting_out": {"D": {"shows": shows, "triples": triples}},
           "captures": {"A": HONG, "B": [], "C": []}, "events": stop("A"),
           "check_calls": False}
    res = score(rnd, "gostop_ts", compensation_price=2)
    sold = {p.payer: p.amount for p in res.payments if p.payee == "D"}
    assert sold == {"B": 2 * units, "C": 2 * units}
    if any(c in GODORI for c in shows):  # under the digest the birds are no cards for sale
        with pytest.raises(TallyError) as e:
            score(rnd, "gostop_ts", compensation_price=2, compensation_counts_sets=False)
        assert e.value.card == "plum-warbler"


def test_ts_five_brights_sold_at_two():
    """[TS] test/four.test.ts '전원 참가 + P4 광팔기': five brights, unit price 2: 10 from each
    of P2 and P3, the dealer pays nothing."""
    rnd = {"players": ["A", "B", "C", "D"], "dealer": "A",
           "sitting_out": {"D": {"shows": BRIGHT3 + SPARE_BRIGHTS}},
           "captures": {"A": HONG, "B": [], "C": []}, "events": stop("A"),
           "check_calls": False}
    res = score(rnd, "gostop_ts", compensation_price=2)
    assert {p.payer: p.amount for p in res.payments if p.payee == "D"} == {"B": 10, "C": 10}


def test_the_second_pass_options_keep_todays_defaults():
    g = tally.get_game(G)
    pagat = g.rules("pagat")
    assert (pagat["chok_steals"], pagat["bomb_multiplier_scope"], pagat["both_go_liable"],
            pagat["compensation_counts_sets"], pagat["four_may_all_play"]) == (
        True, "winning_bomber", "each_own", False, False)
    assert g.rules("gostop_calculator")["four_may_all_play"]
    assert g.rules("gostop_calculator")["both_go_liable"] == "first_seated"
    assert g.rules("gostop_ts")["both_go_liable"] == "last_seated"
    assert not g.rules("hwatu_gostop_rl")["chok_steals"]
    assert g.rules("gostop_scoreboard")["bomb_multiplier_scope"] == "any_bomb_once"
