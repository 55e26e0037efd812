"""A real engine process keeps its tree between searches when the frontend sends its whole game
again before each ``go`` (docs/protocol.md, ``position``: "The ISMCTS engine keeps its tree"):
the tree the second search reports (``treenodes``) holds the subtree of the line played (the
first search's principal variation, late in a game: a subtree of some size) besides its own
nodes, and with ``reuse`` off, or at a ``Skill`` level below 20, it does not."""
import engine
from cython_ext import pure_python_forced
from engine.core import CHANCE, make_rng
from tests.protocol.conftest import expect, go

ITERATIONS = 25 if pure_python_forced() else 400
GAME, PLAYERS = "walled_city", 2
LATE = 20


def line_to_seat0(state, items, pv=()):
    """Moves until seat 0 decides among two or more: the others' from ``pv`` (``(seat, move
    text)``, a principal variation: the reply the search expected) where it is theirs to play,
    else their first legal ones; chance from fixed seeds."""
    pv = list(pv)
    while state.to_move() != (0,) or len(state.legal_moves(0)) < 2:
        seat = state.to_move()[0]
        m = state.legal_moves(seat)[0] if seat != CHANCE else state.sample_chance(make_rng(len(items)))
        if seat != CHANCE and pv and pv[0][0] == seat:
            m = state.parse_move(seat, pv.pop(0)[1])
        items.append(("chance " if seat == CHANCE else f"seat {seat} ") + state.move_to_string(seat, m))
        state.apply(seat, m)


def last_info(lines):
    return [x for x in lines if x.startswith("info seat ")][-1]


def tree_nodes(lines):
    words = last_info(lines).split()
    return int(words[words.index("treenodes") + 1])


def principal_variation(lines):
    """``(seat, move text)`` of the last ``info``'s ``pv`` (``seat N move; ...``)."""
    steps = last_info(lines).split(" pv ", 1)[1].split("; ")
    return [(int(x.split()[1]), x.split(" ", 2)[2]) for x in steps]


def second_search_nodes(e, reuse: bool) -> tuple[int, int]:
    """``treenodes`` of two searches of seat 0, the game resent before each."""
    state, items = engine.make(GAME, players=PLAYERS, seed=3), []
    assert expect(e, f"setoption name reuse value {str(reuse).lower()}") == []
    assert expect(e, f"newgame {GAME} players {PLAYERS} seed 3") == []
    for _ in range(LATE):  # later in the game: fewer moves, a deeper tree
        line_to_seat0(state, items)
        items.append("seat 0 " + state.move_to_string(0, state.legal_moves(0)[0]))
        state.apply(0, state.legal_moves(0)[0])
    line_to_seat0(state, items)
    assert expect(e, "position startpos seed 3 moves " + "; ".join(items)) == []
    first = go(e, f"go iterations {ITERATIONS}")
    best = first[-1][len("bestmove "):]
    items.append(f"seat 0 {best}")
    state.apply(0, state.parse_move(0, best))
    line_to_seat0(state, items, principal_variation(first)[1:])
    assert expect(e, "position startpos seed 3 moves " + "; ".join(items)) == []
    second = go(e, f"go iterations {ITERATIONS}")
    assert second[-1].startswith("bestmove ") and second[-1] != "bestmove none"
    return tree_nodes(first), tree_nodes(second)


def test_the_engine_keeps_its_tree_across_a_resent_game(eng):
    try:
        _, kept = second_search_nodes(eng, reuse=True)
        _, fresh = second_search_nodes(eng, reuse=False)
        assert expect(eng, "setoption name Skill value 10") == []
        _, skilled = second_search_nodes(eng, reuse=True)  # a level below 20 keeps no tree
        _, skilled_fresh = second_search_nodes(eng, reuse=False)
    finally:
        expect(eng, "setoption name reuse value true")
        expect(eng, "setoption name Skill value 20")
    # the kept tree (compacted: cython_ext/tree_compact.py) holds the subtree of the line played
    # as well as this search's nodes
    assert kept > fresh + fresh // 4, (kept, fresh)
    assert skilled == skilled_fresh, (skilled, skilled_fresh)
