"""``go ... searchmoves``: the search itself considers only the listed root moves (issue 14).

Every iteration of a tree or flat search visits exactly one root move of the
searching seat, so the root visits summed over the allowed moves equal the
iterations: a search that still spent visits on other moves (and only
filtered its answer) fails that.  Every engine, against a real engine process.
"""
import pytest

from cython_ext import pure_python_forced
from tests.protocol.conftest import expect, go, start

NODES = 200 if pure_python_forced() else 600  # interpreted kernels: the same check, smaller

# (engine, options): engines whose root visits add up to their iterations
COUNTING = [("ismcts", {"Tree": "so"}), ("ismcts", {"Tree": "mo"}), ("ismcts", {"Workers": "2"}),
            ("textbook", {}), ("flatmc", {}), ("pimc", {})]


@pytest.fixture(scope="module")
def eng():
    e = start()
    yield e
    e.quit()


def deal(e, game: str, players: int, seed: int = 7) -> list[str]:
    assert expect(e, f"newgame {game} players {players} seed {seed}") == []
    while expect(e, "status")[0].split()[2] == "chance":
        assert expect(e, "play random") == []
    movers = expect(e, "status")[0].split()[2]
    assert expect(e, "seat " + movers.split(",")[0]) == []
    return expect(e, "validmoves " + movers.split(",")[0])[0].split(" moves ")[1].split("; ")


def search(e, engine: str, options: dict, line: str) -> tuple[list[str], dict[str, int], int]:
    """Lines of one ``go``, the root visits of the last ``info moves`` line, and its iterations."""
    assert expect(e, f"setoption name Engine value {engine}") == []
    assert expect(e, "setoption name InfoMoves value 1000") == []
    for k, v in options.items():
        assert expect(e, f"setoption name {k} value {v}") == []
    try:
        lines = go(e, line)
    finally:
        defaults = {"Tree": "so", "Workers": "1"}
        for k in options:
            expect(e, f"setoption name {k} value {defaults[k]}")
    assert not [x for x in lines if x.startswith("error")], lines
    summary = [x for x in lines if x.startswith("info seat")][-1].split()
    iterations = int(summary[summary.index("iterations") + 1])
    visits = {}
    moves = [x for x in lines if x.startswith("info moves ")]
    if moves:
        for item in moves[-1][len("info moves "):].split("; "):
            n, _value, move = item.split(" ", 2)
            visits[move] = int(n)
    return lines, visits, iterations


@pytest.mark.parametrize("engine,options", COUNTING, ids=lambda x: x if isinstance(x, str) else "-".join(x.values()))
@pytest.mark.parametrize("game,players", [("guildes", 3), ("city_and_guilds", 3), ("walled_city", 2)])
def test_root_visits_go_only_to_the_searchmoves(eng, engine, options, game, players):
    legal = deal(eng, game, players)
    allowed = legal[-2:]
    lines, visits, iterations = search(eng, engine, options, f"go nodes {NODES} searchmoves " + "; ".join(allowed))
    assert lines[-1] in {"bestmove " + m for m in allowed}
    assert set(visits) <= set(allowed) and visits
    # no visit went elsewhere: filtering only the answer leaves this sum short of the iterations
    assert sum(visits.values()) == iterations > 0


def near_the_end(e, game: str, players: int, seed: int = 3) -> list[str]:
    """Play ``game`` out at random, then step back to the last position where one seat
    alone chooses among at least three moves; that seat's legal moves."""
    assert expect(e, f"newgame {game} players {players} seed {seed}") == []
    while "over no" in expect(e, "status")[0]:
        assert expect(e, "play random") == []
    while True:
        assert expect(e, "undo 1") == []
        mover = expect(e, "status")[0].split()[2]
        if mover != "chance" and "," not in mover:
            legal = expect(e, "validmoves")[0].split(" moves ")[1].split("; ")
            if len(legal) >= 3:
                assert expect(e, "seat auto") == []
                return legal


@pytest.mark.parametrize("game,players", [("guildes", 3), ("walled_city", 2)])
def test_the_solver_solves_only_the_searchmoves(eng, game, players):
    legal = near_the_end(eng, game, players)
    allowed = legal[1:3]
    lines, values, iterations = search(eng, "solver", {}, "go movetime 5000 searchmoves " + "; ".join(allowed))
    assert lines[-1] in {"bestmove " + m for m in allowed}
    assert sorted(values) == sorted(allowed)  # each world solved both, and nothing else
    assert set(values.values()) == {iterations}


@pytest.mark.parametrize("engine", ["greedy", "random"])
def test_other_engines_answer_only_searchmoves(eng, engine):
    legal = deal(eng, "guildes", 3)
    allowed = legal[:2]
    lines, visits, _ = search(eng, engine, {}, "go nodes 2000 searchmoves " + "; ".join(allowed))
    assert lines[-1] in {"bestmove " + m for m in allowed}
    assert set(visits) <= set(allowed)


@pytest.mark.parametrize("name", ["ismcts", "textbook", "flatmc", "pimc", "solver", "greedy", "random"])
def test_every_player_keeps_its_root_statistics_to_the_searchmoves(name):
    # the search layer itself (no protocol filtering in between): Limits.searchmoves
    import engine
    from engine.perft import play_to_decision
    from search.api import Limits, make_player

    s = play_to_decision(engine.make("walled_city", players=2, seed=4), 3)
    seat = s.to_move()[0]
    allowed = s.legal_moves(seat)[-3:-1]
    p = make_player(name, seed=1)
    assert p.choose(s, seat, Limits(nodes=400, searchmoves=allowed)) in allowed
    assert {m.move for m in p.last_info.moves} <= set(allowed)
    assert p.last_info.best in allowed


def test_a_single_searchmove_is_the_answer_and_a_foreign_one_is_refused(eng):
    legal = deal(eng, "guildes", 3)
    lines, _, _ = search(eng, "ismcts", {}, f"go nodes 200 searchmoves {legal[3]}")
    assert lines[-1] == f"bestmove {legal[3]}"
    lines = go(eng, "go nodes 200 searchmoves nosuchmove")
    assert lines[0].startswith("error ") and lines[-1] == "bestmove none"


@pytest.mark.skipif(pure_python_forced(), reason="compares the compiled loop with the interpreted one")
@pytest.mark.parametrize("tree", ["so", "mo"])
def test_the_root_mask_is_the_same_in_the_compiled_and_the_interpreted_loop(tree):
    import engine
    from engine.perft import play_to_decision
    from search.api import Limits, make_player

    s = play_to_decision(engine.make("guildes", players=3, seed=2), 1)
    seat = s.to_move()[0]
    allowed = s.legal_moves(seat)[1:4]
    stats = []
    for impl in ("compiled", "python"):
        p = make_player("ismcts", seed=5, tree=tree, impl=impl)
        p.choose(s, seat, Limits(iterations=150, searchmoves=allowed))
        stats.append([(m.move, m.visits) for m in p.last_info.moves])
    assert stats[0] == stats[1] and {m for m, _ in stats[0]} <= set(allowed)
    assert sum(v for _, v in stats[0]) == 150
