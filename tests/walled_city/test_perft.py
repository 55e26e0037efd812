"""Perft counts from fixed seeds (tests/data/perft_walled_city.json) guard move generation.

Regenerate only after a deliberate rules change:
``python -m tests.walled_city.test_perft`` rewrites the file."""
from __future__ import annotations

import json
import os
import random

import pytest

from engine.core import CHANCE
from engine.perft import perft, play_to_decision
from tests.walled_city.helpers import game

DATA = os.path.join(os.path.dirname(__file__), "..", "data", "perft_walled_city.json")
# (players, variants, seed, random plies after setup, depth)
CASES = [(2, [], 1, 0, 3), (3, [], 2, 0, 2), (4, [], 3, 4, 4), (3, ["borderlands"], 4, 2, 4),
         (2, ["borderlands"], 5, 150, 3), (4, ["mixed-guilds"], 6, 90, 3), (3, [], 7, -1, 2),
         # a Carpenters holder to build (activation, area, split, division in the tree)
         (2, ["borderlands"], 9, 6, 5), (4, ["borderlands"], 8, 33, 4),
         # a Butcher to move (activation, gifts, returns, looks and takes in the tree)
         (3, ["borderlands"], 11, 6, 5)]


def root(players, variants, seed, plies):
    s = game(players, tuple(variants)).new_initial_state(seed)
    if plies < 0:       # -1: the very first chance step of setup
        return s
    s = play_to_decision(s, seed)
    rnd = random.Random(seed)
    for _ in range(plies):
        movers = s.to_move()
        if movers == (CHANCE,):
            s.apply(CHANCE, s.sample_chance())
        elif movers:
            s.apply(movers[0], rnd.choice(s.legal_moves(movers[0])))
    return s


def compute():
    return [dict(players=p, variants=v, seed=sd, plies=pl, depth=d, count=perft(root(p, v, sd, pl), d))
            for p, v, sd, pl, d in CASES]


def test_perft_counts_match_the_recorded_file():
    with open(DATA) as fh:
        recorded = json.load(fh)
    assert len(recorded) == len(CASES)
    for rec in recorded:
        s = root(rec["players"], rec["variants"], rec["seed"], rec["plies"])
        assert perft(s, rec["depth"]) == rec["count"], rec


@pytest.mark.parametrize("depth", [1, 2])
def test_perft_first_chance_step_is_fifteen_die_outcomes(depth):
    s = game(3).new_initial_state(0)
    assert perft(s, depth) == 15 ** depth


if __name__ == "__main__":
    with open(DATA, "w") as fh:
        json.dump(compute(), fh, indent=1)
