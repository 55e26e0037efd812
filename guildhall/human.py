"""A person plays one seat in the terminal; the AI plays the others.

The person sees only what their seat may see: the drawing is their masked
view, another seat's move is named only when the seat could tell which it
was (:func:`engine.reveal.visible`), and a simultaneous step's hidden
choices are named when the step reveals them.  ``hint`` searches the
person's own view; the AI's thinking shows its progress, never its
candidate moves (they would name its hidden cards).
"""
from __future__ import annotations

import importlib
import sys
import time
from typing import Any, Callable, Optional

import click

from engine.core import CHANCE, Game, State
from engine.errors import GuildhallError
from engine.reveal import visible
from guildhall.arena import tell_and_play
from guildhall.movelist import grouped, narrow
from search.api import Limits, SearchInfo, make_player

LIST_LIMIT = 24  # more moves than this are grouped, not numbered

HELP = """\
commands:
  <number>        play the move with that number in the list shown
  <words>         play the move they name, or narrow the list to the moves whose
                  words begin with them (e.g. 'place bui' or 'e5'); numbers then
                  refer to the narrowed list
  moves, m        show every legal move again
  board, b        draw the board again
  legend, l       what the symbols of the drawing mean
  hint            the AI's suggestion for your seat, with its expected result
  undo, u         take back your previous decision (and what followed it)
  help, ?         this text
  quit, q         leave the game"""


class Quit(Exception):
    pass


class Undo(Exception):
    pass


def narrator(game: Game):
    """The game's ``narrate`` module (move texts and count breakdowns for a seat), or None."""
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        return importlib.import_module(f"{package}.narrate")
    except ImportError:
        return None


class HumanGame:
    def __init__(self, game: Game, seat: int, engine: str, limits: Limits, seed: int = 0,
                 echo: Callable[[str], None] = click.echo, skill: int = 20) -> None:
        from search.skill import with_skill

        self.game, self.seat, self.limits, self.engine, self.seed = game, seat, limits, engine, seed
        self.echo = echo
        self.record: list[tuple[int, int]] = []
        self.state = game.new_initial_state(seed)
        # the opponents play at the chosen skill; the hint helper keeps full strength
        self.ai = {s: with_skill(make_player(engine, seed=seed * 1000 + s), skill)
                   for s in range(game.players) if s != seat}
        self.helper = make_player(engine, seed=seed * 1000 + 999)
        self.narrate = narrator(game)
        self.tty = sys.stdout.isatty()
        self.step_start: Optional[State] = None  # the state before this simultaneous step
        self.pending: Optional[tuple[str, list[str]]] = None  # news not yet printed

    # -- the loop ------------------------------------------------------------------------
    def run(self) -> None:
        g = self.game
        self.echo(f"{g.title}, {g.players} players. You are seat {self.seat}; the others are "
                  f"played by {self.engine}. Type 'help' for the commands.")
        try:
            while True:
                movers = self.state.to_move()
                if not movers:
                    break
                actor = self.seat if self.seat in movers else movers[0]
                try:
                    move = self.decide(actor)
                except Undo:
                    self.undo()
                    continue
                self.play(actor, move)
        except Quit:
            self.echo("game abandoned")
            return
        self.finish()

    def decide(self, actor: int) -> int:
        if actor == CHANCE:
            return self.state.sample_chance()
        if actor == self.seat:
            return self.ask()
        return self.think(actor)

    def play(self, actor: int, move: int) -> None:
        before = self.state.clone()
        movers = before.to_move()
        seen = actor == self.seat or visible(before, actor, move, self.seat)
        if actor == CHANCE:
            if seen:
                self.news("dealer", before.move_to_string(actor, move))
        elif actor != self.seat:
            if seen:
                self.say(f"seat {actor} {self.describe(before, actor, move)}")
            else:
                self.news("secret", str(actor))
        if len(movers) > 1 and self.step_start is None:
            self.step_start = before
        tell_and_play(list(self.ai.values()), self.state, actor, move)
        self.record.append((actor, move))
        after = set(self.state.to_move())
        if self.step_start is not None and (not after or not after <= set(movers)):  # resolved
            start, self.step_start = self.step_start, None
            self.tell("reveal_lines", start)
        # the move the count followed, where this seat saw it: a count a move triggers can
        # depend on the move itself (a Guildes dirty trick's virtual card, cleared by the count)
        self.tell("count_lines", before, last=(actor, move) if seen else None)

    def news(self, kind: str, text: str) -> None:
        """Collect runs of the dealer's draws and of secret choices into one line each."""
        if self.pending and self.pending[0] != kind:
            self.flush()
        self.pending = self.pending or (kind, [])
        self.pending[1].append(text)

    def flush(self) -> None:
        if not self.pending:
            return
        kind, items = self.pending
        self.pending = None
        if kind == "secret":
            who = sorted(set(items), key=items.index)
            names = ", ".join(f"seat {w}" for w in who)
            self.echo(f"{names} chose in secret" + (f" ({len(items)} choices)" if len(items) > len(who) else ""))
            return
        verbs: dict[str, list[str]] = {}
        for t in items:
            verb, _, rest = t.partition(" ")
            verbs.setdefault(verb if rest else "", []).append(rest or verb)
        for verb, things in verbs.items():
            counts = {x: things.count(x) for x in things}
            self.echo("dealer: " + (verb + " " if verb else "") + ", ".join(
                f"{x} x{c}" if c > 1 else x for x, c in counts.items()))

    def say(self, line: str) -> None:
        self.flush()
        self.echo(line)

    def describe(self, before: State, actor: int, move: int) -> str:
        if self.narrate is not None and hasattr(self.narrate, "move_text"):
            return self.narrate.move_text(self.game, before.observe(self.seat), actor, move, self.seat)
        return "plays " + before.move_to_string(actor, move)

    def tell(self, hook: str, before: State, **extra: Any) -> None:
        """Lines of the game's narrator, computed from this seat's views before and now only
        (and what ``extra`` passes on, such as ``count_lines``' ``last``)."""
        fn = getattr(self.narrate, hook, None)
        if fn is None:
            return
        views = (self.game, before.observe(self.seat), self.state.observe(self.seat), self.seat)
        for line in fn(*views, **extra):
            self.say(line)

    # -- the AI -----------------------------------------------------------------------
    def think(self, actor: int) -> int:
        return self.search(self.ai[actor], self.state, actor, f"seat {actor} is thinking")

    def search(self, player, state: State, seat: int, label: str) -> int:
        start = time.monotonic()

        def progress(info: SearchInfo) -> None:
            # progress only: the candidate moves of an AI seat would name its hidden cards
            if self.tty:
                click.echo(f"\r\033[K{label}... {info.iterations} iterations, "
                           f"{time.monotonic() - start:.1f} s", nl=False)

        if self.tty:
            click.echo(f"{label}...", nl=False)
        try:
            return player.choose(state, seat, self.limits, on_info=progress)
        finally:
            if self.tty:
                click.echo("\r\033[K", nl=False)

    def hint(self) -> None:
        s = self.state
        move = self.search(self.helper, s, self.seat, "looking for a hint")
        info = self.helper.last_info
        stat = next((m for m in info.moves if m.move == move), None)
        text = s.move_to_string(self.seat, move)
        reward = getattr(self.helper, "opts", {}).get("reward", "win")
        if stat is None or not stat.value:
            self.echo(f"hint: {text} ({self.engine} gives no expected result)")
            return
        v = stat.value[self.seat]
        what = f"win chance {v:.0%}" if reward == "win" else f"expected {reward} reward {v:.2f}"
        self.echo(f"hint: {text} ({what}, from {info.iterations} iterations)")

    # -- the person ---------------------------------------------------------------------
    def ask(self) -> int:
        s = self.state
        moves = s.legal_moves(self.seat)
        texts = [s.move_to_string(self.seat, m) for m in moves]
        self.flush()
        if len(moves) == 1:
            self.echo(f"your only legal move, {texts[0]}, is played for you")
            return moves[0]
        self.echo("")
        self.echo(s.draw(self.seat))
        shown = list(texts)
        self.show(shown, len(texts))
        while True:
            line = read_line("your move> ")
            if line is None:
                raise Quit
            text = line.strip()
            word = text.lower()
            if not text:
                continue
            if word in ("quit", "exit", "q"):
                raise Quit
            if word in ("help", "?", "h"):
                self.echo(HELP)
            elif word in ("board", "b", "d"):
                self.echo(s.draw(self.seat))
            elif word in ("legend", "l"):
                self.echo(legend(self.game))
            elif word in ("moves", "m"):
                shown = list(texts)
                self.show(shown, len(texts))
            elif word == "hint":
                self.hint()
            elif word in ("undo", "u"):
                if not any(a == self.seat for a, _ in self.record):
                    self.echo("nothing of yours to take back yet")
                else:
                    raise Undo
            elif text.isdigit():
                i = int(text)
                if 1 <= i <= len(shown) and len(shown) <= LIST_LIMIT:
                    return moves[texts.index(shown[i - 1])]
                self.echo(f"no move number {i}" + (f" (1-{len(shown)})" if len(shown) <= LIST_LIMIT
                                                     else "; type words to narrow the list first"))
            else:
                move = self.exact(moves, text)
                if move is not None:
                    return move
                found = narrow(shown, text) or narrow(texts, text)
                if len(found) == 1:
                    self.echo(f"you play {found[0]}")
                    return moves[texts.index(found[0])]
                if not found:
                    self.echo(f"no legal move matches {text!r}; type 'moves' for the list, 'help' for help")
                    continue
                shown = found
                self.show(shown, len(texts))

    def exact(self, moves: list[int], text: str) -> Optional[int]:
        """The legal move ``text`` names in the game's notation, or None."""
        try:
            move = self.state.parse_move(self.seat, text)
        except GuildhallError:
            return None
        return move if move in moves else None

    def show(self, shown: list[str], total: int) -> None:
        head = "your moves" if len(shown) == total else f"{len(shown)} of your {total} moves"
        if len(shown) <= LIST_LIMIT:
            self.echo(f"{head}:")
            self.echo(columns([f"{i + 1}) {t}" for i, t in enumerate(shown)]))
        else:
            self.echo(f"{head} ({len(shown)}; type words to narrow, e.g. {example(shown)!r}):")
            for line in grouped(shown):
                self.echo("  " + line)

    def undo(self) -> None:
        last = max(i for i, (a, _) in enumerate(self.record) if a == self.seat)
        taken = len(self.record) - last
        self.record = self.record[:last]
        self.state = self.game.new_initial_state(self.seed)
        for a, m in self.record:
            self.state.apply(a, m)
        self.step_start = None
        for p in self.ai.values():
            p.new_game()
        self.echo(f"taken back: your last decision and the {taken - 1} moves after it")

    def finish(self) -> None:
        self.flush()
        s = self.state
        self.echo("")
        self.echo(s.draw(None))
        scores = s.scores()
        self.echo("final scores: " + ", ".join(
            f"seat {i}{' (you)' if i == self.seat else ''} {v}" for i, v in enumerate(scores)))
        win = s.winners()
        who = " and ".join("you" if w == self.seat else f"seat {w}" for w in win) or "nobody at the table"
        self.echo(f"winner: {who}" + (" -- well played!" if self.seat in win else ""))


def legend(game: Game) -> str:
    """What the symbols of the game's drawing mean (the draw module's ``legend``)."""
    package = type(game).__module__.rsplit(".", 1)[0]
    draw = importlib.import_module(f"{package}.draw")
    fn = getattr(draw, "legend", None)
    return fn(game) if fn is not None else "(this drawing has no symbols to explain)"


def example(texts: list[str]) -> str:
    """A few leading words that narrow ``texts`` usefully: the first move's first two words."""
    return " ".join(texts[0].split()[:2])


def columns(items: list[str], width: int = 100) -> str:
    """Items in as many columns as fit ``width``, numbered down each column."""
    if not items:
        return ""
    w = max(len(t) for t in items) + 3
    ncol = max(1, min(len(items), width // w))
    nrow = -(-len(items) // ncol)
    rows = []
    for r in range(nrow):
        rows.append("  " + "".join(items[c * nrow + r].ljust(w) for c in range(ncol)
                                   if c * nrow + r < len(items)).rstrip())
    return "\n".join(rows)


def read_line(prompt: str) -> Optional[str]:
    """One line from the user; None at end of input."""
    click.echo(prompt, nl=False)
    try:
        line = input()
    except EOFError:
        click.echo("")
        return None
    return line
