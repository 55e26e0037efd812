"""The rollouts' placement sampler draws uniformly from exactly the moves ``legal`` lists.

It draws without listing the moves (rejection over cheap candidates), so the
test compares its draws with the list: every draw legal, every legal move
drawn, frequencies uniform by a chi-square test (fixed seeds: the outcome is
deterministic; a sampler uniform over sides or tiles first fails it).
"""
import math
import random

import numpy as np
import pytest

import engine
from cython_ext import select
from cython_ext.between_two_cities_encoding import PH_CHOOSE, PH_PLACE

C, PY = select.twins("between_two_cities")
kernel_c, kernel_py = select.twins("kernel")
MODES = [("interpreted", PY, kernel_py)] + ([("compiled", C, kernel_c)] if C is not None else [])
CONFIGS = [(4, ()), (2, ("two-player-advanced",)), (3, ("beginner",)), (2, ("two-player",))]


def placement_positions(game, seed, every):
    """Positions of a random game where a seat places a tile (every ``every``-th one)."""
    rnd = random.Random(seed)
    s = game.new_initial_state(seed)
    out, count = [], 0
    while True:
        movers = s.to_move()
        if not movers:
            return out
        seat = movers[0]
        if seat == -1:
            s.apply(-1, s.sample_chance(engine.core.make_rng(rnd.randrange(1 << 30))))
            continue
        if game.phase(s) == PH_PLACE:
            if count % every == 0:
                out.append((s.buf.copy(), seat))
            count += 1
        s.apply(seat, rnd.choice(s.legal_moves(seat)))


def chi2_upper_tail(x, dof):
    """P(chi2 >= x) by the Wilson-Hilferty normal approximation."""
    z = ((x / dof) ** (1 / 3) - (1 - 2 / (9 * dof))) / math.sqrt(2 / (9 * dof))
    return 0.5 * math.erfc(z / math.sqrt(2))


@pytest.mark.parametrize("mode,mod,kmod", MODES, ids=[m[0] for m in MODES])
@pytest.mark.parametrize("players,variants", CONFIGS)
def test_sampler_is_uniform_over_the_legal_moves(mode, mod, kmod, players, variants):
    game = engine.make_game("between_two_cities", players, variants)
    k = mod.BetweenTwoCitiesKernel(game.kernel_cfg)
    rng = kmod.Rng(11)
    out = np.zeros(k.max_moves, dtype=np.intc)
    positions = placement_positions(game, players, 5 if mode == "compiled" else 11)
    assert len(positions) >= 4
    per_move = 150 if mode == "compiled" else 40
    worst = 1.0
    for buf, seat in positions:
        n = k.legal(buf, seat, out)
        legal = {int(m): 0 for m in out[:n]}
        before = buf.copy()
        draws = per_move * n
        for _ in range(draws):
            m = mod.sample_place(k, buf, seat, rng)
            assert m in legal
            legal[m] += 1
        assert (buf == before).all()  # the sampler only reads the state
        assert min(legal.values()) > 0
        if n > 1:
            x = sum((v - per_move) ** 2 / per_move for v in legal.values())
            worst = min(worst, chi2_upper_tail(x, n - 1))
    assert worst > 1e-4 / len(positions)


def test_a_biased_sampler_fails_this_test():
    """The check above has teeth: drawing a side first, then a cell, is not uniform."""
    game = engine.make_game("between_two_cities", 4, ())
    k = PY.BetweenTwoCitiesKernel(game.kernel_cfg)
    out = np.zeros(k.max_moves, dtype=np.intc)
    rnd = random.Random(1)
    lowest = 1.0
    for buf, seat in placement_positions(game, 4, 3):
        n = k.legal(buf, seat, out)
        by_group = {}
        for m in out[:n]:
            by_group.setdefault((int(m) - 1024) // 81, []).append(int(m))
        if len({len(v) for v in by_group.values()}) < 2:
            continue
        counts = {int(m): 0 for m in out[:n]}
        for _ in range(100 * n):
            counts[rnd.choice(rnd.choice(list(by_group.values())))] += 1
        x = sum((v - 100) ** 2 / 100 for v in counts.values())
        lowest = min(lowest, chi2_upper_tail(x, n - 1))
    assert lowest < 1e-6


@pytest.mark.parametrize("mode,mod,kmod", MODES, ids=[m[0] for m in MODES])
def test_second_tile_of_a_turn_reuses_the_other_city_and_stays_uniform(mode, mod, kmod):
    """The rollout's second draw keeps the untouched city's candidates: still uniform over legal."""
    game = engine.make_game("between_two_cities", 4, ())
    k = mod.BetweenTwoCitiesKernel(game.kernel_cfg)
    rng = kmod.Rng(5)
    out = np.zeros(k.max_moves, dtype=np.intc)
    positions = [(b, seat) for b, seat in placement_positions(game, 9, 1)
                 if game.layout.view(b, "sides")[0] == 0][::4 if mode == "compiled" else 12]
    assert len(positions) >= 3
    worst = 1.0
    for buf, seat in positions:
        tally = {0: {}, 1: {}}
        for _ in range(3000 if mode == "compiled" else 400):
            b = buf.copy()
            m1 = mod.sample_place(k, b, seat, rng, -1)
            k.apply(b, seat, m1)
            side = (m1 - 1024) // 81 % 2
            m2 = mod.sample_place(k, b, seat, rng, 1 - side)
            n = k.legal(b, seat, out)
            assert m2 in set(int(m) for m in out[:n])
            cells = tally[side].setdefault("legal", sorted({(int(m) - 1024) % 81 for m in out[:n]}))
            cell = (m2 - 1024) % 81
            tally[side][cell] = tally[side].get(cell, 0) + 1
            assert cells == sorted({(int(m) - 1024) % 81 for m in out[:n]})
        for side in (0, 1):
            cells = tally[side].pop("legal", [])
            total = sum(tally[side].values())
            if len(cells) < 2 or total < 20 * len(cells):
                continue
            exp = total / len(cells)
            x = sum((tally[side].get(c, 0) - exp) ** 2 / exp for c in cells)
            worst = min(worst, chi2_upper_tail(x, len(cells) - 1))
    assert worst > 1e-4 / len(positions)


@pytest.mark.parametrize("mode,mod,kmod", MODES, ids=[m[0] for m in MODES])
def test_choice_sampler_draws_what_the_list_gives_at_the_same_random_index(mode, mod, kmod):
    game = engine.make_game("between_two_cities", 5, ())
    k = mod.BetweenTwoCitiesKernel(game.kernel_cfg)
    out = np.zeros(k.max_moves, dtype=np.intc)
    rnd = random.Random(4)
    hand = game.layout["hand"]
    for trial in range(300):
        s = game.new_initial_state(0)
        s.buf[game.layout["phase"]] = 5  # choose
        kinds = rnd.sample(range(len(game.kind_names)), rnd.randint(2, 9))
        for _ in range(rnd.randint(2, 9)):
            s.buf[hand + rnd.choice(kinds)] += 1
        n = k.legal(s.buf, 0, out)
        if n == 0:
            continue
        assert mod.sample_choice(k, s.buf, 0, kmod.Rng(trial)) == out[kmod.Rng(trial).below(n)]


def fresh_random_rollout(mod, k, kmod, buf, rng):
    """A rollout by the draws of ``egreedy_move`` at epsilon 1, each city read afresh: every
    placement by ``sample_place`` (which forgets the kept cities), every draft by
    ``sample_choice`` (no draw for a lone choice), any other step by the listing."""
    seats, moves = np.zeros(k.players + 1, np.intc), np.zeros(k.max_moves, np.intc)
    phase = engine.make_game("between_two_cities", 3, ()).layout.offsets["phase"]
    while (n := k.to_move(buf, seats)) > 0:
        if seats[0] < 0:
            k.apply(buf, -1, k.sample_chance(buf, rng))
            continue
        picks = []
        for s in (int(x) for x in seats[:n]):
            nl = k.legal(buf, s, moves)
            if buf[phase] == PH_PLACE:
                picks.append(mod.sample_place(k, buf, s, rng))
            elif nl == 1:
                picks.append(int(moves[0]))
            elif buf[phase] == PH_CHOOSE:
                picks.append(mod.sample_choice(k, buf, s, rng))
            else:
                picks.append(int(moves[rng.below(nl)]))
        for s, m in zip((int(x) for x in seats[:n]), picks):
            k.apply(buf, s, m)


@pytest.mark.parametrize("mode,mod,kmod", MODES, ids=[m[0] for m in MODES])
@pytest.mark.parametrize("players,variants", CONFIGS + [(7, ("districts",))])
def test_random_rollout_moves_read_kept_cities_as_fresh_ones(mode, mod, kmod, players, variants):
    # egreedy_move's random placements keep each city's info from call to call, checked
    # against its cells (sync_city): the same rollouts as reading every city afresh, from
    # starts that jump between games and with the kernel's own rollouts (placed) between
    pol_mod = select.twins("rollout_policy")[0 if mode == "compiled" else 1]
    game = engine.make_game("between_two_cities", players, variants)
    k, kref = (mod.BetweenTwoCitiesKernel(game.kernel_cfg) for _ in range(2))
    pol = pol_mod.RolloutPolicy(k, 1.0, 0)
    starts = [b for b, _ in placement_positions(game, players + 20, 4 if mode == "compiled" else 12)]
    starts = starts[::2] + starts[1::2]  # later and earlier positions in turn
    assert len(starts) >= 4
    for i, start in enumerate(starts):
        got, want = start.copy(), start.copy()
        pol(got, kmod.Rng(i))
        fresh_random_rollout(mod, kref, kmod, want, kmod.Rng(i))
        assert (got == want).all(), i
        if i % 3 == 1:
            k.rollout(start.copy(), kmod.Rng(100 + i))  # the kernel's playout keeps the cities its own way
