"""``reveal``: keys that take a step's hidden choices as seen once the step is over.

Between Two Cities' seats choose their two tiles face down and turn them up together
(``kernel.reveals``; ``revealed_move`` shows a choice once its step is over). With
``reveal`` the nodes below such a step are keyed by the choices themselves, not by the
hidden-move code: each node is an information set apart, at the price of a far wider step.
Off by default (the tree of every earlier session)."""
import pytest

import engine
from engine.perft import play_to_decision
from search import core
from search.api import Limits, make_player
from tests.search.helpers import COMPILED, random_decision
from tests.search.test_no_peeking import _twin_states

ITERS = 300 if COMPILED else 40


def grown(st, seat, iters=ITERS, impl="auto", **opts):
    s = core.make_search(st.observe(seat), seat, impl=impl, **opts)
    s.run(core.rng_for(st.game.kernel, 9), iters, 0.0, 0)
    return s


def tree_of(s):
    return [(s.edges_of(n), s.availability_of(n), s.children_of(n)) for n in range(s.node_count())]


def start(players, seed=1):
    return play_to_decision(engine.make("between_two_cities", players=players, seed=seed), seed)


def test_a_choice_is_revealed_once_every_seat_has_chosen():
    st = start(3)
    k = st.game.kernel
    movers = st.to_move()
    picks = {s: st.legal_moves(s)[0] for s in movers}
    w = st.clone()
    for s in movers[:-1]:
        w.apply(s, picks[s])
        assert k.revealed_move(w.buf, s, picks[s], movers[-1]) == -1  # the step is not over
    w.apply(movers[-1], picks[movers[-1]])
    for s in movers:
        assert k.observed_move(st.buf, s, picks[s], (s + 1) % 3) >= k.max_moves  # hidden when chosen
        assert k.revealed_move(w.buf, s, picks[s], (s + 1) % 3) == picks[s]  # seen at the step's end


@pytest.mark.parametrize("tree", ["so", "mo"])
def test_reveal_splits_the_step_by_the_choices_turned_up(tree):
    st = start(3)
    seat = st.to_move()[0]
    merged = grown(st, seat, tree=tree)
    split = grown(st, seat, tree=tree, reveal=True)
    assert split.reveal and not merged.reveal
    root = split.get_roots()[seat if tree == "mo" else 0]
    mroot = merged.get_roots()[seat if tree == "mo" else 0]
    # without reveal a root move leads to one child whatever the others chose
    assert len(merged.children_of(mroot)) <= len(st.legal_moves(seat))
    assert len(split.children_of(root)) > len(merged.children_of(mroot))


def test_reveal_is_nothing_where_the_kernel_reveals_nothing():
    st = random_decision(engine.make("city_and_guilds", players=4, seed=3), 3, 6)
    seat = st.to_move()[0]
    assert not st.game.kernel.reveals
    assert tree_of(grown(st, seat, reveal=True)) == tree_of(grown(st, seat))


@pytest.mark.parametrize("players,plies", [(3, 0), (3, 30), (4, 12), (7, 20)])
def test_reveal_does_not_peek(players, plies):
    s, other, seat = _twin_states("between_two_cities", players, 6 + plies, plies)
    assert s.observe(seat) == other.observe(seat)

    def search(state, tree):
        p = make_player("ismcts", seed=5, reveal=True, tree=tree, preset="none")
        m = p.choose(state, seat, Limits(iterations=ITERS))
        return m, [(x.move, x.visits, x.value) for x in p.last_info.moves]

    for tree in ("so", "mo"):
        assert search(s, tree) == search(other, tree)


@pytest.mark.skipif(not COMPILED, reason="compiled loop absent")
@pytest.mark.parametrize("tree", ["so", "mo"])
def test_compiled_and_python_loops_agree_with_reveal(tree):
    st = random_decision(start(4, 2), 2, 10)
    seat = st.to_move()[0]
    a = grown(st, seat, 200, "python", tree=tree, reveal=True)
    b = grown(st, seat, 200, "compiled", tree=tree, reveal=True)
    assert tree_of(a) == tree_of(b)
