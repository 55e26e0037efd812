"""Guildes' ``revealed_move``: which hidden choices a step's end turns up (``reveal``).

Checked against the game itself, not the kernel's fields: a choice the kernel calls revealed
to a seat must be one that seat can tell from its view after the step -- every other card the
chooser could have played there, the rest of the step unchanged, leaves that seat another
view.  And the face-down plays of the play phase are revealed (not left hidden by a
conservative -1), in every variant, compiled and interpreted.
"""
import random

import pytest

import engine
from cython_ext import select
from engine.core import CHANCE, make_rng
from tests.search.helpers import COMPILED

CONFIGS = [(3, ()), (4, ("tricks",)), (5, ("events",)), (6, ("events", "tricks"))]
IMPLS = ["compiled", "interpreted"] if COMPILED else ["interpreted"]


def steps(players, variants, seed, limit=40):
    """``(state at a simultaneous step's start, [(seat, move)] in the order played, state
    after)`` of a random game, for steps whose moves some seat does not see."""
    rnd, rng = random.Random(seed), make_rng(seed)
    s = engine.make("guildes", players=players, variants=variants, seed=seed)
    k = s.game.kernel
    out = []
    while not s.is_terminal() and len(out) < limit:
        tm = s.to_move()
        if tm[0] == CHANCE:
            s.apply(CHANCE, s.sample_chance(rng))
            continue
        start, played, hidden = s.clone(), [], False
        while True:  # one step: it is over when the seats to move are no longer among its own
            before = set(s.to_move())
            seat = rnd.choice(sorted(before))
            m = rnd.choice(s.legal_moves(seat))
            hidden = hidden or any(int(k.observed_move(s.buf, seat, m, o)) != m for o in range(players))
            played.append((seat, m, s.clone()))
            s.apply(seat, m)
            now = set(s.to_move())
            if s.is_terminal() or CHANCE in now or not now <= before:
                break
        if hidden and len(tm) > 1:
            out.append((start, played, s.clone()))
    return out


def view_after(start, played, i, alt, observer):
    """``observer``'s view after the step with the ``i``-th move replaced by ``alt``."""
    w = start.clone()
    for j, (seat, m, _before) in enumerate(played):
        mv = alt if j == i else m
        if mv not in w.legal_moves(seat):
            return None
        w.apply(seat, mv)
    return w.observe(observer)


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("players,variants", CONFIGS)
def test_a_revealed_choice_is_one_the_seat_can_tell_from_its_view(impl, players, variants):
    mod = select.twins("guildes")[0 if impl == "compiled" else 1]
    shown = kept_hidden = 0
    for seed in (1, 2):
        for start, played, after in steps(players, variants, seed):
            k = mod.GuildesKernel(start.game.cfg)
            for i, (actor, move, before) in enumerate(played):
                for observer in range(players):
                    if observer == actor or int(k.observed_move(before.buf, actor, move, observer)) == move:
                        continue
                    got = int(k.revealed_move(after.buf, actor, move, observer))
                    assert got in (-1, move)
                    if got == -1:
                        kept_hidden += 1
                        continue
                    shown += 1
                    seen = after.observe(observer)
                    for alt in before.legal_moves(actor):
                        if alt != move:
                            other = view_after(start, played, i, alt, observer)
                            assert other is None or other != seen, (actor, move, alt, observer)
    assert shown > 20 and kept_hidden > 20  # both kinds met: plays turned up, picks kept hidden
