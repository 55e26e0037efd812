"""A seat choosing inside a simultaneous step after others' hidden choices (Between Two Cities'
draft, City and Guilds' setup discard), searched from the step's start (the kernels'
``clear_choices``, the ISMCTS option ``step_start``).

The kernels' undo is checked against the game itself: a seat's view with the others' choices
of its step undone is exactly its view before they chose, whichever seats chose and in
whatever order, in every variant, compiled and interpreted.  The search then has every seat
of the step choosing at its root, and never more than the view shows.
"""
import random

import numpy as np
import pytest

import engine
from cython_ext import select
from engine.core import CHANCE, make_rng
from search.api import Limits, make_player
from tests.search.helpers import COMPILED

CONFIGS = [("between_two_cities", 3, ()), ("between_two_cities", 4, ()), ("between_two_cities", 7, ("districts",)),
           ("between_two_cities", 2, ("two-player",)), ("between_two_cities", 2, ("two-player-advanced",)),
           ("city_and_guilds", 3, ()), ("city_and_guilds", 5, ())]
KERNELS = {"between_two_cities": "BetweenTwoCitiesKernel", "city_and_guilds": "CityAndGuildsKernel"}
IMPLS = ["compiled", "interpreted"] if COMPILED else ["interpreted"]


def kernel(mod, game):
    """``game``'s kernel built from ``mod`` (one of its two modes)."""
    cls = getattr(mod, KERNELS[game.name])
    return cls(game.kernel_cfg) if game.name == "between_two_cities" else cls(*game.kernel_args())


def choose_steps(game, players, variants, seed, limit=6):
    """``(state at a simultaneous step's start, the order its seats choose in)`` from a random
    game."""
    rnd, rng = random.Random(seed), make_rng(seed)
    s = engine.make(game, players=players, variants=variants, seed=seed)
    out = []
    while not s.is_terminal() and len(out) < limit:
        tm = s.to_move()
        if tm[0] == CHANCE:
            s.apply(CHANCE, s.sample_chance(rng))
            continue
        if len(tm) == players and len(tm) > 1:
            order = list(tm)
            rnd.shuffle(order)
            out.append((s.clone(), order))
        seat = rnd.choice(tm)
        s.apply(seat, rnd.choice(s.legal_moves(seat)))
    return out


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("game,players,variants", CONFIGS)
def test_the_undone_view_is_the_view_at_the_steps_start(impl, game, players, variants):
    mod = select.twins(game)[0 if impl == "compiled" else 1]
    steps = [x for seed in (7, 8, 9) for x in choose_steps(game, players, variants, seed)]
    for start, order in steps:
        k = kernel(mod, start.game)
        s = start.clone()
        for i, seat in enumerate(order):
            undone = s.observe(seat).buf.copy()
            assert k.clear_choices(undone, seat) == i  # the seats before it in the step
            assert np.array_equal(undone, start.observe(seat).buf)
            s.apply(seat, s.legal_moves(seat)[0])
        assert k.clear_choices(s.observe(order[0]).buf.copy(), order[0]) == 0  # the step is over
    assert len(steps) >= 3


def mid_step(game="between_two_cities", players=4, seed=3):
    """A full state inside a simultaneous step: all seats but the last have chosen; that seat."""
    start, order = choose_steps(game, players, (), seed, 1)[0]
    s = start.clone()
    for seat in order[:-1]:
        s.apply(seat, s.legal_moves(seat)[0])
    return s, order[-1]


def root_seats(p):
    """``{tree: the seats whose edges its root holds}`` (SO: one tree, 0)."""
    s = p._search
    roots = s.get_roots()
    return {t: {x for x in range(s.n) if s.seat_edges(roots[t], x)} for t in range(s.ntrees)}


@pytest.mark.parametrize("game", KERNELS)
@pytest.mark.parametrize("tree", ["so", "mo"])
def test_the_search_has_every_seat_of_the_step_at_its_root(game, tree):
    s, seat = mid_step(game)
    for on in (False, True):
        p = make_player("ismcts", seed=1, tree=tree, step_start=on)
        m = p.choose(s, seat, Limits(iterations=200 if COMPILED else 40))
        assert m in s.legal_moves(seat)
        got = root_seats(p)
        if tree == "so":
            assert got == {0: set(range(s.players)) if on else {seat}}
        else:  # each seat's own tree
            assert got == {x: {x} if on or x == seat else set() for x in range(s.players)}


def test_step_start_never_reads_the_choices_it_undoes():
    """Two games alike in the last seat's view, the earlier seats' choices different: the same
    search, move for move and statistic for statistic."""
    start, order = choose_steps("between_two_cities", 4, (), 3, 1)[0]
    games = []
    for pick in (0, -1):
        s = start.clone()
        for seat in order[:-1]:
            s.apply(seat, s.legal_moves(seat)[pick])
        games.append(s)
    seat = order[-1]
    assert games[0].observe(seat) == games[1].observe(seat) and games[0] != games[1]
    infos = []
    for s in games:
        p = make_player("ismcts", seed=5, step_start=True)
        p.choose(s, seat, Limits(iterations=150 if COMPILED else 30))
        infos.append([(m.move, m.visits, m.value) for m in p.last_info.moves])
    assert infos[0] == infos[1]


@pytest.mark.parametrize("game", KERNELS)
def test_the_engine_api_clears_them_too(game):
    """``State.determinize(keep_chosen=False)``: the world's step has every seat to choose
    again, its seat's view the view at the step's start; kept by default."""
    start, order = choose_steps(game, 4 if game == "between_two_cities" else 3, (), 3, 1)[0]
    s = start.clone()
    for seat in order[:-1]:
        s.apply(seat, s.legal_moves(seat)[0])
    seat = order[-1]
    assert s.determinize(seat, 1).to_move() == (seat,)
    for k in range(3):
        w = s.determinize(seat, k, keep_chosen=False)
        assert set(w.to_move()) == set(order) and w.observe(seat) == start.observe(seat)
