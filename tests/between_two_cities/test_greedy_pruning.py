"""The greedy move values fewer cells and still plays the same move with the same draws.

``between_two_cities_policy.greedy_place`` bounds every candidate cell from the
cells next to it and values only those whose bound reaches the best value so
far (``prune`` 1); with ``prune`` 0 it values every candidate, as before.  On
every placement decision of games played by the greedy move itself (mixed with
random moves, so that the cities look like a rollout's), a pruned and an
unpruned policy, each kept along the game as a rollout keeps it, must return the
same move and leave their generators in the same state, from several generator
states each; and no bound may be below its value, on every empty cell.  The
tests of the tests take 1 off every bound and see both checks fail.
"""
import pytest

from bench.bench_between_two_cities_greedy import greedy_games
from cython_ext import select
from tests.between_two_cities.helpers import make_game

POL_C, POL_PY = select.twins("between_two_cities_policy")
CELL_C, CELL_PY = select.twins("between_two_cities_cell_gain")  # shop_join_bounds
BTC_C, BTC_PY = select.twins("between_two_cities")
KERNEL_C, KERNEL_PY = select.twins("kernel")
MODES = [("interpreted", (POL_PY, BTC_PY, KERNEL_PY))] + (
    [("compiled", (POL_C, BTC_C, KERNEL_C))] if POL_C is not None else [])
CONFIGS = [(4, ()), (7, ("districts",)), (2, ("two-player-advanced",)), (3, ("beginner",)), (2, ("two-player",))]
DRAWS = 4  # generator states tried at each decision


def compare(game, mods, seeds, cut=0, first=False):
    """Decisions where a pruned policy (its bounds lowered by ``cut``) and an unpruned one, both
    kept along the game, return different moves or leave different generator states; with the
    number of decisions and of draws among ties (a generator used more than once)."""
    pol, btc, kmod = mods
    k = btc.BetweenTwoCitiesKernel(game.kernel_cfg)
    pruned, full = pol.BetweenTwoCitiesPolicy(game.NC), pol.BetweenTwoCitiesPolicy(game.NC)
    full.prune = 0
    pruned.cut = cut
    bad, n, tied = [], 0, 0
    for s, seat in greedy_games(game, mods, seeds):
        for d in range(DRAWS):
            r1, r2 = kmod.Rng(1000 * n + d), kmod.Rng(1000 * n + d)
            m1 = pol.greedy_move(pruned, k, s.buf, seat, r1)
            m2 = pol.greedy_move(full, k, s.buf, seat, r2)
            tied += r2.state != kmod.Rng(1000 * n + d).state
            if m1 != m2 or r1.state != r2.state:
                bad.append((n, seat, m1, m2))
                if first:
                    return bad, n, tied
        n += 1
    return bad, n, tied


@pytest.mark.parametrize("mode,mods", MODES, ids=[m[0] for m in MODES])
@pytest.mark.parametrize("players,variants", CONFIGS)
def test_the_pruned_greedy_move_is_the_unpruned_one_draw_for_draw(mode, mods, players, variants):
    game = make_game(players, variants)
    seeds = [players, players + 20] if mode == "compiled" else [players]
    bad, n, tied = compare(game, mods, seeds)
    assert n >= 30 and tied >= 10  # ties were drawn among, not only single best moves
    assert bad == []


def bound_report(game, mods, seeds, cut=0):
    """Over every placement decision: (bounds below their value or taken as exact and not equal
    to it, bounds equal to it, moves whose bound is below the decision's best value: those the
    pruning can skip, moves seen)."""
    pol, btc, _ = mods
    k = btc.BetweenTwoCitiesKernel(game.kernel_cfg)
    low = tight = skippable = seen = 0
    for s, seat in greedy_games(game, mods, seeds):
        p = pol.BetweenTwoCitiesPolicy(game.NC)
        p.cut = cut
        rows = pol.place_bounds(p, k, s.buf, seat)
        best = max(v for _, _, v, _ in rows)
        low += sum(u < v or (exact and u != v) for _, u, v, exact in rows)
        tight += sum(u == v for _, u, v, _ in rows)
        skippable += sum(u < best for _, u, _, _ in rows)
        seen += len(rows)
    return low, tight, skippable, seen


@pytest.mark.parametrize("mode,mods", MODES, ids=[m[0] for m in MODES])
@pytest.mark.parametrize("players,variants", CONFIGS)
def test_no_bound_is_below_its_value(mode, mods, players, variants):
    game = make_game(players, variants)
    low, tight, skippable, seen = bound_report(game, mods, [players + 40])
    assert seen >= 1000
    assert low == 0
    assert tight > seen // 10 and skippable > seen // 4  # bounds that bite, not +infinity


@pytest.mark.parametrize("mode,mods", MODES, ids=[m[0] for m in MODES])
def test_a_bound_one_too_tight_is_caught_by_both_checks(mode, mods):
    game = make_game(4, ())
    assert bound_report(game, mods, [44], cut=1)[0] > 0
    assert compare(game, mods, [4], cut=1, first=True)[0]


@pytest.mark.parametrize("mode,mods", MODES, ids=[m[0] for m in MODES])
def test_the_shop_join_bounds_are_the_most_a_shop_adds(mode, mods):
    from cython_ext.between_two_cities_scoring import SHOP_PTS
    table = (CELL_C if mode == "compiled" else CELL_PY).shop_join_bounds()
    assert table[0] == SHOP_PTS[1]  # a shop alone: a line of one
    assert table[1 * 5 + 1] == SHOP_PTS[3] - 2 * SHOP_PTS[1]  # between two single shops: a line of three
    assert table[24] == max(table) == SHOP_PTS[5] - 2 * SHOP_PTS[2]  # between two pairs: a line of five
