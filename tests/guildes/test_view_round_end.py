"""A seat's view can follow the end of a round: what the seat learns there (``known``) is
what it learns in the full game.

The round's end adds to ``known`` the cards each seat saw and nobody picked; it rebuilt a
packet as first seen from the dealt packet less the picks made before, which a view hides.
Applied to a view (a principal variation replayed for an ``info`` line, a frontend's
``play`` on its view), the compiled kernel read and wrote before its scratch array (a
heap corruption found by session 25 under AddressSanitizer, in a 6-player tricks game).
A view keeps the packet as its seat saw it, and the kernel now reads that row.

Only ``known`` is compared: the rest of a view past a round's end is not what the seat
would see (the rivals' hidden hands are discarded into their unknown discards, and the
public discard counts of the variants need the hands' sizes), which is why ``play`` on a
view refuses such a move (tests/protocol/test_fuzz_found.py) and a principal variation
replayed on a view stops at the next deal."""
import random

import pytest

import engine
from engine.core import CHANCE

CONFIGS = [(3, ("tricks",)), (4, ("tricks",)), (5, ("events", "tricks")), (6, ("events", "tricks")), (4, ("events",))]


def round_ends(players, variants, seed):
    """(state, moves) before every step that ends a round, along one random game."""
    rnd = random.Random(seed)
    s = engine.make_game("guildes", players, variants).new_initial_state(seed)
    at = s.game.layout["round"]
    while not s.is_terminal():
        tm = s.to_move()
        if tm[0] == CHANCE:
            s.apply(CHANCE, s.sample_chance())
            continue
        moves = [(seat, rnd.choice(s.legal_moves(seat))) for seat in tm]
        after = s.clone()
        for seat, m in moves:
            after.apply(seat, m)
        if after.is_terminal() or after.buf[at] != s.buf[at]:
            yield s, moves
        s = after


@pytest.mark.parametrize("players,variants", CONFIGS)
def test_a_view_learns_at_a_round_end_what_the_seat_learns(players, variants):
    followed = 0
    for seed in range(4):
        for s, moves in round_ends(players, variants, seed):
            full = s.clone()
            for seat, m in moves:
                full.apply(seat, m)
            for i in range(players):
                view = s.observe(i)
                if not all(view.is_legal(seat, m) for seat, m in moves):
                    continue  # a rival's hidden card: a view cannot play it
                for seat, m in moves:
                    view.apply(seat, m)
                want = full.observe(i)
                known = s.game.layout.view(view.buf, "known")
                assert (known == s.game.layout.view(want.buf, "known")).all(), (players, variants, seed, i)
                followed += 1
    assert followed > 0  # the tricks' last step and the events' last steps are public
