"""Engine API the adapters need: any seed source, compact keys, cheap apply,
kernel playouts, kept choices at determinize, and a game-length bound."""
import random

import numpy as np
import pytest

import engine
from cython_ext import select
from engine.core import CHANCE, make_rng
from engine.errors import BadConfig, BadState, IllegalMove

PURE = select.pure_python_forced()
CONFIGS = [
    ("guildes", 3, ()), ("guildes", 6, ("events", "tricks")), ("guildes", 4, ("tricks",)),
    ("between_two_cities", 2, ("two-player",)), ("between_two_cities", 2, ("two-player-advanced",)),
    ("between_two_cities", 7, ("districts",)), ("between_two_cities", 4, ("beginner",)),
    ("city_and_guilds", 3, ()), ("city_and_guilds", 5, ()),
    ("walled_city", 2, ()), ("walled_city", 4, ("borderlands",)), ("walled_city", 3, ("mixed-guilds",)),
]


def first_decision(name, players, seed=1, variants=()):
    s = engine.make(name, players=players, variants=variants, seed=seed)
    while s.is_chance():
        s.apply(CHANCE, s.sample_chance())
    return s


@pytest.mark.parametrize("name,players,variants", CONFIGS)
def test_random_games_stay_within_max_game_length(name, players, variants):
    game = engine.make_game(name, players, variants)
    bound = game.max_game_length()
    for seed in range(1 if PURE else 4):
        s, rng, plies = game.new_initial_state(seed), random.Random(seed), 0
        while s.to_move():
            seat = s.to_move()[0]
            move = s.sample_chance() if seat == CHANCE else rng.choice(s.legal_moves(seat))
            s.apply_trusted(seat, move)
            plies += 1
        assert 0 < plies <= bound


def test_determinize_takes_any_seeded_generator():
    s = first_decision("guildes", 4)
    worlds = [s.determinize(1, src) for src in (7, make_rng(7))]
    assert worlds[0] == worlds[1]
    for make in (lambda: random.Random(3), lambda: np.random.default_rng(3), lambda: np.random.RandomState(3)):
        assert s.determinize(1, make()) == s.determinize(1, make())
        assert s.determinize(1, make()).observe(1) == s.observe(1)
    with pytest.raises(BadConfig, match="cannot draw random numbers"):
        s.determinize(1, object())


def test_info_key_is_equal_exactly_for_equal_views():
    s = first_decision("guildes", 4)
    a, b = s.clone(), s.clone()
    legal = s.legal_moves(0)
    a.apply(0, legal[0])
    b.apply(0, legal[-1])
    assert len(s.info_key(1)) == 16
    assert a.info_key(1) == b.info_key(1)  # seat 0's pick is hidden from seat 1
    assert a.info_key(0) != b.info_key(0)
    assert (a.observe(1) == b.observe(1)) == (a.info_key(1) == b.info_key(1))


def test_apply_checks_without_a_list_and_apply_trusted_does_not_check():
    s, rng = first_decision("city_and_guilds", 3), random.Random(2)
    while len(s.to_move()) != 1 or s.is_chance():  # past the simultaneous setup discard
        seat = s.to_move()[0]
        s.apply(seat, s.sample_chance() if seat == CHANCE else rng.choice(s.legal_moves(seat)))
    seat = s.to_move()[0]
    legal = set(s.legal_moves(seat))
    bad = next(m for m in range(s.game.kernel.max_moves) if m not in legal)
    assert all(s.is_legal(seat, m) for m in legal) and not s.is_legal(seat, bad)
    assert not s.is_legal((seat + 1) % 3, min(legal))
    before = s.clone()
    with pytest.raises(IllegalMove, match="not legal"):
        s.apply(seat, bad)
    with pytest.raises(IllegalMove, match="is not to move"):
        s.apply((seat + 1) % 3, min(legal))
    assert s == before
    t = s.clone()
    s.apply(seat, min(legal))
    t.apply_trusted(seat, min(legal))
    assert s == t


def test_rollout_plays_out_in_the_kernel_and_leaves_the_state():
    s = first_decision("walled_city", 2)
    before = s.clone()
    r1, r2 = s.rollout(5), s.rollout(5)
    assert r1 == r2 and s == before and len(r1) == 2 and 0.0 <= sum(r1) <= 1.0
    with pytest.raises(BadState, match="determinize it first"):
        s.observe(0).rollout(1)


def test_determinize_puts_submitted_choices_back():
    s = first_decision("guildes", 4)
    mine = s.legal_moves(0)[-1]
    s.apply(0, mine)
    theirs = s.legal_moves(1)[0]
    s.apply(1, theirs)
    assert s.to_move() == (2, 3)
    for k in range(10):
        w = s.determinize(0, k, submitted=[(0, mine), (1, None)])
        assert w.to_move() == (2, 3)
        assert w.observe(0) == s.observe(0)  # seat 0's own pick is kept
    assert s.determinize(0, 1).to_move() == (2, 3)  # kept by default: the view shows seat 1 chose
    cleared = s.determinize(0, 1, keep_chosen=False)
    assert cleared.to_move() == (1, 2, 3)  # the search's way: seat 1 chooses again in the world
