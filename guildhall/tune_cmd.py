"""``guildhall tune GAME``: NTBEA over the ISMCTS options (guildhall/tune.py), saved as a preset."""
from __future__ import annotations

import click

from guildhall.cli_options import friendly


@click.command("tune")
@click.argument("game")
@click.option("--players", type=int, default=None, help="Number of players.")
@click.option("--variant", "variants", multiple=True, help="Rule variant (repeatable).")
@click.option("--edition", type=str, default=None, help="Edition data file (JSON) the games are played with.")
@click.option("--games", "evaluations", type=int, default=200, show_default=True,
              help="Games to play (one NTBEA evaluation each).")
@click.option("--iterations", type=int, default=None, help="Search iterations per decision (default 100).")
@click.option("--movetime", type=int, default=None, help="Milliseconds per decision instead.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game and of NTBEA.")
@click.option("--param", "params", multiple=True, metavar="OPTION=v1,v2,...",
              help="Values to try for an option (replaces the default range; OPTION= drops it).")
@click.option("--name", default=None, help="Preset name to write (default tuned-<games>g-<budget>).")
@click.option("--against", default="ismcts", show_default=True,
              help="The engine in the other seats (ismcts: the game's current default settings).")
@click.option("--make-default", is_flag=True, help="Make the preset the game's default (every table size "
              "without a default of its own).")
@click.option("--make-default-at-players", "make_default_here", is_flag=True,
              help="Make the preset the game's default at the --players count only (the table it was tuned at).")
@click.option("--dir", "folder", default=None, help="Write the preset file here instead of search/presets/.")
@click.option("--batch", type=int, default=1, show_default=True,
              help="Games of each candidate setting per NTBEA step (played at once with --ray).")
@click.option("--ray", "ray_address", is_flag=False, flag_value="local", default=None, metavar="[ADDRESS]",
              help="Play each step's games as Ray tasks: a local Ray instance, or the cluster at ADDRESS "
                   "(extra [distributed]; the same preset as a local run with the same --batch).")
@friendly
def tune(game, players, variants, edition, evaluations, iterations, movetime, seed, params, name, against,
         make_default, make_default_here, folder, batch, ray_address) -> None:
    """Tune the ISMCTS options for GAME (NTBEA) and write them as a named preset."""
    import engine as eng
    from engine.errors import BadConfig
    from guildhall.cli import make_limits
    from guildhall.tune import fair_note, parse_space, run

    g = eng.make_game(game, players, variants, edition)
    if evaluations < 1:
        raise BadConfig("--games must be at least 1")
    if iterations is None and movetime is None:
        iterations = 100
    limits = make_limits(iterations, movetime)
    space = parse_space(params)
    from search.api import make_player

    make_player(against, seed=0)  # an unknown engine is refused before playing
    if batch < 1:
        raise BadConfig("--batch must be at least 1")
    backend = None
    if ray_address is not None:
        try:
            from guildhall.distributed import backend_for
        except ImportError:
            raise BadConfig("--ray needs the [distributed] extra: pip install 'guildhall[distributed]'") from None
        backend = backend_for(ray_address)
    name = name or f"tuned-{evaluations}g-{f'{iterations}it' if iterations else f'{movetime}ms'}"
    click.echo(f"tuning {g.describe()}: {evaluations} game{'s' * (evaluations != 1)}, space "
               + "; ".join(f"{k}: {', '.join(map(str, v))}" for k, v in space.items()))
    best, est, path = run(g, space, evaluations, limits, seed, name, make_default, folder, click.echo,
                          against, batch, backend, g.players if make_default_here else None)
    click.echo(f"best: {' '.join(f'{k}={v}' for k, v in best.items())} (estimated win share {est:.3f}, "
               f"{fair_note(g)})")
    made = ["the default"] * make_default + [f"the default at {g.players} players"] * make_default_here
    click.echo(f"preset {name!r} written to {path}" + (f" as {' and '.join(made)}" if made else ""))
