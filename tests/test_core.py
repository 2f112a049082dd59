"""Shared mechanics: options, settlement, the app factory."""

import pytest

from tally import TallyError, create_app
from tally.options import BOOL, CHOICE, INT, Option, Preset, resolve
from tally.settlement import fewest_transfers, nets_of

OPTS = (Option("a", BOOL, False, "a flag", excludes=("b",)), Option("b", BOOL, False, "b flag"),
        Option("n", INT, 3, "a number", minimum=1, maximum=7),
        Option("c", CHOICE, "x", "a choice", choices=("x", "y")))
PRESETS = (Preset("plain", "defaults"), Preset("more", "n is 5", {"n": 5}))


def test_resolve_defaults_preset_and_overrides():
    assert dict(resolve("g", OPTS, PRESETS, "plain", None, None)) == \
        {"a": False, "b": False, "n": 3, "c": "x"}
    assert resolve("g", OPTS, PRESETS, "plain", "more", {"c": "y"}).n == 5
    assert resolve("g", OPTS, PRESETS, "plain", "more", {"n": 2})["n"] == 2


@pytest.mark.parametrize("overrides, needle", [
    ({"zzz": True}, "has no house rule called 'zzz'"),
    ({"a": 1}, '"A flag" must be on or off'),
    ({"n": True}, '"A number" must be a whole number'),
    ({"n": 9}, "from 1 to 7"),
    ({"c": "q"}, 'one of its choices'),
    ({"a": True, "b": True}, '"A flag" and "B flag"'),
])
def test_resolve_rejects_bad_options(overrides, needle):
    with pytest.raises(TallyError, match=needle) as e:
        resolve("g", OPTS, PRESETS, "plain", None, overrides)
    assert e.value.option in overrides


def test_option_errors_keep_their_templates():
    """The kind of value wanted and the second option id are sentences of their own, so a
    reader of another language gets them said too; the English stays word for word."""
    with pytest.raises(TallyError) as e:
        resolve("g", OPTS, PRESETS, "plain", None, {"n": True})
    d = e.value.to_dict()
    assert d["template"] == '{game}: the house rule "{rule}" must be {want}, not {value!r}'
    assert d["params"]["want"] == {"template": "a whole number", "params": {}}
    assert d["message"] == 'g: the house rule "A number" must be a whole number, not True'
    with pytest.raises(TallyError) as e:
        resolve("g", OPTS, PRESETS, "plain", None, {"a": True, "b": True})
    d = e.value.to_dict()
    assert d["params"]["other"] == {"template": "b flag", "params": {}}
    assert d["message"] == 'g: the house rules "A flag" and "B flag" cannot both be on'


def test_resolve_rejects_unknown_preset():
    with pytest.raises(TallyError, match="has no set of house rules called 'nope'") as e:
        resolve("g", OPTS, PRESETS, "plain", "nope", None)
    assert e.value.preset == "nope"


@pytest.mark.parametrize("nets, fewest", [
    # issue 3: "4 players with nets +30, +10, -15, -25 settle in 3 payments"
    ({"A": 30, "B": 10, "C": -15, "D": -25}, 3),
    # two independent pairs settle in 2, not 3
    ({"A": 10, "B": 20, "C": -10, "D": -20}, 2),
    ({"A": 5, "B": -5}, 1),
    ({"A": 0, "B": 0}, 0),
    ({"A": 7, "B": 3, "C": -3, "D": -4, "E": -3}, 3),
])
def test_fewest_transfers(nets, fewest):
    pays = fewest_transfers(nets)
    assert len(pays) == fewest
    assert all(p.amount > 0 for p in pays)
    # each debtor pays exactly what it owes and each creditor receives exactly its due
    assert nets_of(pays, nets) == nets


def test_fewest_transfers_rejects_unbalanced():
    with pytest.raises(ValueError):
        fewest_transfers({"A": 5, "B": -4})


def test_app_factory_serves_health(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.sqlite")})
    assert app.test_client().get("/api/v1/health").get_json() == {"status": "ok"}
