"""Fixed perft roots: seeded random plies from the initial state, then chance resolved."""
import random

import engine
from engine.core import CHANCE, make_rng
from engine.perft import play_to_decision


def root(players: int, seed: int, plies: int):
    s = engine.make("city_and_guilds", players=players, seed=seed)
    rnd = random.Random(seed)
    rng = make_rng(seed)
    for _ in range(plies):
        movers = s.to_move()
        if movers == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(rng))
        else:
            seat = movers[0]
            s.apply(seat, rnd.choice(s.legal_moves(seat)))
    return play_to_decision(s, seed)


if __name__ == "__main__":  # regenerate tests/data/perft_city_and_guilds.json
    import json
    from engine.perft import perft
    cases = []
    for players, seed, plies, depth in [(3, 1, 0, 3), (4, 2, 40, 3), (5, 3, 60, 2), (4, 4, 120, 3),
                                        (3, 5, 150, 3), (3, 7, 0, 5), (4, 8, 30, 4)]:
        cases.append(dict(players=players, seed=seed, plies=plies, depth=depth,
                          nodes=perft(root(players, seed, plies), depth)))
    print(json.dumps({"game": "city_and_guilds", "cases": cases}, indent=1))
