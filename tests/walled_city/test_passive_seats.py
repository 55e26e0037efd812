"""Variants no-powers-N (strength matches): seat N is never offered the activation, the others
are, and a short ISMCTS match through bench/wc_powers_match.py runs with them."""
from __future__ import annotations

import random

import pytest

import engine
from cython_ext import select
from engine.core import CHANCE
from engine.errors import BadConfig

ACT = 63


def offers(players: int, variants, seed: int) -> dict[int, int]:
    """How often each seat is offered the activation in a random game."""
    rnd = random.Random(seed)
    s = engine.make("walled_city", players=players, variants=variants, seed=seed)
    seen = {p: 0 for p in range(players)}
    while not s.is_terminal():
        tm = s.to_move()
        if tm == (CHANCE,):
            s.apply(CHANCE, s.sample_chance())
            continue
        ms = s.legal_moves(tm[0])
        seen[tm[0]] += ACT in ms and int(s.game.field(s, "phase")[0]) != 14
        s.apply(tm[0], rnd.choice(ms))
    return seen


def test_a_passive_seat_is_never_offered_its_power_the_others_are():
    base, passive = {p: 0 for p in range(3)}, {p: 0 for p in range(3)}
    for seed in range(3):
        for p, n in offers(3, (), seed).items():
            base[p] += n
        for p, n in offers(3, ("no-powers-1",), seed).items():
            passive[p] += n
    assert base[1] > 0 and passive[1] == 0
    assert passive[0] > 0 and passive[2] > 0


def test_two_player_game_with_every_seat_passive_plays_the_base_game():
    assert offers(2, ("no-powers-0", "no-powers-1"), 4) == {0: 0, 1: 0}


@pytest.mark.parametrize("players,variant", [(2, "no-powers-2"), (3, "no-powers-3")])
def test_a_passive_seat_beyond_the_table_is_refused(players, variant):
    with pytest.raises(BadConfig):
        engine.make_game("walled_city", players, (variant,))


@pytest.mark.skipif(select.pure_python_forced() or select.mode(select.load("ismcts")) != "compiled",
                    reason="a whole ISMCTS game needs the compiled kernels")
def test_match_script_plays_a_game_where_only_the_user_activates():
    from bench.wc_powers_match import play_one

    share, mine, others = play_one(2, 1, 3, 20, "londonderry")
    assert others == 0 and 0.0 <= share <= 1.0
