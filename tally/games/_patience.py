"""What the book's patience games share (Seasons, Pyramid, Solitaire, Eight Off; shared/rules/
seasons.md, pyramid.md, solitaire.md, eight-off.md).

None of them has card values or points: a game is one result, ``win`` or ``loss``, plus an
optional progress figure the digests allow "not in the book" (cards placed, cards left in the
pyramid, cards on the foundations). A result is recorded as ``points`` 1 for a win and 0 for
a loss so that a series adds up to the number of wins ("for a series, the app can count
wins", seasons.md section 6). No payments.

A game's ``Spec`` says which cards the progress pile may hold, how many make a win, and how
the pile must look (foundations built up from January), all fixed by the options at compile
time; ``evaluate`` and ``score_single`` read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Mapping
from typing import Callable

from ..cards import CARD, FULL_DECK, mask_of, slugs_of
from ..errors import TallyError
from ..options import BOOL, Option, one_of_error
from ..results import Evaluation, PlayerScore, RoundResult, Step, hit, said
from ..rounds import player_field, players_of
from . import YakuDef

JOKERS = mask_of(["joker-a", "joker-b", "joker-c", "joker-d"])  # seasons.md section 2
DECK52 = FULL_DECK | JOKERS
MONTHS = tuple(0b1111 << (4 * m) for m in range(12))
DECEMBER = MONTHS[11]
RESULTS = ("win", "loss")
RESULT_NAMES = {"win": {"en": "Win"}, "loss": {"en": "Loss"}}


def result_defs(win: str, loss: str) -> tuple[YakuDef, ...]:
    return (YakuDef("win", RESULT_NAMES["win"], "no points (counts 1 win)", kind="event",
                    description=win),
            YakuDef("loss", RESULT_NAMES["loss"], "no points", kind="event", description=loss))


def play_option(oid: str, description: str, *, excludes: tuple[str, ...] = (),
                group: str = "variations") -> Option:
    """A book variation (every one is off in the book preset)."""
    return Option(oid, BOOL, False, description, group=group, excludes=excludes)


def exactly_one(game: str, rules: Mapping, ids: tuple[str, ...]) -> str:
    on = [i for i in ids if rules[i]]
    if len(on) != 1:
        bad = on[1] if on else ids[0]
        raise one_of_error(game, ids, bad)
    return on[0]


# the month names as sentences of their own, for messages said in the reader's language
MONTH_WORDS = (said("January"), said("February"), said("March"), said("April"), said("May"),
               said("June"), said("July"), said("August"), said("September"), said("October"),
               said("November"), said("December"))
MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August",
               "September", "October", "November", "December")


def foundation_problem(mask: int, ordered: bool) -> str | None:
    """Why ``mask`` cannot be the cards on four foundations built up one month at a time from a
    January with jokers (month 13) last, or None when it can.

    Default: each foundation is a run January..k, so no month can have more cards on the
    foundations than the month before it. ``ordered`` (ordered_foundation): foundation p takes
    only each month's p-th card (the book's card order = bit % 4), so a card needs the same
    position's card of the month before. Either way a joker needs a foundation that reached
    December.
    """
    flowers = mask & FULL_DECK
    if ordered:
        orphans = (flowers >> 4) & ~flowers & FULL_DECK  # the card below is missing
        if orphans:
            low = orphans & -orphans
            card, below = slugs_of(low << 4)[0], slugs_of(low)[0]
            return said("{card} is on a foundation without {below} below it (under the "
                        "house rule that each foundation takes one card position, January "
                        "upward)", card=card, below=below)
    else:
        prev = 4
        for i, m in enumerate(MONTHS):
            n = (flowers & m).bit_count()
            if n > prev:
                return said("{n} {month} cards are on the foundations but only {prev} "
                            "{month_before} cards: foundations are built up one month at a time "
                            "from January", n=n, month=MONTH_WORDS[i], prev=prev,
                            month_before=MONTH_WORDS[i - 1])
            prev = n
    jokers, decembers = (mask & JOKERS).bit_count(), (flowers & DECEMBER).bit_count()
    if jokers > decembers:
        return said("{jokers} jokers are on the foundations but only {decembers} foundations "
                    "reached December (the joker is month 13)", jokers=jokers,
                    decembers=decembers)
    return None


@dataclass(frozen=True)
class Spec:
    game: str
    key: str  # the round key of the progress figure: "placed", "left", "foundations"
    noun: str  # "flower cards placed", ...
    allowed: int  # cards the progress pile may hold under these options
    maximum: int  # the largest progress figure
    win: Callable[[int], bool]  # progress count -> is it a win
    win_words: str  # what a win needs, in words
    check: Callable[[int], str | None] | None = None  # pile -> what is wrong with it, or None
    max_reshuffles: int | None = -1  # -1: not a concept here; None: unlimited
    variations: tuple[str, ...] = ()  # the book variations in force, for the record
    loss_words: str = "loss"


def foundations_spec(game: str, rules: Mapping, options, allowed: int, last: str,
                     **extra) -> Spec:
    """The Spec of a foundations game (Solitaire, Eight Off): a win is every ``allowed`` card
    on the foundations, built January to ``last`` (``foundation_problem``; the
    ``ordered_foundation`` variation); ``options`` are the game's variations, recorded when on.
    ``extra``: more Spec fields (``max_reshuffles``)."""
    total = allowed.bit_count()
    ordered = rules["ordered_foundation"]
    return Spec(game, "foundations", "cards on the foundations", allowed, total,
                lambda n: n == total,
                f"all {total} cards on the foundations, January to {last}",
                check=lambda m: foundation_problem(m, ordered),
                variations=tuple(o.id for o in options if rules[o.id]), **extra)


def _noun(spec: Spec) -> str:
    """The progress noun as a sentence of its own (said in the reader's language)."""
    return {"flower cards placed in the field": said("flower cards placed in the field"),
            "cards left in the pyramid": said("cards left in the pyramid"),
            "cards on the foundations": said("cards on the foundations"),
            }.get(spec.noun, spec.noun)


# A result as entered, named in words (its id stays in the error's ``rule``)
_RESULT_WORDS = {"win": said("a win"), "loss": said("a loss")}


def _needs(spec: Spec) -> str:
    """What a win needs as a sentence of its own (said in the reader's language)."""
    needs = spec.win_words
    if needs == f"all {spec.maximum} cards on the foundations, January to December":
        return said("all {total} cards on the foundations, January to December",
                    total=spec.maximum)
    if needs == f"all {spec.maximum} cards on the foundations, January to joker":
        return said("all {total} cards on the foundations, January to joker",
                    total=spec.maximum)
    return {"all 48 flower cards in their places": said("all 48 flower cards in their places"),
            "an empty pyramid": said("an empty pyramid"),
            "3 or fewer cards left":
                said("3 or fewer cards left"),
            }.get(needs, needs)


def progress_mask(spec: Spec, mask: int) -> None:
    bad = mask & ~spec.allowed
    if bad:
        slug = slugs_of(bad)[0]
        raise TallyError(said("{game}: card {card!r} cannot be among the {noun} under these "
                              "options", game=spec.game, card=slug, noun=_noun(spec)),
                         game=spec.game, card=slug, field=spec.key)
    if mask.bit_count() > spec.maximum:
        raise TallyError(said("{game}: {n} {noun} is more than {most}", game=spec.game,
                              n=mask.bit_count(), noun=_noun(spec), most=spec.maximum),
                         game=spec.game, field=spec.key)
    if spec.check:
        why = spec.check(mask)
        if why:
            raise TallyError(said("{game}: {message}", game=spec.game, message=why),
                             game=spec.game, field=spec.key,
                             rule="foundation")


def evaluate(spec: Spec, mask: int) -> Evaluation:
    """The result a final progress pile means (the digests' derived checks of section 9)."""
    progress_mask(spec, mask)
    n = mask.bit_count()
    result = "win" if spec.win(n) else "loss"
    pts = 1 if result == "win" else 0
    return Evaluation(pts, (hit(result, RESULT_NAMES[result], pts, mask),), (),
                      {"result": result, spec.key: n})



def foundations_evaluate(mask: int, c) -> Evaluation:
    """``evaluate`` of a foundations game (compiled with a ``foundations_spec``): the cards on
    the foundations at the end; all of them is a win, fewer a loss."""
    return evaluate(c.spec, mask)

def read_progress(spec: Spec, rnd: Mapping) -> tuple[int | None, int]:
    """The progress figure of a round: a list of slugs or a whole number (or absent)."""
    v = rnd.get(spec.key)
    if v is None:
        return None, 0
    if isinstance(v, int) and not isinstance(v, bool):
        if not 0 <= v <= spec.maximum:
            raise TallyError(said("{game}: the number of {noun} must be 0..{most}, not {value}",
                                  game=spec.game, most=spec.maximum,
                                  noun=_noun(spec), value=v), game=spec.game, field=spec.key)
        return v, 0
    if isinstance(v, (str, bytes)) or not isinstance(v, (list, tuple)):
        raise TallyError(said("{game}: give the {noun} as a list of cards or as their number",
                              game=spec.game, noun=_noun(spec)),
                         game=spec.game, field=spec.key)
    mask = 0
    for slug in v:
        card = CARD.get(slug) if isinstance(slug, str) else None
        if card is None:
            raise TallyError(said("{game}: unknown card {card!r} in {what}",
                                  game=spec.game, card=slug, what=spec.key),
                             game=spec.game, card=str(slug), field=spec.key)
        if mask & card.bit:
            raise TallyError(said("{game}: card {card!r} is listed twice in {what}",
                                  game=spec.game, card=slug, what=spec.key),
                             game=spec.game, card=slug, field=spec.key)
        mask |= card.bit
    progress_mask(spec, mask)
    return mask.bit_count(), mask


def read_result(spec: Spec, rnd: Mapping, count: int | None, *, derived: str | None = None
                ) -> str:
    """The result: as entered, checked against the progress figure; or derived from it."""
    result = rnd.get("result")
    if result is not None and result not in RESULTS:
        raise TallyError(said("{game}: the result must be a win or a loss, not {value!r}",
                              game=spec.game, value=result), game=spec.game, field="result")
    if count is not None:
        from_count = "win" if spec.win(count) else "loss"
        if result is not None and result != from_count:
            raise TallyError(said("{game}: {result} does not fit {count} {noun} (a win needs "
                                  "{needs})", game=spec.game, result=_RESULT_WORDS[result],
                                  count=count,
                                  noun=_noun(spec), needs=_needs(spec)), game=spec.game,
                             field="result", rule=result)
        return from_count
    if result is None:
        result = derived
    if result is None:
        raise TallyError(said("{game}: the result is missing: say whether the game was won or "
                              "lost, or give the {noun}", game=spec.game, noun=_noun(spec)),
                         game=spec.game, field="result")
    return result


def read_reshuffles(spec: Spec, rnd: Mapping) -> int | None:
    if "reshuffles" not in rnd:
        return None
    if spec.max_reshuffles == -1:
        raise TallyError(said("{game}: this game has no draw pile to reshuffle",
                              game=spec.game), game=spec.game,
                         field="reshuffles")
    n = rnd["reshuffles"]
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise TallyError(said("{game}: the number of reshuffles must be a whole number, 0 or "
                              "more, not {value!r}", game=spec.game, value=n),
                         game=spec.game, field="reshuffles")
    if spec.max_reshuffles is not None and n > spec.max_reshuffles:
        why = (said("no reshuffle is allowed") if spec.max_reshuffles == 0 else
               said("at most {most} reshuffles are allowed", most=spec.max_reshuffles))
        raise TallyError(said("{game}: {n} reshuffles, but under these options {why}",
                              game=spec.game, n=n, why=why),
                         game=spec.game, field="reshuffles", rule="reshuffle")
    return n


def record(spec: Spec, player: str, result: str, count: int | None, mask: int,
           reason: str) -> PlayerScore:
    pts = 1 if result == "win" else 0
    extra = {"result": result}
    if count is not None:
        extra[spec.key] = count
    return PlayerScore(player, (hit(result, RESULT_NAMES[result], pts, mask),), pts,
                       (Step("result", "base", pts, reason, pts),), pts,
                       "winner" if result == "win" else "loser", extra)


def result_words(spec: Spec, result: str, count: int | None) -> str:
    """The result step's reason: one template per result, progress noun and win condition."""
    if count is None:
        return said("win: counts 1 win") if result == "win" else said("loss: no win")
    noun, needs = spec.noun, spec.win_words
    if result == "win":
        if noun == "flower cards placed in the field":
            return said("win with {count} flower cards placed in the field: counts 1 win",
                        count=count)
        if noun == "cards left in the pyramid":
            return said("win with {count} cards left in the pyramid: counts 1 win", count=count)
        if noun == "cards on the foundations":
            return said("win with {count} cards on the foundations: counts 1 win", count=count)
    elif result == "loss":
        if noun == "flower cards placed in the field" and \
                needs == "all 48 flower cards in their places":
            return said("loss with {count} flower cards placed in the field: no win; a win "
                        "needs all 48 flower cards in their places", count=count)
        if noun == "cards left in the pyramid" and needs == "an empty pyramid":
            return said("loss with {count} cards left in the pyramid: no win; a win needs an "
                        "empty pyramid", count=count)
        if noun == "cards left in the pyramid" and \
                needs == "3 or fewer cards left":
            return said("loss with {count} cards left in the pyramid: no win; a win needs 3 or "
                        "fewer cards left", count=count)
        if noun == "cards on the foundations" and needs == \
                f"all {spec.maximum} cards on the foundations, January to December":
            return said("loss with {count} cards on the foundations: no win; a win needs all "
                        "{total} cards on the foundations, January to December", count=count,
                        total=spec.maximum)
        if noun == "cards on the foundations" and needs == \
                f"all {spec.maximum} cards on the foundations, January to joker":
            return said("loss with {count} cards on the foundations: no win; a win needs all "
                        "{total} cards on the foundations, January to joker", count=count,
                        total=spec.maximum)
    tail = "counts 1 win" if result == "win" else "no win"  # a Spec of no game here
    if result == "loss":
        tail += f"; a win needs {spec.win_words}"
    return f"{result} with {count} {spec.noun}: {tail}"


# The book variations as a table says them (the option ids stay in the note's "ids"); the
# catalogues translate these words.
VARIATION_WORDS = {
    "eight_open_reserves": "all 8 reserves open", "ordered_foundation": "foundations in order",
    "ordered_tableau": "tableau in order", "four_reserves": "4 reserves",
    "joker_reserves": "jokers mark the reserves", "alternating_tableau": "alternating tableau",
    "jokers_match": "jokers pair with jokers", "draw_three": "draw three",
    "larger_pyramid": "larger pyramid", "blocked": "blocked", "jokers_wild": "jokers wild",
    "three_or_less_wins": "3 or fewer cards left wins", "reshuffle": "reshuffle",
    "free_space": "one free space", "three_free_spaces": "three free spaces",
    "solo": "solo", "out_variation": "going-out variation",
    "pass_variation": "passing variation", "cooperative_variation": "cooperative variation",
    "one_card_stock": "one card at a time", "movable_foundations": "movable foundations",
    "face_up_stacks": "all tableau cards face up",
    "exhausted_stack_restriction": "only December fills an empty column",
    "unbroken_column": "whole columns only", "larger_tableau": "7 columns", "jokers": "jokers",
    "hidden_stock": "hidden stock", "exhausted_deck_loss": "loss when the deck runs out",
    "exhausted_three_times_loss": "loss at the third run-out",
    "flipped_not_shuffled": "turned over, not shuffled",
}


def notes_of(spec: Spec, reshuffles: int | None) -> tuple[str, ...]:
    notes = [said("variations: {variations}", ids=", ".join(spec.variations),
                  variations=", ".join(VARIATION_WORDS.get(v, v) for v in spec.variations))
             if spec.variations else said("no variations (the book's rules)")]
    if reshuffles is not None:
        notes.append(said("reshuffles: {count}", count=reshuffles))
    return tuple(notes)


def score_single(g, rnd: Mapping, spec: Spec, preset: str) -> RoundResult:
    """A one-player patience game: the result, with the progress figure when given."""
    players = players_of(g, rnd, minimum=1, maximum=1)
    dealer = player_field(g, rnd, "dealer", players, required=False)
    count, mask = read_progress(spec, rnd)
    result = read_result(spec, rnd, count)
    reshuffles = read_reshuffles(spec, rnd)
    reason = result_words(spec, result, count)
    p = players[0]
    return RoundResult(g.id, preset, (record(spec, p, result, count, mask, reason),), (),
                       p if result == "win" else None, dealer or p, {},
                       notes_of(spec, reshuffles))
