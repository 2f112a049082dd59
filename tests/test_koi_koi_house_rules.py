"""Koi-Koi: other programs' house rules (issue 10). Each preset and option reproduces one
public program; every expected number below is copied from that program's own test suite,
game records or rule code (cited next to it), never from running this engine.

- sidsryu/koikoi-scorer ("Nintendo rules as its defaults plus eleven optional rules"):
  test/scoringhands_test.cpp and test/monthlycard_test.cpp at commit 3db08726,
  test/optionrules_test.cpp at 01bdc060 (the version with the Rule enum of src/rule-define.h),
  test/instancewins_test.cpp at 47374d45; README.md names its defaults as Nintendo's rules
  (https://www.nintendo.co.jp/n09/hana-kabu_games/).
- fuda-cafe/hanafuda-js (KOIKOI_RULES of src/scoring/manager.ts at 8d62db9c): the vitest
  suites tests/scoring/rules/{bright,animal,chaff,viewing}.test.ts and
  tests/scoring/manager.test.ts at cd878345.
- guansanghai/KoiKoi-AI (koikoigame.py at 565924e3, no test suite): the game record
  gamerecords_dataset/1.json (same commit), whose roundWinner / player*RoundPts the program
  itself wrote, and the rule code of koikoigame.py (yaku, yaku_point, round_point, new_round).
"""

import pytest

import tally
from tally import TallyError
from tally.cards import FLOWER_CARDS
from tally.games import koi_koi as kk

G = "koi-koi"
DECK = [c.slug for c in FLOWER_CARDS]  # in month order, four cards a month


def ev(cards, preset=None, **options):
    return tally.evaluate(G, cards, preset=preset, options=options or None)


def in_context(cards, preset=None, month=None, calls=0, weather=None, **options):
    return kk.evaluate_in_context(cards, preset=preset, options=options or None, month=month,
                                  koikoi_calls=calls, weather=weather)


def stop_round(pile, events=(), preset=None, dealer="A", **extra):
    """A round in which A captured ``pile`` and stops after ``events``."""
    return {"players": ["A", "B"], "dealer": dealer, "captures": {"A": list(pile)},
            "events": list(events) + [{"type": "stop", "player": "A"}], **extra}


def score(rnd, preset=None, **options):
    return tally.score_round(G, rnd, preset=preset, options=options or None)


def points(result):
    return {p.player: p.points for p in result.players}


# ------------------------------------------------------------------ sidsryu/koikoi-scorer
# Its card names -> our slugs: <Month>Bright / Kind / Ribbon / Plain<n> (src/card-define.h,
# src/card-functor.cpp: Mums = chrysanthemum, Willow "Plain" = the lightning).
_KS_MONTHS = ("Pine", "Plum", "Cherry", "Wisteria", "Iris", "Peony", "Clover", "Pampas",
              "Mums", "Maple", "Willow", "Paulownia")
KS = {}
for _i, _m in enumerate(_KS_MONTHS):
    _cards = DECK[4 * _i:4 * _i + 4]
    _big = "Bright" if _m in ("Pine", "Cherry", "Pampas", "Willow", "Paulownia") else "Kind"
    KS[_m + _big] = _cards[0]
    if _m == "Pampas":  # pampas: moon, geese, two plains
        KS.update(PampasKind=_cards[1], PampasPlain1=_cards[2], PampasPlain2=_cards[3])
    elif _m == "Willow":  # willow: rain man, swallow, ribbon, lightning
        KS.update(WillowKind=_cards[1], WillowRibbon=_cards[2], WillowPlain=_cards[3])
    elif _m == "Paulownia":  # paulownia: phoenix and three plains
        KS.update(PaulowniaPlain1=_cards[1], PaulowniaPlain2=_cards[2],
                  PaulowniaPlain3=_cards[3])
    else:
        KS.update({_m + "Ribbon": _cards[1], _m + "Plain1": _cards[2], _m + "Plain2": _cards[3]})


def ks(*names):
    return [KS[n] for n in names]


N = "nintendo"
FIVE_BRIGHTS = ks("PineBright", "CherryBright", "PampasBright", "PaulowniaBright",
                  "WillowBright")
ALL_KINDS = ks("PlumKind", "WisteriaKind", "IrisKind", "PeonyKind", "CloverKind", "PampasKind",
               "MumsKind", "MapleKind", "WillowKind")
ALL_RIBBONS = ks("PineRibbon", "PlumRibbon", "CherryRibbon", "WisteriaRibbon", "IrisRibbon",
                 "PeonyRibbon", "CloverRibbon", "MumsRibbon", "MapleRibbon", "WillowRibbon")
ALL_PLAINS = [KS[n] for n in KS if "Plain" in n]


@pytest.mark.parametrize("cards, expected", [
    # scoringhands_test.cpp (3db08726), TEST(ScoringHandsTest, ...) under the defaults
    (FIVE_BRIGHTS, 10),                                                    # FiveBrights
    (FIVE_BRIGHTS[:4], 8),                                                 # FourBrights
    (ks("PineBright", "CherryBright", "PampasBright", "WillowBright"), 5),  # RainyFourBrights
    (ks("PineBright", "CherryBright", "PampasBright"), 5),                 # ThreeBrights
    (ks("PineBright", "CherryBright", "PaulowniaBright"), 5),
    (ks("PineBright", "PampasBright", "PaulowniaBright"), 5),
    (ks("CherryBright", "PampasBright", "PaulowniaBright"), 5),
    (ks("PineBright", "CherryBright", "WillowBright"), 0),                 # RainyThreeBrights
    (ks("CloverKind", "MapleKind", "PeonyKind"), 5),                       # BoarDeerButterfly
    (ks("PineRibbon", "PlumRibbon", "CherryRibbon"), 5),                   # RedRibbons
    (ks("MumsRibbon", "PeonyRibbon", "MapleRibbon"), 5),                   # BlueRibbons
    (ks("CloverKind", "MapleKind", "PampasKind", "IrisKind"), 0),          # Kinds
    (ks("CloverKind", "MapleKind", "PampasKind", "IrisKind", "MumsKind"), 1),
    (ALL_KINDS, 10),                                                       # AllKindCombo
    (ks("PineRibbon", "PlumRibbon", "MumsRibbon", "PeonyRibbon"), 0),      # Ribbons
    (ks("PineRibbon", "PlumRibbon", "MumsRibbon", "PeonyRibbon", "CloverRibbon"), 1),
    (ALL_RIBBONS, 16),                                                     # AllRibbonCombo
    (ALL_PLAINS[:9], 0),                                                   # Plains
    (ALL_PLAINS[:10], 1),
    (ALL_PLAINS, 15),
])
def test_nintendo_preset_is_koikoi_scorers_defaults(cards, expected):
    assert ev(cards, N).points == expected


def test_nintendo_preset_differs_from_the_book_where_koikoi_scorer_does():
    """AllKindCombo / AllRibbonCombo (above: 10 and 16) under the book's chart (koi-koi.md
    section 4): inoshikacho 5 + (9 - 3) = 11 (one of, tane dominated); akatan_aotan
    10 + (10 - 6) = 14 (one of, tan never counts the willow ribbon)."""
    assert ev(ALL_KINDS).points == 11 and ev(ALL_RIBBONS).points == 14


def test_koikoi_scorer_seven_or_more_doubled_is_lucky_7():
    """optionrules_test.cpp (01bdc060) ScoreDoubledWhenSevenOrMorePoints: five brights with
    Rule::SevenOrMoreDoubled = 20 (lucky_7, here a stop without koi-koi)."""
    assert points(score(stop_round(FIVE_BRIGHTS), N, lucky_7=True))["A"] == 20


def test_koikoi_scorer_sake_cup_kind_and_plain_is_sake_10_and_1():
    """optionrules_test.cpp SakeCupToCountKindAndPlain: 9 plains + 4 kinds + sake cup = 1
    (five kinds), 2 with Rule::SakeCupBothKindAndPlain (ten plains as well)."""
    pile = ks("PinePlain1", "PinePlain2", "PlumPlain1", "PlumPlain2", "CherryPlain1",
              "CherryPlain2", "WisteriaPlain1", "WisteriaPlain2", "IrisPlain1", "PlumKind",
              "WisteriaKind", "IrisKind", "PeonyKind", "MumsKind")
    assert ev(pile, N).points == 1
    assert ev(pile, N, sake_10_and_1=True).points == 2


@pytest.mark.parametrize("bright, option", [("CherryBright", "hanami_points"),
                                             ("PampasBright", "tsukimi_points")])
def test_koikoi_scorer_viewing_rules_are_the_view_points(bright, option):
    """optionrules_test.cpp ViewingTheFlower / ViewingTheMoon: 0 by default, 5 with the
    rule (hanami_points / tsukimi_points back at 5)."""
    pile = ks(bright, "MumsKind")
    assert ev(pile, N).points == 0
    assert ev(pile, N, **{option: 5}).points == 5


def test_koikoi_scorer_bright_viewing_combo():
    """optionrules_test.cpp BrightViewingCombo: five brights + sake cup: 10, with
    ViewingTheFlower 15, with ViewingTheMoon as well 20."""
    pile = FIVE_BRIGHTS + ks("MumsKind")
    assert ev(pile, N).points == 10
    assert ev(pile, N, hanami_points=5).points == 15
    assert ev(pile, N, hanami_points=5, tsukimi_points=5).points == 20


def test_koikoi_scorer_extra_point_after_boar_deer_butterfly():
    """optionrules_test.cpp ExtraPointAfterBoarDeerButterfly: boar, deer, butterflies and the
    warbler: 6 with the rule, i.e. flat_inoshikacho off (koikoi-scorer's default is flat 5)."""
    pile = ks("CloverKind", "MapleKind", "PeonyKind", "PlumKind")
    assert ev(pile, N, flat_inoshikacho=False).points == 6
    assert ev(pile, N).points == 5  # scoringhands_test BoarDeerButterfly: the flat 5


def test_koikoi_scorer_extra_point_after_red_blue_ribbons():
    """optionrules_test.cpp ExtraPointAfterRedBlueRibbons: 3 poetry + 2 purple = 7; the
    third purple 10; the willow ribbon 11 (flat_ribbon_sets off)."""
    pile = ks("PineRibbon", "PlumRibbon", "CherryRibbon", "MumsRibbon", "PeonyRibbon")
    assert ev(pile, N, flat_ribbon_sets=False).points == 7
    pile += ks("MapleRibbon")
    assert ev(pile, N, flat_ribbon_sets=False).points == 10
    pile += ks("WillowRibbon")
    assert ev(pile, N, flat_ribbon_sets=False).points == 11


def test_koikoi_scorer_rainy_four_brights_and_six_point_three_brights():
    """optionrules_test.cpp RainyFourBrights: crane, curtain, moon and the rain man = 7 with
    the rule (ame_shiko_points 7; 5 by default, scoringhands_test RainyFourBrights);
    SixPointsThreeBrights: crane, curtain, moon = 6 (sanko_points 6)."""
    rain_four = ks("PineBright", "CherryBright", "PampasBright", "WillowBright")
    assert ev(rain_four, N, ame_shiko_points=7).points == 7
    assert ev(ks("PineBright", "CherryBright", "PampasBright"), N, sanko_points=6).points == 6


RAINY_VIEWING = {"hanami_points": 5, "tsukimi_points": 5, "rain_voids_views": True}
RAINY_PILE = ks("CherryBright", "PampasBright", "MumsKind")  # setRainyViewing()


@pytest.mark.parametrize("rain", ["WillowBright", "WillowPlain"])
def test_koikoi_scorer_rain_breaks_viewings(rain):
    """optionrules_test.cpp RainyViewingRainMan / RainyViewingLightning: both views with
    Rule::RainBreakViewings, then the rain man (or the lightning) is taken: 0."""
    e = ev(RAINY_PILE + ks(rain), N, **RAINY_VIEWING)
    assert e.points == 0 and set(e.details["not_scored"]) == {"hanami", "tsukimi"}


def test_koikoi_scorer_willow_is_rain():
    """optionrules_test.cpp RainyViewingWillow: the swallow and the willow ribbon do not
    break the views (10) until Rule::WillowIsRain is added (0)."""
    pile = RAINY_PILE + ks("WillowKind", "WillowRibbon")
    assert ev(pile, N, **RAINY_VIEWING).points == 10
    assert ev(pile, N, **RAINY_VIEWING, willow_is_rain=True).points == 0


MONTHLY = {"yaku_of_the_month": True}


def test_koikoi_scorer_monthly_cards():
    """monthlycard_test.cpp (3db08726) MonthlyCards: three pine cards in January 0, the
    fourth 4; the same cards in February 0. Given as a month number or a flower."""
    three = ks("PineBright", "PineRibbon", "PinePlain1")
    assert in_context(three, N, month=1, **MONTHLY).points == 0
    assert in_context(three + ks("PinePlain2"), N, month=1, **MONTHLY).points == 4
    assert in_context(three + ks("PinePlain2"), N, month="pine", **MONTHLY).points == 4
    assert in_context(three + ks("PinePlain2"), N, month=2, **MONTHLY).points == 0


@pytest.mark.parametrize("number", range(1, 13))
def test_koikoi_scorer_monthly_cards_every_month(number):
    """monthlycard_test.cpp MonthlyCardsJanuary ... MonthlyCardsDecember: the month's four
    cards in that month = 4, also as a whole round (the round input 'month')."""
    four = DECK[4 * (number - 1):4 * number]
    assert in_context(four, N, month=number, **MONTHLY).points == 4
    r = score(stop_round(four, month=kk.FLOWER_IDS[number - 1]), N, **MONTHLY)
    assert points(r)["A"] == 4 and r.player("A").yaku[0].id == "yaku_of_the_month"


def test_monthly_cards_need_the_rounds_month():
    """Without the month the yaku cannot be checked: a pile holding a whole month is an error
    naming the round input, as rain_and_fog needs field_at_stop."""
    with pytest.raises(TallyError, match="give the round's month") as e:
        score(stop_round(DECK[:4] + ks("PlumRibbon", "CherryRibbon")), N, **MONTHLY)
    assert e.value.field == "month" and e.value.option == "yaku_of_the_month"


@pytest.mark.parametrize("hand", [
    ks("PineBright", "PineRibbon", "PinePlain1", "PinePlain2", "CherryPlain2", "IrisKind",
       "CloverRibbon", "PaulowniaBright"),  # README.md's BeginingHands example: four pines
    ks("PlumRibbon", "PlumPlain1", "WisteriaKind", "WisteriaPlain2", "PaulowniaPlain2",
       "PaulowniaPlain3", "PampasBright", "PampasPlain1"),  # instancewins_test Sticky
])
def test_nintendo_instant_wins_score_6(hand):
    """instancewins_test.cpp (47374d45) PineFourHands / Sticky: WINNING_POINTS 6 (here as a
    whole 8-card hand: the four pines of README.md's example, and the Sticky hand)."""
    r = score({"players": ["A", "B"], "dealer": "A", "hands": {"B": hand},
               "events": [{"type": "automatic_win_hand", "player": "B"}]}, N)
    assert points(r) == {"A": 0, "B": 6} and r.winner == "B"


def test_nintendo_no_sticky_is_no_instant_win():
    """instancewins_test.cpp NoSticky: three pairs and two odd cards score 0: no win."""
    hand = ks("PlumRibbon", "PlumPlain1", "WisteriaKind", "WisteriaPlain2", "PaulowniaPlain2",
              "PaulowniaPlain3", "PampasBright", "WillowPlain")
    with pytest.raises(TallyError, match="neither four pairs nor a whole month"):
        score({"players": ["A", "B"], "dealer": "A", "hands": {"B": hand},
               "events": [{"type": "automatic_win_hand", "player": "B"}]}, N)


# ------------------------------------------------------------------- fuda-cafe/hanafuda-js
# Its card indices (src/core/cards.ts CARD_DATA) are the 48 cards in our month order.
CRANE, CURTAIN, MOON, RAIN_MAN, PHOENIX = 0, 8, 28, 40, 44
BOAR, DEER, BUTTERFLY, SAKE_CUP = 24, 36, 20, 32
GEESE, WARBLER, CUCKOO, SWALLOW = 29, 4, 12, 41
CHAFF_CARDS = [2, 3, 6, 7, 10, 11, 14, 15, 38, 39]
H = "hanafuda_js"


def hj(*indices):
    return [DECK[i] for i in indices]


def yaku_points(e):
    return {y.id: y.points for y in e.yaku}


@pytest.mark.parametrize("cards, yid, expected", [
    # tests/scoring/rules/bright.test.ts (cd878345)
    ((CRANE, CURTAIN, PHOENIX, MOON, RAIN_MAN), "goko", 15),  # scores gokou
    ((CRANE, CURTAIN, PHOENIX, MOON), "shiko", 8),            # scores shikou
    ((CRANE, CURTAIN, MOON, RAIN_MAN), "ame_shiko", 7),       # scores ame-shikou
    ((CRANE, CURTAIN, PHOENIX), "sanko", 6),                  # scores sankou
])
def test_hanafuda_js_brights(cards, yid, expected):
    e = ev(hj(*cards), H)
    assert yaku_points(e) == {yid: expected}


def test_hanafuda_js_ino_shika_chou():
    """animal.test.ts "scores ino-shika-chou": 5; without the boar nothing; with the geese 6;
    with the sake cup (countSakeCup true, KOIKOI_RULES) ino-shika-chou 7; countSakeCup false
    (sake_not_a_ten) 6."""
    assert yaku_points(ev(hj(BOAR, DEER, BUTTERFLY), H)) == {"inoshikacho": 5}
    assert ev(hj(DEER, BUTTERFLY), H).yaku == ()
    assert yaku_points(ev(hj(DEER, BUTTERFLY, BOAR, GEESE), H)) == {"inoshikacho": 6}
    pile = hj(DEER, BUTTERFLY, BOAR, GEESE, SAKE_CUP)
    assert yaku_points(ev(pile, H))["inoshikacho"] == 7
    assert yaku_points(ev(pile, H, sake_not_a_ten=True)) == {"inoshikacho": 6}


def test_hanafuda_js_tane_zaku():
    """animal.test.ts "scores tane-zaku": five animals 1, the swallow 2, the sake cup 3 (2
    with countSakeCup false); boar, deer, butterfly, geese and warbler score both
    ino-shika-chou and tane-zaku (allowMultiple, the default and KOIKOI_RULES)."""
    pile = hj(BOAR, DEER, CUCKOO, GEESE, WARBLER)
    assert yaku_points(ev(pile, H)) == {"tane": 1}
    pile += hj(SWALLOW)
    assert yaku_points(ev(pile, H)) == {"tane": 2}
    pile += hj(SAKE_CUP)
    assert yaku_points(ev(pile, H)) == {"tane": 3}
    assert yaku_points(ev(pile, H, sake_not_a_ten=True)) == {"tane": 2}
    both = ev(hj(BOAR, DEER, BUTTERFLY, GEESE, WARBLER), H)
    assert sorted(yaku_points(both)) == ["inoshikacho", "tane"]
    # src/scoring/rules/animal.ts: 5 + (5 animals - 3) and 1 + (5 - 5)
    assert yaku_points(both) == {"inoshikacho": 7, "tane": 1}


def test_hanafuda_js_kasu():
    """chaff.test.ts "scores kasu (chaff cards)": ten chaffs 1; with the sake cup counted
    (countSakeCup, our sake_10_and_1) 2, not counted 1; extraPoints 2 (kasu_points_per_chaff)
    still 1 at ten, and 5 with the two iris chaffs (twelve)."""
    pile = hj(*CHAFF_CARDS)
    assert ev(pile, H).points == 1
    pile += hj(SAKE_CUP)
    assert ev(pile, H, sake_10_and_1=True).points == 2
    assert ev(pile, H).points == 1
    assert ev(pile, H, kasu_points_per_chaff=2).points == 1
    assert ev(pile + hj(18, 19), H, kasu_points_per_chaff=2).points == 5


def test_hanafuda_js_viewing_points():
    """viewing.test.ts "scores hanami-zake" / "scores tsukimi-zake": 3 each; without the
    curtain (or the moon), or with the rain man instead, nothing."""
    assert yaku_points(ev(hj(CURTAIN, SAKE_CUP), H)) == {"hanami": 3}
    assert yaku_points(ev(hj(MOON, SAKE_CUP), H)) == {"tsukimi": 3}
    assert ev(hj(SAKE_CUP, RAIN_MAN), H).yaku == ()


def test_hanafuda_js_weather():
    """viewing.test.ts "handles weather effects": rainy voids hanami-zake, foggy voids
    tsukimi-zake; with weatherDependent false the view stays."""
    assert in_context(hj(CURTAIN, SAKE_CUP), H, weather="rainy").yaku == ()
    assert in_context(hj(MOON, SAKE_CUP), H, weather="foggy").yaku == ()
    kept = in_context(hj(MOON, SAKE_CUP), H, weather="foggy", weather_voids_views=False)
    assert len(kept.yaku) == 1


def test_hanafuda_js_seasons():
    """viewing.test.ts "handles seasonal effects": seasonalBonus alone: hanami in month 3 = 6,
    tsukimi in month 8 = 6; with seasonalOnly, tsukimi in month 4: nothing."""
    bonus_only = {"views_in_season_only": False}
    assert in_context(hj(CURTAIN, SAKE_CUP), H, month=3, **bonus_only).points == 6
    assert in_context(hj(MOON, SAKE_CUP), H, month=8, **bonus_only).points == 6
    assert in_context(hj(MOON, SAKE_CUP), H, month=4).yaku == ()


def test_hanafuda_js_viewing_modes_are_existing_options():
    """viewing.test.ts "handles viewing mode restrictions": NEVER is no_views, LIMITED is
    views_with_friends (nothing alone; counted beside tane-zaku), ALWAYS the default."""
    view = hj(CURTAIN, SAKE_CUP)
    assert ev(view, H, no_views=True).yaku == ()
    assert ev(view, H, views_with_friends=True).yaku == ()
    with_tane = ev(view + hj(BOAR, DEER, CUCKOO, GEESE, WARBLER), H, views_with_friends=True)
    assert "hanami" in yaku_points(with_tane)
    assert len(ev(view, H).yaku) == 1


def test_hanafuda_js_koikoi_rules():
    """manager.test.ts "applies Koi-Koi rules correctly": crane, curtain, moon: one yaku,
    sankou; with the rain man one yaku, ame-shikou; boar, deer, butterfly and the sake cup:
    one yaku worth 6 (the cup counts as an animal)."""
    assert [y.id for y in ev(hj(CRANE, CURTAIN, MOON), H).yaku] == ["sanko"]
    assert [y.id for y in ev(hj(CRANE, CURTAIN, MOON, RAIN_MAN), H).yaku] == ["ame_shiko"]
    e = ev(hj(BOAR, DEER, BUTTERFLY, SAKE_CUP), H)
    assert len(e.yaku) == 1 and e.yaku[0].points == 6


def test_hanafuda_js_month_cards():
    """manager.test.ts "prioritizes hand yaku correctly": all pine and plum cards with
    currentMonth 1 score one yaku, tsuki-fuda (4, src/scoring/yaku/standard/month.ts)."""
    e = in_context(DECK[:8], H, month=1)
    assert [(y.id, y.points) for y in e.yaku] == [("yaku_of_the_month", 4)]


def test_hanafuda_js_round_needs_the_month_for_a_view():
    """A round under the seasonal rules: the cherry month doubles hanami-zake (6, as in
    viewing.test.ts); another month voids it, so a stop on it alone holds no yaku; without
    the month the view cannot be scored."""
    view = hj(CURTAIN, SAKE_CUP)
    assert points(score(stop_round(view, month="cherry"), H))["A"] == 6
    with pytest.raises(TallyError, match="no yaku.*hanami not scored"):
        score(stop_round(view, month="wisteria"), H)
    with pytest.raises(TallyError, match="give the round's month") as e:
        score(stop_round(view), H)
    assert e.value.field == "month"
    with pytest.raises(TallyError, match="no yaku"):
        score(stop_round(view, month="cherry", weather="rainy"), H)


# ------------------------------------------------------------------ guansanghai/KoiKoi-AI
# Cards are (month, n) pairs, n = 1-4 in the deck order (koikoigame.py KoiKoiCard).
AI = "koikoi_ai"


def ai(*pairs):
    return [DECK[4 * (m - 1) + n - 1] for m, n in pairs]


# gamerecords_dataset/1.json: the stopper's captures (collectCard + collectCard2 of each of
# their turns), their koi-koi calls (isKoiKoi true), the dealer and player*RoundPts.
RECORD_1 = {
    "round1": ("P1", "P2", 1, 7, ai((9, 1), (9, 4), (11, 2), (11, 3), (3, 1), (3, 3), (6, 2),
                                    (6, 3), (5, 3), (5, 1), (7, 3), (7, 4), (8, 4), (8, 1))),
    "round2": ("P1", "P1", 0, 5, ai((3, 3), (3, 1), (8, 1), (8, 4), (6, 4), (6, 2), (11, 4),
                                    (11, 2), (1, 2), (1, 1))),
    "round3": ("P2", "P1", 0, 6, ai((1, 4), (1, 1), (6, 1), (6, 4), (5, 1), (5, 3), (11, 3),
                                    (11, 2), (12, 1), (12, 3), (7, 3), (7, 1), (10, 3), (10, 1),
                                    (4, 4), (4, 2))),
    "round4": ("P2", "P2", 0, 1, ai((3, 4), (3, 2), (2, 1), (2, 2), (7, 2), (7, 4), (5, 2),
                                    (5, 3), (12, 2), (12, 3), (9, 2), (9, 1))),
    "round5": ("P2", "P2", 0, 5, ai((1, 1), (1, 4), (6, 2), (6, 1), (12, 1), (12, 4), (9, 2),
                                    (9, 3), (7, 1), (7, 2), (5, 4), (5, 1), (6, 4), (6, 3),
                                    (8, 1), (8, 2))),
}


@pytest.mark.parametrize("name", sorted(RECORD_1))
def test_koikoi_ai_game_record(name):
    """KoiKoi-AI's own game record: the round's winner and points. round1: hanami 3 + tsukimi 3
    after the winner's own koi-koi, + 1 for the call = 7; round3: boar-deer-butterfly 5 flat
    + tane 1 (five seeds, the swallow one of them) = 6 (the book would say 7)."""
    winner, dealer, calls, expected, pile = RECORD_1[name]
    loser = "P2" if winner == "P1" else "P1"
    events = [{"type": "koi_koi", "player": winner}] * calls
    rnd = {"players": ["P1", "P2"], "dealer": dealer, "captures": {winner: pile},
           "events": events + [{"type": "stop", "player": winner}]}
    r = score(rnd, AI)
    assert points(r) == {winner: expected, loser: 0} and r.winner == winner
    assert r.net() == {winner: expected, loser: -expected}
    # player1InitPts / player2InitPts 30: the points move between 30-point banks
    assert r.carry["banks"] == {winner: 30 + expected, loser: 30 - expected}


def test_koikoi_ai_views_are_1_before_your_own_koikoi():
    """koikoigame.py yaku(): 'Flower Viewing Sake' is 1 while the player's koikoi_num is 0,
    3 after; an opponent's call changes nothing for you (koikoi_num is per player)."""
    view = ai((3, 1), (9, 1))
    assert points(score(stop_round(view), AI))["A"] == 1
    assert in_context(view, AI, calls=1).points == 3
    opponent_called = stop_round(view, [{"type": "koi_koi", "player": "B"}],
                                 captures={"A": view, "B": ai((1, 2), (2, 2), (3, 2))})
    assert points(score(opponent_called, AI))["A"] == 1


def test_koikoi_ai_red_and_blue_ribbons():
    """koikoigame.py yaku(): 'Red & Blue Ribbons' 10 beside 'Red Ribbons' 5 and 'Blue
    Ribbons' 5, and 'Tan' (ribbons - 4, the willow ribbon (11, 3) one of them): the six set
    ribbons 10 + 5 + 5 + 2 = 22; with the willow ribbon 23."""
    sets = ai((1, 2), (2, 2), (3, 2), (6, 2), (9, 2), (10, 2))
    assert yaku_points(ev(sets, AI)) == {"akatan_aotan": 10, "akatan": 5, "aotan": 5, "tan": 2}
    assert ev(sets, AI).points == 22
    assert ev(sets + ai((11, 3)), AI).points == 23


@pytest.mark.parametrize("calls, expected", [(1, 5 + 1), (3, 5 + 3), (4, 5 * 2), (5, 5 * 3)])
def test_koikoi_ai_koikoi_bonus(calls, expected):
    """koikoigame.py yaku_point(): the yaku total + koikoi_num up to 3 calls, times
    (koikoi_num - 2) from 4 calls. Red Ribbons (5) with the stopper's own calls."""
    events = [{"type": "koi_koi", "player": "A"}] * calls
    r = score(stop_round(ai((1, 2), (2, 2), (3, 2)), events), AI)
    assert points(r)["A"] == expected
    step = r.player("A").steps[-1]
    assert step.id == "koikoi_bonus" and step.op == ("add" if calls <= 3 else "multiply")


def test_koikoi_ai_round_nobody_stops_gives_the_dealer_1():
    """koikoigame.py round_point: a round over by exhaustion is {dealer: 1, other: -1}, the
    dealer is the round's winner and deals again (new_round(dealer=self.winner))."""
    r = score({"players": ["A", "B"], "dealer": "B", "captures": {},
               "events": [{"type": "koi_koi", "player": "A"}]}, AI)
    assert points(r) == {"A": 0, "B": 1} and r.net() == {"A": -1, "B": 1}
    assert r.winner == "B" and r.next_dealer == "B"


def test_koikoi_ai_empty_bank_ends_the_game():
    """koikoigame.py new_round: the game is over once a player's points are 0 or less."""
    rnd = {**stop_round(ai((1, 2), (2, 2), (3, 2))), "carry": {"banks": {"A": 30, "B": 5}}}
    r = score(rnd, AI)
    assert r.carry["banks"] == {"A": 35, "B": 0} and r.carry["game_over"] is True
    rnd["carry"] = {"banks": {"A": 30, "B": 6}}
    assert "game_over" not in score(rnd, AI).carry


# -------------------------------------------------------------------- the options as rules
def test_house_rule_defaults_keep_the_book():
    """Every new option's default is the book's rule: the book preset sets none of them, and
    the defaults are the digest's values (koi-koi.md section 4: 10, 8, 7, 5, 5, 5)."""
    g = tally.get_game(G)
    book = g.rules("book")
    assert all(book[o.id] == o.default for o in kk.HOUSE_OPTIONS)
    assert [book[k] for k in ("goko_points", "shiko_points", "ame_shiko_points",
                              "sanko_points", "hanami_points", "tsukimi_points")] == \
        [10, 8, 7, 5, 5, 5]
    assert not set(kk.VARIATIONS) & {o.id for o in kk.HOUSE_OPTIONS}


def test_the_api_serves_the_house_rules_and_presets(tmp_path):
    client = tally.create_app({"TESTING": True,
                               "DATABASE": str(tmp_path / "t.sqlite")}).test_client()
    d = client.get("/api/v1/games/koi-koi").get_json()
    served = {o["id"]: o for o in d["options"]}
    assert {o.id for o in kk.HOUSE_OPTIONS} <= set(served)
    assert served["goko_points"]["default"] == 10 and served["goko_points"]["type"] == "int"
    assert {"nintendo", "koikoi_ai", "hanafuda_js"} <= {p["id"] for p in d["presets"]}
    assert {i["key"] for i in d["inputs"]} >= {"month", "weather"}
    body = {**stop_round(ks("PineBright", "CherryBright", "PampasBright", "WillowBright")),
            "preset": "nintendo"}
    assert client.post("/api/v1/games/koi-koi/score", json=body).get_json()[
        "players"][0]["points"] == 5  # scoringhands_test RainyFourBrights


@pytest.mark.parametrize("options, culprit", [
    ({"akatan_aotan_bonus": True}, "akatan_aotan_bonus"),
    ({"willow_is_rain": True}, "willow_is_rain"),
    ({"empty_bank_ends_game": True}, "empty_bank_ends_game"),
    ({"koikoi_bonus": True, "lucky_7": True}, "lucky_7"),
    ({"koikoi_bonus": True, "koikoi_multiplier": True}, "koikoi_multiplier"),
    ({"flat_inoshikacho": True, "inoshikacho_and_tane_grow": True}, None),
    ({"goko_points": -1}, "goko_points"),
    ({"kasu_points_per_chaff": 0}, "kasu_points_per_chaff"),
])
def test_house_rules_are_validated(options, culprit):
    with pytest.raises(TallyError) as e:
        ev([], **options)
    assert culprit is None or e.value.option == culprit


@pytest.mark.parametrize("key, value", [("month", 13), ("month", "june"), ("month", True),
                                        ("weather", "snowy"), ("weather", 1)])
def test_bad_month_or_weather_is_named(key, value):
    with pytest.raises(TallyError, match=key) as e:
        score(stop_round(ks("PineRibbon", "PlumRibbon", "CherryRibbon"), **{key: value}))
    assert e.value.field == key


def test_voided_views_say_why():
    """The breakdown keeps a note step for a view a house rule voided (a sentence with its
    template, so the pages can say it in Japanese or Korean)."""
    pile = ks("PineBright", "CherryBright", "PampasBright", "MumsKind", "WillowPlain")
    r = score(stop_round(pile), rain_voids_views=True)
    notes = [s for s in r.player("A").steps if s.op == "note"]
    assert {s.id for s in notes} == {"hanami", "tsukimi"}
    assert all(s.reason.template == "{yaku} not scored: {reason}" for s in notes)
    assert "Willow lightning (storm)" in notes[0].reason and points(r)["A"] == 5  # sanko only


def test_tally_evaluate_takes_the_round_context():
    """koikoi-scorer MontylyCardTest (see above): the four pine cards in January score 4;
    tally.evaluate passes the month on, and a game that reads none says so."""
    pine = ["pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2"]
    options = {"yaku_of_the_month": True}
    assert tally.evaluate("koi-koi", pine, options=options, month="pine").points == 4
    assert tally.evaluate("koi-koi", pine, options=options, month="plum").points == 0
    with pytest.raises(tally.TallyError) as e:
        tally.evaluate("go-stop", pine, month="pine")
    assert e.value.field == "context.month"


def test_the_api_evaluates_with_context():
    app = tally.create_app({"DATABASE": ":memory:", "TESTING": True})
    c = app.test_client()
    pine = ["pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2"]
    r = c.post("/api/v1/games/koi-koi/evaluate", json={
        "cards": pine, "options": {"yaku_of_the_month": True}, "context": {"month": "pine"}})
    assert r.status_code == 200 and r.json["points"] == 4
    r = c.post("/api/v1/games/koi-koi/evaluate", json={"cards": pine, "context": {"moon": 1}})
    assert r.status_code == 422 and r.json["errors"][0]["field"] == "context.moon"


# ------------------------------------------------------------------ Yaku of the Month, listed
def test_yaku_of_the_month_is_listed_and_named():
    """The house-rule yaku is in the game's combinations, after the digest's 13, with its
    names in English, Japanese and Korean (the catalogue gives the Korean)."""
    g = tally.get_game(G)
    y = next(y for y in g.yaku if y.id == "yaku_of_the_month")
    assert y.names == {"en": "Yaku of the Month", "ja": "月札"} and y.points == "4"
    app = tally.create_app({"TESTING": True, "DATABASE": ":memory:"})
    with app.test_request_context(headers={"Accept-Language": "ko"}):
        from flask_babel import gettext
        assert gettext(y.names["en"]) == "이달의 족보" and gettext(y.description) != y.description
    served = app.test_client().get("/api/v1/games/koi-koi").get_json()
    assert "yaku_of_the_month" in {x["id"] for x in served["combinations"]}


def test_a_session_passes_the_rounds_month():
    """koikoi-scorer monthlycard_test.cpp (3db08726): the month's four cards score 4 in their
    own month. A session's first round is January (pine), the second February (plum): the
    series gives the round its month, so the table need not."""
    c = tally.create_app({"TESTING": True, "DATABASE": ":memory:"}).test_client()
    r = c.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["A", "B"],
                                         "length": 12,
                                         "options": {"yaku_of_the_month": True}})
    assert r.status_code == 201, r.get_json()
    sid, tok, version = r.json["id"], r.json["edit_token"], r.json["version"]
    pine = DECK[0:4]
    plum = DECK[4:8]
    for cards, points_ in ((pine, 4), (plum, 4)):
        r = c.post(f"/api/v1/sessions/{sid}/rounds?t={tok}",
                   json={**stop_round(cards), "version": version})
        assert r.status_code == 201, r.get_json()
        version = r.json["version"]
        a = r.json["round"]["result"]["players"][0]
        assert a["points"] == points_ and a["yaku"][0]["id"] == "yaku_of_the_month"
    # the table's own month still wins: pine's four cards in a round said to be March
    r = c.post("/api/v1/games/koi-koi/score", json={
        **stop_round(pine + ["cherry-poetry", "plum-poetry"]), "month": 3,
        "options": {"yaku_of_the_month": True}})
    assert [y["id"] for y in r.json["players"][0]["yaku"]] == ["akatan"]
