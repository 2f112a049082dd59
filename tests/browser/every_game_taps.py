"""Issue 28: one round of each game entered by taps on a 360 x 740 phone, counted.

An action is each tap, click, choice from a list or number typed, from the opened record page
to the saved round (Review and Save included), as `Counted` counts them. A scroll is each time
the next thing to tap is not wholly on the screen, or lies under the dock or the sticky bar,
before it is tapped: the phone then scrolls it into view and the scroll is counted. The counts
go to test-artifacts/issue28-taps.json (every test file of tests/browser/test_browser_every_game_*
adds its rows) with the issue's figure from before and its target.
"""

from __future__ import annotations

import json
import re

from tally import GAMES

from .conftest import ARTIFACTS
from .test_browser_flows import SESSION_URL
from .test_browser_quick import Counted

OUT = ARTIFACTS / "issue28-taps.json"

# whether an element is wholly on the screen and is what a finger on its middle touches
ON_SCREEN = """el => {
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.top < 0 || r.left < 0) return false;
  if (r.bottom > innerHeight || r.right > innerWidth) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && (hit === el || el.contains(hit) || hit.contains(el));
}"""


MONTH_LABEL = '#grid .month[data-flower="{}"] button.ml'


def month_of(slug):
    """A flower card's month (its flower): the start of its name in cards.md's slugs."""
    return slug.split("-")[0]


class Table(Counted):
    """A phone at the table that counts actions and scrolls."""

    scrolls = 0

    def reach(self, selector):
        el = self.page.locator(selector).first
        el.wait_for(state="visible")
        if not el.evaluate(ON_SCREEN):
            self.scrolls += 1
            print(f"  scroll {self.scrolls} before action {self.taps + 1}: {selector}")
            el.evaluate("el => el.scrollIntoView({block: 'center', inline: 'center'})")
        return el

    def tap(self, selector):
        self.reach(selector)
        super().tap(selector)

    def fill(self, selector, value):
        self.reach(selector)
        super().fill(selector, value)

    def choose(self, selector, value):
        """A choice from a list (a month, a combination): one action."""
        self.reach(selector)
        self.taps += 1
        self.page.select_option(selector, value)

    def open_record(self):
        super().open_record()
        self.scrolls = 0
        self.page.evaluate("window.scrollTo(0, 0)")

    def add_event(self, event_id, player_i=None):
        """An event's button; "More events" opened first when it is folded away there."""
        sel = f'.evb[data-id="{event_id}"]' + (
            "" if player_i is None else f'[data-p="{player_i}"]')
        if self.page.locator(f"#events details.more:not([open]) {sel}").count():
            self.tap("#events details.more > summary")
        self.tap("#events " + sel)

    def tiles(self, slugs):
        """Cards of the open card input, one tap each."""
        for s in slugs:
            self.tap(f'.cpk .ct[data-s="{s}"]')

    def pile(self, slugs):
        """Cards into the selected player's pile, each waiting for the engine's answer: a
        month whose four cards are all in `slugs` by its label (one action), the others one
        tap a card; down the grid, as an eye reads it."""
        whole = [f for f in dict.fromkeys(month_of(s) for s in slugs)
                 if sum(month_of(s) == f for s in slugs) == 4
                 and self.page.locator(MONTH_LABEL.format(f)).count()]
        grid = self.page.evaluate(
            "() => Array.from(document.querySelectorAll('#grid .t'), t => t.dataset.s)")
        steps = [(min(grid.index(s) for s in slugs if month_of(s) == f), f, None)
                 for f in whole]
        steps += [(grid.index(s), None, s) for s in slugs if month_of(s) not in whole]
        for _, f, s in sorted(steps):
            if f:
                self.month(f)
            else:
                self.card(s)

    def month(self, flower):
        """A month's label on the grid of piles: its cards nobody holds into the selected
        pile (or the whole month back out), waiting for the engine's answer."""
        n = self.page.evaluate("window.__tapTimes.length")
        self.tap(MONTH_LABEL.format(flower))
        self.page.wait_for_function(f"() => window.__tapTimes.length > {n}")

    def save_round(self):
        self.tap("#save")
        self.page.wait_for_url(SESSION_URL)

    def setup(self, game, players, months, options=None):
        """The session set up from the home page, as a table does (not counted): the game,
        the players, the months, house rules typed in ({option id: number})."""
        p = self.page
        p.goto(self.base + "/")
        if game != p.input_value("#game"):
            with p.expect_response(lambda r: "/setup" in r.url):
                p.select_option("#game", game)
            least, most = GAMES[game].players
            p.wait_for_selector(f'.players[data-min="{least}"][data-max="{most}"]',
                                state="attached")
        while p.locator("#player-list input").count() < len(players):
            p.click("#add-player")
        for i, name in enumerate(players):
            p.fill(f"#player-list .player-row:nth-child({i + 1}) input", name)
        p.select_option("select[name=length]", str(months))
        if options:
            p.click("details.house > summary")
            for oid, value in options.items():
                p.fill(f'.opt[data-id="{oid}"] input', str(value))
        p.click("#start button[type=submit]")
        p.wait_for_url(SESSION_URL)
        return p.url

    def api_session(self, body):
        """A session made through the API (a first dealer other than the first seat), opened
        on this phone."""
        res = self.page.request.post(self.base + "/api/v1/sessions", data=body)
        assert res.status == 201, res.text()
        self.page.goto(res.json()["edit_url"])
        self.page.wait_for_url(SESSION_URL)
        return self.page.url


def record(label, table, before, target, scroll_target=None, issue_target=None):
    """The counts of one game, written to the artifact and checked against `target`: the
    issue's figure (`issue_target`, None where the issue names none), or the least the grid
    of piles allows where that is more."""
    rows = json.loads(OUT.read_text()) if OUT.exists() else {}
    rows[label] = {"actions": table.taps, "scrolls": table.scrolls, "before": before,
                   "target_actions": target, "target_scrolls": scroll_target,
                   "issue_target_actions": issue_target,
                   "issue_target_met": None if issue_target is None
                   else table.taps <= issue_target}
    ARTIFACTS.mkdir(exist_ok=True)
    OUT.write_text(json.dumps(rows, indent=1, ensure_ascii=False, sort_keys=True))
    print(f"\n{label}: {table.taps} actions, {table.scrolls} scrolls "
          f"(before {before}; target <= {target}"
          f"{'' if scroll_target is None else f' / {scroll_target}'})")
    assert table.taps <= target, (label, table.taps)
    if scroll_target is not None:
        assert table.scrolls <= scroll_target, (label, table.scrolls)


def stored_round(table, session_url, n=1):
    """The round as saved, read through the API with the page's own link."""
    m = re.search(r"/s/([^/?]+)\?t=([^&#]+)", session_url)
    res = table.page.request.get(f"{table.base}/api/v1/sessions/{m.group(1)}?t={m.group(2)}"
                                f"&include=rounds")
    assert res.ok, res.status
    return res.json()["rounds"][n - 1]
