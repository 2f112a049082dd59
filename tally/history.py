"""A session's history of changes, read as an editor's undo and redo (pure: no Flask, no SQL).

The store logs every change (add, correct, delete a round; finish the series) and every undo,
which names the change it reverted. Redo is not stored as such: it is the change an undo
reverted, made again the way it was first made. The session page offers it and the API's
``POST .../redo`` makes it.
"""

from __future__ import annotations

import json
from typing import NamedTuple

CHANGES = ("add_round", "replace_round", "delete_round", "finish")  # what an undo reverts


def change_key(h) -> tuple:
    """What a change did, whoever made it and when: the action, the round and its input."""
    if h["action"] == "delete_round":
        return h["action"], (h["before"] or {}).get("seq")
    a = h["after"] or {}
    return h["action"], a.get("seq"), json.dumps(a.get("input"), sort_keys=True)


def redo_stack(hist: list[dict]) -> list[dict]:
    """The undone changes Redo can put back, the next one last, as in any editor: each undo
    pushes the change it reverted; a change that makes the top one again (a redo) pops it;
    any other change empties it (what was undone before it is no longer redone)."""
    by_id = {h["id"]: h for h in hist}
    stack: list[dict] = []
    for h in hist:
        if h["action"] == "undo" and h["undoes"] in by_id:
            stack.append(by_id[h["undoes"]])
        elif h["action"] in CHANGES:
            if stack and change_key(stack[-1]) == change_key(h):
                stack.pop()
            else:
                stack.clear()
    return stack


class Redo(NamedTuple):
    """The change to make again: its action, the round it names, the round's input (an add
    or a correction) and who made it first (``by``)."""
    action: str
    seq: int | None
    input: dict | None
    by: str | None


def redo_of(h: dict, n_rounds: int, complete: bool) -> Redo | None:
    """The undone change ``h`` as it can be made again now (``n_rounds`` rounds stored, the
    series ``complete`` or not), or None when it no longer fits: the changes after it were
    undone, so it lands where it was."""
    by = h.get("actor")
    a, b = h["after"] or {}, h["before"] or {}
    if h["action"] == "finish":  # ended again after the same rounds, as it was
        fits = not complete and a.get("seq") == n_rounds
        return Redo("finish", n_rounds, None, by) if fits else None
    if h["action"] == "add_round":
        fits = a.get("seq") == n_rounds + 1 and not complete
        return Redo("add_round", a.get("seq"), a.get("input") or {}, by) if fits else None
    if h["action"] == "replace_round":
        fits = 1 <= (a.get("seq") or 0) <= n_rounds
        return Redo("replace_round", a["seq"], a.get("input") or {}, by) if fits else None
    fits = 1 <= (b.get("seq") or 0) <= n_rounds
    return Redo("delete_round", b.get("seq"), None, by) if fits else None
