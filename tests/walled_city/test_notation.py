"""Move notation, state strings, drawing and edition errors."""
from __future__ import annotations

import json
import random

import pytest

import engine
from engine.errors import BadConfig, BadMove, BadState, EditionError
from tests.walled_city.helpers import f, game, setup_state


def test_every_legal_move_round_trips_through_notation():
    for players, variants in ((2, ()), (3, ("borderlands",)), (4, ("mixed-guilds",))):
        s = game(players, variants).new_initial_state(3)
        rnd = random.Random(players)
        while not s.is_terminal():
            seat = s.to_move()[0]
            moves = s.legal_moves(seat)
            texts = [s.move_to_string(seat, m) for m in moves]
            assert len(set(texts)) == len(texts)
            for m, t in zip(moves, texts):
                assert s.parse_move(seat, t) == m and not t.startswith("#")
            s.apply(seat, rnd.choice(moves))


@pytest.mark.parametrize("garbage", ["", "road", "road P99", "fly away", "card 9/9", "nobles x", "\x00"])
def test_garbage_moves_raise_badmove(garbage):
    s = setup_state(3)
    with pytest.raises(BadMove):
        s.parse_move(0, garbage)


def test_state_string_round_trips_and_rejects_nonsense():
    s = setup_state(3)
    g = s.game
    assert g.parse_state(s.to_string()) == s
    with pytest.raises(BadState):
        g.parse_state(s.to_string().replace("phase=1", "phase=77"))
    with pytest.raises(BadState):
        g.parse_state("phase=1")


def test_drawing_shows_board_and_masks_hidden_cards():
    s = setup_state(3, ("borderlands",))
    text = s.draw()
    for word in ("Centre", "Rim8", "T7", "Defense zones", "display", "Gaps"):
        assert word in text
    masked = s.draw(1)
    assert "hand [?]" in masked and "view of seat 1" in masked


def test_unknown_variant_and_player_count():
    with pytest.raises(BadConfig):
        engine.make_game("walled_city", 5)
    with pytest.raises(BadConfig):
        engine.make_game("walled_city", 3, ("mars",))


def _edition(tmp_path, mutate):
    g = game(3)
    data = json.loads(json.dumps(g.edition))
    mutate(data)
    p = tmp_path / "ed.json"
    p.write_text(json.dumps(data))
    return str(p)


@pytest.mark.parametrize("mutate,words", [
    (lambda d: d.pop("cards"), "cards"),
    (lambda d: d["boards"]["londonderry"]["paths"].append({"a": [99], "b": [0]}), "path"),
    (lambda d: d["boards"]["borderlands"]["die_spots"].pop(), "die_spots"),
    (lambda d: d["boards"]["londonderry"]["zones"].pop(), "two nearest"),
    (lambda d: d["boards"]["londonderry"]["gaps"][0].update(towers=[1, 1]), "different towers"),
    (lambda d: d["guilds"][0].update(priority=40), "priority"),
    (lambda d: d["boards"]["londonderry"]["setup"]["3"].update(offcolour=1), "offcolour"),
])
def test_broken_edition_gives_a_clear_error(tmp_path, mutate, words):
    path = _edition(tmp_path, mutate)
    with pytest.raises(EditionError, match=words):
        engine.make_game("walled_city", 3, (), path)


def test_user_edition_file_replaces_the_stand_in(tmp_path):
    def rename(d):
        d["boards"]["londonderry"]["areas"][0] = "Diamond"
    g = engine.make_game("walled_city", 3, (), _edition(tmp_path, rename))
    assert "Diamond" in g.new_initial_state(0).draw()
