"""One game played in the browser: an engine process, the record, the seats.

The engine is reached only through :class:`guildhall.client.Engine` (the
protocol).  The record -- the move items played since the start position --
is kept here, so an engine process that dies is replaced and the game
replayed from it.  A local rules-only mirror of the state (``engine``
package, no search) decides which moves a human seat could see happen.
"""
from __future__ import annotations

import random
import secrets
import threading
from dataclasses import dataclass, field
from typing import Callable, Optional

import engine as rules
from engine.core import CHANCE
from engine.errors import GuildhallError
from guildhall.client import Engine, EngineError, EngineTerminated, Info, Limit, parse_info
from guildhall.draw_cmd import draw_svg
from guildhall.web.reveal import visible


class MatchError(Exception):
    """A request the match refuses; the game goes on unchanged."""


@dataclass
class Config:
    game: str
    players: int
    variants: list[str] = field(default_factory=list)
    edition: Optional[str] = None   # a name from the server's list, never a path
    seed: int = 0
    humans: list[int] = field(default_factory=lambda: [0])
    engine: str = "ismcts"
    nodes: int = 200
    movetime: Optional[int] = None
    skill: int = 20  # search/skill.py: 0 beginner .. 20 full strength


def who(seat: int) -> str:
    return "chance" if seat == CHANCE else f"seat {seat}"


def item(seat: int, move: str) -> str:
    return f"{who(seat)} {move}"


class Match:
    """A game between human seats and the engine, reached through the protocol."""

    def __init__(self, cfg: Config, edition_path: Optional[str], spawn: Callable[[], Engine],
                 start: Optional[str] = None, deal_seed: Optional[int] = None) -> None:
        self.cfg, self.edition_path, self.spawn = cfg, edition_path, spawn
        self.game = rules.make_game(cfg.game, cfg.players, cfg.variants, edition_path)
        if any(not 0 <= h < self.game.players for h in cfg.humans) or not cfg.humans:
            raise MatchError(f"human seats must be 0-{self.game.players - 1}")
        self.start = start            # a full state string, or None for the start position
        if start is not None and self.game.parse_state(start).observer is not None:
            # the AI seats would have to move from a seat's view, which the engine refuses
            raise MatchError("a seat's view cannot be played on: load a full state or a record")
        self.record: list[str] = []   # protocol move items
        self.log: list[dict] = []     # what the human seats saw, in order
        # the dealer's generator is the server's: a seed the browser chose (or a default every
        # game shares) would let a player compute every hidden card; ``deal_seed`` is a
        # server-side setting for reproducible tests
        self.rng = random.Random(secrets.randbits(64) if deal_seed is None else deal_seed)
        # chance outcomes an undo took back, by ply: drawn again where the same draw comes up,
        # so that undo does not reshuffle the deck (a player could fish for better cards)
        self.undone_chance: dict[int, str] = {}
        self.lock = threading.RLock()
        self.restarts = 0
        self.mirror = self._initial()
        self.eng: Optional[Engine] = None
        self._boot()

    # -- the engine process ----------------------------------------------------------------
    def _initial(self):
        return self.game.parse_state(self.start) if self.start else self.game.new_initial_state(self.cfg.seed)

    def _boot(self) -> None:
        eng = self.spawn()
        try:
            eng.configure({"Engine": self.cfg.engine, "Seed": self.cfg.seed, "Skill": self.cfg.skill})
            eng.new_game(self.cfg.game, self.cfg.players, self.cfg.variants, self.edition_path, self.cfg.seed)
            if self.start or self.record:
                eng.position(self.start, self.record, seed=None if self.start else self.cfg.seed)
        except BaseException:
            eng.quit()
            raise
        if self.eng is not None:
            self.eng.quit()
        self.eng = eng

    def _call(self, fn: Callable[[Engine], object]):
        """Run ``fn`` on the engine; a dead process is restarted from the record once."""
        assert self.eng is not None
        try:
            return fn(self.eng)
        except EngineTerminated:
            self.restarts += 1
            self._boot()
            return fn(self.eng)

    def close(self) -> None:
        if self.eng is not None:
            self.eng.quit()

    # -- what the browser sees -------------------------------------------------------------
    def status(self):
        return self._call(lambda e: e.status())

    def viewer(self, tomove: list[str]) -> int:
        for t in tomove:
            if t.isdigit() and int(t) in self.cfg.humans:
                return int(t)
        return self.cfg.humans[0]

    def snapshot(self) -> dict:
        st = self.status()
        seat = self.viewer(st.tomove)
        view = self.game.parse_state(self._call(lambda e: e.view(None if st.over else seat)))
        human_turn = str(seat) in st.tomove and not st.over
        moves = self._call(lambda e: e.validmoves(seat)) if human_turn else []
        return {"type": "state", "game": self.cfg.game, "players": self.cfg.players, "seat": seat,
                "humans": self.cfg.humans, "tomove": st.tomove, "ply": len(self.record), "over": st.over,
                "scores": st.scores, "winner": st.winner, "svg": draw_svg(view, None if st.over else seat),
                "moves": moves, "log": self.log[-60:], "restarts": self.restarts,
                "text": self._call(lambda e: e.draw(None if st.over else seat))}

    # -- playing ---------------------------------------------------------------------------
    def _played(self, seat: int, move: str) -> None:
        """Book a move the engine accepted: record, mirror, and the humans' log."""
        m = self.mirror.parse_move(seat, move)
        seen = [h for h in self.cfg.humans if seat == h or visible(self.mirror, seat, m, h)]
        self.mirror.apply(seat, m)
        self.record.append(item(seat, move))
        self.log.append({"who": who(seat), "move": move if seen else "(hidden)", "ai": seat not in self.cfg.humans})

    def human_move(self, seat: int, move: str) -> None:
        if seat not in self.cfg.humans:
            raise MatchError(f"seat {seat} is not yours")
        self.play_checked(seat, move)

    def play_checked(self, seat: int, move: str) -> None:
        """Play ``move`` for ``seat`` (CHANCE: an outcome) once the mirror has read it as a
        legal move here: the engine reads words the record could not replay (``random``) and
        ends a line at a carriage return, so nothing unread reaches it."""
        move = " ".join(str(move).split())  # every line break and control space is a space
        if not move:
            raise MatchError("empty move")
        if seat not in self.mirror.to_move():
            raise MatchError("the game is over" if self.mirror.is_terminal()
                             else f"{who(seat)} is not to move")
        try:
            m = self.mirror.parse_move(seat, move)
        except GuildhallError as exc:
            raise MatchError(f"bad-move: {exc}") from None
        if m not in self.mirror.legal_moves(seat):
            raise MatchError(f"illegal-move: {move!r} is not legal for {who(seat)} here")
        move = self.mirror.move_to_string(seat, m)  # the record and the log as the rules write it
        self._call(lambda e: e.command(f"play {item(seat, move)}"))
        self._played(seat, move)

    def ai_turn(self) -> bool:
        """Whether the engine (or chance) is to move now, not a human."""
        tm = self.mirror.to_move()
        return bool(tm) and all(t not in self.cfg.humans for t in tm)

    def limit(self) -> Limit:
        return Limit(nodes=self.cfg.nodes, movetime=self.cfg.movetime)

    def step(self, on_info: Callable[[Info], None], stopped: threading.Event) -> None:
        """Play the next chance outcome, or every AI seat's move at this step."""
        tm = self.mirror.to_move()
        if tm == (CHANCE,):
            outs = self._call(lambda e: e.validmoves("chance"))
            probs, moves = zip(*((float(p), m) for p, _, m in (o.partition(" ") for o in outs)))
            move = self.undone_chance.pop(len(self.record), None)
            if move not in moves:
                move = self.rng.choices(moves, weights=probs)[0]
            self._call(lambda e: e.command(f"play chance {move}"))
            self._played(CHANCE, move)
            return
        for seat in [t for t in tm if t not in self.cfg.humans]:
            result = self._call(lambda e: self.search(e, seat, self.limit(), on_info, stopped))
            if result is None:
                raise MatchError("the engine found no move")
            self._call(lambda e: e.push(result, seat))
            self._played(seat, result)

    def search(self, eng: Engine, seat: int, limit: Limit, on_info: Callable[[Info], None],
               stopped: threading.Event) -> Optional[str]:
        """``go`` for ``seat``, passing each ``info`` report on as it comes (for the panel)."""
        eng.set_seat(seat)
        info = Info()
        eng.send(f"go {limit.args()}")
        if stopped.is_set():
            eng.stop()
        while True:
            line = eng.readline(eng.timeout + (limit.movetime or 0) / 1000)
            if line.startswith("error "):
                eng.readline()  # its bestmove none
                raise EngineError(*(line.split(" ", 2)[1:] + [""])[:2])
            if line.startswith("info "):
                parse_info(line, info)
                if line.startswith("info moves"):
                    on_info(info)
            elif line.startswith("bestmove "):
                move = line[len("bestmove "):]
                return None if move == "none" else move

    def hint(self, seat: int, on_info: Callable[[Info], None], stopped: threading.Event) -> Optional[str]:
        if seat not in self.cfg.humans:
            raise MatchError("hints are for your own seat")
        return self._call(lambda e: self.search(e, seat, self.limit(), on_info, stopped))

    def undo(self) -> None:
        """Take back to before the last human move (and what followed it); not once the game
        is over, when every seat's cards have been shown."""
        if self.mirror.is_terminal():
            raise MatchError("the game is over: every hidden card has been shown, so nothing is taken back")
        n = 0
        for it in reversed(self.record):
            n += 1
            words = it.split()
            if words[0] == "seat" and int(words[1]) in self.cfg.humans:
                break
        else:
            raise MatchError("nothing of yours to take back")
        self._call(lambda e: e.undo(n))
        for ply in range(len(self.record) - n, len(self.record)):
            if self.record[ply].startswith("chance "):
                self.undone_chance[ply] = self.record[ply][len("chance "):]
        del self.record[-n:]
        self.log.append({"who": "you", "move": f"undo ({n} moves taken back)", "ai": False})
        self.mirror = self._initial()
        for it in self.record:
            words = it.split(" ", 2) if it.startswith("seat") else ["chance", "", it[len("chance "):]]
            seat = CHANCE if words[0] == "chance" else int(words[1])
            self.mirror.apply_string(seat, words[2])

    def export(self) -> dict:
        """The record, once the game is over: it holds every hidden card and deal."""
        if not self.mirror.is_terminal():
            raise MatchError("the record holds every hidden card: it can be downloaded when the game is over")
        c = self.cfg
        return {"guildhall-record": 1, "game": c.game, "players": c.players, "variants": c.variants,
                "edition": c.edition, "seed": c.seed, "start": self.start, "moves": list(self.record)}
