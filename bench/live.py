"""Live updates, measured as a table sees them (issue 12: "other phones see a new round within
1 s, and an idle open page costs under 1% of a core").

What is timed, against the real server (``python -m tally.cli serve``, one process per core):
- latency: a Koi-Koi session page open in Debian's chromium (360 x 740, as the tests drive it);
  a round is posted through the API as another phone would; the time until the page lists it
  (the page's own clock: a MutationObserver stamps the moment the new round is in the DOM).
  Median and range of RUNS rounds (default 9); the goal is 1 s.
- idle cost: the same page left open for IDLE seconds (default 20) with nothing happening:
  the page's main-thread task time (Chrome's Performance.getMetrics TaskDuration) and the
  server processes' CPU time (/proc/<pid>/stat), each as a share of one core. Median and
  range of 5 windows; the goal is under 1% for the page.

usage: python bench/live.py [--runs N] [--idle SECONDS]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from live_server import LiveServer  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ROUND = {"captures": {"Aki": ["pine-poetry", "plum-poetry", "cherry-poetry"], "Bo": []},
         "events": [{"type": "stop", "player": "Aki"}]}
TICK = os.sysconf("SC_CLK_TCK")
WATCH = """() => { window.__seen = []; new MutationObserver(() => {
  window.__seen.push([document.querySelectorAll('.round').length, performance.timeOrigin + performance.now()]);
}).observe(document.getElementById('live'), {childList: true, subtree: true}); }"""


def cpu_seconds(pids) -> float:
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / TICK  # utime + stime
    return total


def spread(xs, unit, scale=1.0) -> str:
    xs = [x * scale for x in xs]
    return (f"median {statistics.median(xs):.2f} {unit} (range {min(xs):.2f}-{max(xs):.2f}, "
            f"{len(xs)} runs)")


def latency(srv, page, sid, edit, runs: int) -> list[float]:
    out = []
    for i in range(runs):
        n = page.evaluate("() => document.querySelectorAll('.round').length")
        page.evaluate("() => { window.__seen = []; }")
        version = srv.json("GET", f"/api/v1/sessions/{sid}?t={edit}")["version"]
        sent = time.time() * 1000
        srv.json("POST", f"/api/v1/sessions/{sid}/rounds?t={edit}", {"input": ROUND},
                 headers={"If-Match": f'"{version}"'}, expect=201)
        page.wait_for_function(f"() => document.querySelectorAll('.round').length > {n}",
                               timeout=10_000)
        seen = [t for count, t in page.evaluate("() => window.__seen") if count > n]
        out.append((seen[0] - sent) / 1000)
        time.sleep(0.3 + 0.1 * i)  # posts fall at different points of the poll cycle
    return out


def idle(srv, page, seconds: float, windows: int = 5):
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")

    def task() -> float:
        return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}[
            "TaskDuration"]

    page_share, server_share = [], []
    for _ in range(windows):
        t0, p0, s0 = time.monotonic(), task(), cpu_seconds(srv.pids())
        time.sleep(seconds / windows)
        wall = time.monotonic() - t0
        page_share.append((task() - p0) / wall)
        server_share.append((cpu_seconds(srv.pids()) - s0) / wall)
    return page_share, server_share


def main(argv=None):
    a = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    a.add_argument("--runs", type=int, default=9)
    a.add_argument("--idle", type=float, default=20.0)
    args = a.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, LiveServer(Path(tmp) / "tally.sqlite") as srv, \
            sync_playwright() as p:
        s = srv.json("POST", "/api/v1/sessions", {"game": "koi-koi", "players": ["Aki", "Bo"]},
                     expect=201)
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 360, "height": 740})
        page.goto(f"{srv.url}/s/{s['id']}?t={s['read_token']}")
        page.wait_for_selector("#live")
        page.evaluate(WATCH)
        lat = latency(srv, page, s["id"], s["edit_token"], args.runs)
        page_share, server_share = idle(srv, page, args.idle)
        browser.close()
    print("Live updates (bench/live.py): a Koi-Koi session page in chromium, real server")
    print(f"  a round posted by another phone, seen on the page: {spread(lat, 's')}; "
          f"goal 1 s: {statistics.median(lat):.2f}x of it")
    print(f"  idle page, main-thread tasks: {spread(page_share, '% of a core', 100)}; "
          f"goal under 1%")
    print(f"  idle page, server CPU for its polls: {spread(server_share, '% of a core', 100)}")
    print(json.dumps({"latency_s": lat, "idle_page_core": page_share,
                      "idle_server_core": server_share}))


if __name__ == "__main__":
    main()
