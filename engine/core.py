"""The game API that every game implements.

A :class:`Game` is a configured rule set (players, variants, edition) and
owns a compiled *kernel* that runs the rules on one flat int32 buffer.  A
:class:`State` is that buffer plus a reference to its game: cloning copies
one array.  Moves are small integers; strings exist only at the edges
(:meth:`State.move_to_string`, :meth:`State.parse_move`).

Turn structure, in one vocabulary for all games:

* ``state.to_move()`` is a tuple of seats.  One seat: a sequential turn.
  Several: a simultaneous step -- each listed seat still owes a hidden
  choice, which it submits with ``apply(seat, move)``; the step resolves
  when the last one is in.  ``(CHANCE,)``: chance is to move, with
  ``chance_outcomes()`` giving each outcome and its probability.  ``()``:
  the game is over.
* A game record is the list of ``(seat, move)`` pairs applied from the
  initial state, chance outcomes included, so replaying it reproduces the
  state exactly.

Hidden information: ``observe(seat)`` is the state with everything the seat
cannot see replaced by ``UNKNOWN`` (-1) -- a :class:`State` too, with the
same string format, so a frontend can send a seat's view as a position.
``determinize(seat, rng)`` samples a full state consistent with that view
and reads nothing else.

For frameworks that drive a game from outside (``guildhall/adapters``):
``rng`` may be any seed or seeded generator (:func:`make_rng`);
``info_key(seat)`` is a 16-byte key of a view; ``is_legal`` checks a move
without listing them and ``apply_trusted`` skips the check for a move just
taken from ``legal_moves``; ``rollout`` plays out in the kernel;
``Game.max_game_length()`` bounds a game's length.

>>> import engine
>>> s = engine.make("guildes", players=4, seed=1)
>>> s.to_move() == (CHANCE,)
True
>>> while s.to_move() == (CHANCE,):
...     s.apply(CHANCE, s.sample_chance())
>>> s.to_move()
(0, 1, 2, 3)
>>> t = s.clone(); t.apply(0, t.legal_moves(0)[0])
>>> s.to_move(), t.to_move()
((0, 1, 2, 3), (1, 2, 3))
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

import numpy as np

from cython_ext import select
from cython_ext.reward_modes import REWARD_CODES
from engine.errors import BadConfig, BadMove, BadState, EditionError, IllegalMove, NoLegalMove
from engine.layout import DTYPE, UNKNOWN, Layout

CHANCE = -1
DEALER, OBSERVER = 0, 1  # header words of every buffer
EDITION_MAX_BYTES = 16 << 20  # the stand-in editions are under 50 KB
HEADER = 2
RETURN_MODES = tuple(REWARD_CODES)

_kernel = select.load("kernel")
Rng = _kernel.Rng


def make_rng(seed: Any = None) -> Any:
    """A kernel :class:`Rng` (compiled or twin, matching the kernels) from any seed source.

    ``seed`` may be an int, None (fresh entropy), a kernel ``Rng`` (returned
    as is), or any seeded generator of another library -- ``random.Random``,
    ``numpy.random.Generator`` or ``RandomState``, OpenSpiel's samplers --
    from which 64 bits are drawn, so a caller's own seeding stays in charge.

    >>> make_rng(5).next64() == make_rng(5).next64()
    True
    >>> import random, numpy
    >>> make_rng(random.Random(1)).next64() == make_rng(random.Random(1)).next64()
    True
    >>> make_rng(numpy.random.default_rng(2)).below(10) == make_rng(numpy.random.default_rng(2)).below(10)
    True
    """
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    elif isinstance(seed, Rng):
        return seed
    elif not isinstance(seed, (int, np.integer)):
        seed = _draw64(seed)
    return Rng(int(seed) & ((1 << 64) - 1))


def _draw64(gen: Any) -> int:
    """64 random bits from a foreign generator (whichever interface it has)."""
    if hasattr(gen, "getrandbits"):  # random.Random
        return gen.getrandbits(64)
    if hasattr(gen, "integers"):  # numpy Generator
        return int(gen.integers(0, 1 << 63, dtype=np.int64)) << 1 | int(gen.integers(0, 2))
    if hasattr(gen, "randint"):  # numpy RandomState
        return int(gen.randint(0, 1 << 63, dtype=np.int64)) << 1 | int(gen.randint(0, 2))
    if hasattr(gen, "next64"):  # a kernel Rng of the other build (compiled vs twin)
        return int(gen.next64())
    for name in ("sample", "random", "uniform"):  # float samplers, e.g. pyspiel's
        if callable(getattr(gen, name, None)):
            draw = getattr(gen, name)
            hi, lo = int(draw() * (1 << 32)), int(draw() * (1 << 32))
            return (hi << 32) | lo
    raise BadConfig(f"cannot draw random numbers from {type(gen).__name__}")


@dataclass(frozen=True)
class Variant:
    """A rule variant a game offers: its name and one line of description."""

    name: str
    text: str
    players: tuple[int, ...] | None = None  # player counts it allows (None: all)


EDITION_NUMBER_LIMIT = 1_000_000  # no count, value or score of a printed game comes near this


def check_numbers(data: Any, path: str = "") -> None:
    """Refuse any number in edition data beyond what a physical game can hold, naming its field.

    >>> check_numbers({"guilds": [{"votes": [[12, 10**12]]}]})
    Traceback (most recent call last):
    ...
    engine.errors.EditionError: guilds[0].votes[0][1] is 1000000000000, beyond 1000000
    """
    if isinstance(data, dict):
        for k, v in data.items():
            check_numbers(v, f"{path}.{k}" if path else str(k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            check_numbers(v, f"{path}[{i}]")
    elif isinstance(data, (int, float)) and not isinstance(data, bool):
        if not (-EDITION_NUMBER_LIMIT <= data <= EDITION_NUMBER_LIMIT):  # also NaN
            raise EditionError(f"{path or 'value'} is {data}, beyond {EDITION_NUMBER_LIMIT}")


def edition_fault(exc: Exception) -> str:
    """One line for a Python error raised while reading edition data (a key names the field)."""
    if isinstance(exc, KeyError):
        return f"missing or unknown field {exc.args[0]!r}" if exc.args else "missing field"
    if isinstance(exc, OverflowError):
        return f"a number is out of range ({exc})"
    return f"a field has the wrong type or value ({type(exc).__name__}: {exc})"


class Game:
    """A configured game.  Subclasses describe themselves with class attributes.

    Subclasses set ``name``, ``title``, ``min_players``, ``max_players``,
    ``variant_list``, ``data_package`` and implement :meth:`build` (load the
    edition, make the layout and the kernel) and :meth:`initial_buffer`.
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    variant_list: ClassVar[tuple[Variant, ...]] = ()
    default_edition: ClassVar[str] = "standin.json"
    incompatible: ClassVar[tuple[frozenset[str], ...]] = ()
    score_scale: ClassVar[float] = 10.0  # typical score margin, for "score" returns

    layout: Layout
    kernel: Any
    _interpreted: Any = None  # the kernel run interpreted, built on first use

    def __init__(self, players: int, variants: Sequence[str] = (), edition: str | None = None) -> None:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise BadConfig(
                f"{self.name} takes {self.min_players}-{self.max_players} players, not {players}")
        known = {v.name: v for v in self.variant_list}
        chosen = []
        for v in variants:
            if v not in known:
                names = ", ".join(known) or "none"
                raise BadConfig(f"{self.name} has no variant {v!r} (variants: {names})")
            allowed = known[v].players
            if allowed is not None and players not in allowed:
                raise BadConfig(f"variant {v!r} is for {', '.join(map(str, allowed))} players")
            if v not in chosen:
                chosen.append(v)
        for bad in self.incompatible:
            if bad <= set(chosen):
                raise BadConfig(f"variants {' and '.join(sorted(bad))} cannot be combined")
        self.players = players
        self.variants = tuple(chosen)
        self.edition_path = edition or os.path.join(self._data_dir(), self.default_edition)
        self.edition = self.load_edition(self.edition_path)
        try:
            self.build()
        except EditionError as exc:  # checks that need the player count and variants
            raise EditionError(f"edition {self.edition_path}: {exc}") from None
        except (TypeError, ValueError, OverflowError, KeyError, IndexError, AttributeError) as exc:
            # data the schema check let through but the tables cannot hold: still the edition's fault
            raise EditionError(f"edition {self.edition_path}: {edition_fault(exc)}") from None

    # -- description -------------------------------------------------------------
    @property
    def standard_edition(self) -> bool:
        """True when the game was built from its own edition file (no ``edition`` given)."""
        return os.path.abspath(self.edition_path) == os.path.abspath(
            os.path.join(self._data_dir(), self.default_edition))

    def _data_dir(self) -> str:
        import importlib

        module = importlib.import_module(type(self).__module__)
        return os.path.join(os.path.dirname(module.__file__), "data")

    def load_edition(self, path: str) -> dict:
        """Read and validate an edition file; raise :class:`EditionError` if broken."""
        try:
            # a regular file of a sane size only: a pipe, a device or /dev/zero would block or
            # fill memory (the protocol audit of session 23)
            if os.path.exists(path) and not os.path.isfile(path):
                raise EditionError(f"cannot read edition {path}: not a regular file")
            if os.path.getsize(path) > EDITION_MAX_BYTES:
                raise EditionError(f"edition {path} is larger than {EDITION_MAX_BYTES} bytes")
            with open(path, encoding="utf-8") as fh:
                data = json.load(fh)
        except OSError as exc:
            raise EditionError(f"cannot read edition {path}: {exc.strerror}") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise EditionError(f"edition {path} is not valid JSON: {exc}") from None
        except (ValueError, RecursionError) as exc:  # a number past Python's digit limit, deep nesting
            raise EditionError(f"edition {path} cannot be read: {type(exc).__name__}: {exc}") from None
        if not isinstance(data, dict):
            raise EditionError(f"edition {path}: top level must be an object")
        try:
            self.validate_edition(data)  # the game's schema names fields in its own words
            check_numbers(data)  # a backstop for numbers no schema bounds
        except EditionError as exc:
            raise EditionError(f"edition {path}: {exc}") from None
        except (TypeError, ValueError, OverflowError, KeyError, IndexError, AttributeError) as exc:
            raise EditionError(f"edition {path}: {edition_fault(exc)}") from None
        return data

    def validate_edition(self, data: dict) -> None:
        """Raise :class:`EditionError` if ``data`` breaks the game's schema."""

    def build(self) -> None:
        """Set ``self.layout`` and ``self.kernel`` from players, variants, edition."""
        raise NotImplementedError

    @property
    def key(self) -> tuple:
        """What makes two configured games the same rules."""
        return (self.name, self.players, self.variants, os.path.abspath(self.edition_path))

    def has(self, variant: str) -> bool:
        return variant in self.variants

    def describe(self) -> str:
        vs = " ".join(f"variant {v}" for v in self.variants)
        return f"{self.name} players {self.players}" + (f" {vs}" if vs else "")

    # -- states -------------------------------------------------------------------
    def new_initial_state(self, seed: int | None = None) -> "State":
        """The state before setup; chance is usually to move first."""
        buf = self.layout.new()
        self.initial_buffer(buf)
        buf[DEALER] = (seed if seed is not None else 0) & 0x7FFFFFFF
        buf[OBSERVER] = 0
        return State(self, buf)

    def initial_buffer(self, buf: np.ndarray) -> None:
        raise NotImplementedError

    def parse_state(self, text: str) -> "State":
        """Parse a full state or a masked view, as written by :meth:`State.to_string`."""
        buf = self.layout.loads(self.state_body(text))
        observer = int(buf[OBSERVER])
        if not 0 <= observer <= self.players:
            raise BadState(f"observer {observer - 1} out of range")
        self.check_buffer(buf)
        return State(self, buf)

    def state_body(self, text: str) -> str:
        return text

    def check_buffer(self, buf: np.ndarray) -> None:
        """Raise :class:`BadState` when the buffer is not a state of this game."""

    def interpreted_kernel(self) -> Any:
        """This game's kernel run interpreted from its source (built once), for the trial
        playout of :func:`engine.playable.check_playable`; None where a game has none."""
        if self._interpreted is None:
            self._interpreted = self.make_interpreted_kernel()
        return self._interpreted

    def make_interpreted_kernel(self) -> Any:
        """A fresh kernel like ``self.kernel`` from the interpreted module (per game)."""
        return None

    # -- notation (per game) --------------------------------------------------
    def move_to_string(self, state: "State", seat: int, move: int) -> str:
        return str(move)

    def parse_move(self, state: "State", seat: int, text: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise BadMove(f"cannot read move {text!r}") from None

    def draw(self, state: "State", seat: int | None) -> str:
        return state.to_string()

    def rank_keys(self, state: "State") -> list[tuple]:
        """Per seat, a key where higher is better; equal keys share the place.

        Read from the kernel's ``rank_keys`` (the search ranks with the same
        words), trimmed of the key words that are 0 for every competitor; a
        kernel that keeps the base ``rank_keys`` ranks by score: ``(score,)``.
        """
        if not kernel_ranks_itself(self.kernel):
            return [(s,) for s in state.scores()]
        return kernel_keys(self, state)[:self.players]

    def rival_keys(self, state: "State") -> list[tuple]:
        """Rank keys of competitors that are not seats (e.g. a dummy player who can win)."""
        if not kernel_ranks_itself(self.kernel):
            return []
        return kernel_keys(self, state)[self.players:]

    def fair_share(self) -> float | None:
        """A seat's expected win share when every seat plays alike (a k-way shared win counts
        1/k): 1/players, or None where a competitor that is no seat can win -- its part of the
        wins depends on how well the seats play, so no share is fair by symmetry alone."""
        return 1.0 / self.players

    def max_game_length(self) -> int:
        """The most moves a game can last, chance outcomes included (a bound
        for frameworks that size buffers by it, e.g. OpenSpiel).  Each game
        computes it from its edition and variants."""
        raise NotImplementedError(f"{self.name} does not bound its game length")

    def heuristic(self, state: "State", seat: int, move: int) -> float:
        """Immediate gain of ``move`` for ``seat`` (for greedy players)."""
        return 0.0

    def world_log_weights(self, worlds: np.ndarray, seat: int) -> np.ndarray:
        """Log weights of sampled worlds (full buffers, one a row, each drawn from ``seat``'s
        view by ``determinize``): how likely each makes what ``seat`` saw the others do, under
        the game's model of their choices.  A game with a model overrides this (see
        :attr:`infers`); here, no model: 0 for every world."""
        return np.zeros(len(worlds), dtype=np.float64)

    @property
    def infers(self) -> bool:
        """True where the game has a model of the others' choices (it overrides
        :meth:`world_log_weights`): the search's ``infer`` option weighs its worlds by it."""
        return type(self).world_log_weights is not Game.world_log_weights


class State:
    """One game position: a game and one int32 buffer."""

    __slots__ = ("game", "buf", "_tmp")

    def __init__(self, game: Game, buf: np.ndarray) -> None:
        self.game = game
        self.buf = buf
        self._tmp = None

    def _scratch(self) -> np.ndarray:
        if self._tmp is None:
            self._tmp = np.zeros(max(self.game.kernel.max_moves, self.game.players, 8), dtype=DTYPE)
        return self._tmp

    # -- copying --------------------------------------------------------------
    def clone(self) -> "State":
        return State(self.game, self.buf.copy())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and (other.game is self.game or other.game.key == self.game.key) \
            and bool(np.array_equal(other.buf, self.buf))

    def __hash__(self) -> int:
        return hash(self.buf.tobytes())

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def observer(self) -> int | None:
        """The seat whose masked view this is, or None for a full state."""
        o = int(self.buf[OBSERVER])
        return None if o == 0 else o - 1

    # -- turn -----------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        out = self._scratch()
        n = self.game.kernel.to_move(self.buf, out)
        return tuple(int(x) for x in out[:n])

    def is_terminal(self) -> bool:
        return len(self.to_move()) == 0

    def is_chance(self) -> bool:
        return self.to_move() == (CHANCE,)

    def legal_moves(self, seat: int) -> list[int]:
        """Legal moves of ``seat`` now (empty when it is not to move)."""
        if seat not in self.to_move():
            return []
        if seat == CHANCE:
            return [m for m, _ in self.chance_outcomes()]
        out = self._scratch()
        n = self.game.kernel.legal(self.buf, seat, out)
        if n == 0 and self.observer is None:
            # a view may not know a rival's options; a full state always must
            raise NoLegalMove(f"seat {seat} is to move but has no legal move ({self.game.describe()})")
        return [int(x) for x in out[:n]]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes now, with their probabilities (empty when chance is not to
        move, and on a seat's view when they are hidden from it: a deal's cards)."""
        if self.to_move() != (CHANCE,):
            return []
        k = self.game.kernel
        outs = np.zeros(k.max_moves, dtype=DTYPE)
        probs = np.zeros(k.max_moves, dtype=np.float64)
        n = k.chance(self.buf, outs, probs)
        if n == 0:
            if self.observer is not None:  # a view may not know a hidden draw, as a rival's options
                return []
            raise NoLegalMove(f"chance is to move but has no outcome ({self.game.describe()})")
        return [(int(outs[i]), float(probs[i])) for i in range(n)]

    def sample_chance(self, rng: Any = None) -> int:
        """Draw a chance outcome with ``rng`` -- a seed or any seeded generator, as for
        :func:`make_rng` -- or with the state's own dealer seed."""
        if self.to_move() != (CHANCE,):
            raise IllegalMove("chance is not to move")
        # never let the kernel draw from nothing: a full state without outcomes raises
        # NoLegalMove in chance_outcomes, a view that cannot see the draw gets no outcome
        if not self.chance_outcomes():
            raise IllegalMove(f"seat {self.observer}'s view cannot draw a hidden chance outcome")
        if rng is None:
            rng = Rng((int(self.buf[DEALER]) * 0x9E3779B1 + 12345) & ((1 << 64) - 1))
        elif not hasattr(rng, "next64"):  # a kernel Rng (either build) goes to the kernel as it is
            rng = make_rng(rng)  # a seed, or another library's generator
        return int(self.game.kernel.sample_chance(self.buf, rng))

    def is_legal(self, seat: int, move: int) -> bool:
        """Whether ``seat`` may play ``move`` now (no list is built)."""
        k = self.game.kernel
        out = self._scratch()
        n = k.to_move(self.buf, out)
        if seat not in out[:n]:
            return False
        if seat == CHANCE:
            return any(m == move for m, _ in self.chance_outcomes())
        n = k.legal(self.buf, seat, out)
        return bool(n) and bool((out[:n] == move).any())

    def apply(self, seat: int, move: int) -> None:
        """Play a legal move; raise :class:`IllegalMove` (state unchanged) otherwise."""
        if not self.is_legal(seat, move):
            if seat not in self.to_move():
                who = "chance" if seat == CHANCE else f"seat {seat}"
                raise IllegalMove(f"{who} is not to move")
            self.legal_moves(seat)  # a full state whose mover has no move at all: NoLegalMove
            if seat == CHANCE and self.observer is not None and not self.chance_outcomes():
                raise IllegalMove(f"seat {self.observer}'s view cannot follow a hidden chance outcome")
            raise IllegalMove(f"{self.move_to_string(seat, move)} is not legal here")
        self.apply_trusted(seat, move)

    def apply_trusted(self, seat: int, move: int) -> None:
        """Play a move the caller has just taken from :meth:`legal_moves` (or
        :meth:`chance_outcomes`), without checking it again -- for loops that
        list the moves anyway (search, adapters).  An illegal move here leaves
        a corrupt state: anything from outside goes through :meth:`apply`."""
        if seat == CHANCE:
            self.buf[DEALER] = (int(self.buf[DEALER]) * 1103515245 + 12345 + move) & 0x7FFFFFFF
        self.game.kernel.apply(self.buf, seat, move)

    def apply_string(self, seat: int, text: str) -> int:
        move = self.parse_move(seat, text)
        self.apply(seat, move)
        return move

    # -- notation -------------------------------------------------------------
    def move_to_string(self, seat: int, move: int) -> str:
        return self.game.move_to_string(self, seat, move)

    def parse_move(self, seat: int, text: str) -> int:
        """Parse a move string of ``seat``; :class:`BadMove` if unreadable."""
        return self.game.parse_move(self, seat, text.strip())

    def to_string(self) -> str:
        return self.game.layout.dumps(self.buf)

    def __str__(self) -> str:
        return self.to_string()

    def draw(self, seat: int | None = None) -> str:
        return self.game.draw(self, seat)

    # -- outcome --------------------------------------------------------------
    def scores(self) -> list[int]:
        out = np.zeros(self.players, dtype=DTYPE)
        self.game.kernel.scores(self.buf, out)
        return [int(x) for x in out]

    def winners(self) -> list[int]:
        """Seats with the best rank key (empty when a non-seat rival beats them all)."""
        keys = self.game.rank_keys(self)
        best = max(keys + self.game.rival_keys(self))
        return [i for i, k in enumerate(keys) if k == best]

    def returns(self, mode: str = "win") -> list[float]:
        """Rewards in [0, 1] per seat: ``win`` share (ties split), ``rank``, ``score``
        (margin over the best other seat) or ``field`` (margin over the other seats' mean).

        Non-seat rivals (:meth:`Game.rival_keys`) take their share of a win or
        their place in the ranking, so win shares then sum to less than 1.
        """
        return returns_from(self.game.rank_keys(self), self.scores(), mode, self.game.score_scale,
                            self.game.rival_keys(self))

    # -- hidden information ---------------------------------------------------
    def observe(self, seat: int) -> "State":
        """The masked view of ``seat``: hidden values become UNKNOWN."""
        if not 0 <= seat < self.players:
            raise BadConfig(f"no seat {seat}")
        obs = self.observer
        if obs is not None and obs != seat:
            raise BadState(f"this is seat {obs}'s view, not seat {seat}'s")
        view = self.clone()
        self.game.kernel.observe(view.buf, seat)
        view.buf[DEALER] = 0
        view.buf[OBSERVER] = seat + 1
        return view

    def observation_string(self, seat: int) -> str:
        return self.observe(seat).to_string()

    def info_key(self, seat: int) -> bytes:
        """A compact key of ``seat``'s view (16 bytes): equal views, equal keys.

        Costs a few microseconds, where the view's text costs hundreds.  It is
        a key of the *current* view; a perfect-recall key also needs the
        views seen before (see the adapters).
        """
        view = self.observe(seat).buf
        return hashlib.blake2b(view[HEADER:].tobytes(), digest_size=16).digest()

    def determinize(self, seat: int, rng: Any = None,
                    submitted: Sequence[tuple[int, int | None]] = (),
                    keep_chosen: bool = True) -> "State":
        """A full state sampled among those consistent with ``seat``'s view.

        ``rng`` is a seed or any seeded generator (see :func:`make_rng`).

        At a simultaneous step a view shows which seats have already made
        their hidden choice (never what).  The world keeps them made
        (``keep_chosen``), each redrawn among what that seat could have
        chosen in the world, so the world shows the same view, "who has
        chosen" included, and has the same seats still to choose (what a
        sequentialised step needs).  ``keep_chosen=False`` lets a kernel
        clear them instead, so they choose again in the world (the Guildes
        kernel's plain ``determinize`` does, for its search; Between Two
        Cities' and City and Guilds' ``clear_choices`` undo them in the view
        first, as the ISMCTS option ``step_start`` does).  ``submitted`` -- the ``(seat, move)``
        choices made so far at this step, ``move`` None where ``seat``
        cannot see it -- puts cleared choices back: ``seat``'s own as made,
        the others uniformly among their legal moves in the world.

        >>> import engine
        >>> s = engine.make("guildes", players=3, seed=2)
        >>> while s.is_chance():
        ...     s.apply(CHANCE, s.sample_chance())
        >>> s.apply(1, s.legal_moves(1)[0])
        >>> s.observe(0).to_move() == s.to_move() == (0, 2)
        True
        >>> s.determinize(0, 5).to_move(), s.determinize(0, 5, keep_chosen=False).to_move()
        ((0, 2), (0, 1, 2))
        """
        rng = make_rng(rng)
        view = self.observe(seat)
        world = view.clone()
        kernel = self.game.kernel
        if keep_chosen and hasattr(kernel, "determinize_keep"):
            kernel.determinize_keep(world.buf, seat, rng)
        else:
            if not keep_chosen and hasattr(kernel, "clear_choices"):
                kernel.clear_choices(world.buf, seat)  # the view at the step's start
            kernel.determinize(world.buf, seat, rng)
        world.buf[OBSERVER] = 0
        world.buf[DEALER] = rng.below(0x7FFFFFFF)
        if keep_chosen:
            waiting = view.to_move()
            for who in world.to_move():
                if who != CHANCE and who not in waiting:  # chose in the view, cleared by the kernel
                    moves = world.legal_moves(who)
                    world.apply_trusted(who, moves[rng.below(len(moves))])
        for who, move in submitted:
            if who not in world.to_move():
                continue  # a kernel that keeps submitted choices already has it
            if move is None or who != seat:
                moves = world.legal_moves(who)
                move = moves[rng.below(len(moves))]
            world.apply(who, move)
        return world

    def rollout(self, rng: Any = None, mode: str = "win") -> list[float]:
        """Returns of one uniformly random playout from here, run by the kernel
        (no Python per move); the state itself is unchanged.  A full state only."""
        if self.observer is not None:
            raise BadState("a view cannot be played out: determinize it first")
        world = self.clone()
        self.game.kernel.rollout(world.buf, make_rng(rng))
        return world.returns(mode)


_OWN_RANKING: dict = {}


def kernel_ranks_itself(kernel: Any) -> bool:
    """True when ``kernel``'s class overrides the base ``Kernel.rank_keys`` (compiled or interpreted base)."""
    cls = type(kernel)
    if cls not in _OWN_RANKING:
        # the base a kernel was built on, compiled or either interpreted module, read from its
        # classes (importing the interpreted twin here cost a first search its time limit)
        bases = [b for b in cls.__mro__ if b.__name__ == "Kernel" and b.__module__.endswith("kernel")]
        _OWN_RANKING[cls] = any(getattr(cls, "rank_keys") is not getattr(b, "rank_keys") for b in bases)
    return _OWN_RANKING[cls]


def kernel_keys(game: Game, state: "State") -> list[tuple]:
    """Every competitor's rank key from ``game.kernel.rank_keys``: seats, then rivals.

    Trailing words that are 0 for every competitor are dropped (so a game
    ranked by score alone has keys ``(score,)``); the keys keep one length.
    """
    width = select.load("kernel").RANK_KEYS
    out = np.zeros((game.players + 8) * width, dtype=DTYPE)
    n = game.kernel.rank_keys(np.ascontiguousarray(state.buf, dtype=DTYPE), out)
    rows = out[:n * width].reshape(n, width)
    used = max([1] + [j + 1 for j in range(width) if rows[:, j].any()])
    return [tuple(int(x) for x in row[:used]) for row in rows]


def returns_from(keys: list[tuple], scores: list[int], mode: str, scale: float,
                 rivals: Sequence[tuple] = ()) -> list[float]:
    """Turn rank keys and scores into a reward vector (see :meth:`State.returns`).

    ``rivals`` are rank keys of non-seat competitors: they win or rank like
    seats but get no reward.  ``score`` and ``field`` read ``scores`` (seats
    only, so rivals and tie-breaks play no part): ``0.5 + 0.5 tanh(margin /
    scale)`` with the margin over the best other seat (``score``) or over the
    mean of the other seats (``field``: a point taken from any of them counts).
    One seat alone has margin 0.

    >>> returns_from([(3,), (5,), (5,)], [3, 5, 5], "win", 10)
    [0.0, 0.5, 0.5]
    >>> returns_from([(3,), (5,), (4,)], [3, 5, 4], "rank", 10)
    [0.0, 1.0, 0.5]
    >>> returns_from([(3,), (5,)], [3, 5], "win", 10, rivals=[(5,)])
    [0.0, 0.5]
    >>> [round(r, 4) for r in returns_from([(9,), (5,), (1,)], [9, 5, 1], "field", 4)]
    [0.9526, 0.5, 0.0474]
    """
    n = len(keys)
    everyone = list(keys) + list(rivals)
    if mode == "win":
        best = max(everyone)
        share = 1.0 / sum(1 for k in everyone if k == best)
        return [share if keys[i] == best else 0.0 for i in range(n)]
    if mode == "rank":
        m = len(everyone)
        if m == 1:
            return [1.0]
        out = []
        for i in range(n):
            below = sum(1 for k in everyone if k < keys[i])
            ties = sum(1 for k in everyone if k == keys[i]) - 1
            out.append((below + ties / 2) / (m - 1))
        return out
    if mode == "score":
        import math

        out = []
        for i in range(n):
            rival = max(scores[j] for j in range(n) if j != i) if n > 1 else 0
            out.append(0.5 + 0.5 * math.tanh((scores[i] - rival) / scale))
        return out
    if mode == "field":
        import math

        out = []
        for i in range(n):
            others = [scores[j] for j in range(n) if j != i]
            mean = sum(others) / len(others) if others else scores[i]
            out.append(0.5 + 0.5 * math.tanh((scores[i] - mean) / scale))
        return out
    raise BadConfig(f"unknown returns mode {mode!r} (choose from {', '.join(RETURN_MODES)})")


__all__ = ["CHANCE", "HEADER", "UNKNOWN", "Game", "State", "Variant", "Rng", "make_rng",
           "returns_from", "RETURN_MODES"]
