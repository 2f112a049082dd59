"""How a table sets a game up: who deals the first round, and what a session may open with
when the table continues an earlier evening (issue 28). One table for every game, from its
digest in shared/rules/; ``with_setup`` puts it on the game (``Game.first_dealer_rule``,
``Game.opening``, ``Game.opening_limits``, ``Game.opening_points``).

First dealer: most digests use the book's Chapter 3 draw (capture-basics.md section 3; the
luck and sequence digests point to it through poka.md section 1). Go-Stop (go-stop.md 3.1) and
Tensho (tensho.md T10) have their own readings, offered as house rules. Hana-Rumi's digest
lists the first dealer among the setup facts without a rule. The patience games for one have
nobody to choose; Seasons names no dealer (seasons.md section 7).

Opening carry: what a round's carry holds that a table takes into a new evening. The nagari
still to be paid double (go-stop.md 6.6), Poka's tokens (poka.md section 6), and the running
totals and round wins that decide a game (capture-basics.md section 6 and each game's own
section 6). Not offered: the number of rounds already played (tonight's months are counted
afresh), Hachi-Hachi's carried field multiplier (lost after a game's last round, hachi-hachi.md
A12), the luck games' odd chips left in a pot, Sudaoshi's burdens and Hachi's streak (both
set by the round just before), Koi-Koi's banks, and Higo-Bana (its totals may be a team's).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ..errors import TallyError
from ..results import said
from ..rounds import named
from . import InputDef

BIG = 1_000_000  # a running total this large is a typing slip, and it keeps the store's numbers
MOST_WINS = 999

CH3 = ("Each player draws a card: the earliest month deals (pine is the first month). On the "
       "same month the better card deals (bright, then ten, ribbon, chaff); still equal, "
       "those players draw again.")
GO_STOP = ("Each player draws a card: the earliest month deals, and on the same month the lower "
           "card. Some tables let the latest month deal (a house rule). It changes no score.")
TENSHO = ("Each player draws a card: the earliest month deals, counted in Tensho order (pine, "
          "willow, cherry ... plum; a house rule can count the usual order). On the same month "
          "the better card deals; still equal, draw again.")
NOT_STATED = ("The rules do not say who deals first: agree at the table, or draw as in the "
              "book's other games (the earliest month deals).")
NO_DEALER = "Seasons has no dealer: with several players, agree who plays first."

FIRST_DEALER = {
    "go-stop": GO_STOP, "tensho": TENSHO, "hana-rumi": NOT_STATED, "seasons": NO_DEALER,
    "eight-off": "", "pyramid": "", "solitaire": "",
}


def _each(key: str, description: str, least: int, most: int, *, default: int = 0,
          requires: tuple[str, ...] = ()) -> InputDef:
    return InputDef(key, "int", description, per_player=True, minimum=least, maximum=most,
                    default=default, requires=requires)


TOTALS = _each("totals", "Each player's running total from the earlier evening", -BIG, BIG)
TOTALS_UP = _each("totals", "Each player's running total from the earlier evening", 0, BIG)
WINS = _each("wins", "Each player's rounds won in the earlier evening", 0, MOST_WINS)
ROUNDS_WON = _each("rounds_won", "Each player's rounds won in the earlier evening", 0,
                   MOST_WINS)
ROUND_WINS = _each("round_wins", "Each player's round wins from the earlier evening (the game "
                   "goes on to 3)", 0, MOST_WINS)
NAGARI = InputDef("nagari", "int", "Nagari hands in a row at the end of the earlier evening "
                  "(the first hand pays double)", minimum=0, maximum=10, default=0)
TOKENS = _each("tokens", "Each player's tokens from the earlier evening (the game goes on to "
               "its target)", 0, 99)
SCORES = _each("scores", "Each player's running score from the earlier evening", -BIG, BIG)
ISURI_WINS = _each("round_wins", "Each player's round wins from the earlier evening", 0,
                   MOST_WINS)

CAPTURE = (TOTALS, WINS)
OPENING = {
    "go-stop": (NAGARI,),
    "poka": (TOKENS,),
    "koi-koi": (TOTALS_UP, ROUNDS_WON), "oni-koi-koi": (TOTALS_UP, ROUNDS_WON),
    "hana-gin": (TOTALS_UP,), "hana-rumi": (TOTALS, ROUNDS_WON),
    "hiyoko": (ROUND_WINS,), "hiyoko-simplified": (ROUND_WINS,), "kage": (ROUND_WINS,),
    "isuri": (SCORES, ISURI_WINS), "isuri-simplified": (SCORES, ISURI_WINS),
    "tensho": (WINS,), "tensho-simplified": (WINS,),
    # the capture games of capture-basics.md: totals and rounds won (section 6)
    **{g: CAPTURE for g in ("hachi", "hachi-simplified", "hachi-juu-hana", "hana-awase-1",
                            "matching-flowers", "min-hwatu", "mushi", "simplified-game",
                            "six-hundred", "sudaoshi")},
    # bankrupt: everyone starts at 200 (hana-awase-2.md section 8)
    "hana-awase-2": (replace(TOTALS, requires=("!bankrupt",)),
                     replace(TOTALS, default=200, requires=("bankrupt",)), WINS),
}

POINTS = {"poka": "tokens", "isuri": "scores", "isuri-simplified": "scores",
          "hiyoko": "round_wins", "hiyoko-simplified": "round_wins", "kage": "round_wins",
          "go-stop": "", "tensho": "", "tensho-simplified": ""}


# ------------------------------------------------------------------ counts a game ends at
# (least, most) a value may be and the game still go on; None: no bound on that side

def _first_to(target: int):
    return (None, target - 1)


def _poka(rules):
    from . import get_game
    return {"tokens": _first_to(get_game("poka").compile(rules).target)}


def _six_hundred(rules):
    from . import get_game
    return {"totals": _first_to(get_game("six-hundred").compile(rules).extra["target"])}


def _fifty(rules):
    return {"totals": _first_to(50)} if rules.get("first_to_50") else {}


def _bankrupt(rules):
    return {"totals": (1, None)} if rules.get("bankrupt") else {}


LIMITS = {
    "poka": _poka, "six-hundred": _six_hundred, "koi-koi": _fifty, "oni-koi-koi": _fifty,
    "mushi": _fifty, "hana-awase-2": _bankrupt,
    "hana-gin": lambda rules: {"totals": _first_to(100)},  # hana-gin.md section 6
    "hana-rumi": lambda rules: {"totals": _first_to(200)},  # hana-rumi.md section 6
    **{g: (lambda rules: {"round_wins": _first_to(3)})  # first to 3 round wins (section 6)
       for g in ("hiyoko", "hiyoko-simplified", "kage")},
}


def with_setup(game):
    """``game`` with its first-dealer rule and opening carry from the tables above."""
    opening = OPENING.get(game.id, ())
    points = POINTS.get(game.id, "totals" if any(i.key == "totals" for i in opening) else "")
    return replace(game, first_dealer_rule=FIRST_DEALER.get(game.id, CH3), opening=opening,
                   opening_limits=LIMITS.get(game.id), opening_points=points)


# ------------------------------------------------------------------ checking an opening carry

# each opening key in words, as the errors say it (the field keeps the key)
WORDS = {"nagari": "the nagari hands in a row", "totals": "the running totals",
         "wins": "the rounds won", "rounds_won": "the rounds won",
         "round_wins": "the round wins", "tokens": "the tokens", "scores": "the scores"}
FIELD = "opening_carry"


def opening_carry(game, rules, players, raw) -> dict:
    """``raw`` checked as the first round's carry of a session of ``game`` played by
    ``players`` under ``rules``: each key one the game takes (``Game.opening``) under these
    rules, each value a whole number in bounds (one per player where the key is per player,
    players of this table only), none that already ends the game. Returns it as given (a
    copy); {} for none. Raises TallyError naming the field."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise _error(game, said("the opening carry must be an object of what the earlier "
                                "evening ended with"), FIELD)
    if raw and not game.opening:
        raise _error(game, said("{game} carries nothing over from an earlier evening",
                                game=game.id), FIELD)
    out = {}
    for key, value in raw.items():
        spec = _spec(game, rules, key)
        out[key] = _values(game, spec, players, value) if spec.per_player else \
            _whole(game, spec, value, f"{FIELD}.{key}")
    _check_limits(game, rules, out)
    return out


def _spec(game, rules, key):
    specs = [i for i in game.opening if i.key == key]
    if not specs:
        raise _error(game, said("{game} carries no {value!r} over from an earlier evening",
                                game=game.id, value=key), f"{FIELD}.{key}")
    spec = next((i for i in specs if i.possible(rules)), None)
    if spec is None:
        raise _error(game, said("{what} from the earlier evening is not used with these house "
                                "rules", what=named(WORDS[key])), f"{FIELD}.{key}")
    return spec


def _values(game, spec, players, value) -> dict:
    where = f"{FIELD}.{spec.key}"
    if not isinstance(value, Mapping) or any(p not in players for p in value):
        raise _error(game, said("{what} from the earlier evening must give a whole number to "
                                "players of this table ({players})", what=named(WORDS[spec.key]),
                                players=", ".join(players)), where)
    return {p: _whole(game, spec, v, f"{where}.{p}", player=p) for p, v in value.items()}


def _whole(game, spec, value, where, player=None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or \
            not spec.minimum <= value <= spec.maximum:
        what = named(WORDS[spec.key])
        why = said("{what} from the earlier evening: {player}'s must be a whole number from "
                   "{least} to {most}, not {value!r}", what=what, player=player,
                   least=spec.minimum, most=spec.maximum, value=value) if player else \
            said("{what} from the earlier evening must be a whole number from {least} to "
                 "{most}, not {value!r}", what=what, least=spec.minimum, most=spec.maximum,
                 value=value)
        raise _error(game, why, where, player)
    return value


def _check_limits(game, rules, out) -> None:
    """A count the game ends at (a target, a bankruptcy) must not be reached already."""
    limits = game.opening_limits(rules) if game.opening_limits else {}
    for key, (least, most) in limits.items():
        for p, v in (out.get(key) or {}).items():
            if most is not None and v > most:
                why = said("{what} from the earlier evening: {player} has {value}, which "
                           "already ends the game (it ends at {limit} or more)",
                           what=named(WORDS[key]), player=p, value=v, limit=most + 1)
            elif least is not None and v < least:
                why = said("{what} from the earlier evening: {player} has {value}, which "
                           "already ends the game (it ends at {limit} or less)",
                           what=named(WORDS[key]), player=p, value=v, limit=least - 1)
            else:
                continue
            raise _error(game, why, f"{FIELD}.{key}.{p}", p)


def _error(game, why, where, player=None):
    return TallyError(why, game=game.id, player=player, field=where)
