"""Move notation, state strings, drawing and edition files."""
import json

import pytest

import engine
from engine.errors import BadMove, BadState, EditionError, IllegalMove
from tests.city_and_guilds.helpers import game, place, position


def test_move_strings_round_trip_for_every_legal_move():
    s = position(tiles={"e1": ("minstrel", None, 0)},
                 hands={0: ["building-bakers", "market-candlemakers", "minstrel"]})
    for m in s.legal_moves(0):
        assert s.parse_move(0, s.move_to_string(0, m)) == m
    assert s.move_to_string(0, s.parse_move(0, "place market-candlemakers f1")) == \
        "place market-candlemakers f1"


@pytest.mark.parametrize("text", ["", "place", "place market-bakers", "place market-bakers z99",
                                  "place cheese e4", "place market-bakers e4 two-men",
                                  "place building-bakers e4 man", "draw 7", "draw x", "tavern",
                                  "discard", "discard nothing", "jump", "place minstrel e4 two-men"])
def test_garbage_moves_raise_bad_move(text):
    s = position()
    with pytest.raises(BadMove):
        s.parse_move(0, text)


def test_well_formed_but_illegal_move_is_rejected_and_state_unchanged():
    s = position(tiles={"e1": ("minstrel", None, 0)}, hands={0: ["market-bakers"] * 3})
    before = s.clone()
    with pytest.raises(IllegalMove):
        place(s, 0, "place market-bakers a1")  # not adjacent to any tile
    with pytest.raises(IllegalMove):
        place(s, 0, "place minstrel f1")  # not in hand
    assert s == before


def test_state_and_view_strings_round_trip():
    s = position(tiles={"e1": ("building-bakers", 1, 2)})
    g = s.game
    assert g.parse_state(s.to_string()) == s
    v = s.observe(2)
    assert g.parse_state(v.to_string()) == v


def test_inconsistent_state_strings_are_rejected():
    s = position()
    g = s.game
    text = s.to_string()
    with pytest.raises(BadState):
        g.parse_state(text.replace("phase=3", "phase=9"))
    with pytest.raises(BadState):
        g.parse_state(text.replace("hsize=3,3,3,3", "hsize=2,3,3,3"))
    with pytest.raises(BadState):
        g.parse_state(text.replace("nmen=0", "nmen=5", 1))


def test_drawing_shows_tiles_men_owners_tracks_and_hides_hands():
    s = position(tiles={"e1": ("building-bakers", 1, 2), "f1": ("market-candlemakers", None, 0)},
                 hands={0: ["minstrel", "market-bakers", "building-bakers"]},
                 tracks={2: [(1, 3)]})
    text = s.draw()
    assert "Ba12" in text and "ca" in text and "block B: 2/8 value 10  white seat 1" in text
    assert "bakers        seat 1 at 3" in text
    assert "seat 0: £0  men 13  hand: building-bakers, market-bakers, minstrel" in text
    seen = s.draw(1)
    assert "seat 0: £0  men 13  hand: 3 hidden tiles" in seen


def test_edition_file_may_replace_the_stand_in(tmp_path):
    data = json.load(open(game(3).edition_path))
    data["map"] = ["AAAA.BBBB", "AAAA.BBBB", ".........", "CCCC.DDDD", "CCCC.DDDD",
                   ".........", "EEEE.FFFF", "EEEE.FFFF"]
    path = tmp_path / "small.json"
    path.write_text(json.dumps(data))
    s = engine.make("city_and_guilds", players=3, edition=str(path), seed=1)
    assert s.game.map.spaces == 48 and s.game.map.blocks == 6
    s.game.kernel.rollout(s.buf, engine.core.make_rng(2))
    assert s.is_terminal()


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(map=["AB", "A"]), "same length"),
    (lambda d: d.update(map=["A1"]), "capital letter"),
    (lambda d: d.update(map=["A..", "...", "..B"]), "linked"),
    (lambda d: d.pop("tiles"), "missing key"),
    (lambda d: d["tiles"].update(building=-1), "tiles.building"),
    (lambda d: d["men"].pop("5"), "men.5"),
    (lambda d: d.update(guilds=["a", "b"]), "guilds"),
    (lambda d: d["tiles"].update(building=9, market=5), "city tiles"),
    # more spaces than the edition schema allows (a sanity bound), in both modes alike
    (lambda d: (d.update(map=["AAAAAAAAAAAAA.BBBBBBBBBBBB"] * 42),
                d["tiles"].update(building=200, market=200, minstrel=200)), "1024 spaces"),
])
def test_broken_edition_gives_a_clear_error(tmp_path, change, message):
    data = json.load(open(game(3).edition_path))
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(EditionError, match=message):
        engine.make("city_and_guilds", players=3, edition=str(path))


def test_heuristic_prefers_investment_and_completing_a_block():
    s = position(tiles={n: ("minstrel", None, 0) for n in ("e1", "f1", "g1", "h1", "e2", "f2", "g2")},
                 hands={0: ["market-bakers", "building-bakers", "minstrel"]})
    g = s.game
    h = {s.move_to_string(0, m): g.heuristic(s, 0, m) for m in s.legal_moves(0)}
    assert h["place market-bakers c1"] > h["place building-bakers c1"] > h["place minstrel c1"]
    assert h["place minstrel h2 man"] > h["place minstrel c1 man"]  # h2 completes block B
