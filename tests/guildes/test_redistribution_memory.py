"""After a redistribution round a seat remembers where the card it gave went.

Redistribution event: "each player discards 1 card from their hand ... each player receives one
at random".  A seat that gave guild x and received another guild knows its x went into another
seat's hand: with the x it saw in the packets it held and did not pick, the others held at
least that many x, and what they did not play of them they discarded.  Until session 51 the
round's end forgot the card given (found by an audit of the views), and later worlds gave the
others fewer discards of x than the seat could deduce.  Checked here from the seat's own record
(packets, picks, the cards played), not from the kernel's ``known``.
"""
import random

import numpy as np
import pytest

import engine
from engine.core import CHANCE, make_rng
from tests.random_play import random_step


def _deductions(players: int, seeds: range, worlds: int = 40):
    """(deduced, view's known, fewest discards of x in the worlds) for each viewer that gave a
    card other than the one it got, at the first decision after the redistribution round."""
    out = []
    g = engine.make_game("guildes", players, ("events",))
    lay = g.layout

    def field(s, name):
        return lay.view(s.buf, name)

    for seed in seeds:
        rnd, rng = random.Random(seed), make_rng(seed)
        s = g.new_initial_state(seed)
        snap, done, table0, rround = None, False, field(s, "table").copy(), -9
        while s.to_move() and not done:
            r, ph = int(field(s, "round")[0]), int(field(s, "phase")[0])
            if ph == 1 and int(field(s, "step")[0]) == 0 and snap is None:
                table0 = field(s, "table").copy()
            if ph == 3 and field(s, "rrecv")[0] >= 0 and snap is None:
                rround = r
                snap = (field(s, "hist").copy(), field(s, "picks").copy(), int(field(s, "dir")[0]),
                        field(s, "rdisc").copy(), field(s, "rrecv").copy())
            if snap is not None and r == rround + 1 and s.to_move() != (CHANCE,):
                hist, picks, d, given, got = snap
                played = field(s, "table") - table0
                for v in range(players):
                    x, y = int(given[v]), int(got[v])
                    if x == y:
                        continue
                    seen = np.zeros(g.G, int)
                    for p in range(players):  # the packets v held, each at its first sighting
                        first = next((t for t in range(g.dealt) if (p + d * t) % players == v), None)
                        if first is not None:
                            seen += hist[first, p]
                    for t in range(g.dealt):
                        seen[picks[v, t]] -= 1
                    others = [j for j in range(players) if j != v]
                    deduced = seen[x] + 1 - played[others].sum(0)[x]
                    known = int(field(s.observe(v), "known")[v][x])
                    fewest = min(int(field(s.determinize(v, make_rng(k)), "discarded")[others].sum(0)[x])
                                 for k in range(worlds))
                    out.append((deduced, known, fewest))
                done = True
                break
            random_step(s, rnd, rng)
    return out


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_card_given_in_a_redistribution_is_remembered(players):
    cases = _deductions(players, range(30))
    assert cases, "no redistribution round met"
    assert any(d > 0 for d, _, _ in cases)  # the deduction says something in some case
    for deduced, known, fewest in cases:
        assert known >= deduced
        assert fewest >= deduced
