"""The worlds a seat samples keep trick D's draw possible: both cards were in the pile then.

Dirty Trick D: "Shuffle the Guild card discard pile thoroughly and draw 2 cards. Play one of
these cards on your table and discard the other."  Both cards are shown (docs/rulings.md), so
every seat knows the pile held them when they were drawn: the pile then was the past rounds'
discards, the hands of the holders who had acted before D (B and C), and the cards put on it in
view of all until then.  The card D put back and the cards discarded after D (E's card, the
later holders' hands) were not in it.  Until session 52 the worlds counted them (an audit of the
views found up to a third of the worlds contradicting a draw), and a later round forgot the draw.

Checked here from each seat's own record of the draw (the public pile and its own discards as
they stood), not from the kernel's fields, in the same round and in the rounds after.
"""
import random

import numpy as np
import pytest

import engine
from engine.core import CHANCE, make_rng
from tests.random_play import random_step

DPICK = 11


def use_tricks(rnd):
    """Moves narrowed to the tricks played (not declined), four times in five: more draws."""
    def narrow(s, moves):
        if int(s.buf[s.game.layout["phase"]]) == 9 and len(moves) > 1 and 0 in moves and rnd.random() < 0.8:
            return [m for m in moves if m != 0]
        return moves
    return narrow


def _draw_cases(players: int, variants: tuple, seeds: range, worlds: int):
    """(viewer, shortfall) for every sampled world at every decision after a draw: how many
    cards of some guild the world's pile at the draw was missing (0 = consistent)."""
    g = engine.make_game("guildes", players, variants)
    G = g.G

    out = []
    for seed in seeds:
        rnd, rng = random.Random(seed), make_rng(seed)
        s = g.new_initial_state(seed)
        draws = []  # (round, cards drawn, public pile then, each seat's own discards then, seats before D)
        checked: dict = {}  # decisions checked per round: three in the draw's round and each later
        while s.to_move():
            movers = s.to_move()
            ph, r = int(g.field(s, "phase")[0]), int(g.field(s, "round")[0])
            if ph == DPICK:
                cards = np.bincount(g.field(s, "dcard"), minlength=G)
                tstep = int(g.field(s, "tstep")[0])
                before = [i for i in range(players) if 0 <= g.field(s, "trick")[i] < tstep]
                own = g.field(s, "discarded").reshape(players, G).copy()
                own[before] += g.field(s, "tdisc").reshape(players, G)[before]
                draws.append((r, cards, g.field(s, "pubdisc") - g.field(s, "drawn"), own, before))
            if draws and movers != (CHANCE,) and ph != DPICK and checked.get(r, 0) < 3:
                checked[r] = checked.get(r, 0) + 1
                for v in range(players):
                    for k in range(worlds):
                        w = s.determinize(v, make_rng(1000 * seed + 10 * checked[r] + 100 * r + k)) if k else s
                        disc = g.field(w, "discarded").reshape(players, G)
                        tdisc = g.field(w, "tdisc").reshape(players, G)
                        for dr, cards, pub, own, before in draws:
                            pile = pub + own[v]
                            for i in range(players):
                                if i != v:
                                    pile = pile + disc[i]
                                    if dr == r and i in before:
                                        pile = pile + tdisc[i]
                            short = int(np.maximum(cards - pile, 0).sum())
                            assert k or short == 0, "the true state contradicts its own draw"
                            if k:
                                out.append((v, short))
            random_step(s, rnd, rng, use_tricks(rnd))
    return out


@pytest.mark.parametrize("players,variants", [(3, ("tricks",)), (4, ("tricks",)), (6, ("tricks",)),
                                              (5, ("events", "tricks"))])
def test_worlds_keep_trick_d_draws_possible(players, variants):
    cases = _draw_cases(players, variants, range(8), worlds=5)
    assert len(cases) > 100, "too few draws met"
    bad = [c for c in cases if c[1]]
    assert not bad, f"{len(bad)} of {len(cases)} worlds had a pile without the cards D drew"
