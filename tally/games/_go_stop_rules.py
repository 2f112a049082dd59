"""Go-Stop rules as data: options, presets, combinations and events (shared/rules/go-stop.md
sections 4 and 8). The scoring functions live in ``go_stop.py``."""

from __future__ import annotations

import re

from dataclasses import replace
from functools import partial

from ..cards import BONUS_CARDS, FLOWERS, slugs_of
from ..games import EventDef, InputDef, YakuDef
from ..options import BOOL, CHOICE, HANAMI_BOOK, INT, Option, Preset

# ---------------------------------------------------------------------------------------------
# Options: every id of digest section 8 (8.1-8.6), plus the book's per-joker values (2.4: "each
# joker's value is fixed at setup and jokers may differ").
# ---------------------------------------------------------------------------------------------


# the rule sources a description cites ("[P var]", "[B, E]": Pagat, the book, the
# encyclopedia): kept in Option.sources for the API; a player reads the description without them
SOURCE_TAG = re.compile(r"\s*\[(?:[A-Z]\d?(?: var)?(?:, ?)?)+\]")


def _o(id, type, default, description, choices=(), group="", minimum=None, maximum=None):
    tags = [t.strip(" []") for t in SOURCE_TAG.findall(description)]
    words = SOURCE_TAG.sub("", description).strip()
    return Option(id, type, default, words[:1].upper() + words[1:], tuple(choices), minimum,
                  maximum, group, sources="; ".join(tags))


ABILITIES = ("none", "boss_junk", "double", "bright_shield", "deny_losses")

OPTIONS = (
    # 8.1 scoring table
    _o("sa_gwang_points", CHOICE, 4, "Four brights without the rain man: 4 [P] or 5 [B, E]",
       (4, 5), "scoring"),
    _o("bi_sa_gwang_points", CHOICE, 4, "Four brights with the rain man: 4, or 3 [P var]",
       (4, 3), "scoring"),
    _o("o_gwang_points", INT, 15, "Five brights: 15 [P, B]; 15 to 50 by house rule [E]", (),
       "scoring", 15, 50),
    _o("dry_four_not_yaku", BOOL, False, "[B var] four dry brights are no yaku of their own: "
       "they score as any four brights", (), "scoring"),
    _o("godori_points", CHOICE, 5, "Godori (three birds): 5, or 3 [P var, B var]", (5, 3),
       "scoring"),
    _o("yukdori_bidori", BOOL, False, "[P var] willow-swallow is a 4th bird: yukdori 6 (all "
       "four), bidori 4 (three including the swallow)", (), "scoring"),
    _o("vip_ssangpi", BOOL, False, "[P var] +3 for the three double-junk cards; not counted "
       "toward the Stop target", (), "scoring"),
    _o("palssari", BOOL, False, "[P var] +8 for all wisteria and clover cards; not counted "
       "toward the Stop target", (), "scoring"),
    # 8.2 special cards and jokers
    _o("sake_mode", CHOICE, "animal_or_double_junk", "How the chrysanthemum sake cup counts",
       ("animal_or_double_junk", "animal_or_single_junk", "animal_and_single_junk",
        "animal_only"), "cards"),
    _o("iris_bridge_mode", CHOICE, "animal", "iris-bridge takes the sake cup's role (the sake "
       "is then animal only) [P var, B var]",
       ("animal", "animal_or_double_junk", "animal_and_single_junk"), "cards"),
    _o("joker_table", CHOICE, "pagat", ("Which bonus cards are in play: Pagat's (joker-2 and"
                                        " joker-3, worth 2 and 3 junk), all three of Pagat's"
                                        " (joker-1, 2 and 3), the book's (joker-a to joker-f"
                                        " at the values below), the encyclopedia's (joker-2,"
                                        " and joker-a to joker-f at 2 junk), or no bonus "
                                        "cards"), ("pagat", "pagat_all", "book", "encyclopedia", "none"),
       "cards"),
    _o("joker_abilities", BOOL, False, "[P var, B var] ability jokers joker-boss, joker-double, "
       "joker-shield, joker-deny are in play (0 junk each, 10 A29)", (), "cards"),
    _o("joker_stays_with_ppuk", BOOL, False, "A joker turned up during a ppuk stays with the "
       "stack (play only; no scoring effect)", (), "cards"),
    _o("joker_hand_mode", CHOICE, "play_and_replace", "A joker in hand is played and replaced "
       "[P, B] or banked at turn start [E] (play only)", ("play_and_replace",
                                                          "bank_and_redraw"), "cards"),
) + tuple(
    _o(f"joker_{c}_value", INT, 2, f"Book joker table: junk value of joker-{c} (1-3, set at "
       "setup)", (), "cards", 1, 3) for c in "abcdef"
) + tuple(
    _o(f"joker_{c}_ability", CHOICE, "none", f"Book joker table: ability of joker-{c}",
       ABILITIES, "cards") for c in "abcdef"
) + (
    # 8.3 deal and pre-play
    _o("four_on_table", CHOICE, "void", "Four of a month in the layout: void deal, or the "
       "dealer wins as if holding them [P var]", ("void", "dealer_wins"), "deal"),
    _o("misdeal_four_pairs", BOOL, False, "[B3] a hand of four pairs is a misdeal", (), "deal"),
    _o("four_in_hand_mode", CHOICE, "instant_win",
       "Four of a month in hand: instant win [P, E], optional win [B], misdeal [B3]",
       ("instant_win", "optional_win", "misdeal"), "deal"),
    _o("four_in_hand_chips", INT, 5, "Chips from each opponent for four in hand", (), "deal",
       0),
    _o("heundeum_timing", CHOICE, "any_turn", "Heundeum at any turn [P] or only at the deal "
       "[B]", ("any_turn", "deal_only"), "deal"),
    _o("heundeum_must_play", BOOL, False, "[P var] play one of the three on the declaring turn "
       "(play only)", (), "deal"),
    _o("heundeum_paulownia_willow_x4", BOOL, False, "[P var] heundeum in paulownia or willow "
       "is x4", (), "deal"),
    _o("bomb_with_declared_triple", BOOL, False, "A triple declared as heundeum may still bomb "
       "[E]", (), "deal"),
    _o("bomb_draw_mode", CHOICE, "one_plus_two_skips", ("Stock cards after a bomb (play only; "
                                                        "limits how many hand plays may be "
                                                        "skipped after it)"), ("one_plus_two_skips", "draw_three", "draw_two"),
       "deal"),
    _o("bomb_multiplier", BOOL, False, "[B] x2 per bomb for a winning bomber", (), "deal"),
    _o("bomb_steals_junk", BOOL, False, "[E, P var] a bomb takes 1 junk from each opponent",
       (), "deal"),
    _o("first_dealer_rule", CHOICE, "earliest_low_tie", "Who deals first (no scoring effect)",
       ("earliest_low_tie", "earliest_high_tie", "latest_high_tie"), "deal"),
    # 8.4 events during play
    _o("first_turn_ppuk_chips", INT, 3, "Chips from each opponent for a first-turn ppuk", (),
       "events", 0),
    _o("three_ppuk_chips", INT, 5, "Chips from each opponent for a third ppuk (hand ends)", (),
       "events", 0),
    _o("first_turn_four_capture_chips", INT, 0, "[P var, B var] chips for all four of a month "
       "on the first turn (0 = off)", (), "events", 0),
    _o("first_turn_chok_chips", INT, 0, "[P var] chips for a first-turn chok (0 = off)", (),
       "events", 0),
    _o("weol_yak_first_turn", BOOL, False, "[P var] x4 for a winner who took all four of a "
       "month on their first turn", (), "events"),
    _o("weol_yak_month", BOOL, False, "[P var] x4 for a winner holding all four cards of the "
       "month drawn before the deal", (), "events"),
    _o("baek_hwa_jeom", BOOL, False, "[P var] bright+animal+ribbon+junk on the first turn: 1 "
       "junk from each opponent", (), "events"),
    _o("boar_pot", INT, 0, "[P var] chips per deal into a boar pot (0 = off; the pot is kept "
       "outside the chips between players and not settled here)", (), "events", 0),
    _o("boar_first_turn_chips", INT, 0, "[P var] chips for clover-boar captured on the first "
       "turn (0 = off)", (), "events", 0),
    _o("sseul_steals", BOOL, True, "A sseul (sweep) takes 1 junk from each opponent", (),
       "events"),
    _o("stack_capture_steals", CHOICE, "all_stacks", "Which stack captures take junk",
       ("all_stacks", "created_only"), "events"),
    _o("ja_ppuk_junk", CHOICE, 2, "Junk per opponent for taking your own stack: 2 [P], 1 [B]",
       (1, 2), "events"),
    _o("hiki_bonus", BOOL, False, "[B var] every stack capture takes 2 junk", (), "events"),
    _o("triple_hiki", BOOL, False, "[B var] +2 junk once at a player's third stack capture",
       (), "events"),
    # 8.5 payment
    _o("stop_threshold_2p", INT, 7, "Stop target with 2 players (5 or 7)", (), "payment", 1),
    _o("stop_threshold_3p", INT, 3, "Stop target with 3 players", (), "payment", 1),
    _o("go_bonus_formula", CHOICE, "pagat_example", ("Go bonus; the common Korean one is "
                                                     "(points + Go calls) x 2^(calls - 2) from"
                                                     " the 3rd Go"),
       ("pagat_example", "pagat_text", "encyclopedia", "book", "korean_common",
        "three_go_double"), "payment"),
    _o("gwang_bak_mode", CHOICE, "double", "Gwang-bak: x2, +2 chips after multiplying, or off",
       ("double", "plus_two", "off"), "payment"),
    _o("weak_rain_man", BOOL, False, "[B var] willow-rainman does not protect from gwang-bak",
       (), "payment"),
    _o("pi_bak_threshold", CHOICE, 5, "Pi-bak when a loser's junk value is below this",
       (5, 6, 7, 8), "payment"),
    _o("pi_bak_threshold_2p", CHOICE, None, ("Variation: another pi-bak threshold with 2 "
                                             "players (not set: the same as with 3)"), (None, 7, 8), "payment"),
    _o("animal_double_mode", CHOICE, "meong_dda_all", "Winner with 7+ animals: x2 every loser "
       "(meong-dda), x2 losers with no animal (meong-bak), both, or off",
       ("meong_dda_all", "meong_bak_only", "both", "off"), "payment"),
    _o("tti_bak", BOOL, False, "[P var] x2 for a loser with no ribbon when the winner scores a "
       "ribbon row", (), "payment"),
    _o("go_bak_mode", CHOICE, "pay_for_both", "A loser who said Go pays for both (3 players) or "
       "pays x2 [E], or off", ("pay_for_both", "double", "off"), "payment"),
    _o("oe_myeon_mode", CHOICE, "pagat", ("Oe-myeon: what a player pays who left the card "
                                          "the winner stopped with"),
       ("off", "pagat", "book", "book_responsibility"), "payment"),
    _o("draw_refusal_scope", CHOICE, "next_turn_window", "How long a refused nagari offer "
       "makes the refuser liable", ("next_turn_window", "rest_of_hand"), "payment"),
    _o("no_captures_no_pay", BOOL, False, "[P var] a loser with no captured card pays nothing",
       (), "payment"),
    _o("missions", BOOL, False, "[P] online missions: the round's 'mission' (cards, k) "
       "multiplies a winner holding it", (), "payment"),
    _o("winning_brights", BOOL, False, "[B var] five brights end the hand at once (forced "
       "Stop)", (), "payment"),
    _o("starting_stack", INT, 0, "[B var] opening chip balance (series display only)", (),
       "payment", 0),
    _o("nagari_multiplier", CHOICE, "single", "After nagari: x2 once, or x2 per consecutive "
       "nagari", ("single", "cumulative"), "payment"),
    _o("nagari_counts_as_month", BOOL, False, "A nagari uses up one month of the series", (),
       "payment"),
    # 8.6 gwangpalli
    _o("compensation_timing", CHOICE, "immediate", "Gwangpalli compensation paid at once or by "
       "the hand's losers at the end", ("immediate", "delayed"), "gwangpalli"),
    _o("compensation_rate", CHOICE, 2, "Chips per eligible card", (2, 3), "gwangpalli"),
    _o("four_player_rain_exception", BOOL, True, "4 people: a lone rain bright is not paid",
       (), "gwangpalli"),
    _o("nagari_redeal", CHOICE, "same_three", "After a nagari deal to the same three or to "
       "everyone", ("same_three", "all_players"), "gwangpalli"),
    _o("seven_player_iris_forced_out", BOOL, False, "[P var] 7 people: a non-dealer dealt "
       "iris-bridge must drop out (and may claim)", (), "gwangpalli"),
) + (
    # The house rules of Korean score apps and programs (issue 10; docs/games/go-stop.md,
    # "Playing another program's rules"). Every default keeps the digest's rule.
    _o("pi_bak_zero_exempt", BOOL, False, "A loser who captured no junk at all escapes pi-bak",
       (), "payment"),
    _o("reverse_go_multiplier", INT, 0, "Reverse Go (yeokgo): a winner who said Go after an "
       "opponent had said Go is paid this many times instead of the Go multiplier (0 = no "
       "reverse Go)", (), "payment", 0, 16),
    _o("go_bak_doubles", CHOICE, "none", "With go-bak paying for both: also double the go-bak "
       "loser's payment: never, only with 2 players, their own share, or both shares",
       ("none", "two_players", "own_share", "both_shares"), "payment"),
    _o("winner_sake_choice", CHOICE, "most_paid", "The winner's sake cup counts the way that "
       "gets paid most, or the way that gives the most points",
       ("most_paid", "most_points"), "cards"),
    _o("loser_sake_choice", CHOICE, "least_paid", "A loser's sake cup counts the way that pays "
       "least, or as junk only when that escapes pi-bak (else the way with more points)",
       ("least_paid", "escape_pi_bak"), "cards"),
    _o("syodang_liable_when", CHOICE, "anyone_else_wins", "Who must win for the refuser of a "
       "nagari offer to pay for both: anyone but the refuser, or only the player who "
       "accepted", ("anyone_else_wins", "accepter_wins"), "payment"),
    _o("point_value", INT, 1, "Chips per point: the Stop settlement is multiplied by this. "
       "Set your price per point (e.g. 100) to pay in money, and give every fixed amount "
       "(ppuk, first-turn, selling) in money too", (), "payment", 1),
    _o("yeon_ppuk_chips", INT, 0, "Chips from each opponent for a yeon-ppuk (a second ppuk in "
       "a row); play goes on (0 = off)", (), "events", 0),
    _o("sam_yeon_ppuk_chips", INT, 0, "Chips from each opponent for a sam-yeon-ppuk (three "
       "ppuk in a row), paid alongside the Stop; play goes on (0 = off)", (), "events", 0),
    _o("three_ppuk_ends_hand", BOOL, True, "A player's third ppuk ends the hand; off: it pays "
       "its chips (if any) and play goes on", (), "events"),
    _o("ppuk_steals_junk", INT, 0, "Junk each opponent gives to a player who makes a ppuk",
       (), "events", 0, 2),
    _o("compensation_payers", CHOICE, "non_dealers", "Who pays a player who sells brights: the "
       "two non-dealers who play, or everyone who plays the hand",
       ("non_dealers", "all_players"), "gwangpalli"),
    Option("compensation_price", INT, None, ("Chips per card sold, any amount (empty: the "
                                             "chips per eligible card above)"), minimum=1, group="gwangpalli", nullable=True),
    _o("chok_steals", BOOL, True, "A chok (the card drawn takes the card just played) takes 1 "
       "junk from each opponent", (), "events"),
    _o("bomb_multiplier_scope", CHOICE, "winning_bomber", "With the bomb doubling: x2 for each "
       "bomb of the winner, or x2 once for the hand whoever bombed",
       ("winning_bomber", "any_bomb_once"), "deal"),
    _o("both_go_liable", CHOICE, "each_own", "When both losers said Go: each pays their own, "
       "or the one seated first (or last) at the table pays for both",
       ("each_own", "first_seated", "last_seated"), "payment"),
    _o("compensation_counts_sets", BOOL, False, "A player who sells brights also sells the "
       "points of the godori or ribbon sets in their hand: each set shown adds its points to "
       "the cards sold", (), "gwangpalli"),
    _o("four_may_all_play", BOOL, False, "Four at the table may all play the hand (nobody has "
       "to sit out): the three losers each pay the winner", (), "gwangpalli"),
)

# The preset values of the programs of issue 10, each read from the program's own source (the
# docs' "Playing another program's rules" cites the files).
_KOREAN_APPS = {
    "go_bonus_formula": "korean_common", "pi_bak_threshold": 6, "pi_bak_threshold_2p": 8,
    "pi_bak_zero_exempt": True, "animal_double_mode": "meong_bak_only",
    "go_bak_doubles": "two_players", "bomb_multiplier": True}
_GOSTOP_TS = {  # on top of _KOREAN_APPS
    "reverse_go_multiplier": 4, "go_bak_doubles": "both_shares",
    "winner_sake_choice": "most_points", "loser_sake_choice": "escape_pi_bak",
    "first_turn_ppuk_chips": 0, "three_ppuk_chips": 3, "four_in_hand_chips": 3,
    "four_on_table": "dealer_wins", "bomb_steals_junk": True, "bomb_with_declared_triple": True,
    "syodang_liable_when": "accepter_wins", "draw_refusal_scope": "rest_of_hand",
    "oe_myeon_mode": "off", "both_go_liable": "last_seated", "compensation_counts_sets": True,
    "four_player_rain_exception": False}
_GOSTOP_CALCULATOR = {  # on top of _KOREAN_APPS; its amounts are the table's, in 1:2:4
    "first_turn_four_capture_chips": 3, "yeon_ppuk_chips": 6, "sam_yeon_ppuk_chips": 12,
    "three_ppuk_ends_hand": False, "three_ppuk_chips": 0, "compensation_payers": "all_players",
    "four_player_rain_exception": False, "oe_myeon_mode": "off",
    "both_go_liable": "first_seated", "four_may_all_play": True}
_HWATU_GOSTOP_RL = {
    "stop_threshold_3p": 7, "sake_mode": "animal_only", "go_bonus_formula": "korean_common",
    "go_bak_mode": "double", "bomb_steals_junk": True, "first_turn_ppuk_chips": 0,
    "three_ppuk_ends_hand": False, "three_ppuk_chips": 0, "ppuk_steals_junk": 1,
    "oe_myeon_mode": "off", "chok_steals": False}
_GOSTOP_SCOREBOARD = {
    "go_bonus_formula": "three_go_double", "gwang_bak_mode": "off", "animal_double_mode": "off",
    "bomb_multiplier": True, "bomb_multiplier_scope": "any_bomb_once",
    "first_turn_ppuk_chips": 0, "oe_myeon_mode": "off"}

PRESETS = (
    Preset("pagat", "Pagat's Go-Stop rules (recommended)", {}),
    Preset("book", "The Hanami book's Go-Stop (Hanafuda Games: Hanami Edition)", {
        "sa_gwang_points": 5, "joker_table": "book", "four_in_hand_mode": "optional_win",
        "heundeum_timing": "deal_only", "bomb_with_declared_triple": True,
        "bomb_draw_mode": "draw_three", "bomb_multiplier": True, "ja_ppuk_junk": 1,
        "go_bonus_formula": "book", "oe_myeon_mode": "book",
        "draw_refusal_scope": "rest_of_hand"}),
    Preset("encyclopedia", "The Wikipedia article, its gaps filled from Pagat", {
        "sa_gwang_points": 5, "joker_table": "encyclopedia", "joker_stays_with_ppuk": True,
        "joker_hand_mode": "bank_and_redraw", "bomb_with_declared_triple": True,
        "bomb_steals_junk": True, "go_bonus_formula": "encyclopedia", "pi_bak_threshold": 6,
        "go_bak_mode": "double"}),
) + (
    # The programs of issue 10 (docs/games/go-stop.md, "Playing another program's rules").
    # What they share: (P + n) x 2^(n-2) from the 3rd Go, gwang-bak, pi-bak at 5 junk or
    # fewer (7 with 2 players, none for no junk at all), meong-bak on a loser with no animal,
    # go-bak paying for both (x2 with 2 players), a bomb doubling like a shake.
    Preset("korean_apps", ("The Korean rules most Go-Stop apps use: the common Korean Go "
                           "bonus, gwang-bak, pi-bak at 5 junk or fewer (7 with 2 players; "
                           "no pi-bak without junk), meong-bak, go-bak paying for both (x2 "
                           "with 2 players), bomb x2"),
           _KOREAN_APPS),
    Preset("gostop_ts", ("The gostop-ts app: the Korean apps' rules plus reverse Go x4, "
                         "go-bak doubling both shares, the sake cup read for points, instant"
                         " wins of 3 chips"), {**_KOREAN_APPS, **_GOSTOP_TS}),
    Preset("gostop_calculator", ("The GoStopCalculator app: the Korean apps' rules, with "
                                 "first-turn ttadak, yeon-ppuk and sam-yeon-ppuk chips paid "
                                 "alongside the Stop, and bright selling paid by everyone "
                                 "who plays"),
           {**_KOREAN_APPS, **_GOSTOP_CALCULATOR}),
    Preset("hwatu_gostop_rl", ("The hwatu-gostop-rl program: target 7, the sake cup only an "
                               "animal, the common Korean Go bonus, meong-dda, go-bak x2; a "
                               "ppuk takes a junk from each opponent and never ends the hand"), _HWATU_GOSTOP_RL),
    Preset("gostop_scoreboard", ("The gostop-scoreboard app: no Go chips, x2 from the third "
                                 "Go, bomb x2, pi-bak, go-bak paying for both; no gwang-bak "
                                 "or meong-bak"), _GOSTOP_SCOREBOARD),
)
# what a table calls each preset (the pages show these, never the id)
PRESET_NAMES = {
    "pagat": {"en": "Pagat's rules", "ja": "Pagatのルール", "ko": "Pagat 규칙"},
    "book": HANAMI_BOOK,
    "encyclopedia": {"en": "Wikipedia's rules", "ja": "Wikipediaのルール", "ko": "위키백과 규칙"},
    "korean_apps": {"en": "The Korean apps' rules", "ja": "韓国アプリのルール",
                    "ko": "한국 앱 규칙"},
    "gostop_ts": {"en": "The gostop-ts app", "ja": "gostop-ts アプリ", "ko": "gostop-ts 앱"},
    "gostop_calculator": {"en": "The GoStopCalculator app", "ja": "GoStopCalculator アプリ",
                          "ko": "GoStopCalculator 앱"},
    "hwatu_gostop_rl": {"en": "The hwatu-gostop-rl program", "ja": "hwatu-gostop-rl プログラム",
                        "ko": "hwatu-gostop-rl 프로그램"},
    "gostop_scoreboard": {"en": "The gostop-scoreboard app", "ja": "gostop-scoreboard アプリ",
                          "ko": "gostop-scoreboard 앱"},
}
PRESETS = tuple(replace(p, names=PRESET_NAMES[p.id]) for p in PRESETS)


def _n(en, ko, ja=None):
    d = {"en": en, "ko": ko}
    if ja:
        d["ja"] = ja
    return d


YAKU = (
    YakuDef("o_gwang", _n("Five brights", "오광", "五光"), "15 (15-50 by option)",
            ("pine-crane", "cherry-curtain", "pampas-moon", "paulownia-phoenix",
             "willow-rainman"), "brights"),
    YakuDef("sa_gwang", _n("Four brights without rain", "사광", "四光"), "4 (5 by option)",
            ("pine-crane", "cherry-curtain", "pampas-moon", "paulownia-phoenix"), "brights"),
    YakuDef("bi_sa_gwang", _n("Four brights with rain", "비사광", "雨四光"), "4 (3 by option)",
            (), "brights"),
    YakuDef("sam_gwang", _n("Three brights without rain", "삼광", "三光"), "3", (), "brights"),
    YakuDef("bi_sam_gwang", _n("Three brights with rain", "비삼광"), "2", (), "brights"),
    YakuDef("godori", _n("Godori (three birds)", "고도리"), "5 (3 by option)",
            ("plum-warbler", "wisteria-cuckoo", "pampas-geese"), "birds"),
    YakuDef("yukdori", _n("Yukdori (four birds)", "육도리"), "6 (variant)",
            ("plum-warbler", "wisteria-cuckoo", "pampas-geese", "willow-swallow"), "birds"),
    YakuDef("bidori", _n("Bidori (three birds with the swallow)", "비도리"), "4 (variant)",
            ("plum-warbler", "wisteria-cuckoo", "pampas-geese", "willow-swallow"), "birds"),
    YakuDef("yul", _n("Animals", "열"), "1 for 5 animals, +1 per further animal"),
    YakuDef("hong_dan", _n("Poetry ribbons", "홍단", "赤短"), "3",
            ("pine-poetry", "plum-poetry", "cherry-poetry")),
    YakuDef("cheong_dan", _n("Blue ribbons", "청단", "青短"), "3",
            ("peony-blue", "chrysanthemum-blue", "maple-blue")),
    YakuDef("cho_dan", _n("Plain red ribbons", "초단"), "3",
            ("wisteria-ribbon", "iris-ribbon", "clover-ribbon")),
    YakuDef("tti", _n("Ribbons", "띠"), "1 for 5 ribbons, +1 per further ribbon"),
    YakuDef("pi", _n("Junk", "피"), "1 for junk value 10, +1 per further junk value"),
    YakuDef("vip_ssangpi", _n("VIP: three double junk", "VIP 쌍피"), "+3 (variant; not for "
            "the Stop target)", ("chrysanthemum-sake", "paulownia-chaff-colored",
                                 "willow-lightning")),
    YakuDef("palssari", _n("Eight clovers", "팔싸리"), "+8 (variant; not for the Stop target)",
            ("wisteria-cuckoo", "wisteria-ribbon", "wisteria-chaff-1", "wisteria-chaff-2",
             "clover-boar", "clover-ribbon", "clover-chaff-1", "clover-chaff-2")),
)

_P = {"player": "name"}
# bonus cards can turn up only when some are in play
_JOKERS = ("joker_table!=none", "joker_abilities")

# event fields (the key is filled in from the field name)
_f = partial(InputDef, "")
_MONTH = tuple(f.id for f in FLOWERS)
_TURN = _f("int", "turn number", minimum=1)
_LAST_TURN = _f("bool", "on the last turn of the hand")
_SCORE = _f("int", "the player's Stop points now", minimum=0)
_JOKER_CARD = _f("card", "the bonus card", choices=slugs_of(BONUS_CARDS), required=True)
# the events whose junk steal a junk_transfer records (6.5)
_STEAL_CAUSES = ("sseul", "ttadak", "chok", "stack_capture", "ja_ppuk", "bomb", "joker_capture",
                 "baek_hwa_jeom")

EVENTS = (
    # the Go's score is optional: checked when given (issue 9, "no traps")
    EventDef("go", "the player says Go", {"score": _SCORE}),
    EventDef("stop", "the player says Stop: the hand ends and is settled",
             {"score": _SCORE}),
    EventDef("winning_brights", "[B var] five brights: forced Stop",
             requires=("winning_brights",)),
    EventDef("heundeum", "the player shows three cards of one month",
             {"month": _f("choice", "the month shown", choices=_MONTH, required=True),
              "turn": _TURN}),
    EventDef("bomb", "the player bombs a month",
             {"month": _f("choice", "the month bombed", choices=_MONTH, required=True),
              "turn": _TURN}),
    EventDef("pass_hand_play", "a skipped hand play after a bomb"),
    EventDef("ppuk", "the player makes a stack",
             {"month": _f("choice", "the month stacked", choices=_MONTH), "turn": _TURN}),
    EventDef("stack_capture", "the player takes a three-card stack",
             {"month": _f("choice", "the stack's month", choices=_MONTH),
              "creator": _f("player", "who made the stack", choices=("dealt",)),
              "last_turn": _LAST_TURN}),
    EventDef("ja_ppuk", "the player takes a stack they made themselves",
             {"month": _f("choice", "the stack's month", choices=_MONTH)}),
    EventDef("sseul", "the player clears the layout", {"last_turn": _LAST_TURN}),
    EventDef("chok", "the stock card captures the card just played",
             {"last_turn": _LAST_TURN}),
    EventDef("ttadak", "hand and stock card take all four of a month",
             {"last_turn": _LAST_TURN}),
    EventDef("joker_capture", "the player captures a bonus card", {"card": _JOKER_CARD},
             requires=_JOKERS),
    EventDef("joker_from_layout", "a bonus card dealt to the layout goes to the dealer",
             {"card": _JOKER_CARD}, requires=_JOKERS),
    EventDef("junk_transfer", "a junk card moves from one player to another",
             {"from": _f("player", "who gives the card", required=True),
              "card": _f("card", "the junk card", required=True),
              "cause": _f("choice", "the event that moved it", choices=_STEAL_CAUSES)}),
    EventDef("sake_designation", "the table declares how the sake cup counts",
             {"as": _f("choice", "counted as", choices=("animal", "junk"), required=True)}),
    EventDef("four_in_hand", "instant win: four of a month in hand",
             {"month": _f("choice", "the month", choices=_MONTH, required=True)}),
    EventDef("four_on_table", "four of a month in the layout", {}, per_player=False),
    EventDef("void_deal", "misdeal: nothing paid, same dealer",
             {"reason": _f("choice", "the reason", choices=("four_in_layout", "all_four_in_hand",
                                                            "four_pairs"))},
             per_player=False),
    EventDef("nagari", "the hand ends with no winner", {"reason": _f("text", "the reason")},
             per_player=False),
    EventDef("syodang_offer", "the player offers a nagari (3 players)",
             {"refused_by": _f("player", "who refused (empty when both accept)")}),
    EventDef("syodang_lapsed", ("the refusal window of the last refused offer closed (when "
                                "the refuser is liable until their next turn)"), {}, per_player=False),
    EventDef("oe_myeon", "the player left the card the winner stopped with",
             {"card": _f("card", "the card left", required=True),
              "kind": _f("choice", "how it was left",
                         choices=("played_unmatched", "left_capturable")),
              "last_card": _f("bool", "it was their last card in hand"),
              "offered_draw": _f("bool", "they had offered a draw"),
              "same_result": _f("bool", "any other card gave the same result")},
             requires=("oe_myeon_mode!=off",)),
    # the [var] first-turn events are rejected unless their option is on (chips > 0)
    EventDef("first_turn_four_capture", "[var] all four of a month on the first turn",
             requires=("first_turn_four_capture_chips",)),
    EventDef("first_turn_chok", "[var] chok on the first turn",
             requires=("first_turn_chok_chips",)),
    EventDef("weol_yak_first_turn", "[var] all four of a month on the first turn (x4 if win)",
             requires=("weol_yak_first_turn",)),
    EventDef("baek_hwa_jeom", "[var] one card of each kind captured on the first turn",
             requires=("baek_hwa_jeom",)),
    EventDef("boar_first_turn", "[var] clover-boar captured on the first turn",
             requires=("boar_first_turn_chips",)),
    EventDef("boar_capture", ("Variation: the same as the boar captured on the first turn "
                              "(another name for it)"),
             requires=("boar_first_turn_chips",)),
    # the ppuk runs some score apps pay for (issue 10): paid at once, the hand goes on
    EventDef("yeon_ppuk", "[var] a second ppuk in a row (yeon-ppuk): chips from each "
             "opponent", requires=("yeon_ppuk_chips",)),
    EventDef("sam_yeon_ppuk", "[var] three ppuk in a row (sam-yeon-ppuk): chips from each "
             "opponent; play goes on", requires=("sam_yeon_ppuk_chips",)),
)


# ---------------------------------------------------------------------------------------------
# Quick entry (issue 9): what the table says of a player instead of their captured cards. The
# winner's points, or their combinations by name (yul, tti and pi with their count); for each
# loser the penalties. Go, shaking and bombs stay events. Read in _go_stop_phases.py.
# ---------------------------------------------------------------------------------------------

# the combinations that grow with what they count: the count's least value and its unit
COUNTED = {"yul": (5, "animals"), "tti": (5, "ribbons"), "pi": (10, "junk value")}
# the facts a table says of the winner, and of a loser (each toggle true or false)
WINNER_FACTS = ("points", "yaku", "meong_dda", "joker_double", "holds_mission",
                "holds_weol_yak_month")
LOSER_FACTS = ("gwang_bak", "pi_bak", "meong_bak", "tti_bak", "no_captures", "joker_deny")

DECLARED = InputDef(
    "declared", "record",
    "Quick entry, instead of a player's captured cards: the winner's points (or their "
    "combinations by name) and each loser's penalties, as said at the table.",
    per_player=True, fields=(
        InputDef("points", "int", "Points", minimum=0),
        InputDef("yaku", "list", "Combinations", maximum=len(YAKU),
                 item=InputDef("", "record", "Combination", fields=(
                     InputDef("yaku", "choice", "Combination",
                              choices=tuple(y.id for y in YAKU), required=True),
                     InputDef("count", "int", "Animals, ribbons or junk value",
                              minimum=5)))),
        InputDef("meong_dda", "bool", "Meong-dda: 7 or more animals",
                 requires=("animal_double_mode=meong_dda_all", "animal_double_mode=both")),
        InputDef("joker_double", "bool", "Holds the double joker", requires=("joker_abilities",)),
        InputDef("holds_mission", "bool", "Holds the mission cards", requires=("missions",)),
        InputDef("holds_weol_yak_month", "bool", "Holds the weol-yak month",
                 requires=("weol_yak_month",)),
        InputDef("gwang_bak", "bool", "Gwang-bak: no bright", requires=("gwang_bak_mode!=off",)),
        InputDef("pi_bak", "bool", "Pi-bak: too little junk"),
        InputDef("meong_bak", "bool", "Meong-bak: no animal",
                 requires=("animal_double_mode=meong_bak_only", "animal_double_mode=both")),
        InputDef("tti_bak", "bool", "Tti-bak: no ribbon", requires=("tti_bak",)),
        InputDef("no_captures", "bool", "Captured no card", requires=("no_captures_no_pay",)),
        InputDef("joker_deny", "bool", "Holds the deny-losses joker",
                 requires=("joker_abilities",))))
