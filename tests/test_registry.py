"""What every registered game promises: its id is a digest, every option is described, every
preset names known options with valid values, and its round example scores zero-sum."""

import re

import pytest

import tally
from tally import GAMES, TallyError
from tally.games import condition_option
from tally.options import Option

GAME_IDS = sorted(GAMES)


def test_games_are_registered():
    # the scoring engine issue: koi-koi, go-stop and hachi-hachi first
    assert {"koi-koi", "go-stop", "hachi-hachi"} <= set(GAMES)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_id_is_a_digest(game_id, shared):
    assert (shared / "rules" / f"{game_id}.md").is_file()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_options_and_presets_are_well_formed(game_id):
    g = GAMES[game_id]
    ids = [o.id for o in g.options]
    assert len(ids) == len(set(ids)), "duplicate option id"
    for o in g.options:
        assert isinstance(o, Option) and o.description.strip(), o.id
        assert o.check(o.default, game=game_id) == o.default
        for other in o.excludes:
            assert other in ids, f"{o.id} excludes unknown {other}"
    assert g.default_preset in {p.id for p in g.presets}
    for p in g.presets:
        g.rules(p.id)  # every preset resolves: known ids, valid values
    yaku_ids = [y.id for y in g.yaku]
    assert len(yaku_ids) == len(set(yaku_ids)), "duplicate combination id"
    assert all(y.names.get("en") for y in g.yaku)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_round_example_scores_zero_sum(game_id):
    g = GAMES[game_id]
    assert g.round_example is not None, f"{game_id} has no round example for the docs"
    result = tally.score_round(game_id, g.round_example)
    assert sum(result.net().values()) == 0
    d = result.to_dict()
    assert d["game"] == game_id and len(d["players"]) >= 1


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_to_dict_is_json(game_id):
    import json

    json.dumps(GAMES[game_id].to_dict())


def test_unknown_game_is_named():
    with pytest.raises(TallyError, match="unknown game 'go-go'") as e:
        tally.evaluate("go-go", [])
    assert e.value.game == "go-go"
    assert "koi-koi" in e.value.known and "koi-koi" not in str(e.value)  # ids for clients only


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_evaluate_rejects_bad_piles(game_id):
    with pytest.raises(TallyError, match="unknown card 'pine-cran'") as e:
        tally.evaluate(game_id, ["pine-cran"])
    assert e.value.card == "pine-cran"
    card = next(iter(tally.CardSet(GAMES[game_id].deck))).slug
    with pytest.raises(TallyError, match="listed twice"):
        tally.evaluate(game_id, [card, card])
    with pytest.raises(TallyError, match="has no house rule called 'no-such-rule'"):
        tally.evaluate(game_id, [], options={"no-such-rule": True})
    with pytest.raises(TallyError, match="has no set of house rules called"):
        tally.evaluate(game_id, [], preset="no-such-preset")


def _outside(game_id):
    everything = (1 << len(tally.ALL_CARDS)) - 1
    return tally.CardSet(everything & ~GAMES[game_id].deck)


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if _outside(g)])
def test_evaluate_rejects_a_card_outside_the_deck(game_id):
    slug = next(iter(_outside(game_id))).slug
    name = re.escape(tally.get_game(game_id).names["en"])  # the game by its name
    card = re.escape(tally.CARD[slug].names["en"])  # and the card by its name (issue 23)
    with pytest.raises(TallyError, match=f"{card}.*not in the {name} deck"):
        tally.evaluate(game_id, [slug])


COMMON_KEYS = {"players", "dealer", "events", "carry"}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_round_key_is_declared(game_id):
    """The pages draw a form from the registry: each key a game's round example uses beyond
    the common ones and its pile key is described in Game.inputs."""
    g = GAMES[game_id]
    declared = {i.key for i in g.inputs}
    used = set(g.round_example) - COMMON_KEYS - {g.pile_key}
    assert used <= declared, f"undeclared round keys: {sorted(used - declared)}"
    from tally.games import INPUT_KINDS
    assert all(i.kind in INPUT_KINDS and i.description.strip() for i in g.inputs)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_events_require_known_options(game_id):
    g = GAMES[game_id]
    ids = {o.id for o in g.options}
    for e in g.events:
        needed = {condition_option(c) for c in e.requires}
        assert needed <= ids, f"{e.id} requires unknown {needed - ids}"
        for c in e.requires:  # a compared value must be one the option can take
            if "=" in c:
                value = c.split("=", 1)[1]
                option = next(o for o in g.options if o.id == condition_option(c))
                assert value in {str(v) for v in option.choices}, (e.id, c)
        assert e.possible(g.rules()) in (True, False)


@pytest.mark.parametrize("game_id, options, event, possible", [
    # Go-Stop: bonus cards turn up only when some are in play (joker_table, joker_abilities)
    ("go-stop", {}, "joker_capture", True),
    ("go-stop", {"joker_table": "none"}, "joker_capture", False),
    ("go-stop", {"joker_table": "none", "joker_abilities": True}, "joker_from_layout", True),
    ("go-stop", {"oe_myeon_mode": "off"}, "oe_myeon", False),
    ("go-stop", {"oe_myeon_mode": "book"}, "oe_myeon", True),
    # Six Hundred: with no_wild the Storm Chaff takes no card of another month
    ("six-hundred", {"no_wild": True}, "wild_capture", False),
    ("six-hundred", {}, "wild_capture", True),
    # Tensho: a fixed yaku set leaves nothing to choose per round
    ("tensho", {"yaku_set": "two"}, "yaku_set_chosen", False),
    ("tensho", {}, "yaku_set_chosen", True),
])
def test_event_conditions_read_option_values(game_id, options, event, possible):
    g = GAMES[game_id]
    e = next(e for e in g.events if e.id == event)
    assert e.possible(g.rules(None, options)) is possible


# ----------------------------------------------------------------------- structured inputs

def walk_inputs(i, nested=False):
    """An InputDef and every InputDef inside it (items, fields), with whether it is nested."""
    yield i, nested
    if i.item is not None:
        yield from walk_inputs(i.item, True)
    for f in i.fields:
        yield from walk_inputs(f, True)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_structured_inputs_are_well_formed(game_id):
    """Lists and maps say what they hold, records their fields (distinct keys), maps where
    their keys come from; nested inputs are short labels, never per player nor filled in by
    the session; bounds are ordered; to_dict serves the whole structure."""
    import json

    from tally.games import INPUT_KINDS, MAP_KEYS, STRUCTURED_KINDS
    g = GAMES[game_id]
    for top in g.inputs:
        for i, nested in walk_inputs(top):
            where = f"{game_id}: {top.key} / {i.key or i.description}"
            assert i.kind in INPUT_KINDS and i.description.strip(), where
            assert (i.item is not None) == (i.kind in ("list", "map")), where
            assert bool(i.fields) == (i.kind == "record"), where
            assert (i.keys in MAP_KEYS) if i.kind == "map" else not i.keys, where
            if i.kind == "map" and i.keys == "choices" or i.kind == "choice":
                assert i.choices, where
            if i.minimum is not None and i.maximum is not None:
                assert i.minimum <= i.maximum, where
            if i.fields:
                keys = [f.key for f in i.fields]
                assert all(keys) and len(set(keys)) == len(keys), where
            if nested:
                assert not i.per_player and i.kind not in ("series_length", "json"), where
                assert len(i.description) <= 32, where  # a label, not a sentence
        d = json.loads(json.dumps(top.to_dict()))
        if top.kind in STRUCTURED_KINDS:
            assert "item" in d or "fields" in d, top.key
            if top.item is not None:
                assert d["item"] == top.item.to_dict()
            if top.fields:
                assert [f["key"] for f in d["fields"]] == [f.key for f in top.fields]
            if top.keys:
                assert d["keys"] == top.keys
        else:
            assert not {"item", "fields", "keys"} & set(d), top.key


def test_no_declared_input_is_typed_as_json():
    """Every round key a game declares has a form the record page can draw (issue: JSON boxes
    are unusable at the table); "json" is left for keys nobody declared."""
    typed = [(g.id, i.key) for g in GAMES.values() for top in g.inputs
             for i, _ in walk_inputs(top) if i.kind == "json"]
    assert typed == []


def fits(i, v, g, players) -> bool:
    """Whether ``v`` is a value of the declared InputDef ``i`` (per_player handled by the
    caller): the shape the record page's widgets produce."""
    from tally.cards import CARD
    if i.kind == "int":
        return isinstance(v, int) and not isinstance(v, bool) and \
            (i.minimum is None or v >= i.minimum) and (i.maximum is None or v <= i.maximum)
    if i.kind == "bool":
        return isinstance(v, bool)
    if i.kind in ("choice",):
        return v in i.choices
    if i.kind == "player":
        return v in players
    if i.kind == "card":
        return v in CARD
    if i.kind == "cards":
        return isinstance(v, list) and all(s in CARD for s in v) and len(set(v)) == len(v)
    if i.kind == "players":
        return isinstance(v, list) and set(v) <= set(players) and len(set(v)) == len(v)
    if i.kind == "yaku":
        ids = set(i.choices) or {y.id for y in g.yaku}
        return isinstance(v, list) and set(v) <= ids
    if i.kind == "list":
        return isinstance(v, list) and (i.minimum is None or len(v) >= i.minimum) and \
            (i.maximum is None or len(v) <= i.maximum) and all(fits(i.item, x, g, players)
                                                               for x in v)
    if i.kind == "record":
        keys = {f.key: f for f in i.fields}
        return isinstance(v, dict) and set(v) <= set(keys) and \
            all(k in v for k, f in keys.items() if f.required) and \
            all(fits(keys[k], x, g, players) for k, x in v.items())
    if i.kind == "map":
        allowed = (set(players) if i.keys == "players" else set(i.choices)
                   if i.keys == "choices" else None)
        return isinstance(v, dict) and (allowed is None or set(v) <= allowed) and \
            (i.minimum is None or len(v) >= i.minimum) and \
            (i.maximum is None or len(v) <= i.maximum) and \
            all(isinstance(k, str) and k and fits(i.item, x, g, players) for k, x in v.items())
    return True  # series_length, json


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_round_examples_fit_their_declared_inputs(game_id):
    """The structure the registry declares is the one the engine reads: each game's own
    example round (which it scores) fits the inputs of the kinds the record page draws as
    widgets (static/inputs.js)."""
    g = GAMES[game_id]
    ex = g.round_example or {}
    players = ex.get("players", [])
    for i in g.inputs:
        if i.key not in ex or i.kind not in ("card", "players", "yaku", "list", "record", "map"):
            continue
        v = ex[i.key]
        if i.per_player:
            assert isinstance(v, dict) and set(v) <= set(players), i.key
            assert all(fits(i, x, g, players) for x in v.values()), (i.key, v)
        else:
            assert fits(i, v, g, players), (i.key, v)


# values the record page's widgets build for the structured inputs, each scored by the
# engine (so the declared structure is what the engine reads); the expected numbers are in the
# tests of each game, here only that the round is accepted
STRUCTURED_ROUNDS = [
    ("go-stop", {"players": ["Ana", "Bo", "Cy", "Di", "Ed"], "dealer": "Ana",
                 "sitting_out": {"Bo": {}, "Ed": {"shows": ["pine-crane"], "triples": 1}},
                 "captures": {"Ana": ["pine-poetry", "plum-poetry", "cherry-poetry"],
                              "Cy": [], "Di": []},
                 "events": [{"type": "stop", "player": "Ana", "score": 3}]}, {}),
    ("go-stop", {"players": ["Ana", "Bo", "Cy"], "dealer": "Ana",
                 "mission": {"cards": ["pine-poetry"], "multiplier": 2},
                 "captures": {"Ana": ["pine-poetry", "plum-poetry", "cherry-poetry"],
                              "Bo": [], "Cy": []},
                 "events": [{"type": "stop", "player": "Ana", "score": 3}]},
     {"missions": True}),
    ("hana-rumi", {"players": ["Aki", "Bo"], "dealer": "Bo", "exhausted": True,
                   "totals": {"Aki": {"captured": 25, "hand": 4},
                              "Bo": {"captured": 40, "achievements": ["purple_ribbons"],
                                     "hand": 0}}}, {}),
    ("higo-bana", {"players": ["A", "B", "C", "D"], "dealer": "A",
                   "teams": {"North": ["A", "C"], "South": ["B", "D"]}}, None),
]


@pytest.mark.parametrize("game_id, rnd, options", STRUCTURED_ROUNDS)
def test_structured_values_are_what_the_engine_reads(game_id, rnd, options):
    g = GAMES[game_id]
    players = rnd["players"]
    if options is None:  # take the rest of the game's own example
        rnd = {**g.round_example, **rnd}
    for i in g.inputs:
        if i.key in rnd and i.kind in ("list", "record", "map"):
            v = rnd[i.key]
            values = v.values() if i.per_player else [v]
            assert all(fits(i, x, g, players) for x in values), i.key
    tally.score_round(game_id, rnd, options=options or None)


# ----------------------------------------------------------------------- event fields

def event_fits(i, v, g, players) -> bool:
    """``fits`` for an event field: a player field may also take its special ``choices``
    (go-stop's creator "dealt"), a card field narrowed by ``choices`` only those."""
    if i.kind == "player":
        return v in players or v in i.choices
    if i.kind == "card" and i.choices:
        return v in i.choices
    return fits(i, v, g, players)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_event_fields_are_declared_inputs(game_id):
    """Every event field is an InputDef the record page can draw: no bare descriptions left
    (they were read as free text), a drawable kind, choices where a value is picked, ordered
    bounds, combination ids and card slugs the game knows, a short label without type words."""
    import re

    from tally.cards import CARD
    from tally.games import INPUT_KINDS, MAP_KEYS, InputDef
    g = GAMES[game_id]
    yaku_ids = {y.id for y in g.yaku}
    for e in g.events:
        assert [i.key for i in e.inputs] == list(e.fields), e.id
        for name, f in e.fields.items():
            assert isinstance(f, InputDef), f"{game_id}: {e.id}.{name} is a bare description"
            for i, nested in walk_inputs(f):
                where = f"{game_id}: {e.id}.{name}"
                assert i.kind in INPUT_KINDS and i.kind not in ("series_length", "json"), where
                assert i.description.strip() and not i.per_player, where
                assert len(i.description) <= 60, where  # a label beside the control
                assert not re.search(r"\b(slugs?|flower id|ids?|bool|int|true/false)\b",
                                     i.description), (where, i.description)
                assert (i.item is not None) == (i.kind in ("list", "map")), where
                assert bool(i.fields) == (i.kind == "record"), where
                assert (i.keys in MAP_KEYS) if i.kind == "map" else not i.keys, where
                if i.kind == "choice" or i.kind == "map" and i.keys == "choices":
                    assert i.choices and len(set(i.choices)) == len(i.choices), where
                if i.kind in ("card", "cards"):
                    assert set(i.choices) <= set(CARD), where
                if i.kind == "yaku":
                    assert set(i.choices) <= yaku_ids, where
                if i.kind not in ("int", "list", "map"):
                    assert i.minimum is None and i.maximum is None, where
                if i.minimum is not None and i.maximum is not None:
                    assert i.minimum <= i.maximum, where


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_round_example_events_fit_their_fields(game_id):
    """Each event of the game's own example round (which it scores) names only declared
    fields, gives every required one, and each value fits its declared kind."""
    g = GAMES[game_id]
    ex = g.round_example or {}
    players = ex.get("players", [])
    defs = {e.id: e for e in g.events}
    for ev in ex.get("events", []):
        e = defs[ev["type"]]
        inputs = {i.key: i for i in e.inputs}
        assert set(ev) - {"type", "player"} <= set(inputs), ev
        assert all(k in ev for k, i in inputs.items() if i.required), ev
        if "player" in ev and "player" not in inputs:
            assert ev["player"] in players, ev
        for k, v in ev.items():
            if k in inputs:
                assert event_fits(inputs[k], v, g, players), (ev, k)


REQUIRED_IN_EXAMPLES = [
    (g.id, n, k) for g in GAMES.values()
    for n, ev in enumerate((g.round_example or {}).get("events", []))
    for i in next(e for e in g.events if e.id == ev["type"]).inputs
    if i.required for k in [i.key] if k in ev]


def test_examples_give_required_event_fields():
    # the check below must have something to check
    assert len({gid for gid, _, _ in REQUIRED_IN_EXAMPLES}) >= 6


@pytest.mark.parametrize("game_id, n, key", REQUIRED_IN_EXAMPLES)
def test_a_missing_required_event_field_is_rejected(game_id, n, key):
    """``required`` says what the engine needs: the example round without that field of
    that event is refused (and the example itself is accepted)."""
    import copy
    g = GAMES[game_id]
    tally.score_round(game_id, g.round_example)
    rnd = copy.deepcopy(g.round_example)
    del rnd["events"][n][key]
    with pytest.raises(TallyError):
        tally.score_round(game_id, rnd)


# optional event fields the engine needs unless another key stands in for them
STAND_INS = {("isuri", "out", "last_card"): "last_month",
             ("isuri-simplified", "out", "last_card"): "last_month",
             ("six-hundred", "leftovers", "cards"): "every uncaptured card (or shorter_rounds)",
             ("sudaoshi", "hand_combo_claim", "cards"): "the player's dealt hand in 'hands'"}
OPTIONAL_IN_EXAMPLES = [
    (g.id, n, i.key) for g in GAMES.values()
    for n, ev in enumerate((g.round_example or {}).get("events", []))
    for i in next(e for e in g.events if e.id == ev["type"]).inputs
    if not i.required and i.key in ev and (g.id, ev["type"], i.key) not in STAND_INS]


@pytest.mark.parametrize("game_id, n, key", OPTIONAL_IN_EXAMPLES)
def test_an_optional_event_field_may_be_left_out(game_id, n, key):
    """A field not marked ``required`` has a default: the example round without it is still
    scored (the form may leave it empty)."""
    import copy
    rnd = copy.deepcopy(GAMES[game_id].round_example)
    del rnd["events"][n][key]
    tally.score_round(game_id, rnd)


def test_special_event_values_fit_and_are_scored():
    """Values the widgets build for the less plain event fields fit the declarations and are
    what the engine reads: go-stop's creator "dealt" (a player field's extra choice), Kage's
    hand_sizes (a map of players to ints), Hachi-juu Hana's willow assignment (a map of
    willow cards to flowers, scored in tests/test_capture_hachi_juu_hana.py)."""
    import copy

    def field(game_id, event, key):
        e = next(e for e in GAMES[game_id].events if e.id == event)
        return next(i for i in e.inputs if i.key == key)

    g = GAMES["go-stop"]
    rnd = copy.deepcopy(g.round_example)
    rnd["events"].insert(2, {"type": "stack_capture", "player": "Cy", "creator": "dealt"})
    assert event_fits(field("go-stop", "stack_capture", "creator"), "dealt", g, rnd["players"])
    tally.score_round("go-stop", rnd)
    rnd["events"][2]["creator"] = "Zed"
    assert not event_fits(field("go-stop", "stack_capture", "creator"), "Zed", g,
                          rnd["players"])
    with pytest.raises(TallyError):
        tally.score_round("go-stop", rnd)

    sizes = {"A": 2, "B": 1}
    assert event_fits(field("kage", "deck_exhausted", "hand_sizes"), sizes, GAMES["kage"],
                      ["A", "B"])
    tally.score_round("kage", {"players": ["A", "B"], "dealer": "A",
                               "events": [{"type": "deck_exhausted", "hand_sizes": sizes}]})

    assign = {"willow-rainman": "wisteria", "willow-swallow": "wisteria",
              "willow-ribbon": "iris", "willow-lightning": "iris"}
    i = field("hachi-juu-hana", "willow_assignment", "assign")
    assert event_fits(i, assign, GAMES["hachi-juu-hana"], ["A", "B", "C"])
    assert not event_fits(i, {"willow-rainman": "willow"}, GAMES["hachi-juu-hana"],
                          ["A", "B", "C"])


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if GAMES[g].pile_key])
def test_pile_every_agrees_with_the_round_example(game_id):
    """Game.pile_every says whether each player has a pile in a round; the game's own example
    round shows the same (a pile for every player, or for some only)."""
    g = GAMES[game_id]
    piles = g.round_example[g.pile_key]
    assert (set(g.round_example["players"]) <= set(piles)) == g.pile_every
