"""Lone-seat matches between two presets of the same engine, from a pre-registered plan.

``bench/plan.py`` keys options by engine name, so it cannot seat ``ismcts``
with one preset against ``ismcts`` with another; this runs such rows.  A row:

    {"id": "...", "game": "between_two_cities", "players": 4, "movetime": 100,
     "games": 80, "seed": 13000, "lone": "heuristic-200g-100it",
     "field": "vs-textbook-400g-100it"}

Game ``i``: dealt from ``seed + i``, the lone seat ``i % players`` (rotated),
player seeds ``(seed + i) * 1000 + seat``, as in ``bench/strength.py``.  Every
finished game is appended to the log (resumable, as ``bench/plan.py``) with the
presets the two names stood for at the table (``default`` follows the file's
``default_by_players``); the report names both (``default ->
vs-textbook-160g-100it``).

    python bench/preset_match.py bench/plans/PLAN.json --log PLAN.jsonl [--only ID] [--report]
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from bench.plan import read_log  # noqa: E402
from bench.strength import verdict  # noqa: E402
from guildhall.arena import play_game  # noqa: E402
from guildhall.stats import wilson  # noqa: E402
from search.api import Limits, make_player  # noqa: E402
from search.presets import resolve  # noqa: E402


def one_game(row: dict, i: int) -> float:
    """The lone seat's share of the win in game ``i`` of ``row``."""
    players, seed = row["players"], row["seed"]
    g = engine.make_game(row["game"], players, tuple(row.get("variant", ())))
    me = i % players
    seats = [make_player("ismcts", seed=(seed + i) * 1000 + s, preset=row["lone"] if s == me else row["field"])
             for s in range(players)]
    rec = play_game(g, seats, Limits(movetime=row["movetime"] / 1000), seed + i)
    return 1.0 / len(rec.winners) if me in rec.winners else 0.0


def resolved(row: dict) -> dict:
    """What the row's ``lone`` and ``field`` presets stand for at its number of players."""
    return {f"{side}_preset": resolve(row["game"], row[side], players=row["players"]) for side in ("lone", "field")}


def named(row: dict, side: str, recs: list[dict]) -> str:
    """The row's preset for ``side`` as written, and what it stood for where that differs:
    as logged when the games were played (the file may have changed since), else as now."""
    seen = sorted({r[f"{side}_preset"] for r in recs if f"{side}_preset" in r}) or [resolved(row)[f"{side}_preset"]]
    real = ", ".join(seen)
    return row[side] if real == row[side] else f"{row[side]} -> {real}"


def report(rows: list[dict], done: dict) -> list[str]:
    out = ["| id | players | budget | lone preset | field preset | seed | games (planned) | lone win share "
           "| 95% CI (Wilson) | fair | verdict | s per game | load |", "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for row in rows:
        recs = done.get(row["id"], [])
        fair = 1 / row["players"]
        head = (f"| {row['id']} | {row['players']} | {row['movetime']} ms | {named(row, 'lone', recs)} | "
                f"{named(row, 'field', recs)} | "
                f"{row['seed']} | ")
        if not recs:
            out.append(head + f"0 ({row['games']}) | | | {fair:.3f} | not run | | |")
            continue
        n, s = len(recs), sum(r["share"] for r in recs)
        lo, hi = wilson(s, n)
        loads = [r["load"] for r in recs]
        out.append(head + f"{n} ({row['games']}) | {s / n:.3f} | [{lo:.3f}, {hi:.3f}] | {fair:.3f} | "
                   f"{verdict(lo, hi, fair) if n == row['games'] else 'incomplete'} | "
                   f"{sum(r['s'] for r in recs) / n:.1f} | {min(loads)}-{max(loads)} |")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("plan")
    ap.add_argument("--log", required=True)
    ap.add_argument("--only", default="")
    ap.add_argument("--report", action="store_true")
    a = ap.parse_args()
    with open(a.plan) as f:
        rows = json.load(f)["rows"]
    only = set(filter(None, a.only.split(",")))
    if not a.report:
        # interleaved, one game of each row in turn, so that a stop at the deadline leaves
        # the rows equally far (the plan's sizes stay the target; a short row is reported as such)
        todo = [r for r in rows if not only or r["id"] in only]
        for i in range(max(r["games"] for r in todo)):
            for row in todo:
                if i >= row["games"] or i in {r["game"] for r in read_log(a.log).get(row["id"], [])}:
                    continue
                t = time.perf_counter()
                share = one_game(row, i)
                with open(a.log, "a") as f:
                    f.write(json.dumps({"id": row["id"], "game": i, "share": share,
                                        "s": round(time.perf_counter() - t, 2),
                                        "load": round(os.getloadavg()[0], 1), **resolved(row)}) + "\n")
    print("\n".join(report(rows, read_log(a.log))))


if __name__ == "__main__":
    main()
