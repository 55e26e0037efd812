"""A rating ladder per game: ISMCTS at doubling budgets and skill levels, rated in Elo.

Entries: ``random`` (the anchor, Elo 0), ``it:N`` (the game's default ISMCTS
capped at N iterations per decision, most visited move) and ``skill:L``
(search/skill.py level L).  Each game seats ``players`` distinct entries
drawn at random (with repeats only when there are fewer entries than
seats), in random seats; with ``--balanced`` each game seats the entries
that have sat least so far (ties drawn at random), so every entry sits
``games * players / len(entries)`` times, give or take one.  Rating model: pairwise Elo from the final rankings
(guildhall/rating.py: every pair of seats of different entries is one
pairwise game, ties are draws; Bradley-Terry fit; intervals by bootstrap over
whole games).  ``Elo per doubling`` is the least-squares slope of Elo on
log2(iterations) over the entries that only cap the budget (``it:`` and
``skill:`` levels 8 and up, whose temperature is 0).

    python bench/ladder.py GAME --players 4 --games 120 \\
        --entries random,it:25,it:50,it:100,it:200,it:400 [--write-skill]

``--write-skill`` stores the Elo of the ``skill:`` entries in the game's
preset file (``skill.elo``), which is how named skill levels find their level.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from dataclasses import replace

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from guildhall.arena import play_game  # noqa: E402
from guildhall.rating import bootstrap, fit, slope  # noqa: E402
from search.api import Limits, Player, make_player  # noqa: E402
from search.skill import skill_settings, with_skill  # noqa: E402


class Capped(Player):
    """``inner`` with its iterations capped at ``n`` per decision."""

    def __init__(self, inner: Player, n: int) -> None:
        super().__init__(inner.seed)
        self.inner, self.n, self.name = inner, n, inner.name

    def new_game(self) -> None:
        self.inner.new_game()

    def observe_move(self, state, seat, move):
        self.inner.observe_move(state, seat, move)

    def choose(self, state, seat, limits=Limits(), on_info=None, stop=None, omniscient=False):
        best = self.inner.choose(state, seat, replace(limits, iterations=self.n), on_info, stop, omniscient)
        self.last_info = self.inner.last_info
        return best


def make_entry(entry: str, seed: int) -> Player:
    kind, _, arg = entry.partition(":")
    if kind == "random":
        return make_player("random", seed=seed)
    if kind == "it":
        return Capped(make_player("ismcts", seed=seed), int(arg))
    if kind == "skill":
        return with_skill(make_player("ismcts", seed=seed), int(arg))
    if kind == "textbook":
        return Capped(make_player("textbook", seed=seed), int(arg))
    raise SystemExit(f"unknown entry {entry!r}")


def draw_table(entries: list[str], players: int, rng: random.Random, sat: dict | None = None) -> list[str]:
    """The entries of one game in seat order; ``sat`` (seats so far per entry) makes the draw balanced."""
    pool = list(entries)
    rng.shuffle(pool)
    if sat is not None:
        pool.sort(key=lambda e: sat[e])  # stable: ties keep the shuffled order
    table = (pool * ((players + len(pool) - 1) // len(pool)))[:players]
    rng.shuffle(table)
    if sat is not None:
        for e in table:
            sat[e] += 1
    return table


def ladder(game: str, players: int, entries: list[str], games: int, seed: int = 0, echo=print,
           balanced: bool = False, log: str | None = None) -> list:
    g = engine.make_game(game, players)
    rng = random.Random(seed)
    sat = {e: 0 for e in entries} if balanced else None
    results = []
    for i in range(games):
        table = draw_table(entries, players, rng, sat)
        seats = [make_entry(e, (seed + i) * 1000 + s) for s, e in enumerate(table)]
        rec = play_game(g, seats, Limits(iterations=1 << 20), seed + i)
        results.append([(e, tuple(k)) for e, k in zip(table, rec.keys)])
        if log:  # every game's full ranking keys, so the fit can be redone from the file
            with open(log, "a", encoding="utf-8") as f:
                f.write(json.dumps({"game": i, "seats": table, "keys": [list(k) for k in rec.keys],
                                    "load": round(os.getloadavg()[0], 2)}) + "\n")
        echo(f"game {i + 1}: " + ", ".join(f"{e}={k[0] if k else ''}" for e, k in zip(table, rec.keys)))
    return results


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=120)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--entries", default="random,it:25,it:50,it:100,it:200,it:400")
    ap.add_argument("--write-skill", action="store_true")
    ap.add_argument("--balanced", action="store_true", help="seat the entries that sat least so far")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--from-log", help="play nothing: rate the games of this --log file")
    ap.add_argument("--log", help="append each game's seats and ranking keys to this JSON-lines file")
    a = ap.parse_args()
    if a.from_log and a.write_skill:
        ap.error("--write-skill writes only a ladder played in this run, not one read from --from-log")
    entries = a.entries.split(",")
    t = time.perf_counter()
    if a.from_log:  # no games: the table of a (possibly cut) ladder from its log
        res = read_log(a.from_log)
    else:
        res = ladder(a.game, a.players, entries, a.games, a.seed, (lambda s: None) if a.quiet else print,
                     a.balanced, a.log)
    elo = report(res, entries, f"{a.game} {a.players}p, {len(res)} games, {time.perf_counter() - t:.0f} s, "
                 f"load {os.getloadavg()[0]:.1f}", a.seed)
    if a.write_skill:
        how = (f"bench/ladder.py {a.game} --players {a.players} --games {a.games} --seed {a.seed}"
               f"{' --balanced' if a.balanced else ''} --entries {a.entries}; Elo relative to the random player")
        print(f"skill calibration written to {write_skill(a.game, elo, entries, how)}")


def read_log(path: str) -> list:
    """The results of a ``--log`` file, as :func:`ladder` returns them."""
    with open(path, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return [[(e, tuple(k)) for e, k in zip(r["seats"], r["keys"])] for r in rows]


def report(res: list, entries: list[str], head: str, seed: int) -> dict:
    """Print the ladder's table and Elo per doubling; the fitted Elo of each entry."""
    anchor = "random" if "random" in entries else entries[0]
    elo = fit(res, anchor=anchor)
    ci = bootstrap(res, anchor=anchor, rounds=300, seed=seed)
    seated = {e: sum(1 for r in res for x, _ in r if x == e) for e in entries}
    print(f"\n{head}; pairwise Elo from rankings, anchor {anchor} = 0, 95% bootstrap interval")
    print("| entry | seats | Elo | 95% CI |")
    print("|---|---|---|---|")
    for e in entries:
        lo, hi = ci.get(e, (float("nan"), float("nan")))
        print(f"| {e} | {seated[e]} | {elo[e]:.0f} | [{lo:.0f}, {hi:.0f}] |")
    pts = []
    for e in entries:
        kind, _, arg = e.partition(":")
        if kind == "it":
            pts.append((math.log2(int(arg)), elo[e]))
        elif kind == "skill" and skill_settings(int(arg))[1] == 0.0 and skill_settings(int(arg))[0]:
            pts.append((math.log2(skill_settings(int(arg))[0]), elo[e]))  # a pure budget cap
    if len(pts) >= 2:
        print(f"Elo per doubling (budget-only entries, least squares): {slope(pts):.0f}")
    return elo


def write_skill(game: str, elo: dict, entries: list[str], how: str) -> str:
    """Store the Elo of the ``skill:`` entries (any levels) as the game's ``skill.elo``; the file's path.

    The whole table is replaced (one ladder's output, never merged with an older one) and
    the preset the entries searched with is kept, as is the rest of the file.
    """
    from search.presets import load, path_for

    data = json.loads(json.dumps(load(game)))
    table = {e.split(":")[1]: round(elo[e]) for e in entries if e.startswith("skill:")}
    played = data.get("skill", {}).get("preset", data.get("default", "none"))  # what skill: entries searched with
    data["skill"] = {"preset": played, "elo": table, "how": how}
    with open(path_for(game), "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    return path_for(game)


if __name__ == "__main__":
    main()
