"""How often the final-move rules disagree: every root decision of games played
by each game's default, with the move each rule (``visits``, ``value``,
``secure``; search/ismcts.py ``pick_best``) would have played from the same
root statistics.

Issue 18's `final=value` met City and Guilds' 1600-iteration cell and changed
nothing in The Walled City (docs/strength.md, session 8). A rule that picks the
same move as ``visits`` at nearly every root cannot change a match, whatever
its merit; this counts how often it would have played something else.

    python -m bench.final_agreement walled_city:3:400 city_and_guilds:4:1600 --games 4

The game is played with the default's own ``final`` (the statistics of each
root are those of the game as it went); only roots with two or more visited
legal moves count as decisions.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from typing import Optional

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
import search.ismcts as ismcts  # noqa: E402
from guildhall.arena import play_owned  # noqa: E402
from search.api import Limits, make_player  # noqa: E402

RULES = ("visits", "value", "secure")
_PICK = ismcts.pick_best  # the rule itself; Recorder replaces the module's name while games run


def picks(stats: dict, legal: list[int], share: float = 0.5) -> Optional[dict]:
    """Each rule's move from one root's ``stats`` (move -> [visits, own value sum, ...]),
    or None where fewer than two legal moves were visited (no choice to disagree on).

    >>> picks({1: [60, 30.0], 2: [40, 28.0]}, [1, 2])
    {'visits': 1, 'value': 2, 'secure': 2}
    >>> picks({1: [60, 30.0]}, [1, 2]) is None
    True
    """
    if sum(1 for m in legal if m in stats and stats[m][0] > 0) < 2:
        return None
    return {r: _PICK(stats, legal, r, share) for r in RULES}


class Recorder:
    """Wraps ``pick_best`` while games are played: each root's three picks, tallied."""

    def __init__(self) -> None:
        self.tally: Counter = Counter()
        self._orig = _PICK

    def __enter__(self) -> "Recorder":
        orig = self._orig

        def recording(stats: dict, legal: list[int], final: str = "visits", share: float = 0.5) -> int:
            p = picks(stats, legal, share)
            if p is not None:
                self.tally["decisions"] += 1
                self.tally["value differs"] += p["value"] != p["visits"]
                if p["value"] != p["visits"]:
                    v, c = stats[p["value"]], stats[p["visits"]]
                    self.tally["value gain"] += v[1] / v[0] - c[1] / c[0]
                self.tally["secure differs"] += p["secure"] != p["visits"]
            return orig(stats, legal, final, share)

        ismcts.pick_best = recording
        return self

    def __exit__(self, *exc) -> None:
        ismcts.pick_best = self._orig


def count(game: str, players: int, iterations: int, games: int, seed: int) -> Counter:
    """Tally over ``games`` games of the game's default in every seat."""
    g = engine.make_game(game, players, ())
    with Recorder() as rec:
        for i in range(games):
            seats = [make_player("ismcts", seed=(seed + i) * 1000 + s) for s in range(players)]
            play_owned(g, seats, Limits(iterations=iterations), seed + i)
    return rec.tally


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cells", nargs="+", metavar="GAME:PLAYERS:ITERATIONS")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=90000)
    a = ap.parse_args()
    print("| game | players | iterations | games | decisions | value differs | secure differs | value's mean gain where it differs |")
    print("|---|---|---|---|---|---|---|---|")
    for cell in a.cells:
        game, players, iterations = cell.split(":")
        t = count(game, int(players), int(iterations), a.games, a.seed)
        n = max(1, t["decisions"])
        print(f"| {game} | {players} | {iterations} | {a.games} | {t['decisions']} | "
              f"{t['value differs'] / n:.3f} | {t['secure differs'] / n:.3f} | "
              f"{t['value gain'] / max(1, t['value differs']):.3f} |", flush=True)


if __name__ == "__main__":
    main()
