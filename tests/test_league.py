"""The group's league (issue 14): periods, head-to-head and the time series (tally/league.py),
and the per-session pairs the store keeps at write time (migration 6).

The pure functions are checked on rows written by hand (calendar facts and sums done in the
test). The store's pairs are checked against the full computation: the chips each seat paid
each other seat, added up from the ledger of the session replayed from its inputs
(``series.summary``), after any sequence of adds, corrections, deletions and undos; the rounds
are played-out deals (tests/test_store_growth.deal), so no expected number comes from the
code under test.
"""

from __future__ import annotations

import random
import sqlite3
from datetime import date

import pytest

from tally import league, series
from tally.store import SCHEMA_VERSION, Store, digest, read_token_of
from test_store_growth import (SEATS, deal, from_scratch, inputs_of, store_at_schema,
                               write_old_session)

# ----------------------------------------------------------------------------- periods


@pytest.mark.parametrize("kind, today, since, until", [
    ("month", date(2025, 2, 14), date(2025, 2, 1), date(2025, 3, 1)),
    ("month", date(2024, 12, 31), date(2024, 12, 1), date(2025, 1, 1)),  # into the next year
    ("year", date(2024, 12, 31), date(2024, 1, 1), date(2025, 1, 1)),
    ("all", date(2024, 5, 5), None, None),
])
def test_a_period_is_its_calendar_days(kind, today, since, until):
    p = league.period(kind, today)
    assert (p.kind, p.since, p.until) == (kind, since, until)


def test_custom_dates_and_their_order():
    p = league.period("custom", date(2025, 1, 1), date(2024, 3, 1), date(2024, 4, 1))
    assert p.iso() == ("2024-03-01", "2024-04-01") and p.last_day == date(2024, 3, 31)
    assert league.period("custom", date(2025, 1, 1), None, date(2024, 4, 1)).since is None
    # the API's since/until without a period name are custom dates
    assert league.period("all", date(2025, 1, 1), date(2024, 3, 1)).kind == "custom"
    with pytest.raises(league.PeriodError) as e:
        league.period("custom", date(2025, 1, 1), date(2024, 4, 1), date(2024, 4, 1))
    assert e.value.field == "until"


# ----------------------------------------------------------------------------- head-to-head

def test_head_to_head_nets_what_each_pair_paid_each_other():
    # Ann paid Bo 5 then Bo paid Ann 3 (another session), Cy paid Ann 4 and 2.5
    rows = [{"from": "Ann", "to": "Bo", "chips": 5}, {"from": "Bo", "to": "Ann", "chips": 3},
            {"from": "Cy", "to": "Ann", "chips": 4}, {"from": "Cy", "to": "Ann", "chips": 2.5}]
    h = league.head_to_head(rows, order=["Ann", "Cy", "Bo"])
    assert h["players"] == ["Ann", "Cy", "Bo"]
    assert h["matrix"] == [[None, 6.5, -2], [-6.5, None, 0], [2, 0, None]]
    assert h["pairs"] == [{"player": "Ann", "opponent": "Cy", "chips": 6.5},
                          {"player": "Bo", "opponent": "Ann", "chips": 2}]
    # a player the standings do not list (yet) still gets a row, after them
    assert league.head_to_head(rows, order=["Bo"])["players"] == ["Bo", "Ann", "Cy"]


def test_a_float_leftover_is_nothing():
    rows = [{"from": "A", "to": "B", "chips": 0.1}, {"from": "A", "to": "B", "chips": 0.2},
            {"from": "B", "to": "A", "chips": 0.3}]
    assert league.head_to_head(rows)["matrix"] == [[None, 0], [0, None]]


# ----------------------------------------------------------------------------- time series

def row(sid, day, players, totals):
    return {"id": sid, "created": f"{day}T20:00:00.000Z", "players": players,
            "standing": {"totals": {seat: [chips, 0] for seat, chips in totals.items()}}}


def test_time_series_adds_up_each_players_chips_session_by_session():
    rows = [row("s1", "2025-01-03", {"A": "Ann", "B": "Bo"}, {"A": 5, "B": -5}),
            # seats named otherwise: the group's identities count
            row("s2", "2025-01-10", {"X": "Bo", "Y": "Cy"}, {"X": 7, "Y": -7}),
            row("s3", "2025-01-17", {"A": "Ann", "C": "Cy"}, {"A": -1.5, "C": 1.5})]
    ts = league.time_series(rows)
    assert ts["players"] == ["Ann", "Bo", "Cy"]  # 3.5, 2, -5.5
    assert [p["chips"] for p in ts["points"]] == [
        {"Ann": 5, "Bo": -5, "Cy": 0}, {"Ann": 5, "Bo": 2, "Cy": -7},
        {"Ann": 3.5, "Bo": 2, "Cy": -5.5}]
    assert [p["date"] for p in ts["points"]] == ["2025-01-03", "2025-01-10", "2025-01-17"]
    assert ts["points"][1]["played"] == {"Bo": 7, "Cy": -7}


def test_the_chart_keeps_zero_in_view_and_each_line_in_its_box():
    ts = league.time_series([row("s1", "2025-01-03", {"A": "Ann", "B": "Bo"}, {"A": 8, "B": -8}),
                             row("s2", "2025-01-10", {"A": "Ann", "B": "Bo"}, {"A": 4, "B": -4})])
    box = league.Box()
    c = league.chart(ts, box)
    ys = [float(xy.split(",")[1]) for line in c["lines"] for xy in line["points"].split()]
    xs = [float(xy.split(",")[0]) for line in c["lines"] for xy in line["points"].split()]
    assert min(ys) == box.top and max(ys) == box.height - box.bottom  # +12 and -12 at the edges
    assert c["zero"] == (box.top + box.height - box.bottom) / 2  # 0 halfway
    assert min(xs) == box.left and max(xs) == box.width - box.right
    assert [line["value"] for line in c["lines"]] == [12, -12]
    assert all(box.top <= y <= box.height - box.bottom for y, _ in c["ticks"])
    one = league.chart(league.time_series(
        [row("s1", "2025-01-03", {"A": "Ann", "B": "Bo"}, {"A": 0, "B": 0})]))
    assert len(one["lines"][0]["points"].split()) == 2  # a single session draws a level line


# ----------------------------------------------------------------------------- the store

@pytest.fixture
def st(tmp_path):
    s = Store(str(tmp_path / "league.sqlite"), "NORMAL")
    s.migrate()
    return s


def ledger_pairs(cfg, inputs) -> dict:
    """What each seat paid each other seat: the session's ledger from scratch, added up."""
    full, _ = from_scratch(cfg, inputs)
    out: dict = {}
    for pay in full["ledger"]:
        key = (pay["from"], pay["to"])
        out[key] = round(out.get(key, 0) + pay["amount"], 6)
    return {k: v for k, v in out.items() if v}


def stored_pairs(st, sid) -> dict:
    return {(a, b): round(c, 6) for a, b, c in st.conn.execute(
        "SELECT payer, payee, chips FROM session_pairs WHERE session_id = ?", (sid,))}


@pytest.mark.parametrize("game", ["koi-koi", "go-stop"])
def test_the_pairs_follow_every_change_to_the_rounds(st, game):
    rng = random.Random(21)
    cfg = series.check_config({"game": game, "players": SEATS[game], "length": None})
    sid = st.create_session(cfg, inputs=[deal(rng, game) for _ in range(5)])["id"]
    assert stored_pairs(st, sid) == ledger_pairs(cfg, inputs_of(st, sid))
    version = st.session_row(sid)["version"]
    for _ in range(30):
        n = st.last_seq(sid)
        kind = rng.choice(["add", "add", "put", "delete", "undo"])
        if kind == "add" or n == 0:
            out = st.add_round(sid, version, deal(rng, game))
        elif kind == "put":
            out = st.replace_round(sid, version, rng.randint(1, n), deal(rng, game))
        elif kind == "delete":
            out = st.delete_round(sid, version, rng.randint(1, n))
        elif st.undo_target(sid) is not None:
            out = st.undo(sid, version)
        else:
            continue
        version = out["version"]
        assert stored_pairs(st, sid) == ledger_pairs(cfg, inputs_of(st, sid)), kind


def test_migration_6_adds_up_the_pairs_of_stored_sessions(tmp_path):
    path = str(tmp_path / "five.sqlite")
    old = store_at_schema(path, 5)
    old.conn.execute("INSERT INTO groups VALUES ('g1', 'club', ?, '2024-01-01')",
                     (digest("club-token"),))
    rng = random.Random(6)
    made = []
    for game in ("koi-koi", "go-stop"):
        cfg = series.check_config({"game": game, "players": SEATS[game], "length": None})
        write_old_session(old, cfg, [deal(rng, game) for _ in range(8)], sid=game,
                          group_id="g1")
        made.append((game, cfg))
    old.close()
    st = Store(path, "NORMAL")
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 5
    assert st.migrate() == SCHEMA_VERSION == 10
    for sid, cfg in made:
        assert stored_pairs(st, sid) == ledger_pairs(cfg, inputs_of(st, sid)) != {}
    # the older group gets its read-only link the first time its token is used
    row = st.group_row("g1")
    assert row["read_hash"] is None
    assert st.group_access(row, read_token_of("club-token")) is None
    assert st.group_access(row, "club-token") == "edit"
    assert st.group_access(st.group_row("g1"), read_token_of("club-token")) == "read"


def test_migration_8_hands_the_pairs_from_the_triggers_to_the_store(tmp_path):
    """Schema 7 kept the pairs by triggers; schema 8 drops them and the store keeps the rows:
    the rows the triggers wrote stay, and the changes after the upgrade count once."""
    path = str(tmp_path / "seven.sqlite")
    old = store_at_schema(path, 7)
    rng = random.Random(8)
    made = []  # only the triggers write the pairs, as in schema 7
    for game in ("koi-koi", "go-stop"):
        cfg = series.check_config({"game": game, "players": SEATS[game], "length": None})
        inputs = [deal(rng, game) for _ in range(8)]
        write_old_session(old, cfg, inputs, sid=game)
        assert stored_pairs(old, game) == ledger_pairs(cfg, inputs) != {}
        made.append((game, cfg))
    old.close()
    st = Store(path, "NORMAL")
    assert st.migrate() == SCHEMA_VERSION == 10
    assert st.conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall() == []
    for sid, cfg in made:
        assert stored_pairs(st, sid) == ledger_pairs(cfg, inputs_of(st, sid))
        version = st.session_row(sid)["version"]
        version = st.add_round(sid, version, deal(rng, cfg.game))["version"]
        version = st.delete_round(sid, version, 1)["version"]
        version = st.replace_round(sid, version, 2, deal(rng, cfg.game))["version"]
        st.undo(sid, version)
        assert stored_pairs(st, sid) == ledger_pairs(cfg, inputs_of(st, sid))


def test_group_tokens(st):
    gid, token = st.create_group("Family")
    row = st.group_row(gid)
    assert st.group_access(row, token) == "edit"
    assert st.group_access(row, read_token_of(token)) == "read"
    for wrong in (None, "", "x", read_token_of("x"), 42):
        assert st.group_access(row, wrong) is None
    assert not Store.group_auth(row, read_token_of(token))  # a read token adds no session
