"""MAST rollouts (``rollout=mast``): epsilon-greedy over each seat's move averages, learnt
from the search's own iterations (cython_ext/rollout_policy.py, cython_ext/ismcts.py)."""
import numpy as np
import pytest

import engine
from engine.errors import BadConfig
from cython_ext import select
from search import core
from search.api import Limits, make_player
from tests.search.helpers import COMPILED, first_decision

Rng = select.load("kernel").Rng
GAMES = [("city_and_guilds", 4, ()), ("walled_city", 2, ()), ("guildes", 4, ()),
         ("between_two_cities", 3, ())]


def _policy(g, epsilon=0.0, cutoff=0):
    return core.policy_rollout(g.kernel, epsilon, cutoff, mast=True)


def _seat_and_legal(g, buf):
    k = g.kernel
    seats, moves = np.zeros(16, np.intc), np.zeros(k.max_moves, np.intc)
    k.to_move(buf, seats)
    seat = int(seats[0])
    return seat, [int(m) for m in moves[:k.legal(buf, seat, moves)]]


def test_learn_credits_each_recorded_pair_with_its_seats_reward_then_forgets_them():
    g = engine.make_game("city_and_guilds", 3, ())
    pol = _policy(g)
    pol.add(0, 5)
    pol.add(1, 7)
    pol.add(0, 5)
    assert pol.ntrace == 6
    pol.learn_rewards([1.0, 0.25, 0.5])
    assert pol.ntrace == 0
    assert pol.average(0, 5) == 1.0 and pol.average(1, 7) == 0.25
    assert pol.average(2, 5) is None and pol.average(0, 7) is None
    pol.add(0, 5)
    pol.learn_rewards([0.0, 0.0, 0.0])
    assert pol.average(0, 5) == pytest.approx(2.0 / 3.0)  # three plays: 1, 1, 0
    with pytest.raises(ValueError):
        pol.average(3, 0)
    with pytest.raises(ValueError):
        pol.average(0, g.kernel.max_moves)
    with pytest.raises(ValueError):
        pol.learn_rewards([1.0])


def test_a_long_trace_grows_and_every_pair_is_credited():
    g = engine.make_game("walled_city", 2, ())
    pol = _policy(g)
    for i in range(3000):
        pol.add(i % 2, i % 60)
    pol.learn_rewards([1.0, 0.0])
    assert pol.average(0, 0) == 1.0 and pol.average(1, 1) == 0.0


@pytest.mark.parametrize("name,players,variants", GAMES)
def test_epsilon_zero_plays_a_move_of_best_average_and_untried_moves_first(name, players, variants):
    g = engine.make_game(name, players, variants)
    b = first_decision(g, 3).buf.copy()
    seat, legal = _seat_and_legal(g, b)
    assert len(legal) >= 3, name
    pol = _policy(g, 0.0, cutoff=1)
    # every legal move played once: the best average is one move's, unique
    best = legal[len(legal) // 2]
    for m in legal:
        pol.add(seat, m)
        r = np.zeros(players)
        r[seat] = 1.0 if m == best else 0.1
        pol.learn_rewards(r)
    t = b.copy()
    pol(t, Rng(1))  # one decision (cutoff 1): the seat's pick is recorded first among its seats
    assert pol.ntrace >= 2
    picks = _recorded(pol, g, players)
    assert picks[seat] == best
    # an untried move goes before every tried one, whatever their averages
    pol2 = _policy(g, 0.0, cutoff=1)
    for m in legal[1:]:
        pol2.add(seat, m)
        r = np.ones(players)
        pol2.learn_rewards(r)
    pol2(b.copy(), Rng(2))
    assert _recorded(pol2, g, players)[seat] == legal[0]


def _recorded(pol, g, players):
    """The moves the policy played at its one decision, by seat (then forgotten)."""
    out = dict(pol.recorded())
    assert len(out) == pol.ntrace // 2
    pol.learn_rewards(np.zeros(players))
    return out


def test_epsilon_one_draws_uniformly_over_the_legal_moves():
    g = engine.make_game("city_and_guilds", 4, ())
    b = first_decision(g, 1).buf.copy()
    seat, legal = _seat_and_legal(g, b)
    pol = _policy(g, 1.0, cutoff=1)
    pol.add(seat, legal[0])
    pol.learn_rewards(np.ones(4))  # an average that epsilon 1 must ignore
    counts = dict.fromkeys(legal, 0)
    rng = Rng(5)
    draws = 60 * len(legal)
    for _ in range(draws):
        pol(b.copy(), rng)
        counts[_recorded(pol, g, 4)[seat]] += 1
    expected = draws / len(legal)
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    # chi-square with len(legal) - 1 degrees of freedom: far below its 0.9999 quantile
    df = len(legal) - 1
    assert chi2 < df + 6 * (2 * df) ** 0.5, (chi2, df)


@pytest.mark.parametrize("name,players,variants", GAMES)
def test_the_search_feeds_the_averages_with_every_iteration(name, players, variants):
    g = engine.make_game(name, players, variants)
    st = first_decision(g, 2)
    seat, legal = _seat_and_legal(g, st.buf)
    view = st.observe(seat)
    s = core.make_search(view, seat, rollout="mast", epsilon=0.4, max_nodes=10_000)
    iters = 200 if COMPILED else 20
    s.run(Rng(4), iters, 0.0, 0)
    pol = s.mast
    assert pol is s.rollout_fn and pol.ntrace == 0
    # the tree's moves are credited: every root edge the tree took (each seat's, in one tree
    # or its own) has an average, and the root seat's averages weigh its edges' rewards
    for root in s.get_roots():
        for who, m, visits, _ in s.edges_of(root):
            if visits > 0:
                assert pol.average(who, m) is not None, (name, who, m)
    assert any(pol.average(seat, m) is not None for m in legal), name


@pytest.mark.skipif(not COMPILED, reason="compiled ismcts and kernels absent")
@pytest.mark.parametrize("name,players,variants", GAMES)
@pytest.mark.parametrize("tree", ["so", "mo"])
def test_compiled_and_interpreted_loops_play_the_same_mast_search(name, players, variants, tree):
    g = engine.make_game(name, players, variants)
    st = first_decision(g, 6)
    seat, _ = _seat_and_legal(g, st.buf)
    view = st.observe(seat)

    def run(impl):
        s = core.make_search(view, seat, tree=tree, rollout="mast", epsilon=0.3, impl=impl,
                             max_nodes=20_000)
        s.run(Rng(9), 60, 0.0, 0)
        pol = s.mast
        avgs = [pol.average(x, m) for x in range(players) for m in range(g.kernel.max_moves)]
        return ([s.edges_of(r) for r in s.get_roots()],
                [s.root_vector(m) for m in range(g.kernel.max_moves)], avgs)

    a, b = run("compiled"), run("python")
    assert type(core.make_search(view, seat, rollout="mast").mast) is select.twins("rollout_policy")[0].RolloutPolicy
    assert type(core.make_search(view, seat, rollout="mast", impl="python").mast) is \
        select.twins("rollout_policy")[1].RolloutPolicy
    assert a == b


def test_mast_is_an_option_of_the_player_and_bad_rollouts_are_refused():
    g = engine.make_game("walled_city", 2, ())
    st = first_decision(g, 1)
    seat, legal = _seat_and_legal(g, st.buf)
    p = make_player("ismcts", seed=3, rollout="mast", epsilon=0.4)
    m = p.choose(st.observe(seat), seat, Limits(iterations=200 if COMPILED else 20))
    assert m in legal
    with pytest.raises(BadConfig, match="random, egreedy or mast"):
        make_player("ismcts", rollout="gibbs")
    with pytest.raises(ValueError):
        core.make_search(st.observe(seat), seat, rollout="gibbs")
    assert "mast" in make_player("ismcts").option_meta["rollout"]["choices"]
    # pimc shares the option (the engine's setoption asks every owner): each world's tree learns
    pimc = make_player("pimc", seed=3, rollout="mast", epsilon=0.4)
    assert pimc.choose(st.observe(seat), seat, Limits(iterations=200 if COMPILED else 20)) in legal
