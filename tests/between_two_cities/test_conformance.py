"""The shared conformance checker in every player count and variant."""
import pytest

import engine
from cython_ext import select
from engine.conformance import check

COMPILED = select.mode(select.load("between_two_cities")) == "compiled"
GAMES = 2 if COMPILED else 1

CONFIGS = [(p, ()) for p in range(3, 8)] + [
    (3, ("beginner",)), (5, ("beginner",)), (7, ("beginner",)),
    (4, ("districts",)), (6, ("districts",)), (3, ("beginner", "districts")),
    (2, ("two-player",)), (2, ("two-player", "beginner")), (2, ("two-player", "districts")),
    (2, ("two-player-advanced",)), (2, ("two-player-advanced", "beginner")),
    (2, ("two-player-advanced", "districts")),
]


@pytest.mark.parametrize("players,variants", CONFIGS)
def test_conformance(players, variants):
    game = engine.make_game("between_two_cities", players, variants)
    report = check(game, games=GAMES, seed=players + 10 * len(variants),
                   deep_every=11 if COMPILED else 13)
    assert report.failures == []
    assert report.games == GAMES
