"""Drive a guildhall engine process from Python (after python-chess ``chess.engine``).

>>> from guildhall.client import Engine, Limit
>>> with Engine.popen() as eng:                      # doctest: +SKIP
...     eng.configure({"Seed": 3})
...     eng.new_game("guildes", players=4, seed=1)
...     while eng.status().tomove == ["chance"]:
...         eng.push("random")
...     result = eng.play(Limit(iterations=200))
...     result.move
'alchemists'

Every wait has a timeout (:class:`EngineTimeout`); an ``error`` reply raises
:class:`EngineError`; a dead process raises :class:`EngineTerminated`.
Commands that answer nothing on success are followed by ``isready``, so an
``error`` reply is always matched to the command that caused it.
"""
from __future__ import annotations

import collections
import copy
import os
import queue
import shlex
import subprocess
import sys
import threading
import time
from collections.abc import MutableMapping
from dataclasses import dataclass, field
from typing import Iterable, Iterator, Optional, Sequence, Union


class EngineError(Exception):
    """The engine answered ``error <kind> <message>``."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind, self.message = kind, message


class EngineTerminated(EngineError):
    def __init__(self, message: str = "engine process ended") -> None:
        super().__init__("terminated", message)


class EngineTimeout(EngineError):
    def __init__(self, message: str) -> None:
        super().__init__("timeout", message)


@dataclass
class Limit:
    """When a search stops (the first reached); checked when built (``ValueError``).

    ``movetime`` is in milliseconds.  ``time`` is either one number, the
    seconds for this move (as python-chess's ``Limit(time=0.5)``), or one clock
    per seat in milliseconds, with ``inc`` the increments in milliseconds.
    ``infinite`` searches until stopped: use it with :meth:`Engine.analysis`.

    >>> Limit(time=0.5).args()
    'movetime 500'
    >>> Limit(movetime=0.5)
    Traceback (most recent call last):
    ...
    ValueError: movetime is in milliseconds and must be at least 1, not 0.5 (for seconds use time=0.5)
    """

    iterations: Optional[int] = None
    nodes: Optional[int] = None
    movetime: Optional[int] = None
    time: Optional[Union[float, Sequence[int]]] = None
    inc: Optional[Sequence[int]] = None
    infinite: bool = False

    def __post_init__(self) -> None:
        for key in ("iterations", "nodes"):
            v = getattr(self, key)
            if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 1):
                raise ValueError(f"{key} must be a positive integer, not {v!r}")
        if self.movetime is not None:
            if isinstance(self.movetime, bool) or not isinstance(self.movetime, (int, float)) \
                    or not (1 <= self.movetime < 2**31):
                raise ValueError(f"movetime is in milliseconds and must be at least 1, not {self.movetime!r}"
                                 " (for seconds use time=0.5)")
        if isinstance(self.time, (int, float)) and not isinstance(self.time, bool):
            if not (0.001 <= self.time < 2**31 / 1000):
                raise ValueError(f"time (seconds for this move) must be at least 0.001, not {self.time!r}")
            if self.movetime is not None:
                raise ValueError("give time (seconds) or movetime (milliseconds), not both")
            if self.inc is not None:
                raise ValueError("inc goes with per-seat clocks: time=[ms, ms, ...]")
        elif self.time is not None:
            self._check_ms("time", self.time)
        if self.inc is not None:
            if self.time is None:
                raise ValueError("inc needs time (one clock per seat)")
            self._check_ms("inc", self.inc)
            if len(self.inc) != len(self.time):
                raise ValueError("time and inc need one value per seat each")

    @staticmethod
    def _check_ms(key: str, values) -> None:
        try:
            ok = len(values) > 0 and all(not isinstance(v, bool) and isinstance(v, (int, float))
                                         and 0 <= v < 2**31 for v in values)
        except TypeError:
            ok = False
        if not ok:
            raise ValueError(f"{key} must be one number of milliseconds per seat, not {values!r}")

    def args(self) -> str:
        parts = []
        for key in ("iterations", "nodes"):
            v = getattr(self, key)
            if v is not None:
                parts.append(f"{key} {int(v)}")
        if self.movetime is not None:
            parts.append(f"movetime {round(self.movetime)}")
        if isinstance(self.time, (int, float)):
            parts.append(f"movetime {max(1, round(self.time * 1000))}")
        elif self.time is not None:
            parts.append("time " + " ".join(str(int(t)) for t in self.time))
        if self.inc is not None:
            parts.append("inc " + " ".join(str(int(t)) for t in self.inc))
        if self.infinite:
            parts.append("infinite")
        return " ".join(parts)

    def wait_hint(self) -> Optional[float]:
        """Seconds the search may take by its limit, if it says."""
        if self.movetime is not None:
            return self.movetime / 1000
        if isinstance(self.time, (int, float)):
            return float(self.time)
        if self.time is not None:
            return max(self.time) / 1000
        return None


@dataclass
class MoveInfo:
    """One root move: its visits, mean reward per seat, and (``Info.multipv`` entries)
    its line as ``seat N MOVE`` / ``chance MOVE`` items, the move itself first."""

    move: str
    visits: int
    value: list[float]
    pv: list[str] = field(default_factory=list)
    share: float = 0.0  # multipv: the move's share of the root visits

    @property
    def pv_items(self) -> list[tuple[int, str]]:
        """The line as ``(seat, move)``, chance as seat -1."""
        return [parse_item(p) for p in self.pv]


@dataclass
class Settings:
    """An ``info string settings`` line (``debug on``, docs/protocol.md): what one search
    used.  ``preset`` and ``budget`` are None for a player without presets (``-`` on the
    line; ``preset`` ``none`` is the built-in defaults); ``budget`` is also None for a
    search not limited by iterations; ``default_at`` is the seat count whose per-count
    default chose the preset (None: the line has no ``default_at``).

    >>> s = parse_settings("info string settings player=ismcts preset=p1 by_budget=400,1600 budget=1600 "
    ...                    "skill=20 cap=none temperature=0.0 options exploration=0.35 reuse=true tree=mo")
    >>> s.player, s.preset, s.by_budget, s.budget, s.cap, s.options
    ('ismcts', 'p1', [400, 1600], 1600, None, {'exploration': 0.35, 'reuse': True, 'tree': 'mo'})
    """

    line: str
    player: str
    preset: Optional[str]
    by_budget: list[int]  # budgets of the preset's by_budget entries laid over (none: [])
    budget: Optional[int]  # the iteration budget that chose them
    skill: int
    cap: Optional[int]  # the Skill level's iteration cap (None at full strength)
    temperature: float
    options: dict  # every effective search option, typed (bool, int, float or str)
    # a search run inside another player's decision (the solver's ISMCTS fallback): that player
    fallback_for: Optional[str] = None
    # on the line of the player that answers the go: its fallback search's line, if it ran one
    fallback: Optional["Settings"] = None
    # the seat count whose per-count default (a preset file's default_by_players) chose ``preset``
    default_at: Optional[int] = None


def _setting_value(text: str):
    if text in ("true", "false"):
        return text == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_settings(line: str) -> Settings:
    """A :class:`Settings` from its ``info string settings ...`` line."""
    words = line.split()[3:]
    cut = words.index("options") if "options" in words else len(words)
    head = dict(w.split("=", 1) for w in words[:cut] if "=" in w)
    opts = {k: _setting_value(v) for k, v in (w.split("=", 1) for w in words[cut + 1:] if "=" in w)}
    given = lambda key: None if head.get(key, "-") in ("-", "none") else head[key]  # noqa: E731
    entries = given("by_budget")
    preset = head.get("preset", "-")  # 'none' is a preset: the built-in defaults
    return Settings(line, head.get("player", ""), None if preset == "-" else preset,
                    [int(b) for b in entries.split(",")] if entries else [],
                    int(given("budget")) if given("budget") else None, int(head.get("skill", 20)),
                    int(given("cap")) if given("cap") else None, float(head.get("temperature", 0.0)), opts,
                    head.get("fallback_for"), default_at=int(head["default_at"]) if "default_at" in head else None)


@dataclass
class Info:
    """The last ``info`` report of a search."""

    seat: Optional[int] = None
    iterations: int = 0
    nodes: int = 0
    time: int = 0
    ips: int = 0
    pv: list[str] = field(default_factory=list)
    moves: list[MoveInfo] = field(default_factory=list)
    currmove: Optional[str] = None
    treefull: int = 0  # per mille of the tree's capacity (UCI's hashfull)
    multipv: list[MoveInfo] = field(default_factory=list)  # with MultiPV > 1: the best root moves
    settings: Optional[Settings] = None  # with debug on: what the search used

    @property
    def pv_items(self) -> list[tuple[int, str]]:
        """The pv as ``(seat, move)``, chance as seat -1."""
        return [parse_item(p) for p in self.pv]


@dataclass
class PlayResult:
    move: Optional[str]
    info: Info


@dataclass
class Status:
    tomove: list[str]  # as written: ["chance"], ["0", "2"], ["none"]
    ply: int
    over: bool
    scores: list[int]
    winner: list[int]

    @property
    def seats(self) -> list[int]:
        """The seats to move as ints (chance is ``CHANCE``, -1; none when the game is over)."""
        if self.tomove in (["none"], []):
            return []
        return [CHANCE if t == "chance" else int(t) for t in self.tomove]

    @property
    def chance(self) -> bool:
        return self.tomove == ["chance"]


CHANCE = -1
ABANDON_WAIT = 5.0  # seconds a stopped search has to answer its bestmove
STDERR_LINES = 20  # lines of the engine's stderr kept for the message of EngineTerminated


def parse_item(text: str) -> tuple[int, str]:
    """A pv item ``seat N MOVE`` / ``chance MOVE`` as ``(seat, move)``."""
    words = text.split()
    if words and words[0] == "seat" and len(words) > 2:
        return int(words[1]), " ".join(words[2:])
    if words and words[0] == "chance":
        return CHANCE, " ".join(words[1:])
    return CHANCE if not words else -2, text


class OptionMap(MutableMapping):
    """The engine's options by name, read in any case as the engine reads ``setoption``
    (UCI option names are case-insensitive; python-chess's ``Engine.options`` is alike);
    iteration gives the names as the engine wrote them.

    >>> m = OptionMap()
    >>> m["Seed"] = Option("option name Seed type spin default 0 min 0 max 9")
    >>> m["seed"].name, "SEED" in m, list(m)
    ('Seed', True, ['Seed'])
    """

    def __init__(self) -> None:
        self._items: dict[str, tuple[str, "Option"]] = {}

    def __getitem__(self, name: str) -> "Option":
        return self._items[name.lower()][1]

    def __setitem__(self, name: str, opt: "Option") -> None:
        self._items[name.lower()] = (name, opt)

    def __delitem__(self, name: str) -> None:
        del self._items[name.lower()]

    def __iter__(self):
        return (name for name, _ in self._items.values())

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f"OptionMap({dict(self.items())!r})"


class Option(str):
    """A handshake ``option`` line (it still is that string), with typed fields.

    >>> o = Option("option name workers type spin default 1 min 1 max 64")
    >>> o.name, o.type, o.default, o.min, o.max
    ('workers', 'spin', 1, 1, 64)
    >>> Option("option name tree type combo default so var so var mo").vars
    ['so', 'mo']
    """

    def __new__(cls, line: str) -> "Option":
        self = super().__new__(cls, line)
        words = line.split()
        self.name = words[2] if len(words) > 2 else ""
        self.type = words[4] if len(words) > 4 else ""
        self.min = self.max = None
        self.vars = []
        raw = None
        i = 5
        while i + 1 < len(words):
            key, val = words[i], words[i + 1]
            if key == "default":
                raw = val
            elif key in ("min", "max"):
                setattr(self, key, int(val))
            elif key == "var":
                self.vars.append(val)
            i += 2
        self.default = self.parse(raw) if raw is not None else None
        return self

    def parse(self, text: str):
        """A value of this option's type from its text."""
        if self.type == "check":
            return text == "true"
        if self.type == "spin":
            return int(text)
        if text == "<empty>":
            return ""
        try:
            return float(text) if self.type == "string" and any(c.isdigit() for c in text) else text
        except ValueError:
            return text


def parse_info(line: str, info: Info) -> None:
    """Fold one ``info`` line into ``info`` (see docs/protocol.md); ``info string`` is
    free text (as in UCI), read only when it is a ``settings`` line."""
    body = line[len("info"):].strip()
    if body.split()[:1] == ["string"]:
        if body.split()[1:2] == ["settings"]:
            s = parse_settings(line)
            if s.fallback_for is not None and info.settings is not None and info.settings.player == s.fallback_for:
                info.settings.fallback = s  # the go's own line stays first
            else:
                info.settings = s
        return
    if body.startswith("moves"):
        info.moves = []
        for item in body[len("moves"):].split(";"):
            words = item.split()
            if len(words) >= 3:
                value = [] if words[1] == "-" else [float(v) for v in words[1].split(",")]
                info.moves.append(MoveInfo(" ".join(words[2:]), int(words[0]), value))
        return
    head, _, pv = body.partition(" pv ")
    words = head.split()
    if words[:1] == ["multipv"]:
        kv = dict(zip(words[::2], words[1::2]))
        k = int(kv["multipv"])
        items = [p.strip() for p in pv.split(";") if p.strip()]
        value = [] if kv.get("value", "-") == "-" else [float(v) for v in kv["value"].split(",")]
        entry = MoveInfo(parse_item(items[0])[1] if items else "", int(kv.get("visits", 0)), value,
                         items, float(kv.get("share", 0.0)))
        del info.multipv[k - 1:]
        info.multipv.append(entry)
        return
    if "currmove" in words:  # a move of several words: read it between its two keys
        at, to = words.index("currmove"), words.index("currmovevisits")
        info.currmove = " ".join(words[at + 1:to])
        words = words[:at] + words[to:]
    for key, val in zip(words[::2], words[1::2]):
        if key in ("seat", "iterations", "nodes", "time", "ips"):
            setattr(info, key, int(val))
        elif key == "treefull":
            info.treefull = int(val)
    info.pv = [p.strip() for p in pv.split(";") if p.strip()]


class Engine:
    """A running engine process speaking the guildhall protocol."""

    def __init__(self, command: Sequence[str], timeout: float = 30.0,
                 env: Optional[dict] = None) -> None:
        self.timeout = timeout
        self.proc = subprocess.Popen(
            list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, encoding="utf-8", errors="replace", bufsize=1,
            env=dict(os.environ) if env is None else env)
        self.lines: "queue.Queue[Optional[str]]" = queue.Queue()
        # the engine's last words on stderr (an 'error: ...' of the command line), for the
        # message of EngineTerminated; read all along, so that a full pipe never blocks it
        self.stderr_tail: "collections.deque[str]" = collections.deque(maxlen=STDERR_LINES)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        threading.Thread(target=self._read_stderr, daemon=True).start()
        self.id: dict[str, str] = {}
        self.options: OptionMap = OptionMap()  # option name (any case) -> its handshake line, typed
        self.settings: Optional[Settings] = None  # the last 'info string settings' read (debug on)
        try:
            self._handshake()
        except BaseException:  # no Engine to close it later: the process must not outlive this call
            self.proc.kill()
            self.quit()
            raise

    @classmethod
    def popen(cls, args: Iterable[str] = (), timeout: float = 30.0,
              env: Optional[dict] = None) -> "Engine":
        """Start ``python -m guildhall engine [args...]`` with this interpreter."""
        return cls([sys.executable, "-m", "guildhall", "engine", *args], timeout, env)

    # -- plumbing -------------------------------------------------------------------------
    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def _read_stderr(self) -> None:
        assert self.proc.stderr is not None
        try:
            for line in self.proc.stderr:
                self.stderr_tail.append(line.rstrip("\n"))
        except (OSError, ValueError):  # closed by quit() while the last bytes came in
            pass

    def _ended(self) -> "EngineTerminated":
        """The error for a process that ended, with what it last said on stderr."""
        try:
            self.proc.wait(1.0)  # its stderr is then read to the end
        except subprocess.TimeoutExpired:
            pass
        time.sleep(0.05)
        said = " | ".join(x for x in self.stderr_tail if x.strip())
        return EngineTerminated("engine process ended" + (f": {said}" if said else ""))

    def send(self, line: str) -> None:
        if "\n" in line:
            raise ValueError("one command per line")
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise self._ended() from None

    def readline(self, timeout: Optional[float] = None) -> str:
        try:
            line = self.lines.get(timeout=self.timeout if timeout is None else timeout)
        except queue.Empty:
            raise EngineTimeout("no answer from the engine in time") from None
        if line is None:
            self.lines.put(None)  # stay terminated for later readers
            raise self._ended()
        return line

    def read_until(self, prefix: str, timeout: Optional[float] = None) -> list[str]:
        """Lines up to and including the first starting with ``prefix``; raise on ``error``."""
        out = []
        while True:
            line = self.readline(timeout)
            if line.startswith("error "):
                _, kind, message = (line.split(" ", 2) + ["", ""])[:3]
                if not (kind == "busy" and prefix == "bestmove"):  # a refused go answers no bestmove
                    self._drain_to(prefix, timeout)
                raise EngineError(kind, message)
            out.append(line)
            if line == prefix or line.startswith(prefix + " "):
                return out

    def _drain_to(self, prefix: str, timeout: Optional[float]) -> None:
        # an error ends a synchronised command, and a failed go still answers 'bestmove
        # none': consume that last line so replies stay in step
        if prefix in ("readyok", "bestmove"):
            while True:
                line = self.readline(timeout)
                if line == prefix or line.startswith(prefix + " "):
                    return

    def command(self, line: str) -> list[str]:
        """Send a command that answers nothing on success, then sync with ``isready``."""
        self.send(line)
        self.send("isready")
        return self.read_until("readyok")[:-1]

    def _handshake(self) -> None:
        self.send("guildhall")
        for line in self.read_until("guildhallok"):
            if line.startswith("id "):
                _, key, value = (line.split(" ", 2) + [""])[:3]
                self.id[key] = value
            elif line.startswith("option name "):
                opt = Option(line)
                self.options[opt.name] = opt

    # -- the protocol ---------------------------------------------------------------------
    def configure(self, options: dict) -> None:
        """``setoption`` each ``name: value`` (a button, such as ``ClearTree``, takes None)."""
        for name, value in options.items():
            if value is None:
                self.command(f"setoption name {name}")
                continue
            if isinstance(value, bool):
                value = "true" if value else "false"
            self.command(f"setoption name {name} value {value}")

    def debug(self, on: bool = True) -> None:
        """``debug on|off``: with it on, every search first says the settings it uses
        (:attr:`settings`, and ``Info.settings`` of the search's result)."""
        self.command("debug on" if on else "debug off")

    def clear_tree(self) -> None:
        """Forget the search tree and restart the engine's generator from ``Seed``
        (UCI's ``ucinewgame``; ``new_game`` does it too)."""
        self.command("setoption name ClearTree")

    def new_game(self, game: str, players: Optional[int] = None, variants: Sequence[str] = (),
                 edition: Optional[str] = None, seed: Optional[int] = None) -> None:
        parts = [f"newgame {game}"]
        if players is not None:
            parts.append(f"players {players}")
        parts.extend(f"variant {v}" for v in variants)
        if edition is not None:
            parts.append(f"edition {shlex.quote(edition)}")
        if seed is not None:
            parts.append(f"seed {seed}")
        self.command(" ".join(parts))

    def position(self, state: Optional[str] = None, moves: Sequence[str] = (),
                 seed: Optional[int] = None) -> None:
        """``state=None`` is the start position (with ``seed``); ``moves`` are ``[seat N] MOVE``."""
        base = state if state is not None else "startpos" + (f" seed {seed}" if seed is not None else "")
        self.command(f"position {base}" + (" moves " + "; ".join(moves) if moves else ""))

    def set_seat(self, seat: Optional[int]) -> None:
        self.command(f"seat {'auto' if seat is None else seat}")

    def push(self, move: str, seat: Optional[int] = None) -> None:
        """``play``: a move (``random`` draws chance with the engine's dealer)."""
        self.command(f"play {'' if seat is None else f'seat {seat} '}{move}")

    def undo(self, n: int = 1) -> None:
        self.command(f"undo {n}")

    def _search(self, limit: Limit, searchmoves: Sequence[str] = ()) -> PlayResult:
        if limit.infinite:
            raise ValueError("an infinite search never answers by itself: use analysis(), then stop()")
        hint = limit.wait_hint()
        timeout = self.timeout + (hint or 0.0)
        self.send(self._go_line(limit, searchmoves))
        info = Info()
        try:
            return self._collect(info, timeout)
        except EngineTimeout:
            self._abandon()
            raise

    def _go_line(self, limit: Limit, searchmoves: Sequence[str]) -> str:
        line = f"go {limit.args()}".strip()
        return line + (" searchmoves " + "; ".join(searchmoves) if searchmoves else "")

    def _collect(self, info: Info, timeout: float) -> PlayResult:
        """Read a search's replies up to its ``bestmove``, all within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            line = self.readline(max(0.0, deadline - time.monotonic()))
            if line.startswith("error "):
                _, kind, message = (line.split(" ", 2) + ["", ""])[:3]
                if kind != "busy":  # 'busy' refuses the go (another search runs): no bestmove follows
                    self._drain_to("bestmove", self.timeout)
                raise EngineError(kind, message)
            if line.startswith("info "):
                parse_info(line, info)
                self.settings = info.settings or self.settings
            elif line.startswith("bestmove "):
                move = line[len("bestmove "):]
                return PlayResult(None if move == "none" else move, info)

    def _abandon(self) -> None:
        """After a timeout: stop the search and consume its lines, so the engine is usable."""
        try:
            self.send("stop")
            # a stopped search answers at once: a short client timeout must not leave its
            # bestmove unread for the next search to take
            self.read_until("bestmove", ABANDON_WAIT)
        except EngineError:
            pass

    def play(self, limit: Limit, searchmoves: Sequence[str] = ()) -> PlayResult:
        """Search the position and return the engine's move and its last info.
        On a timeout the search is stopped before :class:`EngineTimeout` is raised."""
        return self._search(limit, searchmoves)

    def analyse(self, limit: Limit, searchmoves: Sequence[str] = ()) -> Info:
        """Search and return the statistics (per root move visits and values, pv)."""
        return self._search(limit, searchmoves).info

    def analysis(self, limit: Optional[Limit] = None, searchmoves: Sequence[str] = ()) -> "Analysis":
        """Start a search (default: infinite) and return its :class:`Analysis` stream."""
        limit = limit or Limit(infinite=True)
        self.send(self._go_line(limit, searchmoves))
        return Analysis(self, limit)

    def ping(self) -> None:
        """``isready`` -> ``readyok`` (raises EngineTimeout if the engine does not answer)."""
        self.send("isready")
        self.read_until("readyok")

    def chance_moves(self) -> list[tuple[float, str]]:
        """The dealer's outcomes with their probabilities (when chance is to move)."""
        out = []
        for item in self.validmoves("chance"):
            prob, _, move = item.partition(" ")
            out.append((float(prob), move))
        return out

    def stop(self) -> None:
        self.send("stop")

    def validmoves(self, seat: Optional[Union[int, str]] = None) -> list[str]:
        """Move strings (for chance: ``PROB MOVE`` strings)."""
        self.send("validmoves" + ("" if seat is None else f" {seat}"))
        line = self.read_until("validmoves")[-1]
        _, _, items = line.partition(" moves ")
        return [t.strip() for t in items.split(";") if t.strip()]

    def view(self, seat: Optional[int] = None) -> str:
        self.send("view" + ("" if seat is None else f" {seat}"))
        return self.read_until("view")[-1][len("view "):]

    def status(self) -> Status:
        self.send("status")
        words = self.read_until("status")[-1].split()
        kv = dict(zip(words[1::2], words[2::2]))
        ints = lambda s: [] if s in ("-", None) else [int(x) for x in s.split(",")]  # noqa: E731
        return Status(kv["tomove"].split(","), int(kv["ply"]), kv["over"] == "yes",
                      ints(kv["scores"]), ints(kv.get("winner")))

    def draw(self, seat: Optional[int] = None) -> str:
        return "\n".join(self.command("d" + ("" if seat is None else f" {seat}")))

    def perft(self, depth: int) -> int:
        self.send(f"perft {depth}")
        line = self.read_until(f"perft {depth}")[-1]
        return int(line.split()[2])

    def quit(self, timeout: float = 5.0) -> None:
        if self.proc.poll() is None:
            try:
                self.send("quit")
            except EngineTerminated:
                pass
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                stream.close()
            except Exception:  # noqa: BLE001
                pass

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc) -> None:
        self.quit()


class Analysis:
    """A running search: iterate to get an :class:`Info` snapshot per report, each whole (its
    ``info moves`` and ``info multipv`` lines in: handed out when the next report or the
    ``bestmove`` begins).  A finite search that does not end within the timeout is stopped.

    ``stop()`` asks for the move now; ``wait()`` returns the :class:`PlayResult`
    (for an infinite search, after ``stop()``).  As a context manager it stops
    and waits on leaving, so the engine is free again.
    """

    def __init__(self, engine: Engine, limit: Limit) -> None:
        self.engine, self.limit = engine, limit
        self.info = Info()
        self.result: Optional[PlayResult] = None
        self._stopped = False
        self._open = False  # a report begun and not yet handed out

    def __iter__(self) -> Iterator[Info]:
        return self

    def __next__(self) -> Info:
        if self.result is not None:
            raise StopIteration
        timeout = self.engine.timeout + (self.limit.wait_hint() or 0.0)
        while True:
            line = self._read_infinite() if self.limit.infinite else self._read_finite(timeout)
            if line.startswith("error "):
                _, kind, message = (line.split(" ", 2) + ["", ""])[:3]
                if kind != "busy":  # 'busy' refuses the go (another search runs): no bestmove follows
                    self.engine._drain_to("bestmove", timeout)
                self.result = PlayResult(None, self.info)
                raise EngineError(kind, message)
            if line.startswith("bestmove "):
                move = line[len("bestmove "):]
                self.result = PlayResult(None if move == "none" else move, self.info)
                if self._open:  # the last report is whole now
                    self._open = False
                    return copy.deepcopy(self.info)
                raise StopIteration
            if line.startswith("info "):
                # a report is its 'info seat' line and the 'info moves' / 'info multipv' lines
                # after it: a snapshot is taken when the next report (or the bestmove) begins
                snapshot = None
                if line.startswith("info seat"):
                    if self._open:
                        snapshot = copy.deepcopy(self.info)
                    self.info.moves, self.info.multipv, self._open = [], [], True
                parse_info(line, self.info)
                self.engine.settings = self.info.settings or self.engine.settings
                if snapshot is not None:
                    return snapshot

    def _read_finite(self, timeout: float) -> str:
        # a search that does not end in time is stopped, so the engine stays usable
        try:
            return self.engine.readline(timeout)
        except EngineTimeout:
            self.result = PlayResult(None, self.info)
            self.engine._abandon()
            raise

    def _read_infinite(self) -> str:
        # an infinite search reports at InfoInterval, but one that has ended (a single move, a
        # solved position) waits for stop in silence: a silence past the timeout is asked
        # 'isready', and only an engine that does not answer that either is gone or stuck
        pinged = False
        while True:
            try:
                line = self.engine.readline(self.engine.timeout)
            except EngineTimeout:
                if pinged:
                    self.stop()
                    raise
                pinged = True
                self.engine.send("isready")
                continue
            if line != "readyok":
                return line
            pinged = False

    def stop(self) -> None:
        if self.result is None and not self._stopped:
            self._stopped = True
            self.engine.send("stop")

    def wait(self) -> PlayResult:
        for _ in self:
            pass
        assert self.result is not None
        return self.result

    def __enter__(self) -> "Analysis":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
        try:
            self.wait()
        except EngineError:
            pass
