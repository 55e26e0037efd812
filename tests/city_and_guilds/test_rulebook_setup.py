"""The setup round's placement rule (rulebook: Setup; ruling 4): a new block, not adjacent to
a tile in another block; when no space meets it, any space of an empty block, else the
normal rule."""
from __future__ import annotations

import json

import engine
from cython_ext.city_and_guilds_layout import SETUP
from tests.city_and_guilds.helpers import game


def test_five_players_always_find_a_space_that_meets_the_setup_rule_on_the_stand_in():
    # four setup tiles sit in four blocks and touch at most 4 x (most neighbours) spaces of
    # the other blocks; the four smallest blocks still have more spaces than that
    m = game(5).map
    sizes = sorted(m.block_of.count(b) for b in range(m.blocks))
    degree = max(sum(1 for q in a if q >= 0) for a in m.adj)
    assert m.blocks >= 5 and sum(sizes[:m.blocks - 4]) > 4 * degree


def setup_turn(tmp_path, tiles: list[str]):
    """Seat 2's setup placement on a three-block map, ``tiles`` already placed:

        a1 b1 c1      block A
        a3 b3         block B  (a1-a3 and b1-b3 face each other across the street)
        a5 b5         block C
    """
    data = json.load(open(game(3).edition_path))
    data["map"] = ["AAA", "...", "BB.", "...", "CC."]
    path = tmp_path / "three.json"
    path.write_text(json.dumps(data))
    s = engine.make("city_and_guilds", players=3, edition=str(path), seed=0)
    g = s.game
    for name, value in (("phase", SETUP), ("cur", 2), ("setupleft", 1), ("dealt", 12)):
        g.field(s, name)[0] = value
    g.field(s, "hand")[2 * 9] = 3  # seat 2 holds three candlemakers buildings
    g.field(s, "hsize")[:] = [3, 3, 3]
    g.field(s, "hand")[0] = g.field(s, "hand")[9] = 3
    g.field(s, "face")[:] = [1, 1, 1]
    g.field(s, "supply")[:] = 0
    for n in tiles:
        g.field(s, "tile")[g.map.names.index(n)] = 8  # minstrel's houses, no men
    S = g.map.spaces
    return sorted({g.map.names[(m // 2) % S] for m in s.legal_moves(2)})


def test_a_new_block_next_to_no_tile_is_required_when_one_exists(tmp_path):
    # a1 placed: block B's a3 faces it; b3 and both spaces of block C are free
    assert setup_turn(tmp_path, ["a1"]) == ["a5", "b3", "b5"]


def test_when_every_empty_blocks_space_touches_a_tile_any_space_of_an_empty_block(tmp_path):
    # a1, b1 and a5: blocks A and C are taken; B's a3 and b3 both face a tile.  The normal
    # rule would add c1 (next to b1, but in block A) and b5 (next to a5, block C)
    assert setup_turn(tmp_path, ["a1", "b1", "a5"]) == ["a3", "b3"]


def test_with_no_empty_block_left_the_normal_rule_applies(tmp_path):
    assert setup_turn(tmp_path, ["a1", "a3", "a5"]) == ["b1", "b3", "b5"]
