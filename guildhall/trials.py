"""What a protocol session knows to be playable, so that it tries each position from outside once.

A state or view that comes from outside (``position``) is tried in the interpreted kernel before
the compiled kernels touch it (:mod:`engine.playable`: 0.04-0.3 s a position), and so is every
move a frontend plays on a view.  A frontend that sends its game again at each turn --
``position VIEW moves m1 ... mk`` with one move more each time -- would pay a trial per move
per turn, its cost growing with the game.  The session does not try again:

* a position it holds or held: its own, the last ``HELD`` before it, the last ``HELD`` that
  ``position`` set it away from, or any seat's view of one of those (each was tried when it came
  in or was reached from one by legal moves, and a view of a full state is what every search on
  it draws from);
* a position that passed a trial in this game (the last ``PASSED``, by a 128-bit digest of the
  buffer).

``newgame`` forgets all of it.
"""
from __future__ import annotations

import hashlib
from collections import OrderedDict, deque
from typing import Iterable, Optional

from engine.core import State
from engine.playable import check_playable, view_after

HELD = 16  # earlier positions (besides the current one) a `position` may name without a trial
PASSED = 1024  # digests of positions that passed a trial (16 bytes each)


def digest(state: State) -> bytes:
    """A 128-bit digest of the position's buffer (a view's observer is in the buffer)."""
    return hashlib.blake2b(state.buf.tobytes(), digest_size=16).digest()


class Trials:
    """The positions a session need not try again, and the trials of the others."""

    def __init__(self) -> None:
        self._kept: deque[State] = deque(maxlen=HELD)  # positions `position` set away from
        self._passed: OrderedDict[bytes, None] = OrderedDict()  # the last PASSED, oldest first

    def clear(self) -> None:
        """Forget every position (a new game)."""
        self._kept.clear()
        self._passed.clear()

    def keep(self, state: Optional[State]) -> None:
        """Remember a position the session is set away from (the last ``HELD``)."""
        if state is not None and state not in self._kept:
            self._kept.append(state)  # the deque's oldest goes

    def known(self, state: State, held: Iterable[Optional[State]]) -> bool:
        """Whether ``state`` needs no trial: it passed one, or it is one of ``held`` (the
        session's position and the last before it), one kept, or a seat's view of one."""
        key = digest(state)
        if key in self._passed:
            self._passed.move_to_end(key)
            return True
        seat = state.observer
        for other in [*held, *self._kept]:
            if other is not None and seat is not None and other.observer is None:
                other = other.observe(seat)  # a view compares equal only to that seat's view
            if other == state:
                return True
        return False

    def check(self, state: State, held: Iterable[Optional[State]]) -> None:
        """Try ``state`` unless it is known (:class:`~engine.errors.BadState` if it fails)."""
        if not self.known(state, held):
            self._try(state)

    def check_view_move(self, view: State, seat: int, move: int,
                        held: Iterable[Optional[State]]) -> None:
        """Raise :class:`~engine.errors.BadState` unless ``move`` can be applied to the masked
        ``view`` (by the checked kernel) and leaves a view that is known or passes a trial."""
        self.check(view_after(view, seat, move), held)

    def _try(self, state: State) -> None:
        check_playable(state)
        self._passed[digest(state)] = None
        if len(self._passed) > PASSED:
            self._passed.popitem(last=False)
