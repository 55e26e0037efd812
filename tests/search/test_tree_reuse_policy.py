"""Tree reuse (search/reuse.py) beyond the keying of tests/search/test_tree_reuse_moves.py: a seat
deciding inside a Guildes step (its tree rooted at the step's start), the policy that ends
reuse on a line that may have told the seat more than its keys hold, the protocol's engine
across a resent game, and Skill levels (which keep no tree).
"""
import numpy as np
import pytest

import engine
import search.ismcts as ismcts_module
import search.reuse as reuse_module
from engine.core import CHANCE, make_rng
from guildhall.arena import play_game
from guildhall.session import Session
from search.api import Limits, make_player
from tests.search.helpers import COMPILED
from tests.search.reuse_helpers import ITERS, REAL_LEARNED, SLOW, Table, no_policy


@pytest.fixture
def keys_only(monkeypatch):
    """The keying checked on every line: the reuse policy off (:func:`no_policy`)."""
    no_policy(monkeypatch)


def guildes_mid_step(seed, seat0_pick=0):
    """A Guildes 4p game of first legal moves, seat 2 played by an ISMCTS player told every
    move, up to a decision of seat 2 after seats 0 and 1 chose face down at a simultaneous step
    (seat 0 its ``seat0_pick``-th legal move there) while the player's last tree can be
    followed (its log not blind): ``(player, the state, the state at the step's start)``."""
    st = engine.make("guildes", players=4, seed=seed)
    rng = make_rng(seed)
    p = make_player("ismcts", seed=2)
    while True:
        tm = st.to_move()
        if tm == (0, 1, 2, 3) and p._search is not None and not p._log.blind \
                and len(st.legal_moves(2)) > 1 and len(st.legal_moves(0)) > 1:
            start = st.clone()
            for x in (0, 1):
                m = st.legal_moves(x)[seat0_pick if x == 0 else 0]
                p.observe_move(st, x, m)
                st.apply(x, m)
            return p, st, start
        seat = tm[0]
        if seat == 2 and len(st.legal_moves(2)) > 1:
            m = p.choose(st, 2, Limits(iterations=ITERS))
        else:
            m = st.sample_chance(rng) if seat == CHANCE else st.legal_moves(seat)[0]
        p.observe_move(st, seat, m)
        st.apply(seat, m)


def test_a_seat_inside_a_guildes_step_keeps_the_node_of_the_steps_start(keys_only):
    """Guildes' worlds clear the choices seats 0 and 1 made before seat 2's (they choose again
    in the tree: the root step is the whole step), so seat 2's tree, rooted at the step's start,
    is the old tree's node there; its move is legal where it stands.  Between Two Cities' worlds
    keep such choices: a seat deciding inside a step there starts afresh."""
    p, st, start = guildes_mid_step(5)
    old = p._search
    best = p.choose(st, 2, Limits(iterations=4 * ITERS))
    assert best in st.legal_moves(2)
    assert p._search is old  # kept
    assert np.array_equal(p._log.root.buf, start.observe(2).buf)  # rooted at the step's start
    roots = old.get_roots()
    assert old.seat_edges(roots[0], 0)  # seat 0 chose at the root (its own tree if MO)
    # Between Two Cities: to a seat deciding after another's hidden choice, no node
    st = engine.make("between_two_cities", players=4, seed=3)
    rng = make_rng(3)
    q = make_player("ismcts", seed=2)
    inside = kept = 0
    while not st.is_terminal() and inside < 3:
        tm = st.to_move()
        seat = tm[0]
        if seat == 1 and len(st.legal_moves(1)) > 1:
            before = q._search
            m = q.choose(st, 1, Limits(iterations=ITERS))
            if 0 in st.observe(1).to_move() or len(tm) == 1:
                pass
            elif before is not None:
                inside += 1
                kept += q._search is before
        else:
            m = st.sample_chance(rng) if seat == CHANCE else st.legal_moves(seat)[0]
        q.observe_move(st, seat, m)
        st.apply(seat, m)
    assert inside >= 1 and kept == 0


def test_a_step_start_needs_every_choice_of_the_step_unseen(monkeypatch, keys_only):
    """A step's choice the seat saw would be forgotten at the step's start: no step start then
    (a kernel made to show every move to every seat), and so no tree kept inside the step."""
    import search.reuse as reuse_module

    p, st, start = guildes_mid_step(5)
    assert reuse_module.open_step(p._log, st.observe(2)) is not None
    assert reuse_module.new_roots(p._search, 2, p._log, st.observe(2)) is not None

    class Open:
        def __init__(self, k):
            self.k = k
            self.determinize_keep = k.determinize_keep

        def observed_move(self, buf, actor, move, observer):
            return move

    monkeypatch.setattr(reuse_module, "kernel_of", lambda state: Open(state.game.kernel))
    assert reuse_module.open_step(p._log, st.observe(2)) is None
    assert reuse_module.new_roots(p._search, 2, p._log, st.observe(2)) is None


def test_a_seat_inside_a_step_keeps_nothing_of_the_choices_it_did_not_see(keys_only):
    """Two games that differ only in seat 0's face-down choice before seat 2's: seat 2 keeps the
    same nodes, searches the same tree and plays the same move with the same statistics."""
    got = []
    for pick in (0, 1):
        p, st, start = guildes_mid_step(5, seat0_pick=pick)
        roots = ismcts_module.new_roots(p._search, 2, p._log, st.observe(2))
        best = p.choose(st, 2, Limits(iterations=4 * ITERS))
        got.append((roots, st.observe(2).buf.tolist(), best,
                    [(m.move, m.visits, m.value) for m in p.last_info.moves]))
    assert got[0][0] is not None and got[0][0][2] >= 0  # seat 2's own tree (MO) kept
    assert got[0] == got[1]


def test_a_first_search_inside_a_step_leaves_no_line_to_follow(keys_only):
    """A seat first searched inside a Guildes step (nothing told before): its tree folded the
    codes of the choices cleared at its root, which no log holds -- the log is blind and the
    next decision starts afresh; the one after follows again."""
    st = engine.make("guildes", players=4, seed=6)
    rng = make_rng(6)
    while not (st.to_move() == (0, 1, 2, 3) and len(st.legal_moves(2)) > 1):
        seat = st.to_move()[0]
        st.apply(seat, st.sample_chance(rng) if seat == CHANCE else st.legal_moves(seat)[0])
    for x in (0, 1):
        st.apply(x, st.legal_moves(x)[0])
    p = make_player("ismcts", seed=1)
    m = p.choose(st, 2, Limits(iterations=ITERS))
    assert p._log.blind
    p.observe_move(st, 2, m)
    st.apply(2, m)
    kept = []
    while not st.is_terminal() and len(kept) < 3:
        seat = st.to_move()[0]
        if seat == 2 and len(st.legal_moves(2)) > 1 and p._search is not None:
            old = p._search
            m = p.choose(st, 2, Limits(iterations=ITERS))
            kept.append((p._search is old, p._log.blind))
        else:
            m = st.sample_chance(rng) if seat == CHANCE else st.legal_moves(seat)[0]
        p.observe_move(st, seat, m)
        st.apply(seat, m)
    assert kept[0] == (False, False)  # afresh, then the log knows the step's start
    assert any(k for k, _ in kept[1:])


@pytest.mark.parametrize("level,kept", [(20, True), (10, False)])
def test_a_skill_level_below_full_strength_keeps_no_tree(level, kept):
    """A Skill level below 20 plays as its Elo was measured, a fresh tree at each decision (it
    is not told the moves); level 20 is the player itself, which keeps its tree."""
    from search.skill import with_skill

    g = engine.make("walled_city", players=2, seed=1).game
    inner = make_player("ismcts", seed=4)
    seen = []
    real = inner.search

    def search(view, seat, limits, on_info, stop):
        old = inner._search
        info = real(view, seat, limits, on_info, stop)
        seen.append(old is not None and inner._search is old)
        return info

    inner.search = search
    play_game(g, [with_skill(inner, level), make_player("random", seed=1)], Limits(iterations=ITERS), seed=2)
    assert len(seen) > 10 and any(seen) == kept


def test_the_protocol_engine_keeps_its_tree_across_a_resent_game():
    """A frontend sending the whole game again before each ``go`` (``position startpos moves
    ...``, as UCI frontends do) lets the engine keep its tree: the second search's root carries
    the first's visits."""
    out = []
    sess = Session(out.append)

    def run(line):
        out.clear()
        sess.handle(line)
        if sess.job is not None:
            sess.job.thread.join(60)
        assert not [x for x in out if x.startswith("error")], (line, out)
        return list(out)

    st = engine.make("city_and_guilds", players=4, seed=3)
    items = []

    def play_to_seat0():
        while st.to_move() != (0,) or len(st.legal_moves(0)) < 2:
            seat = st.to_move()[0]
            m = st.sample_chance(make_rng(len(items))) if seat == CHANCE else st.legal_moves(seat)[0]
            items.append(("chance " if seat == CHANCE else f"seat {seat} ") + st.move_to_string(seat, m))
            st.apply(seat, m)

    play_to_seat0()
    run("newgame city_and_guilds players 4 seed 3")
    run("position startpos seed 3 moves " + "; ".join(items))
    best = [x for x in run(f"go iterations {ITERS}") if x.startswith("bestmove")][0][len("bestmove "):]
    player = sess._player
    tree = player._search
    assert tree.node_info(tree.get_roots()[0])[0] == ITERS
    items.append(f"seat 0 {best}")
    st.apply(0, st.parse_move(0, best))
    play_to_seat0()
    run("position startpos seed 3 moves " + "; ".join(items))
    run(f"go iterations {ITERS}")
    assert sess._player is player and player._search is tree
    assert tree.node_info(tree.get_roots()[0])[0] > ITERS  # the first search's visits kept


@pytest.mark.parametrize("game,players", [("city_and_guilds", 4), ("walled_city", 2), ("guildes", 4),
                                          ("between_two_cities", 3)])
def test_a_line_that_may_have_told_the_seat_more_than_its_keys_starts_afresh(game, players, monkeypatch):
    """The keys hold no chance outcome and no choice the seat did not see (it may see it later):
    a line with a chance outcome the seat saw, or another seat's hidden choice, starts a fresh
    tree; any other line keeps the node the keys lead to."""
    if not COMPILED and game in SLOW:
        pytest.skip("the reuse policy is the same Python in both runs: the slow tables once")
    table = Table(game, players, seed=11, impl="auto", options={})
    k = table.state.game.kernel
    real = ismcts_module.new_roots
    events = []  # (state before, actor, move) of every move and outcome played
    at = {}  # id(search) -> index in events where its root is
    counts = {"told": 0, "kept": 0}

    def spy(s, seat, log, view):
        got = real(s, seat, log, view)
        if id(s) not in at or (table.open is not None and table.open[1]):
            return got
        line = events[at[id(s)]:]
        told = any((a == CHANCE and int(k.observed_move(b.buf, a, m, seat)) == m)
                   or (a not in (CHANCE, seat) and int(k.observed_move(b.buf, a, m, seat)) != m)
                   for b, a, m in line)
        if told:
            assert got is None, (game, seat)
            counts["told"] += 1
        else:
            monkeypatch.setattr(reuse_module, "learned_more", lambda *a: False)
            assert got == real(s, seat, log, view)
            monkeypatch.setattr(reuse_module, "learned_more", REAL_LEARNED)
            counts["kept"] += got is not None
        return got

    monkeypatch.setattr(ismcts_module, "new_roots", spy)
    real_observe = [p.observe_move for p in table.players]
    for i, p in enumerate(table.players):
        def observe(state, seat, move, i=i):
            if i == 0:
                events.append((state.clone(), seat, move))
            real_observe[i](state, seat, move)
        p.observe_move = observe
    real_choose = [p.choose for p in table.players]
    for i, p in enumerate(table.players):
        def choose(state, seat, limits, i=i, p=p):
            move = real_choose[i](state, seat, limits)
            if p._search is not None:
                at[id(p._search)] = len(events)
            return move
        p.choose = choose
    for _ in range(300):
        if table.state.is_terminal() or (counts["told"] + counts["kept"] >= 8 and counts["kept"] >= 6 * (
                game == "walled_city") and counts["told"] >= 6 * (game == "guildes")):
            break
        table.play(Limits(iterations=ITERS))
    assert counts["told"] + counts["kept"] >= 6, counts
    if game == "guildes":  # face-down plays every step: every line may have told more
        assert counts["told"] >= 6 and counts["kept"] == 0, counts
    if game == "walled_city":
        assert counts["kept"] >= 6, counts
