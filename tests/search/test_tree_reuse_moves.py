"""Tree reuse in trees keyed by moves (search/reuse.py): a player told every move between its
searches (``Player.observe_move``) keeps the subtree of the line played.

The oracle is the search loop itself: for the steps actually played (the true moves, recorded
by the test's own game loop), each tree's key is computed by the interpreted ``Search``'s own
``_code`` and ``_reveal_keys`` on the true states, exactly as ``iterate`` computes it for a world
that plays those moves.  The reused roots must be those nodes -- for the searching seat's tree
always, for another seat's tree (MO) wherever the searching seat saw every move of the line,
else a fresh root -- and what the player keeps must not depend on what it did not see.  The
policy that ends reuse on a line that may have told the seat more than its keys hold, the
steps Guildes' search roots at their start, the protocol and Skill levels:
tests/search/test_tree_reuse_policy.py.
"""
import numpy as np
import pytest

import engine
import search.ismcts as ismcts_module
import search.reuse as reuse_module
from engine.core import CHANCE, make_rng
from guildhall.arena import play_game
from search.api import Limits, make_player
from tests.search.helpers import COMPILED
from tests.search.reuse_helpers import ITERS, REAL_LEARNED, SLOW, TABLES, Table, loop_roots, no_policy, saw_every_move


@pytest.fixture
def keys_only(monkeypatch):
    """The keying checked on every line: the reuse policy off (:func:`no_policy`)."""
    no_policy(monkeypatch)


@pytest.mark.parametrize("game,players,options", TABLES)
def test_the_reused_roots_are_the_nodes_the_loop_reaches_on_the_line_played(game, players, options, monkeypatch,
                                                                            keys_only):
    """Every reuse in a game whose players are told every move: the roots kept are the nodes the
    loop's own keys lead to along the steps played, from where the last search's tree was
    rooted (a seat inside a simultaneous step: Guildes' worlds clear the choices made before
    it, so its tree is rooted at the step's start, as the loop's root step shows)."""
    if not COMPILED and game in SLOW:
        pytest.skip("this test searches with the interpreted loop in both runs: the slow tables once")
    checked = {"root": 0, "others": 0, "fresh_others": 0, "no_line": 0, "revealed": 0, "mid_step": 0}
    table = Table(game, players, seed=7, impl="python", options=options)
    real = ismcts_module.new_roots
    k = table.state.game.kernel
    clears = hasattr(k, "determinize_keep")

    def spy(s, seat, log, view):
        got = real(s, seat, log, view)
        start = table.searched_at.get(id(s))
        made = table.open[1] if table.open is not None else []
        # inside a step: the tree is rooted at the step's start if the worlds clear the choices
        # made before the seat's and it saw none of them; else nothing is kept
        unseen = all(int(k.observed_move(b.buf, x, m, seat)) != m for x, m, b in made)
        if start is None or start[2] or (made and not (clears and unseen)):
            assert got is None
            checked["no_line"] += 1
            return got
        checked["mid_step"] += bool(made)
        if table.steps and table.steps[-1][3] is None:
            table.steps[-1][3] = table.state.clone()  # this search's decision point
        steps = table.steps[start[0]:]
        if start[1] and steps:  # the old root was inside a step: its tree folds the rest of it
            seats, acts, after, decision = steps[0]
            steps = [[[x for x in seats if x not in start[1]], [a for a in acts if a[0] not in start[1]], after,
                      decision], *steps[1:]]
        want = loop_roots(s, steps)
        t0 = seat if s.ntrees > 1 else 0
        if want[t0] < 0:
            assert got is None
            return got
        assert got is not None and got[t0] == want[t0], (game, seat, len(steps))
        checked["root"] += 1
        saw = saw_every_move(steps, seat, k, s.reveal)
        checked["revealed"] += saw and not saw_every_move(steps, seat, k, False)
        for t in range(s.ntrees):
            if t != t0:
                assert got[t] == (want[t] if saw and not s.view_keys else -1), (game, seat, t, saw)
                checked["others" if saw and not s.view_keys else "fresh_others"] += 1
        return got

    monkeypatch.setattr(ismcts_module, "new_roots", spy)
    for _ in range(600):
        if table.state.is_terminal() or checked["root"] >= (30 if options.get("reveal") else 12) and (
                not options.get("reveal") or checked["revealed"] >= 1):  # Guildes: past the draft
            break
        table.play(Limits(iterations=ITERS))
    assert checked["root"] >= 6, checked
    if game == "city_and_guilds":  # every move public after the setup: every tree followed
        assert checked["others"] >= 3 * 6, checked
    if options.get("reveal"):  # lines through choices hidden when made, seen at the step's end
        assert checked["revealed"] >= 1, checked
    if game == "guildes":  # seats deciding after others' face-down choices kept their trees
        assert checked["mid_step"] >= 3, checked


def play_to_seat0(t, told, seed):
    """First legal moves (chance from a fixed seed) until seat 0 decides or the game ends."""
    while not t.is_terminal() and t.to_move()[0] != 0:
        seat = t.to_move()[0]
        mv = t.sample_chance(make_rng(seed)) if seat == CHANCE else t.legal_moves(seat)[0]
        told.append((t.clone(), seat, mv))
        t.apply(seat, mv)


def hidden_branches(game, players, seed, k):
    """Seat 0's decisions along a game of first legal moves where, before its next decision,
    another seat makes a choice seat 0 does not see between two moves that leave seat 0's next
    view the same: ``(root, seat 0's move... )`` as ``(root, first move index, branch seat,
    the two lines told)`` -- seat 0's first move is filled in by the caller's search."""
    st = engine.make(game, players=players, seed=seed)
    while not st.is_terminal():
        seat = st.to_move()[0]
        if seat == 0 and len(st.legal_moves(0)) > 1:
            yield st.clone()
        mv = st.sample_chance(make_rng(seed)) if seat == CHANCE else st.legal_moves(seat)[0]
        st.apply(seat, mv)


def two_lines(root, mine, k, seed):
    """From ``root`` after seat 0 plays ``mine``: the first hidden choice of another seat with
    two alternatives before seat 0's next decision, and the two lines told (None if there is
    none, or seat 0 would see them apart)."""
    s = root.clone()
    prefix = [(root.clone(), 0, mine)]
    s.apply(0, mine)
    while not s.is_terminal() and s.to_move()[0] != 0:
        seat = s.to_move()[0]
        if seat != CHANCE:
            hidden = [m for m in s.legal_moves(seat) if int(k.observed_move(s.buf, seat, m, 0)) != m]
            if len(hidden) >= 2:
                lines = []
                for m in hidden[:2]:
                    t = s.clone()
                    told = prefix + [(s.clone(), seat, m)]
                    t.apply(seat, m)
                    play_to_seat0(t, told, seed + 1)
                    lines.append((t, told))
                (t1, _), (t2, _) = lines
                if t1.is_terminal() or t2.is_terminal() or len(t1.legal_moves(0)) < 2 \
                        or not np.array_equal(t1.observe(0).buf, t2.observe(0).buf):
                    return None
                return seat, lines
        mv = s.sample_chance(make_rng(seed)) if seat == CHANCE else s.legal_moves(seat)[0]
        prefix.append((s.clone(), seat, mv))
        s.apply(seat, mv)
    return None


@pytest.mark.parametrize("game,players", [("city_and_guilds", 4), ("walled_city", 2)])
def test_what_the_player_keeps_does_not_depend_on_a_move_it_did_not_see(game, players, keys_only):
    """Two lines that differ in one hidden choice of another seat, seen alike by seat 0 up to its
    next decision: told either, the player searches the same tree (same move, same statistics,
    same roots reused) -- it keeps nothing of what its seat did not see, and the chooser's own
    tree (MO) starts afresh."""
    k = engine.make(game, players=players, seed=1).game.kernel
    found = 0
    for seed in range(6):
        for root in hidden_branches(game, players, seed, k):
            mine = root.legal_moves(0)[0]  # told as seat 0's move, whatever the search chose
            got = two_lines(root, mine, k, seed)
            if got is None:
                continue
            chooser, lines = got
            results = []
            for t, told in lines:
                p = make_player("ismcts", seed=5)
                p.choose(root, 0, Limits(iterations=4 * ITERS))
                for before, seat, m in told:
                    p.observe_move(before, seat, m)
                roots = ismcts_module.new_roots(p._search, 0, p._log, t.observe(0))
                steps = reuse_module.steps_of(p._log, t.observe(0))
                told = steps is not None and REAL_LEARNED(p._log, steps, None, t.observe(0), False)
                best = p.choose(t, 0, Limits(iterations=4 * ITERS))
                results.append((roots, told, best, [(m.move, m.visits, m.value) for m in p.last_info.moves]))
            assert results[0] == results[1]
            roots = results[0][0]
            if roots is None:  # the line left the old tree: nothing kept either way
                continue
            assert roots[0] >= 0
            if len(roots) > 1:
                assert roots[chooser] == -1
            found += 1
            break
        if found >= 2:
            break
    assert found >= 1


@pytest.mark.parametrize("game,players", [("city_and_guilds", 4), ("walled_city", 2)])
def test_a_told_player_reuses_and_plays_as_in_the_other_mode(game, players):
    """The arena tells every player every move: the defaults keep their trees (the reused root
    carries visits from before its search), and the compiled and interpreted loops play the
    same game, tree reuse included."""
    if not COMPILED:
        pytest.skip("the compiled loop is not built or not in use")
    g = engine.make(game, players=players, seed=1).game
    games = []
    for impl in ("compiled", "python"):
        ps = [make_player("ismcts", seed=40 + i, impl=impl) for i in range(players)]
        kept = []
        real = ps[0].search

        def search(view, seat, limits, on_info, stop, real=real, p=ps[0]):
            old = p._search
            info = real(view, seat, limits, on_info, stop)
            kept.append(p._search is old and old is not None)
            return info

        ps[0].search = search
        rec = play_game(g, ps, Limits(iterations=30), seed=3)
        games.append(([(x.seat, x.move) for x in rec.plies], rec.scores))
        assert sum(kept) >= 3, kept
    assert games[0] == games[1]


def test_untold_or_misled_players_start_afresh():
    """A player told nothing, told a move of another game, or told a line that does not lead
    to its position searches a fresh tree (as before reuse by moves)."""
    st = engine.make("city_and_guilds", players=4, seed=2)
    while st.to_move() != (0,) or len(st.legal_moves(0)) < 2:  # past the setup's joint discard
        st.apply(st.to_move()[0], st.sample_chance(make_rng(1)) if st.to_move()[0] == CHANCE
                 else st.legal_moves(st.to_move()[0])[0])
    p = make_player("ismcts", seed=1)
    first = p.choose(st, 0, Limits(iterations=8 * ITERS))
    tree = p._search
    line = []
    t = st.clone()
    t.apply(0, first)
    line.append((st.clone(), 0, first))
    while t.to_move()[0] != 0:  # (in City and Guilds seat 0 makes several decisions a turn)
        seat = t.to_move()[0]
        m = t.sample_chance(make_rng(2)) if seat == CHANCE else t.legal_moves(seat)[0]
        line.append((t.clone(), seat, m))
        t.apply(seat, m)
    # untold: fresh
    q = make_player("ismcts", seed=1)
    q.choose(st, 0, Limits(iterations=8 * ITERS))
    assert ismcts_module.new_roots(q._search, 0, q._log, t.observe(0)) is None
    # a gap (the move from the root missing): fresh
    for before, seat, m in line[1:]:
        p.observe_move(before, seat, m)
    assert ismcts_module.new_roots(tree, 0, p._log, t.observe(0)) is None
    # the whole line sent again from the root (as a frontend resending its game): kept
    for before, seat, m in line:
        p.observe_move(before, seat, m)
    roots = ismcts_module.new_roots(tree, 0, p._log, t.observe(0))
    assert roots is not None and roots[0] >= 0
    p.choose(t, 0, Limits(iterations=ITERS))
    assert p._search is tree
    # the same line told, but the position searched is another: fresh
    p2 = make_player("ismcts", seed=1)
    p2.choose(st, 0, Limits(iterations=8 * ITERS))
    for before, seat, m in line:
        p2.observe_move(before, seat, m)
    other = engine.make("city_and_guilds", players=4, seed=3)
    assert ismcts_module.new_roots(p2._search, 0, p2._log, other.observe(0)) is None


def test_a_simultaneous_step_told_in_any_order_leads_to_the_same_roots(keys_only):
    """At a simultaneous step a frontend may send the seats' choices in any order (``play seat
    N``): the line is replayed from the step's start in the order its seats were to move, as
    the loop folds them, so the kept roots are the same."""
    st = engine.make("guildes", players=4, seed=4)
    rng = make_rng(4)
    while not (st.to_move() == (0, 1, 2, 3) and len(st.legal_moves(0)) > 1):
        seat = st.to_move()[0]
        st.apply(seat, st.sample_chance(rng) if seat == CHANCE else st.legal_moves(seat)[0])
    found = []
    for order in ((0, 1, 2, 3), (0, 3, 1, 2)):
        p = make_player("ismcts", seed=3)
        mine = p.choose(st, 0, Limits(iterations=8 * ITERS))
        t = st.clone()
        picks = {0: mine, **{x: t.legal_moves(x)[-1] for x in (1, 2, 3)}}
        for x in order:
            p.observe_move(t, x, picks[x])
            t.apply(x, picks[x])
        while not t.is_terminal() and t.to_move()[0] != 0:
            x = t.to_move()[0]
            m = t.sample_chance(make_rng(9)) if x == CHANCE else t.legal_moves(x)[0]
            p.observe_move(t, x, m)
            t.apply(x, m)
        found.append((ismcts_module.new_roots(p._search, 0, p._log, t.observe(0)), t.observe(0).buf.tolist()))
    assert found[0][1] == found[1][1]  # the same position either way
    assert found[0][0] is not None and found[0][0] == found[1][0]
