"""Counts the other rule files leave open (rulebook: Scoring, Final Count): every row of
the chain-bonus table, and which track a block's guild count reads (ruling 22)."""
from __future__ import annotations

import json

import pytest

import engine
from tests.city_and_guilds.helpers import game, money, place, position

BLUE, RED, GREEN, YELLOW = 0, 1, 2, 3
CANDLE, BAKERS = 0, 2
# the rulebook's table: blocks reached by the largest chain -> bonus
BONUS = {1: 1, 2: 3, 3: 6, 4: 10, 5: 15, 6: 21, 7: 28, 8: 36}


def row_of_blocks(tmp_path):
    """Eight two-space blocks in a row, a one-cell street between them: a1 b1 | d1 e1 | ..."""
    data = json.load(open(game(3).edition_path))
    data["map"] = [".".join(letter * 2 for letter in "ABCDEFGH")]
    path = tmp_path / "row.json"
    path.write_text(json.dumps(data))
    return engine.make("city_and_guilds", players=3, edition=str(path), seed=0)


@pytest.mark.parametrize("blocks", range(1, 9))
def test_chain_bonus_table_row(tmp_path, blocks):
    s = row_of_blocks(tmp_path)
    g = s.game
    tile, inv = g.field(s, "tile"), g.field(s, "inv")
    cells = [n for n in g.map.names][:2 * blocks]  # the first `blocks` blocks, both spaces
    for n in cells:
        tile[g.map.names.index(n)] = CANDLE * 2  # candlemakers buildings
    assert g.kernel.guild_chain_value(s.buf, CANDLE) == len(cells) + BONUS[blocks]
    inv[CANDLE * 3 + 1] = 1  # seat 1 alone on the track takes the whole value
    g.kernel.final_count(s.buf)
    men = g.men0
    assert [int(x) for x in g.field(s, "money")] == [-men, len(cells) + BONUS[blocks] - men, -men]


def example_block(tracks):
    """The rulebook's scoring example on block B, h2 left for Blue (test_scoring)."""
    return position(tiles={
        "e1": ("building-candlemakers", RED, 1), "f1": ("building-bakers", RED, 1),
        "g1": ("building-candlemakers", BLUE, 1), "h1": ("building-clothmakers", YELLOW, 1),
        "e2": ("market-candlemakers", None, 0), "f2": ("market-bakers", None, 0),
        "g2": ("minstrel", None, 0),
    }, hands={BLUE: ["building-candlemakers", "market-candlemakers", "minstrel"]}, tracks=tracks)


def test_the_completing_buildings_step_is_made_before_the_guild_count():
    # Blue (4, behind Red) completes with one man and +1: Blue reaches 5 behind Green and is
    # second for the candlemakers' count (£2), Red third (£1).  Counted before the step it
    # would be Green, Red, Blue.  Blocks: Red and Blue tie on 2 buildings, 2 men: Red keeps
    # the white cube (9), Blue black (5), Yellow third (3).
    s = example_block({CANDLE: [(GREEN, 5), (RED, 4), (BLUE, 4)]})
    place(s, BLUE, "place building-candlemakers h2")
    assert money(s) == [5 + 2, 9 + 1, 4, 3]


def test_the_completing_markets_steps_are_made_before_the_guild_count():
    # h2 by a candlemakers market: 5 candlemakers tiles control; Blue's +2 takes it from 4 to
    # 6, ahead of Green: first (£4).  Block value 17 + 2 = 19: Red 10, Blue 5, Yellow 3.
    s = example_block({CANDLE: [(GREEN, 5), (RED, 4), (BLUE, 4)]})
    place(s, BLUE, "place market-candlemakers h2")
    assert money(s) == [5 + 4, 10 + 1, 2, 3]


def test_a_completing_market_puts_a_lone_player_on_the_track_for_seven():
    s = position(tiles={n: ("minstrel", None, 0) for n in ("e1", "f1", "g1", "h1", "e2", "f2", "g2")},
                 hands={YELLOW: ["market-bakers"] * 3}, cur=YELLOW)
    place(s, YELLOW, "place market-bakers h2")  # the block's only guild tile; nobody else on bakers
    assert money(s) == [0, 0, 0, 7]


def test_guild_control_counts_tiles_in_separate_chains():
    # block B: bakers e1 and g2, apart; candlemakers h1 alone in B but in a chain of 4
    # (h1 - j1 - k1 - l1, across the street into block C)
    mi = ("minstrel", None, 0)
    s = position(tiles={"e1": ("building-bakers", None, 0), "g2": ("market-bakers", None, 0),
                        "h1": ("building-candlemakers", None, 0), "j1": ("building-candlemakers", None, 0),
                        "k1": ("market-candlemakers", None, 0), "l1": ("building-candlemakers", None, 0),
                        "f1": mi, "g1": mi, "e2": mi, "f2": mi},
                 hands={0: ["minstrel"] * 3}, tracks={BAKERS: [(2, 1)], CANDLE: [(3, 1)]})
    assert s.game.kernel.guild_control(s.buf, 1) == BAKERS  # 2 tiles beat 1 in a chain of 4
    place(s, 0, "place minstrel h2")
    assert money(s) == [0, 0, 7, 0]


def test_a_chain_that_leaves_a_block_and_comes_back_reaches_it_once():
    # c1 (A) - e1 (B) - e2 (B) - c2 (A): 4 tiles in 2 blocks, 4 + 3
    s = position(tiles={n: ("building-candlemakers", None, 0) for n in ("c1", "e1", "e2", "c2")})
    assert s.game.kernel.guild_chain_value(s.buf, CANDLE) == 4 + BONUS[2]
