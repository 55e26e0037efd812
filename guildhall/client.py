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

import os
import queue
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from typing import Iterable, Optional, Sequence


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
    """When a search stops (the first reached).  ``time``/``inc`` are ms per seat."""

    iterations: Optional[int] = None
    nodes: Optional[int] = None
    movetime: Optional[int] = None
    time: Optional[Sequence[int]] = None
    inc: Optional[Sequence[int]] = None
    infinite: bool = False

    def args(self) -> str:
        parts = []
        for key in ("iterations", "nodes", "movetime"):
            v = getattr(self, key)
            if v is not None:
                parts.append(f"{key} {int(v)}")
        if self.time is not None:
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
        if self.time is not None:
            return max(self.time) / 1000
        return None


@dataclass
class MoveInfo:
    move: str
    visits: int
    value: list[float]


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


@dataclass
class PlayResult:
    move: Optional[str]
    info: Info


@dataclass
class Status:
    tomove: list[str]
    ply: int
    over: bool
    scores: list[int]
    winner: list[int]


def parse_info(line: str, info: Info) -> None:
    """Fold one ``info`` line into ``info`` (see docs/protocol.md)."""
    body = line[len("info"):].strip()
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
    for key, val in zip(words[::2], words[1::2]):
        if key in ("seat", "iterations", "nodes", "time", "ips"):
            setattr(info, key, int(val))
    info.pv = [p.strip() for p in pv.split(";") if p.strip()]


class Engine:
    """A running engine process speaking the guildhall protocol."""

    def __init__(self, command: Sequence[str], timeout: float = 30.0,
                 env: Optional[dict] = None) -> None:
        self.timeout = timeout
        self.proc = subprocess.Popen(
            list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, encoding="utf-8", bufsize=1,
            env=dict(os.environ) if env is None else env)
        self.lines: "queue.Queue[Optional[str]]" = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.id: dict[str, str] = {}
        self.options: dict[str, str] = {}  # option name -> its handshake line
        self._handshake()

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

    def send(self, line: str) -> None:
        if "\n" in line:
            raise ValueError("one command per line")
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise EngineTerminated() from None

    def readline(self, timeout: Optional[float] = None) -> str:
        try:
            line = self.lines.get(timeout=self.timeout if timeout is None else timeout)
        except queue.Empty:
            raise EngineTimeout("no answer from the engine in time") from None
        if line is None:
            self.lines.put(None)  # stay terminated for later readers
            raise EngineTerminated()
        return line

    def read_until(self, prefix: str, timeout: Optional[float] = None) -> list[str]:
        """Lines up to and including the first starting with ``prefix``; raise on ``error``."""
        out = []
        while True:
            line = self.readline(timeout)
            if line.startswith("error "):
                self._drain_to(prefix, timeout)
                _, kind, message = (line.split(" ", 2) + ["", ""])[:3]
                raise EngineError(kind, message)
            out.append(line)
            if line == prefix or line.startswith(prefix + " "):
                return out

    def _drain_to(self, prefix: str, timeout: Optional[float]) -> None:
        # an error ends a synchronised command; consume its readyok so replies stay in step
        if prefix == "readyok":
            while self.readline(timeout) != "readyok":
                pass

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
                self.options[line.split()[2]] = line

    # -- the protocol ---------------------------------------------------------------------
    def configure(self, options: dict) -> None:
        for name, value in options.items():
            if isinstance(value, bool):
                value = "true" if value else "false"
            self.command(f"setoption name {name} value {value}")

    def new_game(self, game: str, players: Optional[int] = None, variants: Sequence[str] = (),
                 edition: Optional[str] = None, seed: Optional[int] = None) -> None:
        parts = [f"newgame {game}"]
        if players is not None:
            parts.append(f"players {players}")
        parts.extend(f"variant {v}" for v in variants)
        if edition is not None:
            parts.append(f'edition "{edition}"')
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

    def _search(self, limit: Limit) -> PlayResult:
        self.send(f"go {limit.args()}".strip())
        hint = limit.wait_hint()
        timeout = None if hint is None else self.timeout + hint
        info = Info()
        for line in self.read_until("bestmove", timeout):
            if line.startswith("info "):
                parse_info(line, info)
            elif line.startswith("bestmove "):
                move = line[len("bestmove "):]
                return PlayResult(None if move == "none" else move, info)
        raise EngineError("protocol", "no bestmove")  # not reached

    def play(self, limit: Limit) -> PlayResult:
        """Search the position and return the engine's move and its last info."""
        return self._search(limit)

    def analyse(self, limit: Limit) -> Info:
        """Search and return the statistics (per root move visits and values, pv)."""
        return self._search(limit).info

    def stop(self) -> None:
        self.send("stop")

    def validmoves(self, seat: Optional[int] = None) -> list[str]:
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
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                stream.close()
            except Exception:  # noqa: BLE001
                pass

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc) -> None:
        self.quit()
