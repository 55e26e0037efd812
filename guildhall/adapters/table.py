"""What every adapter needs around an engine state: a table.

A :class:`Table` is a full engine state plus the bookkeeping that outside
frameworks ask for and the engine does not keep:

* *sequentialised simultaneous steps*: at a step where several seats owe a
  hidden choice, the lowest owing seat chooses first, then the next, each
  hidden from the others until the step resolves.  The table records the
  choices submitted so far (``submitted``); a seat's view marks *who* has
  chosen (never *what*), and the engine's ``determinize`` keeps those
  choices made in a resampled world (:meth:`resample`), each redrawn among
  what that seat could have chosen there.
* *perfect recall*: a view forgets earlier rounds, so each seat carries a
  record of everything it has seen -- what it saw of every move
  (``kernel.observed_move``) and the words of its view that the move
  changed -- kept two ways: a 16-byte digest chain (the information-state
  key) and an exact log (the information-state tensor, :meth:`info_tensor`).
* a fixed *tensor layout* of a seat's view (:meth:`tensor`).

>>> import engine
>>> t = Table(engine.make("guildes", players=3, seed=1))
>>> while t.state.is_chance():
...     t.apply(-1, t.state.sample_chance())
>>> t.movers()
(0, 1, 2)
>>> t.apply(0, t.state.legal_moves(0)[0])
>>> t.chosen()
(True, False, False)
>>> w = t.resample(1, seed=7)
>>> w.state.to_move(), w.chosen(), w.info_key(1) == t.info_key(1)
((1, 2), (True, False, False), True)
"""
from __future__ import annotations

import hashlib
from typing import Any, Optional

import numpy as np

from engine.core import CHANCE, HEADER, UNKNOWN, State, make_rng

_START = b"guildhall"


def _h(*parts: bytes) -> bytes:
    return hashlib.blake2b(b"|".join(parts), digest_size=16).digest()


class RecallOverflow(RuntimeError):
    """A game changed a seat's view more often than the information-state tensor has room for."""


def _view(state: State, seat: int) -> np.ndarray:
    return state.observe(seat).buf[HEADER:]


class Table:
    """A full engine state with step bookkeeping and per-seat recall (chains and logs).

    ``logs[s]`` holds one int32 array per move since the start, as ``s``
    saw it: ``[actor + 2, code + 3, d, i_1 .. i_d, v_1 .. v_d]`` -- the
    actor (chance 1), what ``s`` saw of the move (its own move, the move,
    or the kernel's hidden code; chance -2, its outcome being in the view),
    and the ``d`` words ``i`` of its view that changed, with their new
    values ``v``.  ``views[s]`` is ``s``'s current view (the base of the next diff).
    """

    __slots__ = ("state", "submitted", "chains", "plies", "logs", "views")

    def __init__(self, state: State, submitted: Optional[list] = None,
                 chains: Optional[list[bytes]] = None, plies: int = 0,
                 logs: Optional[list[list[np.ndarray]]] = None,
                 views: Optional[list[np.ndarray]] = None) -> None:
        if state.observer is not None:
            raise ValueError("a table holds a full state, not a seat's view")
        self.state = state
        self.submitted: list[tuple[int, int]] = submitted if submitted is not None else []
        self.views = views if views is not None else [_view(state, s) for s in range(state.players)]
        self.chains = chains if chains is not None else [
            _h(_START, bytes([s]), _key(self.views[s])) for s in range(state.players)]
        self.plies = plies
        self.logs = logs if logs is not None else [[] for _ in range(state.players)]

    def clone(self) -> "Table":
        # log entries and views are never written in place: sharing them is safe
        return Table(self.state.clone(), list(self.submitted), list(self.chains), self.plies,
                     [list(x) for x in self.logs], list(self.views))

    __copy__ = clone

    def __deepcopy__(self, memo: dict) -> "Table":
        return self.clone()

    def __reduce__(self) -> tuple:
        # pickled as the game's configuration and the buffer (frameworks
        # serialize states this way; the kernel itself is not picklable)
        g = self.state.game
        return _restore, ((g.name, g.players, g.variants, g.edition_path), self.state.buf.tobytes(),
                          list(self.submitted), list(self.chains), self.plies,
                          [[e.tobytes() for e in log] for log in self.logs])

    # -- turn ---------------------------------------------------------------------
    def movers(self) -> tuple[int, ...]:
        return self.state.to_move()

    def chosen(self) -> tuple[bool, ...]:
        """Per seat, whether it has already chosen at the current step (public)."""
        done = {s for s, _ in self.submitted}
        return tuple(s in done for s in range(self.state.players))

    def apply(self, seat: int, move: int, check: bool = True) -> None:
        """Play ``move``; with ``check`` an illegal one raises and changes nothing."""
        st = self.state
        before = st.to_move()
        if check and not st.is_legal(seat, move):
            st.apply(seat, move)  # raises the engine's IllegalMove with its message
        seen = [st.game.kernel.observed_move(st.buf, seat, move, s) if seat != CHANCE else -2
                for s in range(st.players)]
        st.apply_trusted(seat, move)
        self.plies += 1
        if seat != CHANCE and len(before) > 1 and len(st.to_move()) == len(before) - 1 \
                and seat not in st.to_move():
            self.submitted.append((seat, move))  # the step goes on
        else:
            self.submitted.clear()
        actor = (seat + 1).to_bytes(1, "little")
        for s in range(st.players):
            own = move if s == seat else seen[s]
            view = _view(st, s)
            self.chains[s] = _h(self.chains[s], actor, int(own).to_bytes(4, "little", signed=True),
                                _key(view))
            changed = np.flatnonzero(view != self.views[s])
            d = len(changed)
            entry = np.empty(3 + 2 * d, np.int32)
            entry[0], entry[1], entry[2] = seat + 2, own + 3, d
            entry[3:3 + d] = changed
            entry[3 + d:] = view[changed]
            self.logs[s].append(entry)
            self.views[s] = view

    # -- what a seat knows ----------------------------------------------------------
    def info_key(self, seat: int) -> bytes:
        """Perfect-recall key of ``seat``: its chain and who has chosen now."""
        return self.chains[seat] + bytes(self.chosen())

    def info_tensor_size(self) -> int:
        """Size of :meth:`info_tensor`: the view tensor, 3 words per move up to the
        game's maximum length, and 2 per view change within the budget."""
        length = self.state.game.max_game_length()
        return self.tensor_size() + 3 * length + 2 * self.diff_budget()

    def diff_budget(self) -> int:
        """View words a game may change over its length, summed (the tensor's room):
        4 x (view words + maximum length): at least 2.4 times the most seen in 30
        random games of every game and variant (docs/adapters.md)."""
        return 4 * (len(self.state.buf) - HEADER + self.state.game.max_game_length())

    def info_tensor(self, seat: int, out: Optional[np.ndarray] = None) -> np.ndarray:
        """``seat``'s perfect-recall information state as float32, exact: the view
        tensor (:meth:`tensor`), then per move so far ``(actor + 2, code + 3, d)``
        (0 after the last), then the changed words of each move in order, as
        ``(index + 1, value)`` pairs (0 after the last).  Two histories ``seat``
        can tell apart differ in some move's record or view change, so in the
        tensor; histories it cannot tell apart give equal records.  See
        docs/adapters.md."""
        if out is None:
            out = np.zeros(self.info_tensor_size(), dtype=np.float32)
        base = self.tensor_size()
        self.tensor(seat, out[:base])
        log = self.logs[seat]
        length = self.state.game.max_game_length()
        heads = out[base:base + 3 * length].reshape(length, 3)
        heads[:] = 0
        pairs = out[base + 3 * length:].reshape(-1, 2)
        pairs[:] = 0
        if not log:
            return out
        if len(log) > length:
            raise RecallOverflow(f"{len(log)} moves, beyond the game's maximum length {length}")
        flat = np.concatenate(log)
        d = np.fromiter((int(e[2]) for e in log), dtype=np.int64, count=len(log))
        # each entry is 3 head words, d indices, d values: label every word of flat so
        kind = np.repeat(np.tile(np.array([0, 1, 2], np.int8), len(log)),
                         np.stack([np.full(len(log), 3), d, d], axis=1).ravel())
        used = int(d.sum())
        if used > len(pairs):
            raise RecallOverflow(f"seat {seat}'s view changed {used} times, beyond the "
                                 f"information-state tensor's room of {len(pairs)}")
        heads[:len(log)] = flat[kind == 0].reshape(-1, 3)
        pairs[:used, 0] = flat[kind == 1] + 1
        pairs[:used, 1] = flat[kind == 2]
        return out

    def observation_key(self, seat: int) -> bytes:
        """Key of ``seat``'s current view only (forgets earlier rounds)."""
        return self.state.info_key(seat) + bytes(self.chosen())

    def resample(self, seat: int, seed: Any = None) -> "Table":
        """A table sampled among those ``seat`` cannot tell from this one.

        The world keeps the choices submitted at this step (the engine's
        ``determinize`` redraws the others'), so the same seats are still to
        choose; in its ``submitted`` another seat's move reads -1 (unknown
        to ``seat``).  The others' chains are replaced by keys derived from
        ``seat``'s own (their true history is what ``seat`` must not read).
        """
        world = self.state.determinize(seat, make_rng(seed), keep_chosen=True)
        redrawn = [(s, m if s == seat else -1) for s, m in self.submitted]
        mine = self.chains[seat]
        chains = [mine if s == seat else _h(b"resampled", mine, bytes([s])) for s in range(self.state.players)]
        # the others' logs start afresh from their views of the world (placeholders, as their chains)
        logs = [list(self.logs[s]) if s == seat else [] for s in range(self.state.players)]
        views = [self.views[seat] if s == seat else _view(world, s) for s in range(self.state.players)]
        return Table(world, redrawn, chains, self.plies, logs, views)

    # -- tensors ------------------------------------------------------------------
    def tensor_size(self) -> int:
        n, words = self.state.players, len(self.state.buf) - HEADER
        return 2 * n + 2 * words

    def tensor(self, seat: int, out: Optional[np.ndarray] = None) -> np.ndarray:
        """``seat``'s view as float32: one-hot seat, chosen flags, then per
        buffer word its value (0 when unknown) and a known flag."""
        n = self.state.players
        if out is None:
            out = np.zeros(self.tensor_size(), dtype=np.float32)
        view = self.state.observe(seat).buf[HEADER:]
        words = len(view)
        out[:n] = 0
        out[seat] = 1
        out[n:2 * n] = self.chosen()
        known = view != UNKNOWN
        out[2 * n:2 * n + words] = np.where(known, view, 0)
        out[2 * n + words:] = known
        return out



_GAMES: dict[tuple, Any] = {}


def _key(view: np.ndarray) -> bytes:
    """The engine's ``State.info_key`` of a view already taken."""
    return hashlib.blake2b(view.tobytes(), digest_size=16).digest()


def _restore(key: tuple, buf: bytes, submitted: list, chains: list, plies: int,
             logs: Optional[list] = None) -> Table:
    import engine

    if key not in _GAMES:
        name, players, variants, edition = key
        _GAMES[key] = engine.make_game(name, players, variants, edition)
    game = _GAMES[key]
    state = State(game, np.frombuffer(buf, dtype=game.layout.new().dtype).copy())
    if logs is not None:
        logs = [[np.frombuffer(e, dtype=np.int32).copy() for e in log] for log in logs]
    return Table(state, submitted, chains, plies, logs)
