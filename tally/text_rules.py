"""What text a client may send: no control characters, no unpaired bidi controls, valid UTF-8.

Pure functions (no Flask, no storage), shared by the API's body and query checks, the pages'
query and path checks and the move into PostgreSQL:

- a control character (NUL, a newline, an escape, U+0080 to U+009F) has no place in a name,
  a title, an id or a card, and PostgreSQL cannot store NUL at all;
- a bidi embedding, override or isolate left open (a name starting with U+202E RIGHT-TO-LEFT
  OVERRIDE) would run on past the name and reverse the amount after it on a page, so one that
  is not closed inside the same text is refused (the pages isolate names as well);
- a lone surrogate ("\\ud800") cannot be written as UTF-8.
"""

from __future__ import annotations

import re

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_BIDI = re.compile(r"[\u202a-\u202e\u2066-\u2069]")
_OPENS_EMBEDDING = "\u202a\u202b\u202d\u202e"  # LRE, RLE, LRO, RLO: closed by PDF
_POP_EMBEDDING = "\u202c"
_OPENS_ISOLATE = "\u2066\u2067\u2068"  # LRI, RLI, FSI: closed by PDI
_POP_ISOLATE = "\u2069"


def control_character(text: str) -> str | None:
    """The first control character in ``text`` as U+XXXX, or None."""
    m = _CONTROL.search(text)
    return None if m is None else f"U+{ord(m.group()):04X}"


def unpaired_bidi(text: str) -> str | None:
    """The first bidi control of ``text`` that is not closed (or closes nothing), as U+XXXX;
    None when every one is paired (or there is none)."""
    if not _BIDI.search(text):
        return None
    open_: list[str] = []  # the controls still open, innermost last
    for ch in _BIDI.findall(text):
        if ch in _OPENS_EMBEDDING or ch in _OPENS_ISOLATE:
            open_.append(ch)
        elif ch == _POP_EMBEDDING:
            if not open_ or open_[-1] not in _OPENS_EMBEDDING:
                return f"U+{ord(ch):04X}"
            open_.pop()
        else:  # PDI closes its isolate and any embedding left open inside it (UAX #9)
            isolates = [i for i, c in enumerate(open_) if c in _OPENS_ISOLATE]
            if not isolates:
                return f"U+{ord(ch):04X}"
            del open_[isolates[-1]:]
    return f"U+{ord(open_[0]):04X}" if open_ else None


def lone_surrogate(text: str) -> bool:
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def problem(text: str) -> tuple[str, str] | None:
    """What is wrong with ``text`` as (kind, character), or None: kind is "control", "bidi"
    or "surrogate"."""
    if text.isascii():  # the usual case: only the ASCII controls can be wrong
        ch = control_character(text)
        return None if ch is None else ("control", ch)
    if lone_surrogate(text):
        return ("surrogate", "")
    ch = control_character(text)
    if ch is not None:
        return ("control", ch)
    ch = unpaired_bidi(text)
    return None if ch is None else ("bidi", ch)
