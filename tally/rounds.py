"""Reading a round's input: the parts every game shares (players, dealer, piles, events).

A round is a JSON-shaped mapping. Common keys (each game documents its own additions):
``players`` (names in seating/turn order), ``dealer``, ``captures`` ({player: [slugs]}),
``hands`` ({player: [slugs]}, the pre-play hands where teyaku count), ``events`` (an ordered
list of ``{"type": id, "player": name, ...}``), ``carry`` (the previous round's ``carry``).
"""

from __future__ import annotations

from collections.abc import Mapping

from .errors import TallyError


def is_mapping(x) -> bool:
    """A JSON object (a dict, nearly always: checked first, as the ABC check is slow)."""
    return type(x) is dict or isinstance(x, Mapping)


def players_of(g, rnd: Mapping, *, minimum: int | None = None,
               maximum: int | None = None) -> tuple[str, ...]:
    players = rnd.get("players")
    lo, hi = minimum or g.players[0], maximum or g.players[1]
    if not isinstance(players, (list, tuple)) or not all(
            isinstance(p, str) and p for p in players):
        raise TallyError(f"{g.id}: 'players' must be a list of player names", game=g.id,
                         field="players")
    if len(set(players)) != len(players):
        dup = next(p for p in players if players.count(p) > 1)
        raise TallyError(f"{g.id}: player {dup!r} is listed twice", game=g.id, player=dup,
                         field="players")
    if not lo <= len(players) <= hi:
        raise TallyError(f"{g.id} is played by {lo}-{hi} players, not {len(players)}",
                         game=g.id, field="players")
    return tuple(players)


def player_field(g, rnd: Mapping, key: str, players, *, required=True, default=None):
    value = rnd.get(key, default)
    if value is None and not required:
        return None
    if value not in players:
        raise TallyError(f"{g.id}: {key} {value!r} is not one of the players "
                         f"({', '.join(players)})", game=g.id, player=value, field=key)
    return value


def piles_of(g, rnd: Mapping, players, key: str = "captures", *, required=True,
             deck: int | None = None, max_pile: int | None = None) -> dict[str, int]:
    """Each player's pile as a mask; a card in two players' piles is an error."""
    from .games import pile_mask  # late: games imports this module's users

    raw = rnd.get(key)
    if raw is None:
        if required:
            raise TallyError(f"{g.id}: '{key}' is missing (each player's cards)", game=g.id,
                             field=key)
        raw = {}
    if not is_mapping(raw):
        raise TallyError(f"{g.id}: '{key}' must map each player to a list of cards",
                         game=g.id, field=key)
    for name in raw:
        if name not in players:
            raise TallyError(f"{g.id}: {key} names {name!r}, who is not one of the players",
                             game=g.id, player=name, field=f"{key}.{name}")
    piles, seen = {}, {}
    for p in players:
        mask = pile_mask(g, raw.get(p, ()), player=p, field=f"{key}.{p}")
        if deck is not None and mask & ~deck:
            from .cards import slugs_of
            bad = slugs_of(mask & ~deck)[0]
            raise TallyError(f"player {p!r}: card {bad!r} is not in play in this {g.id} round",
                             game=g.id, card=bad, player=p, field=f"{key}.{p}")
        if max_pile is not None and mask.bit_count() > max_pile:
            raise TallyError(f"player {p!r}: {mask.bit_count()} cards in {key} is more than "
                             f"{g.id} allows (at most {max_pile})", game=g.id, player=p,
                             field=f"{key}.{p}")
        clash = mask & sum(seen.values())
        if clash:
            from .cards import slugs_of
            card = slugs_of(clash)[0]
            other = next(q for q, m in seen.items() if m & clash & -clash)
            raise TallyError(f"card {card!r} is in both {other}'s and {p}'s {key}",
                             game=g.id, card=card, player=p, field=f"{key}.{p}")
        seen[p] = mask
        piles[p] = mask
    return piles


def events_of(g, rnd: Mapping, players) -> list[dict]:
    """The round's events, each checked against the game's event list and the players."""
    raw = rnd.get("events", [])
    if not isinstance(raw, (list, tuple)):
        raise TallyError(f"{g.id}: 'events' must be a list", game=g.id, field="events")
    known = {e.id: e for e in g.events}
    out = []
    for i, ev in enumerate(raw):
        where = f"events.{i}"
        if not is_mapping(ev) or "type" not in ev:
            raise TallyError(f"{g.id}: event {i} must be an object with a 'type'", game=g.id,
                             field=where)
        kind = ev["type"]
        if not isinstance(kind, str) or kind not in known:
            raise TallyError(f"{g.id}: unknown event {kind!r} (event {i}); known: "
                             f"{', '.join(known)}", game=g.id, rule=str(kind), field=where)
        if known[kind].per_player or "player" in ev:
            if ev.get("player") not in players:
                raise TallyError(f"{g.id}: event {i} ({kind}) names player "
                                 f"{ev.get('player')!r}, who is not at the table", game=g.id,
                                 player=ev.get("player"), rule=kind, field=f"{where}.player")
        out.append(dict(ev))
    return out


def int_field(g, mapping: Mapping, key: str, *, default=0, minimum=0, maximum=None,
              field: str | None = None) -> int:
    v = mapping.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or v < minimum or \
            (maximum is not None and v > maximum):
        rng = f"{minimum}..{maximum}" if maximum is not None else f">= {minimum}"
        raise TallyError(f"{g.id}: {key} must be a whole number {rng}, not {v!r}", game=g.id,
                         field=field or key)
    return v
