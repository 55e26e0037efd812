"""Bonus taverns after a block count, and their chain reactions (rulebook: Scoring)."""
from cython_ext.city_and_guilds_layout import DRAW, TAVERN, TAVERN_PH

from tests.city_and_guilds.helpers import cell, f, money, place, position

MI = ("minstrel", None, 0)
B_BUT_H2 = {n: MI for n in ("e1", "f1", "g1", "h1", "e2", "f2", "g2")}
C_BUT_K3 = {n: MI for n in ("j1", "k1", "l1", "j2", "k2", "l2", "j3")}


def test_completing_player_may_place_a_tavern_adjacent_to_a_tile_or_decline():
    s = position(tiles=dict(B_BUT_H2), hands={0: ["market-bakers"] * 3})
    place(s, 0, "place market-bakers h2")
    g = s.game
    assert g.phase(s) == TAVERN_PH and s.to_move() == (0,)
    texts = [s.move_to_string(0, m) for m in s.legal_moves(0)]
    assert "tavern pass" in texts and "tavern h9" in texts and "tavern c1" in texts
    assert "tavern a1" not in texts  # not adjacent to any tile
    place(s, 0, "tavern pass")
    assert g.phase(s) == DRAW and f(s, "tavleft")[0] == 4


def test_tavern_completing_another_block_triggers_its_count_and_another_tavern():
    tiles = dict(B_BUT_H2)
    tiles.update(C_BUT_K3)
    tiles["j3"] = ("building-bakers", 2, 1)
    s = position(tiles=tiles, hands={0: ["market-bakers"] * 3})
    place(s, 0, "place market-bakers h2")
    place(s, 0, "tavern k3")
    g = s.game
    c = g.map.block_of[cell(g, "k3")]
    assert f(s, "tile")[cell(g, "k3")] == TAVERN and f(s, "done")[c] == 1
    # block C: 8 + 6 minstrels x 5 + tavern 5 = 43, seat 2 alone takes it all
    assert g.kernel.block_value(s.buf, c) == 43 and money(s)[2] == 43
    assert g.phase(s) == TAVERN_PH and f(s, "tavleft")[0] == 3
    place(s, 0, "tavern e5")
    assert g.phase(s) == DRAW and f(s, "tavleft")[0] == 2


def test_no_tavern_is_offered_when_none_remain():
    s = position(tiles=dict(B_BUT_H2), hands={0: ["market-bakers"] * 3})
    f(s, "tavleft")[0] = 0
    place(s, 0, "place market-bakers h2")
    assert s.game.phase(s) == DRAW


def test_a_chain_reaction_tavern_may_be_declined_too():
    tiles = dict(B_BUT_H2)
    tiles.update(C_BUT_K3)
    s = position(tiles=tiles, hands={0: ["market-bakers"] * 3})
    place(s, 0, "place market-bakers h2")
    place(s, 0, "tavern k3")
    assert s.game.phase(s) == TAVERN_PH and s.to_move() == (0,)
    place(s, 0, "tavern pass")
    assert s.game.phase(s) == DRAW and f(s, "tavleft")[0] == 3
