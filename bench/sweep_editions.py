"""Longer sweep of mutated editions (the CI-sized run is tests/editions/).

Each edition is the stand-in file of a game with 1-3 random mutations
(numbers, strings, lists, maps); it must be refused with an EditionError or
BadConfig whose message names a mutated field, or play a random game to the
end through the State API and then pass the fuzz test's checks of a played
edition (``check_played``: a kernel playout, and every move of 300 random
plies printed and parsed back to itself).  A crash (any other exception, or
an error that names no mutated field) is listed.

    python bench/sweep_editions.py --per-game 2000            # compiled kernels
    GUILDHALL_PUREPYTHON=1 python bench/sweep_editions.py --per-game 300
"""
from __future__ import annotations

import argparse
import collections
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from cython_ext import select  # noqa: E402
from tests.editions.mutate import (CONFIGS, GAMES, RandomChooser, check_played, mutate,  # noqa: E402
                                   names_field, standin, try_edition)


def sweep_one(game: str, base: dict, seed: int, i: int, path: str) -> str:
    """Edition ``i`` of ``game``'s sweep: "refused" or "played"; raises what it finds wrong."""
    rnd = random.Random(f"{seed}-{game}-{i}")
    data, paths = mutate(base, RandomChooser(rnd), 1 + rnd.randrange(3))
    players, variants = rnd.choice(CONFIGS[game])
    try:
        kind, detail = try_edition(game, data, path, players, variants, rnd.randrange)
        if kind == "played":
            check_played(game, path, players, variants, rnd.randrange(1 << 30), rnd.randrange)
        elif not names_field(detail, paths):
            raise AssertionError(f"unnamed field: {detail}")
    except Exception as exc:
        raise AssertionError(f"{players} {variants} {paths}: {type(exc).__name__}: {exc}") from exc
    return kind


def sweep(games: tuple, per_game: int, seed: int) -> dict:
    """Per game, the editions tried, refused, played and crashed (each crash printed)."""
    counts: dict = collections.defaultdict(collections.Counter)
    path = os.path.join(tempfile.mkdtemp(), "edition.json")
    for game in games:
        base = standin(game)
        for i in range(per_game):
            c = counts[game]
            c["tried"] += 1
            try:
                c[sweep_one(game, base, seed, i, path)] += 1
            except Exception as exc:  # noqa: BLE001 - a sweep lists every failure
                c["crashed"] += 1
                print(f"CRASH {game} #{i} {exc}")
    return counts


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--per-game", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    mode = "pure-Python" if select.pure_python_forced() else "compiled"
    counts = sweep(GAMES, args.per_game, args.seed)
    print(f"| game ({mode}) | tried | refused | played | crashed |")
    print("|---|---|---|---|---|")
    for game in GAMES:
        c = counts[game]
        print(f"| {game} | {c['tried']} | {c['refused']} | {c['played']} | {c['crashed']} |")
    return 1 if any(c["crashed"] for c in counts.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())
