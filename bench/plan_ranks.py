"""Replay logged games of plan rows and tally where the lone seat finished (session 10, task C).

A share of 1/3 can hide very different games: the lone seat may win or come last in turn, or sit
between the two field seats. This replays game i of a row exactly as bench/plan.py played it
(same deal, seats and player seeds; iteration budgets, so the replay is the game), checks the
lone share against the log, and prints the lone seat's rank (1 first; ties share the best rank),
the votes after the first round (GameRecord.round_scores, rounds counted from 0) and the gaps
between seats.

    python bench/plan_ranks.py bench/plans/s10c_wc_400.json ROW_ID [--games N]
"""
from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from bench.plan import read_log  # noqa: E402
from bench.strength import parse_opts  # noqa: E402
from guildhall.arena import play_game  # noqa: E402
from search.api import Limits, make_player  # noqa: E402


def replay(row: dict, i: int) -> tuple[int, list[int], dict, list[int]]:
    """(lone seat, final votes, votes after each round, winners) of game ``i`` of ``row``: the seats
    and seeds of bench.plan.one_game."""
    opts = parse_opts(row.get("set", []))
    lone_e, field_e = row["pair"].split(":")
    players, seed = row["players"], row["seed"]
    g = engine.make_game(row["game"], players, tuple(row.get("variant", ())))
    me = i % players
    seats = [make_player((lone_e if s == me else field_e).partition("@")[0], seed=(seed + i) * 1000 + s,
                         **(opts.get(lone_e if s == me else field_e) or {})) for s in range(players)]
    rec = play_game(g, seats, Limits(iterations=row["iterations"]), seed + i)
    return me, list(rec.scores), dict(rec.round_scores), list(rec.winners)


def rank(scores: list[int], winners: list[int], seat: int) -> int:
    """1 for a winner (the game's tie-breaks decide), else 1 + the seats with more votes, at least 2."""
    if seat in winners:
        return 1
    return max(2, 1 + sum(1 for s in scores if s > scores[seat]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("plan")
    ap.add_argument("row")
    ap.add_argument("--games", type=int, default=None, help="the first N logged games (default: all)")
    a = ap.parse_args()
    row = next((r for r in json.load(open(a.plan))["rows"] if r["id"] == a.row), None)
    if row is None:
        sys.exit(f"plan_ranks: no row {a.row} in {a.plan}")
    if "iterations" not in row:
        # a game under a time limit depends on the machine's speed: no replay is that game
        sys.exit(f"plan_ranks: row {a.row} is played under a time limit; only iteration budgets replay")
    logged = read_log(a.plan[:-len(".json")] + ".jsonl").get(a.row, [])
    ranks, gaps = [0] * (row["players"] + 1), []
    for rec in logged[:a.games]:
        i = rec["game"]
        me, scores, rounds, winners = replay(row, i)
        share = 1.0 / len(winners) if me in winners else 0.0
        assert abs(share - rec["share"]) < 1e-9, f"game {i} replays to {share}, logged {rec['share']}"
        r = rank(scores, winners, me)
        ranks[r] += 1
        field = sorted((scores[s] for s in range(len(scores)) if s != me), reverse=True)
        gaps.append((field[0] - field[-1], field[0] - scores[me]))
        first = rounds[min(rounds)] if rounds else None
        print(f"game {i}: lone seat {me} rank {r} votes {scores} after the first round {first} winners {winners}",
              flush=True)
    n = sum(ranks)
    print(f"{a.row}: {n} games, the lone seat's games at rank 1 / 2 / ...: "
          + " / ".join(f"{ranks[k]} ({ranks[k] / n:.3f})" for k in range(1, row["players"] + 1)))
    print(f"mean gap between the field seats {sum(g[0] for g in gaps) / n:.1f} votes; "
          f"mean lead of the best field seat over the lone seat {sum(g[1] for g in gaps) / n:.1f}")


if __name__ == "__main__":
    main()
