"""Decorators every ``guildhall`` command shares.  They live apart from ``guildhall.cli``,
which registers the commands kept in their own modules when it is imported: a command module
importing them from there would import itself half-made when imported first."""
from __future__ import annotations

import functools
import sys
from typing import Callable

import click


def friendly(fn: Callable) -> Callable:
    """Turn a GuildhallError into ``error: message`` and exit status 1."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        from engine.errors import GuildhallError

        try:
            return fn(*args, **kwargs)
        except GuildhallError as exc:
            click.echo(f"error: {' '.join(str(exc).split())}", err=True)
            sys.exit(1)

    return wrapper


def game_options(fn: Callable) -> Callable:
    fn = click.option("--edition", type=str, default=None, help="Edition data file (JSON).")(fn)
    fn = click.option("--variant", "variants", multiple=True, help="Rule variant (repeatable).")(fn)
    fn = click.option("--players", type=int, default=None, help="Number of players.")(fn)
    return fn
