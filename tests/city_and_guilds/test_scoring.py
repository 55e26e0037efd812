"""Block counts and guild counts (rulebook: Scoring, Scoring Example)."""
from cython_ext.city_and_guilds_layout import DRAW, TAVERN_PH

from tests.city_and_guilds.helpers import cell, f, game, money, place, position

BLUE, RED, GREEN, YELLOW = 0, 1, 2, 3
CANDLE, CLOTH, BAKERS, SMITHS = 0, 1, 2, 3


def example_block(**kw):
    """The rulebook's scoring example on block B (e1-h2), one space (h2) left."""
    return position(tiles={
        "e1": ("building-candlemakers", RED, 1),
        "f1": ("building-bakers", RED, 1),
        "g1": ("building-candlemakers", BLUE, 1),
        "h1": ("building-clothmakers", YELLOW, 1),
        "e2": ("market-candlemakers", None, 0),
        "f2": ("market-bakers", None, 0),
        "g2": ("minstrel", None, 0),
    }, hands={BLUE: ["building-candlemakers", "market-bakers", "minstrel"]},
        tracks={CANDLE: [(GREEN, 5), (BLUE, 4), (RED, 3)]}, **kw)


def test_rulebook_scoring_example_block_17_blue_9_red_5_yellow_3_guild_4_2_1():
    s = example_block()
    g = s.game
    b = g.map.block_of[cell(g, "h2")]
    assert f(s, "white")[b] == RED + 1 and f(s, "black")[b] == BLUE + 1
    place(s, BLUE, "place building-candlemakers h2 two-men")
    assert g.kernel.block_value(s.buf, b) == 17
    assert f(s, "white")[b] == BLUE + 1 and f(s, "black")[b] == RED + 1
    assert money(s) == [9 + 2, 5 + 1, 4, 3]
    # Blue now has a bonus tavern to place
    assert g.phase(s) == TAVERN_PH and s.to_move() == (BLUE,)


def test_block_value_counts_markets_minstrels_and_taverns():
    s = position(tiles={"e1": ("market-bakers", None, 0), "f1": ("minstrel", None, 0),
                        "g1": ("tavern", None, 0), "h1": ("market-candlemakers", None, 0)})
    g = s.game
    assert g.kernel.block_value(s.buf, g.map.block_of[cell(g, "e1")]) == 8 + 2 + 5 + 5 + 2


def fill_b(owners, last_seat, last_move, players=4, tracks=None, extra=None):
    """Block B with the given (tile, owner, men) in e1.. order; last space h2 played by last_seat."""
    names = ["e1", "f1", "g1", "h1", "e2", "f2", "g2"]
    tiles = {n: t for n, t in zip(names, owners)}
    tiles.update(extra or {})
    hands = {last_seat: ["building-bakers", "market-bakers", "minstrel"]}
    s = position(players=players, tiles=tiles, hands=hands, cur=last_seat, tracks=tracks)
    place(s, last_seat, last_move)
    return s


def test_block_of_21_pays_11_6_3():
    m = ("market-clothmakers", None, 0)
    s = fill_b([("building-blacksmiths", 0, 1), ("building-blacksmiths", 1, 1),
                ("building-blacksmiths", 2, 1), m, m, m, m], 3, "place minstrel h2")
    assert s.game.kernel.block_value(s.buf, 1) == 21
    # guild control: clothmakers (4 markets) but nobody is on its track: no guild money
    assert money(s) == [11, 6, 3, 0]


def test_lone_player_in_block_takes_the_whole_value():
    m = ("market-clothmakers", None, 0)
    s = fill_b([("building-blacksmiths", 0, 1), m, m, m, m, ("minstrel", None, 0),
                ("building-blacksmiths", None, 0)], 0, "place market-bakers h2")
    assert s.game.kernel.block_value(s.buf, 1) == 8 + 5 * 2 + 5
    assert money(s)[0] == 23


def test_exactly_two_players_in_block_get_one_pound_extra_each():
    m = ("market-clothmakers", None, 0)
    s = fill_b([("building-blacksmiths", 0, 2), ("building-blacksmiths", 1, 1), m, m, m, m,
                ("minstrel", None, 0)], 2, "place market-bakers h2")
    assert s.game.kernel.block_value(s.buf, 1) == 8 + 2 * 5 + 5
    assert money(s) == [12 + 1, 6 + 1, 0, 0]  # 23 -> 12 and 6, plus 1 each


def test_rulebook_lone_player_example_takes_the_whole_21():
    m = ("market-clothmakers", None, 0)
    s = fill_b([("building-blacksmiths", 0, 1), m, m, m, m, ("minstrel", None, 0),
                ("building-blacksmiths", None, 0)], 0, "place building-bakers h2")
    assert s.game.kernel.block_value(s.buf, 1) == 21
    assert money(s) == [21, 0, 0, 0]  # clothmakers control, nobody on their track


def test_rulebook_two_player_example_21_pays_12_and_7():
    m = ("market-clothmakers", None, 0)
    s = fill_b([("building-blacksmiths", 0, 2), ("building-blacksmiths", 1, 1), m, m, m, m,
                ("minstrel", None, 0)], 0, "place building-bakers h2")
    assert s.game.kernel.block_value(s.buf, 1) == 21
    assert money(s) == [11 + 1, 6 + 1, 0, 0]


def test_tied_third_place_is_not_paid():
    s = fill_b([("building-blacksmiths", 0, 1), ("building-blacksmiths", 0, 1),
                ("building-blacksmiths", 0, 1), ("building-blacksmiths", 1, 1),
                ("building-blacksmiths", 1, 1), ("building-blacksmiths", 2, 1),
                ("building-blacksmiths", 3, 1)], 3, "place market-bakers h2")
    # value 10: 5 / 3 / (2 not paid: seats 2 and 3 tie on buildings and men)
    assert money(s)[:2] == [5, 3] and money(s)[2] == 0 and money(s)[3] == 0


def test_third_place_decided_by_men_is_paid():
    s = fill_b([("building-blacksmiths", 0, 1), ("building-blacksmiths", 0, 1),
                ("building-blacksmiths", 0, 1), ("building-blacksmiths", 1, 1),
                ("building-blacksmiths", 1, 1), ("building-blacksmiths", 2, 2),
                ("building-blacksmiths", 3, 1)], 3, "place market-bakers h2")
    assert money(s) == [5, 3, 2, 0]


def guild_b(tiles, extra=None, tracks=None, players=4):
    """Block B filled except h2 with a tavern; return state after the tavern-free fill."""
    return fill_b(tiles, 0, "place minstrel h2", players=players, tracks=tracks, extra=extra)


def test_guild_with_most_tiles_controls_and_pays_4_2_1():
    t = [("building-bakers", None, 0), ("market-bakers", None, 0), ("building-candlemakers", None, 0),
         ("minstrel", None, 0), ("minstrel", None, 0), ("minstrel", None, 0), ("minstrel", None, 0)]
    s = guild_b(t, tracks={BAKERS: [(2, 6), (3, 5), (1, 5), (0, 1)], CANDLE: [(0, 9)]})
    assert s.game.kernel.guild_control(s.buf, 1) == BAKERS
    assert money(s) == [0, 1, 4, 2]


def test_one_player_on_guild_track_earns_7_and_two_earn_4_and_2():
    t = [("building-bakers", None, 0)] + [("minstrel", None, 0)] * 6
    s = guild_b(t, tracks={BAKERS: [(3, 2)]})
    assert money(s) == [0, 0, 0, 7]
    s = guild_b(t, tracks={BAKERS: [(3, 2), (1, 1)]})
    assert money(s) == [0, 2, 0, 4]


def test_guild_tie_on_tiles_broken_by_longest_chain_through_the_block():
    t = [("building-bakers", None, 0), ("building-candlemakers", None, 0)] + [("minstrel", None, 0)] * 5
    # e1 candlemakers? no: e1 bakers, f1 candlemakers; a bakers tile at c1 links to e1 across the street
    s = guild_b(t, extra={"c1": ("market-bakers", None, 0)}, tracks={BAKERS: [(1, 1)], CANDLE: [(2, 1)]})
    assert s.game.kernel.guild_control(s.buf, 1) == BAKERS
    assert money(s)[1] == 7 and money(s)[2] == 0


def test_guild_tie_on_tiles_same_chain_more_blocks_wins():
    mi = ("minstrel", None, 0)
    # bakers: e1 + c1 (A) + ... chain of 2 over 2 blocks; candlemakers: g1-g2 chain of 2 in 1 block
    t = [("building-bakers", None, 0), mi, ("building-candlemakers", None, 0), mi, mi, mi,
         ("building-candlemakers", None, 0)]
    # bakers tiles in block: 1; add a second bakers in block at f2? f2 is index 5 -> use extra
    t[5] = ("market-bakers", None, 0)   # f2, not adjacent to e1 (diagonal)
    s = guild_b(t, extra={"c1": ("market-bakers", None, 0)}, tracks={BAKERS: [(1, 1)], CANDLE: [(2, 1)]})
    k = s.game.kernel
    # bakers 2 tiles (e1, f2), candlemakers 2 (g1, g2); longest chains: bakers e1-c1 = 2 over
    # 2 blocks, candlemakers g1-g2 = 2 over 1 block
    assert k.guild_control(s.buf, 1) == BAKERS
    assert money(s)[1] == 7


def test_guild_tie_after_every_tie_break_means_no_count():
    mi = ("minstrel", None, 0)
    t = [("building-bakers", None, 0), mi, ("building-candlemakers", None, 0), mi, mi, mi, mi]
    s = guild_b(t, tracks={BAKERS: [(1, 1)], CANDLE: [(2, 1)]})
    assert s.game.kernel.guild_control(s.buf, 1) == -1
    assert money(s) == [0, 0, 0, 0]


def test_guild_tie_skips_only_the_guild_count_the_block_count_is_paid():
    mi = ("minstrel", None, 0)
    t = [("building-bakers", 1, 1), mi, ("building-candlemakers", None, 0), mi, mi, mi, mi]
    s = guild_b(t, tracks={BAKERS: [(2, 1)], CANDLE: [(3, 1)]})
    assert s.game.kernel.guild_control(s.buf, 1) == -1
    assert money(s) == [0, 8 + 6 * 5, 0, 0]  # seat 1 alone in the block: all of £38


def test_completion_is_followed_by_the_draw_when_no_tavern_remains():
    s = example_block()
    f(s, "tavleft")[0] = 0
    place(s, BLUE, "place building-candlemakers h2")
    assert s.game.phase(s) == DRAW and s.to_move() == (BLUE,)
