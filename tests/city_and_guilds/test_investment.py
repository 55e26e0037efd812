"""Guild investment tracks (rulebook: Player's Turn, Guild Investment)."""
import pytest

from tests.city_and_guilds.helpers import f, place, position

CANDLE, SMITHS = 0, 3


def pos(s, g, p):
    return int(f(s, "inv")[g * s.players + p]), int(f(s, "istamp")[g * s.players + p])


def order(s, g):
    P = s.players
    inv, st = f(s, "inv"), f(s, "istamp")
    ps = [p for p in range(P) if inv[g * P + p] > 0]
    return sorted(ps, key=lambda p: (-inv[g * P + p], st[g * P + p]))


BLUE, RED, YELLOW, GREEN = 0, 1, 2, 3
TRACK1 = {CANDLE: [(BLUE, 4), (YELLOW, 3), (RED, 2)]}


def test_rulebook_example_1_one_step_goes_below_yellow_and_stays_third():
    s = position(tiles={"e1": ("minstrel", None, 0)}, hands={RED: ["building-candlemakers"] * 3},
                 cur=RED, tracks=TRACK1)
    place(s, RED, "place building-candlemakers f1")
    assert pos(s, CANDLE, RED)[0] == 3
    assert order(s, CANDLE) == [BLUE, YELLOW, RED]


def test_rulebook_example_1_two_steps_go_below_blue_in_second_place():
    s = position(tiles={"e1": ("minstrel", None, 0)}, hands={RED: ["market-candlemakers"] * 3},
                 cur=RED, tracks=TRACK1)
    place(s, RED, "place market-candlemakers f1")
    assert order(s, CANDLE) == [BLUE, RED, YELLOW]


TRACK2 = {SMITHS: [(0, 3), (1, 3), (3, 3), (2, 2)]}  # three cubes on 3, yellow (2) on 2


@pytest.mark.parametrize("text", ["place building-blacksmiths f1"])
def test_rulebook_example_2_no_fourth_cube_so_a_building_gains_nothing(text):
    s = position(players=5, tiles={"e1": ("minstrel", None, 0)},
                 hands={2: ["building-blacksmiths", "market-blacksmiths", "minstrel"]},
                 cur=2, tracks=TRACK2)
    before = pos(s, SMITHS, 2)
    assert text in [s.move_to_string(2, m) for m in s.legal_moves(2)]  # still playable
    place(s, 2, text)
    assert pos(s, SMITHS, 2) == before
    assert f(s, "men")[2] == s.game.men0 - 1  # the man is still placed


def test_rulebook_example_2_a_market_jumps_into_first_place():
    s = position(players=5, tiles={"e1": ("minstrel", None, 0)},
                 hands={2: ["building-blacksmiths", "market-blacksmiths", "minstrel"]},
                 cur=2, tracks=TRACK2)
    place(s, 2, "place market-blacksmiths f1")
    assert pos(s, SMITHS, 2)[0] == 4 and order(s, SMITHS)[0] == 2


def test_space_zero_holds_any_number_of_cubes_and_they_are_not_on_the_track():
    s = position(players=5, tiles={"e1": ("minstrel", None, 0)},
                 hands={4: ["building-blacksmiths"] * 3}, cur=4)
    assert all(pos(s, SMITHS, p)[0] == 0 for p in range(5))
    assert order(s, SMITHS) == []
    place(s, 4, "place building-blacksmiths f1")
    assert order(s, SMITHS) == [4]


def test_building_gives_a_man_and_one_step_or_two_men_and_no_step():
    s = position(tiles={"e1": ("minstrel", None, 0)}, hands={0: ["building-candlemakers"] * 3})
    place(s, 0, "place building-candlemakers f1")
    assert pos(s, CANDLE, 0)[0] == 1 and f(s, "men")[0] == s.game.men0 - 1
    s = position(tiles={"e1": ("minstrel", None, 0)}, hands={0: ["building-candlemakers"] * 3})
    place(s, 0, "place building-candlemakers f1 two-men")
    assert pos(s, CANDLE, 0)[0] == 0 and f(s, "men")[0] == s.game.men0 - 2


def test_with_no_men_a_building_is_placed_and_gains_the_single_step():
    s = position(tiles={"e1": ("minstrel", None, 0)}, hands={0: ["building-candlemakers"] * 3},
                 men={0: 0})
    texts = [s.move_to_string(0, m) for m in s.legal_moves(0)]
    assert "place building-candlemakers f1" in texts
    assert "place building-candlemakers f1 two-men" not in texts
    place(s, 0, "place building-candlemakers f1")
    assert pos(s, CANDLE, 0)[0] == 1 and f(s, "nmen")[s.game.map.names.index("f1")] == 0


def test_with_one_man_left_two_men_cannot_be_placed():
    s = position(tiles={"e1": ("minstrel", None, 0)}, hands={0: ["building-candlemakers"] * 3},
                 men={0: 1})
    texts = [s.move_to_string(0, m) for m in s.legal_moves(0)]
    assert "place building-candlemakers f1" in texts
    assert "place building-candlemakers f1 two-men" not in texts


def test_market_gives_two_steps_and_no_man():
    s = position(tiles={"e1": ("minstrel", None, 0)}, hands={0: ["market-candlemakers"] * 3})
    texts = [s.move_to_string(0, m) for m in s.legal_moves(0)]
    assert not any(t.endswith("two-men") or t.endswith(" man") for t in texts)
    place(s, 0, "place market-candlemakers f1")
    assert pos(s, CANDLE, 0)[0] == 2 and f(s, "men")[0] == s.game.men0
    assert f(s, "nmen")[s.game.map.names.index("f1")] == 0


def test_minstrels_house_takes_at_most_one_man_and_no_investment():
    s = position(tiles={"e1": ("minstrel", None, 0)}, hands={0: ["minstrel"] * 3})
    texts = [s.move_to_string(0, m) for m in s.legal_moves(0)]
    assert "place minstrel f1" in texts and "place minstrel f1 man" in texts
    assert "place minstrel f1 two-men" not in texts
    place(s, 0, "place minstrel f1 man")
    assert f(s, "men")[0] == s.game.men0 - 1
    assert all(f(s, "inv")[g * 4] == 0 for g in range(4))
