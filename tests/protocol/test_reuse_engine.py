"""A real engine process keeps its tree between searches when the frontend sends its whole game
again before each ``go`` (docs/protocol.md, ``position``: "The ISMCTS engine keeps its tree"):
the tree the second search reports (``treenodes``) holds the first search's nodes as well, and
with ``reuse`` off, or at a ``Skill`` level below 20, it does not."""
import engine
from cython_ext import pure_python_forced
from engine.core import CHANCE, make_rng
from tests.protocol.conftest import expect, go

ITERATIONS = 25 if pure_python_forced() else 60


def line_to_seat0(state, items):
    """Moves (first legal ones; chance from fixed seeds) until seat 0 decides among two or more."""
    while state.to_move() != (0,) or len(state.legal_moves(0)) < 2:
        seat = state.to_move()[0]
        m = state.sample_chance(make_rng(len(items))) if seat == CHANCE else state.legal_moves(seat)[0]
        items.append(("chance " if seat == CHANCE else f"seat {seat} ") + state.move_to_string(seat, m))
        state.apply(seat, m)


def tree_nodes(lines):
    words = [x for x in lines if x.startswith("info seat ")][-1].split()
    return int(words[words.index("treenodes") + 1])


def second_search_nodes(e, reuse: bool) -> tuple[int, int]:
    """``treenodes`` of two searches of seat 0, the game resent before each."""
    state, items = engine.make("city_and_guilds", players=4, seed=3), []
    assert expect(e, f"setoption name reuse value {str(reuse).lower()}") == []
    assert expect(e, "newgame city_and_guilds players 4 seed 3") == []
    line_to_seat0(state, items)
    assert expect(e, "position startpos seed 3 moves " + "; ".join(items)) == []
    first = go(e, f"go iterations {ITERATIONS}")
    best = first[-1][len("bestmove "):]
    items.append(f"seat 0 {best}")
    state.apply(0, state.parse_move(0, best))
    line_to_seat0(state, items)
    assert expect(e, "position startpos seed 3 moves " + "; ".join(items)) == []
    second = go(e, f"go iterations {ITERATIONS}")
    assert second[-1].startswith("bestmove ") and second[-1] != "bestmove none"
    return tree_nodes(first), tree_nodes(second)


def test_the_engine_keeps_its_tree_across_a_resent_game(eng):
    try:
        kept_first, kept = second_search_nodes(eng, reuse=True)
        _, fresh = second_search_nodes(eng, reuse=False)
        assert expect(eng, "setoption name Skill value 10") == []
        _, skilled = second_search_nodes(eng, reuse=True)  # a level below 20 keeps no tree
    finally:
        expect(eng, "setoption name reuse value true")
        expect(eng, "setoption name Skill value 20")
    assert kept > fresh  # the kept tree holds the first search's nodes too
    assert kept >= kept_first + fresh // 2
    assert skilled < kept_first + fresh // 2
