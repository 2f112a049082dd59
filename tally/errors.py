"""The one exception the engine raises for bad input."""

from __future__ import annotations


class TallyError(ValueError):
    """Bad input to the engine. The message names what is at fault; the attributes say it
    to programs (the API turns them into ``{"field", "message"}`` errors).

    ``field`` is a dotted path into the input where one is known ("captures.Aki", "options.x").
    The message names things as a player does (an event by its button's words, a house rule
    by its description); their ids travel in ``event``, ``option``, and ``known`` (the ids a
    program may give instead of a wrong one).
    The message may be a ``tally.results.said`` sentence: its template and params then travel
    with it, so the API and the pages can say it in the reader's language.
    """

    def __init__(self, message: str, *, game=None, card=None, player=None, option=None,
                 preset=None, rule=None, field=None, event=None, known=None):
        super().__init__(message)
        self.message = message
        self.game, self.card, self.player = game, card, player
        self.option, self.preset, self.rule = option, preset, rule
        self.field = field
        self.event = event
        self.known = list(known) if known is not None else None

    def to_dict(self) -> dict:
        d = {"message": str(self.message)}
        if hasattr(self.message, "template"):  # a said() sentence
            d.update(self.message.to_dict())
        for k in ("field", "game", "card", "player", "option", "preset", "rule",
                  "event", "known"):
            v = getattr(self, k)
            if v is not None:
                d[k] = v
        return d
