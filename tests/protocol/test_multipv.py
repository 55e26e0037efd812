"""MultiPV: one ``info multipv K`` line per best root move, each with its own line
descending the tree from that move (issue 14), against a real engine process."""
import pytest

from cython_ext import pure_python_forced
from guildhall.client import Engine, Limit
from tests.protocol.conftest import CHEAP, expect, go, start


ITERATIONS = 400 if pure_python_forced() else 3000  # interpreted: the same lines, shallower
# plumbing, not strength: Guildes' and City and Guilds' random-rollout preset (City and Guilds' default
# bias-16.0 values every node's ~150 placements, at every visit in an SO tree: 3 times the time interpreted)
CHEAP_GAMES = ("guildes", "city_and_guilds")


@pytest.fixture(scope="module")
def eng():
    e = start()
    yield e
    e.quit()


def multipv_lines(e, game: str, players: int, tree: str, k: int = 3, plies: int = 0) -> tuple[int, list[dict]]:
    assert expect(e, f"newgame {game} players {players} seed 4") == []
    for _ in range(plies):
        assert expect(e, "play random") == []
    while expect(e, "status")[0].split()[2] == "chance":
        assert expect(e, "play random") == []
    seat = int(expect(e, "status")[0].split()[2].split(",")[0])
    assert expect(e, "seat auto") == []
    preset = CHEAP if game in CHEAP_GAMES else "default"
    for line in ("setoption name Engine value ismcts", f"setoption name Tree value {tree}",
                 f"setoption name MultiPV value {k}", f"setoption name preset value {preset}"):
        assert expect(e, line) == []
    try:
        lines = go(e, f"go iterations {ITERATIONS}")
    finally:
        expect(e, "setoption name MultiPV value 1")
        expect(e, "setoption name Tree value so")
        expect(e, "setoption name preset value default")
    out = []
    for x in [x for x in lines if x.startswith("info multipv ")][-k:]:
        head, _, pv = x.partition(" pv ")
        words = head.split()
        out.append({"k": int(words[2]), "visits": int(words[words.index("visits") + 1]),
                    "pv": pv.split("; ")})
    assert lines[-1].startswith("bestmove ")
    return seat, out


@pytest.mark.parametrize("game,players,tree,plies", [
    ("guildes", 3, "so", 0), ("guildes", 3, "mo", 0), ("between_two_cities", 3, "so", 0),
    ("between_two_cities", 3, "mo", 0), ("city_and_guilds", 3, "so", 0), ("city_and_guilds", 3, "mo", 0),
    ("walled_city", 2, "so", 0), ("walled_city", 2, "mo", 30)])
def test_each_multipv_line_has_its_own_principal_variation(eng, game, players, tree, plies):
    seat, rows = multipv_lines(eng, game, players, tree, plies=plies)
    assert [r["k"] for r in rows] == [1, 2, 3]
    assert [r["visits"] for r in rows] == sorted((r["visits"] for r in rows), reverse=True)
    firsts = [r["pv"][0] for r in rows]
    assert len(set(firsts)) == 3 and all(f.startswith(f"seat {seat} ") for f in firsts)
    # not only the best move's line goes past the move itself
    assert all(len(r["pv"]) > 1 for r in rows), rows


def test_the_client_parses_multipv_lines():
    with Engine.popen() as e:
        e.configure({"MultiPV": 2, "Engine": "ismcts"})
        e.new_game("guildes", players=3, seed=4)
        while e.status().chance:
            e.push("random")
        info = e.analyse(Limit(iterations=ITERATIONS))
        assert len(info.multipv) == 2
        for m in info.multipv:
            seat, first = m.pv_items[0]
            assert seat == info.seat and first == m.move and len(m.pv) > 1
            assert m.visits > 0 and 0 < m.share <= 1 and len(m.value) == 3
        assert info.multipv[0].visits >= info.multipv[1].visits


def test_a_rival_that_has_chosen_leaves_the_line_to_the_seats_still_to_move(eng):
    # a Guildes pick with seat 0's card already chosen: the tree holds seat 0's sampled choice
    # at the root, but the line starts with the seats still to move (it used to be empty)
    assert expect(eng, "newgame guildes players 3 seed 7") == []
    while True:
        assert expect(eng, "play random") == []
        tomove = expect(eng, "status")[0].split()[2]
        if tomove == "0,1,2" and int(expect(eng, "status")[0].split()[4]) > 20:
            break
    first = expect(eng, "validmoves 0")[0].split(" moves ")[1].split("; ")[0]
    for line in (f"play seat 0 {first}", "seat 1", f"setoption name preset value {CHEAP}",
                 "setoption name MultiPV value 2"):
        assert expect(eng, line) == []
    try:
        lines = go(eng, "go iterations 200")
    finally:
        expect(eng, "setoption name MultiPV value 1")
    rows = [x.partition(" pv ")[2].split("; ") for x in lines if x.startswith("info multipv ")][-2:]
    assert len(rows) == 2
    for pv in rows:
        assert pv[0].startswith("seat 1 ") and pv[1].startswith("seat 2 "), rows
        assert not any(item.startswith("seat 0 ") for item in pv[:2])
