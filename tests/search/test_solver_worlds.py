"""Exact information sets (search/solver/worlds/): every world of a view, with its probability."""
import collections
import math

import pytest

from engine.core import CHANCE, make_rng
from search.solver import solve_view
from search.solver.worlds import WorldsUnavailable, worlds
from tests.search.solver_positions import endgame
from tests.search.test_solver_exact import brute

WC = [(k, seed) for k in (1, 2, 5, 9) for seed in (1, 2, 3)]
# City and Guilds views have one world near the end (nothing hidden left); 8 and 64 earlier
CAG = [(3, 1), (80, 2), (90, 1), (90, 2)]


def view_of(config, left, seed):
    s = endgame(config, left, seed)
    seat = s.to_move()[0]
    return s, seat, s.observe(seat)


@pytest.mark.parametrize("left,seed", WC)
def test_walled_city_worlds_sum_to_one_and_hold_the_truth_and_every_sample(left, seed):
    s, seat, view = view_of("wc-2p", left, seed)
    ws = worlds(view, seat)
    assert math.isclose(sum(p for _, p in ws), 1.0, abs_tol=1e-12)
    keys = {w.buf[2:].tobytes() for w, _ in ws}
    assert len(keys) == len(ws)  # distinct
    assert s.buf[2:].tobytes() in keys  # the real deal is one of them
    rng = make_rng(seed)
    for _ in range(100):
        assert view.determinize(seat, rng).buf[2:].tobytes() in keys
    for w, _ in ws:  # each gives back the view: nothing the seat sees differs
        assert (w.observe(seat).buf == view.buf).all()


@pytest.mark.parametrize("left,seed", [(1, 1), (5, 3), (9, 1)])
def test_walled_city_probabilities_are_the_frequencies_of_determinize(left, seed):
    # determinize deals the unseen cards uniformly (the same chance model), so its
    # frequencies estimate the probabilities: within 4.5 standard errors
    s, seat, view = view_of("wc-2p", left, seed)
    ws = worlds(view, seat)
    index = {w.buf[2:].tobytes(): i for i, (w, _) in enumerate(ws)}
    n, rng = 3000, make_rng(7)
    counts = collections.Counter(index[view.determinize(seat, rng).buf[2:].tobytes()] for _ in range(n))
    for i, (_, p) in enumerate(ws):
        assert abs(counts[i] / n - p) <= 4.5 * math.sqrt(p * (1 - p) / n) + 1e-3


@pytest.mark.parametrize("config,left,seed", [("wc-2p", 1, 1), ("wc-2p", 2, 2), ("wc-2p", 4, 1), ("guildes-3p", 1, 1),
                                              ("guildes-3p", 3, 1), ("btc-2p", 5, 1)])
def test_the_exact_view_value_is_the_brute_force_over_the_information_set(config, left, seed):
    s, seat, view = view_of(config, left, seed)
    sol = solve_view(view, seat, exact=True, max_nodes=2_000_000)
    ws = worlds(view, seat)
    assert sol.info_set and sol.complete and sol.worlds == len(ws)
    memo = {}
    expected = {}
    for m in view.legal_moves(seat):
        total = [0.0] * s.players
        for w, p in ws:
            c = w.clone()
            c.apply(seat, m)
            total = [t + p * x for t, x in zip(total, brute(c, "win", memo))]
        expected[m] = total
    assert sorted(sol.values) == sorted(expected)
    for m in expected:
        assert sol.values[m] == pytest.approx(expected[m], abs=1e-9)
    # one move for the whole information set: the best weighted mean, ties to the lowest move
    best = max(sorted(expected), key=lambda m: expected[m][seat])
    assert sol.values[sol.best][seat] == pytest.approx(expected[best][seat], abs=1e-12)


def test_too_many_worlds_are_refused():
    _, seat, view = view_of("wc-2p", 1, 1)  # 28 worlds
    with pytest.raises(WorldsUnavailable, match="more than 10 worlds"):
        worlds(view, seat, limit=10)
    with pytest.raises(WorldsUnavailable):
        solve_view(view, seat, exact=True, limit=10)


def test_views_an_enumerator_does_not_cover_are_refused_clearly():
    # Guildes is listed in the last round's play phase only (tests/search/test_solver_worlds_drafts.py)
    _, seat, view = view_of("guildes-3p", 40, 1)
    with pytest.raises(WorldsUnavailable, match="play phase of the last round"):
        solve_view(view, seat, exact=True)


def test_a_view_of_another_seat_is_refused():
    s, seat, view = view_of("wc-2p", 2, 1)
    with pytest.raises(Exception, match="view"):
        worlds(view, 1 - seat)


def test_the_solve_command_solves_the_information_set_or_refuses():
    from click.testing import CliRunner

    from guildhall.cli import main

    _, seat, view = view_of("wc-2p", 1, 1)
    r = CliRunner().invoke(main, ["solve", "walled_city", "--state", view.to_string(), "--exact", "--memory", "4"])
    assert r.exit_code == 0, r.output
    assert "worlds 28: the whole information set" in r.output
    r = CliRunner().invoke(main, ["solve", "walled_city", "--state", view.to_string(), "--exact", "--limit", "5"])
    assert r.exit_code != 0 and "more than 5 worlds" in r.output


def test_the_solver_engine_takes_exact_distinct_and_paranoid_as_options():
    from engine.errors import BadConfig
    from search.api import Limits, make_player

    _, seat, view = view_of("wc-2p", 2, 1)
    player = make_player("solver", seed=0, exact="true", memory=4)
    assert player.opts["exact"] is True
    move = player.choose(view, seat, Limits(movetime=30))
    assert move == solve_view(view, seat, exact=True).best
    assert player.last_info.iterations == len(worlds(view, seat))  # one iteration per world
    # a view with more worlds than exact_limit: the sampled worlds instead, still a legal move
    _, gseat, gview = view_of("guildes-4p", 2, 1)
    assert make_player("solver", seed=0, exact=True, distinct=True).choose(gview, gseat, Limits(movetime=30)) \
        in gview.legal_moves(gseat)
    assert make_player("solver", seed=0, paranoid=True).solver.paranoid
    with pytest.raises(BadConfig):
        make_player("solver", seed=0, exact="maybe")


def truth_as_a_world(s, seat):
    """The real state as the enumerator writes it: rivals keep no putback memory (theirs only)."""
    t = s.buf.copy()
    for p in range(s.players):
        if p != seat:
            s.game.layout.view(t, "putback")[p] = 0
    return t[2:].tobytes()


@pytest.mark.parametrize("left,seed", CAG)
def test_city_and_guilds_worlds_sum_to_one_and_hold_the_truth_and_every_sample(left, seed):
    s, seat, view = view_of("cag-3p", left, seed)
    ws = worlds(view, seat)
    assert math.isclose(sum(p for _, p in ws), 1.0, abs_tol=1e-12)
    keys = {w.buf[2:].tobytes() for w, _ in ws}
    assert len(keys) == len(ws) and truth_as_a_world(s, seat) in keys
    rng = make_rng(seed)
    for _ in range(100):
        assert view.determinize(seat, rng).buf[2:].tobytes() in keys
    for w, _ in ws:
        assert (w.observe(seat).buf == view.buf).all()


@pytest.mark.parametrize("left,seed", [(80, 2), (90, 2)])
def test_city_and_guilds_probabilities_are_the_frequencies_of_determinize(left, seed):
    s, seat, view = view_of("cag-3p", left, seed)
    ws = worlds(view, seat)
    assert len(ws) > 1
    index = {w.buf[2:].tobytes(): i for i, (w, _) in enumerate(ws)}
    n, rng = 3000, make_rng(7)
    counts = collections.Counter(index[view.determinize(seat, rng).buf[2:].tobytes()] for _ in range(n))
    for i, (_, p) in enumerate(ws):
        assert abs(counts[i] / n - p) <= 4.5 * math.sqrt(p * (1 - p) / n) + 1e-3


def test_a_city_and_guilds_view_near_the_end_is_one_world_solved_exactly():
    s, seat, view = view_of("cag-3p", 3, 1)
    sol = solve_view(view, seat, exact=True)
    assert sol.worlds == 1 and sol.info_set
    memo = {}
    (w, p), = worlds(view, seat)
    for m, v in sol.values.items():
        c = w.clone()
        c.apply(seat, m)
        assert v == pytest.approx(list(brute(c, "win", memo)), abs=1e-9)
