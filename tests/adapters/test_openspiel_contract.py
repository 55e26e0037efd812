"""The OpenSpiel adapter against pyspiel's contract where an audit (session 35) found it off:
default parameters that load every game, the observation types offered, flat joint actions at
a simultaneous node, no seat at chance, and the samplers resample_from_infostate takes."""
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
observation = pytest.importorskip("open_spiel.python.observation")

from guildhall.adapters import openspiel as gos  # noqa: E402


def dealt(name, **params):
    state = pyspiel.load_game(name, params).new_initial_state() if params else \
        pyspiel.load_game(name).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


def test_every_game_loads_with_its_default_parameters():
    # games_sim_test loads every default_loadable game by its short name alone
    for name in gos.REGISTERED:
        game = pyspiel.load_game(name)
        assert game.get_type().default_loadable and game.num_players() >= 2
        assert game.get_parameters()["players"] == game.num_players()
    two = pyspiel.load_game("python_guildhall_between_two_cities(variants=two-player)")
    assert two.num_players() == 2  # the count the variant plays, as guildhall's commands choose it


def test_only_a_seats_own_view_is_offered_as_an_observation():
    game = pyspiel.load_game("python_guildhall_guildes")
    assert observation.make_observation(game).tensor.size > 0
    assert observation.make_observation(game, pyspiel.IIGObservationType(perfect_recall=True)).tensor.size > 0
    for private in (pyspiel.PrivateInfoType.NONE, pyspiel.PrivateInfoType.ALL_PLAYERS):
        with pytest.raises(ValueError, match="one seat's own view"):
            observation.make_observation(game, pyspiel.IIGObservationType(
                perfect_recall=False, public_info=True, private_info=private))
    with pytest.raises(ValueError, match="no parameters"):
        observation.make_observation(game, None, {"x": 1})


def test_a_simultaneous_node_lists_and_applies_flat_joint_actions():
    state = dealt("python_guildhall_guildes_simultaneous")
    assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    legal = [state.legal_actions(p) for p in range(state.num_players())]
    count = 1
    for moves in legal:
        count *= len(moves)
    assert state.legal_actions() == list(range(count))
    for flat in range(count):
        joint, rest = [], flat
        for moves in legal:  # seat 0 the lowest digit, as OpenSpiel's FlatJointActionToActions
            joint.append(moves[rest % len(moves)])
            rest //= len(moves)
        a, b = state.clone(), state.clone()
        a.apply_action(flat)
        b.apply_actions(joint)
        assert str(a) == str(b) and a.information_state_string(0) == b.information_state_string(0)
    with pytest.raises(pyspiel.SpielError):
        state.clone().apply_action(count)


def test_chance_and_numbers_outside_the_table_are_no_seat():
    state = pyspiel.load_game("python_guildhall_guildes").new_initial_state()
    assert state.is_chance_node()
    for call in (state.information_state_string, state.observation_string, state.observation_tensor):
        with pytest.raises(pyspiel.SpielError, match="is not a seat"):
            call()
        with pytest.raises(pyspiel.SpielError, match="is not a seat"):
            call(7)


def test_resampling_is_seeded_by_openspiels_samplers_and_plain_callables():
    state = dealt("python_guildhall_guildes")
    seat = state.current_player()
    def full(world):
        return world.table.state.to_string()  # the hidden cards too

    one = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(7, 0., 1.))
    two = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(7, 0., 1.))
    assert full(one) == full(two)
    assert one.information_state_string(seat) == state.information_state_string(seat)
    worlds = {full(state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(s, 0., 1.)))
              for s in range(8)}
    assert len(worlds) > 1  # the sampler's seed chooses the world
    r1, r2 = random.Random(3), random.Random(3)
    assert full(state.resample_from_infostate(seat, lambda: r1.random())) == \
        full(state.resample_from_infostate(seat, lambda: r2.random()))
