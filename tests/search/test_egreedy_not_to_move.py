"""``Kernel.egreedy_move`` answers a move of ``legal``'s list for the same seat, whether or not
that seat is to move, and -1 with no draw where that list is empty (a rival at a sequential
step; a seat whose choice at a simultaneous step is made, where the game's ``legal`` says so).
The rollouts ask only seats to move; a caller that asks another must not get a move ``legal``
does not list (Between Two Cities' draft drew a pair for a seat whose pair was chosen)."""
import numpy as np
import pytest

import engine
from cython_ext import select
from tests.search.helpers import kernel_decisions

Rng = select.load("kernel").Rng
CONFIGS = [("guildes", 3, ()), ("guildes", 5, ("events", "tricks")),
           ("between_two_cities", 4, ()), ("between_two_cities", 2, ("two-player",)),
           ("city_and_guilds", 3, ()), ("walled_city", 2, ()), ("walled_city", 4, ())]


@pytest.mark.parametrize("name,players,variants", CONFIGS)
def test_every_seat_gets_a_move_legal_lists_or_minus_one(name, players, variants):
    game = engine.make_game(name, players, variants)
    k = game.kernel
    moves, vals, listed = np.zeros(k.max_moves, np.intc), np.zeros(k.max_moves), np.zeros(k.max_moves, np.intc)
    empty = 0
    for n, (b, _seat, _legal) in enumerate(kernel_decisions(game, 5)):
        if n % 3:
            continue
        for seat in range(players):
            legal = {int(x) for x in listed[:k.legal(b, seat, listed)]}
            for epsilon in (0.0, 0.5, 1.0):
                rng = Rng(11)
                before = rng.state
                got = k.egreedy_move(b, seat, rng, epsilon, moves, vals)
                if legal:
                    assert got in legal, (n, seat, epsilon, got)
                else:
                    assert got == -1 and rng.state == before, (n, seat, epsilon, got)
                    empty += 1
    assert empty > 0 or name == "guildes"  # Guildes' legal lists a seat's cards whether or not it is to move
    assert k.to_move(b, listed) == 0  # the buffer walked is at the end now: nobody has a move
    for seat in range(players):
        assert k.legal(b, seat, listed) == 0
        assert k.egreedy_move(b, seat, Rng(3), 0.0, moves, vals) == -1


def test_between_two_cities_draft_has_a_chosen_seat_with_a_choice_left_in_hand():
    # the case that drew a pair: a simultaneous draft where one seat has chosen
    game = engine.make_game("between_two_cities", 4, ())
    k = game.kernel
    seats, out = np.zeros(16, np.intc), np.zeros(k.max_moves, np.intc)
    for b, _seat, _legal in kernel_decisions(game, 5):
        if 1 < k.to_move(b, seats) < 4:
            done = min(set(range(4)) - {int(x) for x in seats[:4]})
            kinds = np.count_nonzero(game.layout.view(b, "hand")[done])
            assert game.layout.view(b, "done")[done] and kinds > 1 and k.legal(b, done, out) == 0
            assert k.egreedy_move(b, done, Rng(1), 1.0, out, np.zeros(k.max_moves)) == -1
            return
    pytest.fail("no draft with a seat already chosen")
