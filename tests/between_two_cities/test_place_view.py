"""A seat knows the hands it has picked up, and no other -- checked by following the hands.

"CHOOSE: ... Put the remaining tiles face-down on the table above the city to your left and
place the city's token on those tiles ...  REVEAL ...  PLACE ...  REPEAT: If there is more
than 1 tile under the city token to your right, pick up those tiles and choose, reveal, and
place again" (quick reference: Choose, Reveal / Place, then "Draw: Take the tiles on your
right").  So while the seats place, the hand just passed to a seat lies face down: until
session 51 its view showed it (found by an audit of the views).

The test follows each hand by its tiles (after a reveal, the hand that arrives at a position is
a hand of the turn before less the pair its holder chose), not by the kernel's passing rule,
and marks a hand held by a seat when it is dealt to it and whenever that seat is at a choose
step holding it.
"""
import random

import pytest

import engine
from engine.core import CHANCE, make_rng

PH_CHOOSE, PH_PLACE = 5, 6
CONFIGS = [(3, ()), (4, ()), (7, ()), (5, ("beginner",)), (2, ("two-player",)), (2, ("two-player-advanced",))]


def _hands(s, lay):
    return [tuple(int(x) for x in row) for row in lay.view(s.buf, "hand")]


def _follow(before, pend, after):
    """Which hand of ``before`` (less its holder's pair) became each hand of ``after``: a list
    of indices, or None where the tiles cannot tell (two hands alike)."""
    sources = []
    for q, h in enumerate(before):
        h = list(h)
        for k in pend.get(q, ()):
            h[k] -= 1
        sources.append(tuple(h))
    out = []
    for h in after:
        match = [q for q, src in enumerate(sources) if src == h]
        out.append(match[0] if len(match) == 1 else None)
    return out


@pytest.mark.parametrize("players,variants", CONFIGS)
def test_a_view_shows_exactly_the_hands_the_seat_has_picked_up(players, variants):
    g = engine.make_game("between_two_cities", players, variants)
    lay = g.layout
    checked = placing_checked = 0
    for seed in range(3):
        s = g.new_initial_state(seed)
        rng, rnd = make_rng(seed), random.Random(seed)
        ids: list = []
        held = [set() for _ in range(players)]
        last_round, next_id = -1, 0
        prev = None  # (hands, pending pairs) just before a reveal
        while not s.is_terminal():
            rnd_now = int(lay.view(s.buf, "round")[0])
            phase = int(lay.view(s.buf, "phase")[0])
            hands = _hands(s, lay)
            if rnd_now != last_round:  # a new deal: new hands, each seat holding its own
                ids = list(range(next_id, next_id + len(hands)))
                next_id += len(hands)
                last_round = rnd_now
                for seat in range(players):
                    held[seat].add(ids[seat])
            elif prev is not None and phase == PH_PLACE:
                src = _follow(prev[0], prev[1], hands)
                ids = [None if i is None or ids[i] is None else ids[i] for i in src]
            prev = None
            if phase == PH_CHOOSE:
                for seat in range(players):
                    if ids[seat] is not None:
                        held[seat].add(ids[seat])
            if phase in (PH_CHOOSE, PH_PLACE):
                for seat in range(players):
                    view = lay.view(s.observe(seat).buf, "hand")
                    for q in range(len(hands)):
                        if ids[q] is None:
                            continue
                        hidden = bool((view[q] == -1).any())
                        assert hidden == (ids[q] not in held[seat]), (seed, rnd_now, phase, seat, q)
                        if not hidden:
                            assert tuple(int(x) for x in view[q]) == hands[q]
                        checked += 1
                        placing_checked += phase == PH_PLACE
            movers = s.to_move()
            if movers == (CHANCE,):
                s.apply(CHANCE, s.sample_chance(rng))
                continue
            seat = movers[0]
            moves = s.legal_moves(seat)
            s.apply(seat, moves[rnd.randrange(len(moves))])
            if phase == PH_CHOOSE and int(lay.view(s.buf, "phase")[0]) != PH_CHOOSE:
                # the reveal: each holder's pair leaves its hand, then the hands pass
                pend = {q: [int(k) for k in lay.view(s.buf, "pend")[q][:2] if k >= 0]
                        for q in range(min(players, len(hands)))}
                prev = (hands, pend)
    assert checked > 100 and placing_checked > 20
