"""``guildhall solve GAME --state STRING``: the exact value of a position.

A full state is solved exactly; a seat's view (the string of
``observe(seat)``) is solved over ``--worlds`` determinizations, with how
far they agree.  Prints the value per seat, each move's value for the seat
asked about, the principal variation, nodes and time.
"""
from __future__ import annotations

from typing import Optional

import click

from cython_ext.reward_modes import REWARD_CODES
from guildhall.cli_options import friendly, game_options


def parse_position(game: str, state: str, players: Optional[int], variants, edition):
    """Parse ``state``; without ``players``, the one player count whose layout reads it."""
    import engine as eng
    from engine.errors import BadConfig, GuildhallError

    if players is not None:
        return eng.make_game(game, players, variants, edition).parse_state(state)
    cls = eng.game_class(game)
    found, last = [], None
    for n in range(cls.min_players, cls.max_players + 1):
        try:
            found.append(eng.make_game(game, n, variants, edition).parse_state(state))
        except GuildhallError as exc:
            last = exc
    if len(found) == 1:
        return found[0]
    if not found:
        raise last if last is not None else BadConfig("cannot read the state")
    raise BadConfig(f"the state reads for several player counts; give --players")


def _given(param: str) -> bool:
    """True when ``param`` was given on the command line (not left at its default)."""
    src = click.get_current_context().get_parameter_source(param)
    return src is not None and src.name != "DEFAULT"


@click.command("solve")
@click.argument("game")
@click.option("--state", "state_text", required=True, help="Position string (full state or a seat's view).")
@click.option("--seat", type=int, default=None, help="Seat whose moves to list (default: the first to move).")
@click.option("--time", "seconds", type=float, default=None, help="Seconds allowed (default: no limit).")
@click.option("--memory", type=click.IntRange(1, 65536), default=64, show_default=True,
              help="Transposition table size in MB.")
@click.option("--max-nodes", type=click.IntRange(1, 100_000_000), default=10_000_000, show_default=True)
@click.option("--reward", type=click.Choice(list(REWARD_CODES)), default="win", show_default=True)
@click.option("--worlds", type=click.IntRange(1, 10_000), default=8, show_default=True,
              help="Determinizations solved for a seat's view.")
@click.option("--distinct-worlds", "distinct", is_flag=True,
              help="A view: solve its distinct worlds (up to --worlds), weighted by how often they are drawn.")
@click.option("--exact", is_flag=True,
              help="A view: every world of its information set with its exact probability, one move for "
                   "them all (refused past --limit worlds, or for a game without an enumerator).")
@click.option("--limit", type=click.IntRange(1, 100_000), default=256, show_default=True,
              help="Most worlds --exact will solve.")
@click.option("--best-only", "best_only", is_flag=True,
              help="A full state: the value and the best move only, not every move's value (far fewer nodes).")
@click.option("--paranoid", is_flag=True,
              help="3+ seats: the seat against all others ganging up (faster; a lower bound, not exact).")
@click.option("--best-reply", "best_reply", is_flag=True,
              help="3+ seats: the seat against one replying opponent at a time, the others greedy "
                   "(an approximation, neither bound).")
@click.option("--equilibria", type=click.Choice(["first", "all"]), default="first", show_default=True,
              help="A simultaneous root: list the pure equilibrium taken (the first, seats and moves "
                   "ascending), or every one (three or more seats: every joint choice valued, slower).")
@game_options
@friendly
def solve(game, state_text, seat, seconds, memory, max_nodes, reward, worlds, distinct, exact, limit, best_only,
          paranoid, best_reply, equilibria, players, variants, edition) -> None:
    """Solve a position of GAME exactly (see docs/solver.md)."""
    import time

    from engine.core import CHANCE
    from engine.errors import BadConfig
    from engine.playable import check_playable
    from search.solver import Solver, solve_view

    state = parse_position(game, " ".join(state_text.split()), players, variants, edition)
    check_playable(state)  # a crafted state must not reach the compiled kernels
    movers = state.to_move()
    if seat is not None and not 0 <= seat < state.players:
        raise BadConfig(f"--seat must be 0-{state.players - 1}")
    solver = Solver(reward, memory, max_nodes, seconds, paranoid=paranoid, move_values=not best_only,
                    best_reply=best_reply, equilibria=equilibria)
    if state.observer is not None:
        who = state.observer if seat is None else seat
        if who != state.observer or who not in movers:
            raise BadConfig(f"this is seat {state.observer}'s view; it can be solved for that seat when it is to move")
        if best_only:
            raise BadConfig("--best-only solves a full state: a view's worlds are averaged move by move")
        deadline = None if seconds is None else time.perf_counter() + seconds
        sol = solve_view(state, who, worlds, 0, reward, max_nodes, solver=solver, deadline=deadline,
                         distinct=distinct, exact=exact, limit=limit)
    else:
        # the options of a view's worlds mean nothing here: say so rather than ignore them
        given = [name for name, on in (("--exact", exact), ("--distinct-worlds", distinct),
                                       ("--worlds", _given("worlds")), ("--limit", _given("limit"))) if on]
        if given:
            raise BadConfig(f"{', '.join(given)} apply to a seat's view; this is a full state, "
                            "solved exactly as it stands")
        sol = solver.solve(state, seat=seat)
    click.echo(f"value {' '.join(f'{v:.4f}' for v in sol.value)}")
    if sol.paranoid:
        click.echo(f"paranoid: seat {sol.seat}'s reward if every other seat played against it "
                   "(a lower bound, not the exact value)")
    if sol.best_reply:
        click.echo(f"best-reply: seat {sol.seat}'s reward against one replying opponent at a time, "
                   "the others greedy (an approximation, neither a lower nor an upper bound)")
    if sol.seat is not None and sol.seat != CHANCE and sol.values:  # none: the seat is not to move
        click.echo(f"moves of seat {sol.seat}:")
        for m, v in sorted(sol.values.items(), key=lambda mv: (-mv[1][sol.seat], mv[0])):
            mark = "*" if m == sol.best else " "
            extra = ""
            if sol.spread:
                lo, hi = sol.spread[m]
                extra = f"  worlds {lo:.4f}..{hi:.4f}"
            click.echo(f" {mark} {state.move_to_string(sol.seat, m):<14} {' '.join(f'{x:.4f}' for x in v)}{extra}")
    # paranoid and best-reply take a simultaneous step in order (the asking seat first): no
    # equilibrium is sought, so none is listed (and none missing means no fallback)
    if len(sol.movers) > 1 and state.observer is None and not (sol.paranoid or sol.best_reply):
        eqs = "; ".join(" ".join(f"{s}:{state.move_to_string(s, m)}" for s, m in zip(sol.movers, c))
                        for c in sol.equilibria)
        if not sol.equilibria:
            click.echo("no pure equilibrium: best replies to uniform play (fallback)")
        elif equilibria == "all":
            click.echo(f"equilibria {len(sol.equilibria)}: {eqs}")
        else:
            click.echo(f"equilibrium (the first, seats and moves ascending; --equilibria all lists "
                       f"every one): {eqs}")
    if sol.pv:
        from guildhall.session import render_pv

        click.echo("pv " + "; ".join(render_pv(state, sol.pv)))
    if state.observer is not None:
        if sol.info_set:
            click.echo(f"worlds {sol.worlds}: the whole information set with exact probabilities, best move "
                       f"best in {sol.agree} of them (each world solved with its cards known below the root)")
        else:
            found = {True: ", every world found", False: ", not every world found"}.get(sol.complete, "")
            click.echo(f"worlds {sol.worlds}{found}, best move best in {sol.agree} of them "
                       "(not exact: determinized)")
    rate = sol.nodes / sol.elapsed if sol.elapsed > 0 else 0
    click.echo(f"nodes {sol.nodes} time {sol.elapsed:.3f}s ({rate:,.0f} nodes/s)"
               + (" fallback" if sol.fallback else ""))
