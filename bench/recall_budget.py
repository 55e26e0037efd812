"""How much of the information-state tensor's room random games use.

For every game and variant of the OpenSpiel tests: the most view words any
seat saw change over a whole random game (``Table.logs``), against the
tensor's budget (``Table.diff_budget``).  docs/adapters.md quotes the ratio.

    python bench/recall_budget.py [GAMES]
"""
import random
import sys

import engine
from engine.core import CHANCE, make_rng
from guildhall.adapters.table import Table

CONFIGS = [
    ("guildes", 3, ""), ("guildes", 4, "events"), ("guildes", 4, "tricks"), ("guildes", 5, "events+tricks"),
    ("between_two_cities", 3, ""), ("between_two_cities", 2, "two-player"),
    ("between_two_cities", 2, "two-player-advanced"), ("between_two_cities", 4, "beginner"),
    ("between_two_cities", 5, "districts"),
    ("city_and_guilds", 3, ""), ("city_and_guilds", 5, ""),
    ("walled_city", 2, ""), ("walled_city", 3, "borderlands"), ("walled_city", 4, "mixed-guilds"),
]


def main(games: int) -> None:
    for name, players, variants in CONFIGS:
        game = engine.make_game(name, players, [v for v in variants.split("+") if v])
        worst = 0
        for seed in range(games):
            rnd, t = random.Random(seed), Table(game.new_initial_state(seed))
            while t.movers():
                seat = t.movers()[0]
                if seat == CHANCE:
                    t.apply(CHANCE, t.state.sample_chance(make_rng(rnd.getrandbits(32))), check=False)
                else:
                    t.apply(seat, rnd.choice(t.state.legal_moves(seat)), check=False)
            worst = max(worst, max(sum(int(e[2]) for e in log) for log in t.logs))
        print(f"{name} {players} {variants or '-'}: most changes {worst}, budget {t.diff_budget()}, "
              f"{worst / t.diff_budget():.0%}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
