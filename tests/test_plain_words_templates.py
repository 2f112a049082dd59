"""Issue 9, section 3: no sentence the engine or the API can say shows a player an internal
id, a key path, a section number or a raw default, including the sentences no test round
reaches. Every ``said("...")`` template in ``tally/`` is read from the source (they are the
catalogues' msgids, so the ja / ko texts follow the English) and its words, outside the
``{placeholders}``, are checked:

- no snake_case id ("hiki_formed", "yaku_set"), no key path ("carry.pot", "totals.{player}"),
  no quoted key ('carry');
- no section number or rule reference ("section 5.1", "koi-koi.md A11", "(B4)");
- no raw "true" / "false" / "none" / "null", no "known:" list.

What the machine needs (the key, the option, the event id) stays in the error's fields
(``field``, ``option``, ``event``, ``known``), which clients read and players never see.
"""

from __future__ import annotations

import ast
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent / "tally"
FILES = sorted(p for p in ROOT.rglob("*.py"))

LEAKS = {
    "an id in snake_case": re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]*[a-z0-9]\b"),
    "a key path": re.compile(r"\b[a-z]+\.(?:\{|[a-z])|\}\.[a-z{]"),
    "a quoted key": re.compile(r"'[a-z][a-z_.]*'"),
    "a section or rule reference": re.compile(
        r"\bsection \d|§|\.md\b|\(ch\.|\b[A-Z]{1,2}\d{1,2}[a-z]?\b"),
    "a raw default": re.compile(r"\b(?:true|false|none|null)\b"),
    "a list of ids": re.compile(r"\bknown:"),
}
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _text(node) -> str | None:
    """A string literal, or literals joined with +."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        a, b = _text(node.left), _text(node.right)
        return a + b if a is not None and b is not None else None
    return None


def templates(path: pathlib.Path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "said" \
                and node.args and (text := _text(node.args[0])) is not None:
            yield node.lineno, text


def leaks(template: str) -> list[str]:
    words = PLACEHOLDER.sub("{}", template.replace("{{", "").replace("}}", ""))
    return [what for what, pattern in LEAKS.items() if pattern.search(words)]


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_templates_in_player_words(path):
    found = [f"{path.name}:{line}: {', '.join(kinds)}: {template!r}"
             for line, template in templates(path) if (kinds := leaks(template))]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("template, kinds", [
    ("event {i} (hiki_formed): flower {value!r} is not a flower id", ["an id in snake_case"]),
    ("{game}: carry.pot must map players to chips", ["a key path"]),
    ("totals.{player} has unknown key {key!r}", ["a key path"]),
    ("nobody calls when the deck is exhausted; remove 'caller'", ["a quoted key"]),
    ("only forced-out players do, section 3.5", ["a section or rule reference"]),
    ("both hold an automatic-win hand (koi-koi.md A11)",
     ["a key path", "a section or rule reference"]),
    ("last round must be true or false", ["a raw default"]),
    ("unknown game {game!r}; known: {games}", ["a list of ids"]),
    ("Tan, {n} ribbons: {points} points, {player}'s {yaku}", []),
    ("{player} holds {junk} junk: pi-bak x2 (the Go-Stop deck, 1.2)", []),
])
def test_the_scan_tells_a_leak_from_player_words(template, kinds):
    assert leaks(template) == kinds
