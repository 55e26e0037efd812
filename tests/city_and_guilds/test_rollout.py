"""The playout's shortcuts keep it uniform over the legal moves.

``rollout`` keeps the frontier (empty spaces next to a tile) as a list updated
by each placement and draws PLACE and TAVERN moves from it without listing the
legal moves.  Here: the frontier it keeps is the board's at every step; the
move it draws is always legal, every legal move is drawn, and the draws are
uniform (chi-square); a state with no legal move raises instead of playing
garbage.  In whichever mode the kernel runs.
"""
import numpy as np
import pytest

from cython_ext import select
from cython_ext.city_and_guilds_layout import DISCARD, DRAW, EMPTY, END, NK, PLACE, SETUP, TAVERN_PH
from engine.core import CHANCE
from tests.city_and_guilds.helpers import f, game

Rng = select.load("kernel").Rng


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_kept_frontier_is_the_boards_at_every_step(players):
    g = game(players)
    k = g.kernel
    front = np.zeros(g.map.spaces, np.intc)
    targets = np.zeros(g.map.spaces, np.intc)
    checked = 0
    for seed in range(2):
        for steps in range(0, 400, 9):
            s = g.new_initial_state(seed)
            nf = k.random_steps(s.buf, Rng(seed), steps, front)
            if (f(s, "tile") == EMPTY).all():
                assert nf == 0
                continue
            nt = k.targets(s.buf, False, targets)
            kept = [int(x) for x in front[:nf]]
            assert len(set(kept)) == nf
            assert sorted(kept) == [int(x) for x in targets[:nt]] or nf == 0 and \
                (f(s, "tile") != EMPTY).all()
            checked += 1
            if f(s, "phase")[0] == END:
                break
    assert checked > 20


def _decision_states(g, seed):
    """(state, seat) at every non-chance decision of one random game."""
    s = g.new_initial_state(seed)
    rng = Rng(seed)
    while s.to_move():
        movers = s.to_move()
        if movers == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(rng))
            continue
        seat = movers[0]
        yield s.clone(), seat
        moves = s.legal_moves(seat)
        s.apply(seat, moves[rng.below(len(moves))])


def _chi_square(counts, n):
    expected = n / len(counts)
    return sum((c - expected) ** 2 / expected for c in counts)


@pytest.mark.parametrize("players", [3, 5])
def test_random_move_is_uniform_over_the_legal_moves(players):
    g = game(players)
    k = g.kernel
    seen_phases = set()
    for i, (s, seat) in enumerate(_decision_states(g, players)):
        phase = int(f(s, "phase")[0])
        if i % 6 and phase not in (TAVERN_PH, SETUP):
            continue
        legal = s.legal_moves(seat)
        draws = 60 * len(legal) if len(legal) < 60 else 20 * len(legal)
        rng = Rng(1000 + i)
        counts = dict.fromkeys(legal, 0)
        for _ in range(draws):
            m = k.random_move(s.buf, seat, rng)
            assert m in counts, f"phase {phase}: {m} is not legal"
            counts[m] += 1
        assert min(counts.values()) > 0, f"phase {phase}: a legal move is never drawn"
        # chi-square with len-1 degrees of freedom: mean d, sd sqrt(2d); 6 sd is never hit by chance
        d = len(legal) - 1
        assert _chi_square(list(counts.values()), draws) < d + 6 * (2 * d) ** 0.5 + 6
        seen_phases.add(phase)
    assert {DISCARD, SETUP, PLACE, DRAW} <= seen_phases


def test_a_state_with_no_legal_move_raises_instead_of_playing_one():
    g = game(4)
    s = g.new_initial_state(1)
    rng = Rng(3)
    while f(s, "phase")[0] != PLACE or s.to_move() == (CHANCE,):
        m = s.to_move()
        if m == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(rng))
        else:
            s.apply(m[0], s.legal_moves(m[0])[0])
    seat = s.to_move()[0]
    f(s, "hand")[seat * NK:(seat + 1) * NK] = 0  # a broken state: the seat to place holds nothing
    f(s, "hsize")[seat] = 0
    with pytest.raises(ValueError, match="no legal move"):
        g.kernel.random_move(s.buf, seat, rng)
    with pytest.raises(ValueError, match="no legal move"):
        g.kernel.rollout(s.buf, rng)
