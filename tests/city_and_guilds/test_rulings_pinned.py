"""Ruling 18 of docs/rulings.md (City and Guilds) pinned against the reading it rules out.

C18: "Refills are uniform over the tiles left in the piles ("from any
pile"); when the piles are empty the row is not refilled, and with no
face-up tile there is no draw."
"""
import math

from cython_ext import select
from cython_ext.city_and_guilds_layout import DRAW, EMPTY, NK
from engine.core import CHANCE, make_rng
from tests.city_and_guilds.helpers import f, kind, place, position

COMPILED = select.twins("city_and_guilds")[0] is not None
SAMPLES = 4000 if COMPILED else 1000
Z_MAX = 4.5


def piles(s, counts):
    """Set the piles to exactly ``counts`` ({tile name: copies}), nothing else."""
    sup = f(s, "supply")
    sup[:] = 0
    for name, c in counts.items():
        sup[kind(s.game, name)] = c


def at_refill(counts):
    """Seat 0 has placed and drawn face-up slot 3: the refill is next, the piles hold ``counts``."""
    s = position(tiles={"e1": ("minstrel", None, 0)}, hands={0: ["market-bakers"] * 3})
    piles(s, counts)
    place(s, 0, "place market-bakers f1")
    assert s.game.phase(s) == DRAW
    place(s, 0, "draw 3")
    assert f(s, "face")[2] == EMPTY and s.to_move() == (CHANCE,)
    return s


def test_c18_refill_draws_each_tile_of_the_piles_alike_so_kinds_weigh_by_copies():
    """C18, first half: a refill draws uniformly over the *tiles* in the piles, so
    a kind with 3 copies left against one with 1 is turned face up 3 times in 4
    (0.75/0.25).  Other reading ruled out: uniform over the kinds (piles) that
    still hold a tile, 0.5/0.5."""
    s = at_refill({"market-candlemakers": 3, "building-blacksmiths": 1})
    mc, bb = kind(s.game, "market-candlemakers"), kind(s.game, "building-blacksmiths")
    got = dict(s.chance_outcomes())
    assert set(got) == {mc, bb}
    assert math.isclose(got[mc], 0.75) and math.isclose(got[bb], 0.25)

    # the sampler the games are played with draws the same odds
    hits = sum(s.sample_chance(make_rng(k)) == mc for k in range(SAMPLES))
    z = (hits - 0.75 * SAMPLES) / math.sqrt(SAMPLES * 0.75 * 0.25)
    assert abs(z) <= Z_MAX, (hits, SAMPLES)

    # the tile turned face up fills the empty slot and leaves its pile
    s.apply(CHANCE, mc)
    assert f(s, "face")[2] == mc and f(s, "supply")[mc] == 2 and f(s, "supply")[bb] == 1


def test_c18_refill_odds_follow_the_piles_of_a_game_position():
    """C18 on the piles a crafted mid-game position really holds (every kind,
    copies from 2 to 11): each kind's refill chance is its copies over all tiles
    left.  Other reading ruled out: 1/9 per kind still in the piles."""
    s = position(tiles={"e1": ("minstrel", None, 0)}, hands={0: ["market-bakers"] * 3})
    place(s, 0, "place market-bakers f1")
    place(s, 0, "draw 1")
    sup = [int(x) for x in f(s, "supply")]
    total = sum(sup)
    assert total > 0 and len({c for c in sup if c > 0}) > 1
    got = dict(s.chance_outcomes())
    assert set(got) == {k for k in range(NK) if sup[k] > 0}
    for k, p in got.items():
        assert math.isclose(p, sup[k] / total)


def test_c18_with_the_piles_empty_the_row_stays_short_with_no_chance_step():
    """C18, second half: with every pile empty a face-up draw is not refilled --
    the slot drawn stays EMPTY, no chance step follows (the next seat is to
    move), and the other face-up tiles stay where and what they were; the next
    draw is then offered from the tiles left only.  Other readings ruled out:
    a refill step with nothing to draw (CHANCE to move, no outcome), the row
    closing up (tiles shifted into the empty slot), or the empty slot still
    offered as a draw."""
    face = ("market-bakers", "building-bakers", "building-clothmakers")
    s = position(tiles={"e1": ("minstrel", None, 0)}, hands={0: ["market-bakers"] * 3}, face=face)
    piles(s, {})
    g = s.game
    mkb, bkb, clo = (kind(g, t) for t in face)
    place(s, 0, "place market-bakers f1")
    assert g.phase(s) == DRAW
    hand0 = int(f(s, "hand")[bkb])          # seat 0's row of the hands
    place(s, 0, "draw 2")
    assert list(f(s, "face")) == [mkb, EMPTY, clo]
    assert int(f(s, "hand")[bkb]) == hand0 + 1 and int(f(s, "hsize")[0]) == 3
    assert s.to_move() == (1,) and not s.is_chance() and s.chance_outcomes() == []

    s.apply(1, s.legal_moves(1)[0])                    # seat 1 places a tile
    assert g.phase(s) == DRAW and s.to_move() == (1,)
    assert {s.move_to_string(1, m) for m in s.legal_moves(1)} == {"draw 1", "draw 3"}
    place(s, 1, "draw 3")
    assert list(f(s, "face")) == [mkb, EMPTY, EMPTY]
    assert s.to_move() == (2,) and s.chance_outcomes() == []


def test_c18_the_last_tile_of_the_piles_refills_then_the_row_stays_short():
    """C18 as the piles run out: with one tile left, the refill after seat 0's
    draw turns it face up (its only outcome, probability 1); the piles are then
    empty, and seat 1's draw leaves its slot EMPTY with no chance step, the
    other two face-up tiles unchanged.  Other readings ruled out: a refill
    from the empty piles (a chance step with no outcome, or the discards
    reshuffled into piles) or the row closing up."""
    face = ("market-bakers", "building-bakers", "building-clothmakers")
    s = position(tiles={"e1": ("minstrel", None, 0)}, hands={0: ["market-bakers"] * 3}, face=face)
    g = s.game
    piles(s, {"market-blacksmiths": 1})
    mbs = kind(g, "market-blacksmiths")
    place(s, 0, "place market-bakers f1")
    place(s, 0, "draw 3")
    assert s.to_move() == (CHANCE,) and s.chance_outcomes() == [(mbs, 1.0)]
    s.apply(CHANCE, mbs)
    row = [kind(g, "market-bakers"), kind(g, "building-bakers"), mbs]
    assert list(f(s, "face")) == row and int(f(s, "supply").sum()) == 0
    assert s.to_move() == (1,)

    s.apply(1, s.legal_moves(1)[0])                    # seat 1 places a tile
    assert g.phase(s) == DRAW
    place(s, 1, "draw 1")
    assert list(f(s, "face")) == [EMPTY] + row[1:]
    assert s.to_move() == (2,) and not s.is_chance() and s.chance_outcomes() == []
