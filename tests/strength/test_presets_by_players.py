"""A preset file's ``default_by_players``: the preset ``default`` stands for at one table size
(search/presets.py, issue 18, session 13)."""
import json

import pytest
from click.testing import CliRunner

import engine
import search.presets as presets
from engine.errors import BadConfig
from engine.perft import play_to_decision
from search.api import Limits, make_player
from search.skill import with_skill

GAME = "between_two_cities"  # 2-7 players: a small and a full table in one game
FILE = {"default": "small", "default_by_players": {"7": "full", "6": "none"},
        "skill": {"preset": "calibrated"},
        "presets": {"small": {"options": {"exploration": 0.5}},
                    "full": {"options": {"exploration": 3.0}, "by_budget": {"10": {"final": "value"}}},
                    "calibrated": {"options": {"exploration": 1.0}}}}


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setattr(presets, "PRESET_DIR", str(tmp_path))
    return tmp_path


def write(folder, data, game=GAME):
    (folder / f"{game}.json").write_text(json.dumps(data))


def decision(players: int, seed: int = 1):
    return play_to_decision(engine.make(GAME, players=players, seed=seed), seed)


def test_default_resolves_per_number_of_seats(folder):
    write(folder, FILE)
    assert presets.resolve(GAME, players=7) == "full"
    assert presets.resolve(GAME, "default", players=3) == "small"  # no entry for 3: the file's default
    assert presets.resolve(GAME) == "small"  # no count: the file's default
    assert presets.resolve(GAME, players=6) == "none"  # an entry may name the built-in defaults
    assert presets.resolve(GAME, "small", players=7) == "small"  # a named preset is itself at any table
    assert presets.options_for(GAME, players=7) == {"exploration": 3.0}
    assert presets.options_for(GAME, players=7, budget=10) == {"exploration": 3.0, "final": "value"}
    assert presets.options_for(GAME, players=4, budget=10) == {"exploration": 0.5}
    assert presets.options_for(GAME, players=6) == {}
    assert presets.budget_steps(GAME, players=7) == ({"exploration": 3.0}, [(10, {"final": "value"})])
    assert presets.default_at(GAME, 7) == "full" and presets.default_at(GAME, 3) is None
    assert presets.default_at(GAME, None) is None


def test_skill_follows_its_calibrated_preset_at_every_table(folder):
    # the levels' Elo was measured with one preset: a per-count default must not move it
    write(folder, FILE)
    assert presets.resolve(GAME, "skill", players=7) == "calibrated"
    write(folder, {**FILE, "skill": {"preset": "default"}})
    assert presets.resolve(GAME, "skill", players=7) == "small"  # the file's default, not 7's
    write(folder, {k: v for k, v in FILE.items() if k != "skill"})
    assert presets.resolve(GAME, "skill", players=7) == "small"
    p = with_skill(make_player("ismcts", seed=1), 3)
    p.choose(decision(7), 0, Limits(iterations=8))
    assert p.inner.opts["exploration"] == 0.5 and p.inner.origin(GAME, 8, 7) == ("small", [], None)


@pytest.mark.parametrize("table,match", [
    (["7", "full"], "'default_by_players' must be an object"),
    ({"seven": "full"}, "key 'seven' is not a number of players"),
    ({"0": "full"}, "key '0' is not a number of players"),
    ({"100": "full"}, "key '100' is not a number of players"),
    ({"-7": "full"}, "key '-7' is not a number of players"),
    ({"07": "full"}, "key '07' is not a number of players"),
    ({" 7": "full"}, "key ' 7' is not a number of players"),
    ({"7.0": "full"}, "key '7.0' is not a number of players"),
    ({"7": "fulll"}, "default_by_players '7' names 'fulll', not a preset"),
    ({"7": "default"}, "default_by_players '7' names 'default', not a preset"),
    ({"7": "skill"}, "default_by_players '7' names 'skill', not a preset"),
    ({"7": 3}, "default_by_players '7' names 3, not a preset"),
])
def test_a_bad_entry_is_refused_when_the_file_is_read(folder, table, match):
    write(folder, {**FILE, "default_by_players": table})
    with pytest.raises(BadConfig, match=match):
        presets.load(GAME)
    # at any table, with any preset: a broken 7-player entry shows at a 3-player search
    with pytest.raises(BadConfig, match=match):
        make_player("ismcts", preset="small").choose(decision(3), 0, Limits(iterations=5))


def test_one_player_searches_each_table_with_its_default(folder):
    write(folder, FILE)
    for given in ({}, {"preset": "default"}):  # also 'default' given explicitly
        p = make_player("ismcts", seed=2, **given)
        p.choose(decision(3), 0, Limits(iterations=10))
        assert (p.opts["exploration"], p.opts["final"]) == (0.5, "visits")
        p.choose(decision(7), 0, Limits(iterations=10))
        assert (p.opts["exploration"], p.opts["final"]) == (3.0, "value")
        p.choose(decision(3), 0, Limits(iterations=10))  # the cache keeps the tables apart
        assert p.opts["exploration"] == 0.5
        assert p.options_for(GAME, 10, 3) is not p.options_for(GAME, 10, 7)
        assert p.origin(GAME, 10, 7) == ("full", [10], 7)
        assert p.origin(GAME, 10, 3) == ("small", [], None)
        assert p.origin(GAME, 10) == ("small", [], None)  # no count: the file's default
    named = make_player("ismcts", seed=2, preset="small")
    named.choose(decision(7), 0, Limits(iterations=10))
    assert named.opts["exploration"] == 0.5 and named.origin(GAME, 10, 7) == ("small", [], None)
    p = make_player("ismcts", seed=2, exploration=2.0)  # an explicit option beats the table's default
    p.choose(decision(7), 0, Limits(iterations=10))
    assert (p.opts["exploration"], p.opts["final"]) == (2.0, "value")


def test_the_settings_hook_says_the_tables_preset(folder):
    write(folder, FILE)
    p = make_player("ismcts", seed=3)
    got = []
    p.on_settings = got.append
    p.choose(decision(7), 0, Limits(iterations=12))
    p.choose(decision(4), 0, Limits(iterations=12))
    assert [g.origin for g in got] == [("full", [10], 7), ("small", [], None)]
    assert got[0].options["exploration"] == 3.0 and got[1].options["exploration"] == 0.5
    assert got[0] == p.settings(GAME, Limits(iterations=12), 7)


def session_lines(debug: bool, players: int) -> list[str]:
    from guildhall.session import Session

    out: list[str] = []
    sess = Session(out.append)
    for line in ["guildhall", "setoption name Seed value 4", f"newgame {GAME} players {players} seed 1"]:
        sess.handle(line)
    while sess.state.to_move() == (-1,):
        sess.handle("play random")
    if debug:
        sess.handle("debug on")
    del out[:]
    sess.handle("go iterations 12")
    sess.job.thread.join(60)  # the search runs in its own thread
    assert out and out[-1].startswith("bestmove "), out
    return out


def test_the_settings_line_names_the_preset_used_and_its_table(folder):
    from guildhall.client import parse_settings

    write(folder, FILE)
    line = session_lines(True, 7)[0]
    assert line.startswith("info string settings player=ismcts preset=full default_at=7 by_budget=10 budget=12 "), line
    s = parse_settings(line)
    assert (s.preset, s.default_at, s.by_budget, s.options["exploration"]) == ("full", 7, [10], 3.0)
    line = session_lines(True, 3)[0]  # no entry for 3: the line has no default_at, as before
    assert line.startswith("info string settings player=ismcts preset=small by_budget=none budget=12 "), line
    assert parse_settings(line).default_at is None
    assert not any("info string" in x for x in session_lines(False, 7))  # debug off: nothing said


def test_tune_can_make_a_preset_the_default_at_its_table_only(folder):
    from guildhall.cli import main

    write(folder, {"default": "old", "presets": {"old": {"options": {"exploration": 0.7}}}}, "walled_city")
    r = CliRunner().invoke(main, ["tune", "walled_city", "--players", "3", "--games", "2", "--iterations", "2",
                                  "--param", "exploration=1.4,2.0", "--param", "reward=", "--param", "keys=",
                                  "--param", "tree=", "--param", "reuse=", "--name", "three",
                                  "--make-default-at-players"])
    assert r.exit_code == 0, r.output
    assert "as the default at 3 players" in r.output
    data = json.loads((folder / "walled_city.json").read_text())
    assert data["default"] == "old" and data["default_by_players"] == {"3": "three"}
    assert presets.resolve("walled_city", players=3) == "three"
    assert presets.resolve("walled_city", players=2) == "old"
    assert presets.options_for("walled_city", players=3)["exploration"] in (1.4, 2.0)
    presets.save("walled_city", "two", {"exploration": 0.35}, {"how": "test"}, False, default_players=2)
    assert json.loads((folder / "walled_city.json").read_text())["default_by_players"] == {"2": "two", "3": "three"}
    with pytest.raises(BadConfig, match="count from 1 to 99"):
        presets.save("walled_city", "x", {}, {}, False, default_players=100)
    with pytest.raises(BadConfig, match="cannot be called 'skill'"):
        presets.save("walled_city", "skill", {}, {}, False, default_players=2)


def test_info_lists_the_defaults_per_table(folder):
    from guildhall.cli import main

    write(folder, FILE)
    r = CliRunner().invoke(main, ["info"])
    assert r.exit_code == 0, r.output
    assert ("    presets: default small; at 6 players none; at 7 players full; in the file: small, full, calibrated"
            in r.output.splitlines()), r.output
    write(folder, {**FILE, "default_by_players": {"0": "full"}})
    r = CliRunner().invoke(main, ["info"])
    assert r.exit_code == 0 and "key '0' is not a number of players" in r.output, r.output


def test_every_shipped_file_loads_and_names_only_its_presets():
    for game in engine.games():
        data = presets.load(game)  # raises on a bad default_by_players
        for n in range(1, 10):
            assert presets.resolve(game, players=n) in ["none", *data["presets"]], (game, n)
        assert presets.summary(game).startswith(f"default {data['default']}")


def test_bench_search_reads_the_default_at_the_table_measured(tmp_path):
    import bench.bench_search as bs

    root = tmp_path / "search"
    (root / "presets").mkdir(parents=True)
    write(root / "presets", FILE)
    assert bs.preset_options(GAME, players=7, root=str(root)) == {"exploration": 3.0}
    assert bs.preset_options(GAME, players=4, root=str(root)) == {"exploration": 0.5}
    assert bs.preset_options(GAME, root=str(root)) == {"exploration": 0.5}
