"""What a seat remembers of a round counts only the plays its sightings could have supplied.

A seat sees each packet it holds; between two of its sightings (or after the last) the packet
loses one card to each seat that held it meanwhile.  So a rival's plays of a guild from cards
the seat saw are at most the number of those segments it picked from that held the guild; its
other plays of that guild came from cards the seat never saw, and do not explain away the
cards the seat saw.  Until session 52 the round's lesson subtracted every play of the other
seats together (audit C2 of session 51: 4-15% of later worlds gave the others fewer discards
than the seat could deduce, e.g. a packet's last card, which goes to a known neighbour).

Checked from the seat's own record (the packets as it saw them, its picks, the plays), not
from the kernel's segment count.
"""
import random

import numpy as np
import pytest

import engine
from engine.core import CHANCE, make_rng
from tests.random_play import random_step


def _deduce(hist, picks, d, played, v, n, h, G):
    """The seat's bound per guild on the others' discards of the cards it saw this round."""
    seen = np.zeros(G, int)
    segs = np.zeros((n, G), int)
    for p in range(n):
        sights = [t for t in range(h) if (p + d * t) % n == v]
        if not sights:
            continue
        seen += hist[sights[0], p]
        for t in sights:
            rest = hist[t, p].copy()
            rest[picks[v, t]] -= 1
            later = hist[t + n, p] if t + n < h else np.zeros(G, int)
            gone = rest - later  # the cards taken by the seats holding the packet until t + n
            for t2 in range(t + 1, min(t + n, h)):
                segs[(p + d * t2) % n] += gone > 0
    for t in range(h):
        seen[picks[v, t]] -= 1
    others = [j for j in range(n) if j != v]
    return seen - np.minimum(played[others], segs[others]).sum(0)


def _cases(players: int, seeds: range, worlds: int = 20):
    """(deduced, known, fewest discards in the worlds) per seat and guild, at the first
    decision of the next round, for every round that ended in the base game."""
    g = engine.make_game("guildes", players)
    n, h, G = players, g.dealt, g.G

    out = []
    for seed in seeds:
        rnd, rng = random.Random(seed), make_rng(seed)
        s = g.new_initial_state(seed)
        table0, lesson, past = g.field(s, "table").copy(), None, np.zeros((n, G), int)
        while s.to_move():
            ph, r = int(g.field(s, "phase")[0]), int(g.field(s, "round")[0])
            if ph == 3 and lesson is None:  # the draft is over: every packet as it was seen
                lesson = (r, g.field(s, "hist").copy(), g.field(s, "picks").copy(), int(g.field(s, "dir")[0]))
            if lesson is not None and r > lesson[0] and s.to_move() != (CHANCE,):
                _, hist, picks, d = lesson
                played = g.field(s, "table") - table0
                for v in range(n):
                    past[v] += np.maximum(_deduce(hist, picks, d, played, v, n, h, G), 0)
                    others = [j for j in range(n) if j != v]
                    known = g.field(s.observe(v), "known")[v]
                    fewest = np.min([g.field(s.determinize(v, make_rng(k)), "discarded")[others].sum(0)
                                     for k in range(worlds)], axis=0)
                    truth = g.field(s, "discarded")[others].sum(0)
                    out.append((past[v].copy(), known.copy(), fewest, truth))
                lesson, table0 = None, g.field(s, "table").copy()
            random_step(s, rnd, rng)
    return out


@pytest.mark.parametrize("players", [3, 5, 6])
def test_the_plays_a_seat_never_saw_explain_none_of_what_it_saw(players):
    cases = _cases(players, range(8))
    assert cases
    for deduced, known, fewest, truth in cases:
        assert (truth >= deduced).all(), "the deduction is above the truth: the test is wrong"
        assert (known >= deduced).all()
        assert (fewest >= deduced).all()
