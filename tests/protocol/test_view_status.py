"""``status`` on a seat's view names the same seats to move as on the full state
(issue 14), in every game, through a real engine process: a seat that already
made its part of a simultaneous choice is not to move in anybody's view."""
import random

import pytest

from tests.protocol.conftest import expect, start

PLIES = 60  # decisions walked per game (each checked from every seat's view)


@pytest.fixture(scope="module")
def eng():
    e = start()
    yield e
    e.quit()


def tomove(e) -> str:
    return expect(e, "status")[0].split()[2]


def check_views(e, players: int) -> list[str]:
    """Every seat's view, loaded with ``position``, against the full state; the mismatches."""
    [full] = expect(e, "view")
    want = tomove(e)
    bad = []
    views = [expect(e, f"view {seat}")[0] for seat in range(players)]
    for seat, view in enumerate(views):
        assert expect(e, "position " + view[len("view "):]) == []
        got = tomove(e)
        if got != want:
            bad.append(f"seat {seat}'s view: tomove {got}, full state: {want}")
    assert expect(e, "position " + full[len("view "):]) == []
    assert tomove(e) == want
    return bad


@pytest.mark.parametrize("game,players", [
    ("walled_city", 2), ("between_two_cities", 3), ("city_and_guilds", 3),
    ("guildes", 3), ("guildes", 4),
])
def test_status_on_a_view_agrees_with_the_full_state(eng, game, players):
    rnd = random.Random(5)
    assert expect(eng, f"newgame {game} players {players} seed 5") == []
    bad, partial = [], 0
    for _ in range(PLIES):
        movers = tomove(eng)
        if movers == "none":
            break
        if movers != "chance":
            seats = movers.split(",")
            # a simultaneous step is played one seat at a time, in a random order, so
            # positions where some seats have chosen and others not are checked too
            seat = rnd.choice(seats)
            partial += len(seats) > 1
            bad += check_views(eng, players)
            assert expect(eng, f"play seat {seat} random") == []
        else:
            assert expect(eng, "play random") == []
    if game != "walled_city":
        assert partial > 0  # the walk met simultaneous steps
    assert not bad, bad[:5]
