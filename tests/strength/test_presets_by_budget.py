"""A preset's ``by_budget`` entries: options that apply from an iteration budget up (search/presets.py)."""
import json

import pytest

import engine
import search.presets as presets
from engine.errors import BadConfig
from search.api import Limits, make_player
from search.ismcts import ISMCTS_SPEC, check_options
from tests.search.helpers import guildes_start, play_to_decision

PRESET = {"options": {"exploration": 0.5, "tree": "mo"},
          "by_budget": {"1600": {"exploration": 1.4, "final": "value"}, "400": {"exploration": 0.9}}}


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setattr(presets, "PRESET_DIR", str(tmp_path))
    return tmp_path


def write(folder, preset, game="guildes"):
    (folder / f"{game}.json").write_text(json.dumps({"default": "p", "presets": {"p": preset}}))


def test_entries_apply_from_their_budget_up_smallest_first(folder):
    write(folder, PRESET)
    assert presets.options_for("guildes") == {"exploration": 0.5, "tree": "mo"}  # no budget: plain
    assert presets.options_for("guildes", budget=399)["exploration"] == 0.5
    assert presets.options_for("guildes", budget=400) == {"exploration": 0.9, "tree": "mo"}
    assert presets.options_for("guildes", budget=1599)["exploration"] == 0.9
    # from 1600 both entries apply, the larger budget's value last
    assert presets.options_for("guildes", budget=1600) == {"exploration": 1.4, "tree": "mo", "final": "value"}
    assert presets.options_for("guildes", budget=10**6)["final"] == "value"
    assert presets.options_for("guildes", "none", budget=1600) == {}


def test_the_player_searches_with_its_budgets_options(folder):
    write(folder, PRESET)
    s = guildes_start(4, seed=2)
    p = make_player("ismcts", seed=3)
    p.choose(s, 0, Limits(iterations=40))
    assert (p.opts["exploration"], p.opts["final"]) == (0.5, "visits")
    p.choose(s, 0, Limits(iterations=400))
    assert p.opts["exploration"] == 0.9
    p.choose(s, 0, Limits(iterations=1600, movetime=0.05))  # an iteration limit keys it, time or not
    assert (p.opts["exploration"], p.opts["final"]) == (1.4, "value")
    p.choose(s, 0, Limits(movetime=0.02))  # time only: the plain options (the documented ruling)
    assert p.opts["exploration"] == 0.5
    p.choose(s, 0, Limits(nodes=200))
    assert p.opts["exploration"] == 0.5
    p.choose(s, 0, Limits())  # no limit at all: the 1000-iteration fallback reaches 400
    assert p.opts["exploration"] == 0.9
    given = make_player("ismcts", seed=3, exploration=2.0)  # an explicit option beats every entry
    given.choose(s, 0, Limits(iterations=1600))
    assert (given.opts["exploration"], given.opts["final"]) == (2.0, "value")


def test_a_budget_entry_changes_the_search(folder):
    s = guildes_start(4, seed=3)
    write(folder, {"options": {}, "by_budget": {"100": {"exploration": 50.0}}})
    spread = {}
    for its in (99, 100):
        p = make_player("ismcts", seed=5)
        p.choose(s, 0, Limits(iterations=its))
        visits = [m.visits for m in p.last_info.moves]
        spread[its] = max(visits) - min(visits)
    assert spread[100] < spread[99]  # near-uniform root visits once c = 50 applies


@pytest.mark.parametrize("by_budget,match", [
    ([1600], "'by_budget' must be an object"),
    ({"lots": {}}, "not an iteration budget"),
    ({"0": {}}, "not an iteration budget"),
    ({"-5": {}}, "not an iteration budget"),
    ({"1e3": {}}, "not an iteration budget"),
    ({" 400": {}}, "not an iteration budget"),
    ({"1600": 1.4}, "must be an object of options"),
    ({"400": {}, "0400": {}}, "one budget twice"),
])
def test_a_bad_budget_is_a_clear_error(folder, by_budget, match):
    write(folder, {"options": {}, "by_budget": by_budget})
    with pytest.raises(BadConfig, match=match):
        presets.options_for("guildes", budget=100)
    with pytest.raises(BadConfig, match=match):
        make_player("ismcts").choose(guildes_start(3, seed=1), 0, Limits(iterations=5))


def test_a_bad_option_in_any_entry_fails_at_every_budget(folder):
    s = guildes_start(3, seed=1)
    write(folder, {"options": {}, "by_budget": {"1600": {"explore": 1.4}}})
    with pytest.raises(BadConfig, match="unknown option 'explore'"):
        make_player("ismcts").choose(s, 0, Limits(iterations=5))  # far below 1600
    write(folder, {"options": {}, "by_budget": {"1600": {"final": "best"}}})
    with pytest.raises(BadConfig, match="final must be visits, value or secure"):
        make_player("ismcts").choose(s, 0, Limits(iterations=5))
    write(folder, {"options": {}, "by_budget": {"1600": {"preset": "other"}}})
    with pytest.raises(BadConfig, match="unknown option 'preset'"):
        make_player("ismcts").choose(s, 0, Limits(iterations=5))


def test_every_shipped_budget_entry_is_valid():
    for game in engine.games():
        for name in presets.preset_names(game):
            base, steps = presets.budget_steps(game, name)
            for _at, extra in steps:
                assert "preset" not in extra
                check_options("ismcts", {**base, **extra}, ISMCTS_SPEC)


def test_city_and_guilds_default_plays_the_max_child_from_1600_iterations():
    # session 8's pre-registered rows (docs/strength.md); below 1600 the default is unchanged
    p = make_player("ismcts")
    assert p.options_for("city_and_guilds", 1600)["final"] == "value"
    assert p.options_for("city_and_guilds", 1599)["final"] == "visits"
    assert p.options_for("city_and_guilds", None)["final"] == "visits"
    assert make_player("ismcts", final="visits").options_for("city_and_guilds", 1600)["final"] == "visits"


def test_between_two_cities_default_plays_the_max_child_from_400_to_1599_iterations():
    # session 9's pre-registered rows (docs/strength.md): value from 400; 1600 keeps the
    # most visited move, the setting its own rows measured
    p = make_player("ismcts")
    assert [p.options_for("between_two_cities", b)["final"] for b in (None, 399, 400, 1000, 1599, 1600, 6400)] == \
        ["visits", "visits", "value", "value", "value", "visits", "visits"]
    assert make_player("ismcts", final="visits").options_for("between_two_cities", 400)["final"] == "visits"
    s = play_to_decision(engine.make("between_two_cities", players=4, seed=3), 3)
    p.choose(s, s.to_move()[0], Limits(iterations=400, movetime=0.05))  # the budget keys it, time or not
    assert p.opts["final"] == "value"


def test_city_and_guilds_default_expands_late_only_when_not_limited_by_iterations():
    # session 15's pre-registered rows (docs/strength.md): expand_after=64 at equal time,
    # every iteration budget keeps the tree its equal-iteration rows measured
    p = make_player("ismcts")
    for players in (3, 4):
        assert [p.options_for("city_and_guilds", b, players)["expand_after"] for b in (None, 1, 100, 400, 1600)] == \
            [64, 1, 1, 1, 1]
    # 5 players have a default of their own (session 15, tuned at equal time), with its own
    # threshold since session 22's pre-registered rows (256 at equal time, 1 from any budget)
    assert [p.options_for("city_and_guilds", b, 5)["expand_after"] for b in (None, 1, 100, 400, 1600)] == \
        [256, 1, 1, 1, 1]
    assert make_player("ismcts", expand_after=8).options_for("city_and_guilds", None, 4)["expand_after"] == 8
    assert make_player("ismcts", preset="vs-textbook-160g-100it").options_for("city_and_guilds", None, 4)[
        "expand_after"] == 1
    for game in ("guildes", "between_two_cities", "walled_city"):
        assert p.options_for(game, None)["expand_after"] == 1
    s = play_to_decision(engine.make("city_and_guilds", players=3, seed=3), 3)
    seat = s.to_move()[0]
    for limits, want in ((Limits(movetime=0.02), 64), (Limits(nodes=300), 64), (Limits(iterations=30), 1),
                         (Limits(iterations=30, movetime=0.02), 1), (Limits(), 1)):
        p.choose(s, seat, limits)
        assert p.opts["expand_after"] == want, limits
