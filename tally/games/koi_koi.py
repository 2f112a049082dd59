"""Koi-Koi (こいこい): the two-player capture game of ``shared/rules/koi-koi.md`` (Hanami book
chapter 12, seed 002 lines 1849-2121; quick reference lines 8543-8599).

Only the player who calls Stop scores: the yaku total of their pile (digest section 5.6) times
the koi-koi factor and the variation multipliers (sections 5.4-5.5). A pile is one int with a
bit per card, so the base of a pile is a handful of masks and popcounts.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType, SimpleNamespace
from typing import NamedTuple
from collections.abc import Mapping

from ..cards import (BIT, BLUE_RIBBONS, BRIGHTS, CHAFFS, FLOWERS, FULL_DECK,
                     INO_SHIKA_CHO, POETRY_RIBBONS, RIBBONS, TENS, month_mask, slugs_of,
                     submasks)
from ..errors import TallyError
from ..options import BOOL, HANAMI_BOOK, INT, Option, Preset, rule_words
from ..results import Evaluation, Payment, PlayerScore, RoundResult, Step, YakuHit, said
from ..rounds import event_words, events_of, field_words, is_mapping, key_words, named, \
    ordinal, piles_of, player_field, players_of
from . import EventDef, Game, InputDef, YakuDef

GAME_ID = "koi-koi"

# --- masks (digest section 2) -------------------------------------------------------------
RAINMAN = BIT["willow-rainman"]
DRY_BRIGHTS = BRIGHTS & ~RAINMAN  # "dry" = no card of the Rain month (seed line 873)
WILLOW_RIBBON = BIT["willow-ribbon"]
DRY_RIBBONS = RIBBONS & ~WILLOW_RIBBON  # tan is a dry yaku: the Rain ribbon never counts (A1)
SAKE = BIT["chrysanthemum-sake"]
CURTAIN = BIT["cherry-curtain"]
MOON = BIT["pampas-moon"]
HANAMI_CARDS = CURTAIN | SAKE
TSUKIMI_CARDS = MOON | SAKE
DOUBLE_CHAFFS = BIT["willow-lightning"] | BIT["paulownia-chaff-colored"]  # special_chaffs
POETRY, BLUE, ISC = POETRY_RIBBONS, BLUE_RIBBONS, INO_SHIKA_CHO
WILLOW_CARDS = month_mask("willow")
PAULOWNIA_CARDS = month_mask("paulownia")
MONTHS = tuple(month_mask(f.id) for f in FLOWERS)
FLOWER_IDS = tuple(f.id for f in FLOWERS)
MAX_TURNS = 8  # 8 cards in each hand: at most 8 decisions per player (section 3)
# House rules of other programs (docs/games/koi-koi.md, "Playing another program's rules"):
RAIN_IN_PILE = RAINMAN | BIT["willow-lightning"]  # koikoi-scorer's RainBreakViewings
VIEW_SEASON = {"hanami": "cherry", "tsukimi": "pampas"}  # hanafuda-js: months 3 and 8
WEATHERS = ("clear", "rainy", "foggy")  # hanafuda-js's weather context

# --- the yaku table (digest section 4) ----------------------------------------------------
BRIGHT_CAT, VIEWS_CAT, RIBBON_CAT, OTHER_CAT, CHAFF_CAT, MONTH_CAT = range(6)
_CAT_NAMES = ("bright", "", "ribbon", "other", "", "")  # YakuDef.group: "one of" groups only

# id, category, English (book), Japanese (conventional, A15), points in words, cards,
# description; in the digest's table order, which is also the order results list them.
_YAKU_ROWS = (
    ("goko", BRIGHT_CAT, "5 Brights", "五光", "10", BRIGHTS,
     "all five brights"),
    ("shiko", BRIGHT_CAT, "4 Dry Brights (excluding Rain)", "四光", "8", DRY_BRIGHTS,
     "the four brights other than the rain man"),
    ("ame_shiko", BRIGHT_CAT, "Any 4 Brights", "雨四光", "7", BRIGHTS,
     "any four of the five brights"),
    ("sanko", BRIGHT_CAT, "Any 3 Dry Brights (excluding Rain)", "三光", "5", DRY_BRIGHTS,
     "any three brights other than the rain man (rain man + 2 is no yaku)"),
    ("hanami", VIEWS_CAT, "Flower Viewing", "花見酒", "5", HANAMI_CARDS,
     "cherry curtain and sake cup"),
    ("tsukimi", VIEWS_CAT, "Moon Viewing", "月見酒", "5", TSUKIMI_CARDS,
     "pampas moon and sake cup"),
    ("tan", RIBBON_CAT, "Any 5 Dry Ribbons (excluding Rain)", "短冊", "1, +1 per further dry "
     "ribbon", DRY_RIBBONS, "five ribbons other than the willow ribbon"),
    ("aotan", RIBBON_CAT, "3 Purple Ribbons", "青短", "5, +1 per further ribbon", BLUE,
     "peony, chrysanthemum and maple purple ribbons"),
    ("akatan", RIBBON_CAT, "3 Poetry Ribbons", "赤短", "5, +1 per further ribbon", POETRY,
     "pine, plum and cherry poetry ribbons"),
    ("akatan_aotan", RIBBON_CAT, "3 Poetry Ribbons & 3 Purple Ribbons", "赤短・青短の重複",
     "10, +1 per further ribbon", POETRY | BLUE, "all six poetry and purple ribbons"),
    ("tane", OTHER_CAT, "Any 5 Tens", "タネ", "1, +1 per further ten", TENS, "five tens"),
    ("inoshikacho", OTHER_CAT, "Boar, Deer, Butterfly", "猪鹿蝶", "5, +1 per further ten", ISC,
     "boar, deer and butterflies"),
    ("kasu", CHAFF_CAT, "Any 10 Chaffs", "カス", "1, +1 per further chaff", CHAFFS,
     "ten chaffs (the storm counts)"),
)
# A yaku the digest's table does not have: only the house rule yaku_of_the_month plays it. It
# is listed after the digest's 13 (section 4) so a table that plays it finds it by name; Oni
# Koi-Koi has it under the same id.
_HOUSE_YAKU_ROWS = (
    ("yaku_of_the_month", MONTH_CAT, "Yaku of the Month", "月札", "4", 0,
     "a house rule: all four cards of the round's month"),
)
_CAT = {row[0]: row[1] for row in _YAKU_ROWS + _HOUSE_YAKU_ROWS}
_NAMES = {row[0]: {"en": row[2], "ja": row[3]} for row in _YAKU_ROWS + _HOUSE_YAKU_ROWS}
# How each growing yaku counts (YakuHit.note), as (points, beyond) for the templates below.
_GROWS = {"tan": (1, 5), "aotan": (5, 3), "akatan": (5, 3), "akatan_aotan": (10, 6),
          "tane": (1, 5), "inoshikacho": (5, 3), "kasu": (1, 10)}


def _note(yid: str, willow_inc=True, special=False, each=1):
    points, beyond = _GROWS[yid]
    if yid == "tan":
        return said("{points} + 1 per dry ribbon beyond {count}", points=points, count=beyond)
    if yid in ("tane", "inoshikacho"):
        return said("{points} + 1 per ten beyond {count}", points=points, count=beyond)
    if yid == "kasu" and each != 1:  # kasu_points_per_chaff
        if special:
            return said("{points} + {each} per chaff beyond {count} (storm, coloured "
                        "paulownia, sake count 2)", points=points, each=each, count=beyond)
        return said("{points} + {each} per chaff beyond {count}", points=points, each=each,
                    count=beyond)
    if yid == "kasu":
        if special:
            return said("{points} + 1 per chaff beyond {count} (storm, coloured paulownia, "
                        "sake count 2)", points=points, count=beyond)
        return said("{points} + 1 per chaff beyond {count}", points=points, count=beyond)
    if not willow_inc:
        return said("{points} + 1 per ribbon beyond {count} (the willow ribbon not counted)",
                    points=points, count=beyond)
    return said("{points} + 1 per ribbon beyond {count}", points=points, count=beyond)


_NOTES = {yid: _note(yid) for yid in _GROWS}

YAKU = tuple(YakuDef(id_, _NAMES[id_], pts, slugs_of(cards), _CAT_NAMES[cat], desc)
             for id_, cat, _en, _ja, pts, cards, desc in _YAKU_ROWS + _HOUSE_YAKU_ROWS)

# --- options (digest section 8) -----------------------------------------------------------
_FLOW, _SCORE, _YAKU_G, _INTERP = "game flow", "round scoring", "yaku list", "interpretation"
_HOUSE = "other programs' house rules"  # not the book's variations (section 8)


def _b(id_, desc, group, excludes=()):
    return Option(id_, BOOL, False, desc, group=group, excludes=excludes)


OPTIONS = (
    _b("first_to_50", "the game ends at once when a player's running total reaches 50", _FLOW),
    _b("automatic_win", "a player dealt four pairs or a whole month wins the round: 6 points",
       _FLOW),
    _b("shorter_rounds", "the round ends when both hands are empty (no scoring effect)", _FLOW),
    _b("four_of_a_kind_not_misdeal", "a month of 4 in the opening field goes to the dealer's "
       "pile instead of a misdeal", _FLOW, ("four_of_a_kind_for_the_win",)),
    _b("four_of_a_kind_for_the_win", "a month of 4 in the opening field: the dealer wins the "
       "round, 6 points", _FLOW, ("four_of_a_kind_not_misdeal",)),
    _b("storm_is_wild", "the storm (willow lightning) is a wild capturing card (no effect on "
       "yaku)", _FLOW, ("brewing_storm",)),
    _b("brewing_storm", "the storm is wild only when a pampas card was in the opening field",
       _FLOW, ("storm_is_wild",)),
    _b("steal_points", "each player starts with a bank; the round winner takes the score from "
       "the loser's bank", _FLOW),
    _b("new_yaku_only", "only a new yaku (not a raised one) gives the koi-koi/stop decision",
       _FLOW),
    _b("minimum_points", "a yaku total below 3 may not stop: the decision is a forced koi-koi",
       _FLOW),
    _b("koikoi_multiplier", "score x (1 + number of koi-koi calls) instead of doubling once",
       _SCORE),
    _b("challenge", "a koi-koi call doubles only the opponent's score", _SCORE,
       ("double_or_nothing",)),
    _b("double_or_nothing", "a koi-koi call doubles only the caller's score", _SCORE,
       ("challenge",)),
    _b("lucky_7", "a yaku total of 7 or more doubles the score (x4 after a koi-koi call)",
       _SCORE),
    _b("lucky_7_triple", "with 7 or more doubling the score: x3 instead of x4 when koi-koi was "
       "called", _SCORE),
    _b("rain_and_fog", "a willow card in the field at the stop voids Flower Viewing, a "
       "paulownia card voids Moon Viewing", _YAKU_G),
    _b("sake_10_or_1", "the sake cup counts as a ten or as a chaff (the better)", _YAKU_G,
       ("sake_10_and_1",)),
    _b("sake_10_and_1", "the sake cup counts as a ten and as a chaff", _YAKU_G,
       ("sake_10_or_1",)),
    _b("special_chaffs", "storm, coloured paulownia chaff and sake cup count as 2 chaffs",
       _YAKU_G),
    _b("dealers_delight", "a round with no stop and no yaku in either pile: the dealer "
       "scores 6", _SCORE),
    _b("bright", "a bright in the opening field doubles the round's score", _SCORE,
       ("super_bright",)),
    _b("super_bright", "brights in the opening field: score x (1 + their number)", _SCORE,
       ("bright",)),
    _b("winner_scores_all_yaku", "the stopper also scores the opponent's yaku", _SCORE),
    _b("alternative_ribbon_other_charts", "Ribbon and Other charts where every yaku adds up: "
       "Purple Ribbons, Poetry Ribbons and Boar, Deer, Butterfly a flat 5 each, and no yaku for "
       "both ribbon sets together", _YAKU_G),
    _b("no_views", "Flower and Moon Viewing are not yaku", _YAKU_G),
    _b("views_with_friends", "a Views yaku counts only with a Bright, Ribbon or Other yaku "
       "(kasu included)", _YAKU_G),
    _b("count_all_yaku", "no 'one of' limits: every met yaku scores (5 brights = 30)", _YAKU_G,
       ("only_one_yaku", "count_all_yaku_distinct_sets")),
    _b("only_one_yaku", "only the single highest yaku scores", _YAKU_G,
       ("count_all_yaku", "count_all_yaku_distinct_sets")),
    # interpretation options (digest section 8 table and section 10 A9)
    Option("willow_ribbon_counts_as_additional", BOOL, True, "the willow ribbon adds +1 to Purple "
           "Ribbons, Poetry Ribbons and both sets together (never to Any 5 "
           "Ribbons)", group=_INTERP),
    Option("lucky_7_threshold_uses_base", BOOL, True, "the 7-point doubling tests the yaku total "
           "before multipliers; off: the total after them (base x koi-koi x "
           "field)", group=_INTERP),
    Option("minimum_points_call_counts_as_koikoi", BOOL, True, "a koi-koi forced by the 3-point "
           "minimum counts as a real call", group=_INTERP),
    _b("count_all_yaku_distinct_sets", "A gentler reading of every yaku scoring: a yaku whose "
       "cards are part of a bigger yaku met does not score (the best bright yaku only; Poetry and "
       "Purple Ribbons not beside both sets "
       "together)", _INTERP, ("count_all_yaku", "only_one_yaku")),
    Option("steal_points_bank", INT, 50, "with banks: each player's starting bank",
           minimum=0, group=_FLOW),
)


def _points(id_, default, desc):
    return Option(id_, INT, default, desc, minimum=0, maximum=100, group=_HOUSE)


def _h(id_, desc, excludes=()):
    return Option(id_, BOOL, False, desc, group=_HOUSE, excludes=excludes)


# The house rules of other Koi-Koi programs (each default keeps the book's rules). Sources:
# koikoi-scorer = github.com/sidsryu/koikoi-scorer (src/point-counter.cpp, rule-define.h),
# KoiKoi-AI = github.com/guansanghai/KoiKoi-AI (koikoigame.py), hanafuda-js =
# github.com/fuda-cafe/hanafuda-js (src/scoring/manager.ts KOIKOI_RULES, src/scoring/rules).
HOUSE_OPTIONS = (
    _points("goko_points", 10, "5 Brights is worth this many points (0: not a yaku)"),
    _points("shiko_points", 8, "4 Dry Brights is worth this many points (0: not a yaku)"),
    _points("ame_shiko_points", 7, "Any 4 Brights (the rain man and three more) is worth this "
            "many points (0: not a yaku, so they score as 3 Brights)"),
    _points("sanko_points", 5, "3 Brights is worth this many points (0: not a yaku)"),
    _points("hanami_points", 5, "Flower Viewing (curtain and sake cup) is worth this many "
            "points (0: not a yaku)"),
    _points("tsukimi_points", 5, "Moon Viewing (moon and sake cup) is worth this many points "
            "(0: not a yaku)"),
    Option("views_points_after_koikoi", INT, None, "once a player has called koi-koi in the "
           "round, their Flower and Moon Viewing are worth this many points instead (empty: "
           "no change)", minimum=0, maximum=100, group=_HOUSE, nullable=True),
    _h("views_in_season_only", "Flower Viewing scores only in the cherry month and Moon "
       "Viewing only in the pampas month (the round's month is needed)"),
    _h("views_double_in_season", "Flower Viewing is worth double in the cherry month, Moon "
       "Viewing in the pampas month (the round's month is needed)"),
    _h("weather_voids_views", "rainy weather voids Flower Viewing, foggy weather voids Moon "
       "Viewing (the round's weather is given)"),
    _h("rain_voids_views", "the rain man or the lightning in a player's captured cards voids "
       "their Flower and Moon Viewing"),
    _h("willow_is_rain", "with the rain rule above: any willow card voids them (the swallow and "
       "the willow ribbon too)"),
    _h("willow_ribbon_in_tan", "the willow ribbon counts toward Ribbons (tan): as one of the "
       "five and as a further ribbon"),
    _h("flat_ribbon_sets", "Poetry and Purple Ribbons are a flat 5 each and add to each other "
       "and to Ribbons (tan): no point per further ribbon"),
    _h("akatan_aotan_bonus", "with flat ribbon sets: holding both Poetry and Purple Ribbons adds "
       "a further 10 (5 + 5 + 10)"),
    _h("flat_inoshikacho", "Boar, Deer, Butterfly is a flat 5 and adds to Tens (tane): no "
       "point per further ten", ("inoshikacho_and_tane_grow",)),
    _h("inoshikacho_and_tane_grow", "Boar, Deer, Butterfly (5 + 1 per further ten) and Tens "
       "(tane) both score", ("flat_inoshikacho", "alternative_ribbon_other_charts")),
    _h("sake_not_a_ten", "the sake cup is not a ten (it still makes Flower and Moon Viewing)"),
    Option("kasu_points_per_chaff", INT, 1, "Chaffs (kasu): points for each chaff beyond ten",
           minimum=1, maximum=10, group=_HOUSE),
    _h("yaku_of_the_month", "extra yaku worth 4: all four cards of the round's month (the "
       "round's month is needed)"),
    _h("koikoi_bonus", "instead of doubling: +1 point per koi-koi call up to three calls; from "
       "four calls the score is multiplied by the calls minus 2",
       ("koikoi_multiplier", "lucky_7")),
    Option("no_stop_dealer_points", INT, 0, "a round nobody stops: the dealer wins this many "
           "points (0: a draw)", minimum=0, maximum=100, group=_HOUSE),
    _h("empty_bank_ends_game", "with banks: the game ends when a player's bank is empty (0 or "
       "less)"),
)
OPTIONS += HOUSE_OPTIONS
_HOUSE_DEFAULTS = {o.id: o.default for o in HOUSE_OPTIONS}
# yaku-list house rules: any of them off its default leaves the fast path (_book_evaluator)
_HOUSE_YAKU_OPTIONS = tuple(o.id for o in HOUSE_OPTIONS if o.id not in (
    "koikoi_bonus", "no_stop_dealer_points", "empty_bank_ends_game"))

PRESETS = (
    Preset("book", "Every variation off; koi-koi doubles the stopper's score once",
           names=HANAMI_BOOK),
    # sidsryu/koikoi-scorer's defaults, which its README says are Nintendo's published rules
    # (www.nintendo.co.jp/n09/hana-kabu_games/): test/scoringhands_test.cpp, optionrules_test
    Preset("nintendo", "Nintendo's published rules, as koi-koi scoring apps play them: no Any 4 "
           "Brights and no Viewing yaku, flat 5 ribbon sets and Boar, Deer, Butterfly, the willow "
           "ribbon counts toward Ribbons, instant wins score 6",
           {"ame_shiko_points": 0, "hanami_points": 0, "tsukimi_points": 0,
            "flat_ribbon_sets": True, "flat_inoshikacho": True, "willow_ribbon_in_tan": True,
            "automatic_win": True},
           names={"en": "Nintendo's rules", "ja": "任天堂のルール", "ko": "닌텐도 규칙"}),
    # guansanghai/KoiKoi-AI koikoigame.py (yaku, yaku_point, round_point, new_round)
    Preset("koikoi_ai", "The rules of the KoiKoi-AI program: Viewing 1, or 3 after your own "
           "koi-koi; both ribbon sets 5 + 5 + 10; the sake cup also a chaff; +1 per own koi-koi "
           "call; a round nobody stops gives the dealer 1; 30-point banks, the game ends when one "
           "is empty",
           {"hanami_points": 1, "tsukimi_points": 1, "views_points_after_koikoi": 3,
            "flat_ribbon_sets": True, "akatan_aotan_bonus": True,
            "willow_ribbon_in_tan": True, "flat_inoshikacho": True, "sake_10_and_1": True,
            "koikoi_bonus": True, "double_or_nothing": True, "no_stop_dealer_points": 1,
            "steal_points": True, "steal_points_bank": 30, "empty_bank_ends_game": True},
           names={"en": "KoiKoi-AI's rules", "ja": "KoiKoi-AIのルール", "ko": "KoiKoi-AI 규칙"}),
    # fuda-cafe/hanafuda-js src/scoring/manager.ts KOIKOI_RULES and src/scoring/yaku/standard
    Preset("hanafuda_js", "The koi-koi rules of the hanafuda-js program: 5 Brights 15, 3 Brights "
           "6, Viewing 3 only in its own month and doubled there, voided by rain or fog; flat "
           "ribbon sets; Boar, Deer, Butterfly and Tens both grow; Yaku of the Month",
           {"goko_points": 15, "sanko_points": 6, "hanami_points": 3, "tsukimi_points": 3,
            "views_in_season_only": True, "views_double_in_season": True,
            "weather_voids_views": True, "flat_ribbon_sets": True,
            "willow_ribbon_in_tan": True, "inoshikacho_and_tane_grow": True,
            "yaku_of_the_month": True},
           names={"en": "hanafuda-js's rules", "ja": "hanafuda-jsのルール",
                  "ko": "hanafuda-js 규칙"}),
)
# the 27 book variations + lucky_7_triple (section 8); the rest are interpretation options and
# other programs' house rules
VARIATIONS = tuple(o.id for o in OPTIONS if o.group not in (_INTERP, _HOUSE)
                   and o.id != "steal_points_bank")

# --- events (digest section 7) ------------------------------------------------------------
EVENTS = (
    EventDef("koi_koi", "the player formed or raised a yaku and plays on",
             {"forced": InputDef("", "bool", "the 3-point minimum forced the call",
                                 requires=("minimum_points",))}),
    EventDef("stop", "the player formed or raised a yaku and ends the round; only they score"),
    EventDef("misdeal", "called misdeal at the deal: the round is void, the same dealer "
             "redeals", {"player": InputDef("", "player", "who called it")}, per_player=False),
    EventDef("automatic_win_hand", "with automatic wins: the player was dealt four pairs or a "
             "whole month",
             {"hand": InputDef("", "choice", "the hand",
                               choices=("four_pairs", "four_of_a_month"))},
             requires=("automatic_win",)),
    EventDef("field_four_of_a_kind", "all four cards of a month were dealt to the field",
             {"flower": InputDef("", "choice", "the month", choices=FLOWER_IDS)},
             per_player=False),
    EventDef("opening_field_brights", "how many brights were dealt to the opening field (needed "
             "when brights in the opening field multiply the score)",
             {"count": InputDef("", "int", "brights in the opening field", required=True,
                                minimum=0, maximum=5)}, per_player=False,
             requires=("bright", "super_bright")),
    EventDef("opening_field_has_pampas", "a pampas card was dealt to the opening field (where the "
             "storm is wild only then)", per_player=False, requires=("brewing_storm",)),
    EventDef("wild_storm_capture", "the player captured with the wild storm (no scoring "
             "effect)", requires=("storm_is_wild", "brewing_storm")),
    EventDef("field_at_stop", "when willow and paulownia cards in the field void the Viewing "
             "yaku: whether one lies in the field at the stop",
             {"willow": InputDef("", "bool", "a willow card lies in the field"),
              "paulownia": InputDef("", "bool", "a paulownia card lies in the field")},
             per_player=False, requires=("rain_and_fog",)),
    EventDef("sake_assignment", "when the sake cup may count as a ten or a chaff: how the "
             "player's sake cup is counted",
             {"as": InputDef("", "choice", "counted as", choices=("ten", "chaff"),
                             required=True)},
             requires=("sake_10_or_1", "special_chaffs")),
)
_EVENT_FIELDS = {"koi_koi": {"forced"}, "stop": set(), "misdeal": set(),
                 "automatic_win_hand": {"hand"}, "field_four_of_a_kind": {"flower"},
                 "opening_field_brights": {"count"}, "opening_field_has_pampas": set(),
                 "wild_storm_capture": set(), "field_at_stop": {"willow", "paulownia"},
                 "sake_assignment": {"as"}}


# --- compiling the options ----------------------------------------------------------------
class Compiled:
    """What one option set fixes, read by ``evaluate`` and ``score_round``."""

    __slots__ = ("rules", "o", "sake_choice", "sake_chaff_w", "special", "willow_inc",
                 "alt", "views", "rain_fog", "friends", "mode", "one_of", "sake_and",
                 "empty", "hits", "notes", "evaluate", "points", "house_yaku", "flat_sets",
                 "sets_bonus", "flat_isc", "tan_ribbons", "sake_ten", "kasu_each",
                 "month_yaku", "rain_cards", "views_after_koi", "season_only",
                 "season_double", "weather", "voids")

    def __init__(self, rules):
        r = rules
        self.rules = r
        # Rules reads a value through __getattr__ after a failed slot lookup, which is slow
        # in the round scorer's many reads: a plain namespace copy is read instead.
        self.o = SimpleNamespace(**dict(rules), preset=rules.preset)
        self.special = r.special_chaffs
        self._sake(r)
        self.willow_inc = r.willow_ribbon_counts_as_additional
        self.alt = r.alternative_ribbon_other_charts
        self.views = not r.no_views
        self.rain_fog = r.rain_and_fog
        self.friends = r.views_with_friends
        self.mode = ("all" if r.count_all_yaku else "one" if r.only_one_yaku else
                     "distinct" if r.count_all_yaku_distinct_sets else "default")
        self._house(r)
        # "one of" categories; the alternative charts make Ribbon and Other "each" (section 8)
        self.one_of = frozenset((BRIGHT_CAT,) + (() if self.flat_sets else (RIBBON_CAT,)) +
                                (() if self.flat_isc or r.inoshikacho_and_tane_grow else
                                 (OTHER_CAT,)))
        self.empty = Evaluation(0, (), (), MappingProxyType({}))
        self.hits = {}
        self.notes = _notes_for(r, self)

    def _sake(self, r):
        """Section 5.6 step 1: how the sake cup counts. sake_not_a_ten takes the ten away: the
        cup is then a chaff wherever a sake option would let it be one."""
        self.sake_chaff_w = 2 if r.special_chaffs else 1
        self.sake_ten = not r.sake_not_a_ten
        either = r.sake_10_or_1 or (r.special_chaffs and not r.sake_10_and_1)  # A8
        self.sake_choice = either and self.sake_ten
        self.sake_and = r.sake_10_and_1 or (either and not self.sake_ten)

    def _house(self, r):
        """Other programs' house rules (HOUSE_OPTIONS)."""
        self.house_yaku = any(r[k] != _HOUSE_DEFAULTS[k] for k in _HOUSE_YAKU_OPTIONS)
        self.points = {k: r[k + "_points"] for k in ("goko", "shiko", "ame_shiko", "sanko",
                                                     "hanami", "tsukimi")}
        self.flat_sets = r.flat_ribbon_sets or self.alt
        self.sets_bonus = r.akatan_aotan_bonus
        self.flat_isc = r.flat_inoshikacho or self.alt
        self.tan_ribbons = RIBBONS if r.willow_ribbon_in_tan else DRY_RIBBONS
        self.kasu_each = r.kasu_points_per_chaff
        self.month_yaku = r.yaku_of_the_month
        self.rain_cards = ((WILLOW_CARDS if r.willow_is_rain else RAIN_IN_PILE)
                           if r.rain_voids_views else 0)
        self.views_after_koi = r.views_points_after_koikoi
        self.season_only = r.views_in_season_only
        self.season_double = r.views_double_in_season
        self.weather = r.weather_voids_views
        self.voids = bool(self.rain_fog or self.rain_cards or self.season_only or self.weather)

    def hit(self, key: tuple) -> YakuHit:
        """The YakuHit of a (id, points, cards mask) row, cached per option set."""
        h = self.hits.get(key)
        if h is None:
            if len(self.hits) > 30000:
                self.hits.clear()
            yid, pts, cards = key
            h = self.hits[key] = YakuHit.of_mask(yid, _NAMES[yid]["en"], pts, cards,
                                                 _NAMES[yid], self.notes.get(yid, ""))
        return h


def _notes_for(r, c: Compiled) -> dict:
    """How each growing (or flattened) yaku counts under these options (YakuHit.note)."""
    notes = dict(_NOTES)
    flat = said("{points} flat (alternative chart)", points=5)
    if c.flat_sets:
        notes.update(aotan=flat, akatan=flat,
                     akatan_aotan=said("{points} flat, added to akatan and aotan", points=10))
    elif not c.willow_inc:
        for k in ("aotan", "akatan", "akatan_aotan"):
            notes[k] = _note(k, willow_inc=False)
    if c.flat_isc:
        notes["inoshikacho"] = flat
    if r.willow_ribbon_in_tan:
        notes["tan"] = said("{points} + 1 per ribbon beyond {count}", points=1, count=5)
    if r.special_chaffs or c.kasu_each != 1:
        notes["kasu"] = _note("kasu", special=r.special_chaffs, each=c.kasu_each)
    return notes


# sub-option -> the options one of which it needs
_NEEDS = {"akatan_aotan_bonus": ("flat_ribbon_sets", "alternative_ribbon_other_charts"),
          "willow_is_rain": ("rain_voids_views",), "empty_bank_ends_game": ("steal_points",)}


def compile(rules) -> Compiled:
    for sub, needs in (("lucky_7_triple", ("lucky_7",)), *_NEEDS.items()):
        if rules[sub] and not any(rules[n] for n in needs):
            raise _sub_rule_error(sub, needs)
    c = Compiled(rules)
    if c.mode == "default" and not c.friends and not c.house_yaku:
        c.evaluate = _book_evaluator(c)
    else:
        c.evaluate = lambda m: _evaluate_general(m, c)
    return c


def _sub_rule_error(sub: str, needs: tuple) -> TallyError:
    """A house rule that refines another is on while the one it refines is off."""
    return TallyError(said("{game}: the house rule \"{rule}\" needs the house rule "
                           "\"{needed}\" on", game=GAME_ID, rule=_rule(sub),
                           needed=_rule(needs[0])),
                      game=GAME_ID, option=sub, field=f"options.{sub}", known=needs)


def _rule(option_id: str):
    """A house rule named as the setup page names it (its id stays in the error's fields)."""
    return rule_words(GAME_ID, option_id)


# --- the base of one pile (digest section 5.6) --------------------------------------------
class Context(NamedTuple):
    """What a pile's yaku may depend on beyond its cards (house rules only): the round's month
    (a flower id), how many times the player called koi-koi, and the weather."""
    month: str | None = None
    own_calls: int = 0
    weather: str | None = None


NO_CONTEXT = Context()


def _met(m: int, c: Compiled, sake_ten: bool, sake_chaff: bool, ctx=NO_CONTEXT) -> list:
    """Steps 1-2: every yaku whose condition the pile meets, as (id, points, cards), in the
    table's order (each category's rows together)."""
    return (_bright_rows(m, c) + _views_rows(m, c, ctx) + _ribbon_rows(m, c) +
            _other_rows(m, c, sake_ten and c.sake_ten) + _kasu_rows(m, c, sake_chaff) +
            _month_rows(m, c, ctx))


def _bright_rows(m: int, c: Compiled) -> list:
    b = m & BRIGHTS
    dry = b & DRY_BRIGHTS
    d = dry.bit_count()
    if d < 3:
        return []
    out, p = [], c.points
    if d == 4:
        if b & RAINMAN:
            out.append(("goko", p["goko"], b))
        out.append(("shiko", p["shiko"], dry))
    if b.bit_count() >= 4:  # A14: four dry brights also meet "any 4"
        out.append(("ame_shiko", p["ame_shiko"], b))
    out.append(("sanko", p["sanko"], dry))
    return [y for y in out if y[1]]  # a yaku worth 0 points is no yaku (the *_points options)


def _views_rows(m: int, c: Compiled, ctx: Context) -> list:
    if not (c.views and m & SAKE):
        return []
    out = []
    if m & CURTAIN:
        out.append(("hanami", _view_points("hanami", c, ctx), HANAMI_CARDS))
    if m & MOON:
        out.append(("tsukimi", _view_points("tsukimi", c, ctx), TSUKIMI_CARDS))
    return [y for y in out if y[1]]


def _view_points(yid: str, c: Compiled, ctx: Context) -> int:
    """A view's worth: its points option, the koi-koi value once the player called (KoiKoi-AI),
    doubled in its own month (hanafuda-js)."""
    points = c.points[yid]
    if points and c.views_after_koi is not None and ctx.own_calls:
        points = c.views_after_koi
    if c.season_double and ctx.month == VIEW_SEASON[yid]:
        points *= 2
    return points


def _ribbon_rows(m: int, c: Compiled) -> list:
    r = m & RIBBONS
    if r.bit_count() < 3:
        return []
    out = []
    tan = r & c.tan_ribbons  # dry ribbons only, unless willow_ribbon_in_tan (A1)
    if tan.bit_count() >= 5:
        out.append(("tan", tan.bit_count() - 4, tan))
    aka, ao = m & POETRY == POETRY, m & BLUE == BLUE
    if c.flat_sets:  # each set a flat 5 beside tan (section 8's alternative chart)
        out += [y for y, met in ((("aotan", 5, BLUE), ao), (("akatan", 5, POETRY), aka),
                                 (("akatan_aotan", 10, POETRY | BLUE),
                                  aka and ao and c.sets_bonus)) if met]
    elif aka or ao:
        ri = r if c.willow_inc else r & DRY_RIBBONS
        n = ri.bit_count()
        out += [y for y, met in ((("aotan", n + 2, ri), ao), (("akatan", n + 2, ri), aka),
                                 (("akatan_aotan", n + 4, ri), aka and ao)) if met]
    return out


def _other_rows(m: int, c: Compiled, sake_ten: bool) -> list:
    t = m & TENS
    if not sake_ten:
        t &= ~SAKE
    n = t.bit_count()
    if n < 3:
        return []
    out = [("tane", n - 4, t)] if n >= 5 else []
    if m & ISC == ISC:
        out.append(("inoshikacho", 5, ISC) if c.flat_isc else ("inoshikacho", n + 2, t))
    return out


def _kasu_rows(m: int, c: Compiled, sake_chaff: bool) -> list:
    ch = m & CHAFFS
    n = ch.bit_count()
    if c.special:
        n += (ch & DOUBLE_CHAFFS).bit_count()
    if sake_chaff and m & SAKE:
        n += c.sake_chaff_w
        ch |= SAKE
    return [("kasu", 1 + (n - 10) * c.kasu_each, ch)] if n >= 10 else []


def _month_rows(m: int, c: Compiled, ctx: Context) -> list:
    if not (c.month_yaku and ctx.month):
        return []
    mm = MONTHS[FLOWER_IDS.index(ctx.month)]
    return [("yaku_of_the_month", 4, mm)] if m & mm == mm else []


def _views_voided(m: int, c: Compiled, willow_field: bool, paulownia_field: bool,
                  ctx: Context) -> dict:
    """Step 3: Views id -> why it is voided, by the field at the stop (rain_and_fog), the
    weather, the month, or the rain in the pile. The first reason found is kept."""
    gone = {}
    if c.rain_fog and willow_field:
        gone["hanami"] = said("a willow (rain) card lies in the field")
    if c.rain_fog and paulownia_field:
        gone["tsukimi"] = said("a paulownia (fog) card lies in the field")
    if c.weather and ctx.weather == "rainy":
        gone.setdefault("hanami", said("the weather is rainy"))
    if c.weather and ctx.weather == "foggy":
        gone.setdefault("tsukimi", said("the weather is foggy"))
    if c.season_only and ctx.month:
        for yid, flower in VIEW_SEASON.items():
            if ctx.month != flower:
                gone.setdefault(yid, said("the round's month is {month}, not its own month "
                                          "{flower}", month=ctx.month, flower=flower))
    rain = m & c.rain_cards
    if rain:
        why = said("{cards} in their captured cards: the rain spoils the viewing",
                   cards=", ".join(slugs_of(rain)))
        gone.setdefault("hanami", why)
        gone.setdefault("tsukimi", why)
    return gone


def _filter(met: list, c: Compiled, willow_field: bool, paulownia_field: bool, m: int = 0,
            ctx: Context = NO_CONTEXT):
    """Step 3, the views filters. Returns (met, ((id, reason), ...) of voided views)."""
    cancelled = ()
    if c.voids:
        gone = _views_voided(m, c, willow_field, paulownia_field, ctx)
        cancelled = tuple((y[0], gone[y[0]]) for y in met if y[0] in gone)
        if cancelled:
            met = [y for y in met if y[0] not in gone]
    if c.friends and met:
        views = [y for y in met if _CAT[y[0]] == VIEWS_CAT]
        if views and len(views) == len(met):  # no Bright, Ribbon, Other or kasu yaku
            cancelled += tuple((y[0], said("no Bright, Ribbon or Other yaku beside it"))
                               for y in views)
            met = []
    return met, cancelled


def _not_scored(yid: str, reason):
    """The note step of a yaku voided by _filter, by the template of its reason."""
    yaku = _SAID_AS.get(yid, yid)
    if reason.template.startswith("a willow"):
        return said("{yaku} not scored: a willow (rain) card lies in the field", yaku=yaku)
    if reason.template.startswith("a paulownia"):
        return said("{yaku} not scored: a paulownia (fog) card lies in the field", yaku=yaku)
    if reason.template.startswith("no Bright"):
        return said("{yaku} not scored: no Bright, Ribbon or Other yaku beside it", yaku=yaku)
    return said("{yaku} not scored: {reason}", yaku=yaku, reason=reason)


def _combine(met: list, c: Compiled) -> list:
    """Step 4: the yaku that score."""
    if len(met) <= 1 or c.mode == "all":
        return met
    if c.mode == "one":
        best = met[0]
        for y in met:
            if y[1] > best[1]:
                best = y
        return [best]
    if c.mode == "distinct":  # A9 gentle reading: nested yaku score once
        out, bright = [], None
        ids = {y[0] for y in met}
        for y in met:
            if _CAT[y[0]] == BRIGHT_CAT:
                if bright is None or y[1] > bright[1]:
                    bright = y
            elif y[0] in ("akatan", "aotan") and "akatan_aotan" in ids:
                continue
            else:
                out.append(y)
        return ([bright] if bright else []) + out
    # default: best of each "one of" category, every Views yaku, kasu (section 4). ``met``
    # is in table order, where each category's rows are contiguous.
    one_of = c.one_of
    out = []
    best = None
    for y in met:
        cat = _CAT[y[0]]
        if cat in one_of:
            if best is None or _CAT[best[0]] != cat:
                if best is not None:
                    out.append(best)
                best = y
            elif y[1] > best[1]:
                best = y
        else:
            if best is not None:
                out.append(best)
                best = None
            out.append(y)
    if best is not None:
        out.append(best)
    return out


def _base(m: int, c: Compiled, sake_ten: bool, sake_chaff: bool, wf=False, pf=False,
          ctx: Context = NO_CONTEXT):
    met, cancelled = _filter(_met(m, c, sake_ten, sake_chaff, ctx), c, wf, pf, m, ctx)
    scoring = _combine(met, c)
    return sum(y[1] for y in scoring), scoring, met, cancelled


def _sake_words(as_chaffs: bool, w: int, recorded: bool, ten: int, chaff: int):
    """The sentence of the sake cup's choice, one template per shape."""
    p = {"card": "chrysanthemum-sake", "ten": ten, "chaff": chaff}
    if as_chaffs and w == 1:
        return (said("{card} counted as a chaff, as recorded (base {chaff}; as a ten: {ten})",
                     **p) if recorded else
                said("{card} counted as a chaff (base {chaff}; as a ten: {ten})", **p))
    if as_chaffs:
        return (said("{card} counted as 2 chaffs, as recorded (base {chaff}; as a ten: {ten})",
                     **p) if recorded else
                said("{card} counted as 2 chaffs (base {chaff}; as a ten: {ten})", **p))
    if w == 1:
        return (said("{card} counted as a ten, as recorded (base {ten}; as a chaff: {chaff})",
                     **p) if recorded else
                said("{card} counted as a ten (base {ten}; as a chaff: {chaff})", **p))
    return (said("{card} counted as a ten, as recorded (base {ten}; as 2 chaffs: {chaff})",
                 **p) if recorded else
            said("{card} counted as a ten (base {ten}; as 2 chaffs: {chaff})", **p))


def pile_base(m: int, c: Compiled, *, willow_field=False, paulownia_field=False,
              sake_as: str | None = None, ctx: Context = NO_CONTEXT):
    """base(P) of section 5.6 with the sake cup resolved: (base, scoring, met, cancelled,
    choices). ``ctx`` is what the house-rule yaku need beyond the cards."""
    if m & SAKE and c.sake_choice:
        w = c.sake_chaff_w
        as_ten = _base(m, c, True, False, willow_field, paulownia_field, ctx)
        as_chaff = _base(m, c, False, True, willow_field, paulownia_field, ctx)
        as_chaffs = sake_as == "chaff" or (sake_as is None and as_chaff[0] > as_ten[0])
        choice = _sake_words(as_chaffs, w, bool(sake_as), as_ten[0], as_chaff[0])
        return (as_chaff if as_chaffs else as_ten) + (choice,)
    if sake_as is not None:
        # a round checks this with the event; this guards direct callers
        raise _err(said("\"{event}\" is recorded, but the sake cup has no choice here: it "
                        "needs the cup in the pile and the house rule \"{rule}\", or "
                        "\"{other}\" with no rule for the sake cup",
                        event=event_words("sake_assignment"), rule=_rule("sake_10_or_1"),
                        other=_rule("special_chaffs")), rule="sake_assignment",
                   card="chrysanthemum-sake")
    return _base(m, c, True, c.sake_and, willow_field, paulownia_field, ctx) + ((),)


def evaluate(mask: int, c: Compiled) -> Evaluation:
    """One pile, no round context: base(P) of section 5.6 (no field, so rain_and_fog voids
    nothing; no month, weather or koi-koi call, so the house rules that need them do
    nothing either: see evaluate_in_context)."""
    return c.evaluate(mask)


def evaluate_in_context(cards, *, preset=None, options=None, month=None, koikoi_calls=0,
                        weather=None) -> Evaluation:
    """One pile with the context some house-rule yaku need: the round's month (a flower id or
    1-12), the player's own koi-koi calls so far and the weather (clear, rainy, foggy)."""
    from . import pile_mask
    c = GAME.compiled(preset, options)
    if not isinstance(koikoi_calls, int) or isinstance(koikoi_calls, bool) or koikoi_calls < 0:
        raise _err(said("the number of koi-koi calls must be a whole number, 0 or more, "
                        "not {value!r}",
                        value=koikoi_calls), field="koikoi_calls")
    ctx = Context(_month_of(month), koikoi_calls, _weather_of(weather))
    return _evaluate_general(pile_mask(GAME, cards), c, ctx)


def _evaluate_general(mask: int, c: Compiled, ctx: Context = NO_CONTEXT) -> Evaluation:
    """Any option set: section 5.6 steps 1-4 as written (_met, _filter, _combine)."""
    if mask & SAKE and c.sake_choice:
        points, scoring, _met_, cancelled, choice = pile_base(mask, c, ctx=ctx)
        choices = (choice,)
    else:
        met = _met(mask, c, True, c.sake_and, ctx)
        if not met:
            return c.empty
        cancelled = ()
        if c.friends or c.voids:
            met, cancelled = _filter(met, c, False, False, mask, ctx)
        scoring = _combine(met, c)
        points = 0
        for y in scoring:
            points += y[1]
        choices = ()
    hits, hit = c.hits, c.hit
    return Evaluation(points, tuple([hits.get(y) or hit(y) for y in scoring]), choices,
                      {"not_scored": {y: why for y, why in cancelled}} if cancelled else {})


def _book_evaluator(c: Compiled):
    """The fast path for the usual option sets (the default "one of" combining, no
    views_with_friends): _met and _combine fused, each "one of" category reduced to its best
    row at once. Within a category the best row is known from the counts alone: goko 10 >
    shiko 8 > ame_shiko 7 > sanko 5; a ribbon set (>= 5) beats tan (<= 5) and akatan_aotan
    beats either set; inoshikacho (T + 2) beats tane (T - 4). What a category gives depends
    only on the pile's cards of that category, so every subset of each category is scored
    once per option set (a table of at most 1,024 rows; the Brights and the Views share one,
    in the order a pile lists its rows) and a pile is three lookups and its chaff count. A
    sake cup with a choice goes to the general path. tests/test_koi_koi.py checks both paths
    agree on random piles."""
    special, sake_and, sake_w = c.special, c.sake_and, c.sake_chaff_w
    sake_choice, hit, empty = c.sake_choice, c.hit, c.empty

    def table(rows_of, group: int) -> dict:
        def entry(sub: int) -> tuple:
            rows = rows_of(sub, c)
            return sum(y[1] for y in rows), tuple([hit(y) for y in rows])
        return {sub: entry(sub) for sub in submasks(group)}

    brights = table(_book_brights_views, BRIGHT_VIEW_CARDS)
    ribbons, tens = table(_book_ribbons, RIBBONS), table(_book_tens, TENS)
    # a kasu row's cards differ from pile to pile, so its hit is built, never cached
    of_mask, kasu_names, kasu_note = YakuHit.of_mask, _NAMES["kasu"], c.notes.get("kasu", "")

    def evaluate_book(m: int) -> Evaluation:
        if sake_choice and m & SAKE:
            return _evaluate_general(m, c)
        pb, hb = brights[m & BRIGHT_VIEW_CARDS]
        pr, hr = ribbons[m & RIBBONS]
        pt, ht = tens[m & TENS]
        points, out = pb + pr + pt, hb + hr + ht
        ch = m & CHAFFS
        n = ch.bit_count()
        if n >= 6:  # at most 4 more: special_chaffs (+2) and a 2-chaff sake cup (+2)
            if special:
                n += (ch & DOUBLE_CHAFFS).bit_count()
            if sake_and and m & SAKE:
                n += sake_w
                ch |= SAKE
            if n >= 10:
                points += n - 9
                out += (of_mask("kasu", kasu_names["en"], n - 9, ch, kasu_names, kasu_note),)
        if not out:
            return empty
        return Evaluation(points, out)

    return evaluate_book


VIEW_CARDS = SAKE | CURTAIN | MOON
BRIGHT_VIEW_CARDS = BRIGHTS | SAKE  # the curtain and the moon are brights


def _book_brights_views(bv: int, c: Compiled) -> list:
    """The best Bright row, then the Views rows, of the brights and sake cup ``bv``."""
    return _book_brights(bv & BRIGHTS, c) + _book_views(bv & VIEW_CARDS, c)


def _book_brights(b: int, c: Compiled) -> list:
    """The best Bright row of the brights ``b`` (the book's points)."""
    dry = b & DRY_BRIGHTS
    d = dry.bit_count()
    if d == 4:
        return [("goko", 10, b) if b & RAINMAN else ("shiko", 8, dry)]
    if d == 3:
        return [("ame_shiko", 7, b) if b & RAINMAN else ("sanko", 5, dry)]
    return []


def _book_views(v: int, c: Compiled) -> list:
    """The Views rows of the sake cup, curtain and moon ``v``."""
    if not (c.views and v & SAKE):
        return []
    return ([("hanami", 5, HANAMI_CARDS)] if v & CURTAIN else []) + \
        ([("tsukimi", 5, TSUKIMI_CARDS)] if v & MOON else [])


def _book_ribbons(r: int, c: Compiled) -> list:
    """The best Ribbon row of the ribbons ``r`` (each row under the alternative charts)."""
    if r.bit_count() < 3:
        return []
    out = []
    aka = r & POETRY == POETRY
    ao = r & BLUE == BLUE
    if c.alt or not (aka or ao):
        rd = r & DRY_RIBBONS
        n = rd.bit_count()
        if n >= 5:
            out.append(("tan", n - 4, rd))
        if c.alt:
            if ao:
                out.append(("aotan", 5, BLUE))
            if aka:
                out.append(("akatan", 5, POETRY))
        return out
    ri = r if c.willow_inc else r & DRY_RIBBONS
    n = ri.bit_count()
    return [("akatan_aotan", n + 4, ri) if aka and ao else
            ("aotan", n + 2, ri) if ao else ("akatan", n + 2, ri)]


def _book_tens(t: int, c: Compiled) -> list:
    """The best Other row of the tens ``t`` (each row under the alternative charts)."""
    n = t.bit_count()
    if n < 3:
        return []
    if c.alt:
        return ([("tane", n - 4, t)] if n >= 5 else []) + \
            ([("inoshikacho", 5, ISC)] if t & ISC == ISC else [])
    if t & ISC == ISC:
        return [("inoshikacho", n + 2, t)]
    return [("tane", n - 4, t)] if n >= 5 else []


# --- a round (digest sections 5.1-5.5, 6, 7) ----------------------------------------------
def _err(msg, **kw):
    """A round error: ``msg`` (a said() sentence) after the game's name."""
    return TallyError(said("{game}: {message}", game=GAME_ID, message=msg), game=GAME_ID, **kw)


def _yaku_words(scoring, head: str = "", **params) -> str:
    """The scoring yaku as "id points + id points ...": one template per number of yaku
    ({yaku1} {points1} + {yaku2} {points2} ...), after ``head``."""
    if not scoring:
        return said(head + "no yaku", **params)
    for i, y in enumerate(scoring, 1):
        params[f"yaku{i}"], params[f"points{i}"] = _SAID_AS.get(y[0], y[0]), y[1]
    return said(head + _YAKU_LISTS[len(scoring)], **params)


# the yaku said by their English names ("3 Poetry Ribbons 5"), as the pages and the rules
# name them (issue 23: never the id); a reader of ja / ko gets the catalogue's name for it
_SAID_AS = {yid: names["en"] for yid, names in _NAMES.items()}


_YAKU_LISTS = tuple(" + ".join(f"{{yaku{i}}} {{points{i}}}" for i in range(1, n + 1))
                    for n in range(len(_YAKU_ROWS) + len(_HOUSE_YAKU_ROWS) + 1))


def _names(players) -> str:
    players = list(dict.fromkeys(players))
    return players[0] if len(players) == 1 else ", ".join(players[:-1]) + " and " + players[-1]


def _hand_qualifies(mask: int) -> bool:
    counts = [(mask & mm).bit_count() for mm in MONTHS]
    return 4 in counts or counts.count(2) == 4


def _bool_field(ev, key, i, default=False):
    v = ev.get(key, default)
    if not isinstance(v, bool):
        raise _err(said("event {i}, \"{event}\": \"{what}\" must be yes or no, not "
                        "{value!r}", i=ordinal(i), event=event_words(ev["type"]),
                        what=field_words(GAME, ev["type"], key), value=v), rule=ev["type"],
                   event=ev["type"], field=f"events.{i}.{key}")
    return v


def _carry_counters(rules) -> tuple[str, ...]:
    """The carry's counts a round only adds to (``_finish``, ``_steal``, ``_carry``): the
    running totals, the rounds won and the banks, unless a rule reads them to end the game."""
    if rules.get("first_to_50") or rules.get("empty_bank_ends_game"):
        return ()
    return ("totals", "rounds_won", "banks")


def _carry_of(rnd, players):
    raw = rnd.get("carry") or {}
    if not isinstance(raw, Mapping):
        raise _err(said("the previous round's carry must be given as that round handed it "
                        "on"), field="carry")
    out = {}
    for key in ("totals", "rounds_won", "banks"):
        v = raw.get(key)
        if v is None:
            continue
        if not isinstance(v, Mapping) or set(v) - set(players) or not all(
                isinstance(x, int) and not isinstance(x, bool) for x in v.values()):
            raise _err(_carry_part_words(key, players), field=f"carry.{key}")
        out[key] = {p: v.get(p, 0) for p in players}
    return out


def _carry_part_words(key: str, players) -> str:
    """A part of the previous round's carry that does not give the players whole numbers."""
    return said("in the previous round's carry, {what} must give a whole number to players "
                "of this table ({players})", players=", ".join(players),
                what=named("the banks") if key == "banks" else key_words(key))


# The round is scored in phases, each a small function of what the phases before it found:
#   read the round       _read_round                    players, dealer, piles, events, carry
#   read quick entry     _read_declared                 yaku declared by name instead of cards
#   check it             _check_events, _check_hands    every event in order, then the hands
#   pre-play outcome     _settle_pre_play               misdeal, four of a kind, automatic win
#   check the calls      _check_calls                   a koi-koi call needs a yaku
#   no stop              _settle_no_stop                dealer's delight or a draw
#   find the yaku        _stopper_yaku, _opponent_yaku  the stopper's pile (and the other's)
#   apply multipliers    _apply_multipliers             koi-koi, lucky 7, opening-field brights
#   settle               _finish, _draw, _void          payments, carry, notes
# Errors are raised in the order the checks were always made: the first fault found is the one
# reported, so a phase never looks ahead of the one before it.

class _Table(NamedTuple):
    """The round as read: who plays, who deals, each captured pile, the events, the carry."""
    players: tuple
    dealer: str
    given: frozenset  # the players whose captured cards were entered at all
    piles: dict  # player -> mask (0 for a pile not entered)
    events: list
    carry_in: dict
    month: str | None = None  # the round's month (flower id), for the house rules needing it
    weather: str | None = None  # clear, rainy or foggy (weather_voids_views)
    # quick entry: player -> _Declared, the yaku said at the table instead of their cards
    declared: Mapping = MappingProxyType({})


class _Call(NamedTuple):
    """A koi-koi call: event index, caller, and whether minimum_points forced it."""
    i: int
    player: str
    forced: bool


class _Seen(NamedTuple):
    """What the events say, once each was checked. Positions are event indices."""
    calls: tuple = ()  # _Call per koi-koi call, in order
    stop: tuple | None = None  # (i, stopper)
    misdeal: tuple | None = None  # (i, caller or None)
    auto: tuple = ()  # (i, player) per automatic-win hand
    four: tuple | None = None  # (i, flower or None): four of a month in the opening field
    brights: int | None = None  # brights in the opening field
    field: tuple | None = None  # (willow, paulownia) in the field at the stop
    sake_as: Mapping = MappingProxyType({})  # player -> "ten" / "chaff"


class _Pile(NamedTuple):
    """pile_base of one pile: its base, the yaku that score, the yaku met, the Views voided
    by the field, and how the sake cup was counted."""
    base: int
    scoring: list
    met: list
    cancelled: tuple
    choice: object


def score_round(rnd: Mapping, c: Compiled) -> RoundResult:
    """Sections 5.1-5.5: a misdeal or a pre-play win ends the round at the deal; otherwise
    only the stopper scores (yaku x multipliers), and no stop is a draw."""
    t = _read_round(rnd, c)
    return _noting_declared(_score_table(rnd, t, c), t)


def _score_table(rnd: Mapping, t: _Table, c: Compiled) -> RoundResult:
    seen = _check_events(t, c)
    _check_hands(rnd, t, seen)
    settled = _settle_pre_play(t, seen, c)
    if settled is not None:
        return settled
    calls = _check_calls(t, seen, c)
    if seen.stop is None:
        return _settle_no_stop(t, seen, calls, c)
    return _score_stop(t, seen, calls, c)


# --- reading and checking the round -------------------------------------------------------
def _read_round(rnd: Mapping, c: Compiled) -> _Table:
    g = GAME
    players = players_of(g, rnd)
    dealer = player_field(g, rnd, "dealer", players)
    raw_caps = rnd.get("captures")
    piles = piles_of(g, rnd, players, required=False)
    events = events_of(g, rnd, players)
    carry_in = _carry_of(rnd, players)
    month, weather = _month_of(rnd.get("month")), _weather_of(rnd.get("weather"))
    declared = _read_declared(rnd, players, piles, month, c)
    # A pile may be left out; checks that need one say so (see _need_pile). A player whose
    # yaku were declared has no cards to check.
    given = (frozenset(raw_caps) if isinstance(raw_caps, Mapping) else frozenset()) - \
        frozenset(declared)
    return _Table(players, dealer, given, piles, events, carry_in, month, weather,
                  MappingProxyType(declared))


def _month_of(value):
    """The round's month as a flower id; given as a flower id or its number 1-12 (Japanese
    order, the numbering koikoi-scorer and hanafuda-js use). None when not given."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 12:
        return FLOWER_IDS[value - 1]
    if isinstance(value, str) and value in FLOWER_IDS:
        return value
    raise _err(said("month must be a flower ({ids}) or its number 1-12, not {value!r}",
                    ids=", ".join(FLOWER_IDS), value=value), field="month")


def _weather_of(value):
    if value is None or isinstance(value, str) and value in WEATHERS:
        return value
    raise _err(said("weather must be one of {choices}, not {value!r}",
                    choices=", ".join(WEATHERS), value=value), field="weather")


# --- quick entry: the yaku said at the table (issue 9) ------------------------------------
# A player's captured cards may be replaced by the yaku the table reads off them, by name,
# each growing one with the number of cards it counts ("Tan, 7 ribbons"):
#   "declared": {"Aki": [{"yaku": "tan", "count": 7}, {"yaku": "inoshikacho", "count": 3}]}
# The named yaku are the ones that score. Their points come from the same table and house
# rules as a pile's, and they pass the same views filters and combining (_filter, _combine),
# so every multiplier, the stop, the dealer, the carry and the settlement apply unchanged.
# What only the cards could tell (a sake-cup assignment) is refused in words.
DECLARABLE = tuple(row[0] for row in _YAKU_ROWS + _HOUSE_YAKU_ROWS)
_ORDER = {yid: i for i, yid in enumerate(DECLARABLE)}  # table order, which _combine reads
_COUNTED = {RIBBON_CAT: "ribbons", OTHER_CAT: "tens", CHAFF_CAT: "chaffs"}
# the cards a declared yaku names (yaku_of_the_month: the round's month, see _named_cards)
_NAMED_CARDS = {"goko": BRIGHTS, "shiko": DRY_BRIGHTS, "ame_shiko": RAINMAN,
                "hanami": HANAMI_CARDS, "tsukimi": TSUKIMI_CARDS, "aotan": BLUE,
                "akatan": POETRY, "akatan_aotan": POETRY | BLUE, "inoshikacho": ISC}
_LEAST_BRIGHTS = {"goko": 5, "shiko": 4, "ame_shiko": 4, "sanko": 3}
# yaku whose cards always make others as well (A14: four dry brights are also any four):
# where those score beside them (count_all_yaku, the flat ribbon sets), they must be named
_IMPLIES = {"goko": ("shiko", "ame_shiko", "sanko"), "shiko": ("ame_shiko", "sanko"),
            "ame_shiko": ("sanko",), "akatan_aotan": ("aotan", "akatan", "tan")}
_KINDS = (("brights", BRIGHTS), ("ribbons", RIBBONS), ("tens", TENS), ("chaffs", CHAFFS))


class _Declared(NamedTuple):
    """One player's declared yaku: (id, count or None) in table order, the cards they name
    (id -> mask), and the least number of brights, ribbons, tens and chaffs they need."""
    rows: tuple
    named: dict
    least: dict

    @property
    def cards(self) -> int:
        out = 0
        for m in self.named.values():
            out |= m
        return out


def _read_declared(rnd: Mapping, players, piles: dict, month, c: Compiled) -> dict:
    """Each player's declared yaku, checked alone, then against the other player's (a card
    is in one place only)."""
    raw = rnd.get("declared")
    if raw is None:
        return {}
    if not is_mapping(raw):
        raise _err(said("the declared yaku must be given per player, each a list of yaku "
                        "with their counts"), field="declared")
    out = {}
    for p, entries in raw.items():
        if p not in players:
            raise _err(said("declared names {player!r}, who is not one of the players",
                            player=p), player=p, field=f"declared.{p}")
        if piles[p]:  # one kind per player: the cards would say something else
            raise _err(said("{player}'s captured cards and declared yaku are both given: "
                            "enter one or the other", player=p), player=p,
                       field=f"declared.{p}")
        out[p] = _declared_of(p, entries, month, c)
    _check_declared_deck(out, piles, players)
    return out


def _declared_of(p: str, entries, month, c: Compiled) -> _Declared:
    """One player's list: each entry, then the counts, the combining and the shared cards."""
    if not isinstance(entries, (list, tuple)) or len(entries) > len(DECLARABLE):
        raise _err(said("{player}'s declared yaku must be a list of at most {most} yaku, "
                        "each with its count where it has one", player=p,
                        most=len(DECLARABLE)), player=p, field=f"declared.{p}")
    counts = {}
    for i, e in enumerate(entries):
        yid, n = _declared_entry(p, i, e, c)
        if yid in counts:
            raise _err(said("{player}'s declared yaku name {yaku} twice", player=p,
                            yaku=_yaku_name(yid)),
                       player=p, rule=yid, field=f"declared.{p}.{i}.yaku")
        counts[yid] = n
    for i, e in enumerate(entries):
        _check_count_range(p, i, e["yaku"], counts, c)
    rows = tuple(sorted(counts.items(), key=lambda r: _ORDER[r[0]]))
    _check_scoring(p, rows, c)
    _check_same_cards(p, rows, c)
    named = {y: _named_cards(p, y, month) for y, _ in rows}
    return _Declared(rows, named, _least_cards(rows, named, c))


def _declared_entry(p: str, i: int, e, c: Compiled):
    """One {yaku, count}: a yaku in force, its count where it grows, none where it cannot."""
    where = f"declared.{p}.{i}"
    if not is_mapping(e) or set(e) - {"yaku", "count"}:
        raise _err(said("{player}'s declared yaku number {n} must name a yaku and, where it "
                        "grows, its count", player=p, n=i + 1), player=p, field=where)
    yid, n = e.get("yaku"), e.get("count")
    if not isinstance(yid, str) or yid not in _ORDER:
        raise _err(said("{player}'s declared yaku number {n}: {value!r} is not a Koi-Koi "
                        "yaku", player=p, n=i + 1, value=yid),
                   player=p, field=f"{where}.yaku", known=DECLARABLE)
    if not _in_force(yid, c):
        raise _err(said("{player}'s declared {yaku} is not a yaku under these house rules",
                        player=p, yaku=_yaku_name(yid)), player=p, rule=yid,
                   field=f"{where}.yaku")
    if n is None and _grows(yid, c):
        raise _err(said("{player}'s declared {yaku} grows with the cards it counts: give its "
                        "count (ribbons, tens or chaffs)", player=p, yaku=_yaku_name(yid)),
                   player=p, rule=yid, field=f"{where}.count")
    if n is not None and yid not in _GROWS:
        raise _err(said("{player}'s declared {yaku} takes no count", player=p,
                        yaku=_yaku_name(yid)), player=p, rule=yid, field=f"{where}.count")
    if n is not None and (not isinstance(n, int) or isinstance(n, bool)):
        raise _err(said("{player}'s declared {yaku}: the count must be a whole number, not "
                        "{value!r}", player=p, yaku=_yaku_name(yid), value=n), player=p,
                   rule=yid, field=f"{where}.count")
    return yid, n


def _yaku_name(yid: str) -> str:
    """A yaku as the quick-entry list names it (ja / ko say the name in their words)."""
    return _NAMES[yid]["en"]


def _yaku_listed(rows):
    """Yaku by name, each with its count when it has one: one template per shape, each name
    a parameter of its own, so ja / ko say each by name (a name may hold a comma)."""
    params, parts = {}, []
    for k, (yid, n) in enumerate(rows, 1):
        params[f"yaku{k}"] = _yaku_name(yid)
        parts.append(f"{{yaku{k}}}" if n is None else f"{{yaku{k}}} ({{count{k}}} cards)")
        if n is not None:
            params[f"count{k}"] = n
    return params["yaku1"] if len(params) == 1 else said(", ".join(parts), **params)


def _in_force(yid: str, c: Compiled) -> bool:
    """Whether the rules in force make ``yid`` a yaku (a points option at 0 does not)."""
    cat = _CAT[yid]
    if cat == BRIGHT_CAT:
        return c.points[yid] > 0
    if cat == VIEWS_CAT:
        return c.views and c.points[yid] > 0
    if yid == "yaku_of_the_month":
        return c.month_yaku
    return yid != "akatan_aotan" or not c.flat_sets or c.sets_bonus


def _grows(yid: str, c: Compiled) -> bool:
    """Whether ``yid`` is worth more for more cards under these rules (so needs its count)."""
    if yid in ("aotan", "akatan", "akatan_aotan"):
        return not c.flat_sets
    return yid in _GROWS and not (yid == "inoshikacho" and c.flat_isc)


def _counts_willow(yid: str, c: Compiled) -> int:
    """1 where the yaku's count takes the willow ribbon in (A1, willow_ribbon_in_tan)."""
    if yid == "tan":
        return int(bool(c.tan_ribbons & WILLOW_RIBBON))
    return int(_CAT[yid] == RIBBON_CAT and bool(c.willow_inc))


def _declared_points(yid: str, n, c: Compiled, ctx: Context = NO_CONTEXT) -> int:
    """A declared yaku's points: the section 4 table under the house rules in force."""
    cat = _CAT[yid]
    if cat == BRIGHT_CAT:
        return c.points[yid]
    if cat == VIEWS_CAT:
        return _view_points(yid, c, ctx)
    if yid == "yaku_of_the_month":
        return 4
    if yid in ("aotan", "akatan") and c.flat_sets or yid == "inoshikacho" and c.flat_isc:
        return 5
    if yid == "akatan_aotan" and c.flat_sets:
        return 10
    points, beyond = _GROWS[yid]
    return points + ((beyond if n is None else n) - beyond) * (
        c.kasu_each if yid == "kasu" else 1)


def _count_range(yid: str, ids, c: Compiled) -> tuple:
    """The least and most a growing yaku can count beside the other yaku named: the deck's
    cards of its kind, less those that would complete a set not named (8 of the 9 dry
    ribbons always hold all 3 poetry or all 3 purple ones; 9 tens hold boar, deer and
    butterflies), plus the cards the rules let it count (willow ribbon, sake cup)."""
    least = _GROWS[yid][1]
    if _CAT[yid] == RIBBON_CAT:
        dry = 3 + (3 if ids & {"akatan", "akatan_aotan"} else 2) + \
            (3 if ids & {"aotan", "akatan_aotan"} else 2)
        return least, dry + _counts_willow(yid, c)
    if _CAT[yid] == OTHER_CAT:
        return least, 5 + int(c.sake_ten) + (3 if "inoshikacho" in ids else 2)
    sake = c.sake_chaff_w if c.sake_and or c.sake_choice else 0
    return least, 24 + (2 if c.special else 0) + sake


def _check_count_range(p: str, i: int, yid: str, counts: dict, c: Compiled):
    n = counts[yid]
    if n is None:
        return
    least, most = _count_range(yid, set(counts), c)
    if not least <= n <= most:
        raise _err(said("{player}'s declared {yaku} counts {least} to {most} cards beside "
                        "the other yaku named, under these rules, not {value!r}", player=p,
                        yaku=_yaku_name(yid), least=least, most=most, value=n), player=p,
                   rule=yid,
                   field=f"declared.{p}.{i}.count")


def _check_same_cards(p: str, rows: tuple, c: Compiled):
    """Yaku counting the same cards agree: tane and inoshikacho count the same tens; the
    ribbon yaku the same ribbons, except that some count the willow ribbon and some not."""
    for cat in (RIBBON_CAT, OTHER_CAT):
        counted = [(y, n) for y, n in rows if n is not None and _CAT[y] == cat]
        if any(len({n - w * _counts_willow(y, c) for y, n in counted}) <= 1 for w in (0, 1)):
            continue
        raise _err(said("{player}'s declared {yaku} count the same cards, but their counts "
                        "do not agree", player=p, yaku=_yaku_listed(counted)),
                   player=p, field=f"declared.{p}")
    _check_sake(p, rows, c)


def _check_sake(p: str, rows: tuple, c: Compiled):
    """The sake cup is one card: a tens count that needs it as a ten and a kasu count that
    needs it as a chaff agree only where it is both (sake_10_and_1)."""
    counts = dict(rows)
    if c.sake_and or not counts.get("kasu"):
        return
    tens = [(y, n) for y, n in rows if _CAT[y] == OTHER_CAT and n]
    as_ten = [y for y, n in tens if n > 5 + (3 if "inoshikacho" in counts else 2)]
    if as_ten and counts["kasu"] > 24 + (2 if c.special else 0):
        raise _err(said("{player}'s declared {yaku} counts the sake cup as a ten and "
                        "{other_yaku} counts it as a chaff; under these rules it is one or the "
                        "other", player=p, yaku=_yaku_name(as_ten[0]),
                        other_yaku=_yaku_name("kasu")), player=p, card="chrysanthemum-sake",
                   field=f"declared.{p}")


def _check_scoring(p: str, rows: tuple, c: Compiled):
    """The named yaku are the ones that score under the combining in force, as with cards:
    none drops out beside another (only one of a "one of" group counts), and none makes a
    further yaku that would score without being named (count_all_yaku: 5 Brights are also
    4 Dry Brights, Any 4 and 3 Brights)."""
    named = [(y, _declared_points(y, n, c), 0) for y, n in rows]
    kept = {y[0] for y in _combine(named, c)}
    dropped = [y for y, _ in rows if y not in kept]
    if dropped:
        same = [y for y, _ in rows if y in kept and _CAT[y] == _CAT[dropped[0]]]
        other = (same or [y for y, _ in rows if y in kept])[0]
        raise _err(said("{player}'s declared {yaku} does not score beside {other_yaku} under "
                        "these rules (only one of them counts): name only the yaku that score",
                        player=p, yaku=_yaku_name(dropped[0]), other_yaku=_yaku_name(other)),
                   player=p, rule=dropped[0], field=f"declared.{p}")
    implied = {y: v for y, v in _implied(rows).items() if _in_force(y, c)}
    both = sorted(named + [(y, _declared_points(y, n, c), 0) for y, (n, _) in implied.items()],
                  key=lambda y: _ORDER[y[0]])
    missing = [y[0] for y in _combine(both, c) if y[0] in implied]
    if missing:
        raise _err(said("the cards of {player}'s declared {yaku} also make {other_yaku}, "
                        "scoring under these rules too: name every yaku that scores", player=p,
                        yaku=_yaku_name(implied[missing[0]][1]),
                        other_yaku=_yaku_listed((y, None) for y in missing)),
                   player=p, rule=missing[0], field=f"declared.{p}")


def _implied(rows: tuple) -> dict:
    """The yaku the named ones' cards always make too, not named themselves: id -> (its
    count, the named yaku that makes it)."""
    counts = dict(rows)
    out = {}
    for y, n in rows:
        for z in _IMPLIES.get(y, ()):
            out.setdefault(z, (6 if z == "tan" else n, y))  # tan: 6 dry ribbons at least
    if "akatan" in counts and "aotan" in counts:
        out["akatan_aotan"] = (counts["akatan"], "akatan")
    if (counts.get("inoshikacho") or 0) >= 5:  # five tens or more make tane as well
        out["tane"] = (counts["inoshikacho"], "inoshikacho")
    return {y: v for y, v in out.items() if y not in counts}


def _named_cards(p: str, yid: str, month) -> int:
    if yid != "yaku_of_the_month":
        return _NAMED_CARDS.get(yid, 0)
    if month is None:
        raise _err(said("{player}'s Yaku of the Month needs the round's month", player=p), player=p, option="yaku_of_the_month",
                   field="month")
    return MONTHS[FLOWER_IDS.index(month)]


def _least_cards(rows: tuple, named: dict, c: Compiled) -> dict:
    """The least number of brights, ribbons, tens and chaffs a declared pile holds: what its
    counts say (a kasu count less what special_chaffs and the sake cup may add) and the cards
    its yaku name."""
    counts = dict(rows)
    extra = (2 if c.special else 0) + (c.sake_chaff_w if c.sake_and or c.sake_choice else 0)
    said_counts = {
        "brights": max([_LEAST_BRIGHTS.get(y, 0) for y in counts], default=0),
        "ribbons": max([n or 0 for y, n in rows if _CAT[y] == RIBBON_CAT], default=0),
        "tens": max([n or 0 for y, n in rows if _CAT[y] == OTHER_CAT], default=0),
        "chaffs": max((counts.get("kasu") or 0) - extra, 0)}
    cards = 0
    for m in named.values():
        cards |= m
    return {k: max(said_counts[k], (cards & mask).bit_count()) for k, mask in _KINDS}


# more brights, ribbons, tens or chaffs than the deck holds, between the two players
_TOO_MANY = {
    "brights": lambda **p: said("{player}'s declared yaku and {other}'s cards need {n} "
                                "brights between them; the deck has {deck}", **p),
    "ribbons": lambda **p: said("{player}'s declared yaku and {other}'s cards need {n} "
                                "ribbons between them; the deck has {deck}", **p),
    "tens": lambda **p: said("{player}'s declared yaku and {other}'s cards need {n} tens "
                             "between them; the deck has {deck}", **p),
    "chaffs": lambda **p: said("{player}'s declared yaku and {other}'s cards need {n} "
                               "chaffs between them; the deck has {deck}", **p),
}


def _check_declared_deck(declared: dict, piles: dict, players):
    """A card is in one place: a card one player's declared yaku name is not the other's, and
    both together need no more cards of a kind than the deck holds."""
    for p, d in declared.items():
        q = players[1] if players[0] == p else players[0]
        theirs = declared[q].cards if q in declared else piles[q]
        clash = d.cards & theirs
        if clash:
            card = slugs_of(clash)[0]
            yid = next(y for y, m in d.named.items() if m & clash)
            raise _err(said("{player}'s declared {yaku} needs {card}, which {other} holds",
                            player=p, yaku=_yaku_name(yid), card=card, other=q), player=p,
                       card=card, rule=yid,
                       field=f"declared.{p}")
        for kind, mask in _KINDS:
            n = d.least[kind] + (declared[q].least[kind] if q in declared
                                 else (piles[q] & mask).bit_count())
            if n > mask.bit_count():
                raise _err(_TOO_MANY[kind](player=p, other=q, n=n, deck=mask.bit_count()),
                           player=p, field=f"declared.{p}")


class DeclaredHit(YakuHit):
    """A yaku the table declared by name (quick entry): no card was read, so none is listed,
    and its dict says ``"declared": true``."""

    def to_dict(self) -> dict:
        return {**super().to_dict(), "declared": True}


def _declared_yaku(d: _Declared, c: Compiled, wf: bool, pf: bool, ctx: Context) -> _Pile:
    """pile_base of a declared pile: the named rows at their points in this round's context,
    through the same views filters (the rain man of a declared goko voids views under
    rain_voids_views) and combining as cards."""
    rows = [(y, _declared_points(y, n, c, ctx), 0) for y, n in d.rows]
    met, cancelled = _filter([y for y in rows if y[1]], c, wf, pf, d.cards, ctx)
    scoring = _combine(met, c)
    return _Pile(sum(y[1] for y in scoring), scoring, met, cancelled, None)


def _hits_of(t: _Table, p: str, scoring, c: Compiled) -> tuple:
    """The YakuHits of p's scoring rows: read from cards, or declared (with the count)."""
    if p not in t.declared:
        return tuple(c.hit(y) for y in scoring)
    counts = dict(t.declared[p].rows)
    return tuple(DeclaredHit(y[0], _NAMES[y[0]]["en"], y[1], (), _NAMES[y[0]],
                             _declared_note(y[0], counts[y[0]], c)) for y in scoring)


def _declared_note(yid: str, n, c: Compiled):
    rule = c.notes.get(yid, "")
    kind = _COUNTED.get(_CAT[yid])
    if n is None:
        return said("declared by name at the table")
    if kind == "ribbons":
        return said("declared at the table: {count} ribbons ({rule})", count=n, rule=rule)
    if kind == "tens":
        return said("declared at the table: {count} tens ({rule})", count=n, rule=rule)
    return said("declared at the table: {count} chaffs ({rule})", count=n, rule=rule)


def _noting_declared(result: RoundResult, t: _Table) -> RoundResult:
    """The result says whose yaku were declared rather than read from cards."""
    if not t.declared:
        return result
    notes = tuple(said("{player}'s yaku were declared, not read from cards", player=p)
                  for p in t.players if p in t.declared)
    return replace(result, notes=result.notes + notes)


def _check_events(t: _Table, c: Compiled) -> _Seen:
    """Every event checked in the order recorded, each against the ones before it."""
    seen = _Seen()
    for i, ev in enumerate(t.events):
        _check_event_fields(i, ev)
        seen = _EVENT_CHECKS[ev["type"]](seen, i, ev, t, c)
    return seen


def _check_event_fields(i: int, ev: dict):
    t = ev["type"]
    extra = set(ev) - {"type", "player"} - _EVENT_FIELDS[t]
    if extra:
        raise _err(said("event {i}, \"{event}\", has no field {key!r}", i=ordinal(i),
                        event=event_words(t), key=sorted(extra)[0]), rule=t, event=t,
                   field=f"events.{i}.{sorted(extra)[0]}")


def _check_decision(seen: _Seen, i, ev, t: _Table, c: Compiled) -> _Seen:
    """koi_koi or stop: nothing may follow the stop, and a player has MAX_TURNS turns."""
    kind, p = ev["type"], ev.get("player")
    if seen.stop is not None:
        raise _err(said("event {i}: {player} calls {type} after {stopper}'s stop "
                        "(event {j}) ended the round", i=ordinal(i), player=p,
                        type=event_words(kind),
                        stopper=seen.stop[1], j=ordinal(seen.stop[0])), player=p, rule=kind,
                   field=f"events.{i}")
    # Before the stop every decision is a call, so the calls count the player's turns.
    if sum(1 for cl in seen.calls if cl.player == p) + 1 > MAX_TURNS:
        raise _err(said("{player} makes more than {turns} decisions; a player has "
                        "only {turns} turns", player=p, turns=MAX_TURNS), player=p, rule=kind,
                   field=f"events.{i}")
    if kind == "stop":
        return seen._replace(stop=(i, p))
    forced = _bool_field(ev, "forced", i)
    if forced and not c.o.minimum_points:
        raise _err(said("event {i}: a forced koi-koi needs the house rule \"{rule}\"", i=ordinal(i),
                        rule=_rule("minimum_points")), player=p, option="minimum_points",
                   field=f"events.{i}.forced")
    return seen._replace(calls=seen.calls + (_Call(i, p, forced),))


def _check_misdeal(seen: _Seen, i, ev, t: _Table, c: Compiled) -> _Seen:
    if seen.misdeal is not None:
        raise _err(said("event {i}: a second misdeal", i=ordinal(i)), rule=ev["type"],
                   field=f"events.{i}")
    return seen._replace(misdeal=(i, ev.get("player")))


def _check_automatic_win(seen: _Seen, i, ev, t: _Table, c: Compiled) -> _Seen:
    kind, p = ev["type"], ev.get("player")
    if not c.o.automatic_win:
        raise _err(said("event {i}: \"{event}\" needs the house rule \"{rule}\" (under the "
                        "book's rules such a hand is a misdeal the holder may call)", i=ordinal(i),
                        event=event_words(kind), rule=_rule("automatic_win")), player=p,
                   option="automatic_win", event=kind,
                   field=f"events.{i}")
    if any(a[1] == p for a in seen.auto):
        raise _err(said("event {i}: {player}'s automatic win is recorded twice",
                        i=ordinal(i), player=p), player=p,
                   rule=kind, field=f"events.{i}")
    hand = ev.get("hand")
    if hand is not None and hand not in ("four_pairs", "four_of_a_month"):
        raise _err(said("event {i}: the hand must be four pairs or a whole month, not "
                        "{value!r}", i=ordinal(i), value=hand), rule=kind, event=kind,
                   field=f"events.{i}.hand", known=("four_pairs", "four_of_a_month"))
    return seen._replace(auto=seen.auto + ((i, p),))


def _check_field_four(seen: _Seen, i, ev, t: _Table, c: Compiled) -> _Seen:
    kind = ev["type"]
    if seen.four is not None:
        raise _err(said("event {i}: a second \"{event}\"", i=ordinal(i), event=event_words(kind)),
                   rule=kind, event=kind, field=f"events.{i}")
    fl = ev.get("flower")
    if fl is not None and fl not in FLOWER_IDS:
        raise _err(said("event {i}: {value!r} is not a month of the deck", i=ordinal(i),
                        value=fl), rule=kind, known=list(FLOWER_IDS),
                   field=f"events.{i}.flower")
    return seen._replace(four=(i, fl))


def _check_opening_brights(seen: _Seen, i, ev, t: _Table, c: Compiled) -> _Seen:
    kind = ev["type"]
    if seen.brights is not None:
        raise _err(said("event {i}: \"{event}\" is recorded twice", i=ordinal(i),
                        event=event_words(kind)), rule=kind, event=kind, field=f"events.{i}")
    n = ev.get("count")
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 5:
        raise _err(said("event {i}: the brights in the opening field must be 0-5 (there "
                        "are 5 brights), not {value!r}", i=ordinal(i), value=n), rule=kind,
                   event=kind, field=f"events.{i}.count")
    return seen._replace(brights=n)


def _check_wild_storm(seen: _Seen, i, ev, t: _Table, c: Compiled) -> _Seen:
    """No scoring effect, but the storm must have been wild under the options."""
    r, p = c.o, ev.get("player")
    if not (r.storm_is_wild or r.brewing_storm):
        raise _err(said("event {i}: the storm is wild only under the house rule \"{rule}\" "
                        "or \"{other}\"", i=ordinal(i), rule=_rule("storm_is_wild"),
                        other=_rule("brewing_storm")), player=p, option="storm_is_wild",
                   event=ev["type"], field=f"events.{i}")
    # The pampas event may come anywhere in the list: it describes the deal.
    if r.brewing_storm and not any(e["type"] == "opening_field_has_pampas"
                                   for e in t.events):
        raise _err(said("event {i}: under the house rule \"{rule}\" the storm is wild only "
                        "when a pampas card was in the opening field, and no \"{event}\" is "
                        "recorded", i=ordinal(i), rule=_rule("brewing_storm"),
                        event=event_words("opening_field_has_pampas")), player=p,
                   option="brewing_storm", event=ev["type"], field=f"events.{i}")
    return seen


def _check_field_at_stop(seen: _Seen, i, ev, t: _Table, c: Compiled) -> _Seen:
    kind = ev["type"]
    if seen.field is not None:
        raise _err(said("event {i}: \"{event}\" is recorded twice", i=ordinal(i),
                        event=event_words(kind)), rule=kind, event=kind, field=f"events.{i}")
    field = (_bool_field(ev, "willow", i), _bool_field(ev, "paulownia", i))
    # A month whose four cards were all captured cannot have a card left in the field.
    everyone = t.piles[t.players[0]] | t.piles[t.players[1]]
    for d in t.declared.values():
        everyone |= d.cards
    for flag, cards, name in ((field[0], WILLOW_CARDS, "willow"),
                              (field[1], PAULOWNIA_CARDS, "paulownia")):
        if flag and everyone & cards == cards:
            raise _err(said("event {i}: a {flower} card cannot lie in the field: all "
                            "four are in the players' piles", i=ordinal(i), flower=name),
                       rule=kind,
                       field=f"events.{i}.{name}")
    return seen._replace(field=field)


def _no_sake_choice(i: int):
    return said("event {i}: the sake cup has no choice under these house rules (it needs "
                "\"{rule}\", or \"{other}\" without \"{both}\")", i=ordinal(i),
                rule=_rule("sake_10_or_1"), other=_rule("special_chaffs"),
                both=_rule("sake_10_and_1"))


def _check_sake_assignment(seen: _Seen, i, ev, t: _Table, c: Compiled) -> _Seen:
    kind, p = ev["type"], ev.get("player")
    how = ev.get("as")
    if how not in ("ten", "chaff"):
        raise _err(said("event {i}, \"{event}\": the sake cup counts as a ten or as a "
                        "chaff, not {value!r}", i=ordinal(i), event=event_words(kind), value=how),
                   player=p, rule=kind, event=kind, field=f"events.{i}.as",
                   known=("ten", "chaff"))
    if p in t.declared:  # how the cup counts is a fact of the cards, already in the counts
        raise _err(said("event {i}: \"{event}\" needs {player}'s captured cards, but their "
                        "yaku were declared (count the sake cup in the declared counts)",
                        i=ordinal(i), event=event_words(kind), player=p), player=p, rule=kind,
                   event=kind, field=f"events.{i}")
    if not c.sake_choice:
        raise _err(_no_sake_choice(i), player=p, option="sake_10_or_1", event=kind,
                   field=f"events.{i}")
    if not t.piles[p] & SAKE and p in t.given:
        raise _err(said("event {i}: {player} did not capture {card}", i=ordinal(i), player=p,
                        card="chrysanthemum-sake"), card="chrysanthemum-sake", player=p,
                   field=f"events.{i}")
    return seen._replace(sake_as={**seen.sake_as, p: how})  # a later assignment wins


def _nothing_to_check(seen: _Seen, i, ev, t: _Table, c: Compiled) -> _Seen:
    return seen


_EVENT_CHECKS = {"koi_koi": _check_decision, "stop": _check_decision,
                 "misdeal": _check_misdeal, "automatic_win_hand": _check_automatic_win,
                 "field_four_of_a_kind": _check_field_four,
                 "opening_field_brights": _check_opening_brights,
                 "opening_field_has_pampas": _nothing_to_check,
                 "wild_storm_capture": _check_wild_storm,
                 "field_at_stop": _check_field_at_stop,
                 "sake_assignment": _check_sake_assignment}


def _check_hands(rnd: Mapping, t: _Table, seen: _Seen):
    """Hands, when given, let the pre-play claims be checked."""
    hands = rnd.get("hands")
    if hands is None:
        return
    hand_masks = piles_of(GAME, rnd, t.players, "hands", required=False)
    for name, mask in hand_masks.items():
        if name in hands and mask.bit_count() != 8:
            raise _err(said("{player}'s hand has {n} cards, not the 8 dealt", player=name,
                            n=mask.bit_count()), player=name, field=f"hands.{name}")
    misdeal = seen.misdeal
    for i, p in seen.auto + ((misdeal,) if misdeal and misdeal[1] else ()):
        if p in hands and not _hand_qualifies(hand_masks[p]):
            raise _err(said("event {i}: {player}'s hand holds neither four pairs nor a "
                            "whole month", i=ordinal(i), player=p), player=p, field=f"hands.{p}")


def _need_pile(t: _Table, p: str, why):
    if p not in t.given and p not in t.declared:
        raise _err(said("{player}'s captured cards are required ({why})", player=p,
                        why=why), player=p,
                   field=f"captures.{p}")


def _yaku_of(t: _Table, seen: _Seen, p: str, c: Compiled, *, at_stop=False) -> _Pile:
    """p's pile_base. Only at the stop is the field known, so only there can rain_and_fog
    void a Views yaku. The month, weather and p's own koi-koi calls are the house rules'
    context."""
    wf, pf = seen.field if at_stop and seen.field else (False, False)
    _need_month(t, p, c)
    ctx = Context(t.month, sum(1 for cl in seen.calls if cl.player == p), t.weather)
    if p in t.declared:
        return _declared_yaku(t.declared[p], c, wf, pf, ctx)
    return _Pile._make(pile_base(t.piles[p], c, willow_field=wf, paulownia_field=pf,
                                 sake_as=seen.sake_as.get(p), ctx=ctx))


def _need_month(t: _Table, p: str, c: Compiled):
    """A house rule that reads the month may only score a pile it could change once the
    round's month is given (like rain_and_fog and field_at_stop)."""
    m = t.piles[p]
    if t.month is None and p in t.declared:
        _need_month_declared(t.declared[p], p, c)
    if t.month is not None or not m:
        return
    if c.month_yaku and any(m & mm == mm for mm in MONTHS):
        raise _err(said("{player}'s captured cards hold all four cards of a month: give the "
                        "round's month to score Yaku of the Month", player=p), player=p, option="yaku_of_the_month", field="month")
    seasonal = ("views_in_season_only" if c.season_only else
                "views_double_in_season" if c.season_double else None)
    if seasonal and any(row[0] in VIEW_SEASON for row in _views_rows(m, c, NO_CONTEXT)):
        raise _err(said("{player}'s captured cards hold a Viewing yaku: give the round's "
                        "month to score it under the house rule \"{rule}\"", player=p,
                        rule=rule_words(GAME_ID, seasonal)), player=p, option=seasonal, field="month")


def _need_month_declared(d: _Declared, p: str, c: Compiled):
    """A declared view under a seasonal rule needs the month, as the cards' would."""
    seasonal = ("views_in_season_only" if c.season_only else
                "views_double_in_season" if c.season_double else None)
    views = [y for y, _ in d.rows if y in VIEW_SEASON]
    if seasonal and views:
        raise _err(said("{player}'s declared {yaku} needs the round's month under the house rule "
                        "\"{rule}\"", player=p, yaku=_NAMES[views[0]]["en"],
                        rule=rule_words(GAME_ID, seasonal)),
                   player=p, option=seasonal, field="month")


def _holds_view(t: _Table, p: str, c: Compiled) -> bool:
    """Whether p's pile (or declared yaku) holds a Views yaku the field could void."""
    if p in t.declared:
        return any(_CAT[y] == VIEWS_CAT for y, _ in t.declared[p].rows)
    m = t.piles[p]
    return bool(m & SAKE and m & (CURTAIN | MOON) and c.views)


# --- pre-play outcomes (section 5.4 step 1) -----------------------------------------------
def _settle_pre_play(t: _Table, seen: _Seen, c: Compiled) -> RoundResult | None:
    """The round ended at the deal: a misdeal voids it, a four of a kind or an automatic win
    scores 6 flat. None when the round was played."""
    r, four = c.o, seen.four
    four_misdeal = four is not None and not (r.four_of_a_kind_not_misdeal or
                                             r.four_of_a_kind_for_the_win)
    if seen.misdeal or four_misdeal or len(seen.auto) == 2:
        _no_decision_after_deal(seen, "misdeal")
        return _void(t.players, t.dealer, t.carry_in, c, said(
            "misdeal: misdeal, the same dealer redeals; the round does not count")
            if seen.misdeal else said("four cards of a month in the opening field: misdeal, "
                                      "the same dealer redeals; the round does not count")
            if four_misdeal else said("both players hold an automatic-win hand: misdeal, the "
                                      "same dealer redeals; the round does not count"))
    if four is not None and r.four_of_a_kind_not_misdeal and four[1] and t.dealer in t.given:
        mm = MONTHS[FLOWER_IDS.index(four[1])]
        if t.piles[t.dealer] & mm != mm:
            raise _err(said("under the house rule \"{rule}\" the dealer {dealer} captures the "
                            "four {month} cards, but their pile lacks some", dealer=t.dealer,
                            month=four[1], rule=_rule("four_of_a_kind_not_misdeal")),
                       player=t.dealer,
                       option="four_of_a_kind_not_misdeal", field=f"captures.{t.dealer}")
    flat = _flat_win(t, seen, c)
    if flat:  # 6 flat points, no multiplier (A11)
        w, sid, reason = flat
        return _finish(t.players, t.dealer, w, 6, (Step(sid, "set", 6, reason, 6),), (), 0,
                       t.carry_in, c, won=True)
    return None


def _flat_win(t: _Table, seen: _Seen, c: Compiled):
    """(winner, step id, reason) of a pre-play win, or None."""
    four, auto, dealer = seen.four, seen.auto, t.dealer
    if four is not None and c.o.four_of_a_kind_for_the_win:
        if auto:
            raise _err(said("two outcomes at the deal: \"{event}\" and \"{other}\"",
                            event=event_words("field_four_of_a_kind"),
                            other=event_words("automatic_win_hand")), rule="automatic_win_hand",
                       event="automatic_win_hand",
                       field=f"events.{auto[0][0]}")
        flat = (dealer, "four_of_a_kind_for_the_win",
                said("four of a kind for the win: 4 {month} cards in the opening field, the "
                     "dealer {dealer} scores 6", month=four[1], dealer=dealer) if four[1] else
                said("four of a kind for the win: 4 same-month cards in the opening field, "
                     "the dealer {dealer} scores 6", dealer=dealer))
        _no_decision_after_deal(seen, "four_of_a_kind_for_the_win")
        return flat
    if auto:
        flat = (auto[0][1], "automatic_win", said("automatic win: {player} was dealt four "
                "pairs or a whole month and scores 6", player=auto[0][1]))
        _no_decision_after_deal(seen, "automatic_win")
        return flat
    return None


# how a round that ends at the deal ended, as the table says it
DEAL_ENDS = {"misdeal": "a misdeal", "four_of_a_kind_for_the_win": "four of a kind for the win",
             "automatic_win": "an automatic win"}


def _no_decision_after_deal(seen: _Seen, kind: str):
    """A round that ended at the deal had no turns, so no koi-koi or stop either."""
    if seen.calls or seen.stop:
        i = (seen.calls[0].i if seen.calls else seen.stop[0])
        raise _err(said("the round ended at the deal ({kind}) but event {i} records a "
                        "koi-koi/stop decision", kind=named(DEAL_ENDS[kind]), i=ordinal(i)),
                   rule=kind, field=f"events.{i}")


# --- the koi-koi calls, and a round nobody stopped (section 5.4 step 2) --------------------
def _check_calls(t: _Table, seen: _Seen, c: Compiled) -> tuple:
    """A koi-koi call needs a yaku; a final pile without any yaku cannot have had one then
    (piles only grow). The field at the call is unknown, so rain_and_fog voids nothing here.
    Returns the calls, a call below minimum_points' 3 marked forced."""
    calls = []
    for call in seen.calls:
        if call.player in t.given or call.player in t.declared:
            pile = _yaku_of(t, seen, call.player, c)
            if not pile.met and call.player in t.declared:
                raise _err(said("event {i}: {player} called koi-koi but no yaku was declared "
                                "for them", i=ordinal(call.i), player=call.player),
                           player=call.player, rule="koi_koi", field=f"events.{call.i}")
            if not pile.met:
                raise _err(said("event {i}: {player} called koi-koi but their captured "
                                "cards hold no yaku", i=ordinal(call.i), player=call.player),
                           player=call.player, rule="koi_koi", field=f"events.{call.i}")
            if c.o.minimum_points and pile.base < 3:
                call = call._replace(forced=True)  # below 3 at the end, so below 3 then
        calls.append(call)
    return tuple(calls)


def _settle_no_stop(t: _Table, seen: _Seen, calls: tuple, c: Compiled) -> RoundResult:
    """No stop: a draw, or with dealers_delight and no yaku anywhere the dealer scores 6."""
    if seen.field is not None:
        raise _err(said("\"{event}\" is recorded but nobody stopped",
                        event=event_words("field_at_stop")), rule="field_at_stop",
                   event="field_at_stop", field="events")
    if c.o.dealers_delight:
        for p in t.players:
            _need_pile(t, p, said("\"{rule}\" looks at both piles after a round with no "
                                  "stop", rule=_rule("dealers_delight")))
        if not any(_yaku_of(t, seen, p, c).met for p in t.players):
            return _finish(t.players, t.dealer, t.dealer, 6, (Step(
                "dealers_delight", "set", 6, said("dealer's delight: no yaku captured, the "
                "dealer {dealer} scores 6", dealer=t.dealer), 6),), (), 0, t.carry_in, c,
                won=False)
    points = c.o.no_stop_dealer_points
    if points:  # KoiKoi-AI: a round that runs out is the dealer's, for this many points
        return _finish(t.players, t.dealer, t.dealer, points, (Step(
            "no_stop_dealer_points", "set", points, said(
                "no stop: the dealer {dealer} wins {points} (a round nobody stops is the "
                "dealer's)",
                dealer=t.dealer, points=points), points),), (), 0, t.carry_in, c, won=True)
    return _draw(t.players, t.dealer, t.carry_in, calls, c)


# --- a stop: the yaku (section 5.6), then the multipliers (section 5.5) --------------------
def _score_stop(t: _Table, seen: _Seen, calls: tuple, c: Compiled) -> RoundResult:
    s = seen.stop[1]
    other = t.players[1] if t.players[0] == s else t.players[0]
    own = _stopper_yaku(t, seen, other, c)
    hits = _hits_of(t, s, own.scoring, c)
    total, steps = own.base, [Step("base", "base", own.base, _yaku_words(own.scoring),
                                   own.base)]
    for yid, reason in own.cancelled:
        steps.append(Step(yid, "note", 0, _not_scored(yid, reason), total))
    choices, extra = (own.choice,) if own.choice else (), {}
    if c.o.winner_scores_all_yaku:
        step, their_yaku, their_choice = _opponent_yaku(t, seen, other, c, total)
        total = step.total
        steps.append(step)
        extra["opponent_yaku"] = their_yaku
        choices += (their_choice,) if their_choice else ()
    if choices:
        extra["choices"] = list(choices)
    if s in t.declared:  # quick entry: the facts said rather than read from cards
        extra["declared"] = ["yaku"]
    total, multipliers = _apply_multipliers(total, seen.brights, calls, s, c)
    return _finish(t.players, t.dealer, s, total, tuple(steps + multipliers), hits, own.base,
                   t.carry_in, c, won=True, extra=extra)


def _stopper_yaku(t: _Table, seen: _Seen, other: str, c: Compiled) -> _Pile:
    """The stopper's yaku; a stop needs at least one (and 3 points under minimum_points)."""
    si, s = seen.stop
    r = c.o
    _need_pile(t, s, said("the stopper's pile is scored"))
    if r.rain_and_fog and seen.field is None:  # Views may only score once the field is known
        for p in ([s, other] if r.winner_scores_all_yaku else [s]):
            if _holds_view(t, p, c):
                raise _err(said("under the house rule \"{rule}\", record \"{event}\" (is a "
                                "willow / paulownia card in the field?) to score the Views yaku",
                                rule=_rule("rain_and_fog"), event=event_words("field_at_stop")),
                           option="rain_and_fog", rule="field_at_stop", event="field_at_stop",
                           field="events")
    own = _yaku_of(t, seen, s, c, at_stop=True)
    if not own.met:
        why = ""
        for y, w in own.cancelled:  # one sentence per voided yaku, each after the ones before
            why = said("{before} ({yaku} not scored: {reason})", before=why, yaku=y, reason=w)
        raise _err(said("event {i}: {player} called stop but no yaku that scores was "
                        "declared for them{why}", i=ordinal(si), player=s,
                        why=why) if s in t.declared
                   else said("event {i}: {player} called stop but their captured cards hold "
                             "no yaku{why}", i=ordinal(si), player=s, why=why), player=s,
                   rule="stop", field=f"events.{si}")
    if r.minimum_points and own.base < 3:
        raise _err(said("event {i}: {player} may not stop with {points} points: the house "
                        "rule \"{rule}\" needs 3 (the call is a forced koi-koi)", i=ordinal(si),
                        player=s, points=own.base, rule=_rule("minimum_points")), player=s,
                   option="minimum_points",
                   field=f"events.{si}")
    return own


def _opponent_yaku(t: _Table, seen: _Seen, other: str, c: Compiled, total: int):
    """winner_scores_all_yaku: the opponent's yaku add to the stopper's base. Returns the
    "add" step, their yaku (as dicts) and how their sake cup was counted (or None)."""
    _need_pile(t, other, said("\"{rule}\" adds the opponent's yaku",
                              rule=_rule("winner_scores_all_yaku")))
    theirs = _yaku_of(t, seen, other, c, at_stop=True)
    step = Step("winner_scores_all_yaku", "add", theirs.base, _yaku_words(
        theirs.scoring, "winner scores all yaku: {player}'s ", player=other),
        total + theirs.base)
    choice = (said("{player}: " + theirs.choice.template, player=other,
                   **theirs.choice.params) if theirs.choice else None)
    return step, [h.to_dict() for h in _hits_of(t, other, theirs.scoring, c)], choice


def _apply_multipliers(total: int, brights, calls: tuple, s: str, c: Compiled):
    """Section 5.5: the koi-koi factor (or lucky 7 on top of it), then the opening-field
    brights. Returns the score and the steps: a note per call that does not count, then a
    step per multiplier."""
    r = c.o
    counted, not_counted, skipped = _calls_that_count(calls, s, r)
    n = len(counted)
    # koikoi_bonus (KoiKoi-AI) replaces the doubling; it excludes lucky_7 and the multiplier
    koi = 1 if r.koikoi_bonus else 1 + n if r.koikoi_multiplier else (2 if n else 1)
    fld = _field_factor(brights, r)
    lucky_t = None
    if r.lucky_7:  # A6: the threshold is the yaku total before any multiplier by default
        lucky_t = total if r.lucky_7_threshold_uses_base else total * koi * fld
    steps = _uncounted_call_notes(skipped, not_counted, s, r, total)
    who = list(dict.fromkeys(cl.player for cl in counted))
    if r.koikoi_bonus and n:
        total, bonus = _koikoi_bonus(total, n, who)
        steps.append(bonus)
    elif lucky_t is not None and lucky_t >= 7:
        old = koi
        koi = koi + 1 if r.lucky_7_triple else koi * 2
        total *= koi
        steps.append(Step("lucky_7", "multiply", koi,
                          _lucky_7_words(n, who, old, koi, lucky_t, r), total))
    elif koi > 1:
        total *= koi
        steps.append(Step("koi_koi", "multiply", koi,
                          _koi_words(n, who, r.koikoi_multiplier, koi), total))
    if fld > 1:
        total *= fld
        steps.append(Step("super_bright" if r.super_bright else "bright", "multiply", fld,
                          _field_words(fld, brights, r), total))
    return total, steps


def _koikoi_bonus(total: int, n: int, who: list):
    """KoiKoi-AI's yaku_point: +1 per counted call up to three; from four calls the yaku
    total times (calls - 2) instead. Returns the score and its step."""
    ps = {"calls": n, "caller": who[0], **({"caller2": who[1]} if len(who) > 1 else {})}
    if n <= 3:
        total += n
        words = (said("koi-koi bonus +{calls}: {caller} called koi-koi", **ps) if n == 1 else
                 said("koi-koi bonus +{calls}: {caller} called koi-koi {calls} times", **ps)
                 if len(who) == 1 else
                 said("koi-koi bonus +{calls}: {caller} and {caller2} called koi-koi", **ps))
        return total, Step("koikoi_bonus", "add", n, words, total)
    total *= n - 2
    words = (said("koi-koi bonus x{factor}: {caller} called koi-koi {calls} times (from four "
                  "calls: x calls - 2)", factor=n - 2, **ps) if len(who) == 1 else
             said("koi-koi bonus x{factor}: {caller} and {caller2} called koi-koi {calls} "
                  "times (from four calls: x calls - 2)", factor=n - 2, **ps))
    return total, Step("koikoi_bonus", "multiply", n - 2, words, total)


def _calls_that_count(calls: tuple, s: str, r):
    """(counted, not counted, skipped): a forced call may not count (A7); under challenge
    only the opponent's calls double the stopper, under double_or_nothing only their own."""
    counted = [cl for cl in calls if not (cl.forced and
                                          not r.minimum_points_call_counts_as_koikoi)]
    not_counted = [cl for cl in calls if cl not in counted]
    if r.challenge:
        skipped = [cl for cl in counted if cl.player == s]
        counted = [cl for cl in counted if cl.player != s]
    elif r.double_or_nothing:
        skipped = [cl for cl in counted if cl.player != s]
        counted = [cl for cl in counted if cl.player == s]
    else:
        skipped = []
    return counted, not_counted, skipped


def _field_factor(brights, r) -> int:
    """bright doubles, super_bright multiplies by 1 + the brights in the opening field."""
    if not (r.super_bright or r.bright):
        return 1
    if brights is None:
        raise _err(said("record \"{event}\" (0 when the field had no bright) to apply the house "
                        "rule \"{rule}\"", event=event_words("opening_field_brights"),
                        rule=_rule("super_bright" if r.super_bright else "bright")),
                   event="opening_field_brights",
                   option="super_bright" if r.super_bright else "bright",
                   rule="opening_field_brights", field="events")
    return 1 + brights if r.super_bright else (2 if brights else 1)


def _uncounted_call_notes(skipped: list, not_counted: list, s: str, r, total: int) -> list:
    """The note steps (value 1) of calls that do not multiply the stopper's score."""
    out = []
    if skipped:  # challenge: the stopper's own calls; double_or_nothing: the opponent's
        ps = {"caller": skipped[0].player, "stopper": s}
        out.append(Step("koi_koi", "note", 1, said(
            "{caller}'s koi-koi does not double {stopper}'s score (the challenge rule: only "
            "the opponent's calls count)", **ps) if r.challenge else said(
            "{caller}'s koi-koi does not double {stopper}'s score (double or nothing: only "
            "the stopper's own calls count)", **ps), total))
    if not_counted:
        forced = list(dict.fromkeys(cl.player for cl in not_counted))
        out.append(Step("minimum_points", "note", 1, said(
            "{caller}'s forced koi-koi (under 3 points) is not a real call",
            caller=forced[0]) if len(forced) == 1 else said(
            "{caller} and {caller2}'s forced koi-koi (under 3 points) is not a real call",
            caller=forced[0], caller2=forced[1]), total))
    return out


def _lucky_7_words(n: int, who: list, old: int, factor: int, value: int, r):
    """The lucky 7 step: its template is put together from who called (the koi-koi part,
    when there was one) and what reached 7; the params are players and numbers only."""
    once = "" if r.koikoi_multiplier else ", counted once"
    if n == 1:
        why = "{caller} called koi-koi"
    elif n and len(who) == 1:
        why = "{caller} called koi-koi {calls} times" + once
    elif n:
        why = "{caller} and {caller2} called koi-koi ({calls} calls)" + once
    else:
        why = "no koi-koi call counts"
    whyp = ({} if not n else {"caller": who[0]} if n == 1 else
            dict(zip(("caller", "caller2"), who), calls=n))
    what = ("the yaku total" if r.lucky_7_threshold_uses_base else
            "the score before lucky 7")
    if old > 1:
        words = ("koi-koi and lucky 7 x{factor}: " + why + ", and " + what +
                 " {value} is 7 or more" + (" (one more, not double)" if r.lucky_7_triple
                                             else ""))
    else:
        words = "lucky 7 x{factor}: " + why + "; " + what + " {value} is 7 or more"
    return said(words, factor=factor, value=value, **whyp)


def _field_words(fld: int, brights: int, r):
    ps = {"factor": fld, "count": brights}
    if r.super_bright:
        return (said("super bright x{factor}: {count} brights in the opening field", **ps)
                if brights > 1 else
                said("super bright x{factor}: {count} bright in the opening field", **ps))
    return (said("bright x{factor}: {count} brights in the opening field", **ps)
            if brights > 1 else
            said("bright x{factor}: {count} bright in the opening field", **ps))


def _koi_words(n: int, who: list, multiplier: bool, factor: int):
    """The koi-koi step without lucky 7: n counted calls by ``who`` (distinct, in order)."""
    if n == 1 and multiplier:
        return said("koi-koi x{factor}: {caller} called koi-koi (one more for each call)",
                    factor=factor, caller=who[0])
    if n == 1:
        return said("koi-koi x{factor}: {caller} called koi-koi", factor=factor, caller=who[0])
    if len(who) == 1 and multiplier:
        return said("koi-koi x{factor}: {caller} called koi-koi {calls} times (one more for "
                    "each call)", factor=factor, caller=who[0], calls=n)
    if len(who) == 1:
        return said("koi-koi x{factor}: {caller} called koi-koi {calls} times, counted once",
                    factor=factor, caller=who[0], calls=n)
    if multiplier:
        return said("koi-koi x{factor}: {caller} and {caller2} called koi-koi ({calls} calls) "
                    "(one more for each call)", factor=factor, caller=who[0], caller2=who[1],
                    calls=n)
    return said("koi-koi x{factor}: {caller} and {caller2} called koi-koi ({calls} calls), "
                "counted once", factor=factor, caller=who[0], caller2=who[1], calls=n)


def _role_scores(players, winner, points, steps, hits, base, extra):
    out = []
    for p in players:
        if p == winner:
            out.append(PlayerScore(p, hits, base, steps, points, "winner", extra or {}))
        else:
            out.append(PlayerScore(p, (), 0, (), 0, "loser"))
    return tuple(out)


def _finish(players, dealer, winner, points, steps, hits, base, carry_in, c, *, won,
            extra=None):
    r = c.o
    loser = players[1] if players[0] == winner else players[0]
    scores = list(_role_scores(players, winner, points, steps, hits, base, extra))
    if not won:  # dealer's delight: points, but no round won (A10)
        scores = [PlayerScore(x.player, x.yaku, x.base_points, x.steps, x.points,
                              "dealers_delight" if x.player == winner else x.role, x.extra)
                  for x in scores]
    payments = (Payment(loser, winner, points, said("round score")),) if points else ()
    totals = dict(carry_in.get("totals") or {p: 0 for p in players})
    totals[winner] += points
    rounds_won = dict(carry_in.get("rounds_won") or {p: 0 for p in players})
    if won:
        rounds_won[winner] += 1
    carry = {"totals": totals, "rounds_won": rounds_won}
    notes = _steal(carry, carry_in, players, winner, loser, points, r) if r.steal_points else []
    if r.first_to_50 and totals[winner] >= 50:  # A16: the running total, never the bank
        carry["game_over"] = True
        notes.append(said("first to 50: {player} reaches {total}, the game ends",
                          player=winner, total=totals[winner]))
    return RoundResult(GAME_ID, r.preset, tuple(scores), payments, winner if won else None,
                       winner if won else dealer, carry, tuple(notes))


def _steal(carry, carry_in, players, winner, loser, points, r) -> list:
    """steal_points: the score moves between the banks (into ``carry``); returns the notes.
    empty_bank_ends_game (KoiKoi-AI's new_round): an empty bank ends the game."""
    banks = dict(carry_in.get("banks") or {p: r.steal_points_bank for p in players})
    banks[winner] += points
    banks[loser] -= points  # A12: a bank may go below zero
    carry["banks"] = banks
    notes = [said("{winner} takes {points} from {loser}'s bank",
                  winner=winner, points=points, loser=loser)]
    if r.empty_bank_ends_game and banks[loser] <= 0:
        carry["game_over"] = True
        notes.append(said("{player}'s bank is {bank}: an empty bank ends the game",
                          player=loser, bank=banks[loser]))
    return notes


def _draw(players, dealer, carry_in, calls, c):
    callers = list(dict.fromkeys(cl[1] for cl in calls))
    if len(callers) > 1:
        why = said("no stop: the round is a draw, both score 0; the dealer keeps the deal "
                   "(koi-koi called by {caller} and {caller2}, but nobody stopped)",
                   caller=callers[0], caller2=callers[1])
    elif callers:
        why = said("no stop: the round is a draw, both score 0; the dealer keeps the deal "
                   "(koi-koi called by {caller}, but nobody stopped)", caller=callers[0])
    else:
        why = said("no stop: the round is a draw, both score 0; the dealer keeps the deal")
    scores = tuple(PlayerScore(p, (), 0, (), 0, "draw") for p in players)
    return RoundResult(GAME_ID, c.o.preset, scores, (), None, dealer,
                       _carry(players, carry_in, c), (why,))


def _void(players, dealer, carry_in, c, why):
    """A misdeal: the same dealer redeals, and the redeal replaces the round (section 5.4
    step 1: it does not use up one of the agreed rounds)."""
    scores = tuple(PlayerScore(p, (), 0, (), 0, "misdeal") for p in players)
    carry = _carry(players, carry_in, c)
    carry["counts_as_month"] = False
    return RoundResult(GAME_ID, c.o.preset, scores, (), None, dealer, carry, (why,))


def _carry(players, carry_in, c):
    """The carry of a round that moves no points (draw, misdeal)."""
    out = {"totals": dict(carry_in.get("totals") or {p: 0 for p in players}),
           "rounds_won": dict(carry_in.get("rounds_won") or {p: 0 for p in players})}
    if "banks" in carry_in or c.o.steal_points:
        out["banks"] = dict(carry_in.get("banks") or {p: c.o.steal_points_bank
                                                       for p in players})
    return out


ROUND_EXAMPLE = {
    # K11 (koi-koi.md section 9; book p. 57, seed lines 2023-2047): A has the 3 poetry ribbons
    # and calls koi-koi, B has 5 tens and calls koi-koi, A adds a ribbon and stops: 6 x 2 = 12.
    "players": ["Aki", "Bo"],
    "dealer": "Aki",
    "captures": {
        "Aki": ["pine-poetry", "plum-poetry", "cherry-poetry", "wisteria-ribbon",
                "pine-chaff-1", "plum-chaff-1", "cherry-chaff-2"],
        "Bo": ["plum-warbler", "wisteria-cuckoo", "iris-bridge", "pampas-geese",
               "willow-swallow", "maple-chaff-1", "iris-chaff-2"],
    },
    "events": [
        {"type": "koi_koi", "player": "Aki"},
        {"type": "koi_koi", "player": "Bo"},
        {"type": "stop", "player": "Aki"},
    ],
}

GAME = Game(
    id=GAME_ID,
    names={"en": "Koi-Koi", "ja": "こいこい"},
    family="capture",
    players=(2, 2),
    deck=FULL_DECK,
    options=OPTIONS,
    presets=PRESETS,
    default_preset="book",
    yaku=YAKU,
    events=EVENTS,
    compile=compile,
    evaluate=evaluate,
    evaluate_in_context=evaluate_in_context,
    score_round=score_round,
    carry_counters=_carry_counters,
    source="shared/rules/koi-koi.md",
    max_pile=48,
    point_unit="mon",  # 文 in Japanese (docs/glossary.md)
    round_example=ROUND_EXAMPLE,
    lengths=(6, 12),
    description="Two players capture cards to form yaku; whoever forms one may play on "
                "(koi-koi) or stop. Only the stopper scores, doubled if anyone called "
                "koi-koi.",
    inputs=(
        InputDef("hands", "cards",
                 "Optional: the 8 cards each player was dealt. An automatic win hand or a "
                 "misdeal called for a player's hand is checked against them.",
                 per_player=True),
        # read by house rules only (yaku_of_the_month, the seasonal Views: ``requires``); a
        # session fills it in from the series' month unless the table gives it
        # (tally/series.py score_one), and reuses a moved round's result when no rule reads it
        InputDef("month", "choice", "Optional: the round's month (its flower; 1-12 also "
                 "accepted), for Yaku of the Month and the seasonal Viewing rules.",
                 choices=FLOWER_IDS, requires=("yaku_of_the_month", "views_in_season_only",
                                               "views_double_in_season")),
        InputDef("weather", "choice", "Optional: the weather, when weather voids the Viewing yaku "
                 "(rain voids Flower Viewing, fog Moon Viewing).", choices=WEATHERS,
                 default="clear", requires=("weather_voids_views",)),
        # quick entry (issue 9): instead of a player's captured cards
        InputDef("declared", "list",
                 "Quick entry, instead of a player's captured cards: the yaku they score, by "
                 "name, each growing one with the ribbons, tens or chaffs it counts (Tan, 7 "
                 "ribbons).", per_player=True, maximum=len(DECLARABLE),
                 item=InputDef("", "record", "Yaku", fields=(
                     InputDef("yaku", "choice", "Yaku", choices=DECLARABLE, required=True),
                     InputDef("count", "int", "Ribbons, tens or chaffs", minimum=3,
                              maximum=28)))),
    ),
)
