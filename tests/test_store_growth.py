"""Writes that cost one round, standings kept at write time (issue 12).

The store keeps each round's share of the running summary and each series' standing, so a
write reads neither the rounds before it nor the whole summary. Whatever sequence of adds,
corrections, deletions and undos a table makes, what is stored must equal the full
computation from scratch: ``series.replay`` of the round inputs, ``series.summary`` of those
rounds, ``series.standings`` of every round of every series. The rounds are played-out deals
(the deck shuffled and dealt into piles), so no expected number comes from our own code: each
check compares two computations.
"""

from __future__ import annotations

import json
import random
import re
import sqlite3

import pytest

from tally import evaluate, series
from tally.cards import FULL_DECK, CardSet
from tally.dialects import POSTGRES
from tally.store import CHECKPOINT, MIGRATIONS, SCHEMA_VERSION, Store, _dumps, _Migrating

DECK = list(CardSet(FULL_DECK).slugs)
SEATS = {"koi-koi": ["Aki", "Bo"], "go-stop": ["Ana", "Bo", "Cy"]}


def deal(rng, game) -> dict:
    """A played-out round: piles dealt from a shuffled deck; a player holding a combination
    stops (a Go-Stop deal nobody can stop is a nagari)."""
    deck = DECK[:]
    rng.shuffle(deck)
    caps = {}
    for p in SEATS[game]:
        k = rng.randint(6, 16)
        caps[p], deck = deck[:k], deck[k:]
    if game == "koi-koi":
        able = [p for p in caps if evaluate(game, caps[p]).points > 0]
        return {"captures": caps, "events": [{"type": "stop", "player": rng.choice(able)}]
                if able else []}
    pts = {p: evaluate(game, caps[p]).details["stop_points"] for p in caps}
    able = [p for p in caps if pts[p] >= 3]
    if not able:
        return {"captures": caps, "events": [{"type": "nagari"}]}
    w = rng.choice(able)
    return {"captures": caps, "events": [{"type": "stop", "player": w, "score": pts[w]}]}


@pytest.fixture
def st(database):
    """On SQLite and on PostgreSQL (conftest.py)."""
    s = Store(database, "NORMAL")
    s.migrate()
    return s


@pytest.fixture
def sqlite_st(tmp_path):
    """SQLite alone: the tests that read the SQL run through its trace callback."""
    s = Store(str(tmp_path / "g.sqlite"), "NORMAL")
    s.migrate()
    return s


def store_at_schema(path: str, version: int) -> Store:
    """A new store (a SQLite file, or an empty PostgreSQL database) migrated only up to schema
    ``version`` (the migration tests)."""
    old = Store(path, "NORMAL")
    with old.transaction() as conn:
        db = _Migrating(old.conn, POSTGRES) if old.postgres else old.db
        old.backend.schema_version(conn)  # (PostgreSQL: its table)
        for v in range(1, version + 1):
            MIGRATIONS[v](db)
            old.backend.set_schema_version(conn, v)
    return old


def write_old_session(old: Store, cfg, inputs, *, sid: str, group_id: str | None = None,
                      created: str = "2024-01-01") -> None:
    """A session as an older schema (4 to 8) stored it, written in SQL (today's store writes
    schema 9's rows): its row and its rounds' rows with the columns the file's tables have,
    each round with its whole view, and the tallies with every round until schema 7 kept them
    with every CHECKPOINT-th one."""
    def columns(table):
        if old.postgres:
            return [c for (c,) in old.conn.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_name = ? "
                "ORDER BY ordinal_position", (table,))]
        return [row[1] for row in old.conn.execute(f"PRAGMA table_info({table})")]

    head, tallies = series.start(cfg)
    rows = []
    for r in series.replay(cfg, inputs):
        step = series.advance(cfg, head, tallies, r)
        head, tallies = step.head, step.tallies
        rows.append({"session_id": sid, "seq": r.seq, "view": _dumps(r.view()),
                     "created": created, "input": _dumps(r.input), "ledger": _dumps(step.ledger),
                     "line": _dumps(step.line), "head": _dumps(step.head),
                     "tallies": _dumps(step.tallies), "gain": _dumps(step.gain)})
    if "gain" in columns("rounds"):
        for row in rows:
            row["tallies"] = row["tallies"] if row["seq"] % CHECKPOINT == 0 else None
    session = {"id": sid, "title": "", "game": cfg.game, "config": _dumps(cfg.to_dict()),
               "group_id": group_id, "player_ids": "[]", "edit_hash": "e", "read_hash": "r",
               "version": 1, "state": _dumps(head), "created": created, "updated": created,
               "standing": _dumps(series.standing(head, tallies))}
    for table, values in (("sessions", [session]), ("rounds", rows)):
        names = [c for c in columns(table) if c in values[0]] if values else []
        for v in values:
            old.conn.execute(f"INSERT INTO {table} ({', '.join(names)}) VALUES "
                             f"({', '.join('?' * len(names))})", [v[c] for c in names])


def inputs_of(st, sid):
    return [r.input for r in st.round_states(sid)]


def from_scratch(cfg, inputs) -> tuple[dict, list]:
    rounds = series.replay(cfg, inputs)
    return series.summary(cfg, rounds), rounds


def check_session(st, sid, cfg):
    """Stored summary, head, rounds and standing equal the full computation; so do the
    running summary kept with each round (its head, and the tallies a rescoring starts from)
    and what each round adds to the counts."""
    full, rounds = from_scratch(cfg, inputs_of(st, sid))
    assert st.full_state(sid) == full
    row = st.session_row(sid)
    head = json.loads(row["state"])
    assert {k: v for k, v in head.items() if k != "finished"} == \
        {k: v for k, v in full.items() if k not in ("ledger", "rounds")} | \
        ({"complete": True, "month": None, "dealer": None} if head.get("finished") else {})
    assert [json.loads(v) for v in st.round_views(sid)] == [r.view() for r in rounds]
    # what a move reads of a round without its result (``series.Stored``), and each result
    # row named by one round, none left behind
    places = st.conn.execute("SELECT seq, next_dealer, counts_as_month, rid FROM rounds "
                             "WHERE session_id = ? ORDER BY seq", (sid,)).fetchall()
    assert [(seq, nd, bool(c)) for seq, nd, c, _ in places] == \
        [(r.seq, r.result.get("next_dealer"), r.counts_as_month) for r in rounds]
    named = sorted(rid for *_, rid in places)
    assert named == sorted(set(named)) == [rid for (rid,) in st.conn.execute(
        "SELECT rid FROM round_results WHERE session_id = ? ORDER BY rid", (sid,))]
    stored = st.conn.execute("SELECT seq, head, gain FROM rounds WHERE session_id = ? "
                             "ORDER BY seq", (sid,)).fetchall()
    h, t = series.start(cfg)
    for r, (seq, kept_head, gain) in zip(rounds, stored):
        step = series.advance(cfg, h, t, r)
        h, t = step.head, step.tallies
        assert (seq, json.loads(kept_head), json.loads(gain)) == (r.seq, h, series.gain_of(r))
        if seq % CHECKPOINT in (0, 1, CHECKPOINT - 1) or seq == len(rounds):
            assert st._checkpoint(cfg, sid, seq) == (h, t)
    assert json.loads(row["standing"]) == series.standing(head, t)


def random_changes(st, rng, sid, cfg, n_changes):
    """Adds, corrections, deletions and undos at random; each checked afterwards."""
    version = st.session_row(sid)["version"]
    for _ in range(n_changes):
        n = st.last_seq(sid)
        kind = rng.choice(["add"] * 4 + ["put", "delete", "undo"])
        try:
            if kind == "add" or n == 0:
                out = st.add_round(sid, version, deal(rng, cfg.game))
            elif kind == "put":
                out = st.replace_round(sid, version, rng.randint(1, n), deal(rng, cfg.game))
            elif kind == "delete":
                out = st.delete_round(sid, version, rng.randint(1, n))
            else:
                out = st.undo(sid, version)
        except Exception as e:  # a change the rules refuse (series over) leaves nothing
            assert getattr(e, "status", 422) in (409, 422), e
            assert st.session_row(sid)["version"] == version
            continue
        version = out["version"]
        check_session(st, sid, cfg)


@pytest.mark.parametrize("game", ["koi-koi", "go-stop"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_stored_summary_equals_the_full_computation_after_any_changes(st, game, seed):
    rng = random.Random(seed)
    length = rng.choice([None, 6, 12])
    cfg = series.check_config({"game": game, "players": SEATS[game], "length": length})
    sid = st.create_session(cfg, inputs=[])["id"]
    random_changes(st, rng, sid, cfg, 40)


@pytest.mark.parametrize("game", ["koi-koi", "go-stop"])
def test_corrections_across_checkpoints_equal_the_full_computation(st, game):
    """A long series (tallies kept every CHECKPOINT rounds) corrected, cut and undone at
    random: each change is checked against the full computation."""
    rng = random.Random(17)
    cfg = series.check_config({"game": game, "players": SEATS[game], "length": None})
    sid = st.create_session(cfg, inputs=[deal(rng, game) for _ in range(3 * CHECKPOINT + 5)])["id"]
    check_session(st, sid, cfg)
    random_changes(st, rng, sid, cfg, 30)


def test_an_import_stores_the_same_as_rounds_added_one_by_one(st):
    rng = random.Random(7)
    cfg = series.check_config({"game": "go-stop", "players": SEATS["go-stop"], "length": None})
    inputs = [deal(rng, "go-stop") for _ in range(30)]
    imported = st.create_session(cfg, inputs=inputs)["id"]
    added = st.create_session(cfg)["id"]
    for v, inp in enumerate(inputs, start=1):
        st.add_round(added, v, inp)
    assert st.full_state(imported) == st.full_state(added)
    assert st.session_row(imported)["standing"] == st.session_row(added)["standing"]
    check_session(st, imported, cfg)


def expected_standings(st, gid, members) -> list:
    """series.standings over every round, each series replayed from its inputs."""
    names = {p["id"]: p["name"] for p in st.group_players(gid)}
    items = []
    for sid, cfg in members:
        full, rounds = from_scratch(cfg, inputs_of(st, sid))
        pids = json.loads(st.session_row(sid)["player_ids"])
        items.append({"id": sid, "game": cfg.game, "complete": full["complete"],
                      "players": {n: names[i] for n, i in zip(cfg.players, pids)},
                      "summary": full, "rounds": [r.view() for r in rounds]})
    return series.standings(items)["players"]


def test_group_standings_equal_the_full_computation_after_changes(st):
    rng = random.Random(12)
    gid, _ = st.create_group("club")
    members = []
    for i in range(12):
        game = rng.choice(list(SEATS))
        seats = rng.sample(["Aki", "Bo", "Cy", "Dee", "Eun"], len(SEATS[game]))
        cfg = series.check_config({"game": game, "players": seats,
                                   "length": rng.choice([6, 12, None])})
        rounds = [deal(rng, game) for _ in range(rng.randint(0, 8))]
        rounds = [{"captures": dict(zip(seats, r["captures"].values())),
                   "events": [{**e, "player": seats[SEATS[game].index(e["player"])]}
                              if "player" in e else e for e in r["events"]]} for r in rounds]
        try:
            sid = st.create_session(cfg, group_id=gid, inputs=rounds)["id"]
        except Exception:  # a 6-month series over before its last deal: fewer rounds
            sid = st.create_session(cfg, group_id=gid, inputs=rounds[:6])["id"]
        members.append((sid, cfg))
    got = series.standings_of(st.group_standing_rows(gid))["players"]
    assert got == expected_standings(st, gid, members)
    # a correction, a deletion and undos change the standings as they change the rounds
    def same():
        got = series.standings_of(st.group_standing_rows(gid))["players"]
        assert got == expected_standings(st, gid, members)

    changed = [m for m in members if st.last_seq(m[0]) >= 2][:4]
    assert len(changed) == 4
    for sid, cfg in changed:
        v = st.session_row(sid)["version"]
        v = st.delete_round(sid, v, rng.randint(1, st.last_seq(sid)))["version"]
        same()
        v = st.undo(sid, v)["version"]
        same()
        last = st.round_states(sid)[-1].input  # round 1 corrected to what the last one was
        v = st.replace_round(sid, v, 1, last)["version"]
        same()
        st.undo(sid, v)
        same()
    # a period and a game select the same series in both
    game = members[0][1].game
    want = series.standings([x for x in st.group_series(gid) if x["game"] == game])
    assert series.standings_of(st.group_standing_rows(gid, game=game)) == want


def traced(st) -> list[str]:
    """The SQL statements the store's connection runs from now on."""
    seen: list[str] = []
    st.conn.set_trace_callback(seen.append)
    return seen


def test_adding_a_round_reads_no_other_round(sqlite_st):
    st = sqlite_st
    rng = random.Random(3)
    cfg = series.check_config({"game": "koi-koi", "players": SEATS["koi-koi"], "length": None})
    sid = st.create_session(cfg, inputs=[deal(rng, "koi-koi") for _ in range(50)])["id"]
    seen = traced(st)
    st.add_round(sid, 1, deal(rng, "koi-koi"))
    reads = [q for q in seen if q.lstrip().upper().startswith("SELECT") and "rounds" in q]
    assert reads and all("max(seq)" in q for q in reads), reads  # only the round count


def first_same_position(cfg, old_inputs, new_inputs, seq) -> int:
    """The first round after ``seq`` that starts where it started before the correction
    (month, dealer, carry, months counted), from two replays from scratch."""
    old, new = series.replay(cfg, old_inputs), series.replay(cfg, new_inputs)
    for j in range(seq + 1, len(old_inputs) + 1):
        a, b = old[j - 1], new[j - 1]
        if (a.month, a.dealer, a.carry_in) == (b.month, b.dealer, b.carry_in) and \
                sum(r.counts_as_month for r in old[:j - 1]) == \
                sum(r.counts_as_month for r in new[:j - 1]):
            return j
    return len(old_inputs) + 1


def lowest_seq(query: str) -> int:
    bounds = [int(n) + (op == ">") for op, n in re.findall(r"seq (>=|>|=) (\d+)", query)]
    return min(bounds) if bounds else 0


@pytest.mark.parametrize("seed", range(6))
def test_a_correction_rescores_only_until_the_rounds_start_as_before(sqlite_st, seed):
    """A correction of round 35 of 40 rescores it and the rounds after it that now start
    from another month, dealer or carry; the rest are counted again from what they stored.
    It reads no round before the checkpoint it starts from (round 32) and no input or result
    before round 35."""
    st = sqlite_st
    rng = random.Random(seed)
    cfg = series.check_config({"game": "go-stop", "players": SEATS["go-stop"], "length": None})
    inputs = [deal(rng, "go-stop") for _ in range(40)]
    sid = st.create_session(cfg, inputs=inputs)["id"]
    new = deal(rng, "go-stop")
    same = first_same_position(cfg, inputs, inputs[:34] + [new] + inputs[35:], 35)
    seen = traced(st)
    out = st.replace_round(sid, 1, 35, new)
    assert out["rescored"] == list(range(35, same))
    reads = [q for q in seen if q.lstrip().upper().startswith("SELECT") and "FROM rounds" in q
             and "max(seq)" not in q]
    assert reads and all(lowest_seq(q) >= 33 or "seq = 32" in q for q in reads), reads
    assert all(lowest_seq(q) >= 35 for q in reads if "input" in q or "view" in q), reads
    st.conn.set_trace_callback(None)
    check_session(st, sid, cfg)


KOI_COUNTS = ("totals", "rounds_won", "banks")  # koi_koi.py: what a round only adds to


@pytest.mark.parametrize("options", [{}, {"steal_points": True}])
@pytest.mark.parametrize("seed", range(4))
def test_a_koi_koi_correction_shifts_the_running_counts_of_the_later_rounds(
        sqlite_st, seed, options):
    """Koi-Koi's carry holds the running totals, rounds won (and banks): a correction of a
    round's points changes every later round's carry, but no later round reads it to score
    (no rule ends the game by it), so the rounds after the first that starts from the same
    month and dealer are not rescored; they are stored with their counts moved (checked
    against the full computation)."""
    st = sqlite_st
    rng = random.Random(seed)
    cfg = series.check_config({"game": "koi-koi", "players": SEATS["koi-koi"], "length": None,
                               "options": options})
    inputs = [deal(rng, "koi-koi") for _ in range(40)]
    sid = st.create_session(cfg, inputs=inputs)["id"]
    old = series.replay(cfg, inputs)
    while True:  # a correction that changes round 10's points, so the later totals move
        new = deal(rng, "koi-koi")
        now = series.replay(cfg, inputs[:9] + [new] + inputs[10:])
        if now[9].result["carry"]["totals"] != old[9].result["carry"]["totals"]:
            break
    same = next((j for j in range(11, 41)
                 if (old[j - 1].month, old[j - 1].dealer) == (now[j - 1].month, now[j - 1].dealer)
                 and {k: v for k, v in old[j - 1].carry_in.items() if k not in KOI_COUNTS} ==
                 {k: v for k, v in now[j - 1].carry_in.items() if k not in KOI_COUNTS}), 41)
    seen = traced(st)
    out = st.replace_round(sid, 1, 10, new)
    st.conn.set_trace_callback(None)
    assert out["rescored"] == list(range(10, same))
    if same <= 40:  # the later rounds' views are rewritten in place, never rescored
        assert any(q.startswith("UPDATE rounds SET carry_in") for q in seen)
    check_session(st, sid, cfg)


def test_a_koi_koi_correction_under_first_to_50_rescores_every_later_round(sqlite_st):
    """Under "first to 50" the running totals end the game: no round's counts are shifted."""
    st = sqlite_st
    rng = random.Random(8)
    cfg = series.check_config({"game": "koi-koi", "players": SEATS["koi-koi"], "length": None,
                               "options": {"first_to_50": True}})
    inputs = []
    while len(inputs) < 6:
        inputs.append(deal(rng, "koi-koi"))
        if series.replay(cfg, inputs)[-1].result.get("carry", {}).get("game_over"):
            inputs.pop()
    sid = st.create_session(cfg, inputs=inputs)["id"]
    new = {"captures": {"Aki": [], "Bo": []}, "events": []}  # round 1 a draw: totals change
    assert series.replay(cfg, inputs)[0].result["carry"]["totals"] != \
        series.replay(cfg, [new] + inputs[1:])[0].result["carry"]["totals"]
    out = st.replace_round(sid, 1, 1, new)
    assert out["rescored"] == list(range(1, len(inputs) + 1))
    check_session(st, sid, cfg)


def test_a_correction_that_moves_every_later_round_rescores_them_all(sqlite_st):
    """Deleting a round moves every later one a month earlier: all are written again (scored
    again only where they start otherwise: tests/test_series_reuse.py)."""
    st = sqlite_st
    rng = random.Random(11)
    cfg = series.check_config({"game": "koi-koi", "players": SEATS["koi-koi"], "length": None})
    sid = st.create_session(cfg, inputs=[deal(rng, "koi-koi") for _ in range(40)])["id"]
    out = st.delete_round(sid, 1, 20)
    assert out["rescored"] == list(range(20, 40))
    check_session(st, sid, cfg)


def test_an_undo_of_an_add_rescores_nothing_and_reads_no_round(sqlite_st):
    st = sqlite_st
    rng = random.Random(5)
    cfg = series.check_config({"game": "koi-koi", "players": SEATS["koi-koi"], "length": None})
    sid = st.create_session(cfg)["id"]
    v = 1
    for _ in range(30):
        v = st.add_round(sid, v, deal(rng, "koi-koi"))["version"]
    seen = traced(st)
    out = st.undo(sid, v)
    assert out["rescored"] == [] and st.last_seq(sid) == 29
    views = [q for q in seen if "SELECT input FROM rounds" in q]
    assert all(lowest_seq(q) > 30 for q in views), views  # not even round 30's
    st.conn.set_trace_callback(None)
    check_session(st, sid, cfg)


def test_migration_9_keeps_each_round_apart_from_its_place(tmp_path):
    """A database of schema 8 (each round's whole view in its row) is migrated from its
    stored views: every view, summary and running summary as the full computation, and the
    rounds still move, are corrected and undone after the upgrade."""
    migrated_from_8(str(tmp_path / "eight.sqlite"))


def test_migration_9_on_postgres(pg_empty):
    migrated_from_8(pg_empty)


def migrated_from_8(path: str):
    old = store_at_schema(path, 8)
    rng = random.Random(19)
    made = []
    with old.transaction():
        for game, n in (("koi-koi", 40), ("go-stop", 20), ("koi-koi", 3)):
            cfg = series.check_config({"game": game, "players": SEATS[game], "length": None})
            sid = f"{game}-{n}"
            write_old_session(old, cfg, [deal(rng, game) for _ in range(n)], sid=sid)
            made.append((sid, cfg))
    old.close()
    st = Store(path, "NORMAL")
    assert st.migrate() == SCHEMA_VERSION == 10
    for sid, cfg in made:
        check_session(st, sid, cfg)
        version = st.session_row(sid)["version"]
        version = st.delete_round(sid, version, 1)["version"]
        check_session(st, sid, cfg)
        version = st.undo(sid, version)["version"]
        version = st.replace_round(sid, version, 2, deal(rng, cfg.game))["version"]
        st.add_round(sid, version, deal(rng, cfg.game))
        check_session(st, sid, cfg)


def test_migration_4_fills_in_the_running_summary_of_stored_sessions(tmp_path):
    """A database of schema 3 (the whole summary in the session row) is migrated from its
    stored results: the same summary as the full computation, and the same standings."""
    path = str(tmp_path / "old.sqlite")
    old = store_at_schema(path, 3)
    rng = random.Random(9)
    old.conn.execute("INSERT INTO groups VALUES ('g1', 'club', 'x', '2024-01-01')")
    made = []
    for i, game in enumerate(["koi-koi", "go-stop", "koi-koi"]):
        cfg = series.check_config({"game": game, "players": SEATS[game], "length": None})
        rounds = series.replay(cfg, [deal(rng, game) for _ in range(5 + 3 * i)])
        sid = f"s{i}"
        old.conn.execute(
            "INSERT INTO sessions VALUES (?, '', ?, ?, 'g1', '[]', 'e', 'r', 1, ?, ?, ?)",
            (sid, game, _dumps(cfg.to_dict()), _dumps(series.summary(cfg, rounds)),
             f"2024-01-0{i + 1}", f"2024-01-0{i + 1}"))
        for r in rounds:
            old.conn.execute("INSERT INTO rounds VALUES (?, ?, ?, '2024')",
                             (sid, r.seq, _dumps(r.view())))
        made.append((sid, cfg))
    old.close()
    st = Store(path, "NORMAL")
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 3
    assert st.migrate() == SCHEMA_VERSION == 10
    for sid, cfg in made:
        check_session(st, sid, cfg)
    assert series.standings_of(st.group_standing_rows("g1")) == \
        series.standings(st.group_series("g1"))
