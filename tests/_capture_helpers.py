"""What the capture tests of a traditional game and its simplified version share: Hachi and
Hachi (Simplified) (shared/rules/hachi.md, hachi-simplified.md), Tensho and Tensho
(Simplified) (tensho.md, tensho-simplified.md). Round builders, digest readers and, for the
two Hachi games, the checks whose sections read the same in both digests; each test file
calls them with its own game id, so every test keeps its name in its own file."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tally
from tally import TallyError
from tally.cards import CARD, FULL_DECK, CardSet

# --------------------------------------------------------------------------------------------
# Hachi and Hachi (Simplified)

HACHI_DECK = CardSet(FULL_DECK).slugs


def hachi_round(a=None, b=None, dealer="A", **extra):
    r = {"players": ["A", "B"], "dealer": dealer, **extra}
    if a is not None or b is not None:
        r["captures"] = {"A": a or [], "B": b or []}
    return r


def totals_round(a, b, yaku_a=(), yaku_b=(), carry=None, dealer="A"):
    return hachi_round(dealer=dealer, card_totals={"A": a, "B": b},
                       yaku={"A": list(yaku_a), "B": list(yaku_b)}, carry=carry)


def digest_section(shared, g, n):
    text = (shared / "rules" / f"{g}.md").read_text()
    return text.split(f"## {n}.")[1].split(f"## {n + 1}.")[0]


def chain(g, pairs, carry=None):
    """Score rounds given by card totals (A, B), each with the carry of the one before."""
    out = []
    for a, b in pairs:
        r = tally.score_round(g, totals_round(a, b, carry=carry))
        carry = r.carry
        out.append(r)
    return out


def hachi_errors_name_the_culprit(g):
    def score(r, **kw):
        return tally.score_round(g, r, **kw)

    rnd, deck = hachi_round, HACHI_DECK
    with pytest.raises(TallyError, match="unknown card 'pine-cran'") as e:
        score(rnd(["pine-cran"], []))
    assert e.value.card == "pine-cran"
    name = re.escape(tally.get_game(g).names["en"])  # the game by its name
    with pytest.raises(TallyError, match=f"'Bonus card: one junk' is not in the {name} deck"):
        score(rnd(["joker-1"], []))
    with pytest.raises(TallyError, match="'Pine with crane' is in both"):
        score(rnd(["pine-crane"], ["pine-crane"]))
    with pytest.raises(TallyError, match="35 cards captured in all, but at most 34"):
        score(rnd(deck[:20], deck[20:35]))
    with pytest.raises(TallyError, match="not both"):
        score({**rnd([], []), "card_totals": {"A": 1, "B": 1}})
    with pytest.raises(TallyError, match="the captured cards are missing"):
        score(rnd())
    with pytest.raises(TallyError, match="the yaku by name go with the card points"):
        score(rnd([], [], yaku={"A": []}))


HACHI_BAD_TOTALS = [
    ({"A": 341, "B": 0}, {}, "card points of 'A' must be a whole number from 0 to 340", "card_totals.A"),
    ({"A": 10}, {}, "card points of 'B' must be", "card_totals.B"),
    ({"A": 200, "B": 150}, {}, "add up to 350", "card_totals"),
    ({"A": 30, "B": 30}, {"A": ["five_six"]}, "'five_six', given for 'A', is not a yaku of this game", "yaku.A"),
    ({"A": 30, "B": 30}, {"A": ["five_six_ten", "five_six_ten"]}, "twice", "yaku.A"),
    ({"A": 30, "B": 30}, {"A": ["five_six_ten"], "B": ["three_five_six"]},
     "'B''s three_five_six needs 'Iris with bridge'|needs 'Iris with bridge'", "yaku.B"),
    ({"A": 30, "C": 30}, {}, "'C' is not one of the players", "card_totals"),
]


def hachi_bad_totals_are_named(g, totals, yaku, match, field):
    with pytest.raises(TallyError, match=match) as e:
        tally.score_round(g, hachi_round(card_totals=totals, yaku=yaku))
    assert e.value.field == field


def hachi_misdeal_length_players_carry(g):
    """Section 3: the only misdeal is a field four (same dealer, nothing scored)."""
    def score(r, **kw):
        return tally.score_round(g, r, **kw)

    rnd = hachi_round
    r = score(rnd(dealer="B", events=[{"type": "misdeal", "reason": "field_four"}]))
    assert r.winner is None and r.next_dealer == "B"
    with pytest.raises(TallyError, match='"a player was dealt all 4 cards of a month" is not a '
                                         'misdeal here'):
        score(rnd(events=[{"type": "misdeal", "reason": "hand_four_of_a_kind",
                           "player": "A"}]))
    with pytest.raises(TallyError, match="so a round gives no game length \\(not 6\\)"):
        score(rnd([], [], length=6))
    with pytest.raises(TallyError, match="played by 2-2 players, not 3"):
        score({"players": ["A", "B", "C"], "captures": {}})
    with pytest.raises(TallyError, match="the winning streak carried from the previous round"):
        score(rnd([], [], carry={"streak": {"player": "Z", "count": 1}}))
    over = chain(g, [(125, 100), (125, 100)])[-1].carry
    with pytest.raises(TallyError, match="ended the game"):
        score(totals_round(1, 1, carry=over))


def hachi_settlement_options(g):
    """Section 6 chips (book p. VI): per point (difference) and a stake to the game winner."""
    def score(r, **kw):
        return tally.score_round(g, r, **kw)

    opts = {"settle_per_point": 2, "settle_fixed_per_game": 50}
    r1 = score(totals_round(153, 133), options=opts)
    assert r1.net() == {"A": 40, "B": -40}
    r2 = score(totals_round(131, 106, ["poetry_one_two_three"],
                            ["five_six_ten", "three_five_six"], r1.carry), options=opts)
    assert r2.net() == {"A": 25 * 2 + 50, "B": -(25 * 2 + 50)}


def hachi_registry_serves_options_and_presets(g):
    d = tally.get_game(g).to_dict()
    assert {o["id"] for o in d["options"]} == {"hachi_yaku_list", "settle_fixed_per_round",
                                               "settle_per_point", "settle_per_point_basis",
                                               "settle_fixed_per_game"}
    # section 8 house option (2026-12): the book's list by default, FudaWiki's as the choice
    listed = next(o for o in d["options"] if o["id"] == "hachi_yaku_list")
    assert listed["choices"] == ["book", "fudawiki"] and listed["default"] == "book"
    assert [p["id"] for p in d["presets"]] == ["book"] and d["lengths"] == []
    assert {e["id"] for e in d["events"]} == {"misdeal", "hiki_formed", "round_end"}
    # the book's 20 and the two only FudaWiki's list has (den, poetry_den)
    assert len(d["combinations"]) == 22 and len(d["deck"]) == 48


def hachi_properties(g):
    """The property test of game ``g``: bind it to a ``test_`` name in the game's test file."""
    def score(r, **kw):
        return tally.score_round(g, r, **kw)

    rnd = hachi_round

    @settings(max_examples=150, deadline=None)
    @given(st.permutations(HACHI_DECK), st.integers(0, 34), st.data())
    def test_properties(cards, n, data):
        k = data.draw(st.integers(0, n))
        a, b = list(cards[:k]), list(cards[k:n])
        opts = {"settle_per_point": 1}
        r = score(rnd(a, b), options=opts)
        assert score(rnd(a[::-1], b[::-1]), options=opts).to_dict() == r.to_dict()
        assert sum(r.net().values()) == 0
        for p, pile in (("A", a), ("B", b)):
            ps = r.player(p)
            ribbons = sum(CARD[s].kind == "ribbon" for s in pile)
            assert ps.base_points == ribbons + 10 * (len(pile) - ribbons)
            assert ps.points == ps.base_points + sum(y.points for y in ps.yaku)
            assert ps.points == tally.evaluate(g, pile).points
        if r.winner:
            loser = "B" if r.winner == "A" else "A"
            diff = r.player(r.winner).points - r.player(loser).points
            assert diff > 0 and r.net()[r.winner] == diff
        else:
            assert r.player("A").points == r.player("B").points and r.net() == {"A": 0, "B": 0}

    return test_properties


# --------------------------------------------------------------------------------------------
# Tensho and Tensho (Simplified)

def tensho_round(a, b, yaku_set="one", dealer="A", **extra):
    r = {"players": ["A", "B"], "dealer": dealer, "captures": {"A": a, "B": b}, **extra}
    if yaku_set is not None:
        r["yaku_set"] = yaku_set
    return r


def tensho_digest_table(shared, g):
    """Section 4's yaku table of game ``g``'s digest: id -> (cards, Set One, Set Two) exactly
    as printed."""
    text = (shared / "rules" / f"{g}.md").read_text()
    sec = text.split("## 4.")[1].split("## 5.")[0]
    out = {}
    for line in sec.splitlines():
        cols = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cols) == 5 and cols[0].startswith("`"):
            def val(x):
                x = x.strip("*")
                return None if x == "—" else ("AUTO" if x == "AUTO" else int(x))
            out[cols[0].strip("`")] = (set(re.findall(r"`([a-z0-9-]+)`", cols[2])),
                                       val(cols[3]), val(cols[4]))
    return out


# hachi_yaku_list (hachi.md / hachi-simplified.md section 8, H1 / HS1 "Resolved (2026-12)"):
# the same examples in both digests (HD5/HSD5, HD6/HSD6), checked by the functions below
HACHI_FUDAWIKI = {"hachi_yaku_list": "fudawiki"}
HACHI_DEN_CARDS = ["plum-warbler", "willow-rainman", "paulownia-phoenix", "plum-poetry",
                   "willow-ribbon", "paulownia-chaff-colored"]


def hachi_plain_ten_seven_eight(g):
    """maple-deer, clover-boar, pampas-moon: cards 30; book: ten_seven_eight 10 -> 40;
    fudawiki: no yaku -> 30."""
    cards = ["maple-deer", "clover-boar", "pampas-moon"]
    e = tally.evaluate(g, cards)
    assert e.details["card_value"] == 30
    assert [y.id for y in e.yaku] == ["ten_seven_eight"] and e.points == 40
    e = tally.evaluate(g, cards, options=HACHI_FUDAWIKI)
    assert e.yaku == () and e.points == 30


def hachi_den(g):
    """The Den cards: 10+10+10+1+1+10 = 42; book: no yaku -> 42; fudawiki: den 10 +
    poetry_den 20 -> 72."""
    e = tally.evaluate(g, HACHI_DEN_CARDS)
    assert e.details["card_value"] == 42 and e.yaku == () and e.points == 42
    e = tally.evaluate(g, HACHI_DEN_CARDS, options=HACHI_FUDAWIKI)
    assert {(y.id, y.points) for y in e.yaku} == {("den", 10), ("poetry_den", 20)}
    assert e.points == 72


def hachi_yaku_list_option(g):
    """hachi_yaku_list is a choice, book (20 yaku) by default, fudawiki (21: no plain Ten
    Seven Eight, plus Den and Poetry Den). Entered by name, a yaku outside the list in force
    is refused, naming the option."""
    game = tally.get_game(g)
    o = next(o for o in game.options if o.id == "hachi_yaku_list")
    assert o.default == "book" and o.choices == ("book", "fudawiki")
    assert game.rules("book").hachi_yaku_list == "book"
    assert len(game.compiled().extra["yaku"]) == 20
    assert len(game.compiled(None, HACHI_FUDAWIKI).extra["yaku"]) == 21
    # the Den example's numbers entered as totals: 42 + 10 + 20 = 72
    r = tally.score_round(g, totals_round(42, 30, ["den", "poetry_den"]),
                          options=HACHI_FUDAWIKI)
    assert r.player("A").points == 72
    with pytest.raises(tally.TallyError, match="not in the yaku list") as e:
        tally.score_round(g, totals_round(42, 30, ["den"]))
    assert e.value.option == "hachi_yaku_list" and e.value.rule == "den"
    with pytest.raises(tally.TallyError, match="not in the yaku list"):
        tally.score_round(g, totals_round(30, 30, ["ten_seven_eight"]),
                          options=HACHI_FUDAWIKI)
