"""The one error a kernel raises on purpose: a state no game reaches by its rules.

The kernels trust their buffer: a state from outside is checked before any search
(``check_buffer``, then a trial in :mod:`engine.playable`), but the trial plays one path,
and a state it let through can still lead, by legal moves, to one the kernels cannot go on
from (a hidden hand no deal fits, a seat to move with no legal move).  A kernel that meets
such a state raises :class:`BrokenState`, never on a sound one; the search layer turns it
into the game API's ``BadState`` (``error bad-state`` in the protocol), so the engine says
what is wrong and keeps its state.  Plain Python (no ``.pxd``): compiled kernels import it.
"""


class BrokenState(ValueError):
    """A kernel met a state that no sound game reaches (see the module)."""
