"""bench/preset_rate.py: each named preset's search options, measured at seat decisions."""
import pytest

from bench.bench_search import search_ips
from bench.bench_search import search_options as make_search_options
from bench.preset_rate import SEARCH_KEYS, measure, positions, search_options
from engine.core import CHANCE
from search.api import BadConfig
from search.ismcts import IsmctsPlayer


def test_a_preset_gives_its_search_options_without_the_players_own():
    opts = search_options("city_and_guilds", "bias-16.0")
    assert opts["bias"] == 16.0 and opts["tree"] == "mo"
    assert "reuse" not in opts and "final" not in opts  # the player's options, around its searches
    assert set(opts) == set(SEARCH_KEYS)
    assert search_options("city_and_guilds", "vs-textbook-160g-100it")["bias"] == 0.0
    with pytest.raises(BadConfig):
        search_options("city_and_guilds", "no-such-preset")


def test_every_position_is_a_seat_decision_and_mid_game_ones_differ():
    pos = positions("city_and_guilds", 3)
    assert len(pos["first"]) == 1 and len(pos["mid"]) == 4
    for st in pos["first"] + pos["mid"]:
        assert st.to_move() and st.to_move()[0] != CHANCE
    assert len({st.observe(st.to_move()[0]).buf.tobytes() for st in pos["mid"]}) == 4


def test_each_preset_is_measured_at_every_position_and_round():
    res = measure("city_and_guilds", 3, ["vs-textbook-160g-100it", "bias-16.0"], 0.01, 2)
    assert set(res) == {(w, p) for w in ("first", "mid") for p in ("vs-textbook-160g-100it", "bias-16.0")}
    for (where, _), (search, ceiling) in res.items():
        assert len(search) == len(ceiling) == (2 if where == "first" else 8)
        assert min(search) > 0 and min(ceiling) > 0


def test_a_preset_with_changed_options_and_the_textbook_settings():
    opts = search_options("guildes", "vs-textbook-160g-100it+reward=win+exploration=2", players=6)
    assert opts["reward"] == "win" and opts["exploration"] == 2.0 and opts["tree"] == "mo"
    assert search_options("guildes", "vs-textbook-160g-100it", players=6)["reward"] == "score"
    book = search_options("guildes", "textbook", players=6)
    assert {k: book[k] for k in ("tree", "keys", "exploration", "rollout", "reward", "bias")} == {
        "tree": "so", "keys": "view", "exploration": 2.0, "rollout": "random", "reward": "win", "bias": 0.0}
    for bad in ("vs-textbook-160g-100it+reward=money", "vs-textbook-160g-100it+reuse=false",
                "vs-textbook-160g-100it+reward", "textbook+reward=score"):
        with pytest.raises(BadConfig):
            search_options("guildes", bad, players=6)


def test_the_options_are_the_players_own_at_a_time_limit():
    # heuristic-5p-c07-100ms: c = 0.7 at a time limit, 4.0 from its by_budget entry at 1 iteration
    player = IsmctsPlayer(preset="default")
    for players in (3, 5, 7):
        want = player.options_for("between_two_cities", None, players)
        assert search_options("between_two_cities", "default", players) == {k: want[k] for k in SEARCH_KEYS}
    assert search_options("between_two_cities", "default", 5)["exploration"] == 0.7


@pytest.mark.parametrize("change", ["tree=det", "tree=det+fixed_worlds=4", "fixed_worlds=4", "reveal=true"])
def test_the_players_det_tree_and_fixed_worlds_are_measured(change):
    opts = search_options("between_two_cities", "heuristic-visits+" + change, players=3)
    assert opts["tree"] == ("det" if "det" in change else "so")
    known = make_search_options(opts)
    assert known.get("fixed_worlds", 0) == (4 if "fixed_worlds" in change else 0)
    st = positions("between_two_cities", 3)["first"][0]
    seat = st.to_move()[0]
    assert search_ips(st.observe(seat), seat, 0.02, **known) > 0
