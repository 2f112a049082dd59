"""A stored round that moves keeps its result when nothing it is scored from changed (issue 12).

A deletion, or its undo, moves every later round a month; a correction that turns a nagari
into a win does the same. A round's result depends on its input, its dealer, its carry and
the series' rules (``series.score_one``), and on its month only in a game that takes the
month and under a rule that reads it. So the store scores again only the rounds whose dealer
or carry changed (or month, where it is read) and takes the others' stored results
(``series.reused``). Each expected count here comes from two replays from scratch, and every
session is checked against the full computation afterwards (``check_session``).
"""

from __future__ import annotations

import random

import pytest

from tally import series
from tally.errors import TallyError
from tally.games import GAMES
from test_store_growth import SEATS, check_session, deal, inputs_of, sqlite_st  # noqa: F401

KOI_COUNTS = ("totals", "rounds_won", "banks")  # koi_koi.py: what a round only adds to
MONTH_RULES = ("yaku_of_the_month", "views_in_season_only", "views_double_in_season")


def takes_month(game) -> bool:
    return any(s.key == "month" and s.kind == "choice" for s in game.inputs)


def outcome(cfg, inp, month) -> str:
    try:
        return repr(series.score_one(cfg, inp, seq=1, month=month, dealer=cfg.players[0],
                                     carry={}).result)
    except TallyError as e:
        return f"error {e.field}: {e.message}"


def test_only_koi_koi_takes_the_month():
    """The games whose rounds the series gives a month: the tests below deal their rounds."""
    assert [gid for gid, g in GAMES.items() if takes_month(g)] == ["koi-koi"]


@pytest.mark.parametrize("preset", sorted(p.id for p in GAMES["koi-koi"].presets))
def test_the_month_changes_no_result_unless_a_rule_reads_it(preset):
    """Under every preset that plays none of the month's rules, 150 dealt rounds score the
    same in each of the 12 months; ``series.month_read`` says so for exactly those."""
    cfg = series.check_config({"game": "koi-koi", "players": SEATS["koi-koi"],
                               "preset": preset})
    rng = random.Random(preset)
    rules = GAMES["koi-koi"].rules(cfg.preset, cfg.options)
    reads = any(rules.get(r) for r in MONTH_RULES)
    assert series.month_read(cfg) == reads
    changed = 0
    for _ in range(150):
        inp = deal(rng, "koi-koi")
        changed += len({outcome(cfg, inp, m) for m in range(1, 13)}) > 1
    assert (changed > 0) == reads, changed


@pytest.mark.parametrize("rule", MONTH_RULES)
def test_each_month_rule_makes_the_month_read(rule):
    cfg = series.check_config({"game": "koi-koi", "players": SEATS["koi-koi"],
                               "options": {rule: True}})
    assert series.month_read(cfg)
    rng = random.Random(rule)
    assert any(len({outcome(cfg, inp, m) for m in range(1, 13)}) > 1
               for inp in (deal(rng, "koi-koi") for _ in range(300)))


def same_start(cfg, old: series.RoundState, new: series.RoundState) -> bool:
    """Whether a stored round can keep its result in its new place: the same dealer, the same
    carry (in Koi-Koi, but for the running counts, unless a rule reads them), and the same
    month where a rule reads it."""
    if old.dealer != new.dealer:
        return False
    if series.month_read(cfg) and old.month != new.month:
        return False
    counts = KOI_COUNTS if cfg.game == "koi-koi" and not (
        cfg.options.get("first_to_50") or cfg.options.get("empty_bank_ends_game")) else ()
    strip = (lambda c: {k: v for k, v in c.items() if k not in counts})
    return strip(old.carry_in) == strip(new.carry_in) and \
        set(old.carry_in) == set(new.carry_in)


def scored_during(monkeypatch, change) -> int:
    """How many rounds ``change()`` has the engine score."""
    calls = []
    real = series.score_one

    def counting(*a, **k):
        calls.append(k.get("seq"))
        return real(*a, **k)
    monkeypatch.setattr(series, "score_one", counting)
    change()
    monkeypatch.setattr(series, "score_one", real)
    return len(calls)


def result_rows(st, sid) -> dict[int, int]:
    """Each round's number and the number of its result's row (``round_results``)."""
    return dict(st.conn.execute("SELECT seq, rid FROM rounds WHERE session_id = ?",
                                (sid,)).fetchall())


CASES = [("koi-koi", {}), ("koi-koi", {"yaku_of_the_month": True}),
         ("koi-koi", {"first_to_50": True}), ("go-stop", {})]


@pytest.mark.parametrize("game,options", CASES)
@pytest.mark.parametrize("seed", range(3))
def test_a_deletion_and_its_undo_score_only_the_rounds_that_start_otherwise(
        sqlite_st, monkeypatch, game, options, seed):
    st = sqlite_st
    rng = random.Random(seed)
    cfg = series.check_config({"game": game, "players": SEATS[game], "length": None,
                               "options": options})
    inputs = []
    while len(inputs) < 30:  # first_to_50 ends the game: only rounds it lets be played
        inputs.append(deal(rng, game))
        if series.replay(cfg, inputs)[-1].result.get("carry", {}).get("game_over"):
            inputs.pop()
    sid = st.create_session(cfg, inputs=inputs)["id"]
    k = 5
    old, new = series.replay(cfg, inputs), series.replay(cfg, inputs[:k - 1] + inputs[k:])
    expected = sum(not same_start(cfg, o, n) for o, n in zip(old[k:], new[k - 1:]))
    version = st.session_row(sid)["version"]
    out = {}
    before = result_rows(st, sid)
    assert scored_during(monkeypatch, lambda: out.update(
        st.delete_round(sid, version, k))) == expected
    check_session(st, sid, cfg)
    # a moved round keeps its result's row (only its row in ``rounds`` is written again); a
    # round scored again gets a new one
    after, top = result_rows(st, sid), max(before.values())
    assert all(after[j] == before[j + 1] or after[j] > top for j in range(k, len(inputs)))
    assert sum(after[j] > top for j in range(k, len(inputs))) == expected
    # the undo puts round k back: it is scored from its input, the later rounds as above
    expected = 1 + sum(not same_start(cfg, n, o) for n, o in zip(new[k - 1:], old[k:]))
    assert scored_during(monkeypatch, lambda: st.undo(sid, out["version"])) == expected
    assert inputs_of(st, sid) == inputs
    check_session(st, sid, cfg)
    if options.get("yaku_of_the_month"):  # every later round's month moved
        assert expected == 1 + len(old) - k


def example_series(gid: str) -> tuple[series.SeriesConfig, list]:
    """The game's own example round, played again and again (up to 6 times, as long as the
    series takes it: some end the game or need another dealer)."""
    g = GAMES[gid]
    ex = {k: v for k, v in g.round_example.items() if k not in series.SERVER_KEYS}
    cfg = series.check_config({"game": gid, "players": g.round_example["players"],
                               "length": None})
    inputs = []
    for _ in range(6):
        try:
            series.replay(cfg, inputs + [ex])
        except TallyError:
            break
        inputs.append(ex)
    return cfg, inputs


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_every_game_keeps_its_books_when_rounds_move(sqlite_st, monkeypatch, gid):
    """In every game, deleting round 1 and undoing it, then deleting round 2, leaves exactly
    what the full computation gives; the moved rounds that start as before are not scored
    again (each game's example round repeated: from the second on, each starts from the carry
    and dealer the one before left)."""
    st = sqlite_st
    cfg, inputs = example_series(gid)
    assert inputs, gid
    sid = st.create_session(cfg, inputs=inputs)["id"]
    out = {"version": st.session_row(sid)["version"]}
    scored = scored_during(monkeypatch, lambda: out.update(
        st.delete_round(sid, out["version"], 1)))
    check_session(st, sid, cfg)
    old, new = series.replay(cfg, inputs), series.replay(cfg, inputs[1:])
    assert scored == sum(not same_start(cfg, o, n) for o, n in zip(old[1:], new))
    out.update(st.undo(sid, out["version"]))
    assert inputs_of(st, sid) == inputs
    check_session(st, sid, cfg)
    if len(inputs) >= 2:
        st.delete_round(sid, out["version"], 2)
        check_session(st, sid, cfg)
