"""The ISMCTS player (Cowling, Powley & Whitehouse 2012), SO or MO.

Each iteration determinizes the root view (``kernel.determinize``), descends
the tree, adds one node (per tree; with ``expand_after`` K > 1 only under a node
visited K times, else the descent stops there), rolls out in the kernel and
backs the reward vector up: every seat's edges get that seat's own component (max^n).  Details of
the tree (information-set keys, decoupled simultaneous steps) are in
``cython_ext/ismcts.py``.

* ``tree=so``: one tree owned by the searching seat; every seat selects on
  its own edge statistics at the nodes of that tree (opponents' statistics
  are aggregated over the searching seat's information sets).
  ``tree=mo``: one tree per seat, each branching only on what its owner
  observes; a seat selects in its own tree.
  ``tree=det``: one tree keyed by every move and chance outcome of the world
  the iteration determinized (the determinized shared tree: perfect-information
  UCT whose worlds are drawn anew each iteration from the searching seat's
  view, where ``pimc`` keeps a few worlds each with its own tree).  A node then
  knows the sampled opponents' hidden choices, so a seat's later decisions in
  the tree fuse strategies across worlds; the root's moves are the searching
  seat's own, chosen from what it sees.  ``keys`` and ``reveal`` do not apply.
* Limits: ``iterations``; ``nodes`` = node visits (tree nodes traversed,
  summed over iterations); ``movetime``; ``clock``/``increment`` through
  :func:`search.timeman.clock_budget`; ``infinite`` until ``stop``.  With no
  limit at all, 1000 iterations.  The stop flag is looked at every
  millisecond (compiled; the pure-Python loop between iterations).
* ``limits.searchmoves``: the root seat's moves at the root are only those
  (``Search.set_root_mask``), in every process; such a search starts a fresh tree.
* Final move (``final``, :func:`pick_best`): ``visits`` most visits, ties by
  mean own reward (robust child); ``value`` best mean own reward among the
  moves with at least ``final_share`` times the most visited move's visits
  (max child); ``secure`` best mean own reward minus ``1 / sqrt(visits)``
  (secure child).  ``MoveStat.value`` is the mean reward vector of this
  search's iterations through the move.
* Options by budget: a preset's ``by_budget`` entries (search/presets) apply
  by the ``iterations`` limit of each search (none: the plain preset).
* ``preset=default`` is resolved with the number of seats of the game searched
  (a file's ``default_by_players`` entry for it, else its ``default``).
* Tree reuse (``reuse``; the tree must be under half of ``max_nodes``): SO trees keyed by
  ``view`` look the next decision's view up by view hash among the old tree's nodes down to 16
  levels below its root (the old root itself excluded: the same position searched again
  starts afresh).  Trees keyed by ``moves`` (SO or MO: every shipped default but ``det``),
  and MO trees keyed by ``view`` (the searching seat's own tree; the others' start afresh),
  follow the moves the player was told since its last search (``Player.observe_move``: the
  arena, the protocol's ``position``/``play`` and ``guildhall play`` tell every move) down to
  the node of the line played, each tree as its owner observed the moves; another seat's tree
  is kept only where the searching seat saw every move of the line, else it starts afresh
  (search/reuse.py).  A seat deciding inside a simultaneous step after others' unseen choices
  keeps the node of the step's start where the kernel's determinization clears those choices
  (Guildes: the tree's root step is the whole step), else starts afresh; so does a player told
  nothing, a ``det`` tree, and a moves-keyed tree whose line may have told the seat more than
  its keys hold (a chance outcome it saw, another seat's choice it did not see: the kept node
  would mix worlds it may know are not the case; in Guildes, with face-down plays at every
  step, that is every line).
* ``step_start``: a seat deciding inside a simultaneous step after others' hidden choices
  searches from the step's start (:func:`step_start_view`); off, the worlds keep those
  choices, each drawn uniformly among what that seat could have chosen.
* ``workers=N``: root parallelism; N-1 worker processes (``search.pool``, forked
  at the first such search and kept across moves) search with derived seeds; iteration and node budgets are split between
  the N searches, the deadline is shared; root visits, rewards, iterations
  and node visits are summed.
* Reports: ``on_info`` every ``limits.info_interval`` seconds, then once at
  the end; ``SearchInfo.nodes`` counts node visits, as the ``nodes`` limit.
* Deterministic: same view, seed and iteration limit -> same move and visit
  counts (compiled and pure-Python loops agree exactly).

>>> import engine
>>> from engine.perft import play_to_decision
>>> from search.api import Limits, make_player
>>> s = play_to_decision(engine.make("guildes", players=4, seed=1), 1)
>>> p = make_player("ismcts", seed=7)
>>> p.choose(s, 0, Limits(iterations=50)) in s.legal_moves(0)
True
>>> sum(m.visits for m in p.last_info.moves)
50
"""
from __future__ import annotations

import itertools
import math
import threading
import time
from typing import Any, Optional

import numpy as np

from cython_ext import select
from engine.core import State
from engine.errors import BadConfig
from search import core
from search.api import (InfoCallback, Limits, MoveStat, OpenState, Player, SearchError, SearchInfo, SearchSettings,
                        ascii_number, register_player)
from search.endgame import endgame_deadline, endgame_info, solve_endgame
from search.reuse import MoveLog, fold, log_root, new_roots
from search.timeman import clock_budget

DEFAULT_ITERATIONS = 1000  # when no limit at all is given
ENDGAME_MB = 64  # the endgame solver's table, as the solver player's default
ENDGAME_SALT = 0x5EED_E6D  # the endgame's worlds are drawn apart from the tree's
# Chaslot et al. (2008, "Progressive strategies for MCTS") name four final
# selections; three need no further search: robust child, max child, secure child
FINAL_MODES = ("visits", "value", "secure")


def check_options(name: str, opts: dict, spec: dict) -> dict:
    """Validate option values against ``spec`` (name -> (default, checker, text))."""
    out = {}
    for key, (default, ok, text) in spec.items():
        v = opts.get(key, default)
        if isinstance(default, bool):
            if isinstance(v, str) and v.lower() in ("true", "false", "1", "0", "yes", "no"):
                v = v.lower() in ("true", "1", "yes")
        elif isinstance(default, int) and isinstance(v, str):
            if not ascii_number(v.strip(), integer=True):
                raise BadConfig(f"{name} option {key} must be {text}, not {v!r}")
            v = int(v)
        elif isinstance(default, str) and "a number" in text and isinstance(v, (str, int)) \
                and not isinstance(v, bool):
            # a word or a number (fpu: off or an urgency): numbers as floats, words in lower case
            v = float(v) if isinstance(v, int) or ascii_number(v.strip()) else v.lower()
        elif isinstance(default, float) and isinstance(v, (str, int)) and not isinstance(v, bool):
            if isinstance(v, str) and not ascii_number(v.strip()):
                raise BadConfig(f"{name} option {key} must be {text}, not {v!r}")
            v = float(v)
        if not ok(v):
            raise BadConfig(f"{name} option {key} must be {text}, not {v!r}")
        out[key] = v
    return out


def _pos_int(lo: int, hi: int):
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


ISMCTS_SPEC = {
    "exploration": (1.4, lambda v: isinstance(v, float) and 0.0 <= v <= 100.0 and math.isfinite(v),
                    "a number in [0, 100]"),
    "tree": ("so", lambda v: v in ("so", "mo", "det"), "so, mo or det"),
    "reward": ("win", lambda v: v in core.REWARD_MODES, "win, rank, score or field"),
    "rollout": ("random", lambda v: v in ("random", "egreedy", "mast"), "random, egreedy or mast"),
    "epsilon": (0.1, lambda v: isinstance(v, float) and 0.0 <= v <= 1.0, "a number in [0, 1]"),
    "greedy_seats": ("all", lambda v: v in ("all", "own"), "all or own"),
    "cutoff": (0, _pos_int(0, 1000), "an integer in [0, 1000]"),
    "horizon": (0, _pos_int(0, 100), "an integer in [0, 100]"),
    "bias": (0.0, lambda v: isinstance(v, float) and 0.0 <= v <= 100.0 and math.isfinite(v),
             "a number in [0, 100]"),
    "final": ("visits", lambda v: v in FINAL_MODES, "visits, value or secure"),
    "final_share": (0.5, lambda v: isinstance(v, float) and 0.0 <= v <= 1.0, "a number in [0, 1]"),
    "reuse": (True, lambda v: isinstance(v, bool), "true or false"),
    "workers": (1, _pos_int(1, 64), "an integer in [1, 64]"),
    "max_nodes": (1_000_000, _pos_int(16, 200_000_000), "an integer in [16, 200000000]"),
    "expand_after": (1, _pos_int(1, 1000), "an integer in [1, 1000]"),
    "fpu": ("off", lambda v: v == "off" or (isinstance(v, float) and 0.0 <= v <= 100.0 and math.isfinite(v)),
            "off or a number in [0, 100]"),
    "impl": ("auto", lambda v: v in ("auto", "compiled", "python"), "auto, compiled or python"),
    "keys": ("moves", lambda v: v in ("view", "moves"), "moves or view"),
    "reveal": (False, lambda v: isinstance(v, bool), "true or false"),
    "step_start": (False, lambda v: isinstance(v, bool), "true or false"),
    "fixed_worlds": (0, _pos_int(0, 10000), "an integer in [0, 10000]"),
    "endgame": (0, _pos_int(0, 200), "an integer in [0, 200]"),
    "endgame_worlds": (8, _pos_int(1, 256), "an integer in [1, 256]"),
    "endgame_nodes": (1_000_000, _pos_int(1, 100_000_000), "an integer in [1, 100000000]"),
    "endgame_share": (0.5, lambda v: isinstance(v, float) and 0.01 <= v <= 1.0, "a number in [0.01, 1]"),
    "infer": (0.0, lambda v: isinstance(v, float) and 0.0 <= v <= 10.0 and math.isfinite(v),
              "a number in [0, 10]"),
    "preset": ("default", lambda v: isinstance(v, str) and v != "" and not any(c.isspace() for c in v),
               "a preset name of search/presets/<game>.json (default: the file's choice at the table's "
               "player count; none: built-in)"),
}


def spec_meta(spec: dict) -> dict:
    """``Player.option_meta`` from a spec whose checker text lists words or a range."""
    meta = {}
    for key, (default, _ok, text) in spec.items():
        if isinstance(default, bool):
            continue
        if " or " in text and "[" not in text:
            meta[key] = {"choices": tuple(w for w in text.replace(",", " ").split() if w != "or")}
        elif "[" in text:
            lo, hi = text[text.index("[") + 1:text.index("]")].split(",")
            num = int if isinstance(default, int) else float
            meta[key] = {"min": num(lo), "max": num(hi)}
    return meta


class IsmctsPlayer(Player):
    """Information Set MCTS.  Options (all lowercase):

    ``exploration`` UCB1 constant; ``tree`` so (one tree for the searching seat),
    mo (one tree per seat) or det (one tree keyed by every move of each iteration's
    determinized world); ``reward`` win / rank / score (margin over the
    best other seat) / field (margin over the other seats' mean); ``rollout``
    random (in the kernel), egreedy (game heuristic, ``epsilon``; compiled
    where the kernel has ``move_values``) or mast (epsilon-greedy over each move's average
    reward for its seat in this search's iterations: the Move-Average Sampling Technique);
    ``greedy_seats`` all (every seat plays the heuristic or the averages in rollouts) or own
    (the searching seat alone, the others at random);
    ``cutoff`` > 0 stops each rollout
    after that many decisions and scores the state reached (points so far; the
    chance steps right after the last decision are drawn first);
    ``horizon`` > 0 stops each rollout at the kernel's horizon (Guildes: the end of the
    round it started in) and scores the rest with the kernel's estimate, weighted that
    many percent (0: off);
    ``bias`` progressive bias from the kernel's ``move_values``: untried moves
    in heuristic order, plus ``bias * value / (visits + 1)`` in UCB1;
    ``reuse`` keep the subtree between decisions (SO or MO trees; keyed by moves, only
    for a player told the moves played, ``observe_move``); ``workers``
    root-parallel processes; ``max_nodes`` tree size past which no node is
    added; ``expand_after`` visits a node needs before it grows a child (the
    expansion threshold; 1: at once); ``fpu`` first-play urgency, off (untried
    moves first) or a number in reward units: an untried move scores it in
    UCB1, a tried move scoring above it is taken first; ``impl`` force the compiled or the Python loop; ``keys`` moves
    (children keyed by the observed moves: deep trees, the default) or view
    (also by a hash of the owner's whole view: exact information sets, which
    in Guildes keeps the tree one level deep -- see docs/strength.md);
    ``fixed_worlds`` > 0 draws that many worlds from the view at the start of each search and
    searches them in turn (with ``tree=det``, pimc's fixed worlds under one root whose moves
    are chosen on statistics pooled over them; 0: a world drawn anew each iteration);
    ``endgame`` > 0 hands a decision whose game a random playout from the view ends within
    that many seat decisions to the solver first: ``endgame_worlds`` worlds of the view
    solved within ``endgame_nodes`` nodes and ``endgame_share`` of the move's time, the best
    mean move played if all were solved and it wins in some world (search/endgame.py);
    ``final`` the move played: visits (most visited), value (best mean
    reward among moves with at least ``final_share`` of the top visits) or
    secure (mean reward minus 1/sqrt(visits)); ``preset`` where the options
    not given come from (search/presets, with its ``by_budget`` entries;
    ``default`` at the table's player count).
    """

    name = "ismcts"
    options = {k: v[0] for k, v in ISMCTS_SPEC.items()}
    option_meta = spec_meta(ISMCTS_SPEC)

    def __init__(self, seed: Optional[int] = None, **options) -> None:
        super().__init__(seed, **options)
        self._setup(options)

    def _setup(self, options: dict) -> None:
        self.given = dict(options)
        self.opts = check_options(self.name, options, ISMCTS_SPEC)
        # keyed by (game, seats, budget): the preset 'default' stands for can change with the seats
        self._per_game: dict[tuple[str, Optional[int], Optional[int]], dict] = {}
        self._origin: dict[tuple[str, Optional[int], Optional[int]], tuple[str, list[int], Optional[int]]] = {}
        self._search: Any = None
        self._key: Any = None
        self._log = MoveLog()  # the moves told since the last search (tree reuse, search/reuse.py)
        self._pool: Any = getattr(self, "_pool", None)  # search.pool.Pool once workers > 1
        self._solver: Any = None  # search.solver.Solver once an endgame is tried (its table kept)

    def prefer_preset(self, name: str) -> None:
        """Search with preset ``name`` (see search/presets) unless a preset was given."""
        if "preset" not in self.given:
            self._setup({**self.given, "preset": name})

    def options_for(self, game: str, budget: Optional[int] = None, players: Optional[int] = None) -> dict:
        """The options searched with in ``game`` at ``budget`` iterations per decision
        (None: not limited by iterations) at a table of ``players`` seats (None: the
        file's ``default``, not a per-count one): those given explicitly, then the game's
        preset (``preset`` option; ``default`` at that count) with its ``by_budget``
        entries up to ``budget``, then the built-in defaults."""
        key = (game, players, budget)
        if key not in self._per_game:
            from search.presets import budget_steps, default_at, resolve

            name = self.opts["preset"]
            base, steps = budget_steps(game, name, players=players)
            preset = dict(base)
            named = set(base)
            applied = []
            for at, extra in steps:
                named |= set(extra)
                if budget is not None and at <= budget:
                    preset.update(extra)
                    applied.append(at)
            # every entry is checked, not only those this budget reaches: a typo
            # in the 1600 entry must not wait for a 1600-iteration search to show
            unknown = named - set(ISMCTS_SPEC) | ({"preset"} & named)
            if unknown:
                raise BadConfig(f"preset {name!r} of {game} sets an unknown option "
                                f"{sorted(unknown)[0]!r}")
            for at, extra in steps:
                check_options(self.name, {**base, **extra, **self.given}, ISMCTS_SPEC)
            self._per_game[key] = check_options(self.name, {**preset, **self.given}, ISMCTS_SPEC)
            by_count = players if name == "default" and default_at(game, players) is not None else None
            self._origin[key] = (resolve(game, name, players=players), applied, by_count)
        return self._per_game[key]

    def origin(self, game: str, budget: Optional[int] = None,
               players: Optional[int] = None) -> tuple[str, list[int], Optional[int]]:
        """Where :meth:`options_for` took ``(game, budget, players)``'s options from: the
        preset (``none``: built-in), the budgets of the ``by_budget`` entries laid over it,
        and the seat count whose ``default_by_players`` entry chose it (None: it was not
        chosen by the count)."""
        self.options_for(game, budget, players)
        return self._origin[(game, players, budget)]

    def settings(self, game: str, limits: Limits, players: Optional[int] = None) -> SearchSettings:
        # the very dict search() takes from options_for (cached per game, seats and budget), so
        # what debug mode prints is what is searched, never a second computation beside it
        budget = iteration_budget(limits)
        return SearchSettings(self.name, self.options_for(game, budget, players),
                              self.origin(game, budget, players), budget)

    def new_game(self) -> None:
        self._search = None
        self._key = None
        self._log.clear()

    def observe_move(self, state: State, seat: int, move: int) -> None:
        # kept from a search on while its tree is kept: the line from its root is what reuse needs
        self._log.add(state, seat, move)

    def _pool_for(self, game: Any, helpers: int) -> Any:
        """The worker pool, forked at the first parallel search, kept across moves and
        resized to ``helpers``; a different game gets fresh workers (they hold the game)."""
        from search.pool import Pool

        pool = self._pool
        if pool is not None and pool.context is not game and pool.context.key != game.key:
            pool.close()
            pool = None
        if pool is None:
            pool = self._pool = Pool(context=game)
        pool.resize(helpers)
        return pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
            self._pool = None

    def hand_over(self, successor: Player) -> None:
        inner = getattr(successor, "inner", successor)
        if isinstance(inner, IsmctsPlayer) and inner._pool is None:
            inner._pool, self._pool = self._pool, None
        self.close()

    # -- the search ---------------------------------------------------------
    def search(self, view: State, seat: int, limits: Limits, on_info: Optional[InfoCallback],
               stop: threading.Event) -> SearchInfo:
        if view.is_terminal():
            raise SearchError("the game is over")
        start = time.perf_counter()
        iters, deadline, nodes = plan(limits, seat, view.players, start, view)
        o = self.opts = self.options_for(view.game.name, iters, view.players)
        seed = self.rng.next64()
        if o["endgame"] and not limits.infinite:
            if self._solver is None:
                from search.solver.solve import Solver

                self._solver = Solver("win", ENDGAME_MB)
            eg, spent = solve_endgame(view, seat, o, seed ^ ENDGAME_SALT, self._solver,
                                      endgame_deadline(start, deadline, o["endgame_share"]), stop,
                                      limits.searchmoves, nodes)
            if eg is not None:
                info = endgame_info(eg, seat, time.perf_counter() - start)
                if on_info is not None:
                    on_info(info)
                return info
            if nodes is not None:
                nodes = max(1, nodes - spent)
        # the tree's root; the reports read the seat's own position (step_start: the others'
        # choices at the root step are not playable there)
        root = step_start_view(view, seat) if o["step_start"] else view
        s = self._tree_for(root, seat, limits.searchmoves is None)
        s.set_root_mask(limits.searchmoves)
        rng = core.rng_for(view.game.kernel, seed)
        fix_worlds(s, root, seat, o, rng)
        base_nodes = s.node_visits_total  # a reused tree carries its earlier visits
        last = [start]
        interval = limits.info_interval

        def tick(done: int) -> None:
            now = time.perf_counter()
            if on_info is not None and now - last[0] >= interval:
                last[0] = now
                on_info(self._info(s, seat, view, done, now - start, s.node_visits_total - base_nodes,
                                   allowed=limits.searchmoves, multipv=limits.multipv))

        helpers = o["workers"] - 1
        if helpers:
            pool = self._pool_for(view.game, helpers)
            job = (root.buf, isinstance(root, OpenState), seat, o, iters, deadline, nodes, seed, limits.searchmoves)
            pool.start(pooled_work, [job] * helpers)
            try:
                done = core.run_chunked(s, rng, share(iters, helpers + 1, 0), deadline,
                                        share(nodes, helpers + 1, 0), stop, tick)
            except BaseException:
                pool.stop()
                pool.collect()
                raise
            extra, h_iters, h_nodes = merge_helpers(pool.collect(stop))
        else:
            self.close()  # workers=1 now: a handed-over pool's workers are not needed
            done = core.run_chunked(s, rng, iters, deadline, nodes, stop, tick)
            extra, h_iters, h_nodes = None, 0, 0
        info = self._info(s, seat, view, done + h_iters, time.perf_counter() - start,
                          s.node_visits_total - base_nodes + h_nodes, extra, limits.searchmoves, limits.multipv)
        if on_info is not None:
            on_info(info)
        return info

    def _tree_for(self, view: State, seat: int, reusable: bool = True) -> Any:
        """The tree to search ``view`` with; ``reusable=False`` (a ``searchmoves`` search,
        whose root statistics must hold only the allowed moves) builds a fresh one."""
        o = self.opts
        # every option in the key: a budget entry may change c between decisions
        key = (id(view.game), seat, tuple(sorted(o.items())))
        s = self._search
        keep = o["reuse"] and not isinstance(view, OpenState)
        if keep and reusable and s is not None and self._key == key and s.node_count() * 2 < o["max_nodes"]:
            roots = None
            if o["tree"] == "so" and o["keys"] == "view":
                # a node found by view hash is the new root only where nodes are whole
                # information sets (keys=view); a moves-keyed node mixes many views
                node = s.find_node(select.load("ismcts").view_hash(view.buf, s.size))
                roots = [node] if node >= 0 else None
            elif o["tree"] in ("so", "mo"):
                # along the moves told since (MO keyed by views: the seat's own tree only)
                roots = new_roots(s, seat, self._log, view)
            if roots is not None:
                s.reroot_trees(roots)
                s.set_root(view.buf, True)
                self._log.start(*log_root(self._log, view, seat))
                return s
        s = build_search(view, seat, o)
        self._search, self._key = (s, key) if keep else (None, None)
        if keep:
            self._log.start(*log_root(self._log, view, seat))
        else:
            self._log.clear()
        return s

    def _info(self, s: Any, seat: int, view: State, done: int, elapsed: float, nodes: int,
              extra: Optional[dict] = None, allowed: Optional[list[int]] = None,
              multipv: int = 1) -> SearchInfo:
        stats = root_stats(s, seat)
        if extra:
            for m, (v, w, c, vec) in extra.items():
                a = stats.setdefault(m, [0, 0.0, 0, [0.0] * view.players])
                a[0] += v
                a[1] += w
                a[2] += c
                a[3] = [x + y for x, y in zip(a[3], vec)]
        moves = []
        for m, (v, w, c, vec) in sorted(stats.items()):
            moves.append(MoveStat(m, v, [x / c for x in vec] if c else []))
        legal = view.legal_moves(seat) if allowed is None else allowed
        best = pick_best(stats, legal, self.opts["final"], self.opts["final_share"])
        count = s.node_count()
        lines = {}
        if multipv > 1:
            for m in sorted(stats, key=lambda mv: (-stats[mv][0], mv))[:multipv]:
                lines[m] = principal_variation(s, seat, m, view=view)
        return SearchInfo(iterations=done, nodes=nodes, elapsed=elapsed,
                          ips=done / elapsed if elapsed > 0 else 0.0, moves=moves,
                          pv=lines.get(best) or principal_variation(s, seat, best, view=view), best=best,
                          tree_nodes=count, tree_full=min(1000, count * 1000 // max(1, s.max_nodes)),
                          lines=lines)


def step_start_view(view: State, seat: int) -> State:
    """``step_start``: a seat deciding inside a simultaneous step after others' hidden choices
    searches from its view at the step's start, those seats choosing again in the tree by their
    own statistics (as the first seat of the step sees them), where the kernel can undo them
    (``clear_choices``: Between Two Cities' draft, City and Guilds' setup discard; Guildes'
    worlds always clear them); else ``view``."""
    clear = getattr(view.game.kernel, "clear_choices", None)
    if clear is None or isinstance(view, OpenState):
        return view
    start = view.clone()
    return start if clear(start.buf, seat) else view


def build_search(view: State, seat: int, o: dict) -> Any:
    """A fresh search for ``view``; an :class:`OpenState` (omniscient analysis) is
    searched as the full state it is: no determinization, every move visible."""
    omni = isinstance(view, OpenState)
    # det: the omniscient tree over a world determinized anew each iteration
    tree = "omni" if omni or o["tree"] == "det" else o["tree"]
    s = core.make_search(view, seat, tree=tree, exploration=o["exploration"],
                         reward=o["reward"], rollout=o["rollout"], epsilon=o["epsilon"], cutoff=o["cutoff"], horizon=o["horizon"], bias=o["bias"],
                         greedy_seats=o["greedy_seats"], max_nodes=o["max_nodes"], impl=o["impl"], determinize=not omni, keys=o["keys"], reveal=o["reveal"],
                         expand_after=o["expand_after"], fpu=math.inf if o["fpu"] == "off" else o["fpu"])
    return s


def iteration_budget(limits: Limits) -> Optional[int]:
    """The iteration limit of a search under ``limits`` (None: not limited by iterations);
    with no limit at all, :data:`DEFAULT_ITERATIONS`.  Presets choose their ``by_budget``
    entries by it."""
    if limits.infinite:
        return None
    if limits.iterations is None and limits.nodes is None and limits.movetime is None and limits.clock is None:
        return DEFAULT_ITERATIONS
    return limits.iterations


def plan(limits: Limits, seat: int, players: int, start: float, view: Optional[State] = None):
    """``(iterations, deadline, node visits)`` for this move; the first reached stops.  Under a
    clock, ``view`` (the seat's) lets the budget count the seat's decisions to come."""
    iters, nodes = iteration_budget(limits), limits.nodes
    deadline = None
    budget = limits.movetime
    if limits.clock is not None:
        if len(limits.clock) != players or (limits.increment is not None and len(limits.increment) != players):
            raise BadConfig(f"clock and increment need one value per seat ({players})")
        inc = limits.increment[seat] if limits.increment is not None else 0.0
        t = clock_budget(limits.clock[seat], inc, view, seat)
        budget = t if budget is None else min(budget, t)
    if budget is not None:
        deadline = start + budget
    if limits.infinite:
        return None, None, None
    return iters, deadline, nodes


def root_stats(s: Any, seat: int) -> dict:
    """Per root move of ``seat``: [visits, own value sum, this search's count, reward vector sum]."""
    root = s.get_roots()[seat if s.mode == core.TREE_MODES["mo"] else 0]
    out = {}
    for m, v, w in s.seat_edges(root, seat):
        c, vec = s.root_vector(m)
        out[m] = [v, w, c, [x * c for x in vec]]
    return out


def pick_best(stats: dict, legal: list[int], final: str = "visits", share: float = 0.5) -> int:
    """The move to play from root ``stats`` (move -> [visits, own value sum, ...]):
    ``visits`` most visits, ties by mean own value; ``value`` best mean own value
    among moves with at least ``share`` times the top visit count (and one visit);
    ``secure`` best mean own value minus 1 / sqrt(visits) (rewards are in [0, 1]).
    Remaining ties go to more visits, then the earliest move in ``legal`` (the
    lowest, as kernels list them); a legal move is returned even when none was
    visited."""
    seen = [(m, stats[m][0], stats[m][1] / stats[m][0]) for m in legal if m in stats and stats[m][0] > 0]
    if not seen:
        return legal[0]
    if final == "visits":
        score = {m: (v, mean) for m, v, mean in seen}
    elif final == "value":
        top = max(v for _m, v, _mean in seen)
        score = {m: (mean, v) for m, v, mean in seen if v >= max(1.0, share * top)}
    elif final == "secure":
        score = {m: (mean - 1.0 / math.sqrt(v), v) for m, v, mean in seen}
    else:
        raise BadConfig(f"final must be one of {', '.join(FINAL_MODES)}, not {final!r}")
    best = legal[0]
    for m in legal:  # in legal order, so a full tie keeps the earliest legal move
        if m in score and (best not in score or score[m] > score[best]):
            best = m
    return best


def principal_variation(s: Any, seat: int, best: int, limit: int = 12,
                        view: Optional[State] = None) -> list[tuple[int, int]]:
    """The line after root move ``best``: ``best``, then at each step each acting seat's most
    visited edge, following the most visited child (MO: in every seat's tree at once, the
    trees going down one level per step, each seat's edges read in its own tree).  Given the
    root ``view``, the first step follows the most visited child reached *with* ``best``
    (:func:`child_after`), so each root move gets its own line (MultiPV); a tree whose child
    cannot be told apart drops out of the line, and so does, at the first step, a seat that is
    not to move in ``view`` (a rival whose hidden choice is already made)."""
    mo = s.mode == core.TREE_MODES["mo"]
    roots = s.get_roots()
    cur = {t: roots[t] for t in (range(len(roots)) if mo else [0])}
    pv: list[tuple[int, int]] = []
    first = True
    while len(pv) < limit:
        step: dict[int, tuple[int, int]] = {}
        for t, node in cur.items():
            if node < 0:
                continue
            for st, m, v, _w in s.edges_of(node):
                if (not mo or st == t) and v > step.get(st, (-1, 0))[0]:
                    step[st] = (v, m)
        if not step:
            break
        if first:
            step[seat] = (0, best)
            if view is not None:
                # a rival whose hidden choice at this step is already made has edges here (each
                # world's sampled choice), but no move left to play in the seat's position
                acting = view.to_move()
                step = {st: e for st, e in step.items() if st in acting}
        pv.extend((st, step[st][1]) for st in sorted(step))
        for t, node in list(cur.items()):
            if node < 0:
                continue
            if first and view is not None:
                cur[t] = child_after(s, roots[t], t if mo else seat, seat, best, view)
            else:
                kids = s.children_of(node)
                cur[t] = max(kids, key=lambda cv: cv[1])[0] if kids else -1
        first = False
    return pv[:limit]


MAX_JOINT = 4096  # joint root steps tried when looking for a root move's children


def child_after(s: Any, root: int, owner: int, seat: int, move: int, view: State) -> int:
    """The most visited child of ``root`` (a root of ``owner``'s tree) that the search
    reached with ``seat`` playing ``move``, or -1 if it cannot be told.

    A child's key folds what the tree's owner observed of each acting seat's move
    (``cython_ext/ismcts.py``, ``iterate``): the owner's own move itself, another seat's
    ``observed_move`` code.  The keys of ``move`` with each combination of the other
    seats' root edges are rebuilt and looked up.  Trees keyed by view hashes
    (``keys=view``) or folding chance (omniscient) cannot be rebuilt this way, nor a
    step whose hidden moves the kernel reveals at its end (``Search.reveal``)."""
    if s.view_keys or s.mode == core.TREE_MODES["omni"]:
        return -1
    k = view.game.kernel
    mo = s.mode == core.TREE_MODES["mo"]
    roots = s.get_roots()
    acting = view.to_move()
    codes: list[list[int]] = []
    for st in acting:
        if st == seat:
            moves = [move]
        else:  # that seat's edges only: a root holds thousands (edges_of, sorted: milliseconds)
            moves = [m for m, _v, _w in s.seat_edges(roots[st] if mo else root, st)]
        try:
            codes.append(sorted({m if st == owner else int(k.observed_move(view.buf, st, m, owner))
                                 for m in moves}))
        except Exception:  # noqa: BLE001 - a view may not answer for a hidden move
            return -1
        if not codes[-1]:
            return -1
        if s.reveal and st != owner and codes[-1] != sorted(set(moves)):
            return -1  # re-keyed by what the step's end revealed (revealed_move): not rebuilt here
    if math.prod(len(c) for c in codes) > MAX_JOINT:
        return -1
    visits = dict(s.children_of(root))
    best, bv = -1, -1
    for combo in itertools.product(*codes):
        key = 0
        for st, code in zip(acting, combo):
            key = fold(key, st, code)
        c = s.child_of(root, key)
        if c >= 0 and visits.get(c, 0) > bv:
            best, bv = c, visits.get(c, 0)
    return best


# -- the worlds searched -------------------------------------------------------
INFER_WORLDS = 128  # worlds drawn and resampled under ``infer`` when ``fixed_worlds`` is 0


def fix_worlds(s: Any, view: State, seat: int, opts: dict, rng: Any) -> None:
    """Fix the tree's worlds for this search: ``fixed_worlds`` of them drawn from the view (0:
    none, a world drawn anew each iteration).  With ``infer`` > 0 in a game with a model of the
    others' choices (``Game.infers``), that many worlds (:data:`INFER_WORLDS` when 0) are drawn
    and then resampled, with replacement, in proportion to their likelihood raised to ``infer``
    (``Game.world_log_weights`` times ``infer``): the search plays the worlds the others' play
    makes likely.  An omniscient search has one world and nothing to infer."""
    count = opts["fixed_worlds"]
    infer = opts["infer"] > 0 and view.game.infers and not isinstance(view, OpenState)
    if infer and count == 0:
        count = INFER_WORLDS
    if s.fix_worlds(count, rng) and infer:
        worlds = s.pool_np
        worlds[:] = worlds[resample(opts["infer"] * view.game.world_log_weights(worlds, seat), rng)]


def resample(log_weights: Any, rng: Any) -> Any:
    """Systematic resampling: ``len(log_weights)`` indices, each drawn about ``len * w / sum(w)``
    times, from one uniform draw of ``rng`` (a kernel Rng).

    >>> from search import core
    >>> import numpy as np
    >>> resample(np.array([-50.0, 0.0, np.log(3.0)]), core.rng_for(None, 1)).tolist()
    [1, 2, 2]
    """
    w = np.exp(log_weights - np.max(log_weights))
    edges = np.cumsum(w)
    n = len(w)
    start = rng.below(1 << 30) / float(1 << 30)
    idx = np.searchsorted(edges / edges[-1], (start + np.arange(n)) / n, side="right")
    return np.minimum(idx, n - 1)


# -- root parallelism ----------------------------------------------------------
def worker_seed(seed: int, i: int) -> int:
    return (seed + 0x9E3779B97F4A7C15 * (i + 1)) & ((1 << 64) - 1)


def share(budget: Optional[int], parts: int, index: int) -> Optional[int]:
    """Process ``index``'s part of an iteration or node budget split ``parts`` ways."""
    if budget is None:
        return None
    return budget // parts + (1 if index < budget % parts else 0)


def helper_work(view: State, seat: int, opts: dict, iters: Optional[int], deadline: Optional[float],
                nodes: Optional[int], seed: int, searchmoves: Optional[list[int]] = None):
    """What helper ``i`` runs in its process: a fresh tree with a derived seed, its share of the
    budgets and the same deadline (``perf_counter`` is the system's monotonic clock)."""
    parts = opts["workers"]

    def work(i: int, stop: Any) -> dict:
        s = build_search(view, seat, opts)
        s.set_root_mask(searchmoves)
        rng = core.rng_for(view.game.kernel, worker_seed(seed, i))
        fix_worlds(s, view, seat, opts, rng)
        core.run_chunked(s, rng, share(iters, parts, i + 1), deadline, share(nodes, parts, i + 1), stop)
        return {"stats": root_stats(s, seat), "iterations": int(s.iterations),
                "nodes": s.node_visits_total}

    return work


def pooled_work(game: Any, i: int, stop: Any, buf: Any, open_state: bool, seat: int, opts: dict,
                iters: Optional[int], deadline: Optional[float], nodes: Optional[int], seed: int,
                searchmoves: Optional[list[int]]) -> dict:
    """A pool worker's part of a move (``search.pool``): :func:`helper_work` on the view
    rebuilt from its buffer -- all a worker is sent of the position."""
    view = OpenState(game, buf) if open_state else State(game, buf)
    return helper_work(view, seat, opts, iters, deadline, nodes, seed, searchmoves)(i, stop)


def merge_helpers(results: list) -> tuple[dict, int, int]:
    """The helpers' root statistics summed, with their iteration and node-visit totals."""
    merged: dict = {}
    iters = nodes = 0
    for kind, value in results:
        if kind != "ok":
            raise SearchError(f"search worker failed: {value}")
        iters += value["iterations"]
        nodes += value["nodes"]
        for m, (v, w, c, vec) in value["stats"].items():
            a = merged.setdefault(m, [0, 0.0, 0, [0.0] * len(vec)])
            a[0] += v
            a[1] += w
            a[2] += c
            a[3] = [x + y for x, y in zip(a[3], vec)]
    return merged, iters, nodes


register_player(IsmctsPlayer)
