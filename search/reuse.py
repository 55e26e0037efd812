"""Tree reuse by the moves seen since the last search (trees keyed by moves, SO or MO).

A tree keyed by moves (``keys=moves``) has no view hash to look a new root up by: a node is
the sequence of what its owner observed at each step since the root (``cython_ext/ismcts.py``,
``iterate``).  So the player records every move it is told of between two of its searches
(:meth:`search.api.Player.observe_move`: the state before the move, the seat, the move) and
rebuilds, tree by tree, the keys the search would have folded for that very line; the node
they lead to becomes the tree's root.

What the searching seat may use: its own observations.  The codes of its own tree are what
it saw of each move (``observed_move``, then ``revealed_move`` at the end of a step whose
hidden choices the kernel turns up).  Another seat's tree (MO) needs what *that* seat saw: it
is rebuilt only when the searching seat saw every move on the line itself (then the other
seat's code is a function of the move and of public fields); once a move was hidden from the
searching seat, that tree starts afresh at a new root -- its owner's own hidden choice, or the
code it saw of a move the searching seat did not see, is not the searching seat's to know.

Where the line cannot be rebuilt the whole tree starts afresh, as before: a gap or a jump in
the moves told (each move's state must be the one the previous move led to, the first the
root searched, and the last lead to the new view), a new root inside a simultaneous step
(the tree's steps fold every acting seat at once: a seat deciding after others of its step
has no node), trees keyed by views (``keys=view``: the SO view-keyed tree is looked up by
view hash instead, ``search/ismcts.py``) or by the determinized world's moves (``tree=det``).

Memory: the arena is not compacted; the dropped branches' nodes stay until the kept tree holds
half of ``max_nodes``, when the next decision starts afresh -- a game's tree is bounded by
``max_nodes`` as one long search is.
"""
from __future__ import annotations

from typing import Any, Optional

import numpy as np

from cython_ext import select
from engine.core import CHANCE, State

_fold = None


def fold(key: int, actor: int, code: int) -> int:
    """The tree's key fold (``cython_ext/tree_hash.py``): the interpreted twin, same arithmetic."""
    global _fold
    if _fold is None:
        _fold = select.twins("ismcts")[1].fold
    return _fold(key, actor, code)


def view_of(state: State, seat: int) -> State:
    """``seat``'s view of ``state`` (a view of that seat already is one)."""
    return state if state.observer == seat else state.observe(seat)


def same_view(a: State, b: State) -> bool:
    return a.game is b.game and np.array_equal(a.buf, b.buf)


class MoveLog:
    """The moves told to a player since its last search: ``(state before, seat, move)``."""

    def __init__(self) -> None:
        self.root: Optional[State] = None  # the view the last search searched
        self.seat = -1
        self.events: list[tuple[State, int, int]] = []

    def start(self, view: State, seat: int) -> None:
        """A search of ``seat`` from ``view`` begins: the record starts from it."""
        self.root, self.seat, self.events = view, seat, []

    def clear(self) -> None:
        self.root, self.seat, self.events = None, -1, []

    def add(self, state: State, seat: int, move: int) -> None:
        """Record a move; a move from the root's very view starts the line again (a frontend
        that sends the whole game again before each search, as UCI's ``position``, passes
        through the root once more)."""
        if self.root is None:
            return
        try:
            again = same_view(view_of(state, self.seat), self.root)
        except Exception:  # noqa: BLE001 - another seat's view: not this seat's root
            again = False
        if again:
            self.events = []
        self.events.append((state.clone(), seat, move))


def steps_of(log: MoveLog, new_view: State) -> Optional[list[tuple[list[tuple[int, int, State]], State]]]:
    """The decision steps from the log's root to ``new_view``: each the acting seats' ``(seat,
    move, state before it)`` with the state after the step, its moves replayed from the step's
    start in the order its seats were to move (the loop's order, whatever order a frontend sent
    them in); None where the log does not lead there (see the module)."""
    if log.root is None or not log.events:
        return None
    seat = log.seat
    steps: list[tuple[list[tuple[int, int, State]], State]] = []
    expected = log.root  # the searching seat's view where the next move must start
    start: Optional[State] = None  # the open step's state before its first move
    open_seats: list[int] = []
    moved: dict[int, int] = {}
    try:
        for state, actor, move in log.events:
            if not same_view(view_of(state, seat), expected):
                return None
            if actor == CHANCE:
                if open_seats:
                    return None
            else:
                if not open_seats:
                    start, open_seats = state, list(state.to_move())
                if actor not in open_seats or actor in moved:
                    return None
                moved[actor] = move
            after = state.clone()
            after.apply(actor, move)
            expected = view_of(after, seat)
            if open_seats and len(moved) == len(open_seats):
                acts, cur = [], start.clone()
                for s in open_seats:
                    acts.append((s, moved[s], cur.clone()))
                    cur.apply(s, moved[s])
                steps.append((acts, cur))
                open_seats, moved = [], {}
        if open_seats or not same_view(expected, new_view):
            return None
    except Exception:  # noqa: BLE001 - a move a view cannot follow: no line, a fresh tree
        return None
    return steps


def path_keys(search: Any, seat: int, steps: list, owners: list[int]) -> list[Optional[list[int]]]:
    """Per tree (its owner in ``owners``), the child keys from its root along ``steps``, or
    None where the searching ``seat`` cannot know what that owner observed."""
    kernel = steps[0][1].game.kernel
    reveal = bool(search.reveal)
    keys: list[Optional[list[int]]] = [[] for _ in owners]
    for acts, after in steps:
        ev = [0] * len(owners)
        for actor, move, before in acts:
            mine = move if actor == seat else int(kernel.observed_move(before.buf, actor, move, seat))
            if mine != move and reveal:
                shown = int(kernel.revealed_move(after.buf, actor, move, seat))
                if shown >= 0:
                    mine = shown
            seen = mine == move  # the searching seat saw the move itself
            for i, owner in enumerate(owners):
                if keys[i] is None:
                    continue
                if owner == seat:
                    code = mine
                elif seen:
                    code = move if actor == owner else int(kernel.observed_move(before.buf, actor, move, owner))
                    if code != move and reveal:
                        shown = int(kernel.revealed_move(after.buf, actor, move, owner))
                        if shown >= 0:
                            code = shown
                else:
                    keys[i] = None
                    continue
                ev[i] = fold(ev[i], actor, code)
        for i in range(len(owners)):
            if keys[i] is not None:
                keys[i].append(ev[i])
    return keys


def new_roots(search: Any, seat: int, log: MoveLog, new_view: State) -> Optional[list[int]]:
    """The node of each tree of ``search`` at ``new_view`` along the logged line (-1: that tree
    starts afresh), or None if the searching seat's own tree cannot be followed there."""
    steps = steps_of(log, new_view)
    if not steps:
        return None
    mo = search.ntrees > 1
    owners = list(range(search.ntrees)) if mo else [seat]
    roots = search.get_roots()
    out = []
    for i, keys in enumerate(path_keys(search, seat, steps, owners)):
        node = roots[i]
        for key in keys or ():
            node = search.child_of(node, key)
            if node < 0:
                break
        out.append(node if keys is not None else -1)
    return out if out[seat if mo else 0] >= 0 else None
