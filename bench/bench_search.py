"""ISMCTS speed, its ceiling, tree memory and parallel scaling, in every game.

    python -m pytest bench/bench_search.py --benchmark-enable -s
    python bench/bench_search.py table [seconds] [presets]           # this tree, every game and player count
    python bench/bench_search.py ab A B [seconds] [rounds] [presets] # two built trees alternately, one run
    BENCH_GAMES=guildes:4-6,city_and_guilds:4 python bench/bench_search.py ...   # a subset
    python bench/bench_search.py memory [nodes]            # bytes per node and RSS, fresh process
    python bench/bench_search.py workers [seconds] [GAME PLAYERS]   # 1 vs 2 root-parallel processes
    python bench/bench_search.py strength GAME PLAYERS MOVETIME_MS GAMES [SEED]  # 2 workers vs 1, a match
    perf record -o x.data python bench/bench_search.py run GAME PLAYERS [seconds]  # a profile

Positions: each game at its first decision (chance dealt), the built-in
options (``tree=so keys=moves reward=win``) or, with ``presets``, each game's
default preset (``search/presets/<game>.json``: ``tree=mo reward=score`` in
three games), the first seat to move.  *Search*: iterations per CPU-second
(``time.thread_time``) of a fresh search run for ``seconds`` of wall time.
*Ceiling*: a bare loop of ``determinize`` + ``rollout`` on the same kernel
and view (a Python loop: two calls and a copy per iteration, about 1 us, are
counted in the ceiling), also per CPU-second.
The ``ab`` mode imports each tree's own code (``PYTHONPATH``; this script
uses only APIs both trees have), runs A B A B ... so that the load of a
shared machine falls on both alike, and prints medians over rounds.
"""
from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import time

CONFIGS = {"guildes": range(3, 7), "between_two_cities": range(2, 8), "city_and_guilds": range(3, 6),
           "walled_city": range(2, 5), "walled_city+powers": range(2, 5)}
if os.environ.get("BENCH_GAMES"):  # e.g. BENCH_GAMES=guildes:4-6,city_and_guilds:4
    CONFIGS = {g.split(":")[0]: (range(int(g.split(":")[1].split("-")[0]), int(g.split(":")[1].split("-")[-1]) + 1)
                                 if ":" in g else CONFIGS[g]) for g in os.environ["BENCH_GAMES"].split(",")}


def first_decision(game: str, players: int, seed: int = 1):
    """The game's first decision, default options (the first variant that a player
    count needs, e.g. Between Two Cities' two-player rules, when it needs one).
    ``walled_city`` is the base game (every seat's guild power off, where this tree
    has the powers: ``no-powers-N``), ``walled_city+powers`` the game as it is by default."""
    import engine
    from engine.errors import BadConfig
    from engine.perft import play_to_decision

    names = [v.name for v in engine.games()[game.split("+")[0]].variant_list]
    if game == "walled_city" and "no-powers-0" in names:
        return play_to_decision(engine.make(game, players=players, variants=tuple(
            f"no-powers-{i}" for i in range(players)), seed=seed), seed)
    game = game.split("+")[0]
    for variants in [()] + [(v,) for v in names]:
        try:
            return play_to_decision(engine.make(game, players=players, variants=variants, seed=seed), seed)
        except BadConfig:
            continue
    raise BadConfig(f"{game} has no {players}-player configuration")


def preset_options(game: str) -> dict:
    """The search options of ``game``'s default preset (``search/presets/<game>.json`` of
    the tree this script is in), those ``make_search`` takes; both A/B sides get them."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "search", "presets", f"{game}.json")
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError:
        return {}
    name = data.get("default", "none")
    opts = data.get("presets", {}).get(name, {}).get("options", {})
    return {k: v for k, v in opts.items() if k in ("tree", "exploration", "reward", "keys", "rollout")}


def search_ips(view, seat: int, seconds: float, **opts) -> float:
    """Iterations per CPU-second (this thread's: numpy's idle BLAS threads are not
    counted) of a fresh search run for ``seconds`` of wall time."""
    from search import core

    s = core.make_search(view, seat, **opts)
    rng = core.rng_for(view.game.kernel, 7)
    t = time.perf_counter()
    c = time.thread_time()
    done = s.run(rng, 1 << 40, t + seconds, 0)
    return done / max(time.thread_time() - c, 1e-9)


def ceiling_ips(view, seat: int, seconds: float) -> float:
    """Iterations/s if an iteration were only determinize + rollout (no tree at all)."""
    from search import core

    k = view.game.kernel
    rng = core.rng_for(k, 3)
    w = view.buf.copy()
    n = 0
    c = time.thread_time()
    end = time.perf_counter() + seconds
    while True:
        for _ in range(8):
            w[:] = view.buf
            k.determinize(w, seat, rng)
            k.rollout(w, rng)
        n += 8
        if time.perf_counter() >= end:
            break
    return n / max(time.thread_time() - c, 1e-9)


def table(seconds: float, presets: bool = False) -> dict:
    """``{"game/players": [search it/s, ceiling it/s]}`` for this tree (per CPU-second);
    ``presets``: each game's default preset options instead of ``tree=so reward=win``."""
    out = {}
    for game, counts in CONFIGS.items():
        opts = preset_options(game.split("+")[0]) if presets else {}
        for p in counts:
            st = first_decision(game, p)
            seat = st.to_move()[0]
            view = st.observe(seat)
            out[f"{game}/{p}"] = [search_ips(view, seat, seconds, **opts), ceiling_ips(view, seat, seconds)]
    return out


def ab(a: str, b: str, seconds: float, rounds: int, presets: bool = False) -> None:
    runs: dict[str, list[dict]] = {a: [], b: []}
    for _ in range(rounds):
        for tree in (a, b):
            env = dict(os.environ, PYTHONPATH=tree)
            env.pop("GUILDHALL_PUREPYTHON", None)
            cmd = [sys.executable, os.path.abspath(__file__), "json", str(seconds)] + (["presets"] if presets else [])
            res = subprocess.run(cmd, cwd=tree,
                                 env=env, check=True, capture_output=True, text=True)
            runs[tree].append(json.loads(res.stdout.strip().splitlines()[-1]))
    med = {t: {k: [statistics.median(r[k][i] for r in rs) for i in range(2)] for k in rs[0]}
           for t, rs in runs.items()}
    print(f"load average {os.getloadavg()[0]:.1f}; medians of {rounds} rounds of {seconds} s, iterations per "
          f"CPU-second; options: {'default presets' if presets else 'tree=so reward=win keys=moves'}; A = {a}, B = {b}")
    print("| game | players | A it/s | B it/s | B/A | B ceiling it/s | B search/ceiling |")
    print("|---|---|---|---|---|---|---|")
    for key in med[b]:
        game, p = key.split("/")
        (sa, _ca), (sb, cb) = med[a].get(key, [float("nan")] * 2), med[b][key]
        print(f"| {game} | {p} | {sa:,.0f} | {sb:,.0f} | {sb / sa:.2f}x | {cb:,.0f} | {sb / cb:.0%} |")


def rss_kb() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def memory(nodes: int) -> dict:
    """Grow one Guildes 4-player tree to ``nodes`` nodes; bytes per node by the arrays and by RSS."""
    from search import core

    view = first_decision("guildes", 4).observe(0)
    before = rss_kb()
    s = core.make_search(view, 0, max_nodes=nodes)
    rng = core.rng_for(view.game.kernel, 1)
    t = time.perf_counter()
    while s.node_count() < nodes:
        s.run(rng, 20_000, 0.0, 0)
    took = time.perf_counter() - t
    grown = (rss_kb() - before) * 1024
    used = s.used_bytes() if hasattr(s, "used_bytes") else s.memory_bytes()
    return {"nodes": s.node_count(), "edges": s.edge_count(), "iterations": s.iterations,
            "allocated_bytes_per_node": s.memory_bytes() / s.node_count(),
            "used_bytes_per_node": used / s.node_count(), "rss_bytes_per_node": grown / s.node_count(),
            "rss_growth_mb": grown / 2**20, "seconds": took}


def workers(seconds: float, game: str = "guildes", players: int = 4, rounds: int = 3) -> dict:
    """The ISMCTS player with 1 and 2 root-parallel processes at equal movetime, alternated.

    ``ips_N``: total iterations per wall second; ``iterations_per_cpu_s_N``: per
    CPU-second of all processes (equal for 1 and 2: the second process costs
    nothing per iteration); ``cpu_per_wall_2``: CPU-seconds per wall second with
    2 workers (2.0 when both cores were free for the whole move); ``fork_s`` and
    ``collect_s``: the serial parts of a 2-worker move (forking the helper;
    waiting for and merging its root statistics after the parent's own loop).
    ``ratio``: median ips_2 / median ips_1, the scaling on this machine now."""
    import threading

    from search import parallel
    from search.api import Limits, make_player

    st = first_decision(game, players)
    seat = st.to_move()[0]
    out: dict = {"game": f"{game}/{players}", "movetime_s": seconds, "load_before": os.getloadavg()[0],
                 "fork_s": [], "collect_s": []}
    init, collect = parallel.Helpers.__init__, parallel.Helpers.collect

    def timed_init(self, count, work):
        t = time.perf_counter()
        init(self, count, work)
        out["fork_s"].append(round(time.perf_counter() - t, 4))

    def timed_collect(self, stop):
        t = time.perf_counter()
        res = collect(self, stop)
        out["collect_s"].append(round(time.perf_counter() - t, 4))
        return res

    parallel.Helpers.__init__, parallel.Helpers.collect = timed_init, timed_collect
    try:
        for n in (1, 2) * rounds:
            p = make_player("ismcts", seed=5, workers=n)
            c0 = os.times()
            info = p.search(st.observe(seat), seat, Limits(movetime=seconds), None, threading.Event())
            c1 = os.times()
            cpu = (c1.user - c0.user) + (c1.system - c0.system) + (c1.children_user - c0.children_user) + (
                c1.children_system - c0.children_system)
            out.setdefault(f"ips_{n}", []).append(round(info.iterations / info.elapsed))
            out.setdefault(f"iterations_per_cpu_s_{n}", []).append(round(info.iterations / cpu))
            out.setdefault(f"cpu_per_wall_{n}", []).append(round(cpu / info.elapsed, 2))
    finally:
        parallel.Helpers.__init__, parallel.Helpers.collect = init, collect
    out["load_after"] = os.getloadavg()[0]
    out["ratio"] = round(statistics.median(out["ips_2"]) / statistics.median(out["ips_1"]), 2)
    return out


def strength(game: str, players: int, movetime_ms: int, games: int, seed: int = 0) -> None:
    """One seat with 2 workers against seats with 1, equal movetime, the lone seat rotating;
    win share with a 95% Wilson interval against the fair share 1/players."""
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from bench.strength import lone, verdict
    from guildhall.stats import wilson
    from search.api import Limits

    t = time.perf_counter()
    shares = lone(game, players, "ismcts", "ismcts", games, Limits(movetime=movetime_ms / 1000), seed,
                  {"workers": 2}, {"workers": 1})
    lo, hi = wilson(sum(shares), len(shares))
    fair = 1 / players
    print(f"{game} {players}p, {movetime_ms} ms a decision, load {os.getloadavg()[0]:.1f}")
    print("| lone | field | games | lone win share | 95% CI (Wilson) | fair | verdict | s |")
    print("|---|---|---|---|---|---|---|---|")
    print(f"| ismcts workers=2 | ismcts workers=1 | {len(shares)} | {sum(shares) / len(shares):.3f} | "
          f"[{lo:.3f}, {hi:.3f}] | {fair:.3f} | {verdict(lo, hi, fair)} | {time.perf_counter() - t:.0f} |")


# -- pytest-benchmark --------------------------------------------------------------------------------
def test_bench_ismcts_iterations_per_second_4_players(benchmark):
    import pytest

    from cython_ext import select

    if select.pure_python_forced():
        pytest.skip("compiled speed")
    rows = {}

    def run():
        for game in CONFIGS:
            st = first_decision(game, 4 if 4 in CONFIGS[game] else 3)
            seat = st.to_move()[0]
            view = st.observe(seat)
            rows[game] = (search_ips(view, seat, 0.5), ceiling_ips(view, seat, 0.5))

    benchmark.pedantic(run, rounds=1, iterations=1)
    for game, (s, c) in rows.items():
        benchmark.extra_info[game] = {"search_ips": round(s), "ceiling_ips": round(c), "ratio": round(s / c, 2)}
        print(f"\n{game}: search {s:,.0f} it/s, determinize+rollout {c:,.0f} /s, {s / c:.0%}")


def test_bench_tree_memory(benchmark):
    import pytest

    from cython_ext import select

    if select.pure_python_forced():
        pytest.skip("compiled memory")
    res = benchmark.pedantic(lambda: json.loads(subprocess.run(
        [sys.executable, os.path.abspath(__file__), "memory", "1000000"], check=True, capture_output=True,
        text=True).stdout.strip().splitlines()[-1]), rounds=1, iterations=1)
    benchmark.extra_info.update(res)
    print("\n" + json.dumps(res))
    assert res["nodes"] == 1_000_000


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "table"
    if what == "json":
        print(json.dumps(table(float(sys.argv[2]), "presets" in sys.argv[3:])))
    elif what == "table":
        for k, (s, c) in table(float(sys.argv[2]) if len(sys.argv) > 2 else 1.0, "presets" in sys.argv[3:]).items():
            print(f"{k}: search {s:,.0f} it/s, ceiling {c:,.0f} /s, {s / c:.0%}")
    elif what == "ab":
        ab(sys.argv[2], sys.argv[3], float(sys.argv[4]) if len(sys.argv) > 4 else 1.0,
           int(sys.argv[5]) if len(sys.argv) > 5 else 3, "presets" in sys.argv[6:])
    elif what == "memory":
        print(json.dumps(memory(int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000)))
    elif what == "run":
        st = first_decision(sys.argv[2], int(sys.argv[3]))
        sv = st.to_move()[0]
        print(f"{search_ips(st.observe(sv), sv, float(sys.argv[4]) if len(sys.argv) > 4 else 5.0):,.0f} it/s")
    elif what == "workers":
        print(json.dumps(workers(float(sys.argv[2]) if len(sys.argv) > 2 else 3.0, *(
            [sys.argv[3], int(sys.argv[4])] if len(sys.argv) > 4 else []))))
    elif what == "strength":
        strength(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]),
                 int(sys.argv[6]) if len(sys.argv) > 6 else 0)
    print(f"(max RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB)", file=sys.stderr)
