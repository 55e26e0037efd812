"""Guildes passes the engine's conformance checker in every player count."""
import pytest

import engine
from engine.conformance import check


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_conformance(players, compiled):
    report = check(engine.make_game("guildes", players), games=10 if compiled else 4, seed=players,
                   deep_every=7 if compiled else 9)
    assert report.failures == []
    assert report.games > 0 and report.states > 100


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_conformance_over_many_games(players, compiled):
    # the wide sweep: every state shallowly checked, a sample deeply
    if not compiled:
        pytest.skip("the wide sweep runs with the compiled kernels (compiled and interpreted agree by test_twins)")
    report = check(engine.make_game("guildes", players), games=60, seed=1000 + players, deep_every=97)
    assert report.failures == []
    assert report.games == 60
