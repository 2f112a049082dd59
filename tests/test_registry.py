"""What every registered game promises: its id is a digest, every option is described, every
preset names known options with valid values, and its round example scores zero-sum."""

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


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_evaluate_rejects_bad_piles(game_id):
    with pytest.raises(TallyError, match="unknown card 'pine-cran'") as e:
        tally.evaluate(game_id, ["pine-cran"])
    assert e.value.card == "pine-cran"
    card = next(iter(tally.CardSet(GAMES[game_id].deck))).slug
    with pytest.raises(TallyError, match="listed twice"):
        tally.evaluate(game_id, [card, card])
    with pytest.raises(TallyError, match="unknown option 'no-such-rule'"):
        tally.evaluate(game_id, [], options={"no-such-rule": True})
    with pytest.raises(TallyError, match="unknown preset"):
        tally.evaluate(game_id, [], preset="no-such-preset")


def _outside(game_id):
    everything = (1 << len(tally.ALL_CARDS)) - 1
    return tally.CardSet(everything & ~GAMES[game_id].deck)


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if _outside(g)])
def test_evaluate_rejects_a_card_outside_the_deck(game_id):
    slug = next(iter(_outside(game_id))).slug
    with pytest.raises(TallyError, match=f"{slug}.*not in the {game_id} deck"):
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
