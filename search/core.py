"""Glue between a game and the ISMCTS iteration loop (``cython_ext/ismcts.py``).

Picks the compiled loop when both it and the game's kernel are compiled (the
loop calls the kernel through the ``cimport``ed base class), the interpreted
loop otherwise, and builds the rollout callback (``rollout=egreedy``: the
compiled ``cython_ext.rollout_policy`` over the kernel's ``move_values``, or
the game's Python heuristic for a kernel without one) and, until a game's
tie-breaks are in its kernel, its reward callback.
"""
from __future__ import annotations

import math
import time
from typing import Any, Callable, Optional

import numpy as np

from cython_ext import select
from cython_ext.reward_modes import REWARD_CODES
from engine.core import CHANCE, Game, State, kernel_ranks_itself, returns_from

TREE_MODES = {"so": 0, "mo": 1, "omni": 2}
REWARD_MODES = REWARD_CODES  # kernel.pxd REWARD_*
CALLBACK = select.load("ismcts").CALLBACK  # the loop's code for a Python reward_fn


def kernel_is_compiled(kernel: Any) -> bool:
    """True when ``kernel`` is built on the compiled ``Kernel`` base (not forced interpreted)."""
    base = select.compiled("kernel")
    return base is not None and isinstance(kernel, base.Kernel)


def loop_module(kernel: Any, impl: str = "auto") -> Any:
    """The ``cython_ext.ismcts`` module to search ``kernel`` with (``impl``: auto,
    compiled, python): compiled iff both the loop and the game kernel are."""
    compiled = select.compiled("ismcts")  # the interpreted twin only when it is the one used
    usable = compiled is not None and kernel_is_compiled(kernel)
    if impl == "python" or (impl == "auto" and not usable):
        return select.twins("ismcts")[1]
    if not usable:
        from engine.errors import BadConfig

        raise BadConfig("the compiled search needs compiled ismcts and game kernels")
    return compiled


def rng_for(kernel: Any, seed: int) -> Any:
    """A kernel Rng that ``kernel`` accepts.

    There is one ``Rng``, in the one ``kernel`` module: compiled whenever any
    kernel can be (a compiled kernel's typed methods need the compiled Rng, an
    interpreted kernel takes either); same stream in both modes."""
    return select.load("kernel").Rng(seed & ((1 << 64) - 1))


def kernel_ranks(game: Game) -> bool:
    """True when the kernel's ``rank_keys`` is the game's ranking: the Python
    ``Game`` keeps the defaults (thin readers of the kernel), or the kernel
    overrides the base ``Kernel.rank_keys`` (the game moved its tie-breaks there)."""
    if type(game).rank_keys is Game.rank_keys and type(game).rival_keys is Game.rival_keys:
        return True
    return kernel_ranks_itself(game.kernel)


def reward_setup(game: Game, mode: str) -> tuple[int, Optional[Callable]]:
    """The loop's reward code for ``mode``, and a callback for a game whose tie-breaks
    are still written in Python only (one Python call per iteration, see :func:`kernel_ranks`)."""
    if mode in ("score", "field") or kernel_ranks(game):
        return REWARD_MODES[mode], None

    def reward_fn(buf: np.ndarray) -> list[float]:
        st = State(game, buf)
        return returns_from(game.rank_keys(st), st.scores(), mode, game.score_scale, game.rival_keys(st))

    return CALLBACK, reward_fn


def kernel_has_heuristic(kernel: Any) -> bool:
    """True when ``kernel`` overrides the base ``Kernel.move_values`` (all 0.0: none)."""
    return any(cls.__dict__.get("move_values") is not None for cls in type(kernel).__mro__
               if cls.__name__ != "Kernel")


def policy_rollout(kernel: Any, epsilon: float, cutoff: int, horizon: int = 0, own: int = -1,
                   mast: bool = False, loop: Any = None) -> Any:
    """The compiled rollout policy (``cython_ext.rollout_policy``) over ``kernel``'s
    heuristic (``mast``: over the moves' averages): compiled iff the kernel is (its typed
    calls need the compiled base) and, given the ``loop`` module that will feed its averages,
    iff that loop is (the loop calls the policy's C methods)."""
    return policy_module(kernel, loop).RolloutPolicy(kernel, epsilon, cutoff, horizon, own, mast)


def policy_module(kernel: Any, loop: Any = None) -> Any:
    """The ``cython_ext.rollout_policy`` module :func:`policy_rollout` builds from."""
    compiled = select.compiled("rollout_policy")
    use = compiled is not None and kernel_is_compiled(kernel)
    if loop is not None:
        use = use and loop is select.compiled("ismcts")
    return compiled if use else select.twins("rollout_policy")[1]


def egreedy_rollout(game: Game, epsilon: float, own: int = -1) -> Callable:
    """Rollout policy for a kernel without ``move_values``: with probability
    ``1 - epsilon`` the move of best ``game.heuristic`` (ties drawn at random),
    else a uniformly random move (every seat, or with ``own`` >= 0 that seat alone, the
    others always at random).  Runs in Python (one heuristic call per legal
    move per step): about 90 times slower than a kernel rollout."""
    k = game.kernel
    seats = np.zeros(game.players + 1, dtype=np.intc)
    moves = np.zeros(max(k.max_moves, 1), dtype=np.intc)

    def rollout(buf: np.ndarray, rng: Any) -> None:
        st = State(game, buf)
        while True:
            n = k.to_move(buf, seats)
            if n == 0:
                return
            if seats[0] == CHANCE:
                k.apply(buf, CHANCE, k.sample_chance(buf, rng))
                continue
            acting = [int(s) for s in seats[:n]]
            picks = []
            for s in acting:
                c = k.legal(buf, s, moves)
                if (own >= 0 and s != own) or rng.random() < epsilon:
                    picks.append(int(moves[rng.below(c)]))
                    continue
                vals = [game.heuristic(st, s, int(moves[i])) for i in range(c)]
                best = max(vals)
                ties = [int(moves[i]) for i in range(c) if vals[i] == best]
                picks.append(ties[rng.below(len(ties))] if len(ties) > 1 else ties[0])
            for s, m in zip(acting, picks):
                k.apply(buf, s, m)

    return rollout


def make_search(view: State, seat: int, *, tree: str = "so", exploration: float = 1.4,
                reward: str = "win", rollout: str = "random", epsilon: float = 0.1, cutoff: int = 0,
                bias: float = 0.0,
                max_nodes: int = 1_000_000, hash_depth: int = 16, impl: str = "auto",
                determinize: bool = True, keys: str = "moves", expand_after: int = 1,
                fpu: float = math.inf, reveal: bool = False, horizon: int = 0,
                greedy_seats: str = "all") -> Any:
    """A ready ``Search`` rooted at ``view`` (a seat's view, or a full world with
    ``determinize=False``).

    ``keys``: ``moves`` keys a node's children by the moves its owner observed
    (own moves, public moves, a hidden-move code for the others), so one node
    gathers every determinization that shares that history and the tree grows
    deep; ``view`` also folds in a hash of the owner's whole view (the hands it
    was shown, cards revealed), one node per distinct information set, which
    in drafting games makes almost every child new.

    ``expand_after``: a node grows a child only once it has been visited that many
    times (the expansion threshold; 1: at once, the tree of every earlier session).

    ``fpu``: first-play urgency, in reward units ([0, 1]): an untried move scores it in
    UCB1, so a tried move whose UCB value is above it is taken before the untried ones
    (infinite: untried moves first, the tree of every earlier session).

    ``reveal``: where the kernel turns up hidden choices at the end of their step
    (``kernel.reveals``: Between Two Cities' draft picks, Guildes' face-down plays), key the
    nodes below by the choices as then seen (``kernel.revealed_move``), not by the
    hidden-move code: every information set apart, at the price of far wider steps.

    ``horizon`` > 0: each rollout stops where the kernel's horizon is crossed (Guildes: the
    end of the round it started in) and the kernel's estimate scores the rest of the game,
    weighted ``horizon`` percent (``kernel.horizon_close``); a kernel without one plays its
    rollouts to the end, and so does the Python heuristic rollout (``egreedy_rollout``, for
    a kernel without ``move_values``: none of the four games).

    ``greedy_seats``: with ``rollout=egreedy``, ``all`` seats play the heuristic's
    epsilon-greedy moves in rollouts, or only the searching seat (``own``: the others play
    uniformly at random, which costs what a random rollout does at their moves).

    ``rollout=mast``: every seat's rollout moves epsilon-greedy over the average reward of
    each move id for that seat, learnt from this search's iterations, tree moves included
    (the Move-Average Sampling Technique; ``cython_ext.rollout_policy``); ``greedy_seats=own``
    leaves the other seats at random."""
    game = view.game
    k = game.kernel
    mod = loop_module(k, impl)
    rmode, rfn = reward_setup(game, reward)
    rfun = None
    if greedy_seats not in ("all", "own"):
        raise ValueError(f"greedy_seats must be all or own, not {greedy_seats!r}")
    own = seat if greedy_seats == "own" else -1
    if rollout not in ("random", "egreedy", "mast"):
        raise ValueError(f"rollout must be random, egreedy or mast, not {rollout!r}")
    if rollout == "mast":
        rfun = policy_rollout(k, epsilon, cutoff, horizon, own, mast=True, loop=mod)
    elif rollout == "egreedy" and kernel_has_heuristic(k):
        rfun = policy_rollout(k, epsilon, cutoff, horizon, own)
    elif rollout == "egreedy":
        rfun = egreedy_rollout(game, epsilon, own)
    elif cutoff > 0 or horizon > 0:  # random moves, cut off: the policy with epsilon 1
        rfun = policy_rollout(k, 1.0, cutoff, horizon)
    s = mod.Search(k, game.players, seat, TREE_MODES[tree], exploration, rmode,
                   float(game.score_scale), max_nodes, hash_depth, rfn, rfun)
    s.view_keys = keys == "view"
    s.bias = bias
    s.expand_after = expand_after
    s.fpu = fpu
    s.reveal = reveal and bool(k.reveals)
    if rollout == "mast":
        s.mast = rfun
    s.set_root(np.ascontiguousarray(view.buf, dtype=np.intc), determinize)
    return s


def run_chunked(search: Any, rng: Any, iterations: Optional[int], deadline: Optional[float],
                node_visits: Optional[int], stop: Any, on_tick: Optional[Callable] = None,
                chunk: float = 0.001) -> int:
    """Iterate until a limit is hit or ``stop`` is set, returning to Python at
    least every ``chunk`` seconds to look at the stop flag (the pure-Python
    loop can only stop between iterations).  Returns the iterations run."""
    done = 0
    if (iterations is not None and iterations <= 0) or (node_visits is not None and node_visits <= 0):
        return 0  # an empty share of a split budget (0 would mean "no limit" to the loop)
    base_nodes = search.node_visits_total
    # a heuristic rollout looks at the stop event itself (an interpreted one outlasts the
    # stop promise); only while this search runs, so a kept tree's later runs are not cut
    policy = getattr(search, "rollout_fn", None)
    policy = policy if hasattr(policy, "stop") else None
    if policy is not None:
        policy.stop, policy.cut = stop, False  # an earlier search's cut must not end this one
    try:
        while True:
            if stop is not None and stop.is_set():
                break
            left = (1 << 62) if iterations is None else iterations - done
            if left <= 0:
                break
            now = time.perf_counter()
            if deadline is not None and now >= deadline:
                break
            end = now + chunk if deadline is None else min(deadline, now + chunk)
            nv = 0 if node_visits is None else base_nodes + node_visits
            done += search.run(rng, min(left, 1 << 30), end, nv)
            if node_visits is not None and search.node_visits_total - base_nodes >= node_visits:
                break
            if on_tick is not None:
                on_tick(done)
    finally:
        if policy is not None:
            policy.stop = None
    return done
