"""The common game API, exercised through Guildes, and its error paths."""
import json

import numpy as np
import pytest

import engine
from engine.core import CHANCE, make_rng, returns_from
from engine.errors import BadConfig, BadState, EditionError, IllegalMove, UnknownGame
from engine.layout import Layout
from engine.perft import perft, play_to_decision


def test_registry_lists_guildes_with_its_player_counts():
    games = engine.games()
    assert "guildes" in games
    assert (games["guildes"].min_players, games["guildes"].max_players) == (3, 6)


def test_game_names_are_forgiving_about_case_and_dashes():
    assert engine.game_class("Guildes") is engine.game_class("guildes")


def test_unknown_game_is_a_clear_error():
    with pytest.raises(UnknownGame, match="unknown game 'chess'"):
        engine.make("chess")


def test_unknown_variant_is_a_clear_error():
    with pytest.raises(BadConfig, match="no variant"):
        engine.make("guildes", players=4, variants=["nonsense"])


@pytest.mark.parametrize("content, message", [
    ("{not json", "not valid JSON"),
    ("[]", "top level must be an object"),
    ('{"guilds": []}', "'guilds' must be a list"),
])
def test_broken_edition_files_are_refused_with_one_line(tmp_path, content, message):
    path = tmp_path / "ed.json"
    path.write_text(content)
    with pytest.raises(EditionError, match=message) as info:
        engine.make("guildes", players=4, edition=str(path))
    assert "\n" not in str(info.value)


def test_missing_edition_file(tmp_path):
    with pytest.raises(EditionError, match="cannot read edition .*: No such file"):
        engine.make("guildes", players=4, edition=str(tmp_path / "none.json"))


def test_edition_that_is_a_directory(tmp_path):
    # a directory (or a pipe, a device) is refused before it is opened: reading one would block
    with pytest.raises(EditionError, match="not a regular file"):
        engine.make("guildes", players=4, edition=str(tmp_path))


def test_edition_schema_errors_name_the_guild(tmp_path):
    data = json.load(open(engine.make_game("guildes", 4).edition_path))
    data["guilds"][2]["votes"][1] = [11, -5]
    path = tmp_path / "ed.json"
    path.write_text(json.dumps(data))
    with pytest.raises(EditionError, match="guild knights: round 2"):
        engine.make("guildes", players=4, edition=str(path))


def test_a_user_edition_replaces_the_stand_in(tmp_path):
    data = json.load(open(engine.make_game("guildes", 4).edition_path))
    data["guilds"][2]["votes"][0] = [20]
    path = tmp_path / "ed.json"
    path.write_text(json.dumps(data))
    g = engine.make_game("guildes", 4, edition=str(path))
    t = np.zeros((4, g.G), dtype=np.intc)
    t[0, 2] = 1
    assert g.votes(t, 0)[0] == 20


def test_clone_is_independent():
    s = play_to_decision(engine.make("guildes", players=4, seed=1), 1)
    c = s.clone()
    c.apply(0, c.legal_moves(0)[0])
    assert c != s and s.to_move() == (0, 1, 2, 3)


def test_illegal_moves_leave_the_state_unchanged():
    s = play_to_decision(engine.make("guildes", players=4, seed=1), 1)
    before = s.buf.copy()
    for seat, move in [(0, 99), (0, -1), (CHANCE, 0), (7, 0)]:
        with pytest.raises(IllegalMove):
            s.apply(seat, move)
    assert (s.buf == before).all()


def test_state_strings_round_trip_and_bad_ones_are_refused():
    s = play_to_decision(engine.make("guildes", players=4, seed=1), 1)
    g = s.game
    assert g.parse_state(s.to_string()) == s
    text = s.to_string()
    for bad in [text.replace("round=0", "round=x"), text.replace("round=0 ", ""),
                text + " round=1", text.replace("phase=2", "phase=9"), "garbage"]:
        with pytest.raises(BadState):
            g.parse_state(bad)


def test_views_hide_hands_and_round_trip():
    s = play_to_decision(engine.make("guildes", players=4, seed=1), 1)
    view = s.observe(2)
    assert view.observer == 2
    assert "?" in view.to_string()
    assert s.game.parse_state(view.to_string()) == view
    with pytest.raises(BadState):
        view.observe(1)


def test_the_seed_makes_the_dealer_deterministic():
    a = play_to_decision(engine.make("guildes", players=4, seed=5), 0)
    b = engine.make("guildes", players=4, seed=5)
    while b.to_move() == (CHANCE,):
        b.apply(CHANCE, b.sample_chance())
    c = engine.make("guildes", players=4, seed=5)
    while c.to_move() == (CHANCE,):
        c.apply(CHANCE, c.sample_chance())
    assert b == c
    assert a.to_move() == b.to_move()


def test_returns_modes():
    assert returns_from([(1,), (3,), (3,)], [1, 3, 3], "win", 10) == [0.0, 0.5, 0.5]
    assert returns_from([(1,), (3,), (2,)], [1, 3, 2], "rank", 10) == [0.0, 1.0, 0.5]
    r = returns_from([(1,), (3,)], [1, 3], "score", 10)
    assert r[1] > 0.5 > r[0]
    with pytest.raises(BadConfig):
        returns_from([(1,)], [1], "nope", 10)


def test_perft_counts_chance_and_choices():
    s = engine.make("guildes", players=3, seed=0)
    assert perft(s, 1) == len(s.chance_outcomes())
    d = play_to_decision(s, 0)
    assert perft(d, 1) == len(d.legal_moves(d.to_move()[0]))


def test_layout_rejects_duplicates_and_parses_unknowns():
    with pytest.raises(ValueError):
        Layout([("a", 1), ("a", 2)])
    lay = Layout([("a", 2)])
    assert lay.loads("a=?,3").tolist() == [-1, 3]
    with pytest.raises(BadState):
        lay.loads("a=1")


def test_determinize_is_seeded_and_reads_only_the_view():
    s = play_to_decision(engine.make("guildes", players=5, seed=2), 2)
    for seat in range(5):
        w1 = s.determinize(seat, make_rng(9))
        w2 = s.observe(seat).determinize(seat, make_rng(9))
        assert w1 == w2 and w1.observe(seat) == s.observe(seat)


@pytest.mark.parametrize("name", ["guildes", "between_two_cities", "city_and_guilds", "walled_city"])
def test_sample_chance_takes_a_seed_as_determinize_does(name):
    # an audit of the edition files (session 52): a plain int seed was a TypeError here alone
    s = engine.make(name, seed=4)
    assert s.to_move() == (CHANCE,)
    for seed in (0, 7, 2**40):
        assert s.sample_chance(seed) == s.sample_chance(make_rng(seed))
    rng = make_rng(9)
    draws = [s.sample_chance(rng) for _ in range(4)]
    again = make_rng(9)
    assert draws == [s.sample_chance(again) for _ in range(4)]  # a kernel Rng is used, not copied
