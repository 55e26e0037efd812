"""Investment tracks beyond the rulebook's two examples (rulebook: Guild Investment; ruling 7):
arrivals stack in order, and the last space of the track (40 on the stand-in, FACTS.md)."""
from __future__ import annotations

from cython_ext.city_and_guilds_layout import PLACE
from tests.city_and_guilds.helpers import f, place, position

CANDLE = 0
START = {"e1": ("minstrel", None, 0)}  # f1, g1, ... are next to a tile


def ranked(s, g=CANDLE) -> list[tuple[int, int]]:
    """(seat, space) off space 0, first place first: further, else there first."""
    P = s.players
    inv, st = f(s, "inv"), f(s, "istamp")
    on = [p for p in range(P) if inv[g * P + p] > 0]
    return [(p, int(inv[g * P + p])) for p in sorted(on, key=lambda p: (-inv[g * P + p], st[g * P + p]))]


def test_a_second_and_a_third_cube_go_behind_those_already_there():
    s = position(tiles=dict(START), hands={p: ["building-candlemakers"] * 3 for p in range(4)},
                 tracks={CANDLE: [(3, 1), (0, 1), (1, 1)]})
    for seat, cell in ((3, "f1"), (0, "g1"), (1, "h1")):  # 3, then 0, then 1 reach space 2
        f(s, "cur")[0] = seat
        place(s, seat, f"place building-candlemakers {cell}")
        f(s, "phase")[0] = PLACE  # back to a placing turn (the draws are not what is tested)
    assert ranked(s) == [(3, 2), (0, 2), (1, 2)]


def test_a_step_onto_the_last_space_is_made():
    s = position(tiles=dict(START), hands={0: ["building-candlemakers"] * 3},
                 tracks={CANDLE: [(0, 39)]})
    place(s, 0, "place building-candlemakers f1")
    assert ranked(s) == [(0, 40)]


def test_a_market_that_would_pass_the_last_space_gains_nothing():
    s = position(tiles=dict(START), hands={0: ["market-candlemakers"] * 3},
                 tracks={CANDLE: [(0, 39)]})
    place(s, 0, "place market-candlemakers f1")
    assert ranked(s) == [(0, 39)] and f(s, "tile")[s.game.map.names.index("f1")] == 1


def test_a_market_whose_landing_space_is_full_gains_nothing_even_if_the_next_is_free():
    s = position(players=5, tiles=dict(START), hands={4: ["market-candlemakers"] * 3}, cur=4,
                 tracks={CANDLE: [(0, 3), (1, 3), (2, 3), (4, 1)]})
    place(s, 4, "place market-candlemakers f1")
    assert ranked(s)[-1] == (4, 1)
