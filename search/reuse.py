"""Tree reuse by the moves seen since the last search (trees keyed by moves, SO or MO; MO
trees keyed by views).

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

MO trees keyed by views (``keys=view``) add what each owner sees at each decision point: the
searching seat's own tree is followed, the others start afresh (their views are not its to see).

A node keyed by moves holds no chance outcome, and only codes for the choices its owner did
not see; so a line that may have told the searching seat more than that -- a chance outcome
it saw, another seat's choice it did not see (which it may see later: Guildes' face-down plays
are turned up as each step resolves) -- starts afresh (:func:`learned_more`): the node would
mix worlds the seat may know are not the case.  Trees keyed by views hold what the seat saw.

Where the line cannot be rebuilt the whole tree starts afresh, as before: a gap or a jump in
the moves told (each move's state must be the one the previous move led to, the first the
root searched, and the last lead to the new view), a new root inside a simultaneous step
(the tree's steps fold every acting seat at once: a seat deciding after others of its step
has no node -- unless the kernel's worlds clear the others' choices, Guildes', whose root step
is the whole step: the node of the step's start is kept), or a tree keyed by the determinized
world's moves (``tree=det``: its nodes hold the hidden choices of each world).  The SO tree
keyed by views is looked up by view hash instead (``search/ismcts.py``).

Memory: the kept trees are copied into fresh arrays at each reroot (``cython_ext/tree_compact.py``),
the dropped branches freed; a tree that holds half of ``max_nodes`` after a search is not kept
(the next decision starts afresh) -- a game's tree is bounded by ``max_nodes`` as one long search is.
"""
from __future__ import annotations

from typing import Any, Optional

import numpy as np

from cython_ext import select
from engine.core import CHANCE, State


# the interpreted twin, loaded with this module rather than inside a search's time
_TREE_HASH = select.twins("tree_hash")[1]


def fold(key: int, actor: int, code: int) -> int:
    """The tree's key fold (``cython_ext/tree_hash.py``): the interpreted twin, same arithmetic."""
    return _TREE_HASH.fold(key, actor, code)


def mix64(key: int) -> int:
    """The tree's key mixer (``cython_ext/tree_hash.py``): the interpreted twin."""
    return _TREE_HASH.mix64(key)


def view_of(state: State, seat: int) -> State:
    """``seat``'s view of ``state`` (a view of that seat already is one)."""
    return state if state.observer == seat else state.observe(seat)


def same_view(a: State, b: State) -> bool:
    return a.game is b.game and np.array_equal(a.buf, b.buf)


class MoveLog:
    """The moves told to a player since its last search: ``(state before, seat, move)``."""

    def __init__(self) -> None:
        self.clear()

    def start(self, view: State, seat: int, events: Optional[list] = None, blind: bool = False) -> None:
        """A search of ``seat`` begins, rooted (as its tree keys it) at ``view``: the record
        starts from it (with ``events``, the moves told since: a root at the step's start;
        ``blind``: no line from this root can be keyed, :func:`log_root`)."""
        self.root, self.seat, self.events, self.blind = view, seat, list(events or []), blind
        self.root_buf = None  # the root's state as told (its buffer), once a move from it is
        self.walked: Optional[list] = None  # _walk's result, until the next move told

    def clear(self) -> None:
        self.start(None, -1)

    def add(self, state: State, seat: int, move: int) -> None:
        """Record a move; a move from the root's very view starts the line again (a frontend
        that sends the whole game again before each search, as UCI's ``position``, passes
        through the root once more)."""
        if self.root is None:
            return
        self.walked = None
        if self.root_buf is not None and np.array_equal(state.buf, self.root_buf):
            again = True  # the state told from the root before: no view to make
        elif self.root_buf is not None and self.events:
            again = False  # a line under way from the root (a resent line passes it again as above)
        else:
            try:
                again = same_view(view_of(state, self.seat), self.root)
            except Exception:  # noqa: BLE001 - another seat's view: not this seat's root
                again = False
        if again:
            self.events = []
            self.root_buf = state.buf.copy()
        self.events.append((state.clone(), seat, move))


# [[(seat, move, state before it, its index in the log)], state after the step, the state at
# the decision point it leads to]
Step = list


def _walk(log: MoveLog):
    """The log's events as decision steps (:func:`_replay`), remembered until the next move told."""
    if log.walked is None:
        log.walked = [_replay(log)]
    return log.walked[0]


def _replay(log: MoveLog):
    """``(closed steps, open step, the seat's view after the last event)``.  Each closed step
    holds its seats' ``(seat, move, state before it, index of its event)``, replayed from the
    step's start in the order its seats were to move (the loop's order, whatever order a
    frontend sent them in), the state after it, and the state at the decision point it leads to
    (the chance after it drawn); the open step (None if none) is ``(its start state, the index
    of its first event, its seats, {seat: (move, state before it, index)})``.  None where the
    moves do not follow on from each other and from the log's root (see the module): each
    move's state must be the one the move before led to (the same buffer, or at least the same
    view of the seat), the first the root's."""
    seat = log.seat
    steps: list[Step] = []
    before: Optional[State] = None  # the state the last move led to
    start: Optional[State] = None  # the open step's state before its first move
    first = 0
    open_seats: list[int] = []
    moved: dict[int, tuple[int, State, int]] = {}
    try:
        for i, (state, actor, move) in enumerate(log.events):
            if before is None:
                if not same_view(view_of(state, seat), log.root):
                    return None
            elif not np.array_equal(state.buf, before.buf) and \
                    not same_view(view_of(state, seat), view_of(before, seat)):
                return None
            if actor == CHANCE:
                if open_seats:
                    return None
            else:
                if not open_seats:
                    if steps and steps[-1][2] is None:
                        steps[-1][2] = state  # the decision point the last step led to
                    start, first, open_seats = state, i, list(state.to_move())
                if actor not in open_seats or actor in moved:
                    return None
                moved[actor] = (move, state, i)
            before = state.clone()
            before.apply(actor, move)
            if open_seats and len(moved) == len(open_seats):
                acts, cur = [], start.clone()
                for s in open_seats:
                    acts.append((s, moved[s][0], cur.clone(), moved[s][2]))
                    cur.apply(s, moved[s][0])
                steps.append([acts, cur, None])
                open_seats, moved = [], {}
        expected = log.root if before is None else view_of(before, seat)
        if steps and steps[-1][2] is None and not open_seats:
            steps[-1][2] = before
    except Exception:  # noqa: BLE001 - a move a view cannot follow: no line, a fresh tree
        return None
    return steps, ((start, first, open_seats, moved) if open_seats else None), expected


def steps_of(log: MoveLog, new_view: State, upto: Optional[int] = None) -> Optional[list[Step]]:
    """The decision steps from the log's root to ``new_view``, a step's start; with ``upto``,
    to the start of the step the log ends inside, whose first move is the log's ``upto``-th
    (:func:`open_step`).  None where the log does not lead there."""
    if log.root is None or log.blind or not log.events[:upto]:
        return None
    walked = _walk(log)
    if walked is None:
        return None
    if upto is None:
        return walked[0] if walked[1] is None and same_view(walked[2], new_view) else None
    return walked[0] if walked[1] is not None and walked[1][1] == upto else None


def kernel_of(state: State) -> Any:
    """The kernel the line's codes are read with (a seam for the tests)."""
    return state.game.kernel


def open_step(log: MoveLog, view: State) -> Optional[tuple[State, int]]:
    """Where the step ``view`` is inside began, for a seat deciding after others of its step
    whose every choice so far it did not see: ``(the seat's view at the step's start, the
    index in the log of the step's first move)``; None otherwise (``view`` not inside a step,
    not reached by the log, a choice of the step seen, or the seat already moved)."""
    if log.root is None or not log.events:
        return None
    walked = _walk(log)
    if walked is None or walked[1] is None or not same_view(walked[2], view):
        return None
    start, first, seats, moved = walked[1]
    seat = log.seat
    if seat not in seats or seat in moved:
        return None
    kernel = kernel_of(view)
    for actor, (move, before, _i) in moved.items():
        if int(kernel.observed_move(before.buf, actor, move, seat)) == move:
            return None  # a choice the seat saw: the step's start would forget it
    return view_of(start, seat), first


def path_keys(search: Any, seat: int, steps: list, owners: list[int]) -> list[Optional[list[int]]]:
    """Per tree (its owner in ``owners``), the child keys from its root along ``steps``, or
    None where the searching ``seat`` cannot know what that owner observed."""
    kernel = kernel_of(steps[0][1])
    reveal = bool(search.reveal)
    keys: list[Optional[list[int]]] = [[] for _ in owners]
    for acts, after, decision in steps:
        ev = [0] * len(owners)
        for actor, move, before, _i in acts:
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
        for i, owner in enumerate(owners):
            if keys[i] is not None and search.view_keys:
                # then what the owner sees at the decision point (keys=view): the searching seat's
                # own view only, another's is not its to see
                if owner != seat:
                    keys[i] = None
                    continue
                seen_then = view_of(decision, seat)
                ev[i] = mix64(ev[i] ^ select.load("ismcts").view_hash(seen_then.buf, search.size))
            if keys[i] is not None:
                keys[i].append(ev[i])
    return keys


def clears_choices(view: State) -> bool:
    """Whether the search's worlds drawn from ``view`` clear the choices other seats already
    made at this step, so that they choose again in the world and the tree's root step is the
    whole step (the kernels with a ``determinize_keep`` beside it: Guildes; engine/core.py,
    ``State.determinize``)."""
    return hasattr(kernel_of(view), "determinize_keep")


def tree_start(log: MoveLog, view: State) -> tuple[State, Optional[int]]:
    """Where a search of ``view`` is rooted as the tree keys it: ``(view, None)``, or for a
    seat inside a simultaneous step whose worlds clear the others' choices (and which saw none
    of them) ``(its view at the step's start, the index of the step's first move in the log)``."""
    if clears_choices(view):
        got = open_step(log, view)
        if got is not None:
            return got
    return view, None


def log_root(log: MoveLog, view: State, seat: int) -> tuple[State, int, list, bool]:
    """``MoveLog.start``'s arguments for a search of ``seat`` from ``view``: where its tree is
    rooted (:func:`tree_start`), the seat, the moves told since (the step's choices made
    before the seat's), and whether the line from there cannot be keyed: a root step whose
    worlds clear choices made before the log knew of them (the tree folds codes of moves the
    seat never saw and the log cannot rebuild: the next search starts afresh)."""
    root, upto = tree_start(log, view) if log.seat == seat else (view, None)
    if upto is not None:
        return root, seat, log.events[upto:], False
    return view, seat, [], clears_choices(view) and inside_step(view, seat)


def inside_step(view: State, seat: int) -> bool:
    """Whether others already chose at ``view``'s step (its worlds, the choices cleared, have
    more seats to move than the view)."""
    try:
        return set(view.determinize(seat, 0, keep_chosen=False).to_move()) != set(view.to_move())
    except Exception:  # noqa: BLE001 - a view no world fits: nothing to key either
        return True


def learned_more(log: MoveLog, steps: list, upto: Optional[int], new_view: State, reveal: bool) -> bool:
    """Whether the line may have told the seat something its tree's keys do not hold, so that
    the node the keys lead to is coarser than what it knows: statistics gathered in worlds it
    may now know are not the case.  The keys hold the seat's own moves and what it saw of the
    others' (with ``reveal``, what a step's end turned up), never a chance outcome: so a chance
    outcome the seat saw, or another seat's choice it did not see (it may see it later, as
    Guildes' face-down plays turned up when the step resolves), ends the reuse.  Told by what
    the seat observed alone (``observed_move`` gives a hidden move or outcome a code that is no
    move), so the choice to keep a tree never depends on what it cannot see."""
    seat = log.seat
    kernel = kernel_of(new_view)
    for state, actor, move in log.events[:upto]:
        if actor == CHANCE and int(kernel.observed_move(state.buf, CHANCE, move, seat)) == move:
            return True
    for acts, after, _decision in steps:
        for actor, move, before, _i in acts:
            if actor == seat:
                continue
            code = int(kernel.observed_move(before.buf, actor, move, seat))
            if code != move and reveal and int(kernel.revealed_move(after.buf, actor, move, seat)) >= 0:
                code = move  # keyed as turned up
            if code != move:
                return True
    return False


def new_roots(search: Any, seat: int, log: MoveLog, new_view: State) -> Optional[list[int]]:
    """The node of each tree of ``search`` where a search of ``new_view`` is rooted
    (:func:`tree_start`) along the logged line, -1 where that tree starts afresh; None if the
    searching seat's own tree cannot be followed there."""
    start, upto = tree_start(log, new_view)
    steps = steps_of(log, start, upto)
    if not steps or (not search.view_keys and learned_more(log, steps, upto, start, bool(search.reveal))):
        return None  # (keys by views hold what the seat saw at each decision point)
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
