"""The ``guildhall`` command line: info, selfplay, play, perft, engine.

Every user error (unknown game, bad player count, broken edition file, bad
move...) ends as one ``error: ...`` line on stderr and exit status 1, never
a traceback: :func:`friendly` catches ``GuildhallError`` at the boundary.
"""
from __future__ import annotations

import sys
import time
from typing import Callable, Optional, Sequence

import click

from guildhall import __version__
from guildhall.cli_options import friendly, game_options


@click.group()
@click.version_option(__version__, prog_name="guildhall")
def main() -> None:
    """AI opponents (ISMCTS) for City and Guilds, The Walled City, Between Two Cities and Guildes."""


# -- info ----------------------------------------------------------------------------------
@main.command()
@friendly
def info() -> None:
    """Version, compiled kernels, registered games (with their ISMCTS presets) and engines."""
    import engine
    from cython_ext import select
    from engine.errors import BadConfig
    from engine.registry import broken_games
    from search.api import player_names
    from search.presets import summary

    click.echo(f"guildhall {__version__}")
    status = select.status()
    click.echo(f"kernels ({'all compiled' if select.all_compiled() else 'not all compiled'}):")
    width = max(map(len, status), default=0)
    for name, how in status.items():
        click.echo(f"  {name:<{width}} {how}")
    click.echo("games:")
    for name, cls in engine.games().items():
        click.echo(f"  {name:<18} {cls.title}, {cls.min_players}-{cls.max_players} players")
        for v in cls.variant_list:
            only = f" ({'/'.join(map(str, v.players))} players)" if v.players else ""
            click.echo(f"    variant {v.name}{only}: {v.text}")
        try:
            click.echo(f"    presets: {summary(name)}")
        except BadConfig as exc:  # a broken preset file must not hide the rest of the report
            click.echo(f"    presets: {exc}")
    broken = broken_games()
    if broken:
        click.echo("game packages that failed to load:")
        for name, why in broken.items():
            click.echo(f"  {name}: {why}")
    click.echo("engines: " + ", ".join(player_names()))


# -- shared options ------------------------------------------------------------------------
def search_options(fn: Callable) -> Callable:
    fn = click.option("--movetime", type=int, default=None, help="Milliseconds per AI move.")(fn)
    fn = click.option("--iterations", type=int, default=None,
                      help="Search iterations per AI move (default 200).")(fn)
    return fn


def make_limits(iterations: Optional[int], movetime: Optional[int]):
    from search.api import Limits

    from engine.errors import BadConfig

    if movetime is not None and movetime < 1:
        raise BadConfig(f"--movetime is in milliseconds and must be at least 1, not {movetime}")
    if iterations is not None and iterations < 1:
        raise BadConfig(f"--iterations must be at least 1, not {iterations}")
    lim = Limits(iterations=iterations, movetime=None if movetime is None else movetime / 1000)
    if iterations is None and movetime is None:
        lim.iterations = 200
    lim.validate()
    return lim


def engine_names(requested: Sequence[str], players: int) -> list[str]:
    """One engine name per seat: none given -> the best; one -> all seats; else one per seat."""
    from engine.errors import BadConfig
    from guildhall.options import best_engine
    from search.api import player_names

    known = player_names()
    names = list(requested) or [best_engine(known)]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise BadConfig(f"give one --engine for all seats or one per seat ({players}), not {len(names)}")
    for n in names:
        if n not in known:
            raise BadConfig(f"unknown engine {n!r} (engines: {', '.join(known)})")
    return names


# -- selfplay ------------------------------------------------------------------------------
@main.command()
@click.argument("game")
@game_options
@click.option("--games", "count", type=int, default=1, show_default=True, help="Games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game.")
@click.option("--engine", "engines", multiple=True,
              help="AI player: one for all seats, or one per seat in seat order.")
@click.option("--set", "settings", multiple=True, metavar="ENGINE.OPTION=VALUE",
              help="An option for one engine's players, e.g. ismcts.workers=2.")
@search_options
@friendly
def selfplay(game, players, variants, edition, count, seed, engines, settings, iterations, movetime) -> None:
    """Play GAME with AI players in every seat and print the results."""
    import engine as eng
    from engine.errors import BadConfig
    from guildhall.arena import play_owned, result_line, summarise
    from search.api import make_player

    g = eng.make_game(game, players, variants, edition)
    if count < 1:
        raise BadConfig("--games must be at least 1")
    names = engine_names(engines, g.players)
    options = parse_settings(settings)
    for n, opts in options.items():
        if n not in names:
            raise BadConfig(f"--set names {n!r}, which does not play")
        check_player(g, n, opts)
    limits = make_limits(iterations, movetime)
    click.echo(f"{g.title}: {g.players} players ({', '.join(names)}), "
               f"{count} game{'s' if count > 1 else ''} from seed {seed}")
    wins = [0.0] * g.players
    totals = [0] * g.players
    records = []

    def one(i: int):
        players_ = [make_player(n, seed=(seed + i) * 1000 + s, **options.get(n, {})) for s, n in enumerate(names)]
        return play_owned(g, players_, limits, seed + i)

    if count == 1:
        rec = one(0)
        for line in summarise(rec, names):
            click.echo(line)
        records.append(rec)
    else:
        with click.progressbar(range(count), label="playing", file=sys.stderr) as bar:
            for i in bar:
                records.append(one(i))
    for i, rec in enumerate(records):
        prefix = f"game {i + 1} (seed {rec.seed}): " if count > 1 else ""
        click.echo(prefix + result_line(rec, names))
        for w in rec.winners:
            wins[w] += 1 / len(rec.winners)
        totals = [t + s for t, s in zip(totals, rec.scores)]
    if count > 1:
        click.echo("summary:")
        for s, n in enumerate(names):
            click.echo(f"  seat {s} ({n}): {wins[s]:g} win{'s' * (wins[s] != 1)}, mean score {totals[s] / count:.1f}")


# -- match (tournament) --------------------------------------------------------------------
def parse_settings(items: Sequence[str]) -> dict:
    """``ENGINE.OPTION=VALUE`` items as {engine: {option: value}} (values stay strings)."""
    from engine.errors import BadConfig

    out: dict = {}
    for item in items:
        key, sep, value = item.partition("=")
        name, dot, opt = key.partition(".")
        if not sep or not dot or not name or not opt:
            raise BadConfig(f"--set takes ENGINE.OPTION=VALUE, not {item!r}")
        out.setdefault(name, {})[opt] = value
    return out


@main.command()
@click.argument("game")
@game_options
@click.option("--engine", "engines", multiple=True, required=True,
              help="An engine in the tournament (give two or more); LABEL=ENGINE enters an engine "
                   "under a label, so that two settings of one engine can meet (--set LABEL.OPTION=V).")
@click.option("--games", "count", type=int, default=20, show_default=True, help="Games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game.")
@click.option("--set", "settings", multiple=True, metavar="ENGINE.OPTION=VALUE",
              help="An option for one engine's players, e.g. ismcts.exploration=1.0.")
@click.option("--sprt", "sprt_delta", type=float, default=None, metavar="DELTA",
              help="Two engines: a sequential test of 'the first scores 0.5+DELTA against the "
                   "second' (error rates --alpha, --beta); prints the LLR per game, stops at a bound.")
@click.option("--sprt-elo", "sprt_elo", type=str, default=None, metavar="ELO0,ELO1",
              help="Two engines: a sequential test of H0 'the first is ELO0 Elo stronger' against "
                   "H1 'ELO1 stronger' (fishtest's form), e.g. 0,20.")
@click.option("--alpha", type=float, default=0.05, show_default=True, help="SPRT false-positive rate.")
@click.option("--beta", type=float, default=0.05, show_default=True, help="SPRT false-negative rate.")
@click.option("--ray", "ray_address", is_flag=False, flag_value="local", default=None, metavar="[ADDRESS]",
              help="Play the games as Ray tasks: a local Ray instance, or the cluster at ADDRESS "
                   "(extra [distributed]; same results as a local run).")
@search_options
@friendly
def match(game, players, variants, edition, engines, count, seed, settings, iterations, movetime,
          sprt_delta, sprt_elo, alpha, beta, ray_address) -> None:
    """Play a tournament between engines, rotated over the seats; report win shares."""
    import engine as eng
    from engine.errors import BadConfig
    from guildhall.arena import engine_of, label_of, tournament
    from search.api import player_names

    g = eng.make_game(game, players, variants, edition)
    if count < 1:
        raise BadConfig("--games must be at least 1")
    labels = [label_of(n) for n in engines]
    if len(engines) < 2 or len(set(labels)) != len(labels):
        raise BadConfig("name two or more different engines (or labels, LABEL=ENGINE) with --engine")
    known = player_names()
    for n in engines:
        if engine_of(n) not in known or not label_of(n).replace("_", "").replace("-", "").isalnum():
            raise BadConfig(f"unknown engine {n!r} (engines: {', '.join(known)}; or LABEL=ENGINE, "
                            "a label of letters, digits, - and _)")
    options = parse_settings(settings)
    for n, opts in options.items():
        if n not in labels:
            raise BadConfig(f"--set names {n!r}, which is not in the tournament")
        check_player(g, engine_of(engines[labels.index(n)]), opts)
    limits = make_limits(iterations, movetime)
    if sprt_delta is not None and (len(engines) != 2 or not 0 < sprt_delta < 0.5):
        raise BadConfig("--sprt compares exactly two engines, with DELTA in (0, 0.5)")
    test = make_sprt(sprt_delta, sprt_elo, alpha, beta, len(engines))
    backend = None
    if ray_address is not None:  # refused before the header: an error is the only line printed
        if test is not None:
            raise BadConfig("an SPRT decides game by game, so it runs locally: drop --ray")
        try:
            from guildhall.distributed import RayBackend
        except ImportError:
            raise BadConfig("--ray needs the [distributed] extra: pip install 'guildhall[distributed]'") from None
        try:
            backend = RayBackend(None if ray_address == "local" else ray_address)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise BadConfig(f"cannot start or reach Ray ({ray_address}): {exc}") from None
    click.echo(f"{g.title}: {g.players} players, {count} game{'s' * (count != 1)}, engines {', '.join(engines)} "
               f"rotated over the seats from seed {seed}")
    if test is not None:
        table = run_sprt(g, list(engines), count, limits, seed, options, test)
    else:
        with click.progressbar(length=count, label="playing", file=sys.stderr) as bar:
            table = tournament(g, list(engines), count, limits, seed, options,
                               lambda i, rec, names: bar.update(1), backend=backend)
    fair = g.fair_share()
    fair_text = f"fair share {fair:.3f}" if fair is not None else "no fair share: a rival that is no seat can win"
    click.echo(f"| engine | seats played | win share | 95% CI (Wilson) | mean score |  ({fair_text})")
    click.echo("|---|---|---|---|---|")
    for st in table.values():
        if not st.games:  # more engines than games: one that never sat has no result to show
            click.echo(f"| {st.name} | 0 | - | - | - |")
            continue
        lo, hi = st.interval
        click.echo(f"| {st.name} | {st.games} | {st.win_share:.3f} | [{lo:.3f}, {hi:.3f}] | "
                   f"{st.score_total / st.games:.1f} |")


def check_player(g, name: str, opts: dict) -> None:
    """Refuse a bad option before playing: one the player refuses, or a preset the game lacks
    (a player can resolve its preset only once it meets the game)."""
    from search.api import make_player
    from search.presets import budget_steps

    make_player(name, seed=0, **opts)
    if isinstance(opts.get("preset"), str):
        budget_steps(g.name, opts["preset"], players=g.players)


def make_sprt(delta, elo: Optional[str], alpha: float, beta: float, engines: int):
    """The SPRT that ``--sprt`` or ``--sprt-elo`` asks for, or None."""
    from engine.errors import BadConfig
    from guildhall.stats import Sprt

    if delta is not None and elo is not None:
        raise BadConfig("give --sprt or --sprt-elo, not both")
    if delta is None and elo is None and (alpha, beta) != (0.05, 0.05):
        raise BadConfig("--alpha and --beta are the SPRT's error rates: give --sprt or --sprt-elo")
    if elo is None:
        try:
            return None if delta is None else Sprt(delta, alpha, beta)
        except ValueError as exc:
            raise BadConfig(str(exc)) from None
    if engines != 2:
        raise BadConfig("--sprt-elo compares exactly two engines")
    try:
        e0, e1 = (float(x) for x in elo.split(","))
        return Sprt(alpha=alpha, beta=beta, elo0=e0, elo1=e1)
    except ValueError as exc:
        raise BadConfig(f"--sprt-elo takes ELO0,ELO1 with ELO0 < ELO1 and alpha, beta in (0, 0.5): "
                        f"{elo!r} ({exc})") from None


def run_sprt(g, engines, count, limits, seed, options, test):
    """The tournament under an SPRT of engines[0] against engines[1]; one line per game."""
    from guildhall.arena import game_score, tournament

    a, b = engines
    click.echo(f"SPRT: H0 {a} scores {test.s0:.3f} against {b}, H1 {test.s1:.3f}; "
               f"bounds [{test.lower:.3f}, {test.upper:.3f}]")

    def on_game(i, rec, names):
        test.add(game_score(rec, names, a, b))
        click.echo(f"game {i + 1}: {a} scores {test.total:g}/{test.n}, llr {test.llr:.3f} "
                   f"[{test.lower:.3f}, {test.upper:.3f}]")

    table = tournament(g, engines, count, limits, seed, options, on_game, lambda: test.verdict() is not None)
    verdict = test.verdict()
    click.echo({"H1": f"SPRT: H1 accepted ({a} scores {test.s1:.3f} against {b}) after {test.n} games",
                "H0": f"SPRT: H0 accepted ({a} scores {test.s0:.3f}, no better) after {test.n} games",
                None: f"SPRT: no decision after {test.n} games (llr {test.llr:.3f})"}[verdict])
    return table


# -- perft ---------------------------------------------------------------------------------
@main.command()
@click.argument("game")
@click.argument("depth", type=click.IntRange(1, 12))
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seeds the deal; chance is resolved with it up to the first decision.")
@game_options
@friendly
def perft(game, depth, seed, players, variants, edition) -> None:
    """Count move sequences to DEPTH plies from the first decision of a seeded game."""
    import engine as eng
    from engine.perft import perft as count, play_to_decision

    root = play_to_decision(eng.make(game, players, variants, edition, seed=seed), seed)
    click.echo(f"{root.game.describe()} seed {seed}; to move: {root.to_move()}")
    for d in range(1, depth + 1):
        t0 = time.perf_counter()
        n = count(root, d)
        dt = time.perf_counter() - t0
        click.echo(f"perft {d} {n}  ({dt:.3f}s, {n / dt if dt > 0 else 0:,.0f} leaves/s)")


# -- engine --------------------------------------------------------------------------------
@main.command("engine")
@click.argument("game", required=False)
@friendly
def engine_cmd(game: Optional[str]) -> None:
    """Speak the guildhall text protocol on stdin/stdout (see docs/protocol.md)."""
    from engine.registry import game_class
    from guildhall.server import serve

    if game is not None:
        game_class(game)  # a name no game has fails here, before the protocol starts
    serve(game)


# -- play ----------------------------------------------------------------------------------
@main.command()
@click.argument("game")
@game_options
@click.option("--seat", type=int, default=0, show_default=True, help="Your seat.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the deal.")
@click.option("--engine", "engine_name", default=None, help="AI player for the other seats.")
@click.option("--skill", default="full", show_default=True,
              help="AI skill: 0 (beginner) to 20 (full strength), or easy, medium, hard, full.")
@search_options
@friendly
def play(game, players, variants, edition, seat, seed, engine_name, skill, iterations, movetime) -> None:
    """Play GAME in the terminal against the AI."""
    import engine as eng
    from engine.errors import BadConfig
    from guildhall.human import HumanGame

    g = eng.make_game(game, players, variants, edition)
    if not 0 <= seat < g.players:
        raise BadConfig(f"--seat must be 0-{g.players - 1}")
    name = engine_names([engine_name] if engine_name else [], 1)[0]
    from search.skill import level_of

    HumanGame(g, seat, name, make_limits(iterations, movetime), seed, skill=level_of(skill, g.name)).run()


def _register() -> None:
    # commands in their own modules (their shared decorators are in cli_options, so none imports this one)
    from guildhall.draw_cmd import draw
    from guildhall.serve_cmd import serve
    from guildhall.solve_cmd import solve
    from guildhall.tune_cmd import tune

    for command in (draw, serve, solve, tune):
        main.add_command(command)


_register()

if __name__ == "__main__":
    main()

