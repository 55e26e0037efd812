"""The order of the promotions within one promote step never changes the position.

The rules let a promote step move up to N nobles, of any owners, to either of
the wall's two towers, and never read the order (walled-city.md, "3. Promote").
The kernel plays them one move at a time, so k promotions are up to k! lines;
the solver's table merges those lines only because every order leaves the
*same buffer* (no word records the order: the source area of a noble depends
on its owner's nobles left, the same after any order).  docs/solver.md, Round 8,
rests on this: it is what makes a solver-side canonical order worth nothing.
Run in both modes (the suite runs with ``GUILDHALL_PUREPYTHON=1`` too).
"""
from __future__ import annotations

import itertools

import pytest

from engine.core import CHANCE, make_rng
from engine.walled_city.game import PHASES
from tests.walled_city.helpers import game

PROMOTE = PHASES.index("promote")


def promote_steps(players, variants, seed):
    """Every promote step entered in a random game (a copy of the state as the step opens)."""
    g = game(players, variants)
    s = g.new_initial_state(seed)
    rng = make_rng(seed)
    phase = g.layout["phase"]
    out = []
    last = None
    while not s.is_terminal():
        seat = s.to_move()[0]
        if seat == CHANCE:
            s.apply(CHANCE, s.sample_chance(rng))
            continue
        if s.buf[phase] == PROMOTE and last != PROMOTE:
            out.append(s.clone())
        last = s.buf[phase]
        moves = s.legal_moves(seat)
        s.apply(seat, moves[rng.below(len(moves))])
    return g, out


def runs(state, promotions, depth):
    """position bytes -> the promotion sequences (up to ``depth`` long) reaching it while
    the step lasts, and the legal moves there (or None once the step is over)."""
    g = state.game
    phase = g.layout["phase"]
    seen: dict = {}

    def walk(s, seq):
        in_step = s.buf[phase] == PROMOTE
        key = s.buf.tobytes()
        legal = tuple(s.legal_moves(s.to_move()[0])) if in_step else None
        seen.setdefault(key, []).append((tuple(sorted(seq)), tuple(seq), legal))
        if not in_step or len(seq) == depth:
            return
        for m in s.legal_moves(s.to_move()[0]):
            if m in promotions:
                c = s.clone()
                c.apply(c.to_move()[0], m)
                walk(c, seq + [m])

    walk(state, [])
    return seen


@pytest.mark.parametrize("players,variants", [(2, ()), (3, ("borderlands",)), (4, ("mixed-guilds",))])
def test_every_order_of_a_step_reaches_one_position(players, variants):
    checked = 0
    for seed in range(1, 7):
        g, steps = promote_steps(players, variants, seed)
        promotions = set(range(1, 2 * g.owners + 1))
        for s in steps[:3]:
            seen = runs(s, promotions, 3)
            by_multiset: dict = {}
            for key, lines in seen.items():
                for multiset, line, legal in lines:
                    by_multiset.setdefault(multiset, set()).add((key, legal))
            for multiset, ends in by_multiset.items():
                # one position, and the same moves offered there, whatever the order
                assert len(ends) == 1, (seed, multiset)
                checked += len(multiset) > 1
            # every order of a reached multiset is itself legal (none is lost by sorting)
            lines = {line for ls in seen.values() for _, line, _ in ls}
            for line in lines:
                for perm in itertools.permutations(line):
                    assert perm in lines, (seed, line, perm)
    assert checked > 0  # some step had two promotions or more to reorder


def test_a_word_recording_the_order_is_caught():
    """The check above fails if a word remembers the last promotion (so it can fail)."""
    g, steps = promote_steps(2, (), 1)
    s = next(x for x in steps if len(x.legal_moves(x.to_move()[0])) > 3)
    promotions = set(range(1, 2 * g.owners + 1))
    last = g.layout["sel_y"]  # unused in round 2's promote step: a stand-in for a history word
    k = g.kernel
    real_apply = k.apply

    class Recording:
        def __getattr__(self, name):
            return getattr(k, name)

        def apply(self, buf, seat, move):
            real_apply(buf, seat, move)
            if move in promotions:
                buf[last] = move

    g.kernel = Recording()
    try:
        seen = runs(s, promotions, 2)
    finally:
        g.kernel = k
    by_multiset: dict = {}
    for key, lines in seen.items():
        for multiset, _, legal in lines:
            by_multiset.setdefault(multiset, set()).add(key)
    assert any(len(v) > 1 for v in by_multiset.values())
