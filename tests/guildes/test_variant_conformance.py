"""Every variant combination passes the conformance checker in every player
count: no-peek determinization (face-down card, redistribution, trick hands and
the discard pile included), string round trips, replay, kernel rollout."""
import pytest

import engine
from cython_ext import select
from engine.conformance import check

COMBOS = [("events",), ("tricks",), ("events", "tricks")]


@pytest.mark.parametrize("variants", COMBOS, ids=lambda v: "+".join(v))
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_variant_conformance(players, variants, compiled):
    game = engine.make_game("guildes", players, variants)
    fast = select.mode(game.kernel_module) == "compiled"
    report = check(game, games=2 if fast else 1, seed=players + 10 * len(variants), deep_every=11 if fast else 13)
    assert report.failures == []
    assert report.games > 0 and report.states > 100
