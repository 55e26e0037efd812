"""The web app: a page, a JSON list of what can be played, one websocket per game.

Messages from the browser are JSON objects with a ``type``: ``new``, ``move``,
``hint``, ``undo``, ``stop``, ``export``, ``load``.  The server answers with
``state`` (the board as SVG for the human seat, its legal moves, the log),
``info`` (live search reports), ``hint``, ``record`` and ``error``.  A bad
message gets an ``error`` and changes nothing.
"""
from __future__ import annotations

import asyncio
import json
import os
import sys
import threading
from dataclasses import dataclass, field
from typing import Callable, Optional
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import engine as rules
from engine.errors import GuildhallError
from engine.core import CHANCE
from engine.registry import default_players
from guildhall.client import Engine, EngineError, Info
from guildhall.protocol import short
from guildhall.web.match import Config, Match, MatchError
from search.api import ascii_number
from search.skill import level_of

STATIC = os.path.join(os.path.dirname(__file__), "static")
MAX_MESSAGE = 4 << 20  # a record of the longest game is far smaller
ENGINES = ("ismcts", "pimc", "flatmc", "greedy", "random")


@dataclass
class Settings:
    """What the server allows; nothing a browser sends can widen it."""

    editions: dict[str, dict[str, str]] = field(default_factory=dict)  # game -> name -> path
    max_games: int = 4
    max_nodes: int = 20000
    max_movetime: int = 10000
    skill: str = "full"  # the AI's skill when a browser names none: 0-20 or easy, medium, hard, full
    engine_command: Optional[list[str]] = None  # default: this Python's `-m guildhall engine`
    # the dealer's seed for every game (tests); None: a secret one per game, never the browser's
    deal_seed: Optional[int] = None

    def spawn(self) -> Engine:
        cmd = self.engine_command or [sys.executable, "-m", "guildhall", "engine"]
        return Engine(cmd, timeout=30.0)


class Slots:
    """The cap on engine processes (one per game being played)."""

    def __init__(self, limit: int) -> None:
        self.limit, self.used, self.lock = limit, 0, threading.Lock()

    def take(self) -> bool:
        with self.lock:
            if self.used >= self.limit:
                return False
            self.used += 1
            return True

    def give(self) -> None:
        with self.lock:
            self.used -= 1


def catalogue(settings: Settings) -> dict:
    games = []
    for name, cls in rules.games().items():
        games.append({"name": name, "title": cls.title, "min": cls.min_players, "max": cls.max_players,
                      "variants": [{"name": v.name, "text": v.text} for v in cls.variant_list],
                      "editions": ["standard"] + sorted(settings.editions.get(name, {}))})
    return {"games": games, "engines": list(ENGINES), "max_nodes": settings.max_nodes,
            "max_movetime": settings.max_movetime}


def _int(msg: dict, key: str, default: Optional[int], lo: int, hi: int) -> Optional[int]:
    v = msg.get(key, default)
    if v is None or v == "":
        return default
    # ASCII digits only, and short: '--2', '²' and 5000 digits passed the old check and then
    # made int() raise, which dropped the connection
    if isinstance(v, bool) or not isinstance(v, (int, str)) or len(str(v)) > 20 \
            or not ascii_number(str(v), integer=True):
        raise MatchError(f"{key} must be a whole number")
    v = int(v)
    if not lo <= v <= hi:
        raise MatchError(f"{key} must be {lo}-{hi}")
    return v


def parse_config(msg: dict, settings: Settings) -> tuple[Config, Optional[str]]:
    """A game's configuration from a browser message, checked against the server's caps."""
    game = msg.get("game")
    if not isinstance(game, str):
        raise MatchError("game must be a name")
    cls = rules.game_class(game)
    variants = msg.get("variants") or []
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise MatchError("variants must be a list of names")
    # the count a game plays without a variant (Between Two Cities' 2 needs one), as `newgame`
    players = _int(msg, "players", default_players(cls, variants), cls.min_players, cls.max_players)
    humans = msg.get("humans", [0])
    if not isinstance(humans, list) or not humans or \
            not all(isinstance(h, int) and not isinstance(h, bool) for h in humans):
        raise MatchError("humans must be a list of seats")
    edition = msg.get("edition") or "standard"
    if not isinstance(edition, str):
        raise MatchError("edition must be a name from the server's list")
    path = None
    if edition != "standard":
        path = settings.editions.get(cls.name, {}).get(edition)
        if path is None:
            raise MatchError(f"no edition {edition!r} on this server")
    eng = msg.get("engine", "ismcts")
    if eng not in ENGINES:
        raise MatchError(f"engine must be one of {', '.join(ENGINES)}")
    nodes = _int(msg, "nodes", min(200, settings.max_nodes), 1, settings.max_nodes)
    movetime = _int(msg, "movetime", None, 1, settings.max_movetime)
    seed = _int(msg, "seed", 0, 0, 2**31 - 1)
    skill = msg.get("skill")
    skill = settings.skill if skill is None or skill == "" else skill
    if isinstance(skill, bool) or not isinstance(skill, (int, str)):
        raise MatchError("skill must be 0-20 or easy, medium, hard, full")
    try:
        level = level_of(skill, cls.name)
    except GuildhallError as exc:
        raise MatchError(short(str(exc), 200)) from None
    return Config(cls.name, players, list(variants), None if path is None else edition, seed,
                  sorted(set(humans)), eng, nodes, movetime, level), path


class Session:
    """One browser tab's game; its engine work runs in a thread, one job at a time."""

    def __init__(self, ws: WebSocket, settings: Settings, slots: Slots) -> None:
        self.ws, self.settings, self.slots = ws, settings, slots
        self.match: Optional[Match] = None
        self.job: Optional[asyncio.Task] = None
        self.stopped = threading.Event()
        self.send_lock = asyncio.Lock()
        self.loop = asyncio.get_running_loop()

    async def send(self, msg: dict) -> None:
        async with self.send_lock:
            await self.ws.send_json(msg)

    def send_soon(self, msg: dict) -> None:
        asyncio.run_coroutine_threadsafe(self.send(msg), self.loop)

    def info_sender(self) -> Callable[[Info], None]:
        def report(info: Info) -> None:
            total = sum(m.visits for m in info.moves) or 1
            seat = info.seat if info.seat is not None else 0
            msg = {"type": "info", "seat": info.seat, "iterations": info.iterations,
                   "nodes": info.nodes, "time": info.time, "pv": info.pv,
                   "moves": [{"move": m.move, "visits": m.visits, "share": m.visits / total,
                              "value": m.value[seat] if seat < len(m.value) else None}
                             for m in info.moves]}
            if seat not in self.match.cfg.humans:
                # an AI seat's candidate moves name the cards in its hidden hand, its line
                # names other seats' hidden choices, and its expected result is a reading of
                # that hand: show only how long the search goes
                msg.update(pv=[], moves=[], hidden=True)
            self.send_soon(msg)
        return report

    @property
    def busy(self) -> bool:
        return self.job is not None and not self.job.done()

    async def run(self, fn: Callable, *args):
        return await asyncio.to_thread(fn, *args)

    async def state(self) -> None:
        await self.send(await self.run(self.match.snapshot))

    async def advance(self) -> None:
        """Let chance and the AI seats move until a human seat is to move."""
        try:
            while self.match.ai_turn():
                self.stopped.clear()
                tm = list(self.match.mirror.to_move())
                await self.send({"type": "thinking", "seats": tm})
                await self.run(self.match.step, self.info_sender(), self.stopped)
                await self.state()
        except (GuildhallError, EngineError, MatchError) as exc:
            await self.error(exc)
            await self.state()
        finally:
            await self.send({"type": "idle"})

    async def error(self, exc: Exception) -> None:
        await self.send({"type": "error", "message": " ".join(str(exc).split())})

    async def new_match(self, cfg: Config, path: Optional[str], start: Optional[str] = None,
                        moves: list[str] = ()) -> None:
        own = self.match is not None
        if not own and not self.slots.take():
            raise MatchError(f"the server is playing its maximum of {self.slots.limit} games; try later")
        try:
            m = await self.run(Match, cfg, path, self.settings.spawn, start, self.settings.deal_seed)
        except BaseException:
            if not own:
                self.slots.give()
            raise
        try:
            if moves:
                await self.run(replay, m, list(moves))
        except BaseException:
            await self.run(m.close)  # its engine process must not outlive the refusal
            if not own:
                self.slots.give()
            raise
        old, self.match = self.match, m
        if old is not None:
            await self.run(old.close)

    async def handle(self, msg: dict) -> None:
        kind = msg.get("type")
        if kind == "stop":
            self.stopped.set()
            if self.busy and self.match is not None and self.match.eng is not None:
                self.match.eng.stop()
            return
        if kind not in ("new", "move", "hint", "undo", "export", "load", "state"):
            raise MatchError(f"unknown message type {kind!r}")
        if self.busy:
            raise MatchError("the engine is thinking: press stop first")
        if kind == "new":
            cfg, path = parse_config(msg, self.settings)
            await self.new_match(cfg, path)
        elif kind == "load":
            rec = msg.get("record")
            if not isinstance(rec, dict):
                raise MatchError("a record is a JSON object (as exported)")
            cfg, path = parse_config({**rec, **{k: msg[k] for k in ("humans", "engine", "nodes", "movetime", "skill")
                                                if k in msg}}, self.settings)
            start, moves = rec.get("start"), rec.get("moves", [])
            if start is not None and not isinstance(start, str) or not isinstance(moves, list) \
                    or not all(isinstance(x, str) for x in moves):
                raise MatchError("record: start must be a state string and moves a list of move items")
            await self.new_match(cfg, path, start, moves)
        elif self.match is None:
            raise MatchError("start a game first")
        elif kind == "move":
            seat = msg.get("seat", self.match.viewer(list(map(str, self.match.mirror.to_move()))))
            if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(msg.get("move"), str):
                raise MatchError("a move needs a move string (and a seat number)")
            await self.run(self.match.human_move, seat, msg["move"])
        elif kind == "undo":
            await self.run(self.match.undo)
        elif kind == "export":
            await self.send({"type": "record", "record": await self.run(self.match.export)})
            return
        elif kind == "hint":
            seat = self.match.viewer(list(map(str, self.match.mirror.to_move())))
            self.stopped.clear()
            self.job = asyncio.create_task(self.hint(seat))
            return
        await self.state()
        if kind != "undo":
            self.stopped.clear()
            self.job = asyncio.create_task(self.advance())

    async def hint(self, seat: int) -> None:
        try:
            await self.send({"type": "thinking", "seats": [seat], "hint": True})
            move = await self.run(self.match.hint, seat, self.info_sender(), self.stopped)
            await self.send({"type": "hint", "seat": seat, "move": move})
        except (GuildhallError, EngineError, MatchError) as exc:
            await self.error(exc)
        finally:
            await self.send({"type": "idle"})

    async def close(self) -> None:
        self.stopped.set()
        if self.match is not None:
            if self.busy and self.match.eng is not None:
                self.match.eng.stop()
            if self.job is not None:
                await asyncio.wait([self.job], timeout=10)
            await self.run(self.match.close)
            self.slots.give()
            self.match = None


def replay(m: Match, items: list[str]) -> None:
    """Play a loaded record's move items one by one (so the log and mirror follow); each is
    read by the rules mirror before the engine sees it."""
    for it in items:
        words = it.split()
        if len(words) >= 2 and words[0] == "chance":
            m.play_checked(CHANCE, " ".join(words[1:]))
        elif len(words) >= 3 and words[0] == "seat" and ascii_number(words[1], integer=True) \
                and len(words[1]) < 4:
            m.play_checked(int(words[1]), " ".join(words[2:]))
        else:
            raise MatchError(f"record: bad move item {short(it)!r}")


def create_app(settings: Optional[Settings] = None) -> Starlette:
    """The Starlette app (run it with uvicorn; ``guildhall serve`` does)."""
    settings = settings or Settings()
    slots = Slots(settings.max_games)
    sessions: set[Session] = set()

    async def index(request):
        return FileResponse(os.path.join(STATIC, "index.html"))

    async def games(request):
        return JSONResponse(catalogue(settings))

    async def socket(ws: WebSocket):
        # a page from another site may open a websocket to this server (browsers do not stop
        # it); it could not read a game, but it could take the server's slots and CPU
        origin = ws.headers.get("origin")
        if origin is not None and urlsplit(origin).netloc != ws.headers.get("host"):
            await ws.close(code=1008)
            return
        await ws.accept()
        session = Session(ws, settings, slots)
        sessions.add(session)
        try:
            while True:
                raw = await ws.receive_text()
                try:
                    if len(raw) > MAX_MESSAGE:
                        raise MatchError(f"a message is at most {MAX_MESSAGE} characters")
                    try:
                        msg = json.loads(raw)
                    except (ValueError, RecursionError):  # not JSON, a 5000-digit number, deep nesting
                        raise MatchError("a message is a JSON object") from None
                    if not isinstance(msg, dict):
                        raise MatchError("a message is a JSON object")
                    await session.handle(msg)
                except (GuildhallError, EngineError, MatchError) as exc:
                    await session.error(exc)
                    if session.match is not None and not session.busy:
                        try:
                            await session.state()
                        except (GuildhallError, EngineError, MatchError) as again:
                            await session.error(again)
        except WebSocketDisconnect:
            pass
        finally:
            sessions.discard(session)
            await session.close()

    app = Starlette(routes=[Route("/", index), Route("/api/games", games), WebSocketRoute("/ws", socket),
                            Mount("/static", StaticFiles(directory=STATIC), name="static")])
    app.state.settings, app.state.slots, app.state.sessions = settings, slots, sessions
    return app
