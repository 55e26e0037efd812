"""The rollouts' greedy move (``kernel.egreedy_move`` at epsilon 0) is the listing's answer.

Between Two Cities finds a best placement without listing the legal moves: it
values every cheap candidate cell and checks completability from the best value
down (``between_two_cities_policy.greedy_place``).  On random states the moves it
can return must be exactly the legal moves of highest ``move_values`` (the
base's answer, which lists and values every legal move), each drawn as often as
the others.  Fixed seeds: the outcome is deterministic.  The tests of the tests
break the hook (no completability check; a draw that favours the first tie) and
see them fail.
"""
import math
import random

import numpy as np
import pytest

from cython_ext import select
from cython_ext.between_two_cities_encoding import KM, PH_CHOOSE, PH_PLACE
from tests.between_two_cities.helpers import make_game, random_walk

C, PY = select.twins("between_two_cities")
RULES_C, RULES_PY = select.twins("between_two_cities_rules")
POL_C, POL_PY = select.twins("between_two_cities_policy")
kernel_c, kernel_py = select.twins("kernel")
MODES = [("interpreted", PY, kernel_py)] + ([("compiled", C, kernel_c)] if C is not None else [])
CONFIGS = [(4, ()), (7, ("districts",)), (2, ("two-player-advanced",)), (3, ("beginner",)), (2, ("two-player",))]


def decisions(game, seeds, every):
    """``(buf, seat)`` copies at every ``every``-th placement or draft decision of random walks."""
    out, seen = [], {PH_PLACE: 0, PH_CHOOSE: 0}
    for _seed, _step, s, seat in random_walk(game, seeds, random.Random(seeds[0])):
        ph = game.phase(s)
        if ph in seen:
            if seen[ph] % every == 0:
                out.append((s.buf.copy(), seat))
            seen[ph] += 1
    return out


def best_set(k, buf, seat):
    """The legal moves of highest ``move_values``, the listing's way."""
    moves, vals = np.zeros(k.max_moves, np.intc), np.zeros(k.max_moves)
    n = k.legal(buf, seat, moves)
    k.move_values(buf, seat, moves, n, vals)
    top = vals[:n].max()
    return {int(m) for m, v in zip(moves[:n], vals[:n]) if v == top}


def drawn(k, kmod, buf, seat, draws, seed=0):
    """How often ``egreedy_move`` at epsilon 0 returns each move in ``draws`` draws."""
    moves, vals = np.zeros(k.max_moves, np.intc), np.zeros(k.max_moves)
    count = {}
    rng = kmod.Rng(seed)
    for _ in range(draws):
        m = int(k.egreedy_move(buf, seat, rng, 0.0, moves, vals))
        count[m] = count.get(m, 0) + 1
    return count


def mismatches(k, kmod, positions, first=False):
    """Positions where the moves drawn are not exactly the best set (every tied move is drawn:
    12 draws a tie miss one with probability e^-12); only the first one if ``first``."""
    bad = []
    for buf, seat in positions:
        before = buf.copy()
        best = best_set(k, buf, seat)
        got = drawn(k, kmod, buf, seat, 3 if len(best) == 1 else 12 * min(len(best), 8))
        assert (buf == before).all()  # the hook only reads the state
        if not set(got) <= best or (len(best) <= 8 and set(got) != best):
            bad.append((seat, sorted(best), sorted(got)))
            if first:
                break
    return bad


@pytest.mark.parametrize("mode,mod,kmod", MODES, ids=[m[0] for m in MODES])
@pytest.mark.parametrize("players,variants", CONFIGS)
def test_the_greedy_move_is_drawn_from_exactly_the_best_legal_moves(mode, mod, kmod, players, variants):
    game = make_game(players, variants)
    k = mod.BetweenTwoCitiesKernel(game.kernel_cfg)
    positions = decisions(game, [players, players + 10], 3 if mode == "compiled" else 9)
    assert sum(b[game.layout["phase"]] == PH_PLACE for b, _ in positions) >= 10
    assert mismatches(k, kmod, positions) == []


def test_a_hook_that_skips_the_completability_check_fails_it(monkeypatch):
    """The check has teeth: taking every candidate cell as completable returns illegal moves."""
    game = make_game(4, ())
    monkeypatch.setattr(POL_PY.BetweenTwoCitiesPolicy, "check", lambda self, *args: 1)
    k = PY.BetweenTwoCitiesKernel(game.kernel_cfg)
    positions = [(b, s) for b, s in decisions(game, [2, 3], 1) if b[game.layout["phase"]] == PH_PLACE]
    assert mismatches(k, kernel_py, positions, first=True)


def chi2_upper_tail(x, dof):
    """P(chi2 >= x) by the Wilson-Hilferty normal approximation."""
    z = ((x / dof) ** (1 / 3) - (1 - 2 / (9 * dof))) / math.sqrt(2 / (9 * dof))
    return 0.5 * math.erfc(z / math.sqrt(2))


def tied_positions(k, game, want):
    """Placement positions whose best value is shared by 3 to 12 legal moves (``want`` of them)."""
    out = []
    for buf, seat in decisions(game, [5, 6, 7], 1):
        if buf[game.layout["phase"]] == PH_PLACE and 3 <= len(best_set(k, buf, seat)) <= 12:
            out.append((buf, seat))
            if len(out) == want:
                break
    return out


def worst_tail(counts):
    """The lowest chi-square tail probability of uniformity over the positions' draw counts."""
    worst = 1.0
    for count in counts:
        e = sum(count.values()) / len(count)
        x = sum((v - e) ** 2 / e for v in count.values())
        worst = min(worst, chi2_upper_tail(x, len(count) - 1))
    return worst


@pytest.mark.parametrize("mode,mod,kmod", MODES, ids=[m[0] for m in MODES])
def test_tied_best_placements_are_drawn_uniformly(mode, mod, kmod):
    game = make_game(4, ())
    k = mod.BetweenTwoCitiesKernel(game.kernel_cfg)
    positions = tied_positions(k, game, 4 if mode == "compiled" else 2)
    assert positions
    per_move = 150 if mode == "compiled" else 50
    counts = []
    for i, (buf, seat) in enumerate(positions):
        best = best_set(k, buf, seat)
        count = dict.fromkeys(best, 0)
        count.update(drawn(k, kmod, buf, seat, per_move * len(best), seed=100 + i))
        assert set(count) == best
        counts.append(count)
    assert worst_tail(counts) > 1e-4 / len(positions)


def test_a_draw_that_favours_the_first_tie_fails_it():
    """The chi-square has teeth: first of the ties half the time, else uniform."""
    game = make_game(4, ())
    k = PY.BetweenTwoCitiesKernel(game.kernel_cfg)
    rnd = random.Random(3)
    counts = []
    for buf, seat in tied_positions(k, game, 2):
        best = sorted(best_set(k, buf, seat))
        count = dict.fromkeys(best, 0)
        for _ in range(50 * len(best)):
            count[best[0] if rnd.random() < 0.5 else rnd.choice(best)] += 1
        counts.append(count)
    assert counts and worst_tail(counts) < 1e-6


@pytest.mark.parametrize("mode,mod,kmod", MODES, ids=[m[0] for m in MODES])
def test_the_random_branch_draws_every_legal_placement(mode, mod, kmod):
    # epsilon 1: the rejection sampler of kernel rollouts (uniformity: test_place_sampler.py)
    game = make_game(4, ())
    k = mod.BetweenTwoCitiesKernel(game.kernel_cfg)
    moves, vals = np.zeros(k.max_moves, np.intc), np.zeros(k.max_moves)
    rng = kmod.Rng(9)
    for buf, seat in [p for p in decisions(game, [8], 4) if p[0][game.layout["phase"]] == PH_PLACE][:3]:
        n = k.legal(buf, seat, moves)
        legal = {int(m) for m in moves[:n]}
        got = {int(k.egreedy_move(buf, seat, rng, 1.0, moves, vals)) for _ in range(20 * n)}
        assert got == legal


@pytest.mark.parametrize("mode,mod,kmod", MODES, ids=[m[0] for m in MODES])
def test_a_draft_pair_valued_alone_is_worth_what_it_is_worth_in_the_list(mode, mod, kmod):
    # the draft values only the kinds the listed pairs hold: each pair alone, right after the
    # whole list of another draft (a kind left unvalued would keep that draft's value)
    game = make_game(4, ())
    k, fresh = (mod.BetweenTwoCitiesKernel(game.kernel_cfg) for _ in range(2))
    moves, vals, one = np.zeros(k.max_moves, np.intc), np.zeros(k.max_moves), np.zeros(1)
    drafts = [p for p in decisions(game, [4], 1) if p[0][game.layout["phase"]] == PH_CHOOSE][:8]
    assert len(drafts) == 8
    for (buf, seat), (prev, pseat) in zip(drafts, drafts[-1:] + drafts[:-1]):
        n = fresh.legal(buf, seat, moves)
        fresh.move_values(buf, seat, moves, n, vals)
        expect = vals[:n].copy()
        for i in range(n):
            m = fresh.legal(prev, pseat, moves)
            k.move_values(prev, pseat, moves, m, vals)
            fresh.legal(buf, seat, moves)
            k.move_values(buf, seat, moves[i:i + 1], 1, one)
            assert one[0] == expect[i]


@pytest.mark.parametrize("mode,mod,kmod", MODES, ids=[m[0] for m in MODES])
@pytest.mark.parametrize("players,variants", CONFIGS)
def test_a_draft_draws_what_the_listing_draws(mode, mod, kmod, players, variants):
    # the draft's random branch draws its pair without the list (random_choice): the same
    # move and the same generator state after as the base's listing, at every epsilon
    game = make_game(players, variants)
    k = mod.BetweenTwoCitiesKernel(game.kernel_cfg)
    rules = (RULES_C if mode == "compiled" else RULES_PY).BetweenTwoCitiesRules  # the listing's answer
    moves, vals = np.zeros(k.max_moves, np.intc), np.zeros(k.max_moves)
    drafts = [p for p in decisions(game, [players + 3], 1) if p[0][game.layout["phase"]] == PH_CHOOSE]
    assert len(drafts) >= 8
    one_kind = drafts[0][0].copy()  # a hand of one kind: a lone choice, drawn with no draw at all
    hand = game.layout["hand"] + drafts[0][1] * KM
    one_kind[hand:hand + KM] = 0
    one_kind[hand] = 3
    drafts.append((one_kind, drafts[0][1]))
    assert k.legal(one_kind, drafts[0][1], moves) == 1
    for i, (buf, seat) in enumerate(drafts):
        for eps in (0.0, 0.3, 0.7, 1.0):
            mine, base = kmod.Rng(i), kmod.Rng(i)
            for _ in range(4):
                got = int(k.egreedy_move(buf, seat, mine, eps, moves, vals))
                want = int(rules.egreedy_move(k, buf, seat, base, eps, moves, vals))
                assert got == want
            assert mine.next64() == base.next64()
