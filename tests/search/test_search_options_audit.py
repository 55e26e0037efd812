"""An audit of the ISMCTS options every shipped default sets and tests/search/test_ismcts_audit.py
did not cover, against their documentation (search/ismcts.py, search/core.py,
cython_ext/rollout_policy.py, cython_ext/kernel.py ``egreedy_move``, docs/kernels.md "optional
hooks", docs/strength.md "The tools" and "Levers", docs/protocol.md, the presets' ``how``).

What is pinned, from what the search exposes (the tree's ``edges_of``/``availability_of``/
``children_of``/``child_of``, the root report ``root_vector``, the worlds ``pool_np``, the
search's ``rollout_fn`` called from Python with the search's generator, whose ``state`` is
public) and the kernels' own rules:

* tree reuse (``reuse``, effective with ``tree=so keys=view`` only): between two searches of a
  seat in a real game, the new root is exactly the old tree's node reached by the steps played
  as the seat observed them (its own moves, ``observed_move`` codes of the others', then its
  view hash), every statistic of that subtree as the last search left it, the dropped
  branches gone from the arena (compacted: cython_ext/tree_compact.py) and the root report
  this search's own; a fresh tree when that
  node is missing, for a new game, when the options change (a ``by_budget`` entry) or when the
  old tree holds half of ``max_nodes``; every shipped default (``keys=moves``, MO or ``det``)
  builds a fresh tree at every decision when the player is not told the moves played (trees
  keyed by moves follow the moves told: tests/search/test_tree_reuse_moves.py, test_tree_reuse_policy.py);
* epsilon-greedy rollouts: each rollout of the search, replayed draw for draw from its
  generator's state, is the documented rule (lone move without a draw; ``random() < epsilon``
  then ``below(n)`` over the legal list; else a best ``move_values`` move, ties by
  ``below(ties)`` in list order) in Guildes, City and Guilds and The Walled City; in Between
  Two Cities (whose ``egreedy_move`` draws differently, docs/kernels.md) each rollout is the
  kernel's ``egreedy_move`` for every seat, and that move's distribution on fixed positions is
  ``epsilon / n`` on every legal move plus ``(1 - epsilon) / |best|`` on the best valued
  (chi-square bound, fixed seeds);
* ``cutoff``: 0 plays every rollout to the end; N > 0 stops it after N decisions (chance not
  counted) and backs up exactly the documented reward of the state reached;
  ``greedy_seats``: ``own`` is the searching seat at ``epsilon``, the others at 1;
* ``tree=det`` with ``fixed_worlds=8`` (Between Two Cities 3p at a time or node limit): the 8
  worlds drawn once from the seat's view with the search's generator, iteration i searching
  world ``i % 8`` in one tree keyed by every move of that world; at an iteration budget the
  SO tree without fixed worlds;
* ``by_budget`` resolution of every shipped default (``expand_after`` 1000/256/64 at a time
  limit and 1 at any budget, c, ``greedy_seats``, the det tree), both in ``options_for`` and
  in the search the player builds, and the presets' "exactly X at any iteration budget".
"""
import json
import os

import numpy as np
import pytest

import engine
import search.ismcts as ismcts_module
from cython_ext import select
from engine.core import CHANCE, State, make_rng, returns_from
from search import core
from search.api import Limits, make_player
from search.ismcts import ISMCTS_SPEC, check_options
from tests.search.helpers import COMPILED, kernel_decisions, random_decision
from tests.search.test_ismcts_audit import Stepper, snap

Rng = select.load("kernel").Rng
FOLD = select.twins("ismcts")[1].fold
MIX64 = select.twins("tree_hash")[1].mix64
VIEW_HASH = select.twins("tree_hash")[1].view_hash
PRESETS = os.path.join(os.path.dirname(core.__file__), "presets")
ITERS = 100 if COMPILED else 30


# -- capturing the player's searches ----------------------------------------------------------
class Recorder:
    """Stands in for a search's ``rollout_fn``: each rollout's world before, the generator's
    state before, the world after and the state after (the loop calls it from Python)."""

    def __init__(self, real):
        self.real, self.log = real, []

    def __call__(self, buf, rng):
        state, before = rng.state, buf.copy()
        self.real(buf, rng)
        self.log.append((before, state, buf.copy(), rng.state))


@pytest.fixture
def built(monkeypatch):
    """Every search the ISMCTS player builds, its rollouts recorded."""
    out = []
    real = ismcts_module.build_search

    def build(*a):
        s = real(*a)
        if s.rollout_fn is not None:
            s.rollout_fn = Recorder(s.rollout_fn)
        out.append(s)
        return s

    monkeypatch.setattr(ismcts_module, "build_search", build)
    return out


# -- the documented rollout rules ---------------------------------------------------------------
def play_out(k, buf, rng, eps, own, cutoff, pick):
    """A rollout: at each decision every acting seat picks on the same state, ``pick(s, e)``
    at ``eps`` for ``own`` (every seat when ``own`` < 0) and at 1 for the others; chance drawn
    with ``sample_chance``; with ``cutoff`` > 0 it stops before decision ``cutoff + 1``.
    Returns the decisions played."""
    seats = np.zeros(k.players + 1, np.intc)
    done = 0
    while True:
        n = k.to_move(buf, seats)
        if n == 0:
            return done
        if seats[0] < 0:
            k.apply(buf, CHANCE, k.sample_chance(buf, rng))
            continue
        if 0 < cutoff <= done:
            return done
        acting = [int(x) for x in seats[:n]]
        picks = [pick(s, eps if own < 0 or s == own else 1.0) for s in acting]
        for s, m in zip(acting, picks):
            k.apply(buf, s, m)
        done += 1


def rule_rollout(k, buf, rng, eps, own=-1, cutoff=0, seen=None):
    """The epsilon-greedy rollout as documented (cython_ext/rollout_policy.py, kernel.py
    ``egreedy_move``), from the kernel's rules and ``move_values`` only (:func:`play_out`): a
    lone legal move with no draw, else ``random() < eps`` (no draw at 0 or 1) for
    ``below(n)`` over the legal list, else a move of highest value, ties by ``below(ties)`` in
    list order.  ``seen`` counts the branches."""
    moves, vals = np.zeros(max(k.max_moves, 1), np.intc), np.zeros(max(k.max_moves, 1))
    return play_out(k, buf, rng, eps, own, cutoff, lambda s, e: rule_pick(k, buf, s, rng, e, moves, vals, seen))


def rule_pick(k, buf, s, rng, e, moves, vals, seen=None):
    """Seat ``s``'s move by the rule (:func:`rule_rollout`) at epsilon ``e``."""
    nl = k.legal(buf, s, moves)
    legal = [int(x) for x in moves[:nl]]
    kind = "lone"
    if nl == 1:
        pick = legal[0]
    elif e >= 1.0 or (e > 0.0 and rng.random() < e):
        pick = legal[rng.below(nl)]
        kind = "random"
    else:
        assert k.move_values(buf, s, moves, nl, vals) != 0  # every game has a heuristic
        v = [float(x) for x in vals[:nl]]
        ties = [i for i in range(nl) if v[i] == max(v)]
        pick = legal[ties[rng.below(len(ties))]] if len(ties) > 1 else legal[ties[0]]
        kind = "ties" if len(ties) > 1 else "greedy"
    if seen is not None:
        seen[kind] = seen.get(kind, 0) + 1
    return pick


def kernel_rollout(k, buf, rng, eps, own=-1, cutoff=0):
    """The rollout as the policy asks a kernel without pointer steps for it (Between Two
    Cities): ``egreedy_move`` for each acting seat (:func:`play_out`)."""
    moves, vals = np.zeros(max(k.max_moves, 1), np.intc), np.zeros(max(k.max_moves, 1))
    return play_out(k, buf, rng, eps, own, cutoff, lambda s, e: int(k.egreedy_move(buf, s, rng, e, moves, vals)))


def replays(log, k, rollout, *args):
    """How many recorded rollouts ``rollout(k, buf, Rng(state), *args)`` reproduces exactly:
    the same world after it and the same generator state (every draw made as recorded)."""
    same = 0
    for before, state, after, state_after in log:
        b, r = before.copy(), Rng(state)
        rollout(k, b, r, *args)
        same += bool((b == after).all() and r.state == state_after)
    return same


# -- 1: tree reuse ------------------------------------------------------------------------------
DEFAULT_TABLES = [("guildes", 4), ("guildes", 6), ("between_two_cities", 3),
                  ("between_two_cities", 4), ("between_two_cities", 5), ("between_two_cities", 6),
                  ("between_two_cities", 7), ("city_and_guilds", 4), ("city_and_guilds", 5),
                  ("walled_city", 2), ("walled_city", 3), ("walled_city", 4)]


@pytest.mark.parametrize("limits", [Limits(iterations=8 if COMPILED else 3), Limits(nodes=40 if COMPILED else 12)],
                         ids=["iterations", "nodes"])
def test_every_shipped_default_untold_the_moves_builds_a_fresh_tree_at_every_decision(built, limits):
    """search/ismcts.py: a tree keyed by moves is followed along the moves the player is told
    (``observe_move``); a view-keyed SO tree by view hash.  Every default sets ``reuse: true``
    and none is view-keyed SO (keys by moves, MO trees, or ``det``), so a player told nothing
    searches a new tree at each decision of its seat."""
    for game, players in DEFAULT_TABLES:
        p = make_player("ismcts", seed=1)
        o = p.options_for(game, limits.iterations, players)
        assert o["reuse"] is True and (o["tree"] != "so" or o["keys"] != "view"), (game, players)
        st = engine.make(game, players=players, seed=2)
        rng = make_rng(2)
        before = len(built)
        searched = 0
        while searched < 2 and not st.is_terminal():
            tm = st.to_move()
            if tm == (CHANCE,):
                st.apply(CHANCE, st.sample_chance(rng))
                continue
            picks = []
            for x in tm:
                mv = st.legal_moves(x)
                if x == 0 and len(mv) > 1:
                    picks.append((x, p.choose(st, 0, limits)))
                    searched += 1
                else:
                    picks.append((x, mv[rng.below(len(mv))]))
            for x, m in picks:
                st.apply(x, m)
        mine = built[before:]
        assert len(mine) == 2 and mine[0] is not mine[1], (game, players)


def subtree(s, node):
    """``(visits, edges, availabilities, [(key, subtree)] by key)`` of ``node`` and below: what
    the tree holds there, whatever the node ids (a kept tree is compacted)."""
    kids = sorted((s.key_of(c), subtree(s, c)) for c, _v in s.children_of(node))
    return (s.node_info(node)[0], s.edges_of(node), s.availability_of(node), kids)


def size(sub):
    return 1 + sum(size(k) for _key, k in sub[3])


def node_after(s, start, steps, seat):
    """The node of ``s``'s (SO) tree the steps played from the full state ``start`` lead to, as
    ``seat`` observed them (cython_ext/ismcts.py ``iterate``: each step's moves folded as
    ``(actor, move if actor is seat else observed_move)`` in order, each code read before that
    move is applied, chance applied, then with ``keys=view`` the hash of the seat's view); -1
    where the tree lacks a node of the path."""
    k = start.game.kernel
    world = start.buf.copy()
    cur = s.get_roots()[0]
    for moves, chances in steps:
        key = 0
        for actor, m in moves:
            key = FOLD(key, actor, m if actor == seat else int(k.observed_move(world, actor, m, seat)))
            k.apply(world, actor, m)
        for o in chances:
            k.apply(world, CHANCE, o)
        if s.view_keys:
            seen = world.copy()
            k.observe(seen, seat)
            key = MIX64(key ^ VIEW_HASH(seen, s.size))
        cur = s.child_of(cur, key)
        if cur < 0:
            return -1
    return cur


def walk_with_reuse(game, players, seed, p, seat, limits_of, searches, monkeypatch):
    """Play ``game``: ``seat`` by player ``p`` (its d-th search under ``limits_of(d)``), the
    others at random.  At every search after the first, check what the player searched: the
    old tree rerooted at :func:`node_after` with every statistic unchanged, or a fresh tree,
    as the documented conditions say.  Returns the count of each case."""
    caught = []
    real = core.run_chunked

    def run_chunked(search, *a, **kw):
        caught.append((search, subtree(search, search.get_roots()[0]), search.node_count()))
        return real(search, *a, **kw)

    monkeypatch.setattr(core, "run_chunked", run_chunked)
    st = engine.make(game, players=players, seed=seed)
    rng = make_rng(seed)
    prev = None  # (search, full state at its decision, options, steps played since)
    seen = {"kept": 0, "path_missing": 0, "options_changed": 0, "tree_full": 0, "first": 0, "deepest": 0}
    d = 0
    while not st.is_terminal() and d < searches:
        tm = st.to_move()
        if tm == (CHANCE,):
            o = st.sample_chance(rng)
            st.apply(CHANCE, o)
            if prev is not None and prev[3]:
                prev[3][-1][1].append(o)
            continue
        picks = []
        if seat in tm and len(st.legal_moves(seat)) > 1:
            limits = limits_of(d)
            opts = p.options_for(game, ismcts_module.iteration_budget(limits), players)
            want = -1
            if prev is not None:
                old = prev[0]
                want = node_after(old, prev[1], prev[3], seat)
                kept_before = subtree(old, want) if want >= 0 else None
                old_count = old.node_count()
            m = p.choose(st, seat, limits)
            iters = p.last_info.iterations
            s, start, arena_nodes = caught[-1]
            if prev is None:
                case = "first"
            elif want < 0:
                case = "path_missing"
            elif prev[2] != opts:
                case = "options_changed"
            elif old_count * 2 >= opts["max_nodes"]:
                case = "tree_full"
            else:
                case = "kept"
            seen[case] += 1
            if case == "kept":
                seen["deepest"] = max(seen["deepest"], len(prev[3]))  # tree levels between the roots
                assert s is old and s.get_roots()[0] == 0, (d, want, s.get_roots())
                assert start == kept_before, d  # the subtree exactly as the last search left it
                assert arena_nodes == size(kept_before) < old_count, d  # and nothing else
                legal = st.legal_moves(seat)
                assert sum(s.root_vector(mv)[0] for mv in legal) == iters  # this search's report
                assert sum(x.visits for x in p.last_info.moves) == \
                    iters + sum(v for (x, _mv), (v, _w, _a) in snap_root(kept_before, seat).items())
            else:
                assert prev is None or s is not prev[0], (d, case)
                assert start == (0, [], [], []), (d, case)  # a new tree: its root alone
            picks.append((seat, m))
            prev = (s, st.clone(), opts, [])
            d += 1
        for x in tm:
            if not (x == seat and picks):  # the others, and the seat where it was not searched
                mv = st.legal_moves(x)
                picks.append((x, mv[rng.below(len(mv))]))
        picks.sort(key=lambda xm: tm.index(xm[0]))
        for x, m in picks:
            st.apply(x, m)
        if prev is not None:
            prev[3].append((picks, []))
    return seen


def snap_root(sub, seat):
    """``(seat, move) -> (visits, value, availability)`` of ``seat``'s edges at the root of a
    :func:`subtree` snapshot."""
    av = {(x, m): a for x, m, a in sub[2]}
    return {(x, m): (v, w, av[(x, m)]) for x, m, v, w in sub[1] if x == seat}


# (game, players, seed, the deepest kept root at least: tree levels between two searches)
REUSE_GAMES = [("walled_city", 3, 1, 3 if COMPILED else 1), ("guildes", 3, 1, 3), ("city_and_guilds", 3, 1, 1),
               ("between_two_cities", 3, 1, 1)]


@pytest.mark.parametrize("game,players,seed,depth", REUSE_GAMES if COMPILED else REUSE_GAMES[:2])
def test_a_kept_tree_is_the_subtree_of_the_steps_played_as_the_seat_observed_them(game, players, seed, depth,
                                                                                    monkeypatch):
    """``tree=so keys=view`` (the textbook's keys, as the Walled City preset ``textbook-reuse``):
    in a real game, each search of seat 0 is either the old tree rerooted at exactly the node of
    the steps actually played (nothing of the branches that did not happen, statistics
    unchanged) or, where the tree has no such node, a fresh one."""
    p = make_player("ismcts", seed=seed, tree="so", keys="view")
    seen = walk_with_reuse(game, players, seed, p, 0, lambda d: Limits(iterations=ITERS), 60 if COMPILED else 12,
                           monkeypatch)
    assert seen["kept"] >= 3 and seen["path_missing"] >= 1 and seen["deepest"] >= depth, seen
    assert seen["options_changed"] == seen["tree_full"] == 0


def test_a_fresh_tree_when_the_options_change_or_the_tree_is_half_full(monkeypatch):
    """Options by budget: City and Guilds' default expands at 64 visits at a node limit and at 1
    from any iteration budget; every option is in the tree's key, so a search whose options
    differ from the last one's starts afresh even where the old tree holds the node.  A tree of
    half ``max_nodes`` or more is not kept either."""
    alternate = lambda d: (Limits(iterations=ITERS), Limits(nodes=4 * ITERS))[d % 2]  # noqa: E731
    p = make_player("ismcts", seed=2, tree="so", keys="view")
    seen = walk_with_reuse("city_and_guilds", 3, 2, p, 0, alternate, 40 if COMPILED else 12, monkeypatch)
    assert seen["options_changed"] >= 2 and seen["kept"] == 0, seen
    p = make_player("ismcts", seed=1, tree="so", keys="view", max_nodes=3 * ITERS)
    seen = walk_with_reuse("walled_city", 3, 1, p, 0, lambda d: Limits(iterations=ITERS), 60 if COMPILED else 14,
                           monkeypatch)
    assert seen["tree_full"] >= 1 and seen["kept"] >= 1, seen


def test_a_new_game_starts_a_fresh_tree(built):
    """A new game of the same ``Game`` object (the tree's key names the game object, the seat and
    the options, so only the view can tell): its first decision is in no old tree, told with
    ``new_game`` or not."""
    g = engine.make_game("walled_city", 3, ())
    p = make_player("ismcts", seed=3, tree="so", keys="view")
    for told in (False, True):
        for seed in (4, 5, 6):
            st = random_decision(g.new_initial_state(seed), seed, 0)
            seat = st.to_move()[0]
            n = len(built)
            p.choose(st, seat, Limits(iterations=ITERS))
            assert len(built) == n + 1 and p._search is built[-1], (told, seed)
            if told:
                p.new_game()
                assert p._search is None


# -- 2: epsilon-greedy rollouts ---------------------------------------------------------------------
@pytest.mark.parametrize("game,players,plies,opts", [
    ("guildes", 4, 5, {}),  # the default: MO, egreedy at 0.3
    ("guildes", 4, 30, {}),
    ("city_and_guilds", 4, 10, {"rollout": "egreedy"}),
    ("walled_city", 3, 10, {"rollout": "egreedy", "epsilon": 0.25}),
])
def test_the_searchs_rollouts_are_the_documented_epsilon_greedy_rule_draw_for_draw(built, game, players, plies,
                                                                                 opts):
    """Guildes, City and Guilds (pointer steps: the base's ``c_egreedy``) and The Walled City (the
    base's ``egreedy_move``): every rollout the player's search plays is :func:`rule_rollout` at
    the options' epsilon from the same generator state, and with ``cutoff`` 0 it ends the game."""
    st = random_decision(engine.make(game, players=players, seed=3), 3, plies)
    seat = st.to_move()[0]
    p = make_player("ismcts", seed=5, **opts)
    p.choose(st, seat, Limits(iterations=ITERS))
    o, s = p.opts, built[-1]
    rec, k = s.rollout_fn, st.game.kernel
    assert o["rollout"] == "egreedy" and o["cutoff"] == 0 and o["greedy_seats"] == "all"
    assert (rec.real.epsilon, rec.real.cutoff, rec.real.own) == (o["epsilon"], 0, -1)
    assert len(rec.log) == ITERS
    seen = {}
    assert replays(rec.log, k, rule_rollout, o["epsilon"], -1, 0, seen) == ITERS
    assert all(k.to_move(after, np.zeros(players + 1, np.intc)) == 0 for _b, _s, after, _t in rec.log)
    assert min(seen.get(x, 0) for x in ("random", "greedy", "ties")) > 0, seen  # every branch met
    # the rule at another epsilon is not what was played (the test can tell)
    assert replays(rec.log[:5], k, rule_rollout, min(1.0, o["epsilon"] + 0.2)) < 5


def test_between_two_cities_rollouts_ask_the_kernel_move_of_every_seat(built):
    """Between Two Cities' default (egreedy, 0.1): the kernel has no pointer steps, so each
    rollout is its ``egreedy_move`` for every acting seat (whose draws differ from the base's,
    docs/kernels.md; its distribution is checked below)."""
    st = random_decision(engine.make("between_two_cities", players=4, seed=3), 3, 5)
    seat = st.to_move()[0]
    p = make_player("ismcts", seed=5)
    p.choose(st, seat, Limits(iterations=ITERS))
    rec, k = built[-1].rollout_fn, st.game.kernel
    assert (p.opts["rollout"], p.opts["epsilon"], rec.real.epsilon) == ("egreedy", 0.1, 0.1)
    assert replays(rec.log, k, kernel_rollout, 0.1) == len(rec.log) == ITERS
    assert all(k.to_move(after, np.zeros(5, np.intc)) == 0 for _b, _s, after, _t in rec.log)


def chi2_bound(df):
    """The chi-square quantile at p = 1e-6 (Wilson-Hilferty): a dozen counts at fixed seeds
    must not fail by chance, and a biased draw still fails by far (see the report)."""
    return df * (1 - 2 / (9 * df) + 4.75 * (2 / (9 * df)) ** 0.5) ** 3


def btc_positions():
    """Between Two Cities 4p decisions of a random game: a draft choice and a placement, each
    with one best valued move and with several: ``(name, buf, seat, legal, values)``."""
    from cython_ext.between_two_cities_encoding import PH_CHOOSE, PH_PLACE

    g = engine.make_game("between_two_cities", 4, ())
    found = {}
    for b, s, legal in kernel_decisions(g, 4):
        vals = np.zeros(len(legal))
        g.kernel.move_values(b, s, legal, len(legal), vals)
        phase = {PH_CHOOSE: "choose", PH_PLACE: "place"}.get(int(b[g.layout["phase"]]))
        name = f"{phase}-{'tied' if (vals == vals.max()).sum() > 1 else 'one'}"
        if phase and len(legal) > 5 and name not in found:
            found[name] = (b.copy(), s, [int(m) for m in legal], vals.copy())
    assert sorted(found) == ["choose-one", "choose-tied", "place-one", "place-tied"]
    return g, found


@pytest.mark.parametrize("eps", [0.1, 0.5, 1.0])
def test_between_two_cities_egreedy_move_draws_the_documented_mixture(eps):
    """docs/kernels.md: with probability ``1 - epsilon`` a legal move of highest ``move_values``
    (ties uniformly), else a uniformly random legal move: each legal move has probability
    ``epsilon / n + (1 - epsilon) [best] / |best|``.  Counted over fixed seeds on a draft choice
    and a placement (kernel's own draws: the list's for drafts, rejection sampling and the
    pruned greedy search for placements), chi-square below its 1e-6 quantile."""
    g, found = btc_positions()
    k = g.kernel
    moves, vals = np.zeros(k.max_moves, np.intc), np.zeros(k.max_moves)
    for name in ("choose-one", "choose-tied"):  # drafts: the base's very draws (docs/kernels.md)
        b, seat, _legal, _v = found[name]
        for i in range(100):
            r1, r2 = Rng(i), Rng(i)
            assert k.egreedy_move(b, seat, r1, eps, moves, vals) == rule_pick(k, b, seat, r2, eps, moves, vals)
            assert r1.state == r2.state
    per_move = 400 if COMPILED else 100
    for name, (b, seat, legal, v) in sorted(found.items()):
        n = len(legal)
        best = [m for m, x in zip(legal, v) if x == v.max()]
        draws = per_move * n
        rng = Rng(1000 + n)
        count = {}
        for _ in range(draws):
            m = int(k.egreedy_move(b, seat, rng, eps, moves, vals))
            count[m] = count.get(m, 0) + 1
        assert set(count) <= set(legal), (name, set(count) - set(legal))
        want = {m: draws * (eps / n + (1 - eps) * (m in best) / len(best)) for m in legal}
        cells = [m for m in legal if want[m] > 0]
        chi2 = sum((count.get(m, 0) - want[m]) ** 2 / want[m] for m in cells)
        assert chi2 < chi2_bound(len(cells) - 1), (name, eps, chi2, count, best)


# -- 3: cutoff and greedy seats ---------------------------------------------------------------------
@pytest.mark.parametrize("game,players,plies,opts,cut,tells", [
    ("guildes", 4, 5, {}, 20, True),  # the default's rollouts and score reward, past a round's end
    ("between_two_cities", 4, 5, {}, 3, True),  # egreedy, win share
    ("walled_city", 3, 10, {"rollout": "egreedy", "reward": "win"}, 5, True),
    ("city_and_guilds", 3, 10, {"reward": "field"}, 6, False),  # random rollouts: the policy at epsilon 1
    ("guildes", 4, 5, {"rollout": "random", "reward": "rank"}, 20, True),
])
def test_a_positive_cutoff_stops_each_rollout_and_backs_up_the_points_so_far(game, players, plies, opts, cut,
                                                                             tells):
    """``cutoff`` N > 0: each rollout stops after N decisions (chance steps not counted; those
    after the N-th are drawn before it stops) and the search backs up the reward of the state
    reached, the game's own ranking and scores (``returns_from``): checked iteration by
    iteration from the root report.  ``tells``: the points changed during the rollouts, so the
    check tells the state reached from the one the rollout started at."""
    st = random_decision(engine.make(game, players=players, seed=3), 3, plies)
    seat = st.to_move()[0]
    view = st.observe(seat)
    g, k = view.game, view.game.kernel
    o = make_player("ismcts", seed=1, cutoff=cut, **opts).options_for(game, ITERS, players)
    s = ismcts_module.build_search(view, seat, o)
    rec = s.rollout_fn = Recorder(s.rollout_fn)
    assert rec.real.cutoff == cut
    rng = core.rng_for(k, 4)
    legal = view.legal_moves(seat)
    eps = o["epsilon"] if o["rollout"] == "egreedy" else 1.0
    rollout = kernel_rollout if game == "between_two_cities" and eps < 1 else rule_rollout
    moved = 0
    for _ in range(ITERS // 2):
        before = {m: s.root_vector(m) for m in legal}
        s.run(rng, 1, 0.0, 0)
        (m,) = [m for m in legal if s.root_vector(m)[0] != before[m][0]]
        (c0, mean0), (c1, mean1) = before[m], s.root_vector(m)
        backed = [b * c1 - a * c0 for a, b in zip(mean0, mean1)]
        start, state, after, state_after = rec.log[-1]
        b, r = start.copy(), Rng(state)
        assert rollout(k, b, r, eps, -1, cut) == cut  # N decisions (none of these games ends sooner)
        assert (b == after).all() and r.state == state_after
        end = State(g, after)
        assert not end.is_terminal()
        want = returns_from(g.rank_keys(end), end.scores(), o["reward"], g.score_scale, g.rival_keys(end))
        assert backed == pytest.approx(want, abs=1e-9)
        first = State(g, start)
        moved += want != returns_from(g.rank_keys(first), first.scores(), o["reward"], g.score_scale,
                                      g.rival_keys(first))
    assert (moved > 0) == tells


@pytest.mark.parametrize("limits,own", [(Limits(nodes=4 * ITERS // 3), True), (Limits(iterations=ITERS // 2), False)],
                         ids=["node-limit", "iterations"])
def test_between_two_cities_7p_greedy_seat_is_the_searching_seat_at_a_time_limit_only(built, limits, own):
    """heuristic-7p-own-100ms: ``greedy_seats=own`` at a time or node limit (the searching seat
    at epsilon 0.1 in the rollouts, every other seat at 1), ``all`` from 1 iteration."""
    st = random_decision(engine.make("between_two_cities", players=7, seed=3), 3, 9)
    seat = 3  # a draft: every seat chooses at once
    assert seat in st.to_move()
    p = make_player("ismcts", seed=2)
    p.choose(st, seat, limits)
    rec, k = built[-1].rollout_fn, st.game.kernel
    assert p.opts["greedy_seats"] == ("own" if own else "all") and rec.real.own == (seat if own else -1)
    n = len(rec.log)
    assert n > 10 and replays(rec.log, k, kernel_rollout, 0.1, seat if own else -1) == n
    assert replays(rec.log, k, kernel_rollout, 0.1, -1 if own else seat) < n  # the other rule differs


def test_greedy_seats_own_in_the_search_is_the_documented_rule(built):
    """Guildes' default with ``greedy_seats=own``: the searching seat (not seat 0) epsilon-greedy
    at 0.3, the others uniformly random, by the rule (not the kernel's ``egreedy_move``)."""
    st = random_decision(engine.make("guildes", players=4, seed=6), 6, 14)
    seat = [x for x in st.to_move() if x != 0][0]
    p = make_player("ismcts", seed=5, greedy_seats="own")
    p.choose(st, seat, Limits(iterations=ITERS))
    rec, k = built[-1].rollout_fn, st.game.kernel
    assert rec.real.own == seat
    assert replays(rec.log, k, rule_rollout, 0.3, seat) == len(rec.log) == ITERS
    assert replays(rec.log[:5], k, rule_rollout, 0.3, -1) < 5


# -- 4: tree=det over fixed worlds --------------------------------------------------------------------
def test_between_two_cities_3p_searches_eight_fixed_worlds_in_turn_in_one_det_tree(built):
    """heuristic-3p-det-fw8-100ms at a node limit: eight worlds drawn from the seat's view with the
    search's own generator when it starts, never redrawn; iteration i searches world ``i % 8``
    (every seat's available moves at each node are its legal moves in that world) in one tree
    whose children are keyed by every move of the world (the others' hidden draft picks
    included), the root seat's moves pooled over the worlds."""
    st = random_decision(engine.make("between_two_cities", players=3, seed=2), 2, 0)
    seat = st.to_move()[0]
    view = st.observe(seat)
    k = view.game.kernel
    p = make_player("ismcts", seed=7)
    seed = Rng(p.rng.state).next64()  # the search's seed, the player's next draw
    p.choose(st, seat, Limits(nodes=3 * ITERS))
    played = built[-1]
    o = p.opts
    assert (o["tree"], o["fixed_worlds"], o["exploration"]) == ("det", 8, 0.7)
    assert (played.mode, played.determinize, played.pool_k, played.c) == (core.TREE_MODES["omni"], True, 8, 0.7)
    # the same search again, an iteration at a time, on the same generator
    s = ismcts_module.build_search(view, seat, o)
    rng = core.rng_for(k, seed)
    ismcts_module.fix_worlds(s, view, seat, o, rng)
    pool = s.pool_np.copy()
    assert (pool == played.pool_np).all()
    assert all(State(view.game, w.copy()).observe(seat) == view for w in pool)
    stepper = Stepper(s, view)
    stepper.rng = rng
    seats, moves = np.zeros(4, np.intc), np.zeros(k.max_moves, np.intc)
    hands = set()
    for _ in range(played.iterations):
        i = s.iterations
        path = stepper.step()
        world, cur, depth = pool[i % 8].copy(), s.get_roots()[0], 0
        while True:
            na = k.to_move(world, seats)
            if na == 0 or seats[0] < 0:
                break
            acting, chosen = [int(x) for x in seats[:na]], []
            for x in acting:
                nl = k.legal(world, x, moves)
                avail, taken = path[cur][x]
                assert avail == sorted(int(m) for m in moves[:nl]), (i, depth, x)  # world i % 8
                if depth == 0:
                    hands.add((x, tuple(avail)))
                chosen.append(taken)
            key = 0
            for x, m in zip(acting, chosen):
                key = FOLD(key, x, m)  # every move as played, none as observed
                k.apply(world, x, m)
            if k.to_move(world, seats) > 0 and seats[0] < 0:
                break  # chance in the tree: its outcome is the search's own draw
            child = s.child_of(cur, key)
            assert child in path, (i, depth)
            depth += 1
            if child >= stepper.nn0:
                break  # grown in this iteration
            cur = child
    assert (s.pool_np == pool).all()  # drawn once
    assert len({h for h in hands if h[0] != seat}) > 2 and len({h for h in hands if h[0] == seat}) == 1
    assert snap(s, s.get_roots()[0]) == snap(played, played.get_roots()[0])  # what the player searched


# -- 5: options by budget ------------------------------------------------------------------------------
def by_budget_by_hand(game, name, budget):
    """A preset's options at ``budget`` (None: not limited by iterations) read from its file by
    docs/strength.md's rule: every entry of a budget up to it laid over the options, smallest
    first, the built-in defaults under all."""
    with open(os.path.join(PRESETS, f"{game}.json"), encoding="utf-8") as f:
        preset = json.load(f)["presets"][name]
    opts = dict(preset["options"])
    for at in sorted(int(x) for x in preset.get("by_budget", {})):
        if budget is not None and at <= budget:
            opts.update(preset["by_budget"][str(at)])
    return check_options("ismcts", opts, ISMCTS_SPEC)


BUDGETS = [None, 1, 2, 100, 399, 400, 1000, 1599, 1600, 10 ** 6]
# (game, players, the default there, the preset it is "exactly" at any iteration budget)
# and the options in which they differ at a time limit
EXACTLY = [("between_two_cities", 3, "heuristic-3p-det-fw8-100ms", "heuristic-3p-visits",
            {"tree", "exploration", "fixed_worlds"}),
           ("between_two_cities", 4, "heuristic-k1000-100ms", "heuristic-200g-100it", {"expand_after"}),
           ("between_two_cities", 5, "heuristic-5p-c07-100ms", "heuristic-visits", {"exploration"}),
           ("between_two_cities", 7, "heuristic-7p-own-100ms", "heuristic-visits", {"greedy_seats"}),
           ("guildes", 6, "heuristic-6p-k1000-100ms", "heuristic-200g-100it", {"expand_after"}),
           ("city_and_guilds", 4, "bias-16.0", "bias-16.0", {"expand_after"}),
           ("city_and_guilds", 5, "vs-textbook-5p-170g-100ms", "vs-textbook-5p-170g-100ms", {"expand_after"})]


@pytest.mark.parametrize("game,players,default,same,differ", EXACTLY)
def test_a_time_limit_default_is_its_named_preset_at_every_iteration_budget(game, players, default, same,
                                                                            differ):
    """The presets' ``how``, docs/protocol.md and docs/strength.md: each default tuned for a time
    limit searches exactly as the named preset at any iteration budget (a ``by_budget`` entry
    at 1), and differs from it at a time limit in what its ``how`` says only."""
    p = make_player("ismcts", seed=1)
    assert p.origin(game, None, players)[0] == default
    for budget in BUDGETS:
        got = {k: v for k, v in p.options_for(game, budget, players).items() if k != "preset"}
        assert got == {k: v for k, v in by_budget_by_hand(game, default, budget).items() if k != "preset"}
        if budget is not None:
            assert got == {k: v for k, v in by_budget_by_hand(game, same, budget).items() if k != "preset"}
    plain = p.options_for(game, None, players)
    other = by_budget_by_hand(game, same, 1)  # what it is at every budget from 1 on
    assert {k for k in plain if k != "preset" and plain[k] != other[k]} == differ


# what the built search holds: (game, players, limits, tree mode, c, expand_after, worlds, own greedy seat)
SEARCHED = [
    ("between_two_cities", 3, Limits(nodes=60), "omni", 0.7, 1, 8, False),
    ("between_two_cities", 3, Limits(iterations=20), "so", 4.0, 1, 0, False),
    pytest.param("between_two_cities", 3, Limits(), "so", 4.0, 1, 0, False,  # the 1000-iteration fallback
                 marks=pytest.mark.skipif(not COMPILED, reason="1000 iterations: compiled only")),
    ("between_two_cities", 4, Limits(nodes=60), "so", 4.0, 1000, 0, False),
    ("between_two_cities", 4, Limits(movetime=0.01), "so", 4.0, 1000, 0, False),
    ("between_two_cities", 4, Limits(iterations=20), "so", 4.0, 1, 0, False),
    ("between_two_cities", 5, Limits(nodes=60), "so", 0.7, 1, 0, False),
    ("between_two_cities", 5, Limits(iterations=20), "so", 4.0, 1, 0, False),
    ("between_two_cities", 7, Limits(nodes=60), "so", 4.0, 1, 0, True),
    ("between_two_cities", 7, Limits(iterations=20), "so", 4.0, 1, 0, False),
    ("guildes", 6, Limits(nodes=60), "mo", 0.35, 1000, 0, False),
    ("guildes", 6, Limits(iterations=20), "mo", 0.35, 1, 0, False),
    ("city_and_guilds", 4, Limits(nodes=60), "mo", 0.7, 64, 0, False),
    ("city_and_guilds", 4, Limits(iterations=20), "mo", 0.7, 1, 0, False),
    ("city_and_guilds", 5, Limits(nodes=60), "so", 1.4, 256, 0, False),
    ("city_and_guilds", 5, Limits(iterations=20, movetime=5.0), "so", 1.4, 1, 0, False),
]


@pytest.mark.parametrize("game,players,limits,tree,c,expand_after,worlds,own", SEARCHED)
def test_the_search_built_holds_the_options_of_its_limits(built, game, players, limits, tree, c, expand_after,
                                                          worlds, own):
    """docs/strength.md "Options by budget": only an ``iterations`` limit (with or without a
    time limit; no limit at all as its 1000-iteration fallback) selects ``by_budget`` entries,
    a node or time limit the plain options -- in the search the player builds, not only in
    ``options_for``.  With ``expand_after`` 1000 the tree stays its roots until a root has
    1000 visits (a flat UCB over each seat's root moves)."""
    st = random_decision(engine.make(game, players=players, seed=4), 4, 3)
    seat = st.to_move()[0]
    p = make_player("ismcts", seed=1)
    p.choose(st, seat, limits)
    s = built[-1]
    assert (s.mode, s.c, s.expand_after, s.pool_k) == (core.TREE_MODES[tree], c, expand_after, worlds)
    policy = s.rollout_fn.real if s.rollout_fn is not None else None
    assert (policy.own if policy is not None else -1) == (seat if own else -1)
    if expand_after == 1000:
        assert s.iterations < 1000 and s.node_count() == len(s.get_roots())
        roots = s.get_roots()
        assert sum(v for m, v, _w in s.seat_edges(roots[seat if tree == "mo" else 0], seat)) == s.iterations
    elif expand_after == 1 and s.iterations > 1:
        assert s.node_count() > len(s.get_roots())
