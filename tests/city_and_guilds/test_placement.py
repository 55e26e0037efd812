"""Placement: adjacency across streets, setup and turn structure (rulebook: Setup,
Game Definitions, Player's Turn)."""
import random

from cython_ext.city_and_guilds_layout import DISCARD, DRAW, MINSTREL, PLACE, SETUP, TAVERN
from engine.core import CHANCE, make_rng
from tests.city_and_guilds.helpers import cell, f, game, place, position


def targets(s):
    S = s.game.map.spaces
    return sorted({s.game.map.names[(m // 2) % S] for m in s.legal_moves(int(f(s, "cur")[0]))
                   if m < 18 * S})


def test_adjacent_means_orthogonal_within_a_block_never_diagonal():
    s = position(tiles={"a1": ("minstrel", None, 0)})
    assert targets(s) == ["a2", "b1"]


def test_adjacency_crosses_a_street_of_any_length():
    s = position(tiles={"h2": ("minstrel", None, 0)})
    # h1 above, g2 beside, h9 six street cells below, j2 east across the one-cell street at i2
    assert targets(s) == ["g2", "h1", "h9", "j2"]
    s = position(tiles={"c1": ("minstrel", None, 0)})
    assert "e1" in targets(s)  # across the one-cell street between blocks A and B


def test_chains_connect_across_streets_and_minstrels_and_taverns_break_them():
    g = game(4)
    s = position(tiles={"c1": ("building-bakers", None, 0), "e1": ("market-bakers", None, 0),
                        "f1": ("minstrel", None, 0), "g1": ("building-bakers", None, 0),
                        "h1": ("tavern", None, 0), "j1": ("building-bakers", None, 0),
                        "k1": ("market-bakers", None, 0)})
    k = g.kernel
    # c1-e1: 2 tiles over 2 blocks = 5; j1-k1 (2 tiles, 1 block) = 3.  Were the minstrel
    # (f1) or the tavern (h1) passable, c1-e1-g1 or g1-j1-k1 (3 tiles, 2 blocks) = 6 would win
    assert k.guild_chain_value(s.buf, 2) == 2 + 3


def test_rulebook_chain_illustration_six_tiles_four_buildings_two_markets_three_blocks():
    g = game(4)
    tiles = {n: ("building-candlemakers", None, 0) for n in ("c1", "c2", "e1", "e5")}
    tiles.update({n: ("market-candlemakers", None, 0) for n in ("e2", "f5")})
    s = position(tiles=tiles)
    assert g.kernel.guild_chain_value(s.buf, 0) == 6 + 6  # 6 tiles + bonus for 3 blocks


def test_setup_men_per_player_count():
    assert [game(p).men0 for p in (3, 4, 5)] == [18, 13, 10]
    s = game(5).new_initial_state(1)
    assert list(f(s, "men")) == [10] * 5


def deal(s, seed=1):
    rng = make_rng(seed)
    while s.to_move() == (CHANCE,):
        s.apply(CHANCE, s.sample_chance(rng))


def test_setup_deals_four_tiles_each_without_taverns_or_minstrels():
    g = game(3)
    s = g.new_initial_state(0)
    assert f(s, "supply")[MINSTREL] == 4 and len(f(s, "supply")) == 9  # taverns are set apart
    for _ in range(12):
        assert all(k < MINSTREL for k, _ in s.chance_outcomes())  # a minstrel is redrawn
        s.apply(CHANCE, s.sample_chance(make_rng(_)))
    assert list(f(s, "hsize")) == [4, 4, 4]
    assert g.phase(s) == DISCARD and s.to_move() == (0, 1, 2)


def test_setup_discard_is_simultaneous_keeps_three_and_returns_one():
    g = game(3)
    s = g.new_initial_state(2)
    deal(s)
    supply = f(s, "supply").copy()
    m0 = s.legal_moves(0)[0]
    s.apply(0, m0)
    assert s.to_move() == (1, 2) and f(s, "hsize")[0] == 4  # hidden until all have chosen
    s.apply(2, s.legal_moves(2)[-1])
    s.apply(1, s.legal_moves(1)[0])
    assert list(f(s, "hsize")) == [3, 3, 3]
    assert int(f(s, "supply").sum()) == int(supply.sum()) + 3
    # then three tiles are turned face up, always from the piles
    assert s.to_move() == (CHANCE,)
    deal(s)
    assert all(k < 9 for k in f(s, "face")) and g.phase(s) == SETUP and s.to_move() == (0,)


def setup_state(players=4, seed=3):
    g = game(players)
    s = g.new_initial_state(seed)
    deal(s)
    for p in range(players):
        s.apply(p, s.legal_moves(p)[0])
    deal(s)
    return s


def test_setup_tile_goes_in_a_new_block_not_adjacent_to_another_blocks_tile():
    s = setup_state()
    g = s.game
    place(s, 0, s.move_to_string(0, [m for m in s.legal_moves(0) if m % 2 == 0 and
                                     g.map.names[(m // 2) % g.map.spaces] == "e1"][0]))
    assert g.phase(s) == DRAW
    s.apply(0, s.legal_moves(0)[0])
    deal(s)
    assert g.phase(s) == SETUP and s.to_move() == (1,)
    t = targets(s)
    assert not any(x in t for x in ("f1", "e2", "h1"))  # block B is taken
    assert "c1" not in t and "e5" in t and "a1" in t  # c1 faces e1 across the street


def test_setup_tile_has_its_normal_effects_and_each_player_draws_after_placing():
    s = setup_state(players=3, seed=5)
    g = s.game
    for p in range(3):
        assert g.phase(s) == SETUP and s.to_move() == (p,)
        move = s.legal_moves(p)[0]
        kind = move // (2 * g.map.spaces)
        men = int(f(s, "men")[p])
        s.apply(p, move)
        if kind < 8 and kind % 2 == 0:
            assert f(s, "men")[p] == men - 1 and f(s, "inv")[(kind // 2) * 3 + p] == 1
        assert g.phase(s) == DRAW and f(s, "hsize")[p] == 2
        s.apply(p, s.legal_moves(p)[0])
        assert f(s, "hsize")[p] == 3
        deal(s)
    assert g.phase(s) == PLACE and s.to_move() == (0,)


def test_drawing_a_face_up_tile_refills_the_row_from_the_piles():
    s = position(tiles={"e1": ("minstrel", None, 0)}, hands={0: ["market-bakers"] * 3})
    place(s, 0, "place market-bakers f1")
    assert s.game.phase(s) == DRAW
    face = list(f(s, "face"))
    place(s, 0, "draw 3")
    assert f(s, "face")[2] == 10 and f(s, "hand")[face[2]] >= 1
    assert s.to_move() == (CHANCE,)
    s.apply(CHANCE, s.chance_outcomes()[0][0])
    assert f(s, "face")[2] < 9 and s.to_move() == (1,)


def test_equal_face_up_tiles_give_one_draw_move():
    s = position(tiles={"e1": ("minstrel", None, 0)}, hands={0: ["market-bakers"] * 3},
                 face=("market-bakers", "market-bakers", "minstrel"))
    place(s, 0, "place market-bakers f1")
    assert [s.move_to_string(0, m) for m in s.legal_moves(0)] == ["draw 1", "draw 3"]
    assert s.parse_move(0, "draw 2") == s.parse_move(0, "draw 1")


def test_no_draw_when_face_up_row_and_piles_are_empty():
    s = position(tiles={"e1": ("minstrel", None, 0)}, hands={0: ["market-bakers"] * 3}, face=())
    f(s, "supply")[:] = 0
    place(s, 0, "place market-bakers f1")
    assert s.to_move() == (1,) and f(s, "hsize")[0] == 2


def test_taverns_never_reach_a_hand_and_take_no_men():
    g = game(4)
    rnd = random.Random(4)
    s = g.new_initial_state(4)
    rng = make_rng(4)
    while not s.is_terminal():
        assert (f(s, "hand").reshape(4, 9) >= 0).all() and TAVERN not in f(s, "face")
        tm = s.to_move()
        if tm == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(rng))
        else:
            seat = rnd.choice(tm)
            s.apply(seat, rnd.choice(s.legal_moves(seat)))
    tiles = list(f(s, "tile"))
    for sp, k in enumerate(tiles):
        if k == TAVERN:
            assert f(s, "nmen")[sp] == 0
    assert tiles.count(TAVERN) == 4 - int(f(s, "tavleft")[0])
