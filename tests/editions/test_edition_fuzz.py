"""Editions mutated from the stand-in files are refused with an error naming the
field, or play random games to the end (State API and the kernel's playout).

The longer sweep is bench/sweep_editions.py (figures in docs/games/*.md).
"""
from __future__ import annotations

import json

import pytest

import engine
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.editions.mutate import CONFIGS, GAMES, check_played, mutate, names_field, standin, try_edition


class DrawChooser:
    def __init__(self, data) -> None:
        self.data = data

    def pick(self, seq: list):
        return self.data.draw(st.sampled_from(seq))

    def below(self, n: int) -> int:
        return self.data.draw(st.integers(0, n - 1))


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=40, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large])
@given(data=st.data())
def test_mutated_edition_is_refused_by_name_or_plays_to_the_end(tmp_path, game, data):
    ch = DrawChooser(data)
    edition, paths = mutate(standin(game), ch, data.draw(st.integers(1, 3)))
    players, variants = ch.pick(CONFIGS[game])
    seed = data.draw(st.integers(0, 2**30))
    import random

    rnd = random.Random(seed)
    path = str(tmp_path / "ed.json")
    kind, detail = try_edition(game, edition, path, players, variants, rnd.randrange)
    if kind == "refused":
        assert "\n" not in detail
        assert names_field(detail, paths), f"{detail!r} names none of {paths}"
    else:
        check_played(game, path, players, variants, seed, rnd.randrange)


def _rename_building(d: dict, i: int, name: str) -> None:
    """Rename a building kind everywhere (the duplex tiles too): only the name's case is wrong."""
    old = d["buildings"][i]["name"]
    d["buildings"][i]["name"] = name
    for t in d["duplex"]:
        for side in ("left", "right"):
            if t[side] == old:
                t[side] = name


@pytest.mark.parametrize("game", GAMES)
def test_configs_cover_every_player_count_and_variant(game):
    """The fuzzer's configurations reach every player count the game accepts and every
    variant (bar the strength matches' ``no-powers-*`` seats, which change no table)."""
    from engine.registry import game_class

    cls = game_class(game)
    assert {p for p, _ in CONFIGS[game]} == set(range(cls.min_players, cls.max_players + 1))
    wanted = {v.name for v in cls.variant_list if not v.name.startswith("no-powers-")}
    assert wanted <= {v for _, vs in CONFIGS[game] for v in vs}
    for players, variants in CONFIGS[game]:
        engine.make_game(game, players, variants)


@pytest.mark.parametrize("game, change, words", [
    # the walled-in mat: the first tile would leave seat 0 without a move
    ("between_two_cities", lambda d: d["mats"].__setitem__(0, {"rows": ["LL.", "LoL", ".L."]}), r"mats\[0\]"),
    ("between_two_cities", lambda d: d.update(hand=7), "hand"),
    ("between_two_cities", lambda d: d.update(window=4), "window"),
    ("between_two_cities", lambda d: d["beginner"].update(hand=9), "beginner.hand"),
    ("between_two_cities", lambda d: d["districts"].update(apart=["park", "shop"]), "districts.apart"),
    ("between_two_cities", lambda d: d["buildings"][0].update(count=2**40), r"buildings\[0\] \(factory\).count"),
    ("between_two_cities", lambda d: d["buildings"][0].update(count="16"), r"buildings\[0\] \(factory\).count"),
    ("between_two_cities", lambda d: d["districts"]["points"][0].__setitem__(0, 2**63), "districts.points"),
    ("between_two_cities", lambda d: d.update(windw=5), "unknown key 'windw'"),
    ("walled_city", lambda d: d["boards"]["londonderry"].update(zones=d["boards"]["londonderry"]["zones"][:7]),
     "zones"),
    ("walled_city", lambda d: d["boards"]["londonderry"]["setup"]["4"].update(
        discard=[list(c) for c in d["cards"][:9]]), "cannot pay"),
    ("walled_city", lambda d: d.update(die_faces=6), "die_faces"),
    ("guildes", lambda d: d["guilds"][1].update(copies=2**40), "guild alchemists: 'copies'"),
    ("guildes", lambda d: d["guilds"][1].update(copies=12.5), "guild alchemists: 'copies'"),
    ("guildes", lambda d: d["players"]["4"].update(dealt=True), "players 4: 'dealt'"),
    # names that moves print and parse back (lower-cased): one lower-case word, one card each
    ("between_two_cities", lambda d: _rename_building(d, 0, "Factory"), r"buildings\[0\].*lower-case"),
    ("between_two_cities", lambda d: d["duplex"].append(dict(d["duplex"][0])),
     r"duplex\[\d+\]: \w+-\w+ is already duplex\[0\]"),
    ("between_two_cities", lambda d: d["mats"][1].update(name=d["mats"][0]["name"]),
     r"mats\[1\]: name '\w+' already names mats\[0\]"),
    ("between_two_cities", lambda d: d["mats"][0].update(name="Big Lake"), r"mats\[0\]: name 'Big Lake'"),
    ("guildes", lambda d: d["events"][1].update(name=d["events"][0]["name"]),
     r"events\[1\]: name 'one-fewer' already names events\[0\]"),
    ("guildes", lambda d: d["events"][2].update(name="Sequential"), r"events\[2\]: name 'Sequential'"),
    ("guildes", lambda d: d["tricks"][3].update(name=d["tricks"][2]["name"]),
     r"tricks\[3\]: name 'sacrifice' already names tricks\[2\]"),
    ("guildes", lambda d: d["tricks"][4].update(letter="B"), r"tricks\[4\]: letter B after D: list the tricks"),
    ("guildes", lambda d: d["tricks"][0].update(letter="a"), r"tricks\[0\]: 'letter' must be one capital"),
    ("city_and_guilds", lambda d: d["values"].update(block=True), "values.block"),
    ("city_and_guilds", lambda d: d.update(extra=1), "unknown key 'extra'"),
])
def test_broken_values_are_refused_with_the_field(tmp_path, game, change, words):
    import engine
    from engine.errors import EditionError

    data = standin(game)
    change(data)
    path = tmp_path / "ed.json"
    path.write_text(json.dumps(data))
    players = {"guildes": 4, "between_two_cities": 3, "city_and_guilds": 3, "walled_city": 4}[game]
    with pytest.raises(EditionError, match=words):
        engine.make(game, players=players, edition=str(path))


def test_dot_cells_are_not_part_of_the_mat(tmp_path):
    """A '.' column beside a 3-wide mat must not push the city window off the mat."""
    import engine
    from engine.between_two_cities.edition import mat_geometry

    rows = [".LLL.", ".LLo.", "....."]
    _, _, _, box = mat_geometry([{"rows": rows}])
    r0, r1, c0, c1 = (int(v) for v in box[0])
    assert (r1 - r0 + 1, c1 - c0 + 1) == (2, 3)
    data = standin("between_two_cities")
    for m in data["mats"]:
        m["rows"] = rows
    path = tmp_path / "ed.json"
    path.write_text(json.dumps(data))
    s = engine.make("between_two_cities", players=3, edition=str(path), seed=4)
    import random

    from tests.editions.mutate import play_out
    assert play_out(s, random.Random(4).randrange) > 0 and s.is_terminal()


@pytest.mark.parametrize("what", ["fifo", "device", "deep", "digits"])
def test_editions_that_cannot_be_read_are_refused_not_waited_on(tmp_path, what):
    # a named pipe or a device would block or fill memory; deep nesting or a number past
    # Python's digit limit raised outside EditionError (the protocol audit of session 23)
    import os
    path = tmp_path / "e.json"
    if what == "fifo":
        os.mkfifo(path)
    elif what == "device":
        path = "/dev/zero"
    elif what == "deep":
        path.write_text('{"a": ' + "[" * 5000 + "]" * 5000 + "}")
    else:
        path.write_text('{"a": ' + "9" * 5000 + "}")
    from engine.errors import EditionError
    with pytest.raises(EditionError):
        engine.make_game("guildes", 3, (), str(path))
