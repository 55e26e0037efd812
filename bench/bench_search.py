"""ISMCTS speed, its ceiling, tree memory and parallel scaling, in every game.

    python -m pytest bench/bench_search.py --benchmark-enable -s
    python bench/bench_search.py table [seconds] [presets]           # this tree, every game and player count
    python bench/bench_search.py ab A B [seconds] [rounds] [presets [own]] [KEY=VALUE...] # two built trees alternately, one run
    BENCH_GAMES=guildes:4-6,city_and_guilds:4 python bench/bench_search.py ...   # a subset
    python bench/bench_search.py memory [nodes] [GAME PLAYERS [presets]]  # bytes per node and RSS, fresh process
    python bench/bench_search.py expand 1,2,4,8,16 [seconds] [rounds] [iterations]  # the expansion threshold
    python bench/bench_search.py fpu off,1.0,1.5 [seconds] [rounds] [iterations]     # first-play urgency
    python bench/bench_search.py workers [seconds] [GAME PLAYERS]   # 1 vs 2 root-parallel processes
    python bench/bench_search.py overhead [moves] [GAME PLAYERS]    # what a 2-worker move costs beyond its search
    python bench/bench_search.py late [GAME PLAYERS [MOVETIME_MS [MOVES]]]  # how late a timed move comes back
    python bench/bench_search.py strength GAME PLAYERS MOVETIME_MS|itN GAMES [SEED]  # 2 workers vs 1, a match
    perf record -o x.data python bench/bench_search.py run GAME PLAYERS [seconds] [presets]  # a profile
    valgrind --tool=callgrind ... python bench/bench_search.py iterations GAME PLAYERS N [presets] [KEY=VALUE...]  # see fixed_search
    valgrind --tool=callgrind ... python bench/bench_search.py ceiling-iterations GAME PLAYERS N [presets]  # fixed_ceiling

Positions: each game at its first decision (chance dealt), the built-in
options (``tree=so keys=moves reward=win``) or, with ``presets``, each game's
default preset (``search/presets/<game>.json``: ``tree=mo reward=score`` in
three games), the first seat to move.  *Search*: iterations per CPU-second
(``time.thread_time``) of a fresh search run for ``seconds`` of wall time.
*Ceiling*: a bare loop of ``determinize`` + ``rollout`` on the same kernel
and view, with the search's own rollout (the kernel's, or the preset's
heuristic policy: ``rollout=egreedy``, ``cutoff``; a Python loop: two calls
and a copy per iteration, about 1 us, are counted in the ceiling), also per
CPU-second.
The ``ab`` mode imports each tree's own code (``PYTHONPATH``; this script
uses only APIs both trees have), runs A B A B ... so that the load of a
shared machine falls on both alike, and prints medians over rounds.  With
``presets own`` each tree runs its own default preset (the issue-13 goals are
"each game's default preset" of each tree: 7a91113 has no Between Two Cities
preset, so its side runs the built-in options).  ``KEY=VALUE`` words are laid over
the options of both sides (``presets greedy_seats=own``: each default with that change;
both trees must know the option).
"""
from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import time
from typing import Optional

CONFIGS = {"guildes": range(3, 7), "between_two_cities": range(2, 8), "city_and_guilds": range(3, 6),
           "walled_city": range(2, 5), "walled_city+powers": range(2, 5)}


def chosen_configs(spec: str) -> dict:
    """The games and player counts of ``BENCH_GAMES``: entries of one game add up.

    >>> {g: list(r) for g, r in chosen_configs("guildes:4-5,walled_city,guildes:3").items()}
    {'guildes': [3, 4, 5], 'walled_city': [2, 3, 4]}
    """
    chosen: dict = {}
    for entry in spec.split(","):
        game, _, counts = entry.partition(":")
        if counts:
            low, _, high = counts.partition("-")
            players = range(int(low), int(high or low) + 1)
        else:
            players = CONFIGS[game]
        chosen.setdefault(game, set()).update(players)
    return {g: sorted(p) for g, p in chosen.items()}


if os.environ.get("BENCH_GAMES"):  # e.g. BENCH_GAMES=guildes:4-6,city_and_guilds:4
    CONFIGS = chosen_configs(os.environ["BENCH_GAMES"])


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


def preset_options(game: str, own: bool = False, players: Optional[int] = None,
                   root: Optional[str] = None) -> dict:
    """The search options of ``game``'s default preset at ``players`` seats (the file's
    per-count default where it names one: what a user gets there) of
    ``search/presets/<game>.json`` of the tree this script is in, those ``make_search``
    takes; both A/B sides get them.  ``own``: of the tree being measured instead (its
    ``search`` package), so that each side runs its own default (none in a tree without
    the file: the built-in options).  ``root``: that ``search`` folder instead."""
    import search

    root = root or (os.path.dirname(search.__file__) if own else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "search"))
    path = os.path.join(root, "presets", f"{game}.json")
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError:
        return {}
    # read here, not through search.presets.resolve: the tree measured may predate it (or
    # default_by_players), and its file is read as that tree would read it
    name = data.get("default_by_players", {}).get(str(players)) or data.get("default", "none")
    opts = data.get("presets", {}).get(name, {}).get("options", {})
    return search_options(opts)


def search_options(opts: dict) -> dict:
    """The preset options ``core.make_search`` takes (``final``, ``reuse`` and the like
    belong to the player, not to one search), read from the signature of the tree
    measured, so an older tree gets only what it knows.

    >>> search_options({"exploration": 0.7, "final": "value", "fpu": "off"})
    {'exploration': 0.7}
    """
    import inspect

    from search import core

    known = inspect.signature(core.make_search).parameters
    out = {k: v for k, v in opts.items() if k in known}
    if out.get("fpu") == "off":  # the player's word for make_search's default (no urgency)
        del out["fpu"]
    if opts.get("fixed_worlds"):  # the player draws them after make_search: new_search does
        out["fixed_worlds"] = opts["fixed_worlds"]
    return out


def new_search(view, seat: int, rng=None, **opts):
    """``core.make_search`` as the ISMCTS player builds its search (``build_search``): its
    ``tree=det`` is the omniscient tree over a world drawn each iteration, and its
    ``fixed_worlds`` are drawn with ``rng`` (a tree that predates them searches without).

    >>> from bench.bench_search import first_decision
    >>> st = first_decision("guildes", 3)
    >>> s = new_search(st.observe(0), 0, None, tree="det", fixed_worlds=2)
    >>> s.mode, s.pool_k
    (2, 2)
    """
    from search import core

    worlds = opts.pop("fixed_worlds", 0)
    if opts.get("tree") == "det":
        opts["tree"] = "omni"
    s = core.make_search(view, seat, **opts)
    if worlds and hasattr(s, "fix_worlds"):
        s.fix_worlds(worlds, rng if rng is not None else core.rng_for(view.game.kernel, 5))
    return s


def search_ips(view, seat: int, seconds: float, **opts) -> float:
    """Iterations per CPU-second (this thread's: numpy's idle BLAS threads are not
    counted) of a fresh search run for ``seconds`` of wall time."""
    from search import core

    rng = core.rng_for(view.game.kernel, 7)
    s = new_search(view, seat, rng, **opts)
    t = time.perf_counter()
    c = time.thread_time()
    done = s.run(rng, 1 << 40, t + seconds, 0)
    return done / max(time.thread_time() - c, 1e-9)


def fixed_search(game: str, players: int, iterations: int, presets: bool = True, **extra) -> dict:
    """A search of exactly ``iterations`` from ``first_decision`` (the generator seed of
    ``search_ips``), for instruction counts, which do not move with the machine's load:
    ``valgrind --tool=callgrind --toggle-collect='__pyx_f_10cython_ext_6ismcts_6Search_run'``
    (give valgrind the interpreter itself, not a pyenv shim).  Also the heuristic's calls.
    ``extra``: ``make_search`` options laid over the preset's (``horizon=100``).

    >>> r = fixed_search("city_and_guilds", 3, 20)
    >>> r["iterations"], r["value_calls"] > 0
    (20, True)
    """
    from search import core

    st = first_decision(game, players)
    seat = st.to_move()[0]
    view = st.observe(seat)
    opts = preset_options(game.split("+")[0], players=players) if presets else {}
    rng = core.rng_for(view.game.kernel, 7)
    s = new_search(view, seat, rng, **{**opts, **extra})
    done = s.run(rng, iterations, 1.0e18, 0)
    return {"iterations": done, "nodes": s.node_count(), "value_calls": s.value_calls}


def option_words(words: list[str]) -> dict:
    """``KEY=VALUE`` words as ``make_search`` options (an int, a float, true/false, or the word).

    >>> option_words(["horizon=50", "exploration=0.7", "presets", "keys=view"])
    {'horizon': 50, 'exploration': 0.7, 'keys': 'view'}
    """
    out = {}
    for w in words:
        key, eq, v = w.partition("=")
        if not eq:
            continue
        for cast in (int, float):
            try:
                out[key] = cast(v)
                break
            except ValueError:
                pass
        else:
            out[key] = {"true": True, "false": False}.get(v, v)
    return out


def fixed_ceiling(game: str, players: int, iterations: int, presets: bool = True) -> dict:
    """``iterations`` of the ceiling's loop (determinize + rollout, no tree) from the state of
    :func:`fixed_search`, for instruction counts beside it: ``valgrind --tool=callgrind
    --toggle-collect='*Kernel_determinize' --toggle-collect='*Kernel_rollout'`` (the kernel's
    own rollout; a preset's heuristic rollout is another function).

    >>> fixed_ceiling("between_two_cities", 3, 5)["iterations"]
    5
    """
    from search import core

    st = first_decision(game, players)
    seat = st.to_move()[0]
    view = st.observe(seat)
    opts = preset_options(game.split("+")[0], players=players) if presets else {}
    k = view.game.kernel
    rollout = new_search(view, seat, **opts).rollout_fn or k.rollout
    rng = core.rng_for(k, 7)
    w = view.buf.copy()
    for _ in range(iterations):
        w[:] = view.buf
        k.determinize(w, seat, rng)
        rollout(w, rng)
    return {"iterations": iterations}


def ceiling_ips(view, seat: int, seconds: float, **opts) -> float:
    """Iterations/s if an iteration were only determinize + rollout (no tree at all), with
    the rollout a search with ``opts`` plays."""
    from search import core

    return _ceiling(view, seat, seconds, new_search(view, seat, **opts).rollout_fn)


def _ceiling(view, seat: int, seconds: float, rollout) -> float:
    from search import core

    k = view.game.kernel
    rollout = rollout or k.rollout
    rng = core.rng_for(k, 3)
    w = view.buf.copy()
    n = 0
    c = time.thread_time()
    end = time.perf_counter() + seconds
    while True:
        for _ in range(8):
            w[:] = view.buf
            k.determinize(w, seat, rng)
            rollout(w, rng)
        n += 8
        if time.perf_counter() >= end:
            break
    return n / max(time.thread_time() - c, 1e-9)


def table(seconds: float, presets: bool = False, own: bool = False, extra: Optional[dict] = None) -> dict:
    """``{"game/players": [search it/s, ceiling it/s]}`` for this tree (per CPU-second);
    ``presets``: each game's default preset options instead of ``tree=so reward=win``;
    ``extra``: ``make_search`` options laid over them."""
    out = {}
    for game, counts in CONFIGS.items():
        for p in counts:
            opts = dict(preset_options(game.split("+")[0], own, p) if presets else {}, **(extra or {}))
            st = first_decision(game, p)
            seat = st.to_move()[0]
            view = st.observe(seat)
            out[f"{game}/{p}"] = [search_ips(view, seat, seconds, **opts), ceiling_ips(view, seat, seconds, **opts)]
    return out


def ab(a: str, b: str, seconds: float, rounds: int, presets: bool = False, own: bool = False,
       words: tuple = ()) -> None:
    runs: dict[str, list[dict]] = {a: [], b: []}
    for _ in range(rounds):
        for tree in (a, b):
            env = dict(os.environ, PYTHONPATH=tree)
            env.pop("GUILDHALL_PUREPYTHON", None)
            cmd = ([sys.executable, os.path.abspath(__file__), "json", str(seconds)] + (["presets"] if presets else [])
                   + (["own"] if own else []) + list(words))
            res = subprocess.run(cmd, cwd=tree,
                                 env=env, check=True, capture_output=True, text=True)
            runs[tree].append(json.loads(res.stdout.strip().splitlines()[-1]))
    med = {t: {k: [statistics.median(r[k][i] for r in rs) for i in range(2)] for k in rs[0]}
           for t, rs in runs.items()}
    print(f"load average {os.getloadavg()[0]:.1f}; medians of {rounds} rounds of {seconds} s, iterations per "
          f"CPU-second; options: {('each tree its own default presets' if own else 'default presets') if presets else 'tree=so reward=win keys=moves'}"
          f"{' '.join([''] + list(words))}; A = {a}, B = {b}")
    print("| game | players | A it/s | B it/s | B/A | B ceiling it/s | B search/ceiling |")
    print("|---|---|---|---|---|---|---|")
    for key in med[b]:
        game, p = key.split("/")
        (sa, _ca), (sb, cb) = med[a].get(key, [float("nan")] * 2), med[b][key]
        print(f"| {game} | {p} | {sa:,.0f} | {sb:,.0f} | {sb / sa:.2f}x | {cb:,.0f} | {sb / cb:.0%} |")


def tree_shape(view, seat: int, iterations: int, **opts) -> dict:
    """Per iteration of a fresh ``iterations`` search: nodes made, node visits (the nodes
    descended, every tree's), selections (edge visits: one per acting seat per step), and
    the tree's bytes in use per node (``used_bytes``)."""
    from search import core

    rng = core.rng_for(view.game.kernel, 7)
    s = new_search(view, seat, rng, **opts)
    s.run(rng, iterations, 0.0, 0)
    n = s.node_count()
    selections = sum(v for x in range(n) for _st, _m, v, _w in s.edges_of(x))
    return {"nodes": n / iterations, "visits": s.node_visits_total / iterations,
            "selections": selections / iterations, "bytes_per_node": s.used_bytes() / n}


def expand(ks: list, seconds: float, rounds: int, iterations: int = 3000) -> None:
    """Each game's default preset (``BENCH_GAMES``) with ``expand_after`` at each of ``ks``
    (``sweep``)."""
    sweep("expand_after", ks, seconds, rounds, iterations)


def sweep(option: str, ks: list, seconds: float, rounds: int, iterations: int = 3000) -> None:
    """Each game's default preset (``BENCH_GAMES``) with search ``option`` at each of ``ks``:
    search and ceiling per CPU-second, medians of ``rounds``; within a round the ceiling
    and every value take turns (the order reversed every other round), so the load falls on
    all alike; ``x first`` is each value's median over the first value's.  Then the tree's
    shape at ``iterations`` (``tree_shape``, load-free)."""
    print(f"load average {os.getloadavg()[0]:.1f} (uptime: {open('/proc/loadavg').read().split()[:3]}); "
          f"medians of {rounds} rounds of {seconds} s, iterations per CPU-second; each game's default preset "
          f"+ {option}=K; shape at {iterations} iterations")
    print("| game | players | K | it/s | x first | ceiling it/s | search/ceiling | nodes/it | node visits/it | "
          "selections/it | bytes/node |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for game, counts in CONFIGS.items():
        for p in counts:
            opts = preset_options(game.split("+")[0], players=p)
            opts.pop(option, None)
            st = first_decision(game, p)
            seat = st.to_move()[0]
            view = st.observe(seat)
            ceil: list = []
            ips: dict = {k: [] for k in ks}
            for r in range(rounds):
                order = list(ks) if r % 2 == 0 else list(reversed(ks))
                ceil.append(ceiling_ips(view, seat, seconds, **opts))
                for k in order:
                    ips[k].append(search_ips(view, seat, seconds, **{option: k}, **opts))
            c = statistics.median(ceil)
            for k in ks:
                sh = tree_shape(view, seat, iterations, **{option: k}, **opts)
                sp = statistics.median(ips[k])
                print(f"| {game} | {p} | {k} | {sp:,.0f} | {sp / statistics.median(ips[ks[0]]):.2f} | {c:,.0f} | "
                      f"{sp / c:.0%} | {sh['nodes']:.2f} | {sh['visits']:.1f} | {sh['selections']:.1f} | "
                      f"{sh['bytes_per_node']:.0f} |", flush=True)
    print(f"load average after {os.getloadavg()[0]:.1f}")


def rss_kb() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def memory(nodes: int, game: str = "guildes", players: int = 4, presets: bool = False) -> dict:
    """Grow one tree from ``game``'s first decision (the built-in options, or with ``presets``
    its default preset's) to ``nodes`` nodes; bytes per node by the arrays and by RSS."""
    from search import core

    st = first_decision(game, players)
    seat = st.to_move()[0]
    view = st.observe(seat)
    opts = preset_options(game.split("+")[0], players=players) if presets else {}
    before = rss_kb()
    rng = core.rng_for(view.game.kernel, 1)
    s = new_search(view, seat, rng, max_nodes=nodes, **opts)
    t = time.perf_counter()
    while s.node_count() < nodes:
        s.run(rng, 20_000, 0.0, 0)
    took = time.perf_counter() - t
    grown = (rss_kb() - before) * 1024
    used = s.used_bytes() if hasattr(s, "used_bytes") else s.memory_bytes()
    return {"game": f"{game}/{players}", "options": opts or "built-in",
            "nodes": s.node_count(), "edges": s.edge_count(), "iterations": s.iterations,
            "live_edges_per_node": s.live_edges() / s.node_count(),
            "allocated_bytes_per_node": s.memory_bytes() / s.node_count(),
            "used_bytes_per_node": used / s.node_count(), "rss_bytes_per_node": grown / s.node_count(),
            "rss_growth_mb": grown / 2**20, "seconds": took,
            **({f"{k}_per_node": v / s.node_count() for k, v in s.memory_parts().items()}
               if hasattr(s, "memory_parts") else {})}


def workers(seconds: float, game: str = "guildes", players: int = 4, rounds: int = 3) -> dict:
    """The ISMCTS player with 1 and 2 root-parallel processes at equal movetime, alternated.

    ``ips_N``: total iterations per wall second; ``iterations_per_cpu_s_N``: per
    CPU-second of all processes (equal for 1 and 2: the second process costs
    nothing per iteration); ``cpu_per_wall_2``: CPU-seconds per wall second with
    2 workers (2.0 when both cores were free for the whole move).  One player
    per worker count, kept across the rounds (its worker pool too, where the
    tree has one).  ``ratio``: median ips_2 / median ips_1, the scaling on this
    machine now.  The serial cost of a parallel move is ``overhead`` below."""
    import threading

    from search.api import Limits, make_player

    st = first_decision(game, players)
    seat = st.to_move()[0]
    out: dict = {"game": f"{game}/{players}", "movetime_s": seconds, "load_before": os.getloadavg()[0]}
    ps = {n: make_player("ismcts", seed=5, workers=n) for n in (1, 2)}
    for n in (1, 2) * rounds:
        c0, w0 = os.times(), worker_cpu(ps[n])
        info = ps[n].search(st.observe(seat), seat, Limits(movetime=seconds), None, threading.Event())
        c1 = os.times()
        # reaped per-move helpers count as children; live pool workers only in /proc
        cpu = (c1.user - c0.user) + (c1.system - c0.system) + (c1.children_user - c0.children_user) + (
            c1.children_system - c0.children_system) + worker_cpu(ps[n]) - w0
        out.setdefault(f"ips_{n}", []).append(round(info.iterations / info.elapsed))
        out.setdefault(f"iterations_per_cpu_s_{n}", []).append(round(info.iterations / cpu))
        out.setdefault(f"cpu_per_wall_{n}", []).append(round(cpu / info.elapsed, 2))
    for p in ps.values():
        getattr(p, "close", lambda: None)()
    out["load_after"] = os.getloadavg()[0]
    out["ratio"] = round(statistics.median(out["ips_2"]) / statistics.median(out["ips_1"]), 2)
    return out


def overhead(moves: int = 40, game: str = "guildes", players: int = 4) -> dict:
    """What a parallel move costs beyond its search: wall milliseconds of ``moves`` minimal
    moves (``iterations 2``: one iteration per process) with 1 and with 2 workers,
    alternated, one player each for all its moves (so a pool, where the tree keeps one,
    is forked at the first move only: ``first_ms_2``).  ``overhead_ms``: median 2-worker
    move minus median 1-worker move -- the fork or the job hand-off, the helper's start
    and its result.  Uses only ``make_player``/``choose``, so it runs on any tree with
    ``workers`` (``PYTHONPATH=/other/tree python bench/bench_search.py overhead``)."""
    from search.api import Limits, make_player

    st = first_decision(game, players)
    seat = st.to_move()[0]
    ps = {n: make_player("ismcts", seed=5, workers=n) for n in (1, 2)}
    out: dict = {"game": f"{game}/{players}", "moves": moves, "load_before": round(os.getloadavg()[0], 1)}
    times: dict = {1: [], 2: []}
    for i in range(moves + 1):
        for n in (1, 2):
            t = time.perf_counter()
            ps[n].choose(st, seat, Limits(iterations=2))
            took = time.perf_counter() - t
            if i == 0:
                out[f"first_ms_{n}"] = round(took * 1000, 2)
                continue
            times[n].append(took * 1000)
    for p in ps.values():
        getattr(p, "close", lambda: None)()
    for n in (1, 2):
        out[f"move_ms_{n}"] = round(statistics.median(times[n]), 2)
    out["overhead_ms"] = round(out["move_ms_2"] - out["move_ms_1"], 2)
    out["load_after"] = round(os.getloadavg()[0], 1)
    return out


def late(game: str = "between_two_cities", players: int = 6, movetime_ms: float = 100.0,
         moves: int = 15) -> dict:
    """How late a move searched for ``movetime_ms`` comes back: median wall milliseconds of
    ``choose`` beyond the budget (the report after the search: root statistics, principal
    variation), ``moves`` moves at the first decision, the default preset, one player kept
    across them.  Uses only ``make_player``/``choose`` (``PYTHONPATH=/other/tree``)."""
    from search.api import Limits, make_player

    st = first_decision(game, players)
    seat = st.to_move()[0]
    p = make_player("ismcts", seed=5)
    late_ms = []
    for _ in range(moves):
        t = time.perf_counter()
        p.choose(st, seat, Limits(movetime=movetime_ms / 1000))
        late_ms.append((time.perf_counter() - t) * 1000 - movetime_ms)
    return {"game": f"{game}/{players}", "movetime_ms": movetime_ms, "moves": moves,
            "late_ms": round(statistics.median(late_ms), 2), "load": round(os.getloadavg()[0], 1)}


def worker_cpu(player) -> float:
    """CPU-seconds used so far by ``player``'s pooled worker processes (Linux ``/proc``;
    live workers are not reaped, so ``os.times`` does not count them)."""
    pool = getattr(getattr(player, "inner", player), "_pool", None)
    total = 0.0
    for pid in pool.pids() if pool is not None else ():
        try:
            with open(f"/proc/{pid}/stat") as fh:
                f = fh.read().rsplit(")", 1)[1].split()
            total += (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            pass
    return total


def strength(game: str, players: int, budget: str, games: int, seed: int = 0) -> None:
    """One seat with 2 workers against seats with 1, the lone seat rotating (game g dealt
    from ``seed + g``, seat s of game g seeded ``(seed + g) * 1000 + s``); win share with a
    95% Wilson interval against the fair share 1/players.

    ``budget``: ``MS`` milliseconds per decision for every seat (equal time), or
    ``itN``: N iterations per process -- the 2-worker seat gets 2N split between its
    two processes, each seat 1 N (the iteration-equivalent match, independent of load).
    Also prints each side's mean CPU milliseconds per decision (its own process and
    its workers) and the load average before and after."""
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    import engine
    from bench.strength import verdict
    from guildhall.arena import play_owned
    from guildhall.stats import wilson
    from search.api import Limits, make_player

    if budget.startswith("it"):
        n = int(budget[2:])
        lim = {2: Limits(iterations=2 * n), 1: Limits(iterations=n)}
        label = f"{n} iterations per process"
    else:
        lim = {2: Limits(movetime=int(budget) / 1000), 1: Limits(movetime=int(budget) / 1000)}
        label = f"{budget} ms a decision"
    g = engine.make_game(game, players)
    cpu: dict = {1: [0.0, 0, 0], 2: [0.0, 0, 0]}  # CPU-seconds, decisions, iterations

    class Metered:
        """A seat's player with its CPU per decision counted (and its own budget)."""

        def __init__(self, player, workers: int) -> None:
            self.p, self.w = player, workers

        def __getattr__(self, name):
            return getattr(self.p, name)

        def choose(self, state, seat, limits=None, *args, **kwargs):
            c, wc = time.process_time(), worker_cpu(self.p)
            move = self.p.choose(state, seat, lim[self.w], *args, **kwargs)
            cpu[self.w][0] += time.process_time() - c + worker_cpu(self.p) - wc
            cpu[self.w][1] += 1
            cpu[self.w][2] += self.p.last_info.iterations
            return move

    load0, t = os.getloadavg()[0], time.perf_counter()
    shares = []
    for i in range(games):
        me = i % players
        seats = [Metered(make_player("ismcts", seed=(seed + i) * 1000 + s, workers=2 if s == me else 1),
                         2 if s == me else 1) for s in range(players)]
        rec = play_owned(g, seats, lim[1], seed + i)
        shares.append(1.0 / len(rec.winners) if me in rec.winners else 0.0)
    lo, hi = wilson(sum(shares), len(shares))
    fair = 1 / players
    per = {w: 1000 * c / max(k, 1) for w, (c, k, _) in cpu.items()}
    its = {w: i / max(k, 1) for w, (_, k, i) in cpu.items()}
    print(f"{game} {players}p, {label}, seed {seed}, load {load0:.1f} -> {os.getloadavg()[0]:.1f}")
    print("| lone | field | games | lone win share | 95% CI (Wilson) | fair | verdict | CPU ms/decision (lone / field) | iterations/decision (lone / field) | s |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    print(f"| ismcts workers=2 | ismcts workers=1 | {len(shares)} | {sum(shares) / len(shares):.3f} | "
          f"[{lo:.3f}, {hi:.3f}] | {fair:.3f} | {verdict(lo, hi, fair)} | {per[2]:.1f} / {per[1]:.1f} | "
          f"{its[2]:.0f} / {its[1]:.0f} | "
          f"{time.perf_counter() - t:.0f} |")


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
        print(json.dumps(table(float(sys.argv[2]), "presets" in sys.argv[3:], "own" in sys.argv[3:],
                               option_words(sys.argv[3:]))))
    elif what == "table":
        for k, (s, c) in table(float(sys.argv[2]) if len(sys.argv) > 2 else 1.0, "presets" in sys.argv[3:]).items():
            print(f"{k}: search {s:,.0f} it/s, ceiling {c:,.0f} /s, {s / c:.0%}")
    elif what == "ab":
        ab(sys.argv[2], sys.argv[3], float(sys.argv[4]) if len(sys.argv) > 4 else 1.0,
           int(sys.argv[5]) if len(sys.argv) > 5 else 3, "presets" in sys.argv[6:], "own" in sys.argv[6:],
           tuple(w for w in sys.argv[6:] if "=" in w))
    elif what == "expand":
        expand([int(k) for k in sys.argv[2].split(",")], float(sys.argv[3]) if len(sys.argv) > 3 else 1.0,
               int(sys.argv[4]) if len(sys.argv) > 4 else 3, int(sys.argv[5]) if len(sys.argv) > 5 else 3000)
    elif what == "fpu":  # first-play urgency: off (infinite) or a number, e.g. off,1.0,1.5
        sweep("fpu", [float("inf") if k == "off" else float(k) for k in sys.argv[2].split(",")],
              float(sys.argv[3]) if len(sys.argv) > 3 else 1.0, int(sys.argv[4]) if len(sys.argv) > 4 else 3,
              int(sys.argv[5]) if len(sys.argv) > 5 else 3000)
    elif what == "memory":
        print(json.dumps(memory(int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000, *(
            [sys.argv[3], int(sys.argv[4]), "presets" in sys.argv[5:]] if len(sys.argv) > 4 else []))))
    elif what == "run":
        st = first_decision(sys.argv[2], int(sys.argv[3]))
        sv = st.to_move()[0]
        opts = preset_options(sys.argv[2].split("+")[0], players=int(sys.argv[3])) if "presets" in sys.argv[5:] else {}
        print(f"{search_ips(st.observe(sv), sv, float(sys.argv[4]) if len(sys.argv) > 4 else 5.0, **opts):,.0f} it/s")
    elif what == "iterations":
        print(json.dumps(fixed_search(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), "presets" in sys.argv[5:],
                                      **option_words(sys.argv[5:]))))
    elif what == "ceiling-iterations":
        print(json.dumps(fixed_ceiling(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), "presets" in sys.argv[5:])))
    elif what == "workers":
        print(json.dumps(workers(float(sys.argv[2]) if len(sys.argv) > 2 else 3.0, *(
            [sys.argv[3], int(sys.argv[4])] if len(sys.argv) > 4 else []))))
    elif what == "late":
        print(json.dumps(late(*([sys.argv[2], int(sys.argv[3])] if len(sys.argv) > 3 else []),
                              *[float(a) for a in sys.argv[4:5]], *[int(a) for a in sys.argv[5:6]])))
    elif what == "overhead":
        print(json.dumps(overhead(int(sys.argv[2]) if len(sys.argv) > 2 else 40, *(
            [sys.argv[3], int(sys.argv[4])] if len(sys.argv) > 4 else []))))
    elif what == "strength":
        strength(sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5]),
                 int(sys.argv[6]) if len(sys.argv) > 6 else 0)
    print(f"(max RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB)", file=sys.stderr)
