"""A person plays one seat in the terminal; the AI plays the others.

The person sees only what their seat may see: the drawing is their masked
view, and the dealer's draws and the AI's moves are shown only when the
kernel's ``observed_move`` says they are public to that seat.
"""
from __future__ import annotations

from typing import Optional

import click

from engine.core import CHANCE, Game, State
from engine.errors import GuildhallError
from search.api import Limits, make_player


class Quit(Exception):
    pass


class HumanGame:
    def __init__(self, game: Game, seat: int, engine: str, limits: Limits, seed: int = 0) -> None:
        self.game, self.seat, self.limits = game, seat, limits
        self.state = game.new_initial_state(seed)
        self.ai = {s: make_player(engine, seed=seed * 1000 + s)
                   for s in range(game.players) if s != seat}
        self.engine = engine

    def visible(self, actor: int, move: int) -> bool:
        """Whether this seat can tell which move ``actor`` made.

        True when the kernel's ``observed_move`` does not hide it and the seat's
        view after ``move`` differs from its view after every other move
        ``actor`` could have made (so a deal to another seat stays hidden).
        """
        s, k = self.state, self.game.kernel
        if int(k.observed_move(s.buf, actor, move, self.seat)) >= k.max_moves:
            return False  # the game says the choice is hidden
        moves = [m for m, _ in s.chance_outcomes()] if actor == CHANCE else s.legal_moves(actor)

        def seen(m: int) -> bytes:
            t = s.clone()
            t.apply(actor, m)
            return t.observe(self.seat).buf[2:].tobytes()  # words 0-1: the header

        mine = seen(move)
        return all(seen(m) != mine for m in moves if m != move)

    def run(self) -> None:
        g = self.game
        click.echo(f"{g.title}, {g.players} players. You are seat {self.seat}; "
                   f"the others are played by {self.engine}. Type a move, its number, "
                   f"'board' to redraw, or 'quit'.")
        try:
            while True:
                movers = self.state.to_move()
                if not movers:
                    break
                actor = movers[0]
                if actor == CHANCE:
                    move = self.state.sample_chance()
                    if self.visible(actor, move):
                        click.echo(f"dealer: {self.state.move_to_string(actor, move)}")
                elif actor == self.seat:
                    move = self.ask()
                else:
                    move = self.ai[actor].choose(self.state, actor, self.limits)
                    text = self.state.move_to_string(actor, move) if self.visible(actor, move) else "(hidden)"
                    click.echo(f"seat {actor} plays {text}")
                self.state.apply(actor, move)
        except Quit:
            click.echo("game abandoned")
            return
        self.finish()

    def ask(self) -> int:
        s = self.state
        click.echo("")
        click.echo(s.draw(self.seat))
        moves = s.legal_moves(self.seat)
        texts = [s.move_to_string(self.seat, m) for m in moves]
        click.echo("your moves: " + "  ".join(f"{i + 1}) {t}" for i, t in enumerate(texts)))
        while True:
            line = read_line("your move> ")
            if line is None or line.strip().lower() in ("quit", "exit", "q"):
                raise Quit
            text = line.strip()
            if not text:
                continue
            if text.lower() in ("board", "d"):
                click.echo(s.draw(self.seat))
                continue
            move = pick(s, self.seat, moves, text)
            if move is not None:
                return move

    def finish(self) -> None:
        s = self.state
        click.echo("")
        click.echo(s.draw(None))
        scores = s.scores()
        click.echo("final scores: " + ", ".join(
            f"seat {i}{' (you)' if i == self.seat else ''} {v}" for i, v in enumerate(scores)))
        win = s.winners()
        who = " and ".join("you" if w == self.seat else f"seat {w}" for w in win) or "nobody at the table"
        click.echo(f"winner: {who}" + (" -- well played!" if self.seat in win else ""))


def pick(state: State, seat: int, moves: list[int], text: str) -> Optional[int]:
    """The move meant by ``text`` (a move string or its 1-based number), or None with a message."""
    if text.isdigit():
        i = int(text)
        if 1 <= i <= len(moves):
            return moves[i - 1]
        click.echo(f"no move number {i} (1-{len(moves)})")
        return None
    try:
        move = state.parse_move(seat, text)
    except GuildhallError as exc:
        click.echo(f"error: {exc}")
        return None
    if move not in moves:
        click.echo(f"error: {text} is not legal here")
        return None
    return move


def read_line(prompt: str) -> Optional[str]:
    """One line from the user; None at end of input."""
    click.echo(prompt, nl=False)
    try:
        line = input()
    except EOFError:
        click.echo("")
        return None
    return line
