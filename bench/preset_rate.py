"""Iterations per CPU-second of named presets of one game, alternated in one run.

    PYTHONPATH=<tree> python bench/preset_rate.py city_and_guilds --players 3 4 5 \\
        --presets vs-textbook-160g-100it bias-4.0-120g-100it bias-16.0 [--seconds 1.0] [--rounds 3]

``bench/bench_search.py table ... presets`` measures only a game's default
preset; choosing a default means comparing candidates on one shared machine,
so here the presets take turns (A B C A B C ...) within each position and the
load falls on all alike.  Positions: the first decision (bench_search's, a
setup discard whose subtree has up to 192 moves a node) and four mid-game
decisions (``random_decision`` with seeds 1-4 at plies 20, 60, 120, 200, as
the session-5 cost paragraph of docs/strength.md).  A preset may carry changed
options, ``NAME+OPTION=VALUE+...`` (``vs-textbook-160g-100it+reward=win``: the
candidates a plan's ``ismcts@tag`` side plays), and ``textbook`` is the
textbook ISMCTS's fixed settings (search/baselines.py), the yardstick at equal time.  Every
option of a single search is taken as the player resolves it and measured (``tree=det``,
``fixed_worlds``, ``reveal``, ``fpu`` ...: ``bench_search.new_search`` builds the search as
the player does); only the options of the player around its searches (``reuse``,
``workers``, ``final``, ``final_share``) are refused.  Search and ceiling are bench_search's
``search_ips`` / ``ceiling_ips`` (CPU time, the preset's own rollout); the table gives
medians over rounds, mid-game pooled over the four positions, and search/ceiling.
"""
from __future__ import annotations

import argparse
import os
import statistics
from typing import Optional
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from bench.bench_search import ceiling_ips, first_decision, search_ips  # noqa: E402
from bench.bench_search import search_options as make_search_options  # noqa: E402
from search.api import BadConfig  # noqa: E402
from search.baselines import TextbookPlayer  # noqa: E402
from search.ismcts import ISMCTS_SPEC, IsmctsPlayer  # noqa: E402
from tests.search.helpers import random_decision  # noqa: E402

# what the player does around its searches, not how one search runs
PLAYER_KEYS = ("reuse", "workers", "final", "final_share", "preset")
SEARCH_KEYS = tuple(k for k in ISMCTS_SPEC if k not in PLAYER_KEYS)


def search_options(game: str, preset: str, players: Optional[int] = None) -> dict:
    """Every option of one search (``SEARCH_KEYS``) as an ISMCTS player of ``preset`` at
    ``players`` seats searches with at a time limit (``default``: that table's default;
    None: the file's ``default``); ``NAME+OPTION=VALUE...`` changes options of NAME, checked
    and typed as the player does; ``textbook`` the textbook player's settings."""
    name, *changes = preset.split("+")
    given = {}
    for change in changes:
        key, eq, value = change.partition("=")
        if not eq or key not in SEARCH_KEYS:
            raise BadConfig(f"{change!r} is not OPTION=VALUE with a search option ({', '.join(SEARCH_KEYS)})")
        given[key] = value
    if name == "textbook":
        if changes:
            raise BadConfig("the textbook player takes no options")
        player = TextbookPlayer()
    else:
        player = IsmctsPlayer(preset=name, **given)  # "win" stays a word, "0.7" becomes a number
    opts = player.options_for(game, None, players)
    return {k: opts[k] for k in SEARCH_KEYS}


def positions(game: str, players: int) -> dict:
    """``{"first": [state], "mid": [four states]}``, each at a seat's decision."""
    first = first_decision(game, players)
    start = engine.make(game, players=players, seed=1)
    return {"first": [first], "mid": [random_decision(start, sd, pl) for sd, pl in
                                      zip(range(1, 5), (20, 60, 120, 200))]}


def measure(game: str, players: int, presets: list[str], seconds: float, rounds: int) -> dict:
    """``{(where, preset): ([search it/s per run], [ceiling it/s per run])}``."""
    out: dict = {}
    opts = {p: make_search_options(search_options(game, p, players)) for p in presets}  # what make_search takes
    for where, states in positions(game, players).items():
        for _ in range(rounds):
            for st in states:
                seat = st.to_move()[0]
                view = st.observe(seat)
                for p in presets:
                    s, c = out.setdefault((where, p), ([], []))
                    s.append(search_ips(view, seat, seconds, **opts[p]))
                    c.append(ceiling_ips(view, seat, seconds, **opts[p]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, nargs="+", default=[4])
    ap.add_argument("--presets", nargs="+", required=True)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    load0 = os.getloadavg()[0]
    print(f"| players | position | preset | search it/s | ceiling it/s | search/ceiling | cost vs {a.presets[0]} |")
    print("|---|---|---|---|---|---|---|")
    for n in a.players:
        res = measure(a.game, n, a.presets, a.seconds, a.rounds)
        for where in ("first", "mid"):
            base = statistics.median(res[(where, a.presets[0])][0])
            for p in a.presets:
                s, c = (statistics.median(v) for v in res[(where, p)])
                print(f"| {n} | {where} | {p} | {s:,.0f} | {c:,.0f} | {s / c:.0%} | {base / s:.2f}x |", flush=True)
    print(f"load average {load0:.1f} -> {os.getloadavg()[0]:.1f}; medians of {a.rounds} rounds of {a.seconds} s "
          f"(mid: pooled over 4 positions), iterations per CPU-second")


if __name__ == "__main__":
    main()
