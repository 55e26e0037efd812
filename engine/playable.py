"""Whether a state from outside can be played on: a trial in the interpreted kernel.

A state string that passes a game's ``check_buffer`` can still break what the
kernels assume of a real game (counts that disagree across fields, a seat to
move with nothing to do, a game that never ends).  The compiled kernels read
and write raw buffers unchecked, so such a state could corrupt memory or hang
the engine once a search runs on it.  The same source interpreted, with every
array of the kernel and the buffer swapped for one that refuses an index
outside it (:class:`Checked`: numpy and lists would wrap a negative index
around), raises instead; so a state from outside (``position``, ``guildhall
solve --state``) is first tried there: several determinizations if it is a
view, else a few of each seat's view of it (what a search on it draws), then
one random playout to the end, with a move cap.  Any error, a mover without
moves, or no end within the cap, is a :class:`~engine.errors.BadState`, and
the engine's state is left as it was.  A move played on a view is applied by
the same kernel (:func:`view_after`) and the view it leaves tried the same way:
a view lacks what some moves need (past the end of a Guildes round, the rivals'
hidden hands are discarded).

It is a trial, not a proof (a C scratch array can be smaller than its numpy
twin; the playout takes one path): the games' ``check_buffer`` are the first
line, the invariants the kernels size their loops by (the protocol fuzz of
sessions 23 and 24, ``bench/fuzz_protocol.py``: counts raised past the cards
that exist, a hand count that disagrees with the hand, discards known before
any round ended, a turn's placement marks cleared, a Guildes card counted
twice, walls beyond a seat's supply), and this trial the second.

>>> import engine
>>> s = engine.make("guildes", players=3, seed=1)
>>> check_playable(s)
>>> s.buf[s.game.layout["phase"]] = 2      # a draft with no cards dealt
>>> try:
...     check_playable(s)
... except BadState as e:
...     print(e)
inconsistent state: a playout from it: seat 0 is to move with no legal move
"""
from __future__ import annotations

import numpy as np

from cython_ext import select
from engine.core import CHANCE, OBSERVER, State
from engine.errors import BadState

MAX_MOVES = 100_000  # far beyond any game's length (max_game_length is in the hundreds)
WORLDS = 16  # determinizations of a view tried (a view no deal fits fails the first, mostly)
SEAT_WORLDS = 4  # of each seat's view of a full state (the search on it draws from those views)
# Fresh attempts a kernel's determinize makes before it gives up (where it has such a bound,
# ``restarts``): a sound Guildes view needs a few, the slowest known a few hundred
# (docs/games/guildes.md, "Cost of one call"); interpreted, the compiled kernel's 10,000
# failures of a view no deal fits would take minutes
TRIAL_RESTARTS = 1000


class Checked(np.ndarray):
    """An array whose integer indices must lie in ``[0, len)``: compiled, the kernels index raw
    memory, where numpy would wrap a negative index around and a list would too."""

    def __getitem__(self, i):
        if (i.__class__ is int or isinstance(i, np.integer)) and not 0 <= i < self.shape[0]:
            raise IndexError(f"index {i} out of bounds [0, {self.shape[0]})")
        return np.ndarray.__getitem__(self, i)

    def __setitem__(self, i, v):
        if (i.__class__ is int or isinstance(i, np.integer)) and not 0 <= i < self.shape[0]:
            raise IndexError(f"index {i} out of bounds [0, {self.shape[0]})")
        np.ndarray.__setitem__(self, i, v)


class CheckedList(list):
    """:class:`Checked` for the kernels whose scratch is a list when interpreted."""

    def __getitem__(self, i):
        if i.__class__ is int and not 0 <= i < len(self):
            raise IndexError(f"index {i} out of bounds [0, {len(self)})")
        return list.__getitem__(self, i)

    def __setitem__(self, i, v):
        if i.__class__ is int and not 0 <= i < len(self):
            raise IndexError(f"index {i} out of bounds [0, {len(self)})")
        list.__setitem__(self, i, v)


def checked(a):
    return a.view(Checked) if a.__class__ is np.ndarray and a.ndim == 1 else (
        CheckedList(a) if a.__class__ is list else a)


def check_arrays(obj, seen: dict | None = None) -> None:
    """Swap every flat array and list of ``obj`` (and of the kernel objects it holds) for a
    bounds-checked one: arrays as views, lists as copies shared wherever the list was."""
    seen = {} if seen is None else seen
    if id(obj) in seen or not hasattr(obj, "__dict__"):
        return
    seen[id(obj)] = obj
    for name, value in list(vars(obj).items()):
        if value.__class__ in (np.ndarray, list):
            if id(value) not in seen:
                seen[id(value)] = (value, checked(value))  # the original kept: its id stays unique
            setattr(obj, name, seen[id(value)][1])
        elif type(value).__module__.startswith("cython_ext"):
            check_arrays(value, seen)


def trial_kernel(game):
    """The game's interpreted kernel with bounds-checked arrays (only the trial uses it)."""
    k = game.interpreted_kernel()
    if k is not None and not getattr(k, "_bounds_checked", False):
        check_arrays(k)
        k._bounds_checked = True
        if hasattr(k, "restarts"):
            k.restarts = min(k.restarts, TRIAL_RESTARTS)
    return k


def check_playable(state: State, seed: int = 12345) -> None:
    """Raise :class:`BadState` unless ``state`` survives a trial (see the module)."""
    game = state.game
    k = trial_kernel(game)
    if k is None:
        return
    rng = select.twins("kernel")[1].Rng(seed)
    buf = state.buf.copy().view(Checked)
    stage = "a playout from it"
    try:
        observer = int(buf[OBSERVER])
        if observer:
            # a sound view always has a world: the search draws thousands, so try several here
            stage = "drawing a world of the view"
            for _ in range(WORLDS - 1):
                k.determinize(buf.copy(), observer - 1, rng)
            k.determinize(buf, observer - 1, rng)
            buf[OBSERVER] = 0
            playouts = [buf]
        else:
            # a search on a full state plays out worlds drawn from the searching seat's view:
            # those of seats 0 and 1 between them redraw every seat's hidden values
            playouts = [buf]
            for seat in range(game.players):
                stage = f"drawing a world of seat {seat}'s view"
                view = buf.copy()
                k.observe(view, seat)
                for w in range(SEAT_WORLDS):
                    world = view.copy()
                    k.determinize(world, seat, rng)
                    if w == 0 and seat < 2:
                        playouts.append(world)
        for i, start in enumerate(playouts):
            stage = "a playout from it" if i == 0 else f"a playout from a world of seat {i - 1}'s view"
            play_out(k, game, start, rng, 1 if i == 0 else 4)
    except BadState as e:
        raise BadState(f"inconsistent state: {stage}: {e}") from None
    except Exception as e:  # noqa: BLE001 -- any failure of the kernel on it says the same
        raise BadState(f"inconsistent state: {stage} fails ({type(e).__name__}: {e})") from None


def play_out(k, game, buf, rng, every: int = 1) -> None:
    """One random playout of ``buf`` to the end, as the search's rollouts, running the heuristic
    at every ``every``-th move (:class:`BadState` for a mover without a move or no end within
    ``MAX_MOVES``)."""
    size = max(k.max_moves, game.players, 8)
    movers, moves, spare = (np.zeros(size, dtype=buf.dtype).view(Checked) for _ in range(3))
    probs, values, values2 = (np.zeros(size, dtype=np.float64).view(Checked) for _ in range(3))
    for ply in range(MAX_MOVES):
        if k.to_move(buf, movers) == 0:
            return
        seat = int(movers[0])
        if seat == CHANCE:
            if k.chance(buf, moves, probs) == 0:
                raise BadState("chance is to move with no outcome")
            k.apply(buf, CHANCE, int(k.sample_chance(buf, rng)))
        else:
            n = k.legal(buf, seat, moves)
            if n == 0:
                raise BadState(f"seat {seat} is to move with no legal move")
            if ply % every == 0:  # the heuristic's code too (rollout policies and progressive bias read it)
                k.move_values(buf, seat, moves, n, values)
                k.egreedy_move(buf, seat, rng, 0.0, spare, values2)
            k.apply(buf, seat, int(moves[rng.below(n)]))
    raise BadState(f"it does not end within {MAX_MOVES} moves")


def view_after(view: State, seat: int, move: int) -> State:
    """The masked ``view`` after ``move`` of ``seat`` (or chance), applied by the trial kernel
    (:class:`BadState` if the move needs what the view does not hold, or leaves a buffer its
    game refuses); the caller tries the result (:func:`check_playable`) unless it knows it."""
    game = view.game
    k = trial_kernel(game)
    if k is None:
        after = view.clone()
        after.apply(seat, move)
        return after
    buf = view.buf.copy().view(Checked)
    try:
        k.apply(buf, seat, move)
    except Exception as e:  # noqa: BLE001 -- the move needs what the view does not hold
        raise BadState(f"the move needs what the view hides ({type(e).__name__}: {e})") from None
    after = State(game, np.asarray(buf).copy())
    game.check_buffer(after.buf)
    return after

