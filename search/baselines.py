"""Baseline players sharing the ISMCTS player's interface.

* ``greedy``: the move of best immediate gain by ``Game.heuristic`` (ties at random).
* ``flatmc``: flat Monte Carlo -- each iteration samples a determinization of
  the seat's view, a root move uniformly at random, and a random rollout;
  plays the move of best mean reward.  No tree.
* ``textbook``: the textbook SO-ISMCTS (Cowling, Powley & Whitehouse 2012)
  with the settings issue 18 names for OpenSpiel's ``ISMCTSBot``: one tree for
  the searching seat whose nodes are its information sets (``keys=view``), UCB
  with availability counts and c = 2, uniformly random rollouts, the most
  visited move, a fresh tree every move; the win share as reward.  No options:
  it is the fixed yardstick of docs/strength.md.  (OpenSpiel's bot itself
  keys a node by the acting player's information state, explores with the
  node's total visits rather than availability counts and breaks near ties at
  random; this one follows the paper.)
* ``pimc``: determinized UCT (perfect-information Monte Carlo) -- ``worlds``
  determinizations, a UCT search on each (every move visible), root visits
  summed over the worlds; plays the most visited move.  Options ``bias``,
  ``rollout`` and ``epsilon`` (off by default: the baseline) give each world's
  tree the kernel heuristic (``rollout=mast``: each world's own move averages), as the ISMCTS
  options of the same names do.

>>> import engine
>>> from engine.perft import play_to_decision
>>> from search.api import Limits, make_player
>>> s = play_to_decision(engine.make("guildes", players=4, seed=1), 1)
>>> all(make_player(n, seed=3).choose(s, 1, Limits(iterations=40)) in s.legal_moves(1)
...     for n in ("greedy", "flatmc", "pimc", "textbook"))
True
"""
from __future__ import annotations

import time
from typing import Optional

import numpy as np

from engine.core import CHANCE, State
from search import core
from search.api import MoveStat, OpenState, Player, SearchInfo, register_player, root_moves
from search.ismcts import IsmctsPlayer, check_options, pick_best, plan, root_stats, spec_meta


class GreedyPlayer(Player):
    """Best immediate gain by the game's heuristic; ties drawn at random."""

    name = "greedy"
    options: dict = {}

    def search(self, view, seat, limits, on_info, stop):
        moves = root_moves(view, seat, limits)
        vals = [view.game.heuristic(view, seat, m) for m in moves]
        best = max(vals)
        ties = [m for m, v in zip(moves, vals) if v == best]
        # no rewards: the heuristic is a gain on the game's own scale, not a reward per seat,
        # so the report's values are empty (the protocol writes '-')
        info = SearchInfo(best=ties[self.rng.below(len(ties))], moves=[MoveStat(m, 0, []) for m in moves])
        if on_info is not None:
            on_info(info)
        return info


FLAT_SPEC = {"reward": ("win", lambda v: v in core.REWARD_MODES, "win, rank, score or field")}


class FlatMCPlayer(Player):
    """Flat Monte Carlo over determinizations (uniform root moves, random rollouts)."""

    name = "flatmc"
    options = {k: v[0] for k, v in FLAT_SPEC.items()}
    option_meta = spec_meta(FLAT_SPEC)

    def __init__(self, seed: Optional[int] = None, **options) -> None:
        super().__init__(seed, **options)
        self.opts = check_options(self.name, options, FLAT_SPEC)

    def search(self, view, seat, limits, on_info, stop):
        start = time.perf_counter()
        iters, deadline, nodes = plan(limits, seat, view.players, start, view)
        if nodes is not None:
            iters = nodes if iters is None else min(iters, nodes)
        k = view.game.kernel
        rng = core.rng_for(k, self.rng.next64())
        seats = np.zeros(view.players + 1, dtype=np.intc)
        moves = np.zeros(max(k.max_moves, 1), dtype=np.intc)
        stats: dict[int, list] = {}
        allowed = None if limits.searchmoves is None else set(limits.searchmoves)
        done = 0
        while (iters is None or done < iters) and not stop.is_set():
            if deadline is not None and time.perf_counter() >= deadline:
                break
            w = view.clone()
            if not isinstance(view, OpenState):  # omniscient analysis: the state is the world
                k.determinize(w.buf, seat, rng)
            c = k.legal(w.buf, seat, moves)
            if allowed is not None:  # searchmoves: sample among the allowed moves only
                c = keep_allowed(moves, c, allowed)
            m = int(moves[rng.below(c)])
            k.apply(w.buf, seat, m)
            if k.to_move(w.buf, seats) > 0:
                k.rollout(w.buf, rng)
            r = w.returns(self.opts["reward"])
            a = stats.setdefault(m, [0, 0.0, 0, [0.0] * view.players])
            a[0] += 1
            a[1] += r[seat]
            a[2] += 1
            a[3] = [x + y for x, y in zip(a[3], r)]
            done += 1
        legal = root_moves(view, seat, limits)
        # best mean reward (not most samples: sampling is uniform)
        best = max(legal, key=lambda mv: (stats[mv][1] / stats[mv][0]) if mv in stats else -1.0)
        el = time.perf_counter() - start
        # flat MC keeps only its root: one node visit per iteration (the nodes limit counts these)
        info = SearchInfo(iterations=done, nodes=done, elapsed=el, ips=done / el if el > 0 else 0.0,
                          best=best,
                          moves=[MoveStat(m, a[0], [x / a[0] for x in a[3]]) for m, a in sorted(stats.items())])
        if on_info is not None:
            on_info(info)
        return info


def keep_allowed(moves: np.ndarray, count: int, allowed: set) -> int:
    """Compact the first ``count`` of ``moves`` to those in ``allowed``; how many stay
    (all ``count`` if none is allowed, which a mask drawn from the view's legal moves never meets)."""
    kept = 0
    for i in range(count):
        if int(moves[i]) in allowed:
            moves[kept] = moves[i]
            kept += 1
    return kept or count


PIMC_SPEC = {
    "worlds": (8, lambda v: isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 10000,
               "an integer in [1, 10000]"),
    "exploration": (0.7, lambda v: isinstance(v, float) and 0.0 <= v <= 100.0, "a number in [0, 100]"),
    "reward": ("win", lambda v: v in core.REWARD_MODES, "win, rank, score or field"),
    # off by default (the baseline of docs/strength.md): the kernel heuristic in each world's tree
    "bias": (0.0, lambda v: isinstance(v, float) and 0.0 <= v <= 100.0, "a number in [0, 100]"),
    "rollout": ("random", lambda v: v in ("random", "egreedy", "mast"), "random, egreedy or mast"),
    "epsilon": (0.1, lambda v: isinstance(v, float) and 0.0 <= v <= 1.0, "a number in [0, 1]"),
}


class PimcPlayer(Player):
    """Determinized UCT averaged over ``worlds`` determinizations."""

    name = "pimc"
    options = {k: v[0] for k, v in PIMC_SPEC.items()}
    option_meta = spec_meta(PIMC_SPEC)

    def __init__(self, seed: Optional[int] = None, **options) -> None:
        super().__init__(seed, **options)
        self.opts = check_options(self.name, options, PIMC_SPEC)

    def search(self, view, seat, limits, on_info, stop):
        start = time.perf_counter()
        iters, deadline, nodes = plan(limits, seat, view.players, start, view)
        K = self.opts["worlds"]
        k = view.game.kernel
        rng = core.rng_for(k, self.rng.next64())
        merged: dict[int, list] = {}
        done = visited = 0
        for i in range(K):
            if stop.is_set():
                break
            w = view.clone()
            if not isinstance(view, OpenState):
                k.determinize(w.buf, seat, rng)
            s = core.make_search(State(view.game, w.buf), seat, tree="omni",
                                 exploration=self.opts["exploration"], reward=self.opts["reward"],
                                 bias=self.opts["bias"], rollout=self.opts["rollout"],
                                 epsilon=self.opts["epsilon"], determinize=False)
            s.set_root_mask(limits.searchmoves)
            # each world gets an equal share of what is left of the budget
            share_it = None if iters is None else max(1, (iters - done) // (K - i))
            share_dl = None if deadline is None else time.perf_counter() + max(
                0.0, deadline - time.perf_counter()) / (K - i)
            share_nv = None if nodes is None else (nodes - visited) // (K - i)
            done += core.run_chunked(s, rng, share_it, share_dl, share_nv, stop)
            visited += s.node_visits_total
            for m, (v, wsum, c, vec) in root_stats(s, seat).items():
                a = merged.setdefault(m, [0, 0.0, 0, [0.0] * view.players])
                a[0] += v
                a[1] += wsum
                a[2] += c
                a[3] = [x + y for x, y in zip(a[3], vec)]
        best = pick_best(merged, root_moves(view, seat, limits))
        el = time.perf_counter() - start
        info = SearchInfo(iterations=done, nodes=visited, elapsed=el, ips=done / el if el > 0 else 0.0,
                          best=best,
                          moves=[MoveStat(m, a[0], [x / a[2] for x in a[3]] if a[2] else [])
                                 for m, a in sorted(merged.items())])
        if on_info is not None:
            on_info(info)
        return info


class TextbookPlayer(IsmctsPlayer):
    """SO-ISMCTS with the textbook's settings (see the module text); takes no options."""

    name = "textbook"
    options: dict = {}
    option_meta: dict = {}
    SETTINGS = {"tree": "so", "keys": "view", "exploration": 2.0, "rollout": "random", "reward": "win",
                "reuse": False, "workers": 1, "preset": "none"}

    def __init__(self, seed: Optional[int] = None, **options) -> None:
        Player.__init__(self, seed, **options)  # refuses any option
        self._setup(dict(self.SETTINGS))


for _cls in (GreedyPlayer, FlatMCPlayer, PimcPlayer, TextbookPlayer):
    register_player(_cls)

__all__ = ["GreedyPlayer", "FlatMCPlayer", "PimcPlayer", "TextbookPlayer", "CHANCE"]
