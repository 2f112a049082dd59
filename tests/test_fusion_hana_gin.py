"""Hana-Gin (shared/rules/hana-gin.md; seed 002, ch. 40, lines 7791-8025).

Every expected number below is copied from the digest's section 9 (the book's four scoring
examples, p. 196, seed lines 7973-8025) or from its text."""

import pytest
from hypothesis import given, settings, strategies as st

import tally
from tally import TallyError
from tally.cards import CARD, CardSet

G = "hana-gin"
TENS3 = ["plum-warbler", "wisteria-cuckoo", "iris-bridge"]
TENS4 = TENS3 + ["maple-deer"]
TENS5 = TENS4 + ["clover-boar"]
RIBBONS3 = ["wisteria-ribbon", "iris-ribbon", "clover-ribbon"]
BRIGHTS3 = ["pine-crane", "cherry-curtain", "pampas-moon"]
SEQ = ["pine-chaff-1", "plum-chaff-1", "cherry-chaff-1", "wisteria-chaff-1", "iris-chaff-1"]
SEQ_B = ["peony-chaff-1", "clover-chaff-1", "pampas-chaff-1", "chrysanthemum-chaff-1"]


def rnd(ending, caller="A", melds=None, unused=None, **extra):
    r = {"players": ["A", "B"], "dealer": "B", "ending": ending, "melds": melds or {},
         "unused": unused or {}, **extra}
    if caller is not None:
        r["caller"] = caller
    return r


def score(r, **kw):
    return tally.score_round(G, r, **kw)


def outcome(result):
    w = result.player(result.winner)
    return result.winner, w.yaku[0].id, w.points


def test_e1_hana_undercut():
    """E1: A Hana, 3 tens + 4 sequential chaffs, unused ribbon + chaff = 6; B 3 ribbons + 3
    sequential chaffs, unused 3 chaffs, lays 1 chaff onto A's sequence -> 2.
    Expect B, hana_undercut, (6 - 2) + 20 = 24."""
    r = score(rnd("hana", melds={"A": [TENS3, SEQ[:4]], "B": [RIBBONS3, SEQ_B[:3]]},
                  unused={"A": ["pine-poetry", "maple-chaff-1"],
                          "B": ["maple-chaff-2", "paulownia-chaff-1"]},
                  layoffs=["iris-chaff-1"]))
    assert outcome(r) == ("B", "hana_undercut", 24)
    assert r.player("A").points == 0
    assert (r.player("A").extra["unused"], r.player("B").extra["unused"]) == (6, 2)
    assert r.next_dealer == "B"


def test_e2_hana_caller_wins():
    """E2: A 4 tens + 3 sequential chaffs, unused ribbon + chaff = 6; B 3 ribbons + 4
    sequential chaffs, unused 2 brights = 40. Expect A, hana_caller_wins, 40 - 6 = 34."""
    r = score(rnd("hana", melds={"A": [TENS4, SEQ[:3]], "B": [RIBBONS3, SEQ_B]},
                  unused={"A": ["pine-poetry", "maple-chaff-1"],
                          "B": ["pine-crane", "cherry-curtain"]}))
    assert outcome(r) == ("A", "hana_caller_wins", 34)
    assert r.player("B").points == 0 and r.next_dealer == "A"


def test_e3_gin():
    """E3: A 5 tens + 4 sequential chaffs, unused 1 ribbon; B 3 brights + 3 sequential chaffs,
    unused 3 chaffs = 3. Expect A, gin, 20 + 3 = 23."""
    r = score(rnd("gin", melds={"A": [TENS5, SEQ[:4]], "B": [BRIGHTS3, SEQ_B[:3]]},
                  unused={"A": ["pine-poetry"],
                          "B": ["maple-chaff-1", "maple-chaff-2", "paulownia-chaff-1"]}))
    assert outcome(r) == ("A", "gin", 23)


def test_e4_gin_all_ten():
    """E4: A 5 tens + 5 sequential chaffs; B as in E3. Expect A, gin_all_ten, 20 + 3 + 20 = 43."""
    r = score(rnd("gin", melds={"A": [TENS5, SEQ]}, unused={
        "A": [], "B": ["maple-chaff-1", "maple-chaff-2", "paulownia-chaff-1"]}))
    assert outcome(r) == ("A", "gin_all_ten", 43)
    # the same with values only and the all-ten flag (section 7: "or unused value")
    r = score(rnd("gin", unused={"B": 3}, all_ten=True))
    assert outcome(r) == ("A", "gin_all_ten", 43)


def test_e5_unused_value():
    """E5 (book p. 194): unused pine-crane + willow-lightning -> 20 + 1 = 21."""
    assert tally.evaluate(G, ["pine-crane", "willow-lightning"]).points == 21


def test_e6_hana_tie_goes_to_the_caller():
    """E6: U_c = U_o = 4 -> the caller wins with 0 points and deals next."""
    r = score(rnd("hana", unused={"A": 4, "B": 4}))
    assert outcome(r) == ("A", "hana_caller_wins", 0)
    assert r.next_dealer == "A"
    # the caller is B: B wins the tie
    r = score(rnd("hana", caller="B", unused={"A": 4, "B": 4}))
    assert outcome(r) == ("B", "hana_caller_wins", 0)


def test_exhausted_deck_is_a_draw():
    """Section 5 step 3: nobody scores, the same dealer deals again."""
    r = score(rnd("exhausted", caller=None))
    assert r.winner is None and r.next_dealer == "B"
    assert [p.points for p in r.players] == [0, 0]


def test_game_ends_at_100_section_10_4():
    """10.4: reaching exactly 100 ends the game."""
    r = score(rnd("gin", unused={"A": [], "B": 3}, carry={"totals": {"A": 57, "B": 90}}))
    assert r.carry == {"totals": {"A": 100, "B": 90}, "game_over": True, "game_winner": "A"}
    r = score(rnd("gin", unused={"A": ["pine-poetry"], "B": 3},
                  carry={"totals": {"A": 76, "B": 90}}))
    assert r.carry["totals"]["A"] == 99 and r.carry["game_over"] is False


def test_layoffs_only_onto_the_callers_combinations_section_10_1():
    """10.1: the non-caller may only add to the caller's combinations, not form new ones."""
    base = dict(melds={"A": [TENS3, SEQ[:4]]}, unused={"A": 6, "B": ["maple-chaff-1"]})
    ok = score(rnd("hana", layoffs=["iris-chaff-1", "peony-chaff-1", "clover-boar"], **base))
    assert ok.player("B").extra["unused"] == 1
    with pytest.raises(TallyError, match="cannot lay") as e:  # a new run, not an extension
        score(rnd("hana", layoffs=["pampas-chaff-1", "chrysanthemum-chaff-1"], **base))
    assert e.value.rule == "layoff" and e.value.player == "B"


def test_no_layoffs_after_gin():
    """Section 5 step 1: after Gin the opponent may not lay off."""
    with pytest.raises(TallyError, match="may not lay off") as e:
        score(rnd("gin", melds={"A": [TENS3, SEQ[:4]]}, unused={"A": [], "B": 3},
                  layoffs=["iris-chaff-1"]))
    assert e.value.player == "B"


def test_hana_caller_holds_nine_section_10_2():
    """10.2: after the Hana discard the caller holds 9 cards."""
    with pytest.raises(TallyError, match="A shows 10 cards"):
        score(rnd("hana", melds={"A": [TENS4, SEQ[:4]]},
                  unused={"A": ["pine-poetry", "maple-chaff-1"], "B": 9}))


@pytest.mark.parametrize("r, needle, attr", [
    (rnd("rummy"), "the round ends with Gin, Hana or the draw pile running out", ("field", "ending")),
    (rnd("gin", caller="Z", unused={"B": 3}), "who called: 'Z' is not one of the players",
     ("player", "Z")),
    (rnd("gin", unused={"A": []}), "B's unused cards .* are missing", ("player", "B")),
    (rnd("gin", unused={"B": 3}), "used all 10 cards in combinations", ("field", "all_ten")),
    (rnd("gin", unused={"A": ["pine-poetry", "maple-chaff-1"], "B": 3}),
     "2 unused cards, too many for Gin", ("player", "A")),
    (rnd("gin", unused={"A": ["pine-crane"], "B": 3}, all_ten=True),
     "all 10 cards are said to be in combinations",
     ("field", "all_ten")),
    (rnd("hana", melds={"A": [TENS3]}, unused={"A": ["plum-warbler"], "B": 3}),
     "'Plum with bush warbler' is in both", ("card", "plum-warbler")),
    (rnd("hana", melds={"A": [["pine-crane", "plum-warbler", "cherry-curtain"]]},
         unused={"A": 1, "B": 3}), "not a combination", ("player", "A")),
    (rnd("hana", unused={"A": ["pine-cran"], "B": 3}), "unknown card 'pine-cran'",
     ("card", "pine-cran")),
    (rnd("hana", unused={"A": 1, "B": ["joker-1"]}),
     "'Bonus card: one junk'.*not in the Hana-Gin deck",
     ("card", "joker-1")),
    (rnd("hana", unused={"A": 1, "B": 3}, layoffs=["iris-chaff-1"]),
     "lay-offs need A's combinations", ("player", "A")),
    (rnd("hana", unused={"A": 1, "B": 200}), "the value of B's unused cards must be 0 to 150",
     ("player", "B")),
    (rnd("exhausted", caller="A"), "nobody calls", ("field", "caller")),
    (rnd("gin", unused={"A": [], "B": 3}, carry={"totals": {"A": 100}, "game_over": True}),
     "the game ended", ("field", "carry")),
    (rnd("gin", unused={"A": [], "B": 3}, carry={"totals": {"C": 10}}),
     "'C', who is not one of the players", ("player", "C")),
])
def test_bad_rounds_name_the_culprit(r, needle, attr):
    with pytest.raises(TallyError, match=needle) as e:
        score(r)
    assert getattr(e.value, attr[0]) == attr[1]


def test_exactly_two_players():
    with pytest.raises(TallyError, match="played by 2-2 players"):
        score({**rnd("exhausted", caller=None), "players": ["A", "B", "C"]})


def test_joker_mapping():
    """hana-gin.md section 2 / hana-rumi.md 10.1: Wet Koi 5, Dry Koi 10; the table maps them."""
    assert tally.evaluate(G, ["joker-a", "joker-f"]).points == 15
    assert tally.evaluate(G, ["joker-a", "joker-f"],
                          options={"dry_koi": "joker-a,joker-b"}).points == 15
    assert tally.evaluate(G, ["joker-c", "joker-f"],
                          options={"dry_koi": "joker-a,joker-b"}).points == 10


def _oracle(slugs):
    return sum(10 if s in ("joker-e", "joker-f") else 5 if s.startswith("joker") else
               CARD[s].value for s in slugs)


SLUGS = CardSet(tally.get_game(G).deck).slugs


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(SLUGS), unique=True, min_size=0, max_size=9),
       st.lists(st.sampled_from(SLUGS), unique=True, min_size=0, max_size=9))
def test_hana_scoring_rule(a_unused, b_unused):
    """Sections 4-5: the lower unused total wins the difference, +20 if not the caller; only
    the winner scores; card order never matters."""
    b_unused = [s for s in b_unused if s not in a_unused]
    r = score(rnd("hana", unused={"A": a_unused[:2], "B": b_unused}))
    uc, uo = _oracle(a_unused[:2]), _oracle(b_unused)
    want = ("A", uo - uc) if uc <= uo else ("B", uc - uo + 20)
    assert (r.winner, r.player(r.winner).points) == want
    assert sorted(p.points for p in r.players)[0] == 0
    again = score(rnd("hana", unused={"A": a_unused[:2][::-1], "B": b_unused[::-1]}))
    assert again.to_dict() == r.to_dict()


def test_optional_money():
    """Book introduction ("Note on Gambling", seed 002 lines 133-149): players pay the winner
    based on the points earned (e.g. 10 cents per point), or a fixed amount per game."""
    e1 = rnd("hana", unused={"A": 6, "B": 2})  # E1's totals: B wins 24
    r = score(e1, options={"stake_per_point": 0.1})
    assert [(p.payer, p.payee, p.amount) for p in r.payments] == [("A", "B", 2.4)]
    assert r.net() == {"A": -2.4, "B": 2.4}
    assert score(e1).payments == ()
    r = score({**e1, "carry": {"totals": {"A": 50, "B": 80}}}, options={"stake_per_game": 5})
    assert r.carry["game_winner"] == "B"
    assert [(p.payer, p.payee, p.amount) for p in r.payments] == [("A", "B", 5)]
    assert score(e1, options={"stake_per_game": 5}).payments == ()  # the game goes on


def test_no_lay_off_of_a_card_a_wild_replaced():
    """hana-rumi.md section 4a, shared by Hana-Gin: a Dry Koi keeps the card it replaced."""
    base = rnd("hana", melds={"A": [TENS3, ["pine-chaff-1", "joker-e", "cherry-chaff-1"]]},
               unused={"A": 2, "B": 6}, layoffs=["wisteria-chaff-1"])
    assert outcome(score(base)) == ("A", "hana_caller_wins", 4)
    # undeclared, the wild may stand for April (or December), so February's chaff fits
    assert outcome(score({**base, "layoffs": ["plum-chaff-2"]}))[0] == "A"
    with pytest.raises(TallyError, match="cannot lay Plum blossom chaff 2"):
        score({**base, "wilds": {"joker-e": "plum-chaff-1"}, "layoffs": ["plum-chaff-2"]})


def test_an_input_error_keeps_its_template_for_the_readers_language():
    """The error is a said() sentence: the game prefix and the sentence after it are
    templates of their own, and filling them in gives the English message word for word."""
    with pytest.raises(TallyError) as e:
        score(rnd("gin", melds={"A": [TENS3, SEQ[:4]]}, unused={"A": [], "B": 3},
                  layoffs=["iris-chaff-1"]))
    d = e.value.to_dict()
    assert d["template"] == "{game}: {message}" and d["params"]["game"] == G
    inner = d["params"]["message"]
    assert inner == {"template": "after Gin {player} may not lay off",
                     "params": {"player": "B"}}
    assert d["message"] == "Hana-Gin: after Gin B may not lay off"
    # a card list inside a combination's label: the label is a sentence too
    with pytest.raises(TallyError) as e:
        score(rnd("hana", melds={"A": [TENS3 + ["iris-bridge"]]}, unused={"A": 6, "B": 2}))
    d = e.value.to_dict()
    assert d["params"]["what"] == {"template": "{player}'s combination {i}",
                                   "params": {"player": "A", "i": 1}}
    assert d["message"] == ("Hana-Gin: card 'Iris with bridge' is listed twice in A's "
                            "combination 1")
