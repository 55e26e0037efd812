"""Between Two Cities: ISMCTS iterations/s at the first decision, 2 to 7 players.

    python -m pytest bench/bench_between_two_cities_search.py --benchmark-enable
    python bench/bench_between_two_cities_search.py [--iters N] [--repeat R] [--players 4,7] [--cpu] [--preset]
    python bench/bench_between_two_cities_search.py --fingerprint [--iters N] [--players 2,4,7]

The script form prints one line per player count: the search's iterations/s
(default ISMCTS options, seat 0's view of a seeded game at its first
decision), the bare ceiling (determinize + rollout, no tree) and their ratio.
To compare two checkouts in one run, call it alternately with each one's
``PYTHONPATH`` (docs/games/between_two_cities.md shows the figures).
``--preset``: the game's default preset at each player count (``search/presets/between_two_cities.json``).

``--fingerprint`` prints, per player count, a hash of the trees of default-preset
searches of ``--iters`` iterations from three seeds (nodes, and every root move's
visits and value sums): a change that only makes the same search faster prints the
same line, so two checkouts' outputs compare the trees they grow (docs/performance.md,
session 8).
"""
from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import sys
import time

import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # bench.bench_search as a script
import engine  # noqa: E402
from cython_ext import select  # noqa: E402
from engine.perft import play_to_decision  # noqa: E402
from search import core  # noqa: E402

CLOCK = time.perf_counter  # --cpu: time.process_time, steadier on a machine shared with other jobs
CASES = {2: ("two-player",), 3: (), 4: (), 5: (), 6: (), 7: ()}
EXTRA = {"2a": (2, ("two-player-advanced",))}


def first_decision(players: int, variants=(), seed: int = 1):
    """Seat 0's view of a seeded game at its first decision."""
    s = play_to_decision(engine.make("between_two_cities", players, variants=variants, seed=seed), seed)
    return s.observe(0)


OPTIONS: dict = {}  # --preset: the default preset's search options at the table measured


def preset_options(players: int) -> dict:
    """The search options of the default preset at ``players`` seats (its plain options,
    a per-count default included) of this tree's ``search/presets``: what a user gets."""
    from bench.bench_search import search_options
    from search.presets import options_for

    return search_options(options_for("between_two_cities", players=players))


def fingerprint(players: int, variants, iters: int) -> str:
    """A hash of the trees of three default-preset searches of ``iters`` iterations."""
    from search.ismcts import root_stats

    h = hashlib.sha256()
    for seed in (1, 2, 3):
        view = first_decision(players, variants, seed)
        s = core.make_search(view, 0, max_nodes=200_000, **preset_options(players))
        s.run(core.rng_for(view.game.kernel, seed), iters, 0.0, 0)
        h.update(repr((s.node_count(), sorted(root_stats(s, 0).items()))).encode())
    return h.hexdigest()[:16]


def search_ips(view, iters: int) -> float:
    """Iterations/s of a fresh default search (the player's default node cap)."""
    s = core.make_search(view, 0, max_nodes=200_000, **OPTIONS)
    rng = core.rng_for(view.game.kernel, 7)
    t = CLOCK()
    s.run(rng, iters, 0.0, 0)
    return iters / (CLOCK() - t)


def ceiling_ips(view, iters: int) -> float:
    """Iterations/s if an iteration were only determinize + rollout (no tree, no reward)."""
    k = view.game.kernel
    rng = core.rng_for(k, 3)
    rollout = core.make_search(view, 0, **OPTIONS).rollout_fn or k.rollout
    w = view.buf.copy()
    t = CLOCK()
    for _ in range(iters):
        w[:] = view.buf
        k.determinize(w, 0, rng)
        rollout(w, rng)
    return iters / (CLOCK() - t)


def measure(players: int, variants, iters: int, repeat: int) -> tuple[float, float]:
    view = first_decision(players, variants)
    ips = statistics.median(search_ips(view, iters) for _ in range(repeat))
    ceil = statistics.median(ceiling_ips(view, iters) for _ in range(repeat))
    return ips, ceil


@pytest.mark.skipif(select.pure_python_forced(), reason="benchmarks the compiled kernel")
@pytest.mark.parametrize("players", [2, 4, 7])
def test_bench_search_first_decision(benchmark, players):
    view = first_decision(players, CASES[players])
    iters = 200
    benchmark.pedantic(search_ips, args=(view, iters), rounds=3, iterations=1)
    ips = iters / benchmark.stats.stats.median
    ceil = ceiling_ips(view, iters)
    benchmark.extra_info.update(ips=round(ips), ceiling=round(ceil), ratio=round(ips / ceil, 3))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iters", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--players", default="2,2a,3,4,5,6,7")
    ap.add_argument("--cpu", action="store_true", help="per second of this process's CPU time")
    ap.add_argument("--preset", action="store_true", help="the default preset's options")
    ap.add_argument("--fingerprint", action="store_true", help="hash the trees of default-preset searches")
    a = ap.parse_args()
    if a.cpu:
        global CLOCK
        CLOCK = time.process_time
    for p in a.players.split(","):
        players, variants = EXTRA[p] if p in EXTRA else (int(p), CASES[int(p)])
        if a.preset:
            OPTIONS.clear()
            OPTIONS.update(preset_options(players))
        if a.fingerprint:
            print(f"{p:>3} players {','.join(variants) or '-':<20} {a.iters} iterations: "
                  f"{fingerprint(players, variants, a.iters)}", flush=True)
            continue
        ips, ceil = measure(players, variants, a.iters, a.repeat)
        print(f"{p:>3} players {','.join(variants) or '-':<20} search {ips:9.0f} it/s  "
              f"ceiling {ceil:9.0f} it/s  ratio {ips / ceil:5.2f}", flush=True)


if __name__ == "__main__":
    main()
