"""perft counts from fixed seeds (tests/data/perft_between_two_cities.json)."""
import json
import os
import random

import pytest

import engine
from engine.core import CHANCE
from engine.perft import perft, play_to_decision

DATA = os.path.join(os.path.dirname(__file__), "..", "data", "perft_between_two_cities.json")


def root(case: dict) -> engine.State:
    """The perft root: seeded chance, then ``plies`` seeded random decisions."""
    s = engine.make("between_two_cities", case["players"], case["variants"], seed=case["seed"])
    s = play_to_decision(s, case["seed"])
    rnd = random.Random(case["seed"])
    for _ in range(case["plies"]):
        seat = s.to_move()[0]
        s.apply(seat, rnd.choice(s.legal_moves(seat)))
        s = play_to_decision(s, case["seed"])
    return s


def cases():
    with open(DATA) as fh:
        return json.load(fh)["cases"]


@pytest.mark.parametrize("case", cases(), ids=lambda c: c["name"])
def test_perft_counts(case):
    s = root(case)
    assert [perft(s, d) for d in range(1, len(case["counts"]) + 1)] == case["counts"]
