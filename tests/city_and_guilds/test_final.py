"""End of the game and the final count (rulebook: End of the Game, Final Count)."""
import numpy as np

from cython_ext.city_and_guilds_layout import EMPTY, END
from tests.city_and_guilds.helpers import cell, f, game, money, place, position, py_kernel

CANDLE = 0
CHAIN13 = ["c1", "c2", "e1", "e2", "e5", "f5", "g5", "e6", "i5", "j5", "c5", "c6", "j6"]


def chain_state(tracks, extra=None, men=0):
    tiles = {n: ("building-candlemakers", None, 0) for n in CHAIN13}
    tiles.update(extra or {})
    s = position(tiles=tiles, tracks=tracks, men={p: men for p in range(4)})
    return s


def test_chain_of_13_tiles_through_5_blocks_is_worth_28_and_pays_14_7_4():
    s = chain_state({CANDLE: [(3, 6), (0, 5), (2, 1), (1, 1)]})
    k = s.game.kernel
    assert k.guild_chain_value(s.buf, CANDLE) == 13 + 15
    for kern in (k, py_kernel(s.game)):
        b = s.buf.copy()
        kern.final_count(b)
        got = [int(x) for x in s.game.layout.view(b, "money")]
        assert got == [7, 0, 4, 14]


def test_only_the_largest_chain_counts_and_equal_chains_use_the_higher_score():
    g = game(4)
    # two candlemakers chains of 2: a1-a2 (block A only) and c1-e1 (blocks A and B)
    s = position(tiles={n: ("building-candlemakers", None, 0) for n in ("a1", "a2", "c1", "e1")})
    assert g.kernel.guild_chain_value(s.buf, CANDLE) == 2 + 3
    s = position(tiles={n: ("building-candlemakers", None, 0) for n in ("a1", "a2", "a3", "c1", "e1")})
    # a1-a2-a3 (3 tiles, 1 block: 4) is the largest; c1-e1 (2 tiles, 2 blocks: 5) does not count
    assert g.kernel.guild_chain_value(s.buf, CANDLE) == 3 + 1


def test_final_chain_payment_follows_block_rules_for_one_or_two_players():
    s = chain_state({CANDLE: [(3, 6)]})
    b = s.buf.copy()
    s.game.kernel.final_count(b)
    assert list(s.game.layout.view(b, "money")) == [0, 0, 0, 28]
    s = chain_state({CANDLE: [(3, 6), (1, 2)]})
    b = s.buf.copy()
    s.game.kernel.final_count(b)
    assert list(s.game.layout.view(b, "money")) == [0, 7 + 1, 0, 14 + 1]


def test_unused_men_cost_one_each():
    s = position(men={0: 3, 1: 0, 2: 1, 3: 13})
    b = s.buf.copy()
    s.game.kernel.final_count(b)
    assert list(s.game.layout.view(b, "money")) == [-3, 0, -1, -13]


def test_game_ends_when_every_block_is_full_and_the_final_count_is_made():
    g = game(4)
    tiles = {g.map.names[sp]: ("minstrel", None, 0) for sp in range(g.map.spaces)}
    del tiles["h2"]
    s = position(tiles=tiles, hands={0: ["market-bakers"] * 3}, men={0: 2, 1: 0, 2: 0, 3: 0},
                 tracks={2: [(1, 4)]})
    f(s, "done")[:] = 1
    f(s, "done")[1] = 0
    place(s, 0, "place market-bakers h2")
    assert g.phase(s) == END and s.is_terminal() and EMPTY not in f(s, "tile")
    # block B: 8 + 7 minstrels x 5 + market 2 = 45, nobody present; bakers control:
    # seat 1 (4) and seat 0 (2) -> 4 and 2; final: bakers chain of 1 tile in 1 block = 2,
    # two players -> 1+1 and 1+1; seat 0 loses 2 unused men
    assert money(s) == [2 + 2 - 2, 4 + 2, 0, 0]
    assert s.winners() == [1]
    assert s.returns("win") == [0.0, 1.0, 0.0, 0.0]
