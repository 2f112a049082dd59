"""Issue 4: "English, Japanese and Korean for every ... card, yaku and rule name". Every text
the game registry serves (game, option, preset, event and combination texts) has a Japanese
and a Korean translation in the catalogues the pages use, and the catalogues compile."""

import io
import pathlib

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import tally
from tally.cards import CARD, FLOWER_BY_ID

CATALOGUES = pathlib.Path(tally.__file__).parent / "translations"
LANGS = ("ja", "ko")


def registry_texts(lang):
    """(text, where) for each registry text the pages show, that the engine has no
    ``lang`` name for itself."""
    for g in tally.GAMES.values():
        yield g.description, f"{g.id}: description"
        if not g.names.get(lang):
            yield g.names["en"], f"{g.id}: name"
        for o in g.options:
            yield o.description, f"{g.id}: option {o.id}"
        for p in g.presets:
            yield p.description, f"{g.id}: preset {p.id}"
        for e in g.events:
            yield e.description, f"{g.id}: event {e.id}"
            for i in e.inputs:  # each field's label on the record page
                yield i.description, f"{g.id}: event {e.id} field {i.key}"
                yield from ((w, f"{g.id}: event {e.id} field {i.key}, {w!r}") for w in i.labels)
        for i in g.inputs:
            yield i.description, f"{g.id}: input {i.key}"
            yield from ((w, f"{g.id}: input {i.key}, {w!r}") for w in i.labels)
        for y in g.yaku:
            yield y.points, f"{g.id}: points of {y.id}"
            yield y.description, f"{g.id}: description of {y.id}"
            if not y.names.get(lang):
                yield y.names["en"], f"{g.id}: name of {y.id}"


@pytest.fixture(scope="module", params=LANGS)
def catalogue(request):
    with open(CATALOGUES / request.param / "LC_MESSAGES" / "messages.po", "rb") as f:
        return request.param, read_po(f)


def test_catalogue_compiles(catalogue):
    _, cat = catalogue
    write_mo(io.BytesIO(), cat)
    assert len(cat) > 1000


def test_every_registry_text_is_translated(catalogue):
    lang, cat = catalogue
    missing = sorted({where for text, where in registry_texts(lang)
                      if text and not (cat.get(text) and cat.get(text).string)})
    assert not missing, f"{len(missing)} texts lack a {lang} translation, e.g. {missing[:5]}"


def shown_choices(g):
    """(value, where) for each choice a form shows by name: house-rule choices, and the
    choices of round inputs and event fields (nested ones too), but not card slugs and flower
    ids, which are named from the deck (tally/cards.py), nor the game's combination ids,
    named as combinations (tally.pages.input_spec)."""
    combos = {y.id for y in g.yaku}

    def walk(i, where):
        named = set(i.labels and i.choices) | combos | set(CARD) | set(FLOWER_BY_ID)
        for c in i.choices:
            if isinstance(c, str) and c not in named:
                yield c, f"{where} {i.key}"
        for sub in ([i.item] if i.item is not None else []) + list(i.fields):
            yield from walk(sub, where)
    for o in g.options:
        for c in o.choices:
            if isinstance(c, str):
                yield c, f"{g.id}: option {o.id}"
    for i in g.inputs:
        yield from walk(i, f"{g.id}: input")
    for e in g.events:
        for i in e.inputs:
            yield from walk(i, f"{g.id}: event {e.id} field")


def test_every_choice_a_form_shows_has_a_name(catalogue):
    """A choice is shown through the catalogue (tally.pages.choice_label looks it up as it
    is, in words, then capitalised): each has a translation under one of those."""
    from tally.pages import choice_msgids
    lang, cat = catalogue
    missing = sorted({f"{where}: {c!r}" for g in tally.GAMES.values()
                      for c, where in shown_choices(g)
                      if not any(cat.get(m) and cat.get(m).string for m in choice_msgids(c))})
    assert not missing, f"{len(missing)} choices lack a {lang} name, e.g. {missing[:5]}"


def test_every_card_has_its_names():
    # card names come from the engine itself (tally/cards.py), in all three languages
    assert all(c.names.get(l) for c in tally.ALL_CARDS for l in ("en",) + LANGS)
