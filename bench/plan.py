"""Run a pre-registered plan of lone-seat strength rows, one after another.

A plan is a JSON file committed *before* it is run, so the number of games
and the seeds of each row are fixed in advance (a confirmation run must not
be extended or stopped on its result):

    {"name": "...", "rows": [
      {"id": "cg4-400-lone-defaults", "game": "city_and_guilds", "players": 4,
       "iterations": 400, "games": 200, "seed": 9000, "pair": "ismcts:textbook"},
      {"id": "wc2-100ms-greedy", "game": "walled_city", "players": 2,
       "movetime": 100, "games": 12, "seed": 9500, "pair": "ismcts:greedy",
       "set": ["ismcts.preset=builtin"], "variant": []}]}

    python bench/plan.py bench/plans/PLAN.json --log PLAN.jsonl [--only ID,...]

Every finished game is appended to the log as one JSON line (row id, game
index, lone share, load); a row already complete in the log is skipped, so
an interrupted plan resumes where it stopped without replaying or reseeding
anything.  At the end (or with ``--report``) one markdown row per plan row:
games played of planned, lone win share, 95% Wilson interval, fair share,
verdict, seconds per game and load range.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from bench.strength import parse_opts, verdict  # noqa: E402
from guildhall.arena import play_game  # noqa: E402
from guildhall.stats import wilson  # noqa: E402
from search.api import Limits, make_player  # noqa: E402


def one_game(row: dict, i: int, opts: dict) -> float:
    """The lone share in game ``i`` of ``row``: game i of ``bench/strength.py --seed SEED`` (same deal,
    lone seat ``i % players``, player seeds ``(SEED + i) * 1000 + seat``), so a plan row and the
    equivalent strength.py command play the same games."""
    lone_e, field_e = row["pair"].split(":")
    mt = row.get("movetime")
    limits = Limits(iterations=row.get("iterations"), movetime=None if mt is None else mt / 1000)
    players, seed = row["players"], row["seed"]
    g = engine.make_game(row["game"], players, tuple(row.get("variant", ())))
    me = i % players
    seats = [make_player(lone_e if s == me else field_e, seed=(seed + i) * 1000 + s,
                         **(opts.get(lone_e if s == me else field_e) or {})) for s in range(players)]
    rec = play_game(g, seats, limits, seed + i)
    return 1.0 / len(rec.winners) if me in rec.winners else 0.0


def read_log(path: str) -> dict:
    """{row id: [game records]} from a log (missing file: nothing done)."""
    done: dict = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.strip():
                    rec = json.loads(line)
                    done.setdefault(rec["id"], []).append(rec)
    return done


def run_row(row: dict, log: str, done: list) -> None:
    """Play the games of ``row`` not yet in the log, one game per call of ``lone``."""
    opts = parse_opts(row.get("set", []))
    have = {r["game"] for r in done}
    for i in range(row["games"]):
        if i in have:
            continue
        t = time.perf_counter()
        share = one_game(row, i, opts)
        with open(log, "a") as f:
            f.write(json.dumps({"id": row["id"], "game": i, "share": share,
                                "s": round(time.perf_counter() - t, 2),
                                "load": round(os.getloadavg()[0], 1)}) + "\n")


def report(plan: dict, done: dict) -> list[str]:
    out = ["| id | game | players | budget | pair | seed | games (planned) | lone win share | 95% CI (Wilson) "
           "| fair | verdict | s per game | load |", "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for row in plan["rows"]:
        recs = done.get(row["id"], [])
        budget = f"{row['iterations']} it" if row.get("iterations") else f"{row['movetime']} ms"
        fair = 1 / row["players"]
        if recs:
            n, s = len(recs), sum(r["share"] for r in recs)
            lo, hi = wilson(s, n)
            loads = [r["load"] for r in recs]
            cells = (f"{n} ({row['games']}) | {s / n:.3f} | [{lo:.3f}, {hi:.3f}] | {fair:.3f} | "
                     f"{verdict(lo, hi, fair) if n == row['games'] else 'incomplete'} | "
                     f"{sum(r['s'] for r in recs) / n:.1f} | {min(loads)}-{max(loads)}")
        else:
            cells = f"0 ({row['games']}) | | | {fair:.3f} | not run | | "
        out.append(f"| {row['id']} | {row['game']} | {row['players']} | {budget} | {row['pair']} | "
                   f"{row['seed']} | {cells} |")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("plan")
    ap.add_argument("--log", required=True, help="JSON-lines file of finished games (appended; resumes)")
    ap.add_argument("--only", default="", help="comma-separated row ids to run (default: all, in order)")
    ap.add_argument("--report", action="store_true", help="only print the table from the log")
    a = ap.parse_args()
    with open(a.plan) as f:
        plan = json.load(f)
    ids = [r["id"] for r in plan["rows"]]
    if len(set(ids)) != len(ids):
        raise SystemExit("plan row ids must be unique")
    only = set(filter(None, a.only.split(",")))
    if not a.report:
        for row in plan["rows"]:
            if not only or row["id"] in only:
                run_row(row, a.log, read_log(a.log).get(row["id"], []))
                print("\n".join(report({"rows": [row]}, read_log(a.log))[2:]), flush=True)
    print("\n".join(report(plan, read_log(a.log))))


if __name__ == "__main__":
    main()
