"""``guildhall serve``: play in the browser (needs the ``[web]`` extra)."""
from __future__ import annotations

import os

import click

from guildhall.cli_options import friendly


def parse_editions(items: tuple[str, ...]) -> dict[str, dict[str, str]]:
    """``GAME:NAME=FILE`` items as {game: {name: path}}; the files are checked now."""
    from engine.errors import BadConfig

    out: dict[str, dict[str, str]] = {}
    for it in items:
        head, eq, path = it.partition("=")
        game, colon, name = head.partition(":")
        if not (eq and colon and game and name and path) or name == "standard":
            raise BadConfig(f"--edition {it!r}: write GAME:NAME=FILE (NAME not 'standard')")
        if not os.path.isfile(path):
            raise BadConfig(f"--edition {it!r}: no file {path}")
        import engine

        key = engine.game_class(game).name
        out.setdefault(key, {})[name] = os.path.abspath(path)
    return out


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Interface to listen on (the default is this machine only).")
@click.option("--port", type=int, default=8000, show_default=True)
@click.option("--edition", "editions", multiple=True, metavar="GAME:NAME=FILE",
              help="An edition the players may choose (repeatable).")
@click.option("--max-games", type=int, default=4, show_default=True,
              help="Games (engine processes) at once.")
@click.option("--max-nodes", type=int, default=20000, show_default=True, help="Cap on a search's nodes.")
@click.option("--max-movetime", type=int, default=10000, show_default=True, help="Cap on a search's ms.")
@click.option("--skill", default="full", show_default=True,
              help="The AI's skill unless a game asks for another: 0-20, or easy, medium, hard, full.")
@friendly
def serve(host, port, editions, max_games, max_nodes, max_movetime, skill) -> None:
    """Play against the AI in the browser, at http://HOST:PORT/."""
    from engine.errors import BadConfig
    from search.skill import level_of

    # a bad level, edition or cap is refused before serving (names are resolved per game), and
    # before the web extra is looked for: a mistyped option is the error to show first
    level_of(skill, "guildes")
    chosen = parse_editions(editions)
    for name, value in (("--max-games", max_games), ("--max-nodes", max_nodes), ("--max-movetime", max_movetime)):
        if value < 1:
            raise BadConfig(f"{name} must be at least 1, not {value}")
    try:
        import uvicorn

        from guildhall.web.app import Settings, create_app
    except ImportError as exc:
        raise BadConfig(f"{exc.name} is missing: pip install 'guildhall[web]'") from None
    settings = Settings(chosen, max_games, max_nodes, max_movetime, skill)
    click.echo(f"guildhall: open http://{host}:{port}/ in a browser (Ctrl-C stops)")
    uvicorn.run(create_app(settings), host=host, port=port, log_level="warning")
