"""Issue 4: "English, Japanese and Korean for every ... card, yaku and rule name". Every text
the game registry serves (game, option, preset, event and combination texts) has a Japanese
and a Korean translation in the catalogues the pages use, and the catalogues compile."""

import io
import pathlib

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import tally

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
            for c in o.choices:  # shown in the setup form by name
                if isinstance(c, str):
                    yield c, f"{g.id}: choice {c!r} of {o.id}"
        for p in g.presets:
            yield p.description, f"{g.id}: preset {p.id}"
        for e in g.events:
            yield e.description, f"{g.id}: event {e.id}"
            for k, v in e.fields.items():
                yield v, f"{g.id}: event {e.id} field {k}"
        for i in g.inputs:
            yield i.description, f"{g.id}: input {i.key}"
            for c in i.choices:
                if isinstance(c, str):
                    yield c, f"{g.id}: choice {c!r} of input {i.key}"
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


def test_every_card_has_its_names():
    # card names come from the engine itself (tally/cards.py), in all three languages
    assert all(c.names.get(l) for c in tally.ALL_CARDS for l in ("en",) + LANGS)
