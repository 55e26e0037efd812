"""The heuristic rollout policy (cython_ext/rollout_policy.py) and the progressive bias."""
import numpy as np
import pytest

import engine
from cython_ext import select
from search import core
from tests.search.helpers import first_decision, kernel_decisions

C, PY = select.twins("rollout_policy")
KC, KP = select.twins("between_two_cities")
Rng = select.load("kernel").Rng


def btc(players=4):
    return engine.make_game("between_two_cities", players, ())


def test_a_rollout_plays_to_the_end_and_a_cutoff_stops_it():
    g = btc()
    k = g.kernel
    pol = core.policy_rollout(k, 0.1, 0)
    b = first_decision(g).buf.copy()
    pol(b, Rng(1))
    assert k.to_move(b, np.zeros(16, np.intc)) == 0
    full = pol.steps
    cut = core.policy_rollout(k, 0.1, 3)
    b = first_decision(g).buf.copy()
    cut(b, Rng(1))
    assert cut.steps == 3 and k.to_move(b, np.zeros(16, np.intc)) > 0 and full > 3


def test_epsilon_zero_plays_the_best_valued_move():
    g = btc()
    k = g.kernel
    b = first_decision(g).buf.copy()
    seats, moves, vals = np.zeros(16, np.intc), np.zeros(k.max_moves, np.intc), np.zeros(k.max_moves)
    k.to_move(b, seats)
    seat = int(seats[0])
    nl = k.legal(b, seat, moves)
    k.move_values(b, seat, moves, nl, vals)
    best = {int(m) for m, v in zip(moves[:nl], vals[:nl]) if v == vals[:nl].max()}
    chosen = set()
    for seed in range(6):  # a one-decision rollout: the moves it plays are the best valued
        t = b.copy()
        core.policy_rollout(k, 0.0, 1)(t, Rng(seed))
        a, b2 = sorted(int(x) for x in g.layout.view(t, "pend")[seat][:2])  # the pair, revealed
        chosen.add(a * 32 + b2)
    assert chosen <= best


def test_greedy_rollouts_build_better_cities_than_random_ones():
    g = btc()
    k = g.kernel
    pol = core.policy_rollout(k, 0.0, 0)
    sc = np.zeros(4, np.intc)
    greedy, rand = 0, 0
    for seed in range(4):
        b = first_decision(g, seed).buf.copy()
        t = b.copy()
        pol(t, Rng(seed))
        k.scores(t, sc)
        greedy += int(sc.sum())
        k.rollout(b, Rng(seed))
        k.scores(b, sc)
        rand += int(sc.sum())
    assert greedy > rand * 1.1


def test_every_game_kernel_has_a_heuristic_and_the_base_kernel_none():
    # the search falls back to the Python heuristic rollout (core.egreedy_rollout) only
    # for a kernel that keeps the base move_values (all 0.0)
    from cython_ext import select

    for name in ("guildes", "between_two_cities", "city_and_guilds", "walled_city"):
        assert core.kernel_has_heuristic(engine.make_game(name, 3, ()).kernel), name
    for mod in select.twins("kernel"):
        if mod is not None:
            assert not core.kernel_has_heuristic(mod.Kernel(2, 4, 1))


@pytest.mark.skipif(C is None or KC is None, reason="compiled kernels not built (or GUILDHALL_PUREPYTHON=1)")
def test_twins_play_the_same_rollouts():
    g = btc(3)
    kc, kp = KC.BetweenTwoCitiesKernel(g.kernel_cfg), KP.BetweenTwoCitiesKernel(g.kernel_cfg)
    b = first_decision(g, 3).buf.copy()
    kernel_c, kernel_py = select.twins("kernel")
    for eps, cut, own in ((0.2, 12, -1), (0.0, 6, -1), (0.1, 0, 2)):  # own: one greedy seat
        t1, t2 = b.copy(), b.copy()
        pc, pp = C.RolloutPolicy(kc, eps, cut, 0, own), PY.RolloutPolicy(kp, eps, cut, 0, own)
        pc(t1, kernel_c.Rng(7))
        pp(t2, kernel_py.Rng(7))
        assert (t1 == t2).all()


def reference_rollout(k, buf, rng, eps_of):
    """A rollout by the kernel's own Python calls, each seat at its own epsilon."""
    seats = np.zeros(k.players + 1, np.intc)
    moves, vals = np.zeros(k.max_moves, np.intc), np.zeros(k.max_moves)
    while (n := k.to_move(buf, seats)) > 0:
        if seats[0] < 0:
            k.apply(buf, -1, k.sample_chance(buf, rng))
            continue
        acting = [int(x) for x in seats[:n]]
        picks = [int(k.egreedy_move(buf, s, rng, eps_of(s), moves, vals)) for s in acting]
        for s, m in zip(acting, picks):
            k.apply(buf, s, m)


@pytest.mark.parametrize("name", ["between_two_cities", "guildes", "city_and_guilds", "walled_city"])
def test_greedy_seats_own_plays_the_heuristic_for_that_seat_alone(name):
    # own: the searching seat at epsilon, every other seat at random (epsilon 1)
    g = engine.make_game(name, 3, ())
    k = g.kernel
    kernel_c, kernel_py = select.twins("kernel")
    kmod = kernel_c if core.kernel_is_compiled(k) else kernel_py
    b = first_decision(g, 2).buf.copy()
    for eps in (0.0, 0.2):
        pol = core.policy_rollout(k, eps, 0, own=1)
        t1, t2 = b.copy(), b.copy()
        pol(t1, kmod.Rng(5))
        reference_rollout(k, t2, kmod.Rng(5), lambda s: eps if s == 1 else 1.0)
        assert (t1 == t2).all()
        t3 = b.copy()  # and it is not the all-seats rollout
        reference_rollout(k, t3, kmod.Rng(5), lambda s: eps)
        assert not (t1 == t3).all()


def test_the_python_heuristic_rollout_with_one_greedy_seat():
    # egreedy_rollout serves a kernel without move_values (none of the four games): its own
    # branch plays the heuristic's best for that seat (epsilon 0) and uniform moves for the rest
    g = engine.make_game("city_and_guilds", 3, ())
    k = g.kernel
    b = first_decision(g, 2).buf.copy()
    kernel_c, kernel_py = select.twins("kernel")
    kmod = kernel_c if core.kernel_is_compiled(k) else kernel_py
    t1, t2 = b.copy(), b.copy()
    core.egreedy_rollout(g, 0.0, own=1)(t1, kmod.Rng(11))
    replay_own_rollout(g, t2, kmod.Rng(11), own=1)
    assert (t1 == t2).all() and g.kernel.to_move(t1, np.zeros(4, np.intc)) == 0
    t3 = b.copy()
    core.egreedy_rollout(g, 0.0)(t3, kmod.Rng(11))
    assert not (t1 == t3).all()


def replay_own_rollout(g, buf, rng, own):
    """What egreedy_rollout(epsilon 0, own) must do, written from the rule: seat ``own`` takes
    a move of best heuristic value (ties drawn by the generator), the others uniform moves."""
    k = g.kernel
    seats, moves = np.zeros(g.players + 1, np.intc), np.zeros(k.max_moves, np.intc)
    while (n := k.to_move(buf, seats)) > 0:
        if seats[0] < 0:
            k.apply(buf, -1, k.sample_chance(buf, rng))
            continue
        acting, picks = [int(x) for x in seats[:n]], []
        for s in acting:
            c = k.legal(buf, s, moves)
            legal = [int(m) for m in moves[:c]]
            if s != own:
                picks.append(legal[rng.below(c)])
                continue
            rng.random()  # the epsilon draw, made for the greedy seat only
            st = engine.State(g, buf)
            vals = [g.heuristic(st, s, m) for m in legal]
            ties = [m for m, v in zip(legal, vals) if v == max(vals)]
            picks.append(ties[rng.below(len(ties))] if len(ties) > 1 else ties[0])
        for s, m in zip(acting, picks):
            k.apply(buf, s, m)


def test_bad_settings_are_refused():
    with pytest.raises(ValueError):
        core.policy_rollout(btc().kernel, 1.5, 0)
    with pytest.raises(ValueError):
        core.policy_rollout(btc().kernel, 0.1, -1)
    for own in (-2, 4):  # a seat of the 4-player game, or -1
        with pytest.raises(ValueError, match="own must be"):
            core.policy_rollout(btc(4).kernel, 0.1, 0, own=own)
    from search.api import BadConfig, make_player

    with pytest.raises(BadConfig, match="greedy_seats must be all or own"):
        make_player("ismcts", greedy_seats="mine")


@pytest.mark.parametrize("opts", [{"rollout": "egreedy", "epsilon": 0.1}, {"rollout": "egreedy", "cutoff": 4},
                                  {"rollout": "egreedy", "greedy_seats": "own", "tree": "det"},
                                  {"cutoff": 4}, {"bias": 0.2}])
def test_the_search_options_pick_legal_moves(opts):
    from search.api import Limits, make_player

    g = btc()
    s = first_decision(g)
    seat = s.to_move()[0]
    p = make_player("ismcts", seed=4, **opts)
    assert p.choose(s, seat, Limits(iterations=12)) in s.legal_moves(seat)


def test_progressive_bias_tries_the_best_valued_move_first():
    g = btc()
    s = first_decision(g)
    seat = s.to_move()[0]
    k = g.kernel
    view = s.observe(seat)
    search = core.make_search(view, seat, bias=0.5)
    search.run(Rng(3), 1, 0.0, 0)
    moves = np.asarray(s.legal_moves(seat), dtype=np.intc)
    vals = np.zeros(len(moves))
    k.move_values(s.buf, seat, moves, len(moves), vals)
    tried = [m for (st, m, v, _) in search.edges_of(search.get_roots()[0]) if st == seat and v > 0]
    assert len(tried) == 1 and vals[list(moves).index(tried[0])] == vals.max()


def tied_placement(g, want=3):
    """A placement decision of a random game whose best value is shared by ``want``-8 legal moves:
    ``(buf, seat, tied moves)``."""
    from cython_ext.between_two_cities_encoding import PH_PLACE

    for seed in range(20):
        for b, s, legal in kernel_decisions(g, seed):
            if b[g.layout["phase"]] == PH_PLACE:
                vals = np.zeros(len(legal))
                g.kernel.move_values(b, s, legal, len(legal), vals)
                tied = [int(m) for m, v in zip(legal, vals) if v == vals.max()]
                if want <= len(tied) <= 8:
                    return b.copy(), s, tied
    raise AssertionError("no tied placement found")


def test_greedy_placements_are_uniform_over_the_tied_best():
    # epsilon 0, one decision: the placement is one of the best valued, each as often (chi-square)
    g = btc()
    k = g.kernel
    b, seat, tied = tied_placement(g)
    own = [k.city_of(seat, side) for side in range(2)]
    after = {}
    for m in tied:
        t = b.copy()
        k.apply(t, seat, m)
        after[g.layout.view(t, "city")[own].tobytes()] = m
    assert len(after) == len(tied)
    draws = 40 * len(tied)
    count = dict.fromkeys(tied, 0)
    pol = core.policy_rollout(k, 0.0, 1)
    for i in range(draws):
        t = b.copy()
        pol(t, Rng(1000 + i))
        count[after[g.layout.view(t, "city")[own].tobytes()]] += 1  # KeyError: not a tied best move
    e = draws / len(tied)
    chi2 = sum((c - e) ** 2 / e for c in count.values())
    df = len(tied) - 1
    q999 = df * (1 - 2 / (9 * df) + 3.09 * (2 / (9 * df)) ** 0.5) ** 3  # Wilson-Hilferty, p = 0.001
    assert min(count.values()) > 0 and chi2 < q999, count
