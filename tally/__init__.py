"""Hanafuda Tally: scoring for hanafuda and hwatu games.

The scoring engine is a pure library (no Flask, no storage):

    >>> import tally
    >>> tally.evaluate("koi-koi", ["pine-poetry", "plum-poetry", "cherry-poetry"]).points
    5

``create_app`` builds the Flask application that serves the API and the pages.
"""

from .cards import ALL_CARDS, CARD, CardSet
from .errors import TallyError
from .games import GAMES, Game, evaluate, get_game, score_round

__all__ = ["ALL_CARDS", "CARD", "CardSet", "GAMES", "Game", "TallyError", "create_app",
           "evaluate", "get_game", "score_round"]


def create_app(config=None, instance_path=None):
    """The Flask application factory (Flask is imported only here, never by the engine)."""
    from .web import create_app as _create_app

    return _create_app(config, instance_path)
