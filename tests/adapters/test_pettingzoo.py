"""The PettingZoo adapter passes PettingZoo's own API and seed tests."""
import functools
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from engine.errors import BadConfig, IllegalMove  # noqa: E402
from guildhall.adapters.pettingzoo import env  # noqa: E402

CONFIGS = [
    ("guildes", 3, ()), ("guildes", 4, ("events",)), ("guildes", 4, ("tricks",)),
    ("guildes", 6, ("events", "tricks")),
    ("between_two_cities", 3, ()), ("between_two_cities", 2, ("two-player",)),
    ("between_two_cities", 2, ("two-player-advanced",)), ("between_two_cities", 4, ("beginner",)),
    ("between_two_cities", 5, ("districts",)),
    ("city_and_guilds", 3, ()), ("city_and_guilds", 5, ()),
    ("walled_city", 2, ()), ("walled_city", 3, ("borderlands",)), ("walled_city", 4, ("mixed-guilds",)),
]


@pytest.mark.parametrize("name,players,variants", CONFIGS)
def test_pettingzoo_api_and_seed_tests(name, players, variants):
    make = functools.partial(env, name, players=players, variants=variants)
    with warnings.catch_warnings():
        # PettingZoo warns on any Dict observation space (masked games all have one)
        warnings.simplefilter("ignore", UserWarning)
        api_test(make(render_mode="ansi"), num_cycles=400)
        seed_test(lambda render_mode=None: make(), num_cycles=60)


def play_out(e, seed, final=None):
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while e.agents:
        obs, reward, done, cut, info = e.last()
        if done or cut:
            if final is not None:
                final[e.agent_selection] = reward
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
        steps += 1
    return steps


def test_a_whole_game_ends_with_every_seat_rewarded():
    e = env("guildes", players=4)
    got = {}
    steps = play_out(e, 3, got)
    assert 0 < steps <= e.game.max_game_length()
    final = e.table.state.returns("win")
    assert [got[a] for a in e.possible_agents] == final
    assert abs(sum(final) - 1.0) < 1e-9


def test_observation_shows_who_chose_but_not_what():
    e1, e2 = env("guildes", players=4), env("guildes", players=4)
    e1.reset(seed=5)
    e2.reset(seed=5)
    legal = np.flatnonzero(e1.observe("seat_0")["action_mask"])
    e1.step(int(legal[0]))
    e2.step(int(legal[-1]))
    assert e1.agent_selection == e2.agent_selection == "seat_1"
    for seat in ("seat_1", "seat_2", "seat_3"):
        o1, o2 = e1.observe(seat)["observation"], e2.observe(seat)["observation"]
        assert np.array_equal(o1, o2)
        assert list(o1[4:8]) == [1, 0, 0, 0]  # seat 0 has chosen: public
    assert not np.array_equal(e1.observe("seat_0")["observation"], e2.observe("seat_0")["observation"])


def test_illegal_action_raises_and_changes_nothing():
    e = env("city_and_guilds", players=3)
    e.reset(seed=2)
    mask = e.observe(e.agent_selection)["action_mask"]
    before = e.table.state.clone()
    with pytest.raises(IllegalMove, match="not legal"):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    assert e.table.state == before


def test_render_ansi_draws_the_game_and_bad_options_are_refused():
    e = env("walled_city", players=2, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and text == e.table.state.draw(None)
    with pytest.raises(BadConfig):
        env("walled_city", players=2, render_mode="human")
    with pytest.raises(BadConfig):
        env("walled_city", players=9)


def test_reset_without_a_seed_goes_on_with_the_generator():
    # Gymnasium: "if the environment already has a PRNG and seed=None is passed, the PRNG
    # will not be reset": reset(seed=3); reset() deals the same in every run
    deals = []
    for _ in range(2):
        e = env("guildes", players=3)
        e.reset(seed=3)
        e.reset()
        deals.append(str(e.table.state))
    assert deals[0] == deals[1]


def test_variants_may_be_one_string_as_in_the_openspiel_parameter():
    for variants in ("events+tricks", ["events", "tricks"], ("events", "tricks")):
        e = env("guildes", players=4, variants=variants)
        assert e.game.has("events") and e.game.has("tricks")
    one = env("guildes", players=4, variants="events").game
    assert one.has("events") and not one.has("tricks")  # not the letters e, v, e, n, t, s
