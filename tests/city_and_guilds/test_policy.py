"""The City and Guilds heuristic (``kernel.move_values``): its meaning, ties, phases, blindness, twins."""
import random

import numpy as np
import pytest

from cython_ext import select
from cython_ext.city_and_guilds_layout import DEAL, DISCARD, DRAW, END, PLACE, SETUP, TAVERN_PH
from engine.core import make_rng
from search.api import Limits, make_player
from tests.city_and_guilds.helpers import f, game, position, py_kernel

C, _ = select.twins("city_and_guilds")


def values(kernel, buf, seat, moves):
    out = np.full(len(moves), -99.0)
    drawing = game(kernel.players).layout.view(buf, "phase")[0] == DRAW  # the display read: not kept (2)
    assert kernel.move_values(buf, seat, np.asarray(moves, dtype=np.intc), len(moves), out) == (2 if drawing else 4)
    return out


def value(s, seat, text):
    """The value of the move ``text`` among ``seat``'s legal moves in state ``s``."""
    moves = s.legal_moves(seat)
    m = s.parse_move(seat, text)
    assert m in moves, text
    return float(values(s.game.kernel, s.buf, seat, moves)[moves.index(m)])


def decisions(players, seed, limit):
    """``(state, seat)`` at the seats' decisions of one random game (a copy each)."""
    rnd = random.Random(seed)
    rng = make_rng(seed)
    s = game(players).new_initial_state(seed)
    out = []
    while len(out) < limit and not s.is_terminal():
        seat = s.to_move()[0]
        if seat < 0:
            s.apply(seat, s.sample_chance(rng))
            continue
        out.append((s.clone(), seat))
        s.apply(seat, rnd.choice(s.legal_moves(seat)))
    return out


def test_an_investment_step_onto_a_full_space_is_worth_nothing():
    # three cubes on bakers space 1: a bakers building gains no step (rulebook example 2)
    s = position(tiles={"e1": ("building-blacksmiths", 1, 1)},
                 hands={0: ["building-bakers", "building-candlemakers", "market-bakers"]},
                 tracks={2: [(1, 1), (2, 1), (3, 1)]})
    bakers, candle = value(s, 0, "place building-bakers f1"), value(s, 0, "place building-candlemakers f1")
    assert candle > bakers + 0.5  # the candlemakers step enters that track first
    # the market jumps to space 2, ahead of the three cubes: first place
    assert value(s, 0, "place market-bakers f1") > bakers + 1.0


def test_a_man_that_surpasses_the_first_is_worth_more_than_one_that_ties():
    # block B: the rival holds e1 and f1, the seat g1 with two men; h1 with one man gives the
    # seat 2 buildings and 3 men: it surpasses 2 and 2, but only ties 2 and 3 (cubes stay)
    hand = {0: ["building-bakers", "market-clothmakers", "minstrel"]}
    ahead = position(tiles={"e1": ("building-blacksmiths", 1, 1), "f1": ("building-blacksmiths", 1, 1),
                            "g1": ("building-candlemakers", 0, 2)}, hands=hand)
    tied = position(tiles={"e1": ("building-blacksmiths", 1, 1), "f1": ("building-blacksmiths", 1, 2),
                           "g1": ("building-candlemakers", 0, 2)}, hands=hand)
    assert f(ahead, "white")[1] == 2 and f(tied, "white")[1] == 2  # the rival is first in both
    assert value(ahead, 0, "place building-bakers h1") > value(tied, 0, "place building-bakers h1") + 0.5


def full_block_but_one(owner):
    """Block A (a1-c2, a3, b3) full but for b3, every building the ``owner``'s with one man."""
    return {c: ("building-blacksmiths", owner, 1) for c in ("a1", "b1", "c1", "a2", "b2", "c2", "a3")}


def test_completing_a_block_one_leads_beats_completing_a_rivals():
    tiles = full_block_but_one(0)
    tiles.update({c: ("building-blacksmiths", 1, 1) for c in ("e1", "f1", "g1", "h1", "e2", "f2", "g2")})
    s = position(tiles=tiles, hands={0: ["market-candlemakers", "market-clothmakers", "minstrel"]})
    mine, theirs = value(s, 0, "place market-candlemakers b3"), value(s, 0, "place market-candlemakers h2")
    # the seat alone in block A takes its whole value (8 + 2 for the market) when it is counted
    assert mine > theirs + 2.0


def test_completing_a_block_adds_the_tavern_bonus_only_while_a_tavern_is_left():
    s = position(tiles=full_block_but_one(0), hands={0: ["market-candlemakers", "minstrel", "minstrel"]})
    full, other = value(s, 0, "place market-candlemakers b3"), value(s, 0, "place market-candlemakers e1")
    f(s, "tavleft")[0] = 0
    assert full - value(s, 0, "place market-candlemakers b3") == pytest.approx(2.0)
    assert other == value(s, 0, "place market-candlemakers e1")
    # a tavern that completes a block: a further one only if it was not the last
    f(s, "phase")[0] = TAVERN_PH
    f(s, "tavleft")[0] = 2
    two = value(s, 0, "tavern b3")
    f(s, "tavleft")[0] = 1
    assert two - value(s, 0, "tavern b3") == pytest.approx(2.0)

def test_a_tavern_is_worth_the_share_of_its_block_and_pass_nothing():
    tiles = full_block_but_one(0)
    tiles.pop("a3")
    tiles.update({"e1": ("building-blacksmiths", 1, 1), "f2": ("building-blacksmiths", 0, 1),
                  "a5": ("market-bakers", None, 0)})
    s = position(tiles=tiles)
    f(s, "phase")[0] = TAVERN_PH
    assert value(s, 0, "tavern pass") == 0.0
    assert value(s, 0, "tavern a3") > value(s, 0, "tavern f1") > 0.0  # alone in A; second in B
    assert value(s, 0, "tavern b5") == 0.0  # block D: nobody's men, nobody on its guild's track


def test_draws_and_discards_value_the_tiles():
    # seat 0 at bakers 1 behind seat 1 at 2: a market jumps to 3 (first), a building arrives
    # behind at 2 (still second)
    s = position(tiles={"e1": ("building-blacksmiths", 1, 1)}, tracks={2: [(1, 2), (0, 1)]})
    f(s, "phase")[0] = DRAW
    assert value(s, 0, "draw 1") > value(s, 0, "draw 2")  # market-bakers, building-bakers
    # a discard is worth minus keeping the tile: the least useful tile goes first
    d = position(tracks={2: [(1, 2), (0, 1)]},
                 hands={0: ["market-bakers", "building-bakers", "building-clothmakers", "building-bakers"]})
    f(d, "phase")[0] = DISCARD
    keep = {name: -value(d, 0, f"discard {name}") for name in ("market-bakers", "building-bakers",
                                                                 "building-clothmakers")}
    assert keep["market-bakers"] > keep["building-bakers"]
    assert keep["building-clothmakers"] > keep["building-bakers"]  # enters an empty track first


def test_symmetric_moves_tie():
    # two guilds nobody invests in, the same space, no neighbour of either guild
    s = position(tiles={"e1": ("building-blacksmiths", 1, 1)},
                 hands={0: ["building-candlemakers", "building-clothmakers", "minstrel"]})
    assert value(s, 0, "place building-candlemakers f1") == value(s, 0, "place building-clothmakers f1")
    assert value(s, 0, "place building-candlemakers f1 two-men") == value(
        s, 0, "place building-clothmakers f1 two-men")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_phase_gets_values_and_the_rest_nothing(players):
    g = game(players)
    seen = set()
    for s, seat in decisions(players, players, 400):
        moves = s.legal_moves(seat)
        v = values(g.kernel, s.buf, seat, moves)
        assert np.isfinite(v).all()
        seen.add(int(f(s, "phase")[0]))
    assert {DISCARD, SETUP, PLACE, DRAW} <= seen
    for ph in (DEAL, END):
        b = g.new_initial_state(0).buf.copy()
        b[g.layout["phase"]] = ph
        out = np.ones(3)
        assert g.kernel.move_values(b, 0, np.arange(3, dtype=np.intc), 3, out) == 1 and not out.any()


def test_the_values_read_only_the_seats_view():
    """Another seat's hand and the piles differ between determinizations: the values do not."""
    g = game(4)
    changed = 0
    for i, (s, seat) in enumerate(decisions(4, 9, 300)[::5]):
        other = s.determinize(seat, make_rng(i))
        if not np.array_equal(s.buf, other.buf):
            changed += 1
        moves = s.legal_moves(seat)
        assert np.array_equal(values(g.kernel, s.buf, seat, moves), values(g.kernel, other.buf, seat, moves))
    assert changed > 10


def test_a_moves_value_reads_no_hand_not_even_the_movers():
    """``move_values`` answers 4: a move's value reads only what every seat sees, so in a
    world dealt from *another* seat's view (the mover's hand redrawn too) each move the
    mover still has is worth the same (an SO search keeps the values by node and move)."""
    g = game(4)
    compared = redealt = 0
    for i, (s, seat) in enumerate(decisions(4, 19, 300)[::4]):
        if int(f(s, "phase")[0]) == DRAW:
            continue  # the face-up display: 2, never kept
        other = s.determinize((seat + 1) % 4, make_rng(100 + i))
        mine, theirs = s.legal_moves(seat), other.legal_moves(seat)
        redealt += mine != theirs
        common = [m for m in mine if m in theirs]
        here = values(g.kernel, s.buf, seat, mine)
        there = values(g.kernel, other.buf, seat, theirs)
        for m in common:
            assert here[mine.index(m)] == there[theirs.index(m)]
        compared += len(common)
    assert redealt > 5 and compared > 500


@pytest.mark.parametrize("players", [3, 5])
def test_each_moves_value_is_its_own(players):
    """``move_values`` answers 4 (a search keeps the values by move, ``tree_values._values``): a
    move's value is the same whatever other moves are asked with it."""
    g = game(players)
    for s, seat in decisions(players, 20 + players, 300)[::3]:
        moves = s.legal_moves(seat)
        full = values(g.kernel, s.buf, seat, moves)
        for part in (moves[::3], moves[1::2], moves[-1:]):
            assert np.array_equal(values(g.kernel, s.buf, seat, part), full[[moves.index(m) for m in part]])


@pytest.mark.parametrize("players", [3, 5])
def test_each_placement_asked_alone_is_worth_the_same(players):
    """``place_value`` keeps a tile and option's own part (men, investment) and a block's
    fill for the call: asked alone, every move is worth what it is among all the seat's."""
    g = game(players)
    placing = [(s, seat) for s, seat in decisions(players, 50 + players, 300)
               if int(f(s, "phase")[0]) in (SETUP, PLACE)]
    assert len(placing) > 40
    for s, seat in placing[::8]:
        moves = s.legal_moves(seat)
        full = values(g.kernel, s.buf, seat, moves)
        assert [values(g.kernel, s.buf, seat, [m])[0] for m in moves] == list(full)


@pytest.mark.parametrize("players", [3, 5])
def test_draws_and_discards_are_worth_what_they_are_with_the_blocks_read(players):
    """A list of draws or discards only reads the guilds' tiles and tracks, not the blocks
    (``count_guild_tiles``): with a pass in the list (which reads the blocks, as a
    placement does) every tile is worth the same."""
    g = game(players)
    seen = 0
    for s, seat in decisions(players, 40 + players, 400):
        if int(f(s, "phase")[0]) not in (DRAW, DISCARD):
            continue
        moves = s.legal_moves(seat)
        whole = values(g.kernel, s.buf, seat, [19 * len(f(s, "tile"))] + moves)
        assert np.array_equal(values(g.kernel, s.buf, seat, moves), whole[1:])
        seen += 1
    assert seen > 20


@pytest.mark.parametrize("opts", [{"rollout": "egreedy", "epsilon": 0.1}, {"bias": 4.0},
                                  {"rollout": "egreedy", "epsilon": 0.1, "bias": 1.0, "tree": "so"}])
def test_the_search_with_the_heuristic_does_not_peek(opts):
    iters = 60 if C is not None else 5
    for s, seat in decisions(4, 21, 200)[30::60]:
        other = s.determinize(seat, make_rng(seat + 5))
        assert s.observe(seat) == other.observe(seat)
        got = []
        for state in (s, other):
            p = make_player("ismcts", seed=7, **opts)
            p.choose(state, seat, Limits(iterations=iters))
            got.append([(x.move, x.visits, x.value) for x in p.last_info.moves])
        assert got[0] == got[1]


@pytest.mark.skipif(C is None, reason="compiled city_and_guilds not built (or GUILDHALL_PUREPYTHON=1)")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_twins_give_the_same_values(players):
    g = game(players)
    kc, kp = C.CityAndGuildsKernel(*g.kernel_args()), py_kernel(g)
    seen = set()
    for s, seat in decisions(players, 30 + players, 300):
        moves = s.legal_moves(seat)
        assert np.array_equal(values(kc, s.buf, seat, moves), values(kp, s.buf, seat, moves))
        seen.add(int(f(s, "phase")[0]))
    assert {DISCARD, SETUP, PLACE, DRAW} <= seen

