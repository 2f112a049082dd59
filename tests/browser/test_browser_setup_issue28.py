"""Issue 28 on a 360 x 740 phone: the home form's first dealer, its "Continue an earlier
evening" disclosure, and the seats a game opens with.

Each docs example where someone other than the first seat deals (Hachi, Hana-Rumi, Hiki-Kabu,
Sutda, Tensho) is set up from the home form with that dealer and its round entered; the numbers
are the docs' (docs/games/<game>.md):
- hachi.md: Bo deals; Aki 82 + 10 = 92, Bo 46 + 60 = 106: Bo wins and deals next;
- hana-rumi.md: Bo deals; Aki 38, Bo 48; Aki went out, wins the round and deals next;
- hiki-kabu.md (§9 E1 by totals): Bo deals; Ana +18, Bo -10, Cy -8;
- sutda.md: Cy deals; Ana wins with 5 points and deals next;
- tensho.md: Bo deals; Aki 100, Bo 50: Aki wins and deals next.
The carry: go-stop.md EX-P12 (after a nagari, 3 points paid 6 by each loser) and poka.md E4
(tokens A 4, B 3; A goes out -> A 5, game over, A wins).
Actions (taps, choices and typed values, names included) are counted and printed.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tally.games import GAMES

from .conftest import ARTIFACTS

SESSION_URL = re.compile(r"/s/([^/?]+)\?t=([^&#]+)")
SHOTS = ARTIFACTS / "issue28-setup"


class Form:
    """The home form on one phone, counting what the table does."""

    def __init__(self, page, base):
        self.page, self.base, self.actions = page, base, 0

    def act(self, how, selector, *value):
        self.actions += 1
        getattr(self.page, how)(selector, *value)

    def open(self, game):
        p = self.page
        p.goto(self.base + "/")
        if p.input_value("#game") != game:
            with p.expect_response(lambda r: "/setup" in r.url):
                self.act("select_option", "#game", game)
            p.wait_for_selector(f'.players[data-max="{GAMES[game].players[1]}"]')

    def seat(self, names):
        rows = self.page.locator("#player-list input")
        while rows.count() < len(names):
            self.act("click", "#add-player")
        for i, name in enumerate(names):
            self.act("fill", f"#player-list .player-row:nth-child({i + 1}) input", name)

    def dealer(self, name):
        self.actions += 1
        self.page.select_option("#first-dealer", label=name)

    def start(self):
        self.act("click", "#start button[type=submit]")
        self.page.wait_for_url(SESSION_URL)
        return SESSION_URL.search(self.page.url).groups()


def add_round(page, base, sid, token, body):
    state = page.request.get(f"{base}/api/v1/sessions/{sid}?t={token}&include=rounds,ledger").json()
    r = page.request.post(f"{base}/api/v1/sessions/{sid}/rounds?t={token}",
                          data={**body, "version": state["version"]})
    assert r.status == 201, r.text()
    return r.json()


def session(page, base, sid, token):
    return page.request.get(f"{base}/api/v1/sessions/{sid}?t={token}&include=rounds,ledger").json()


def points(result):
    return {p["player"]: p["points"] for p in result["players"]}


def example(game):
    return {k: v for k, v in GAMES[game].round_example.items()
            if k not in ("players", "dealer", "carry")}


HACHI = {"card_totals": {"Aki": 82, "Bo": 46},
         "yaku": {"Aki": ["seven_eight_nine"],
                  "Bo": ["poetry_one_two_three", "poetry_five_four_six",
                         "poetry_three_five_six"]}}
HANA_RUMI = {"went_out": "Aki",
             "melds": [{"Aki": ["plum-warbler", "wisteria-cuckoo", "iris-bridge"]},
                       {"Aki": ["pine-chaff-1", "plum-chaff-1", "cherry-chaff-1"]},
                       {"Bo": ["peony-blue", "chrysanthemum-blue", "maple-blue"],
                        "Aki": ["iris-ribbon"]},
                       {"Bo": ["clover-boar", "clover-ribbon", "clover-chaff-1"]}],
             "in_hand": {"Bo": ["pampas-chaff-1", "pampas-chaff-2", "maple-chaff-1"]}}
HIKI_KABU = {"totals": {"Ana": {"first": 1, "total": 9}, "Bo": {"first": 10, "total": 8},
                        "Cy": {"first": 8, "total": 0}}}
SUTDA = {"hands": {"Ana": ["maple-chaff-1", "maple-chaff-2"],
                   "Bo": ["pine-chaff-1", "plum-chaff-2"],
                   "Cy": ["cherry-curtain", "iris-chaff-1"]}}

CASES = [  # game, seats, dealer, round, points, winner (the next dealer)
    ("hachi", ["Aki", "Bo"], "Bo", HACHI, {"Aki": 92, "Bo": 106}, "Bo"),
    ("hana-rumi", ["Aki", "Bo"], "Bo", HANA_RUMI, {"Aki": 38, "Bo": 48}, "Aki"),
    ("hiki-kabu", ["Ana", "Bo", "Cy"], "Bo", HIKI_KABU, {"Ana": 18, "Bo": -10, "Cy": -8},
     "Ana"),
    ("sutda", ["Ana", "Bo", "Cy"], "Cy", SUTDA, {"Ana": 5, "Bo": 0, "Cy": 0}, "Ana"),
    ("tensho", ["Aki", "Bo"], "Bo", None, {"Aki": 100, "Bo": 50}, "Aki"),
]


@pytest.mark.parametrize("game, seats, dealer, body, pts, winner", CASES,
                         ids=[c[0] for c in CASES])
def test_the_docs_example_with_its_dealer_set_up_from_the_home_form(server, phone, game, seats,
                                                                    dealer, body, pts, winner):
    page = phone()
    form = Form(page, server)
    form.open(game)
    form.seat(seats)
    expect(page.locator("#first-dealer")).to_have_value("0")  # the first seat by default
    expect(page.locator("#dealer-rule")).to_have_text(GAMES[game].first_dealer_rule)
    form.dealer(dealer)
    sid, token = form.start()
    print(f"\n{game}: {form.actions} actions to set up with {dealer} dealing")
    got = session(page, server, sid, token)
    assert got["config"]["first_dealer"] == dealer and got["state"]["dealer"] == dealer
    out = add_round(page, server, sid, token, body or example(game))
    res = out["round"]["result"]
    assert out["round"]["dealer"] == dealer
    assert points(res) == pts
    assert res["winner"] == winner and res["next_dealer"] == winner


def test_a_solo_game_opens_with_one_seat_and_blank_seats_are_left_out(server, phone):
    page = phone()
    form = Form(page, server)
    form.open("seasons")
    expect(page.locator("#player-list input")).to_have_count(1)
    expect(page.locator("#dealer-field")).to_be_hidden()  # one seat: nobody to choose
    form.actions = 0
    form.seat(["Aki"])
    sid, token = form.start()
    assert form.actions == 2  # the name and Start (was: Start refused "Required", then ×)
    assert session(page, server, sid, token)["config"]["players"] == ["Aki"]
    # a blank seat after the named ones is left out
    form.open("go-stop")
    form.act("click", "#add-player")
    form.seat(["Ana", "Bo"])
    expect(page.locator("#player-list input")).to_have_count(3)
    sid, token = form.start()
    assert session(page, server, sid, token)["config"]["players"] == ["Ana", "Bo"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_too_few_names_are_refused_with_the_rule(server, phone, lang):
    page = phone(lang)
    page.goto(server + f"/?lang={lang}&game=koi-koi")
    fewer = page.locator(".players").get_attribute("data-fewer")
    rule = "Koi-Koi is played by 2 players" if lang == "en" else "こいこいは2人で遊びます"
    assert rule in fewer
    page.fill("#player-list .player-row:nth-child(1) input", "Aki")
    page.click("#start button[type=submit]")
    second = page.locator("#player-list .player-row:nth-child(2) input")
    expect(second).to_have_js_property("validationMessage", fewer)
    assert page.url.endswith("game=koi-koi")  # nothing was started
    second.fill("Bo")  # mended: the words are gone
    expect(second).to_have_js_property("validationMessage", "")


def test_the_dealer_choice_follows_the_names(server, phone):
    page = phone()
    Form(page, server).open("go-stop")
    page.fill("#player-list .player-row:nth-child(1) input", "Ana")
    page.fill("#player-list .player-row:nth-child(2) input", "Bo")
    page.select_option("#first-dealer", label="Bo")
    page.fill("#player-list .player-row:nth-child(2) input", "Bomi")  # renamed: still that seat
    expect(page.locator("#first-dealer option:checked")).to_have_text("Bomi")
    page.click("#add-player")
    page.fill("#player-list .player-row:nth-child(3) input", "Cy")
    expect(page.locator("#first-dealer option")).to_have_text(["Ana", "Bomi", "Cy"])
    page.select_option("#first-dealer", label="Cy")
    page.click("#player-list .player-row:nth-child(3) .del")  # the dealer's seat is gone
    expect(page.locator("#first-dealer option:checked")).to_have_text("Ana")


def test_a_go_stop_session_continues_from_a_nagari(server, phone):
    page = phone()
    form = Form(page, server)
    form.open("go-stop")
    form.seat(["A", "B", "C"])
    opening = page.locator("#opening")
    expect(opening).not_to_have_attribute("open", "")  # closed by default
    expect(page.locator('.carry-in[data-key="nagari"] input')).to_be_hidden()
    form.act("click", "#opening summary")
    form.act("fill", '.carry-in[data-key="nagari"] input', "1")
    sid, token = form.start()
    assert session(page, server, sid, token)["config"]["opening_carry"] == {"nagari": 1}
    out = add_round(page, server, sid, token, {
        "captures": {"A": ["peony-blue", "chrysanthemum-blue", "maple-blue"], "B": [], "C": []},
        "events": [{"type": "stop", "player": "A", "score": 3}]})
    pays = {(p["from"], p["to"]): p["amount"] for p in out["round"]["result"]["payments"]}
    assert pays == {("B", "A"): 6, ("C", "A"): 6}


def test_a_poka_session_continues_from_its_tokens(server, phone):
    page = phone()
    form = Form(page, server)
    form.open("poka")
    form.act("click", "#opening summary")
    boxes = page.locator('.carry-in[data-key="tokens"] input')
    expect(boxes).to_have_count(2)
    form.seat(["A", "B"])
    expect(page.locator('.carry-in[data-key="tokens"] label span')).to_have_text(["A", "B"])
    form.act("fill", '.carry-in[data-key="tokens"] input[data-seat="0"]', "4")
    form.act("fill", '.carry-in[data-key="tokens"] input[data-seat="1"]', "3")
    sid, token = form.start()
    out = add_round(page, server, sid, token,
                    {"events": [{"type": "out", "player": "A", "first_turn": False}]})
    carry = out["round"]["result"]["carry"]
    assert carry["tokens"] == {"A": 5, "B": 3} and carry["game_winner"] == "A"
    assert session(page, server, sid, token)["state"]["complete"] is True


def test_an_opening_value_shows_under_the_house_rules_that_use_it(server, phone):
    page = phone()
    Form(page, server).open("hana-awase-2")
    page.click("#opening summary")
    plain, broke = page.locator('.carry-in[data-key="totals"]').all()
    expect(plain).to_be_visible()
    expect(broke).to_be_hidden()
    page.click("details.house:not(.opening) > summary")
    page.check('.opt[data-id="bankrupt"] input')
    expect(plain).to_be_hidden()
    expect(broke).to_be_visible()
    expect(broke.locator("input").first).to_have_attribute("placeholder", "200")


# ----------------------------------------------------------------------------- screenshots

def test_screenshots_of_the_setup_form(server, phone):
    SHOTS.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "ja", "ko"):
        for scheme in ("light", "dark"):
            page = phone(lang, color_scheme=scheme)
            page.goto(server + f"/?lang={lang}&game=go-stop")
            for i, name in enumerate(["Ana", "Bo", "Cy"]):
                if i >= page.locator("#player-list input").count():
                    page.click("#add-player")
                page.fill(f"#player-list .player-row:nth-child({i + 1}) input", name)
            page.select_option("#first-dealer", label="Bo")
            page.locator(".players").evaluate("el => el.scrollIntoView()")
            page.screenshot(path=str(SHOTS / f"dealer-{lang}-{scheme}.png"))
            page.click("#opening summary")
            page.fill('.carry-in[data-key="nagari"] input', "1")
            page.locator("#opening").evaluate("el => el.scrollIntoView()")
            page.screenshot(path=str(SHOTS / f"opening-{lang}-{scheme}.png"))
            page.goto(server + f"/?lang={lang}&game=poka")
            page.fill("#player-list .player-row:nth-child(1) input", "Aki")
            page.fill("#player-list .player-row:nth-child(2) input", "Bo")
            page.click("#opening summary")
            page.locator("#opening").evaluate("el => el.scrollIntoView()")
            page.screenshot(path=str(SHOTS / f"poka-{lang}-{scheme}.png"))
            page.goto(server + f"/?lang={lang}&game=seasons")
            page.locator(".players").evaluate("el => el.scrollIntoView()")
            page.screenshot(path=str(SHOTS / f"seasons-{lang}-{scheme}.png"))
            # nothing wider than the phone
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
