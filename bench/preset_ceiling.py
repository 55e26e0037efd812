"""Search/ceiling at a named preset (not only a game's default), two built trees alternated.

    python bench/preset_ceiling.py city_and_guilds bias-16.0 /work/main WT [seconds] [rounds] [counts]

``counts``: player counts, comma-separated (default: the game's in ``bench_search.CONFIGS``).
Each round runs tree A then tree B in fresh processes (``PYTHONPATH``), so the load of
a shared machine falls on both alike; prints medians over rounds of ``bench_search``'s
search and ceiling rates (per CPU-second, the ceiling with the preset's own rollout).
The preset is read from this tree's ``search/presets/<game>.json``; both sides get it
(``default``: the default at each player count, as a user gets it).
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_search  # noqa: E402


def rates(game: str, opts: dict, seconds: float, counts: list) -> dict:
    """``{players: [search it/s, ceiling it/s]}`` in this process's tree; ``opts`` the
    options per player count (``{"4": {...}}``)."""
    out = {}
    for p in counts:
        st = bench_search.first_decision(game, p)
        seat = st.to_move()[0]
        view = st.observe(seat)
        known = bench_search.search_options(opts[str(p)])  # what this tree's make_search takes
        out[p] = [bench_search.search_ips(view, seat, seconds, **known),
                  bench_search.ceiling_ips(view, seat, seconds, **known)]
    return out


def main(argv: list) -> None:
    if argv[0] == "json":  # one side of one round
        game, opts, seconds, counts = argv[1], json.loads(argv[2]), float(argv[3]), json.loads(argv[4])
        print(json.dumps(rates(game, opts, seconds, counts)))
        return
    game, name, a, b = argv[:4]
    seconds = float(argv[4]) if len(argv) > 4 else 1.0
    rounds = int(argv[5]) if len(argv) > 5 else 3
    counts = [int(c) for c in argv[6].split(",")] if len(argv) > 6 else list(bench_search.CONFIGS[game])
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from bench.preset_rate import search_options  # this checkout's preset, given to both sides
    # per count: "default" is the default at each table (a file may name one per count)
    opts = {str(p): search_options(game.split("+")[0], name, p) for p in counts}
    runs: dict = {a: [], b: []}
    loads = []
    for _ in range(rounds):
        for tree in (a, b):
            env = dict(os.environ, PYTHONPATH=tree)
            env.pop("GUILDHALL_PUREPYTHON", None)
            loads.append(os.getloadavg()[0])
            res = subprocess.run([sys.executable, os.path.abspath(__file__), "json", game, json.dumps(opts),
                                  str(seconds), json.dumps(counts)], cwd=tree, env=env, check=True,
                                 capture_output=True, text=True)
            runs[tree].append(json.loads(res.stdout.strip().splitlines()[-1]))
    med = {t: {p: [statistics.median(r[str(p)][i] for r in rs) for i in range(2)] for p in counts}
           for t, rs in runs.items()}
    print(f"{game} preset {name}: load average {min(loads):.1f}-{max(loads):.1f}; medians of {rounds} rounds "
          f"of {seconds} s, iterations per CPU-second; A = {a}, B = {b}")
    print("| players | A it/s | A search/ceiling | B it/s | B/A | B ceiling it/s | B search/ceiling |")
    print("|---|---|---|---|---|---|---|")
    for p in counts:
        (sa, ca), (sb, cb) = med[a][p], med[b][p]
        print(f"| {p} | {sa:,.0f} | {sa / ca:.0%} | {sb:,.0f} | {sb / sa:.2f}x | {cb:,.0f} | {sb / cb:.0%} |")


if __name__ == "__main__":
    main(sys.argv[1:])
