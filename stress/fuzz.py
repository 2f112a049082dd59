"""Schemathesis against the real server: every operation of /api/v1/openapi.json with many
generated requests (examples, coverage, fuzzing and stateful phases), over loopback.

Generated requests reach the engine and the store instead of stopping at 401/404: path ids
are real (a session for reads, another for writes, a group), and through schemathesis
"dictionaries" most tokens, round seqs and game ids are real, half the If-Match headers are
"*", and 40% of body strings are words the engine knows (cards, events, presets, options,
players); the rest stay random. schemathesis.toml is written per run (cache off, run in a
temporary folder), so nothing lands in the repository.

Reports the responses by status, every 5xx (operation, request, response), the server's
logged tracebacks and engine failures, and the server's peak memory (VmHWM).

    python stress/fuzz.py [--max-examples 200] [--seed 1] [--time-limit 420]
                          [--checks not_a_server_error] [--keep-reports]

Exits 1 when a 5xx is seen or schemathesis reports a failure; 2 when the run did not finish
within --time-limit. Environment: FUZZ_MAX_EXAMPLES, FUZZ_SEED, FUZZ_TIME_LIMIT.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from live_server import LiveServer  # noqa: E402

SCHEMATHESIS = str(Path(sys.executable).with_name("schemathesis"))
# schemathesis is one address sending thousands of creates and wrong tokens: the rate limits
# stay on (their code runs) but past its reach, or the seeded sessions would be locked out and
# most operations answered 429 (tests/test_rate_limits.py checks the limits themselves)
FUZZ_LIMITS = {f"TALLY_RATE_LIMIT_{name}": "1000000/60" for name in (
    "SESSIONS", "GROUPS", "IMPORTS", "TOKEN_ADDRESS", "TOKEN_SESSION")}
K7 = {"captures": {"A": ["pine-poetry", "plum-poetry", "cherry-poetry"], "B": []},
      "events": [{"type": "stop", "player": "A"}]}


# ----------------------------------------------------------------------------- test data

def new_session(srv: LiveServer, group: dict, rounds: int) -> dict:
    session = srv.json("POST", "/api/v1/sessions", {
        "game": "koi-koi", "players": ["A", "B"], "length": None,
        "group": group["id"], "group_token": group["token"]}, expect=201)
    path = f"/api/v1/sessions/{session['id']}/rounds?t={session['edit_token']}"
    for _ in range(rounds):
        srv.json("POST", path, K7, {"If-Match": "*"}, expect=201)
    return session


def vocabulary(srv: LiveServer, games: list[str]) -> list[str]:
    """Words the engine knows (cards, events, presets, options, games, players): strings in
    bodies are drawn from them part of the time, so bodies get past the first 422."""
    words = {"A", "B", "C", *games}
    for game in games:
        g = srv.json("GET", f"/api/v1/games/{game}")
        words.update(g.get("deck") or [])
        words.update(e["id"] for e in g.get("events") or [])
        words.update(x["id"] for x in (g.get("presets") or []) + (g.get("options") or []))
    return sorted(words)


def seed_data(srv: LiveServer) -> dict:
    """A group; a session that only reads reach (three rounds, so seqs 1-3 exist) and one
    that writes reach (60 rounds, so undo and delete do not empty it); the words."""
    group = srv.json("POST", "/api/v1/groups", {"name": "club"}, expect=201)
    games = [g["id"] for g in srv.json("GET", "/api/v1/games")["games"]]
    return {"group": group, "games": games, "words": vocabulary(srv, games),
            "read": new_session(srv, group, 3), "write": new_session(srv, group, 60)}


def toml_list(values) -> str:
    return "[" + ", ".join(json.dumps(v) for v in values) + "]"


def session_parameters(dictionary: str, session_id: str) -> str:
    """A fixed real session id (the coverage phase ignores dictionaries for path ids); the
    other parameters are real part of the time."""
    return f"""\
"path.session_id" = {json.dumps(session_id)}
"query.t" = {{ dictionary = "{dictionary}_tokens", probability = 0.9 }}
"path.seq" = {{ dictionary = "seqs", probability = 0.8 }}
"path.game" = {{ dictionary = "games", probability = 0.9 }}
"header.If-Match" = {{ dictionary = "if_match", probability = 0.5 }}
"""


def config_text(data: dict) -> str:
    """schemathesis.toml: ids, tokens and words drawn from the real ones part of the time.
    Writes (POST/PUT/DELETE under a session) go to their own session, so the rounds the
    reads ask for still exist after the fuzzer's undos and deletes."""
    r, w, g = data["read"], data["write"], data["group"]
    return f"""
[cache]
enabled = false

[dictionaries.read_tokens]
values = {toml_list([r["edit_token"], r["read_token"]])}
[dictionaries.write_tokens]
values = {toml_list([w["edit_token"], w["read_token"]])}
[dictionaries.seqs]
values = [1, 2, 3]
[dictionaries.if_match]
values = ["*"]
[dictionaries.group_tokens]
values = {toml_list([g["token"]])}
[dictionaries.games]
values = {toml_list(data["games"])}
[dictionaries.words]
values = {toml_list(data["words"])}

[generation.dictionaries]
string = {{ dictionary = "words", probability = 0.4 }}

[headers]
X-Tally-Token = {json.dumps(r["edit_token"])}

[parameters]
{session_parameters("read", r["id"])}
[[operations]]
include-path-regex = "^/api/v1/sessions/[^/]+/"
include-method-regex = "^(POST|PUT|DELETE)$"
headers = {{ X-Tally-Token = {json.dumps(w["edit_token"])} }}
[operations.parameters]
{session_parameters("write", w["id"])}
[[operations]]
include-path-regex = "^/api/v1/groups/"
headers = {{ X-Tally-Token = {json.dumps(g["token"])} }}
[operations.parameters]
"path.group_id" = {json.dumps(g["id"])}
"query.t" = {{ dictionary = "group_tokens", probability = 0.9 }}
"""


# ----------------------------------------------------------------------------- running

def run_schemathesis(srv: LiveServer, config: str, workdir: str, a) -> tuple[int | None, str]:
    """Run ``st run``; returns its exit code (None after --time-limit) and the NDJSON path."""
    reports = os.path.join(workdir, "reports")
    ndjson = os.path.join(reports, "events.ndjson")
    cmd = [SCHEMATHESIS, "--config-file", config, "run", srv.url + "/api/v1/openapi.json",
           "--url", srv.url, "--max-examples", str(a.max_examples), "--seed", str(a.seed),
           "--checks", a.checks, "--workers", str(a.workers), "--request-timeout", "10",
           "--max-redirects", "0", "--generation-database", "none", "--no-color",
           "--continue-on-failure",  # keep fuzzing an operation after its first 5xx
           "--report", "ndjson,json", "--report-dir", reports,
           "--report-ndjson-path", ndjson]
    if a.phases:
        cmd += ["--phases", a.phases]
    print("$", " ".join(cmd), flush=True)
    # cwd: schemathesis writes its state beside where it runs, never into the repository
    proc = subprocess.Popen(cmd, cwd=workdir)
    try:
        return proc.wait(timeout=a.time_limit), ndjson
    except subprocess.TimeoutExpired:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        return None, ndjson


# ----------------------------------------------------------------------------- reading

def decode(blob) -> str:
    """A recorded body ({"$base64": ...} or a plain string) as text."""
    if isinstance(blob, dict) and "$base64" in blob:
        return base64.b64decode(blob["$base64"]).decode("utf-8", "replace")
    return "" if blob is None else str(blob)


def interactions(ndjson: str):
    """(operation label, phase, interaction) for every request schemathesis sent."""
    try:
        lines = open(ndjson, encoding="utf-8")
    except OSError:
        return
    with lines:
        for line in lines:
            if '"ScenarioFinished"' not in line[:40]:
                continue  # only finished scenarios carry the requests
            event = json.loads(line)["ScenarioFinished"]
            rec = event.get("recorder") or {}
            for i in (rec.get("interactions") or {}).values():
                yield rec.get("label", "?"), event.get("phase", "?"), i


def read_events(ndjson: str) -> dict:
    statuses, per_op, errors = Counter(), defaultdict(Counter), []
    for label, phase, i in interactions(ndjson):
        resp = i.get("response") or {}
        status = resp.get("status_code")
        statuses[status] += 1
        per_op[label][status] += 1
        if isinstance(status, int) and status >= 500:
            req = i["request"]
            errors.append({"operation": label, "phase": phase, "status": status,
                           "method": req["method"], "uri": req["uri"],
                           "headers": {k: v for k, v in req.get("headers", {}).items()
                                       if k.lower() not in ("user-agent", "x-tally-token")},
                           "body": decode(req.get("body"))[:600],
                           "response": decode(resp.get("content")).strip()[:400]})
    return {"statuses": statuses, "per_op": per_op, "errors": errors}


TRACE_END = re.compile(r"^(\w[\w.]*(Error|Exception|Warning)\b.*)$")


def read_server_log(srv: LiveServer) -> dict:
    """Tracebacks the server logged (unhandled 500s, and engine crashes the API turned into
    a 422 "could not be scored"), by their last line."""
    try:
        text = Path(srv.log_path).read_text(errors="replace")
    except OSError:
        text = ""
    finals, where = Counter(), {}
    for block in text.split("Traceback (most recent call last):")[1:]:
        lines = block.strip().splitlines()
        last = next((x for x in lines if TRACE_END.match(x)), lines[-1] if lines else "?")
        frames = [x.strip() for x in lines if x.strip().startswith('File "')]
        finals[last] += 1
        where.setdefault(last, frames[-1] if frames else "")
    return {"tracebacks": sum(finals.values()), "finals": finals, "where": where,
            "engine_failed": text.count("engine failed on input")}


# ----------------------------------------------------------------------------- reporting

def report(ev: dict, log: dict, peak_kb: int, code: int | None, seconds: float) -> bool:
    total = sum(ev["statuses"].values())
    n5xx = len(ev["errors"])
    print()
    print(f"fuzz: {total} requests in {seconds:.0f} s   schemathesis exit code {code}")
    print("  by status: " + ", ".join(f"{k}: {v}" for k, v in sorted(
        ev["statuses"].items(), key=lambda kv: (kv[0] is None, kv[0] or 0))))
    print(f"  5xx {n5xx}   server tracebacks {log['tracebacks']}   engine failures turned "
          f"into 422 {log['engine_failed']}")
    print(f"  peak server memory (VmHWM) {peak_kb / 1024:.1f} MiB")
    for op, statuses in sorted(ev["per_op"].items()):  # how deep each operation got
        print(f"    {op:52} " + " ".join(f"{k}:{v}" for k, v in sorted(
            statuses.items(), key=lambda kv: (kv[0] is None, kv[0] or 0))))
    shown = Counter()
    for e in ev["errors"]:
        shown[e["operation"]] += 1
        if shown[e["operation"]] > 3:
            continue  # three examples per operation are enough to reproduce
        print(f"  5xx {e['status']} {e['operation']} ({e['phase']}): {e['method']} {e['uri']}")
        if e["headers"]:
            print(f"      headers {e['headers']}")
        if e["body"]:
            print(f"      body {e['body']}")
        print(f"      -> {e['response']}")
    for op, n in shown.items():
        print(f"  {op}: {n} 5xx")
    for last, n in log["finals"].most_common(20):
        print(f"  traceback x{n}: {last}\n      at {log['where'][last]}")
    if code is None:
        print("  DID NOT FINISH within the time limit")
    ok = n5xx == 0 and code == 0
    print("  OK: no 5xx" if ok else "  FAILED")
    return ok


def main(argv=None) -> int:
    env = os.environ.get
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--max-examples", type=int, default=int(env("FUZZ_MAX_EXAMPLES", "200")))
    p.add_argument("--seed", type=int, default=int(env("FUZZ_SEED", "1")))
    p.add_argument("--time-limit", type=float, default=float(env("FUZZ_TIME_LIMIT", "420")),
                   help="seconds before the run is stopped (counts as a failure)")
    p.add_argument("--checks", default="not_a_server_error")
    p.add_argument("--phases", default="", help="e.g. coverage,fuzzing (default: all)")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--keep-reports", action="store_true")
    p.add_argument("--database-url", default=env("FUZZ_DATABASE_URL"),
                   help="a PostgreSQL server (postgresql://...): the run on a fresh database of "
                        "it instead of a SQLite file")
    a = p.parse_args(argv)
    print(f"  on {'PostgreSQL' if a.database_url else 'SQLite'}")

    workdir = tempfile.mkdtemp(prefix="tally-fuzz-")
    with database_for(a.database_url, workdir) as database:
        return fuzz(a, workdir, database)


@contextlib.contextmanager
def database_for(url: str | None, workdir: str):
    if url is None:
        yield os.path.join(workdir, "fuzz.sqlite")
        return
    from pg_cluster import fresh_database
    with fresh_database(url) as db:
        yield db


def fuzz(a, workdir: str, database: str) -> int:
    srv = LiveServer(database, env=FUZZ_LIMITS)
    t0 = time.monotonic()
    with srv:
        config = os.path.join(workdir, "schemathesis.toml")
        Path(config).write_text(config_text(seed_data(srv)))
        code, ndjson = run_schemathesis(srv, config, workdir, a)
        alive = srv.proc.poll() is None
        peak_kb = srv.memory().get("VmHWM", srv.peak_kb)
    ok = report(read_events(ndjson), read_server_log(srv), peak_kb, code,
                time.monotonic() - t0) and alive
    if not alive:
        print("  the server died during the run:\n" + srv.log_tail())
    if a.keep_reports:
        print(f"  reports and the server log kept in {workdir}")
    else:
        shutil.rmtree(workdir, ignore_errors=True)
    return 2 if code is None else 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
