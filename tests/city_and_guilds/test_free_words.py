"""City and Guilds' free words (``Kernel.free_words``, ``cag_free_words`` in
``cython_ext/city_and_guilds_bounds.py``): the words of a position its values no longer read,
which the solver leaves out of its table key.  Changing them never changes a value (checked
by the plain search, which does not read them), listing a word that counts is caught, the
seats whose hands are listed never place again in random games, and the solver shares one
entry between positions that differ only there."""
from __future__ import annotations

import numpy as np
import pytest

import engine
from cython_ext.city_and_guilds_layout import DRAW, PLACE
from engine.core import CHANCE, State, make_rng
from search.solver import Solver, solve
from tests.search.bounds_helpers import play_randomly
from tests.search.solver_positions import endgame

# (seed, decisions left): roots with two empty spaces and small trees (at most ~2,000 nodes
# without bounds), a draw or a placement at the root
CASES = [(1, 3), (1, 4), (2, 3), (2, 4), (5, 4), (6, 3)]
DONORS = (1, 3, 4)


def free(state) -> np.ndarray:
    out = np.zeros(len(state.buf), dtype=np.intc)
    return out[:state.game.kernel.free_words(state.buf, out)].copy()


def hand_words(state, seat: int) -> list[int]:
    hand = state.game.layout["hand"]
    nk = len(state.game.field(state, "hand")) // state.players
    return [hand + seat * nk + i for i in range(nk)]


def placing_hands(state) -> np.ndarray:
    """The hand words the kernel keeps (the seats still to place): a wrong list to test with."""
    listed = set(free(state).tolist())
    return np.array([w for p in range(state.players) for w in hand_words(state, p) if w not in listed])


def transplant(state, donor, words: np.ndarray):
    """``state`` with ``words`` taken from ``donor`` (another game's position: consistent piles,
    face-up tiles and hands)."""
    b = state.buf.copy()
    b[words] = donor.buf[words]
    return State(state.game, b)


def differing(listed, first: bool = False) -> tuple[int, int]:
    """(positions changed, values changed) over CASES x DONORS when the words ``listed(state)``
    are taken from the donor, each valued by the plain search (no bounds, no free words);
    ``first``: stop at the first value changed."""
    changed = differ = 0
    for seed, left in CASES:
        s = endgame("cag-3p", left, seed)
        want = solve(s, bounds=False).value
        for d in DONORS:
            t = transplant(s, endgame("cag-3p", left, d), listed(s))
            if np.array_equal(t.buf, s.buf):
                continue
            changed += 1
            # within 1e-9: other piles give other probabilities, whose sums round differently
            differ += solve(t, bounds=False).value != pytest.approx(want, abs=1e-9)
            if first and differ:
                return changed, differ
    return changed, differ


def test_values_never_read_the_free_words():
    changed, differ = differing(free)
    assert changed >= 12 and differ == 0


def test_a_word_that_counts_listed_as_free_is_caught():
    # a deliberately wrong list: the free words plus the hands of the seats still to place
    changed, differ = differing(lambda s: np.concatenate([free(s), placing_hands(s)]), first=True)
    assert differ > 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_seats_whose_hands_are_free_never_place_again(seed):
    """Along a random game: once a seat's hand is listed it places no more, and once the piles
    are listed every seat that draws places no more."""
    s = engine.make("city_and_guilds", 3, [], seed=seed)
    done: set[int] = set()  # seats that may not place again
    piles = False
    counts = []

    def visit(x) -> None:
        nonlocal piles
        f = set(free(x).tolist())
        counts.append(len(f))
        piles = piles or x.game.layout["supply"] in f
        done.update(p for p in range(x.players) if hand_words(x, p)[0] in f)
        seat = x.to_move()[0]
        phase = int(x.game.field(x, "phase")[0])
        if seat != CHANCE and phase == PLACE:
            assert seat not in done
        if seat != CHANCE and phase == DRAW and piles:
            done.add(seat)

    play_randomly(s, make_rng(seed), visit)
    assert counts[0] == 0 and max(counts) > 0 and done


def test_the_solver_shares_an_entry_between_positions_differing_only_in_free_words():
    for seed, left in CASES[:4]:
        s = endgame("cag-3p", left, seed)
        t = transplant(s, endgame("cag-3p", left, 4), free(s))
        assert not np.array_equal(t.buf, s.buf)
        on, off = Solver(), Solver(bounds=False)
        first = on.solve(s)
        again = on.solve(t)  # every child of the root is found in the table
        assert first.nodes > 0 and again.nodes == 0
        assert again.value == pytest.approx(first.value, abs=1e-9)
        off.solve(s)
        assert off.solve(t).nodes > 0  # without the free words: another position


def test_no_free_words_while_a_draw_still_counts():
    for seed in (1, 2, 3):
        s = endgame("cag-3p", 12, seed)  # far from the end: every draw feeds a later placement
        assert len(free(s)) == 0
    s = engine.make("city_and_guilds", 3, [], seed=1)  # the setup
    assert len(free(s)) == 0
