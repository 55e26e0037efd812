"""The ISMCTS player's interface: options, limits, stop flag, info, reuse, workers."""
import threading
import time

import pytest

import engine
from engine.errors import BadConfig
from search.api import Limits, SearchError, make_player, player_names
from search.timeman import move_budget
from tests.search.helpers import COMPILED, guildes_start, random_decision

ITERS = 300 if COMPILED else 40
CHEAP = "vs-textbook-160g-100it"  # Guildes' random-rollout preset


def test_every_player_is_registered():
    assert {"random", "ismcts", "greedy", "flatmc", "pimc"} <= set(player_names())


def test_players_list_their_options_with_defaults():
    p = make_player("ismcts")
    assert p.options["exploration"] == 1.4 and p.options["tree"] == "so" and p.options["workers"] == 1
    assert all(k == k.lower() and " " not in k for k in p.options)


@pytest.mark.parametrize("opts", [{"bogus": 1}, {"exploration": -1.0}, {"exploration": "x"},
                                  {"tree": "xx"}, {"reward": "money"}, {"workers": 0},
                                  {"max_nodes": 3}, {"epsilon": 2.0}, {"rollout": "smart"}])
def test_bad_options_are_a_clear_config_error(opts):
    with pytest.raises(BadConfig):
        make_player("ismcts", seed=1, **opts)


def test_option_values_given_as_strings_are_read():
    p = make_player("ismcts", seed=1, exploration="1.5", workers="1", reuse="false")
    assert p.opts["exploration"] == 1.5 and p.opts["reuse"] is False


@pytest.mark.parametrize("limits", [Limits(iterations=0), Limits(iterations=-5), Limits(nodes=0),
                                    Limits(movetime=0), Limits(movetime=-1.0), Limits(clock=[-1.0] * 4)])
def test_limits_out_of_range_are_a_config_error(limits):
    with pytest.raises(BadConfig):
        make_player("ismcts", seed=1).choose(guildes_start(), 0, limits)


def test_a_clock_with_the_wrong_seat_count_is_a_config_error():
    with pytest.raises(BadConfig):
        make_player("ismcts", seed=1).choose(guildes_start(), 0, Limits(clock=[1.0, 1.0]))


def test_searching_a_terminal_state_is_a_search_error():
    s = random_decision(guildes_start(), 1, 10_000)
    while not s.is_terminal():
        tm = s.to_move()
        s.apply(tm[0], s.legal_moves(tm[0])[0])
    with pytest.raises(SearchError):
        make_player("ismcts", seed=1).choose(s, 0, Limits(iterations=10))


def test_searching_for_a_seat_not_to_move_is_a_search_error():
    s = guildes_start()
    s.apply(0, s.legal_moves(0)[0])
    with pytest.raises(SearchError):
        make_player("ismcts", seed=1).choose(s, 0, Limits(iterations=10))


@pytest.mark.parametrize("tree", ["so", "mo"])
def test_same_state_seed_and_iterations_give_the_same_move_and_visits(tree):
    s = guildes_start(4, 2)
    runs = []
    for _ in range(2):
        p = make_player("ismcts", seed=99, tree=tree)
        m = p.choose(s, 1, Limits(iterations=ITERS))
        runs.append((m, [(x.move, x.visits) for x in p.last_info.moves]))
    assert runs[0] == runs[1]
    assert sum(v for _, v in runs[0][1]) == ITERS


def test_final_move_is_the_most_visited():
    p = make_player("ismcts", seed=5)
    m = p.choose(guildes_start(), 0, Limits(iterations=ITERS))
    assert m == max(p.last_info.moves, key=lambda x: x.visits).move


def test_info_reports_visits_values_tree_size_and_pv():
    seen = []
    p = make_player("ismcts", seed=5)
    m = p.choose(guildes_start(), 0, Limits(iterations=ITERS), on_info=seen.append)
    info = p.last_info
    assert seen and seen[-1] is info
    assert info.iterations == ITERS and info.nodes > 1 and info.ips > 0 and info.best == m
    assert all(len(x.value) == 4 and all(0.0 <= v <= 1.0 for v in x.value) for x in info.moves if x.visits)
    assert info.pv[0] == (0, m)


def test_stop_flag_ends_an_infinite_search_quickly_with_a_move():
    s = guildes_start()
    stop = threading.Event()
    p = make_player("ismcts", seed=3)
    out = {}
    th = threading.Thread(target=lambda: out.setdefault("m", p.choose(s, 0, Limits(infinite=True), stop=stop)))
    th.start()
    time.sleep(0.3)
    t0 = time.perf_counter()
    stop.set()
    th.join(5)
    lag = time.perf_counter() - t0
    assert out["m"] in s.legal_moves(0)
    assert p.last_info.iterations > 0
    assert lag < (0.05 if COMPILED else 0.5)


def test_movetime_is_respected():
    t0 = time.perf_counter()
    make_player("ismcts", seed=3).choose(guildes_start(), 0, Limits(movetime=0.2))
    assert 0.19 <= time.perf_counter() - t0 < 0.6


def test_clock_budget_follows_the_time_policy():
    assert move_budget(40.0, 0.0) == pytest.approx(2.0)
    t0 = time.perf_counter()
    make_player("ismcts", seed=3).choose(guildes_start(), 0, Limits(clock=[2.0] * 4, increment=[0.0] * 4))
    assert time.perf_counter() - t0 < 0.5


def test_node_visit_limit_stops_the_search():
    p = make_player("ismcts", seed=3)
    p.choose(guildes_start(), 0, Limits(nodes=50))
    assert 0 < p.last_info.iterations <= 50


def test_tree_stays_within_the_node_limit():
    p = make_player("ismcts", seed=3, max_nodes=64)
    p.choose(guildes_start(), 0, Limits(iterations=ITERS))
    assert p.last_info.tree_nodes <= 64 and p.last_info.tree_full <= 1000
    assert p.last_info.nodes > 64  # node visits, not the tree size


def _late_play_step():
    """Round 3, play phase, two cards left in each hand: few joint plays, so the
    next root is surely in the tree."""
    s = guildes_start(4, 8)
    g = s.game
    from engine.core import CHANCE, make_rng

    rng = make_rng(8)
    while not (g.phase(s) == 3 and int(s.buf[g.layout["round"]]) == 2
               and int(s.buf[g.layout["step"]]) == g.played - 2):
        for seat in s.to_move():
            moves = s.legal_moves(seat) if seat != CHANCE else [s.sample_chance(rng)]
            s.apply(seat, moves[rng.below(len(moves))] if seat != CHANCE else moves[0])
    return s


def subtree_size(s, node):
    return 1 + sum(subtree_size(s, c) for c, _v in s.children_of(node))


def test_tree_is_reused_when_the_new_root_is_in_the_old_tree():
    import itertools

    from cython_ext.select import load

    view_hash = load("ismcts").view_hash

    s = _late_play_step()
    p = make_player("ismcts", seed=3, keys="view", tree="so")
    m = p.choose(s, 0, Limits(iterations=ITERS))
    old = p._search
    # the others' hands are hidden, so find a joint play whose view the tree holds
    found = None
    for combo in itertools.product(*(s.legal_moves(i) for i in (1, 2, 3))):
        t = s.clone()
        for seat, mv in zip((0, 1, 2, 3), (m,) + combo):
            t.apply(seat, mv)
        node = old.find_node(view_hash(t.observe(0).buf, old.size))
        if node >= 0:
            found = t
            break
    assert found is not None
    kept = subtree_size(old, node)
    p.choose(found, 0, Limits(iterations=ITERS))
    # the tree kept, compacted (its root node 0): the subtree and this search's nodes
    assert p._search is old and old.get_roots()[0] == 0
    assert sum(x.visits for x in p.last_info.moves) >= ITERS and old.node_count() > kept
    p.new_game()
    assert p._search is None


def test_tree_is_not_reused_when_the_new_root_is_missing():
    # an SO tree keyed by views (reuse needs both: the defaults' trees are never reused), well
    # under half of max_nodes, and a joint play whose view the tree never reached
    import itertools

    from cython_ext.select import load

    view_hash = load("ismcts").view_hash
    s = _late_play_step()
    p = make_player("ismcts", seed=3, keys="view", tree="so", max_nodes=100_000)
    m = p.choose(s, 0, Limits(iterations=ITERS))
    old = p._search
    assert old.node_count() * 2 < 100_000
    missing = None
    for combo in itertools.product(*(s.legal_moves(i) for i in (1, 2, 3))):
        t = s.clone()
        for seat, mv in zip((0, 1, 2, 3), (m,) + combo):
            t.apply(seat, mv)
        if old.find_node(view_hash(t.observe(0).buf, old.size)) < 0:
            missing = t
            break
    assert missing is not None
    p.choose(missing, 0, Limits(iterations=ITERS))
    assert sum(x.visits for x in p.last_info.moves) == ITERS
    assert p._search is not old


def test_workers_merge_root_statistics():
    # the iteration budget is split between the processes; the statistics are summed
    p = make_player("ismcts", seed=3, workers=2)
    p.choose(guildes_start(), 0, Limits(iterations=ITERS))
    assert sum(x.visits for x in p.last_info.moves) == ITERS == p.last_info.iterations
    one = make_player("ismcts", seed=3)
    one.choose(guildes_start(), 0, Limits(iterations=ITERS // 2))
    assert p.last_info.nodes > one.last_info.nodes


@pytest.mark.parametrize("opts", [{"reward": "rank"}, {"reward": "score"}, {"tree": "mo"},
                                  {"rollout": "egreedy", "epsilon": 0.2}, {"exploration": 0.0}])
def test_option_variants_pick_legal_moves(opts):
    s = random_decision(guildes_start(), 4, 50)
    seat = s.to_move()[0]
    p = make_player("ismcts", seed=4, **opts)
    n = 20 if opts.get("rollout") == "egreedy" else ITERS
    assert p.choose(s, seat, Limits(iterations=n)) in s.legal_moves(seat)


@pytest.mark.parametrize("name", ["greedy", "flatmc", "pimc", "random"])
def test_baselines_share_the_interface(name):
    s = random_decision(guildes_start(), 6, 70)
    seat = s.to_move()[0]
    p = make_player(name, seed=2)
    assert p.choose(s, seat, Limits(iterations=ITERS)) in s.legal_moves(seat)
    with pytest.raises(BadConfig):
        make_player(name, nonsense=1)


def test_greedy_takes_the_best_immediate_gain():
    s = random_decision(guildes_start(), 6, 70)
    seat = s.to_move()[0]
    m = make_player("greedy", seed=1).choose(s, seat, Limits())
    gains = {mv: s.game.heuristic(s, seat, mv) for mv in s.legal_moves(seat)}
    assert gains[m] == max(gains.values())


def test_pimc_and_flatmc_are_deterministic():
    s = guildes_start(4, 12)
    for name in ("pimc", "flatmc"):
        a = make_player(name, seed=8)
        b = make_player(name, seed=8)
        assert a.choose(s, 2, Limits(iterations=ITERS)) == b.choose(s, 2, Limits(iterations=ITERS))
        assert [x.visits for x in a.last_info.moves] == [x.visits for x in b.last_info.moves]


def test_pimc_takes_the_kernel_heuristic_as_an_option():
    """``bias``/``rollout``/``epsilon`` reach each world's tree (its visits change); off by
    default, so the baseline is the same player with the options given at their defaults."""
    s = guildes_start(4, 12)
    plain = make_player("pimc", seed=8)
    plain.choose(s, 2, Limits(iterations=ITERS))
    same = make_player("pimc", seed=8, bias=0.0, rollout="random")
    same.choose(s, 2, Limits(iterations=ITERS))
    assert [x.visits for x in same.last_info.moves] == [x.visits for x in plain.last_info.moves]
    for opts in ({"bias": 4.0}, {"rollout": "egreedy", "epsilon": 0.2}):
        p = make_player("pimc", seed=8, **opts)
        assert p.choose(s, 2, Limits(iterations=ITERS)) in s.legal_moves(2)
        assert [x.visits for x in p.last_info.moves] != [x.visits for x in plain.last_info.moves]
    for bad in ({"bias": -1.0}, {"rollout": "greedy"}, {"epsilon": 2.0}):
        with pytest.raises(BadConfig):
            make_player("pimc", **bad)


def test_search_plays_whole_games_of_every_player_count():
    from tests.search.helpers import play_game

    for players in (3, 5, 6):
        # plumbing, not strength: the cheap random-rollout preset (the default's rollouts cost 9x interpreted)
        seats = {i: make_player("ismcts", seed=i, preset=CHEAP) if i == 0 else make_player("random", seed=i)
                 for i in range(players)}
        r = play_game("guildes", players, seats, players, Limits(iterations=5))
        assert sum(r) == pytest.approx(1.0)


@pytest.mark.parametrize("name", ["ismcts", "flatmc", "pimc"])
def test_omniscient_analysis_searches_the_true_state(name):
    """With every hidden value open the search depends on the hidden cards
    (unlike a normal search, see test_no_peeking)."""
    from engine.core import make_rng

    s = random_decision(guildes_start(), 9, 60)
    seat = s.to_move()[0]
    other = s.determinize(seat, make_rng(77))
    runs = []
    for st in (s, other):
        p = make_player(name, seed=4)
        m = p.choose(st, seat, Limits(iterations=ITERS), omniscient=True)
        assert m in st.legal_moves(seat)
        runs.append([(x.move, x.visits, x.value) for x in p.last_info.moves])
    assert runs[0] != runs[1]
