"""Where the app finds what it serves and where it keeps what it stores.

A source checkout serves ``templates/`` and ``static/`` beside the package, compiles the
catalogues into ``instance/`` and keeps its database there. An installed wheel carries the
templates, static files and compiled catalogues inside the package (setup.py puts them
there) and keeps its state in the user's data folder (platformdirs: ~/.local/share/
hanafuda-tally on Linux), unless ``--instance`` or ``TALLY_INSTANCE`` names another."""

from __future__ import annotations

import os

PACKAGE = os.path.dirname(os.path.abspath(__file__))
_ROOT = os.path.dirname(PACKAGE)
# a checkout: the project file and the page folders beside the package
CHECKOUT = (_ROOT if os.path.isfile(os.path.join(_ROOT, "pyproject.toml"))
            and os.path.isdir(os.path.join(_ROOT, "templates")) else None)
APP_NAME = "hanafuda-tally"


def asset(name: str) -> str:
    """``templates`` or ``static``: inside the package when installed, beside it in a checkout."""
    inside = os.path.join(PACKAGE, name)
    return inside if os.path.isdir(inside) or CHECKOUT is None else os.path.join(CHECKOUT, name)


def instance(given: str | None = None) -> str:
    """The instance folder: the one given (``--instance``), else ``TALLY_INSTANCE``, else the
    checkout's ``instance/``, else the user's data folder."""
    chosen = given or os.environ.get("TALLY_INSTANCE")
    if chosen:
        return os.path.abspath(os.path.expanduser(chosen))
    if CHECKOUT is not None:
        return os.path.join(CHECKOUT, "instance")
    from platformdirs import user_data_dir

    return user_data_dir(APP_NAME, appauthor=False)


def built_catalogues() -> str | None:
    """The catalogues compiled at build time (an installed wheel), or None (a checkout
    compiles them into its instance folder at start)."""
    folder = os.path.join(PACKAGE, "translations")
    langs = [d for d in os.listdir(folder) if os.path.isdir(os.path.join(folder, d))] \
        if os.path.isdir(folder) else []
    built = [os.path.join(folder, d, "LC_MESSAGES", "messages.mo") for d in langs]
    return folder if built and all(os.path.isfile(mo) for mo in built) else None
