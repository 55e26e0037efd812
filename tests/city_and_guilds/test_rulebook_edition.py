"""The stand-in edition against the rulebook's components and FACTS.md's constraints."""
from __future__ import annotations

import pytest

from tests.city_and_guilds.helpers import game


def test_components_are_the_rulebooks():
    g = game(4)
    ed = g.edition
    assert ed["guilds"] == ["candlemakers", "clothmakers", "bakers", "blacksmiths"]
    assert g.totals == [11, 7] * 4 + [4]  # 44 buildings, 28 markets (11 / 7 a guild), 4 minstrels
    assert ed["tiles"]["tavern"] == 4 and sum(g.totals) + 4 == 80
    assert ed["men"] == {"3": 18, "4": 13, "5": 10}
    assert ed["values"] == {"block": 8, "market": 2, "minstrel": 5, "tavern": 5}


def test_the_stand_in_map_meets_facts_md():
    m = game(3).map
    assert m.blocks == 8 and m.spaces == 64
    irregular = 0
    for b in range(m.blocks):
        cells = [m.cell[s] for s in range(m.spaces) if m.block_of[s] == b]
        assert 6 <= len(cells) <= 10
        rows, cols = {r for r, _ in cells}, {c for _, c in cells}
        irregular += len(rows) * len(cols) != len(cells)  # not its bounding rectangle
    assert irregular >= 2
    assert game(3).edition["track_max"] == 40


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_player_starts_with_cubes_on_zero_and_no_money(players):
    g = game(players)
    s = g.new_initial_state(0)
    assert (g.field(s, "inv") == 0).all() and (g.field(s, "money") == 0).all()
    assert list(g.field(s, "men")) == [g.men0] * players
