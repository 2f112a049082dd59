"""Go-Stop (고스톱), per shared/rules/go-stop.md (the digest; section numbers below are its).

A pile is one int (tally.cards). ``evaluate`` scores the jokbo (section 4) with the sake cup
(and the iris card under an iris variant) designated to give the most Stop points (2.3, 1).
``score_round`` settles a hand: the Stop settlement of 5.8 (Go bonus 5.5, the multiplier
catalogue 5.6, dok-bak 5.7), instant payments (6.4), gwangpalli compensation (6.3), nagari
carry (6.6). A round is entered with each player's captured cards, or quick entry: what the
table says of a player instead (the winner's points, each loser's penalties; issue 9). The
round input is documented in docs/games/go-stop.md.
"""

from __future__ import annotations

from ..cards import (BIT, BONUS_CARDS, BRIGHTS, CHAFFS, FLOWERS, FULL_DECK, RIBBONS,
                     TENS, MaskTable, mask_of, month_mask, slugs_of)
from ..errors import TallyError
from ..results import Evaluation, YakuHit, said
from . import Game, InputDef
from ._go_stop_rules import DECLARED, EVENTS, OPTIONS, PRESETS, YAKU

GID = "go-stop"

RAIN = BIT["willow-rainman"]
SAKE = BIT["chrysanthemum-sake"]
IRIS = BIT["iris-bridge"]
SWALLOW = BIT["willow-swallow"]
GODORI = mask_of(["plum-warbler", "wisteria-cuckoo", "pampas-geese"])
BIRDS4 = GODORI | SWALLOW
HONG = mask_of(["pine-poetry", "plum-poetry", "cherry-poetry"])
CHEONG = mask_of(["peony-blue", "chrysanthemum-blue", "maple-blue"])
CHO = mask_of(["wisteria-ribbon", "iris-ribbon", "clover-ribbon"])
DOUBLE_JUNK = mask_of(["willow-lightning", "paulownia-chaff-colored"])
SINGLE_JUNK = CHAFFS & ~DOUBLE_JUNK  # the 22 single junk (2.1)
VIP = DOUBLE_JUNK | SAKE
PALSSARI = month_mask("wisteria") | month_mask("clover")
BRIGHT_ROWS = frozenset({"o_gwang", "sa_gwang", "bi_sa_gwang", "sam_gwang", "bi_sam_gwang"})
RIBBON_ROWS = frozenset({"tti", "hong_dan", "cheong_dan", "cho_dan"})
# 6.3: cards a forced drop-out may sell
ELIGIBLE = BRIGHTS | DOUBLE_JUNK | SAKE | BONUS_CARDS
NAMES = {y.id: y.names for y in YAKU}


# ---------------------------------------------------------------------------------------------
# 5.5 Go bonus
# ---------------------------------------------------------------------------------------------

def go_terms(n: int, formula: str) -> tuple[int, int]:
    """(chips added, Go multiplier) for a winner who said Go ``n`` times (5.5, verbatim)."""
    if n == 0:
        return 0, 1
    if formula == "book":
        return (1, 1) if n == 1 else (0, n)
    if formula == "three_go_double":  # a scoreboard's Go: no chips, x2 once from the 3rd Go
        return 0, (2 if n >= 3 else 1)
    if n <= 2:
        return n, 1
    if formula == "pagat_example":
        return 2, 2 ** (n - 2)
    if formula == "pagat_text":
        return 0, 2 ** (n - 2)
    if formula == "encyclopedia":
        return 2, n - 1
    if formula == "korean_common":
        return n, 2 ** (n - 2)
    raise TallyError(said("unknown Go bonus {value!r}", value=formula), game=GID,
                     option="go_bonus_formula", field="options.go_bonus_formula")


# ---------------------------------------------------------------------------------------------
# compile: everything the options fix
# ---------------------------------------------------------------------------------------------

class Compiled:
    """Masks and values fixed by one option set."""

    def __init__(self, rules):
        r = self.rules = rules
        # plain attributes: Rules.__getattr__ is too slow for the 100 us round budget
        self.r = type("R", (), dict(rules))()
        self.preset = rules.preset
        # joker table (2.4, 8.2): slug -> (junk value, ability)
        table: dict[str, tuple[int, str]] = {}
        if r.joker_table == "pagat":  # 2.4: the default table joker-2 -> 2, joker-3 -> 3
            table = {"joker-2": (2, "none"), "joker-3": (3, "none")}
        elif r.joker_table == "pagat_all":  # every junk kind Pagat lists
            table = {"joker-1": (1, "none"), "joker-2": (2, "none"), "joker-3": (3, "none")}
        elif r.joker_table == "book":
            table = {f"joker-{c}": (r[f"joker_{c}_value"], r[f"joker_{c}_ability"])
                     for c in "abcdef"}
        elif r.joker_table == "encyclopedia":  # [E]: bonus cards usually count 2 junk
            table = {"joker-2": (2, "none")}
            table.update({f"joker-{c}": (2, "none") for c in "abcdef"})
        if r.joker_abilities and r.joker_table != "none":  # 10 A29: ability jokers 0 junk
            table.update({"joker-boss": (0, "boss_junk"), "joker-double": (0, "double"),
                          "joker-shield": (0, "bright_shield"), "joker-deny": (0, "deny_losses")})
        self.jokers = table
        self.deck = FULL_DECK | mask_of(table)
        self.off = BONUS_CARDS & ~self.deck  # bonus cards not in play under these options
        self.ability = {a: mask_of(s for s, (_, ab) in table.items() if ab == a)
                        for a in ("boss_junk", "double", "bright_shield", "deny_losses")}
        j1 = SINGLE_JUNK | mask_of(s for s, (v, _) in table.items() if v == 1)
        j2 = DOUBLE_JUNK | mask_of(s for s, (v, _) in table.items() if v == 2)
        j3 = mask_of(s for s, (v, _) in table.items() if v == 3)
        animals = TENS
        flex = []  # (bit, junk value as junk, slug)
        sake_mode = r.sake_mode if r.iris_bridge_mode == "animal" else "animal_only"
        if sake_mode == "animal_or_double_junk":
            flex.append((SAKE, 2, "chrysanthemum-sake"))
        elif sake_mode == "animal_or_single_junk":
            flex.append((SAKE, 1, "chrysanthemum-sake"))
        elif sake_mode == "animal_and_single_junk":
            j1 |= SAKE
        if r.iris_bridge_mode == "animal_or_double_junk":
            flex.append((IRIS, 2, "iris-bridge"))
        elif r.iris_bridge_mode == "animal_and_single_junk":
            j1 |= IRIS
        for bit, _, _ in flex:
            animals &= ~bit
        self.animals, self.j1, self.j2, self.j3 = animals, j1, j2, j3
        self.junk_cards = j1 | j2 | j3
        self.flex = tuple(flex)
        self.flex_mask = sum(b for b, _, _ in flex)
        self.sake_in_junk = bool(j1 & SAKE)
        self.o_gwang, self.sa_gwang = r.o_gwang_points, r.sa_gwang_points
        self.bi_sa_gwang = r.bi_sa_gwang_points
        self.dry_four_not_yaku = r.dry_four_not_yaku
        self.godori_points, self.yukdori = r.godori_points, r.yukdori_bidori
        self.vip, self.palssari = r.vip_ssangpi, r.palssari
        # the rows each group of cards gives, built once per option set on first use: a
        # pile's rows are four table lookups (brights, birds, ribbons, the variants' sets)
        # plus the animal and junk rows, the only ones a flexible card can change
        self.extra_mask = (VIP if self.vip else 0) | (PALSSARI if self.palssari else 0)
        self.brights = MaskTable(self._bright_rows)
        self.birds = MaskTable(self._bird_rows)
        self.ribbons = MaskTable(self._ribbon_rows)
        self.extras = MaskTable(self._extra_rows)
        self.yul = MaskTable(self._yul_hit)
        self.pi_notes = MaskTable(lambda j: said("junk value {junk}: 1 + {further} further",
                                              junk=j, further=j - 10))
        self.choices = MaskTable(lambda key: _choice_sentences(self, key))
        # what the round scorer reads of these options, built on its first use (keyed by
        # what it is and, say, the number of players): never per round
        self.memo: dict = {}

    # -- the rows of each group of cards (section 4): (points, hits, ids) -------------------

    def _bright_rows(self, b: int) -> tuple:
        nb = b.bit_count()
        if nb < 3:
            return _NO_ROWS
        if nb == 5:
            return _rows(self.o_gwang, _hit("o_gwang", self.o_gwang, b))
        if nb == 4:
            if b & RAIN:
                return _rows(self.bi_sa_gwang, _hit("bi_sa_gwang", self.bi_sa_gwang, b))
            if self.dry_four_not_yaku:
                return _rows(self.bi_sa_gwang, _hit(
                    "bi_sa_gwang", self.bi_sa_gwang, b,
                    said("four dry brights are no yaku here: any four brights")))
            return _rows(self.sa_gwang, _hit("sa_gwang", self.sa_gwang, b))
        return (_rows(2, _hit("bi_sam_gwang", 2, b)) if b & RAIN
                else _rows(3, _hit("sam_gwang", 3, b)))

    def _bird_rows(self, b: int) -> tuple:
        if self.yukdori:
            if b == BIRDS4:
                return _rows(6, _hit("yukdori", 6, BIRDS4))
            if b == GODORI:
                return _rows(self.godori_points, _hit("godori", self.godori_points, GODORI))
            if b.bit_count() == 3:
                return _rows(4, _hit("bidori", 4, b))
        elif b & GODORI == GODORI:
            return _rows(self.godori_points, _hit("godori", self.godori_points, GODORI))
        return _NO_ROWS

    def _ribbon_rows(self, t: int) -> tuple:
        hits = [_hit(k, 3, mk) for k, mk in (("hong_dan", HONG), ("cheong_dan", CHEONG),
                                             ("cho_dan", CHO)) if t & mk == mk]
        nt = t.bit_count()
        if nt >= 5:
            hits.append(_hit("tti", nt - 4, t, said("{ribbons} ribbons: 1 + {further} further",
                                                    ribbons=nt, further=nt - 5)))
        return _rows(sum(h.points for h in hits), *hits)

    def _extra_rows(self, e: int) -> tuple:
        """The variants' sets, which do not count toward the Stop target."""
        hits = [_hit(k, pts, mk) for k, pts, mk in (("vip_ssangpi", 3, VIP),
                                                    ("palssari", 8, PALSSARI))
                if self.extra_mask & mk and e & mk == mk]
        return _rows(sum(h.points for h in hits), *hits)

    def _yul_hit(self, am: int) -> YakuHit:
        n_a = am.bit_count()
        return _hit("yul", n_a - 4, am, said("{animals} animals: 1 + {further} further",
                                             animals=n_a, further=n_a - 5))

    # -- counting ---------------------------------------------------------------------------

    def counts(self, m: int, junk_flex: int) -> tuple[int, int]:
        """(animals, junk value) of pile ``m`` with the flexible cards in ``junk_flex`` as
        junk and the other flexible cards as animals."""
        # the animals and the flexible cards are disjoint: one count holds both
        n_a = (m & (self.animals | (self.flex_mask & ~junk_flex))).bit_count()
        j = ((m & self.j1).bit_count() + 2 * (m & self.j2).bit_count()
             + 3 * (m & self.j3).bit_count())
        if junk_flex & m:  # a flexible card held counted as junk (not the usual case)
            for bit, v, _ in self.flex:
                if junk_flex & bit & m:
                    j += v
        return n_a, j

    def best_reading(self, m: int) -> tuple[int, int, int]:
        """(junk_flex, animals, junk value) with the most Stop points (2.3); ties keep the
        first tried, all animal. Only the animal and junk rows depend on the reading, so the
        pile is counted once and each reading is two sums."""
        held = m & self.flex_mask
        n_a, j = self.counts(m, 0)
        if not held:
            return 0, n_a, j
        if len(self.flex) == 1:  # the usual case: one flexible card, two readings
            v = self.flex[0][1]
            if _flexible_gain(n_a - 1, j + v) > _flexible_gain(n_a, j):
                return held, n_a - 1, j + v
            return 0, n_a, j
        best = None
        for d in self.designations(m):
            n_a, j = self.counts(m, d)
            if best is None or _flexible_gain(n_a, j) > best[0]:
                best = (_flexible_gain(n_a, j), d, n_a, j)
        return best[1:]

    def points(self, m: int, n_a: int, j: int) -> tuple[int, int]:
        """(P_stop, P) for a pile with ``n_a`` animals and junk value ``j`` (section 4)."""
        p = (self.brights[m & BRIGHTS][0] + self.birds[m & BIRDS4][0]
             + self.ribbons[m & RIBBONS][0] + _flexible_gain(n_a, j))
        return p, (p + self.extras[m & self.extra_mask][0] if self.extra_mask else p)

    def jokbo(self, m: int, junk_flex: int, n_a: int, j: int) -> tuple[int, int, tuple]:
        """(P_stop, P, the scoring rows) of pile ``m`` read as ``junk_flex`` (its ``n_a``
        animals and junk value ``j``), each table read once."""
        b, w, r = self.brights[m & BRIGHTS], self.birds[m & BIRDS4], self.ribbons[m & RIBBONS]
        # + _flexible_gain(n_a, j), inline (three piles a round)
        p = b[0] + w[0] + r[0] + (n_a - 4 if n_a >= 5 else 0) + (j - 9 if j >= 10 else 0)
        hits = b[1] + w[1]
        if n_a >= 5:
            hits += (self.yul[(m & self.animals) | (m & self.flex_mask & ~junk_flex)],)
        hits += r[1]
        if j >= 10:
            hits += (_hit("pi", j - 9, (m & self.junk_cards) | (m & junk_flex),
                          self.pi_notes[j]),)
        if self.extra_mask:
            e = self.extras[m & self.extra_mask]
            return p, p + e[0], hits + e[1]
        return p, p, hits

    def hits(self, m: int, junk_flex: int, n_a: int, j: int) -> tuple[YakuHit, ...]:
        """The scoring rows (YakuHits with their cards) for one designation."""
        return self.jokbo(m, junk_flex, n_a, j)[2]

    def row_ids(self, m: int, n_a: int, j: int) -> frozenset:
        """The ids of the rows ``hits`` would give, without building them (settlement speed;
        a test checks both agree)."""
        return self.scored(m, n_a, j)[2]

    def scored(self, m: int, n_a: int, j: int) -> tuple[int, int, frozenset]:
        """(P_stop, P, row_ids) of a pile with ``n_a`` animals and junk value ``j``: what the
        Stop's settlement reads of each count of the winner's cards, each table read once."""
        b, w, r = self.brights[m & BRIGHTS], self.birds[m & BIRDS4], self.ribbons[m & RIBBONS]
        # + _flexible_gain(n_a, j), inline (the settlement's hot path)
        p = b[0] + w[0] + r[0] + (n_a - 4 if n_a >= 5 else 0) + (j - 9 if j >= 10 else 0)
        ids = b[2] + w[2] + r[2]
        if n_a >= 5:
            ids += ("yul",)
        if j >= 10:
            ids += ("pi",)
        if self.extra_mask:
            e = self.extras[m & self.extra_mask]
            return p, p + e[0], frozenset(ids + e[2])
        return p, p, frozenset(ids)

    def designations(self, m: int, forced: int | None = None) -> tuple[int, ...]:
        """Every junk_flex mask to try for pile ``m``: all-animal first (the tie-break)."""
        held = m & self.flex_mask
        if not held:
            return (0,)
        if forced is not None:
            return (forced & held,)
        if held == self.flex_mask and len(self.flex) == 1:
            return (0, held)
        subs = [0]
        # enumerate subsets of held (at most 2 flexible cards)
        sub = held
        while sub:
            subs.append(sub)
            sub = (sub - 1) & held
        return tuple(sorted(subs, key=lambda x: x.bit_count()))


_NO_ROWS = (0, (), ())


def _rows(points: int, *hits: YakuHit) -> tuple:
    """A group's table entry: its points, its hits and their ids."""
    return points, hits, tuple(h.id for h in hits)


def _flexible_gain(n_a: int, j: int) -> int:
    """The points of the animal and junk rows: 1 at 5 animals and at junk value 10, +1 for
    each further one (section 4)."""
    return (n_a - 4 if n_a >= 5 else 0) + (j - 9 if j >= 10 else 0)


def _hit(k, pts, mask, note=""):
    return YakuHit.of_mask(k, NAMES[k]["en"], pts, mask, NAMES[k], note)


def _compile(rules) -> Compiled:
    return Compiled(rules)


# how a flexible card was counted: (as junk?, why) -> template; why "" in an evaluation, "best"
# (or "points") for a Stop winner's pile, "least" (or "escape") for a loser's (the round adds
# why the designation was made)
_CHOICE = {
    (True, ""): "{card} counted as {junk} junk (not as an animal)",
    (False, ""): "{card} counted as an animal ({animals} animals), not as {junk} junk",
    (True, "best"): "{card} counted as {junk} junk (not as an animal): the way that is paid "
                    "most",
    (False, "best"): "{card} counted as an animal ({animals} animals), not as {junk} junk: "
                     "the way that is paid most",
    (True, "least"): "{card} counted as {junk} junk (not as an animal): the way that costs "
                     "least",
    (False, "least"): "{card} counted as an animal ({animals} animals), not as {junk} junk: "
                      "the way that costs least",
    # the house rules of score apps (winner_sake_choice, loser_sake_choice)
    (True, "points"): "{card} counted as {junk} junk (not as an animal): the way with the "
                      "most points",
    (False, "points"): "{card} counted as an animal ({animals} animals), not as {junk} junk: "
                       "the way with the most points",
    (True, "escape"): "{card} counted as {junk} junk (not as an animal): the way that escapes "
                      "pi-bak, else the one with more points",
    (False, "escape"): "{card} counted as an animal ({animals} animals), not as {junk} junk: "
                       "the way that escapes pi-bak, else the one with more points",
}


def _choice_words(c: Compiled, m: int, junk_flex: int, n_a: int,
                  why: str = "") -> tuple[str, ...]:
    """How each flexible card of pile ``m`` was counted, in words (built once per reading)."""
    held = m & c.flex_mask
    if not held:
        return ()
    return c.choices[held, junk_flex & held, n_a, why]


def _choice_sentences(c: Compiled, key) -> tuple[str, ...]:
    held, junk_flex, n_a, why = key
    out = []
    for bit, v, slug in c.flex:
        if held & bit:
            if junk_flex & bit:
                out.append(said(_CHOICE[True, why], card=slug, junk=v))
            else:
                out.append(said(_CHOICE[False, why], card=slug, animals=n_a, junk=v))
    return tuple(out)


def evaluate(m: int, c: Compiled) -> Evaluation:
    if m & c.off:
        bad = slugs_of(m & c.off)[0]
        raise TallyError(said("card {card!r} is not in play under these house rules",
                              card=bad), game=GID, card=bad, option="joker_table")
    d, n_a, j = c.best_reading(m)
    ps, p, hits = c.jokbo(m, d, n_a, j)
    return Evaluation(p, hits, _choice_words(c, m, d, n_a) if m & c.flex_mask else (),
                      {"stop_points": ps, "animals": n_a, "junk_value": j})


from ._go_stop_round import score_round  # noqa: E402  (uses the names above)

ROUND_EXAMPLE = {
    "players": ["Ana", "Bo", "Cy"],
    "dealer": "Ana",
    "captures": {
        "Ana": ["pine-crane", "cherry-curtain", "pampas-moon", "plum-warbler",
                "wisteria-cuckoo", "pampas-geese", "pine-chaff-1", "pine-chaff-2"],
        "Bo": ["paulownia-phoenix", "iris-chaff-1", "iris-chaff-2", "maple-chaff-1",
               "maple-chaff-2", "willow-lightning"],
        "Cy": ["peony-blue", "clover-chaff-1", "clover-chaff-2"],
    },
    "events": [
        {"type": "heundeum", "player": "Ana", "month": "maple", "turn": 1},
        {"type": "ppuk", "player": "Bo", "month": "plum", "turn": 1},
        {"type": "go", "player": "Ana", "score": 5},
        {"type": "chok", "player": "Cy"},
        {"type": "stop", "player": "Ana", "score": 8},
    ],
    "carry": {"nagari": 1},
}

GAME = Game(
    id=GID,
    names={"en": "Go-Stop", "ko": "고스톱", "ja": "ゴーストップ"},
    family="capture",
    players=(2, 7),
    deck=FULL_DECK | BONUS_CARDS,
    options=OPTIONS,
    presets=PRESETS,
    default_preset="pagat",
    yaku=YAKU,
    events=EVENTS,
    compile=_compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/go-stop.md",
    max_pile=None,
    round_example=ROUND_EXAMPLE,
    lengths=(3, 6, 12),
    description="Korean fishing game: reach the target, then say Go for more or Stop to be "
                "paid; 2-3 active players, 4-7 with gwangpalli.",
    month_order="kr",  # Korean hwatu numbering (digest section 1)
    inputs=(
        InputDef("sitting_out", "record",
                 "Only with 4 to 7 people: who sits the hand out, with the cards shown and "
                 "the triples of a forced drop-out; exactly the number of people minus 3 sit "
                 "out.", per_player=True, fields=(
                     InputDef("shows", "cards", "Cards shown"),
                     InputDef("triples", "int", "Triples", minimum=0, maximum=2),
                     InputDef("dealt_iris_bridge", "bool", "Dealt the iris bridge"))),
        InputDef("sake_as", "choice",
                 "Optional: how a player declared the sake cup counts, as an animal or as "
                 "junk. It overrides the best use of the card.", choices=("animal", "junk"),
                 per_player=True),
        InputDef("mission", "record",
                 "With option missions: the mission's cards and multiplier. The winner's "
                 "score is multiplied when they captured all its cards.", requires=("missions",),
                 fields=(
                     InputDef("cards", "cards", "Mission cards", required=True),
                     InputDef("multiplier", "int", "Multiplier", required=True, minimum=2,
                              maximum=9))),
        InputDef("weol_yak_month", "choice",
                 ("With the month drawn before the deal (weol-yak): the month whose four "
                  "cards multiply the winner's score by 4."), choices=tuple(f.id for f in FLOWERS),
                 requires=("weol_yak_month",)),
        InputDef("check_calls", "bool",
                 ("On unless told otherwise; off skips checking the Go and Stop scores "
                  "against the captures (for illustrative hands).")),
        DECLARED,  # quick entry (issue 9): instead of a player's captured cards
    ),
)
