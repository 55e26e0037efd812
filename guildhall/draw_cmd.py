"""``guildhall draw``: a state as an SVG picture, and the same from Python.

>>> import engine
>>> from guildhall.draw_cmd import draw_svg
>>> s = engine.make("city_and_guilds", players=3, seed=1)
>>> draw_svg(s).startswith("<svg")
True
"""
from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Optional

import click

from guildhall.cli_options import friendly


if TYPE_CHECKING:
    from engine.core import State


def draw_svg(state: "State", seat: Optional[int] = None) -> str:
    """SVG text of ``state`` (masked for ``seat`` when given), by its game's ``svg`` module."""
    module = importlib.import_module(f"engine.{state.game.name}.svg")
    return module.draw_svg(state.game, state, seat)


@click.command("draw")
@click.argument("game")
@click.option("--players", type=int, default=None, help="Number of players.")
@click.option("--variant", "variants", multiple=True, help="Rule variant (repeatable).")
@click.option("--edition", type=str, default=None, help="Edition data file (JSON).")
@click.option("--state", "state_text", default=None,
              help="A state string (as `view` prints); default: the start position.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the start position.")
@click.option("--seat", type=int, default=None, help="Draw this seat's view (hidden values masked).")
@click.option("--svg", "out", default="-", show_default=True, help="File to write, '-' for stdout.")
@friendly
def draw(game, players, variants, edition, state_text, seed, seat, out) -> None:
    """Draw a GAME state as SVG."""
    import engine as eng
    from engine.errors import BadConfig

    g = eng.make_game(game, players, variants, edition)
    state = g.parse_state(state_text) if state_text else g.new_initial_state(seed)
    if seat is not None and not 0 <= seat < g.players:
        raise BadConfig(f"--seat must be 0-{g.players - 1}")
    text = draw_svg(state, seat)
    if out == "-":
        sys.stdout.write(text + "\n")
    else:
        try:
            with open(out, "w", encoding="utf-8") as fh:
                fh.write(text + "\n")
        except OSError as exc:
            raise BadConfig(f"cannot write {out}: {exc.strerror or exc}") from None
