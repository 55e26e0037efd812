"""The player interface shared by ISMCTS and the baselines.

>>> import engine
>>> from engine.perft import play_to_decision
>>> s = play_to_decision(engine.make("guildes", players=4, seed=1), 1)
>>> p = make_player("random", seed=5)
>>> p.choose(s, 0, Limits(iterations=10)) in s.legal_moves(0)
True
"""
from __future__ import annotations

import functools
import inspect
import re
import threading
import warnings
from dataclasses import dataclass, field, replace
from typing import Callable, ClassVar, Optional

from cython_ext.errors import BrokenState
from engine.core import State, make_rng
from engine.errors import BadConfig, BadState, GuildhallError


class SearchError(GuildhallError):
    kind = "search"


@dataclass
class Limits:
    """When a search stops; the first limit reached wins.  None means no limit.

    ``movetime`` is in seconds.  ``clock`` is the remaining time per seat in
    seconds and ``increment`` the per-move increment per seat; a time manager
    turns them into a budget for this move.  ``infinite`` searches until
    stopped by the stop event.  ``info_interval`` is not a limit: the seconds
    between a search's periodic ``on_info`` reports.  ``searchmoves`` (UCI's
    name) is not a limit either: the root moves the search may consider (move
    ids of the searching seat; None: all).  Every player searches only those
    at the root -- no visit, sample or solved value goes to another move --
    and answers one of them.
    """

    iterations: Optional[int] = None
    nodes: Optional[int] = None
    movetime: Optional[float] = None
    clock: Optional[list[float]] = None
    increment: Optional[list[float]] = None
    infinite: bool = False
    info_interval: float = 0.25
    searchmoves: Optional[list[int]] = None
    multipv: int = 1  # how many root moves' lines SearchInfo.lines carries (UCI's MultiPV)

    def validate(self) -> None:
        for name in ("iterations", "nodes"):
            v = getattr(self, name)
            if v is not None and (not isinstance(v, int) or v < 1):
                raise BadConfig(f"{name} must be a positive integer, not {v!r}")
        if self.movetime is not None and not (0 < self.movetime < float("inf")):
            raise BadConfig(f"movetime must be a positive finite number, not {self.movetime!r}")
        for name in ("clock", "increment"):
            v = getattr(self, name)
            if v is not None and any(not 0 <= x < float("inf") for x in v):
                raise BadConfig(f"{name} values must be finite and not negative")
        if self.searchmoves is not None and not self.searchmoves:
            raise BadConfig("searchmoves must name at least one move")


ASCII_INT = re.compile(r"[+-]?[0-9]+")
ASCII_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def ascii_number(text: str, integer: bool = False) -> bool:
    """Whether ``text`` is a plain decimal number in ASCII digits (an integer with
    ``integer``): the protocol's grammar, narrower than ``int``/``float``, which also take
    ``1_0``, other scripts' digits and ``inf``.

    >>> [ascii_number(x) for x in ("0.7", "-2", "1e3", ".5", "1_0", "\u0661", "inf", "")]
    [True, True, True, True, False, False, False, False]
    >>> ascii_number("2.0", integer=True)
    False
    """
    return bool((ASCII_INT if integer else ASCII_NUMBER).fullmatch(text))


def root_moves(view: State, seat: int, limits: Limits) -> list[int]:
    """``seat``'s legal moves in ``view`` that the search may consider (``limits.searchmoves``)."""
    legal = view.legal_moves(seat)
    if limits.searchmoves is None:
        return legal
    allowed = set(limits.searchmoves)
    return [m for m in legal if m in allowed]


@dataclass
class MoveStat:
    move: int
    visits: int
    value: list[float]  # mean reward per seat


@dataclass
class SearchInfo:
    """What a search reports, streamed through ``on_info`` and returned at the end."""

    iterations: int = 0
    nodes: int = 0
    elapsed: float = 0.0
    ips: float = 0.0
    moves: list[MoveStat] = field(default_factory=list)
    pv: list[tuple[int, int]] = field(default_factory=list)  # (seat, move)
    best: Optional[int] = None
    tree_nodes: int = 0  # nodes stored in the tree (0: no tree)
    tree_full: int = 0  # per mille of the tree's node capacity in use (UCI's hashfull)
    # with Limits.multipv > 1: the line after each of the most visited root moves, as far as
    # the player can tell (a tree search descends from that move; others give the move alone)
    lines: dict[int, list[tuple[int, int]]] = field(default_factory=dict)


InfoCallback = Callable[[SearchInfo], None]


@dataclass
class SearchSettings:
    """What one decision searches with (the protocol's ``debug`` line): options only,
    never anything of the position.

    ``origin`` is where a preset player took ``options`` from -- (preset name, budgets of
    the ``by_budget`` entries laid over it, the seat count whose ``default_by_players``
    entry chose the preset or None) -- and None for a player without presets;
    ``budget`` the iteration budget that chose them (None: not limited by iterations).
    ``skill``, ``cap`` and ``temperature`` are a Skill level's; ``fallback_for`` names
    the player inside whose decision this search runs (the solver's ISMCTS fallback).
    """

    player: str
    options: dict
    origin: Optional[tuple[str, list[int], Optional[int]]] = None
    budget: Optional[int] = None
    skill: int = 20
    cap: Optional[int] = None
    temperature: float = 0.0
    fallback_for: Optional[str] = None


SettingsHook = Callable[[SearchSettings], None]


class Player:
    """A decision maker for one seat.  Subclasses implement :meth:`search`."""

    name: ClassVar[str] = ""
    options: ClassVar[dict] = {}
    # how a frontend may set each option: {"choices": (...)} for a fixed set of
    # words, {"min": lo, "max": hi} for a number's range (the protocol declares
    # combo and spin options from it); the constructor still checks every value
    option_meta: ClassVar[dict] = {}
    # debug mode (the protocol's 'debug on'): told what each decision searches with, once per
    # decision before its search starts -- also a decision with one move, answered without one
    on_settings: Optional[SettingsHook] = None

    def __init__(self, seed: Optional[int] = None, **options) -> None:
        unknown = set(options) - set(self.options)
        if unknown:
            raise BadConfig(f"{self.name} has no option {sorted(unknown)[0]!r}"
                            f" (options: {', '.join(self.options) or 'none'})")
        self.seed = seed
        self.rng = make_rng(seed)
        self.last_info = SearchInfo()

    def choose(self, state: State, seat: int, limits: Limits = Limits(),
               on_info: Optional[InfoCallback] = None,
               stop: Optional[threading.Event] = None, omniscient: bool = False) -> int:
        """Pick a move for ``seat``, using only what ``seat`` can see.

        ``omniscient=True`` (analysis only) searches the full state as given,
        every hidden value open: the search gets an :class:`OpenState`, whose
        determinizations are copies of itself.  In debug mode (``on_settings``) the
        decision's settings are said here, once, before it searches -- also when it has
        one move and answers without a search -- so every player says them alike.  A kernel
        that meets a state no sound game reaches (``cython_ext.errors.BrokenState``) makes it a
        :class:`~engine.errors.BadState`: the caller's state is untouched.
        """
        limits.validate()
        if seat not in state.to_move():
            raise SearchError(f"seat {seat} is not to move" if state.to_move() else "the game is over")
        moves = state.legal_moves(seat)
        if limits.searchmoves is not None:
            bad = [m for m in limits.searchmoves if m not in moves]
            if bad:
                raise SearchError(f"searchmoves: move {bad[0]} is not legal for seat {seat} here")
            limits = replace(limits, searchmoves=sorted(set(limits.searchmoves)))
            moves = limits.searchmoves
        self.say_settings(state.game.name, limits, players=state.players)
        if len(moves) == 1:
            self.last_info = SearchInfo(best=moves[0], moves=[MoveStat(moves[0], 0, [])])
            return moves[0]
        if omniscient:
            if state.observer is not None:
                raise SearchError("an omniscient search needs a full state, not a seat's view")
            view = OpenState(state.game, state.buf.copy())
        else:
            view = state.observe(seat) if state.observer is None else state
        try:
            info = self.search(view, seat, limits, on_info, stop or threading.Event())
        except BrokenState as exc:  # a state from outside that legal play led astray: say so
            raise BadState(f"inconsistent state: a search on it fails ({exc})") from exc
        self.last_info = info
        return info.best

    def search(self, view: State, seat: int, limits: Limits, on_info: Optional[InfoCallback],
               stop: threading.Event) -> SearchInfo:
        raise NotImplementedError

    def settings(self, game: str, limits: Limits, players: Optional[int] = None) -> SearchSettings:
        """What a decision in ``game`` (at a table of ``players`` seats) under ``limits``
        searches with.  This default serves a player whose options are fixed when it is
        made (``opts``); a player that chooses them per decision (presets by budget and
        seats, a Skill level) says how, and its search must use the very options returned here."""
        return SearchSettings(self.name, dict(getattr(self, "opts", {})))

    def say_settings(self, game: str, limits: Limits, runner: Optional["Player"] = None,
                     players: Optional[int] = None) -> None:
        """In debug mode (``on_settings`` set), say what the search about to run uses: this
        player's own decision, or ``runner``'s, a search this player runs inside its own
        decision (marked ``fallback_for`` this player).  Nothing is computed otherwise."""
        if self.on_settings is None:
            return
        if runner is None:
            self.on_settings(settings_of(self, game, limits, players))
        else:
            self.on_settings(replace(settings_of(runner, game, limits, players), fallback_for=self.name))

    def new_game(self) -> None:
        """Forget anything kept between moves (e.g. a reused tree)."""

    def observe_move(self, state: State, seat: int, move: int) -> None:
        """Be told that ``seat`` (``CHANCE``: the dealer) plays ``move`` in ``state`` (the state
        before it: a full state, or this player's seat's view).  A caller that tells a player
        every move of the game, chance included, lets it keep its search tree between its
        decisions (ISMCTS ``reuse``, search/reuse.py); the player keeps only what its own seat
        observes of each move.  A gap, or a move told of another game, only costs the reuse."""

    def close(self) -> None:
        """Release what the player holds outside this process's memory (e.g. worker
        processes); it may still search afterwards, starting them again."""

    def hand_over(self, successor: "Player") -> None:
        """Give ``successor`` (the player replacing this one) what it can reuse, then :meth:`close`."""
        self.close()


def settings_of(player: Player, game: str, limits: Limits, players: Optional[int]) -> SearchSettings:
    """``player.settings(game, limits, players)``, or ``(game, limits)`` for a plugin class
    written before session 13 gave ``settings`` its ``players``."""
    method = player.settings
    func = getattr(method, "__func__", None)
    if _takes_players(method if func is None else func, func is not None):
        return method(game, limits, players)
    return method(game, limits)


@functools.lru_cache(maxsize=None)
def _takes_players(settings: Callable, is_method: bool) -> bool:
    """Whether a ``settings`` function accepts ``players`` (read once per function from its
    signature).  Not a retry on TypeError: that would also swallow a TypeError raised inside
    a new-style ``settings`` and call it again without ``players``."""
    try:
        inspect.signature(settings).bind(*((None,) if is_method else ()), "game", None, None)
    except TypeError:
        warnings.warn(f"{settings.__qualname__}(self, game, limits) is the old signature: "
                      f"add players=None (the table's number of seats)", DeprecationWarning, stacklevel=3)
        return False
    return True


class OpenState(State):
    """A full state searched with everything open (``choose(omniscient=True)``).

    Its view and its determinizations are copies of itself, so a search that
    determinizes through the :class:`State` API sees the true hidden values.
    """

    __slots__ = ()

    def clone(self) -> "OpenState":
        return OpenState(self.game, self.buf.copy())

    def observe(self, seat: int) -> "OpenState":
        return self.clone()

    def determinize(self, seat: int, rng) -> "OpenState":
        world = self.clone()
        world.buf[0] = rng.below(0x7FFFFFFF)  # a fresh dealer seed, as State.determinize gives
        return world


class RandomPlayer(Player):
    """Uniformly random legal moves."""

    name = "random"

    def search(self, view, seat, limits, on_info, stop):
        moves = root_moves(view, seat, limits)
        # every move listed, none valued (the protocol writes '-'), as greedy's report
        info = SearchInfo(best=moves[self.rng.below(len(moves))], moves=[MoveStat(m, 0, []) for m in moves])
        if on_info is not None:
            on_info(info)
        return info


_PLAYERS: dict[str, type[Player]] = {}


def register_player(cls: type[Player]) -> type[Player]:
    _PLAYERS[cls.name] = cls
    return cls


register_player(RandomPlayer)


def player_names() -> list[str]:
    _load_builtin()
    return sorted(_PLAYERS)


def make_player(name: str, seed: Optional[int] = None, **options) -> Player:
    """Build a player by name (``random``, ``ismcts``, baselines ...)."""
    _load_builtin()
    if name not in _PLAYERS:
        raise BadConfig(f"unknown player {name!r} (players: {', '.join(sorted(_PLAYERS))})")
    return _PLAYERS[name](seed=seed, **options)


_BROKEN: dict[str, str] = {}


def broken_players() -> dict[str, str]:
    """Built-in player modules that failed to import, with the error."""
    _load_builtin()
    return dict(_BROKEN)


def _load_builtin() -> None:
    import importlib

    for mod in ("search.baselines", "search.ismcts", "search.solver"):
        if mod in _BROKEN:
            continue
        try:
            importlib.import_module(mod)
        except Exception as exc:  # noqa: BLE001 - one broken player must not break the others
            _BROKEN[mod] = f"{type(exc).__name__}: {exc}"
