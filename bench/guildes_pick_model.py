"""How predictable are a Guildes player's draft picks?  The room for inference from picks.

Determinization with inference (issue 18) would weight each sampled world by how likely it makes
the other seats' hidden draft picks.  That can only help as far as the picks can be predicted.
This script plays ``--games`` self-play games of one engine (every seat the same), records every
draft pick with more than one card to choose from, and fits conditional-logit models of the pick
(the probability of guild g among the packet's guilds proportional to exp(w . x_g)) on half of
the picks, by gradient ascent on the standardized features; it reports, on the other half, the
log-likelihood gained over a uniform pick, in nats per pick (a uniform pick from k guilds costs
log k nats; the mean of log k is printed beside it).

Features of a guild g for seat q (its table plus its picks of the round so far counted as its own):
``heur`` the kernel's heuristic value (``move_values``: votes this round and later, against the
others' mean -- what the default's heuristic rollouts play by), ``now`` the votes it adds to q's
count of this round, ``own`` q's cards of g, ``othmax`` the most any other seat has on its table,
``own-oth``, ``militia``, ``mult`` copies of g in the packet, ``t/h`` how far the draft is, and
``heur*t``.

    python bench/guildes_pick_model.py --players 4 --iterations 400 --games 30 --seed 5000
"""
from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from cython_ext.guildes_rules import DRAFT  # noqa: E402
from engine.core import CHANCE  # noqa: E402
from search.api import Limits, make_player  # noqa: E402

NAMES = ["heur", "now", "own", "othmax", "own-oth", "militia", "mult", "t/h", "heur*t"]
MODELS = {"heur": [0], "now": [1], "all": list(range(len(NAMES)))}


def features(game, buf: np.ndarray, q: int, legal: list[int]) -> np.ndarray:
    """One row per legal guild (see the module docstring)."""
    lay, k = game.layout, game.kernel
    n, G, h = game.players, game.G, game.dealt
    table = buf[lay["table"]:lay["table"] + n * G].reshape(n, G)
    kept = buf[lay["kept"]:lay["kept"] + n * G].reshape(n, G)
    rnd, step, d = int(buf[lay["round"]]), int(buf[lay["step"]]), int(buf[lay["dir"]])
    packet = buf[lay["hist"]:lay["hist"] + h * n * G].reshape(h, n, G)[step, (q - d * step) % n]
    moves = np.array(legal, dtype=np.intc)
    heur = np.zeros(len(legal), dtype=np.float64)
    k.move_values(buf, q, moves, len(legal), heur)
    mine = table.copy()
    mine[q] += kept[q]
    base = game.votes(mine, rnd)[q]
    rows = []
    for i, c in enumerate(legal):
        more = mine.copy()
        more[q, c] += 1
        own, oth = mine[q, c], np.delete(table[:, c], q).max()
        rows.append([heur[i], game.votes(more, rnd)[q] - base, own, oth, own - oth, float(c == game.kernel.militia),
                     packet[c], step / h, heur[i] * step / h])
    return np.array(rows, dtype=np.float64)


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
                    out.append((features(s.game, s.buf, who, legal), legal.index(move)))
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
    for name, cols in MODELS.items():
        w = fit(train, cols)
        gain_train = (log_lik(w, train) - log_lik(zero, train)) / len(train)
        gain_test = (log_lik(w, test) - log_lik(zero, test)) / len(test)
        weights = ", ".join(f"{NAMES[c]} {w[c]:+.2f}" for c in cols)
        print(f"| {name} | {gain_train:.3f} | {gain_test:.3f} | {weights} |", flush=True)


if __name__ == "__main__":
    main()
