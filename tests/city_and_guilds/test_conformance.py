"""The shared conformance checker, for every player count (no variants exist)."""
import pytest

import engine
from cython_ext import select
from engine.conformance import check

COMPILED = select.mode(select.load("city_and_guilds")) == "compiled"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_conformance(players):
    report = check(engine.make_game("city_and_guilds", players), games=10 if COMPILED else 4,
                   seed=players)
    assert report.failures == []
    assert report.games >= 3
