"""One protocol session: the game, the position and its history, options, jobs.

Every input line goes through :meth:`Session.handle`, which answers through
the ``out`` callable (one reply line per call).  A bad line gets exactly one
``error <kind> <message>`` line and leaves the session as it was: commands
build their result on copies and commit only when nothing failed.

``go`` and ``perft`` run as a *job* on a worker thread, so the reading
thread keeps answering ``isready``, ``stop``, ``status``, ``view``, ``d``,
``validmoves`` and ``quit`` while it runs; commands that would change the
position answer ``error busy`` until the job ends.

>>> lines = []
>>> s = Session(lines.append)
>>> s.handle("newgame guildes players 3 seed 1")
True
>>> s.handle("status"); lines[-1]
True
'status tomove chance ply 0 over no scores 0,0,0'
>>> s.handle("fly away"); lines[-1]
True
'error unknown-command unknown command fly'
"""
from __future__ import annotations

import importlib
import threading
from typing import Callable, Optional

import engine
from engine.core import CHANCE, Game, State, make_rng
from engine.errors import BadConfig, BadState, GuildhallError, IllegalMove
from engine.perft import perft
from guildhall import __version__
from guildhall.options import check_option, engine_options, player_kwargs
from guildhall.protocol import (PROTOCOL_VERSION, Busy, NoGame, ProtocolError, UnknownCommand,
                                error_line, format_ints, format_item, format_values, parse_int,
                                parse_item, parse_seat, seats_text, settings_line, short, split_items,
                                split_keyword, split_quoted)
from guildhall.options import SPIN_LIMIT
from guildhall.trials import HELD, Trials
from search.api import Limits, SearchInfo, SearchSettings, make_player
from search.skill import with_skill

Out = Callable[[str], None]
RENDER_WORLDS = 8  # worlds tried to replay a pv past a rival's hidden choice
# commands a running job does not block (they read a snapshot or control the job)
STOP_WAIT = 1.0  # seconds 'stop' waits for the job to end (searches check every ms)
GO_KEYS = {"iterations", "nodes", "movetime", "time", "inc", "infinite"}
NEWGAME_MAX = 8192  # characters after 'newgame' (an edition path is at most 4096 bytes on Linux)
WHILE_BUSY = {"isready", "stop", "quit", "status", "view", "d", "validmoves", "guildhall", "debug"}


def clip(text: str, n: int = 40) -> str:
    return text if len(text) <= n else text[:n] + "..."


class Job:
    """A worker thread (search or perft) and the event that stops it.

    ``target(job)`` returns the job's last line (``bestmove ...``); the job
    counts as finished *before* that line is written, so a frontend that
    reacts to it at once never meets ``error busy``.
    """

    def __init__(self, target: Callable[["Job"], str], out: Out, fallback: str) -> None:
        self.stop = threading.Event()
        self.finished = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(target, out, fallback), daemon=True)

    def _run(self, target: Callable[["Job"], str], out: Out, fallback: str) -> None:
        try:
            last = target(self)
        except GuildhallError as exc:  # e.g. NoLegalMove deep in a perft: the state's fault, not a bug
            out(error_line(exc.kind, str(exc)))
            last = fallback
        except Exception as exc:  # noqa: BLE001 - the job's last line must still come
            out(error_line("internal", f"{type(exc).__name__}: {exc}"))
            last = fallback
        self.finished.set()
        out(last)

    def start(self) -> None:
        self.thread.start()

    def alive(self) -> bool:
        return not self.finished.is_set()


def warm_up(game: Game) -> None:
    """Load now, outside any clock, the modules a first search of ``game`` loads: the search
    loop for its kernel and the rollout policies (a first `go movetime 20` of a fresh engine
    spent its time importing them and searched nothing)."""
    from search import core, presets

    importlib.import_module("search.ismcts")  # the player, and the interpreted key folds it uses
    core.policy_module(game.kernel, core.loop_module(game.kernel))
    presets.load(game.name)


class Session:
    def __init__(self, out: Out, game: Optional[str] = None) -> None:
        self.out = out
        self.options = engine_options()
        self.game: Optional[Game] = None
        self.seed = 0
        self.state: Optional[State] = None
        self.history: list[State] = []  # earlier positions, for undo
        self.trials = Trials()  # what needs no trial in this game (guildhall/trials.py)
        self.seat: Optional[int] = None  # None: the engine plays whoever is to move
        self.job: Optional[Job] = None
        self.debug = False  # 'debug on': each search first says the settings it uses
        self._player = None
        self._player_key = None
        self.rng = make_rng(0)
        if game:
            self.handle(f"newgame {game}")

    # -- dispatch ---------------------------------------------------------------------
    def handle(self, line: str) -> bool:
        """Process one input line; False once the session should end (``quit``)."""
        words = line.split()
        if not words:
            return True
        cmd, rest = words[0].lower(), line.strip()[len(words[0]):].strip()
        if cmd == "quit":
            return False
        try:
            method = getattr(self, "cmd_" + cmd, None)
            if method is None:
                raise UnknownCommand(f"unknown command {words[0][:40]}")
            if self.busy() and cmd not in WHILE_BUSY:
                raise Busy(f"{cmd} is not allowed while a search or perft runs (send stop first)")
            method(rest)
        except GuildhallError as exc:
            self.out(error_line(exc.kind, str(exc)))
        except Exception as exc:  # noqa: BLE001 - a bug must not end the session
            self.out(error_line("internal", f"{type(exc).__name__}: {exc}"))
        return True

    def busy(self) -> bool:
        return self.job is not None and self.job.alive()

    def close(self, timeout: float = 5.0) -> None:
        """Stop a running job and wait for its last line (``bestmove``)."""
        job = self.job
        if job is not None:
            job.stop.set()
            job.thread.join(timeout)
        self._forget_player()  # its search workers end with it

    def need_game(self) -> State:
        if self.state is None:
            raise NoGame("no game: send newgame first")
        return self.state

    # -- handshake and options ----------------------------------------------------------
    def cmd_guildhall(self, rest: str) -> None:
        self.out("id name guildhall")
        self.out(f"id version {__version__}")
        self.out(f"protocol {PROTOCOL_VERSION}")
        for opt in self.options.values():
            self.out(opt.line())
        self.out("guildhallok")

    def cmd_isready(self, rest: str) -> None:
        # words after it are ignored: a frontend's liveness probe always answers (UCI)
        self.out("readyok")

    def cmd_debug(self, rest: str) -> None:
        # UCI's grammar: 'debug [ on | off ]'; a bare 'debug' turns it on
        words = rest.lower().split()
        if words not in ([], ["on"], ["off"]):
            raise ProtocolError(f"usage: debug [on | off], not debug {clip(rest)!r}")
        self.debug = words != ["off"]

    def cmd_setoption(self, rest: str) -> None:
        words = rest.split()
        if len(words) < 2 or words[0].lower() != "name":
            raise ProtocolError("usage: setoption name NAME [value VALUE]")
        opt = self.options.get(words[1].lower())
        if opt is None:
            raise ProtocolError(f"no option {words[1][:40]!r}")
        value = None
        if len(words) > 2:
            if words[2].lower() != "value":
                raise ProtocolError("usage: setoption name NAME [value VALUE] (names have no spaces)")
            _, value = split_keyword(rest, "value")
        if value is None and opt.type != "button":
            raise ProtocolError(f"option {opt.name} needs a value")
        if value is not None and opt.type == "button":
            raise ProtocolError(f"option {opt.name} is a button: it takes no value")
        if opt.type == "button":
            if opt.name.lower() == "cleartree":
                self._forget_player()
            elif opt.name.lower() == "resetoptions":
                # every player's option back to unset: each player's own default and its preset
                for o in self.options.values():
                    if o.player:
                        o.value, o.user_set = o.default, False
                self._forget_player()
            return
        old, was_set = opt.value, opt.user_set
        opt.set(value)
        opt.user_set = True
        try:
            check_option(self.options, opt)
        except GuildhallError as exc:
            opt.value, opt.user_set = old, was_set
            raise ProtocolError(str(exc)) from None

    def _forget_player(self) -> None:
        """Drop the player: the next ``go`` builds it afresh (empty tree, generator from ``Seed``)."""
        if self._player is not None:
            self._player.close()
        self._player, self._player_key = None, None

    # -- game and position --------------------------------------------------------------
    def cmd_newgame(self, rest: str) -> None:
        if len(rest) > NEWGAME_MAX:  # shlex reads a character at a time: a megabyte took seconds
            raise ProtocolError(f"newgame arguments longer than {NEWGAME_MAX} characters")
        words = split_quoted(rest)
        if not words:
            raise ProtocolError("usage: newgame GAME [players N] [variant V]... [edition FILE] [seed S]")
        name, players, variants, edition, seed = words[0], None, [], None, 0
        given: set[str] = set()
        i = 1
        while i < len(words):
            key = words[i].lower()
            if key not in ("players", "variant", "edition", "seed"):
                hint = " (an edition path with spaces goes in quotes)" if "edition" in given else ""
                raise ProtocolError(f"unknown newgame argument {short(words[i], 40)!r}{hint}")
            if i + 1 >= len(words):
                raise ProtocolError(f"{key} needs a value")
            if key in given and key != "variant":
                raise ProtocolError(f"newgame {key} given twice")
            given.add(key)
            arg = words[i + 1]
            if key == "players":
                players = parse_int(arg, "players")  # a count out of range is the game's to refuse
                if abs(players) >= 10**30:  # parse_int's cap for what int() will not read: no table's
                    raise BadConfig(f"no game takes {short(arg)} players")
            elif key == "variant":
                variants.append(arg.lower())  # names are lower case, as game names are read in any case
            elif key == "edition":
                edition = arg
            else:
                seed = parse_int(arg, "seed", 0, 2**31 - 1)
            i += 2
        game = engine.make_game(name, players, variants, edition)
        self.game, self.seed = game, seed
        if self.seat is not None and self.seat >= game.players:
            self.seat = None  # a seat this table has not (set before any game, or at a larger one)
        self.state, self.history = game.new_initial_state(seed), []
        self.trials.clear()
        self.rng = make_rng(seed)
        self._forget_player()  # a new game searches as a fresh process would (same Seed, same moves)
        warm_up(game)

    def cmd_position(self, rest: str) -> None:
        if self.game is None:
            raise NoGame("no game: send newgame first")
        base, moves = split_keyword(rest, "moves")
        words = base.split()
        if not words:
            raise ProtocolError("usage: position startpos [seed S] [moves ...] | position STATE [moves ...]")
        if words[0].lower() == "startpos":
            seed = self.seed
            if len(words) == 3 and words[1].lower() == "seed":
                seed = parse_int(words[2], "seed", 0, 2**31 - 1)
            elif len(words) != 1:
                raise ProtocolError("usage: position startpos [seed S] [moves ...]")
            state = self.game.new_initial_state(seed)
        else:
            state = self.game.parse_state(base)
            # a crafted state must not reach the compiled kernels: tried unless known
            self.trials.check(state, self._held())
        history: list[State] = []
        for item in split_items(moves) if moves else []:
            history.append(state.clone())
            self._tell(history[-1], *self._play_item(state, item))
        for held in [*self.history[-HELD:], self.state]:
            self.trials.keep(held)
        self.state, self.history = state, history

    def _held(self) -> list[Optional[State]]:
        """The session's position and the last ``HELD`` before it (:class:`Trials` needs no
        trial of these, nor of a seat's view of one)."""
        return [self.state, *self.history[-HELD:]]

    def cmd_seat(self, rest: str) -> None:
        words = rest.split()
        if len(words) != 1:
            raise ProtocolError("usage: seat N | seat auto")
        if words[0].lower() == "auto":
            self.seat = None
            return
        seat = parse_int(words[0], "seat", 0, 63)
        if self.game is not None and seat >= self.game.players:
            raise ProtocolError(f"no seat {seat} in a {self.game.players}-player game")
        self.seat = seat

    def cmd_play(self, rest: str) -> None:
        state = self.need_game().clone()
        if not rest:
            raise ProtocolError("usage: play [seat N] MOVE | play random")
        self._tell(self.state, *self._play_item(state, rest))
        self.history.append(self.state)
        self.state = state

    def _tell(self, before: State, seat: int, move: int) -> None:
        """The engine's player hears of a move played (a line sent again from its start
        included: the player finds its last search's position in it), so it may keep its
        tree; a player not made yet has nothing to keep."""
        if self._player is not None:
            self._player.observe_move(before, seat, move)

    def _play_item(self, state: State, item: str) -> tuple[int, int]:
        """Apply one ``[seat N] MOVE`` item (``random`` draws) to ``state`` in place; the seat
        and the move played."""
        seat, text = parse_item(item)
        movers = state.to_move()
        if not movers:
            raise IllegalMove("the game is over")
        if seat is None:
            seat = movers[0]
        if seat not in movers:
            raise IllegalMove("chance is not to move" if seat == CHANCE else f"seat {seat} is not to move")
        if text.lower() == "random":
            if seat == CHANCE:
                move = state.sample_chance()  # the position's own seeded dealer
            else:
                legal = state.legal_moves(seat)
                if not legal:  # e.g. another seat's hidden hand in a masked view
                    raise IllegalMove(f"seat {seat} has no known legal move here")
                move = legal[self.rng.below(len(legal))]
        else:
            move = state.parse_move(seat, text)
        if state.observer is not None and state.is_legal(seat, move):
            try:  # the kernels apply moves to full states: a view may lack what this one needs
                self.trials.check_view_move(state, seat, move, self._held())
            except BadState as exc:
                raise IllegalMove(f"seat {state.observer}'s view cannot follow "
                                  f"{state.move_to_string(seat, move)}: {exc}") from None
        state.apply(seat, move)
        return seat, move

    def cmd_undo(self, rest: str) -> None:
        n = parse_int(rest, "undo count", 1) if rest else 1
        self.need_game()
        if n > len(self.history):
            raise ProtocolError(f"cannot undo {n} moves: only {len(self.history)} played")
        self.state = self.history[-n]
        del self.history[-n:]

    # -- questions ----------------------------------------------------------------------
    def _seat_arg(self, rest: str, default: Optional[int]) -> Optional[int]:
        words = rest.split()
        if len(words) > 1:
            raise ProtocolError("expected at most one seat")
        if not words:
            return default
        seat = parse_seat(words[0])
        if seat != CHANCE and seat >= self.need_game().players:
            raise ProtocolError(f"no seat {seat} in a {self.state.players}-player game")
        return seat

    def cmd_validmoves(self, rest: str) -> None:
        state = self.need_game()
        movers = state.to_move()
        seat = self._seat_arg(rest, movers[0] if movers else None)
        if seat is None:
            self.out("validmoves none")
        elif seat == CHANCE:
            items = [f"{p:.6f} {state.move_to_string(CHANCE, m)}" for m, p in state.chance_outcomes()]
            self.out("validmoves chance moves " + "; ".join(items))
        else:
            items = [state.move_to_string(seat, m) for m in state.legal_moves(seat)]
            self.out(f"validmoves seat {seat} moves " + "; ".join(items))

    def _viewer(self, state: State, rest: str) -> Optional[int]:
        """The seat of ``view N`` / ``d N`` (None: as the position is); on a seat's view only
        that seat's own (a view holds nothing of another seat's hidden part to show)."""
        seat = self._seat_arg(rest, None)
        if seat == CHANCE:
            raise ProtocolError("chance has no view")
        if seat is not None and state.observer is not None and seat != state.observer:
            raise ProtocolError(f"the position is seat {state.observer}'s view, not seat {seat}'s")
        return seat

    def cmd_view(self, rest: str) -> None:
        state = self.need_game()
        seat = self._viewer(state, rest)
        self.out("view " + (state if seat is None else state.observe(seat)).to_string())

    def cmd_status(self, rest: str) -> None:
        if rest.strip():
            raise ProtocolError("usage: status (no arguments)")
        state = self.need_game()
        movers = state.to_move()
        line = (f"status tomove {seats_text(movers)} ply {len(self.history)} "
                f"over {'no' if movers else 'yes'} scores {format_ints(state.scores())}")
        if not movers:
            line += f" winner {format_ints(state.winners())}"
        self.out(line)

    def cmd_d(self, rest: str) -> None:
        state = self.need_game()
        seat = self._viewer(state, rest)
        for text in state.draw(seat).splitlines():
            self.out(text)

    # -- jobs ---------------------------------------------------------------------------
    def cmd_stop(self, rest: str) -> None:
        # wait (briefly) for the job's last line, so that the next command never
        # meets 'error busy' just because the worker had not noticed the flag yet
        if self.job is not None:
            self.job.stop.set()
            self.job.thread.join(STOP_WAIT)

    def cmd_perft(self, rest: str) -> None:
        depth = parse_int(rest, "perft depth", 1, 20)
        state = self.need_game().clone()
        if state.observer is not None:
            # a view's hidden values are unknown, so its move counts would be wrong, not just partial
            raise ProtocolError(f"perft needs a full state; the position is seat {state.observer}'s view")
        if state.is_terminal():
            raise IllegalMove("the game is over (no moves to count)")

        def run(job: Job) -> str:
            for d in range(1, depth + 1):
                try:
                    n = stoppable_perft(state, d, job.stop)
                except _Stopped:
                    return f"perft stopped at depth {d}"
                if d == depth:
                    return f"perft {d} {n}"
                self.out(f"perft {d} {n}")
            return "perft stopped"  # not reached: depth >= 1

        self._start(run, "perft stopped")

    def cmd_go(self, rest: str) -> None:
        # every go the engine accepts ends in exactly one bestmove: after an error, 'bestmove none'
        try:
            self._go(rest)
        except GuildhallError as exc:
            self.out(error_line(exc.kind, str(exc)))
            self.out("bestmove none")
        except Exception as exc:  # noqa: BLE001 - a bug must not end the session
            self.out(error_line("internal", f"{type(exc).__name__}: {exc}"))
            self.out("bestmove none")

    def _go(self, rest: str) -> None:
        state = self.need_game().clone()
        limits, searchmoves = self._limits(rest, state)
        movers = state.to_move()
        if not movers:
            raise IllegalMove("the game is over")
        if movers == (CHANCE,):
            raise IllegalMove("chance is to move (play random draws it)")
        seat = self.seat if self.seat is not None else movers[0]
        if seat not in movers:
            raise IllegalMove(f"seat {seat} is not to move")
        if state.observer is not None and state.observer != seat:
            raise IllegalMove(f"the position is seat {state.observer}'s view; the engine plays seat {seat}")
        legal = state.legal_moves(seat)
        if not legal:
            raise IllegalMove(f"seat {seat} has no known legal move here")
        if searchmoves is not None:
            allowed = [state.parse_move(seat, self._own_item(seat, text)) for text in searchmoves]
            bad = [t for t, m in zip(searchmoves, allowed) if m not in legal]
            if bad:
                raise IllegalMove(f"searchmoves: {bad[0]} is not legal for seat {seat} here")
            limits.searchmoves = sorted(set(allowed))  # the search itself considers only these
        omniscient = bool(self.options["omniscient"].value)
        if omniscient and state.observer is not None:
            raise IllegalMove("Omniscient search needs a full state, not a seat's view")
        player = self._current_player()
        # debug mode: the player says what each search it runs uses (Player.say_settings)
        player.on_settings = self._say_settings if self.debug else None
        shown = state if omniscient else seat_view(state, seat)  # every output line is rendered from it
        interval = self.options["infointerval"].value / 1000.0
        # 0: no periodic report, the final one only (a 1 ms floor would flood the frontend)
        limits.info_interval = interval if interval > 0 else float("inf")
        top = self.options["infomoves"].value
        multipv = self.options["multipv"].value
        limits.multipv = multipv

        def run(job: Job) -> str:
            printed = [None]  # the last info object reported

            def on_info(info: SearchInfo) -> None:
                printed[0] = info
                self._report(shown, seat, info, top, multipv)

            best = None
            try:
                best = player.choose(state, seat, limits, on_info, job.stop, omniscient=omniscient)
                if player.last_info is not printed[0]:
                    self._report(shown, seat, player.last_info, top, multipv)
            except GuildhallError as exc:
                self.out(error_line(exc.kind, str(exc)))
            except Exception as exc:  # noqa: BLE001 - report, then still answer bestmove
                self.out(error_line("internal", f"search failed: {type(exc).__name__}: {exc}"))
            if limits.infinite:
                job.stop.wait()  # 'go infinite' answers only after stop, as in UCI
            if best is None or best not in (limits.searchmoves or legal):
                return "bestmove none"
            return "bestmove " + shown.move_to_string(seat, best)

        self._start(run, "bestmove none")

    def _start(self, target: Callable[[Job], str], fallback: str) -> None:
        self.job = Job(target, self.out, fallback)
        self.job.start()

    @staticmethod
    def _own_item(seat: int, text: str) -> str:
        """A ``searchmoves`` item (a ``play`` item) as the move text of the searching ``seat``:
        ``seat N MOVE`` names that seat, ``chance MOVE`` or another seat is not its move."""
        who, move = parse_item(text)
        if who is not None and who != seat:
            raise IllegalMove(f"searchmoves: {text} is not a move of seat {seat}, the seat searched")
        return move

    def _limits(self, rest: str, state: State) -> tuple[Limits, Optional[list[str]]]:
        """The limits of a ``go`` line, and its ``searchmoves`` list (always last) if any."""
        head, moves = split_keyword(rest, "searchmoves")
        searchmoves = None
        if moves is not None:
            searchmoves = split_items(moves)
            if not searchmoves:
                raise ProtocolError("searchmoves needs at least one move")
        words = head.split()
        players = state.players
        lim = Limits()
        seen = set()
        i = 0
        while i < len(words):
            key = words[i].lower()
            if key not in GO_KEYS:
                raise ProtocolError(f"unknown go argument {clip(words[i])!r} "
                                    f"(go [iterations N] [nodes N] [movetime MS] [time MS... [inc MS...]] "
                                    f"[infinite] [searchmoves LIST])")
            if key in seen:
                raise ProtocolError(f"go {key} given twice")
            seen.add(key)
            if key == "infinite":
                lim.infinite = True
                i += 1
                continue
            if key in ("time", "inc"):
                j = i + 1
                while j < len(words) and words[j].lower() not in GO_KEYS:
                    j += 1
                vals = words[i + 1: j]
                if len(vals) != players:
                    raise ProtocolError(f"go {key} needs one value per seat ({players}), got {len(vals)}")
                secs = [parse_int(v, f"go {key}", 0, 2**31 - 1) / 1000.0 for v in vals]
                if key == "time":
                    lim.clock = secs
                else:
                    lim.increment = secs
                i = j
                continue
            if i + 1 >= len(words) or words[i + 1].lower() in GO_KEYS:
                raise ProtocolError(f"go {key} needs a value")
            if key == "iterations":
                lim.iterations = parse_int(words[i + 1], "go iterations", 1, SPIN_LIMIT)
            elif key == "nodes":
                lim.nodes = parse_int(words[i + 1], "go nodes", 1, 2**62)
            else:
                lim.movetime = parse_int(words[i + 1], "go movetime", 1, 2**31 - 1) / 1000.0
            i += 2
        if lim.increment is not None and lim.clock is None:
            raise ProtocolError("go inc needs time")
        if not (lim.infinite or lim.iterations or lim.nodes or lim.movetime or lim.clock):
            lim.iterations = self.options["iterations"].value
        lim.validate()
        return lim, searchmoves

    def _current_player(self):
        name = self.options["engine"].value
        kwargs = player_kwargs(self.options, name)
        skill = self.options["skill"].value
        key = (name, self.options["seed"].value, tuple(sorted(kwargs.items())), skill)
        if key != self._player_key:
            new = with_skill(make_player(name, seed=self.options["seed"].value, **kwargs), skill)
            if self._player is not None:
                self._player.hand_over(new)  # search workers carry over, resized at the next go
            self._player, self._player_key = new, key
        return self._player

    def _say_settings(self, settings: SearchSettings) -> None:
        self.out(settings_line(settings_header(settings), settings.options))

    def _report(self, state: State, seat: int, info: SearchInfo, top: int, multipv: int = 1) -> None:
        """One report: a summary line with the pv, the root move statistics, and with
        ``MultiPV`` above 1 one ``info multipv K`` line per best root move."""
        ms = int(info.elapsed * 1000)
        # equal visits (greedy and random visit nothing): the move chosen first, so currmove says it
        stats = sorted(info.moves, key=lambda m: (-m.visits, m.move != info.best, m.move))
        total = sum(m.visits for m in stats)
        line = (f"info seat {seat} iterations {info.iterations} nodes {info.nodes} time {ms} "
                f"ips {int(info.ips)}")
        if stats:
            line += f" currmove {state.move_to_string(seat, stats[0].move)} currmovevisits {stats[0].visits}"
        if info.tree_nodes:
            line += f" treenodes {info.tree_nodes} treefull {info.tree_full}"
        pv = render_pv(state, info.pv)
        self.out(line + (" pv " + "; ".join(pv) if pv else ""))
        if stats and top:
            items = [f"{m.visits} {format_values(m.value)} {state.move_to_string(seat, m.move)}"
                     for m in stats[:top]]
            self.out("info moves " + "; ".join(items))
        if multipv > 1:
            for k, m in enumerate(stats[:multipv], 1):
                line = info.lines.get(m.move) or (info.pv if m.move == info.best and info.pv else [])
                line_pv = render_pv(state, line or [(seat, m.move)])
                share = m.visits / total if total else 0.0
                self.out(f"info multipv {k} visits {m.visits} share {share:.3f} value "
                         f"{format_values(m.value)} pv " + "; ".join(line_pv))


class _Stopped(Exception):
    pass


def stoppable_perft(state: State, depth: int, stop: threading.Event) -> int:
    """:func:`engine.perft.perft`, expanded the same way, checking ``stop`` near the root."""
    if stop.is_set():
        raise _Stopped
    if depth <= 3:
        return perft(state, depth)
    movers = state.to_move()
    if not movers:
        return 1
    seat = movers[0]
    moves = [m for m, _ in state.chance_outcomes()] if seat == CHANCE else state.legal_moves(seat)
    total = 0
    for move in moves:
        child = state.clone()
        state.game.kernel.apply(child.buf, seat, move)
        total += stoppable_perft(child, depth - 1, stop)
    return total


def settings_header(s: SearchSettings) -> dict:
    """The header of a ``settings`` line (docs/protocol.md, ``debug``): the player kind
    (and, for a search run inside another player's decision, that player); its preset
    (followed by ``default_at=N`` where the preset file's default at N seats chose it),
    the ``by_budget`` entries applied and the iteration budget that chose them (``-``
    for a player without presets); the Skill level with its iteration cap and move
    temperature."""
    head: dict = {"player": s.player}
    if s.fallback_for is not None:
        head["fallback_for"] = s.fallback_for
    if s.origin is None:
        head.update(preset="-", by_budget="-", budget="-")
    else:
        head["preset"] = s.origin[0]
        if s.origin[2] is not None:  # only then: every line without a per-count default stays as it was
            head["default_at"] = s.origin[2]
        head.update(by_budget=s.origin[1], budget=s.budget)
    head.update(skill=s.skill, cap=s.cap, temperature=s.temperature)
    return head


def seat_view(state: State, seat: int) -> State:
    """What ``seat`` may be shown: its view (a full state would name rivals' hidden choices)."""
    return state.observe(seat) if state.observer is None else state


def render_pv(state: State, pv: list[tuple[int, int]]) -> list[str]:
    """The principal variation as ``seat N MOVE`` items, as far as it can be replayed.

    ``state`` is the searching seat's view.  A rival's hidden choice cannot be
    applied to it, so the line is also replayed in up to ``RENDER_WORLDS``
    worlds drawn from the view alone (fixed seeds: the same view always renders
    the same line, and nothing the seat cannot see is used), keeping the
    longest.  The rivals' moves shown are the search's predictions; chance in
    between (which the tree does not branch on) is drawn in the world, not printed."""
    out = _replay(state.clone(), pv, draw=state.observer is None)
    for seed in range(RENDER_WORLDS if state.observer is not None else 0):
        if len(out) == len(pv):
            break
        try:
            world = state.determinize(state.observer, make_rng(seed))
        except Exception:  # noqa: BLE001 - no world: the line ends here
            break
        longer = _replay(world, pv, draw=True)
        if len(longer) > len(out):
            out = longer
    return out


def _replay(s: State, pv: list[tuple[int, int]], draw: bool) -> list[str]:
    """Play ``pv`` on ``s`` as far as it goes; ``draw``: draw chance steps in between
    (a world, never a view: a view's dealer is not the seat's to use)."""
    out = []
    for seat, move in pv:
        try:
            while draw and s.to_move() == (CHANCE,):
                s.apply(CHANCE, s.sample_chance())
            text = s.move_to_string(seat, move)
            s.apply(seat, move)
        except Exception:  # noqa: BLE001 - a move this position cannot take ends the line
            break
        out.append(format_item(seat, text))
    return out
