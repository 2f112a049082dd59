"""Reading a round's input: the parts every game shares (players, dealer, piles, events).

A round is a JSON-shaped mapping. Common keys (each game documents its own additions):
``players`` (names in seating/turn order), ``dealer``, ``captures`` ({player: [slugs]}),
``hands`` ({player: [slugs]}, the pre-play hands where teyaku count), ``events`` (an ordered
list of ``{"type": id, "player": name, ...}``), ``carry`` (the previous round's ``carry``).
"""

from __future__ import annotations

from collections.abc import Mapping

from .cards import BIT
from .errors import TallyError
from .results import Said, said


def named(english: str, msgid: str | None = None) -> Said:
    """A thing named in a sentence, said on its own so a ja / ko reader gets the catalogue's
    word for it: ``msgid`` (default: the English) is looked up, ``english`` is written."""
    out = Said(english)
    out.template = english if msgid is None else msgid
    out.params = {}
    return out


def event_words(event_id) -> Said:
    """An event as the record page's button names it ("Deck exhausted", in ja / ko the
    catalogue's word for "deck exhausted"); the id stays in the error's ``event`` field."""
    words = str(event_id).replace("_", " ")
    return named(words[:1].upper() + words[1:], words)


# The round keys every game shares, as a player says them (in the error's ``field`` they stay
# keys); a game's own keys are named in its own sentences
KEY_WORDS = {
    "players": "the players", "dealer": "the dealer", "captures": "the captured cards",
    "hands": "the dealt hands", "events": "the events", "went_out": "who went out",
    "caller": "who called", "joker_holder": "who holds the joker",
    "round_number": "the round's number", "captured": "the points of the captured cards",
    "hand": "the points of the cards in hand",
    # what a previous round's carry hands on
    "round_wins": "the round wins", "tokens": "the tokens", "scores": "the scores",
    "totals": "the running totals", "rounds_won": "the rounds won",
    "rounds_played": "the number of rounds played", "round": "the number of rounds played",
    "table_tokens": "the tokens on the table", "pot": "the pot",
}


def key_words(key: str) -> Said:
    """A round key in words ("the dealer"); a key with no words is said with spaces."""
    return named(KEY_WORDS.get(key) or key.replace("_", " "))


def field_words(g, event_id: str, key: str) -> Said:
    """An event's field as the record page labels it ("the month of the last card")."""
    ev = next((e for e in g.events if e.id == event_id), None)
    f = ev.fields.get(key) if ev is not None else None
    text = getattr(f, "description", f)
    return named(text) if isinstance(text, str) and text else key_words(key)


def ordinal(i: int) -> int:
    """An event's place as a table counts it: the first event is event 1."""
    return i + 1


def is_mapping(x) -> bool:
    """A JSON object (a dict, nearly always: checked first, as the ABC check is slow)."""
    return type(x) is dict or isinstance(x, Mapping)


def players_of(g, rnd: Mapping, *, minimum: int | None = None,
               maximum: int | None = None) -> tuple[str, ...]:
    players = rnd.get("players")
    lo, hi = minimum or g.players[0], maximum or g.players[1]
    named = isinstance(players, (list, tuple))
    for p in players if named else ():
        if not (isinstance(p, str) and p):
            named = False
            break
    if not named:
        raise TallyError(said("{game}: the players must be a list of names", game=g.id),
                         game=g.id,
                         field="players")
    if len(set(players)) != len(players):
        dup = next(p for p in players if players.count(p) > 1)
        raise TallyError(said("{game}: player {player!r} is listed twice", game=g.id,
                              player=dup), game=g.id, player=dup,
                         field="players")
    if not lo <= len(players) <= hi:
        raise TallyError(said("{game} is played by {lo}-{hi} players, not {n}", game=g.id,
                              lo=lo, hi=hi, n=len(players)),
                         game=g.id, field="players")
    return tuple(players)


def player_field(g, rnd: Mapping, key: str, players, *, required=True, default=None):
    value = rnd.get(key, default)
    if value is None and not required:
        return None
    if value not in players:
        raise TallyError(said("{game}: {what}: {player!r} is not one of the players "
                              "({players})", game=g.id, what=key_words(key), player=value,
                              players=", ".join(players)),
                         game=g.id, player=value, field=key)
    return value


def piles_of(g, rnd: Mapping, players, key: str = "captures", *, required=True,
             deck: int | None = None, max_pile: int | None = None) -> dict[str, int]:
    """Each player's pile as a mask; a card in two players' piles is an error."""
    pile_mask = _PILE_MASK[0] if _PILE_MASK else _load_pile_mask()
    raw = rnd.get(key)
    if raw is None:
        if required:
            raise TallyError(said("{game}: {what} are missing (each player's cards)",
                                  game=g.id, what=key_words(key)), game=g.id,
                             field=key)
        raw = {}
    if not is_mapping(raw):
        raise TallyError(said("{game}: {what} must give each player's cards as a list",
                              game=g.id, what=key_words(key)), game=g.id, field=key)
    for name in raw:
        if name not in players:
            raise TallyError(said("{game}: {what} name {player!r}, who is not one of the "
                                  "players", game=g.id, what=key_words(key), player=name),
                             game=g.id, player=name, field=f"{key}.{name}")
    piles, held = {}, 0  # held: every card of the piles read so far
    fits, most = ~g.deck, g.max_pile
    for p in players:
        cards = raw.get(p, ())
        # pile_mask's own fast path, inline (a round reads a pile per player); any other
        # pile goes to pile_mask, which names what is wrong with it
        try:
            mask = sum(map(_BIT_OF, cards)) if type(cards) is list else -1
        except (KeyError, TypeError):
            mask = -1
        if mask < 0 or mask.bit_count() != len(cards) or mask & fits or \
                most is not None and len(cards) > most:
            mask = pile_mask(g, cards, player=p, field=f"{key}.{p}")
        if deck is not None and mask & ~deck:
            from .cards import slugs_of
            bad = slugs_of(mask & ~deck)[0]
            raise TallyError(said("{who}card {card!r} is not in play in this {game} round",
                                  who=said("player {player!r}: ", player=p), card=bad,
                                  game=g.id), game=g.id, card=bad, player=p, field=f"{key}.{p}")
        if max_pile is not None and mask.bit_count() > max_pile:
            raise TallyError(said("{who}{n} cards in {what} is more than {game} allows (at "
                                  "most {most})", who=said("player {player!r}: ", player=p),
                                  n=mask.bit_count(), what=key_words(key), game=g.id,
                                  most=max_pile),
                             game=g.id, player=p,
                             field=f"{key}.{p}")
        clash = mask & held
        if clash:
            from .cards import slugs_of
            card = slugs_of(clash)[0]
            other = next(q for q, m in piles.items() if m & clash & -clash)
            pile = str(key_words(key)).removeprefix("the ")  # "A's and B's captured cards"
            raise TallyError(said("card {card!r} is in both {other}'s and {player}'s {what}",
                                  card=card, other=other, player=p, what=named(pile)),
                             game=g.id, card=card, player=p, field=f"{key}.{p}")
        piles[p] = mask
        held |= mask
    return piles


_PILE_MASK: list = []
_BIT_OF = BIT.__getitem__


def _load_pile_mask():
    from .games import pile_mask  # late: games imports this module's users (once: an import
    _PILE_MASK.append(pile_mask)  # statement costs more than reading a small pile)
    return pile_mask


def events_of(g, rnd: Mapping, players, *, copy: bool = True) -> list[dict]:
    """The round's events, each checked against the game's event list and the players; each
    a copy, or with ``copy`` off (for a game that only reads them) the caller's own dict."""
    raw = rnd.get("events", [])
    if not isinstance(raw, (list, tuple)):
        raise TallyError(said("{game}: the events must be a list", game=g.id), game=g.id,
                         field="events")
    known, per_player = _event_ids(g)
    out = []
    for i, ev in enumerate(raw):
        if not (type(ev) is dict or is_mapping(ev)) or "type" not in ev:
            raise TallyError(said("{game}: event {n} does not say what happened (its type)",
                                  game=g.id, n=ordinal(i)), game=g.id,
                             field=f"events.{i}")
        kind = ev["type"]
        if not isinstance(kind, str) or kind not in known:
            raise TallyError(said("{game}: event {n}, {event!r}, is not an event of this game",
                                  game=g.id, event=kind, n=ordinal(i)),
                             game=g.id, rule=str(kind), field=f"events.{i}",
                             event=str(kind), known=tuple(known))
        if kind in per_player or "player" in ev:
            if ev.get("player") not in players:
                raise TallyError(said("{game}: event {n}, \"{event}\", names {player!r}, who "
                                      "is not at the table", game=g.id, n=ordinal(i),
                                      event=event_words(kind), player=ev.get("player")),
                                 game=g.id, player=ev.get("player"), rule=kind, event=kind,
                                 field=f"events.{i}.player")
        out.append(ev if not copy and type(ev) is dict else dict(ev))
    return out


_EVENT_IDS: dict = {}  # game id -> (its events, them by id, the ids of per-player events)


def _event_ids(g) -> tuple:
    """({id: event} of the game's events in order, ids of those that always name a player):
    built once per game rather than on every round."""
    cached = _EVENT_IDS.get(g.id)
    if cached is None or cached[0] is not g.events:
        cached = _EVENT_IDS[g.id] = (g.events, {e.id: e for e in g.events},
                                     frozenset(e.id for e in g.events if e.per_player))
    return cached[1:]


def int_field(g, mapping: Mapping, key: str, *, default=0, minimum=0, maximum=None,
              field: str | None = None) -> int:
    v = mapping.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or v < minimum or \
            (maximum is not None and v > maximum):
        if maximum is not None:
            msg = said("{game}: {what} must be a whole number from {low} to {high}, not "
                       "{value!r}", game=g.id, what=key_words(key), low=minimum, high=maximum,
                       value=v)
        else:
            msg = said("{game}: {what} must be a whole number, at least {low}, not {value!r}",
                       game=g.id, what=key_words(key), low=minimum, value=v)
        raise TallyError(msg, game=g.id,
                         field=field or key)
    return v
