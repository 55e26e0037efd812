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

    python bench/plan.py bench/plans/PLAN.json --log PLAN.jsonl [--only ID,...] [--until HH:MM]

A side of ``pair`` may be ``ENGINE@TAG`` (``"ismcts@k8:ismcts"``): the engine ``ENGINE``
with the options ``set`` gives ``ENGINE@TAG`` (``"ismcts@k8.expand_after=8"``), so one
engine can sit on both sides, the lone seat with an option the field has not.

A row may carry a truncated SPRT, ``"sprt": {"p1": 0.55, "alpha": 0.05, "beta": 0.1}``
(``p0`` defaults to the fair share 1/players; ``games`` is then the cap): the
row stops at the first game where the log-likelihood ratio of H1 (lone share
p1) against H0 (p0) crosses log((1-beta)/alpha) (above the fair share) or
log(beta/(1-alpha)) (not shown above).  A game's share s counts as
s*log(p1/p0) + (1-s)*log((1-p1)/(1-p0)), so a k-way tie counts 1/k of a win.
With p1 below p0 the same test asks whether the lone seat is *below* the fair
share (a lone textbook seat against the defaults): H1 then reads "below" and
H0 "not shown below".  p1 equal to p0, or outside (0, 1), is refused.
The bounds and the cap are in the committed plan, so the stop is not a peek.

Every finished game is appended to the log as one JSON line (row id, game
index, lone share, load); a row already complete in the log is skipped, so
an interrupted plan resumes where it stopped without replaying or reseeding
anything.  ``--until HH:MM`` (UTC, today; tomorrow if more than 12 h past) is a session's clock: no game starts at or
after it, so a row cut by the clock loses no game half played.  At the end (or with
``--report``) one markdown row per plan row:
games played of planned, lone win share, 95% Wilson interval, fair share,
verdict, seconds per game and load range; then, for fixed rows that differ only in id, seed
and games (a row split over processes, a log each: ``--report --log a.jsonl,b.jsonl``), one
line of their games pooled.

Rows with a time budget are refused unless every kernel they load runs
compiled (``kernels_mode``): interpreted, a search makes about 4 iterations
in 100 ms where compiled it makes about 900 (Guildes 6p), so such a row
would measure another product.  A plan run from a fresh worktree must be built
there first (``python setup.py build_ext --inplace``): session 25 started two
plans from an unbuilt worktree and discarded their games.  Each log line
records the kernels' mode (``"kernels"``).
"""
from __future__ import annotations

import argparse
import calendar
import json
import math
import os
import sys
import time
from typing import Optional

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from bench.strength import parse_opts, verdict  # noqa: E402
from guildhall.arena import play_game  # noqa: E402
from guildhall.stats import wilson  # noqa: E402
from cython_ext import select  # noqa: E402
from search.api import Limits, make_player  # noqa: E402


def kernels_mode() -> str:
    """``compiled`` if every kernel runs compiled, else ``interpreted``."""
    return "compiled" if select.all_compiled() else "interpreted"


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
    seats = [make_player((lone_e if s == me else field_e).partition("@")[0], seed=(seed + i) * 1000 + s,
                         **(opts.get(lone_e if s == me else field_e) or {})) for s in range(players)]
    rec = play_game(g, seats, limits, seed + i)
    return 1.0 / len(rec.winners) if me in rec.winners else 0.0


def read_log(path: str) -> dict:
    """{row id: [game records]} from a log (missing file: nothing done).  A line that is not a
    game record, or a row's game logged twice (two processes on one row), stops the plan in
    one line naming it, before any game more is played: its verdict would be wrong."""
    done: dict = {}
    if os.path.exists(path):
        with open(path) as f:
            for n, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    rec = json.loads(line)
                    key, game = rec["id"], int(rec["game"])
                    float(rec["share"])
                except (ValueError, TypeError, KeyError):
                    raise SystemExit(f"{path}:{n}: not a game record: {line.strip()[:60]!r}") from None
                if any(r["game"] == game for r in done.get(key, [])):
                    raise SystemExit(f"{path}:{n}: game {game} of row {key} logged twice")
                done.setdefault(key, []).append(rec)
    return done


def sprt(row: dict, shares: list[float]) -> tuple[Optional[str], float]:
    """(``"H1"``, ``"H0"`` or None while undecided, log-likelihood ratio) of the row's SPRT after
    ``shares`` (in game order); the ratio stops at the first crossing.

    >>> row = {"players": 3, "sprt": {"p1": 0.55, "alpha": 0.05, "beta": 0.1}}
    >>> sprt(row, [1.0] * 5)[0], sprt(row, [1.0] * 6)[0], sprt(row, [0.0] * 6 + [1.0] * 9)[0]
    (None, 'H1', 'H0')
    """
    t = row["sprt"]
    p0, p1 = t.get("p0", 1 / row["players"]), t["p1"]
    if not (0 < p0 < 1 and 0 < p1 < 1) or p0 == p1:
        raise ValueError(f"row {row.get('id', '?')!r}: SPRT p0 and p1 must differ and lie in (0, 1), "
                         f"not {p0} and {p1}")
    upper, lower = math.log((1 - t["beta"]) / t["alpha"]), math.log(t["beta"] / (1 - t["alpha"]))
    win, loss = math.log(p1 / p0), math.log((1 - p1) / (1 - p0))
    llr = 0.0
    for s in shares:
        llr += s * win + (1 - s) * loss
        if llr >= upper:
            return "H1", llr
        if llr <= lower:
            return "H0", llr
    return None, llr


def in_order(recs: list) -> list[float]:
    """The shares of a row's log records, by game index."""
    return [r["share"] for r in sorted(recs, key=lambda r: r["game"])]


def clock(hhmm: str) -> Optional[float]:
    """The epoch time of ``HH:MM`` UTC today, or None for no clock.  A time more than twelve
    hours past is tomorrow's: a session that crosses midnight sets its clock after it
    (``--until 01:15`` at 23:30), where "today" would stop it before its first game.

    >>> clock("") is None
    True
    >>> time.gmtime(clock("14:15"))[3:5]
    (14, 15)
    """
    if not hhmm:
        return None
    try:
        h, m = (int(x) for x in hhmm.split(":"))
    except ValueError:
        h = m = -1
    if not (0 <= h <= 23 and 0 <= m <= 59):
        raise SystemExit(f"--until takes HH:MM (UTC), not {hhmm!r}")
    now = time.time()
    day = time.gmtime(now)
    at = float(calendar.timegm((day.tm_year, day.tm_mon, day.tm_mday, h, m, 0)))
    return at + 86400.0 if at < now - 12 * 3600 else at


def run_row(row: dict, log: str, mode: Optional[str] = None, until: Optional[float] = None) -> None:
    """Play the games of ``row`` not yet in the log, in order, until its count (or its SPRT stops it);
    no game starts after the epoch time ``until`` (a session's clock).  The log is read again
    before each game: a game logged meanwhile is skipped, a broken log stops the row."""
    opts = parse_opts(row.get("set", []))
    mode = mode or kernels_mode()
    for i in range(row["games"]):
        logged = read_log(log).get(row["id"], [])
        if any(r["game"] == i for r in logged):
            continue
        if "sprt" in row and sprt(row, in_order(logged))[0]:
            return
        if until is not None and time.time() >= until:
            return
        t = time.perf_counter()
        share = one_game(row, i, opts)
        with open(log, "a") as f:
            f.write(json.dumps({"id": row["id"], "game": i, "share": share,
                                "s": round(time.perf_counter() - t, 2),
                                "load": round(os.getloadavg()[0], 1), "kernels": mode}) + "\n")


def row_verdict(row: dict, recs: list, lo: float, hi: float) -> str:
    """The Wilson verdict of a complete fixed row; an SPRT row's decision (a row stopped by its
    SPRT is complete; one that reached its cap undecided is inconclusive; one still short of
    both says where its log-likelihood ratio stands)."""
    if "sprt" not in row:
        return verdict(lo, hi, 1 / row["players"]) if len(recs) == row["games"] else "incomplete"
    decided, llr = sprt(row, in_order(recs))
    if decided:
        side = "above" if row["sprt"]["p1"] > row["sprt"].get("p0", 1 / row["players"]) else "below"
        return f"{side if decided == 'H1' else 'not shown ' + side} (SPRT {decided}, LLR {llr:.2f})"
    return f"inconclusive (SPRT, LLR {llr:.2f})" if len(recs) >= row["games"] else f"incomplete (SPRT, LLR {llr:.2f})"


def read_logs(paths: str) -> dict:
    """``read_log`` of each of the comma-separated ``paths`` (one process a row: a log each),
    merged; a row's game in two of them stops as a game logged twice in one does."""
    done: dict = {}
    for path in filter(None, paths.split(",")):
        for key, recs in read_log(path).items():
            games = {r["game"] for r in done.get(key, [])}
            if any(r["game"] in games for r in recs):
                raise SystemExit(f"{path}: a game of row {key} is in another log too")
            done.setdefault(key, []).extend(recs)
    return done


def pooled(plan: dict, done: dict) -> list[str]:
    """One line per group of two or more fixed rows that differ only in id, seed and games
    (the same table, budget, pair and options): their games pooled, read by the Wilson
    interval, as a plan that splits a row over processes registers it."""
    groups: dict = {}
    for row in plan["rows"]:
        if "sprt" not in row and done.get(row["id"]):
            key = json.dumps({k: v for k, v in row.items() if k not in ("id", "seed", "games")}, sort_keys=True)
            groups.setdefault(key, []).append(row)
    out = []
    for rows in groups.values():
        if len(rows) < 2:
            continue
        recs = [r for row in rows for r in done[row["id"]]]
        n, s = len(recs), sum(r["share"] for r in recs)
        lo, hi = wilson(s, n)
        fair = 1 / rows[0]["players"]
        planned = sum(row["games"] for row in rows)
        state = verdict(lo, hi, fair) if n == planned else f"{verdict(lo, hi, fair)} (as played)"
        r0, loads = rows[0], [r["load"] for r in recs]
        budget = f"{r0['iterations']} it" if r0.get("iterations") else f"{r0['movetime']} ms"
        out.append(f"| pooled: {' + '.join(row['id'] for row in rows)} | {r0['game']} | {r0['players']} | "
                   f"{budget} | {r0['pair']} | {', '.join(str(row['seed']) for row in rows)} | {n} ({planned}) | "
                   f"{s / n:.3f} | [{lo:.3f}, {hi:.3f}] | {fair:.3f} | {state} | "
                   f"{sum(r['s'] for r in recs) / n:.1f} | {min(loads)}-{max(loads)} |")
    return out


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
            cells = (f"{n} ({'SPRT, cap ' if 'sprt' in row else ''}{row['games']}) | {s / n:.3f} | "
                     f"[{lo:.3f}, {hi:.3f}] | {fair:.3f} | {row_verdict(row, recs, lo, hi)} | "
                     f"{sum(r['s'] for r in recs) / n:.1f} | {min(loads)}-{max(loads)}")
        else:
            cells = f"0 ({row['games']}) | | | {fair:.3f} | not run | | "
        out.append(f"| {row['id']} | {row['game']} | {row['players']} | {budget} | {row['pair']} | "
                   f"{row['seed']} | {cells} |")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("plan")
    ap.add_argument("--log", required=True, help="JSON-lines file of finished games (appended; resumes); "
                    "with --report, several comma-separated (a log per process)")
    ap.add_argument("--only", default="", help="comma-separated row ids to run (default: all, in order)")
    ap.add_argument("--report", action="store_true", help="only print the table from the log")
    ap.add_argument("--until", default="", help="HH:MM UTC today (tomorrow if more than 12 h past): no game starts at or after it (the session's clock)")
    a = ap.parse_args()
    with open(a.plan) as f:
        plan = json.load(f)
    ids = [r["id"] for r in plan["rows"]]
    if len(set(ids)) != len(ids):
        raise SystemExit("plan row ids must be unique")
    until = clock(a.until)  # a bad clock is refused before any game
    for row in plan["rows"]:  # the SPRTs and the report judge a lone seat against 1/players
        g = engine.make_game(row["game"], row["players"], tuple(row.get("variant", ())))
        if g.fair_share() != 1 / row["players"]:
            raise SystemExit(f"row {row['id']!r}: {g.describe()} has no fair share (a competitor that is "
                             "no seat can win), so a lone seat's share cannot be judged")
    only = set(filter(None, a.only.split(",")))
    if "," in a.log and not a.report:
        raise SystemExit("a plan run writes one log (several are read with --report)")
    if not a.report:
        rows = [row for row in plan["rows"] if not only or row["id"] in only]
        mode = kernels_mode()
        if mode != "compiled" and any(row.get("movetime") for row in rows):
            slow = [k for k, v in select.status().items() if v != "compiled"]
            raise SystemExit(f"{len(slow)} kernels interpreted ({', '.join(slow[:3])}, ...): a row with a time "
                             "budget needs every kernel compiled (python setup.py build_ext --inplace "
                             "where this plan.py lives)")
        for row in rows:
            run_row(row, a.log, mode, until)
            print("\n".join(report({"rows": [row]}, read_log(a.log))[2:]), flush=True)
    done = read_logs(a.log)
    print("\n".join(report(plan, done) + pooled(plan, done)))


if __name__ == "__main__":
    main()
