"""How predictable are a Guildes player's draft picks?  The room for inference from picks.

Determinization with inference (issue 18) would weight each sampled world by how likely it makes
the other seats' hidden draft picks.  That can only help as far as the picks can be predicted.
This script plays ``--games`` self-play games of one engine (every seat the same), records every
draft pick with more than one card to choose from, and fits conditional-logit models of the pick
(the probability of guild g among the packet's guilds proportional to exp(w . x_g)) on half of
the picks, by gradient ascent on the standardized features; it reports, on the other half, the
log-likelihood gained over a uniform pick, in nats per pick (a uniform pick from k guilds costs
log k nats; the mean of log k is printed beside it).

The features are :func:`engine.guildes.inference.pick_features` (the kernel's heuristic value,
the votes a card adds now, the seat's cards of the guild, the most on another table, their
difference, militia, copies in the packet, the heuristic times the draft's progress).  ``--out``
writes the "all" model's weights on the raw features (the standardized weights over the
standard deviations; a shift of every guild's features cancels in the softmax), the file that
``engine/guildes/data/pick_model.json`` ships.

    python bench/guildes_pick_model.py --players 4 --iterations 400 --games 30 --seed 5000
    python bench/guildes_pick_model.py ... --out engine/guildes/data/pick_model.json
"""
from __future__ import annotations

import argparse
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from cython_ext.guildes_rules import DRAFT  # noqa: E402
from engine.core import CHANCE  # noqa: E402
from engine.guildes.inference import FEATURES, pick_features  # noqa: E402
from search.api import Limits, make_player  # noqa: E402

NAMES = list(FEATURES)
MODELS = {"heur": [0], "now": [1], "all": list(range(len(NAMES)))}


def picks(players: int, engine_name: str, iterations: int, games: int, seed: int) -> list:
    """(features, index of the pick) of every draft pick with a choice, in self-play."""
    out = []
    for gi in range(games):
        s = engine.make("guildes", players=players, seed=seed + gi)
        seats = [make_player(engine_name, seed=(seed + gi) * 10 + i) for i in range(players)]
        try:
            while not s.is_terminal():
                who = s.to_move()[0]
                if who == CHANCE:
                    s.apply(who, s.sample_chance())
                    continue
                move = seats[who].choose(s, who, Limits(iterations=iterations))
                legal = list(s.legal_moves(who))
                if s.game.phase(s) == DRAFT and len(legal) > 1:
                    out.append((pick_features(s.game, s.buf, who, np.array(legal, dtype=np.intc)),
                                legal.index(move)))
                s.apply(who, move)
        finally:
            for p in seats:
                p.close()
    return out


def log_lik(w: np.ndarray, data: list) -> float:
    total = 0.0
    for X, y in data:
        z = X @ w
        z -= z.max()
        total += z[y] - np.log(np.exp(z).sum())
    return total


def fit(data: list, cols: list[int], steps: int = 300) -> np.ndarray:
    """Maximum-likelihood weights on the features ``cols`` (the others held at 0)."""
    w = np.zeros(len(NAMES))
    mask = np.zeros(len(NAMES))
    mask[cols] = 1.0
    rate = 0.5 / len(data)
    for _ in range(steps):
        grad = np.zeros_like(w)
        for X, y in data:
            z = X @ w
            z -= z.max()
            p = np.exp(z)
            p /= p.sum()
            grad += X[y] - p @ X
        w += rate * grad * mask
    return w


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--engine", default="ismcts")
    ap.add_argument("--iterations", type=int, default=400)
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--out", default=None, help="write the 'all' model's raw weights here (JSON)")
    a = ap.parse_args()
    data = picks(a.players, a.engine, a.iterations, a.games, a.seed)
    order = np.random.default_rng(a.seed).permutation(len(data))
    half = len(data) // 2
    train, test = [data[i] for i in order[:half]], [data[i] for i in order[half:]]
    stacked = np.vstack([X for X, _ in train])
    mu, sd = stacked.mean(0), stacked.std(0) + 1e-9
    train = [((X - mu) / sd, y) for X, y in train]
    test = [((X - mu) / sd, y) for X, y in test]
    uniform = float(np.mean([np.log(len(X)) for X, _ in test]))
    print(f"guildes {a.players}p, {a.engine} at {a.iterations} it, {a.games} games: {len(data)} picks with a "
          f"choice, uniform {uniform:.3f} nats a pick")
    print("| model | train nats/pick over uniform | test nats/pick over uniform | weights (standardized) |")
    print("|---|---|---|---|")
    zero = np.zeros(len(NAMES))
    fitted = {}
    for name, cols in MODELS.items():
        w = fitted[name] = fit(train, cols)
        gain_train = (log_lik(w, train) - log_lik(zero, train)) / len(train)
        gain_test = (log_lik(w, test) - log_lik(zero, test)) / len(test)
        weights = ", ".join(f"{NAMES[c]} {w[c]:+.2f}" for c in cols)
        print(f"| {name} | {gain_train:.3f} | {gain_test:.3f} | {weights} |", flush=True)
    if a.out:
        with open(a.out, "w") as f:
            json.dump({"features": NAMES, "weights": [round(float(x), 6) for x in fitted["all"] / sd],
                       "fitted": f"bench/guildes_pick_model.py --players {a.players} --engine {a.engine} "
                                 f"--iterations {a.iterations} --games {a.games} --seed {a.seed}",
                       "picks": len(data)}, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
