"""perft counts from fixed seeds (tests/data/perft_city_and_guilds.json)."""
import json
import os

import pytest

from engine.perft import perft
from tests.city_and_guilds.perft_roots import root

DATA = os.path.join(os.path.dirname(__file__), "..", "data", "perft_city_and_guilds.json")
CASES = json.load(open(DATA))["cases"]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"p{c['players']}-s{c['seed']}-d{c['depth']}")
def test_perft_counts(case):
    s = root(case["players"], case["seed"], case["plies"])
    assert perft(s, case["depth"]) == case["nodes"]
