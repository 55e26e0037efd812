"""`guildhall tune`: NTBEA over the ISMCTS options, saved as a preset."""
import json
import random

import pytest
from click.testing import CliRunner

from engine.errors import BadConfig
from guildhall.cli import main
from guildhall.tune import NTupleModel, ntbea, parse_space


def test_ntbea_finds_the_best_setting_of_a_noisy_game():
    space = {"a": [0, 1, 2, 3], "b": ["x", "y", "z"], "c": [0.1, 0.2]}
    win = {(a, b): 0.2 + 0.1 * a + (0.25 if b == "y" else 0.0) for a in range(4) for b in "xyz"}
    rng = random.Random(5)
    best, est = ntbea(space, lambda p, i: float(rng.random() < win[p["a"], p["b"]]), 400, seed=2)
    assert (best["a"], best["b"]) == (3, "y")
    assert 0.5 < est <= 1.0


def test_the_model_averages_its_tuples():
    m = NTupleModel(2)
    m.add((0, 1), 1.0)
    m.add((0, 0), 0.0)
    # tuples of (0, 1): a=0 -> 0.5, b=1 -> 1.0, (0, 1) -> 1.0
    assert m.estimate((0, 1)) == pytest.approx((0.5 + 1.0 + 1.0) / 3)


def test_parse_space_types_values_and_refuses_bad_ones():
    sp = parse_space(("exploration=0.5,1", "keys="))
    assert sp["exploration"] == [0.5, 1.0] and "keys" not in sp
    for bad in ("speed=1", "tree=so,xx", "preset=a", "exploration"):
        with pytest.raises(BadConfig):
            parse_space((bad,))


def test_tune_command_writes_a_named_preset(tmp_path, monkeypatch):
    import search.presets as presets

    monkeypatch.setattr(presets, "PRESET_DIR", str(tmp_path))
    r = CliRunner().invoke(main, ["tune", "walled_city", "--players", "2", "--games", "2", "--iterations", "2",
                                  "--param", "exploration=0.7,1.4", "--param", "reward=", "--param", "keys=",
                                  "--name", "quick", "--make-default"])
    assert r.exit_code == 0, r.output
    data = json.loads((tmp_path / "walled_city.json").read_text())
    assert data["default"] == "quick"
    opts = data["presets"]["quick"]["options"]
    assert opts["exploration"] in (0.7, 1.4) and opts["tree"] in ("so", "mo", "det")
    assert "NTBEA" in data["presets"]["quick"]["how"]
    assert presets.options_for("walled_city") == opts
    assert r.output.count("game ") >= 2


def test_tune_says_when_its_preset_name_is_taken(tmp_path, monkeypatch):
    import search.presets as presets

    shipped = [n for n in presets.load("walled_city")["presets"]][0]
    args = ["tune", "walled_city", "--players", "2", "--games", "1", "--iterations", "2",
            "--param", "exploration=0.7", "--param", "reward=", "--param", "keys=", "--param", "tree=so"]
    r = CliRunner().invoke(main, [*args, "--name", shipped, "--dir", str(tmp_path)])
    assert r.exit_code == 0 and f"a shipped preset is already called {shipped!r}" in r.output, r.output
    r = CliRunner().invoke(main, [*args, "--name", shipped, "--dir", str(tmp_path)])  # now in its own file too
    assert "the tune will replace it" in r.output and "a shipped preset" in r.output, r.output
    r = CliRunner().invoke(main, [*args, "--name", "fresh-name", "--dir", str(tmp_path)])
    assert r.exit_code == 0 and "note:" not in r.output, r.output
    monkeypatch.setattr(presets, "PRESET_DIR", str(tmp_path))  # writing the shipped folder itself
    r = CliRunner().invoke(main, [*args, "--name", "fresh-name"])
    assert "the tune will replace it" in r.output and "a shipped preset" not in r.output, r.output
    r = CliRunner().invoke(main, [*args, "--name", "fresh-name", "--dir", str(tmp_path)])  # the same file, named
    assert r.output.count("note:") == 1 and "the tune will replace it" in r.output, r.output


def test_tune_refuses_bad_input_in_one_line():
    for args in (["nope"], ["guildes", "--games", "0"], ["guildes", "--param", "zz=1"]):
        r = CliRunner().invoke(main, ["tune", *args])
        assert r.exit_code == 1 and r.output.startswith("error: ") and r.output.count("\n") == 1, r.output


def test_tune_plays_the_edition_given_and_says_so_in_the_preset(tmp_path, monkeypatch):
    import engine
    import search.presets as presets
    import guildhall.tune as tune

    monkeypatch.setattr(presets, "PRESET_DIR", str(tmp_path))
    std = engine.make_game("walled_city", 2).edition_path
    mine = tmp_path / "my_edition.json"
    mine.write_text(open(std, encoding="utf-8").read())
    seen = []
    real = tune.game_evaluator

    def spy(game, *args, **kwargs):
        seen.append(game.edition_path)
        return real(game, *args, **kwargs)

    monkeypatch.setattr(tune, "game_evaluator", spy)
    r = CliRunner().invoke(main, ["tune", "walled_city", "--players", "2", "--games", "1", "--iterations", "2",
                                  "--param", "exploration=0.7,1.4", "--param", "reward=", "--param", "keys=",
                                  "--edition", str(mine), "--name", "mine"])
    assert r.exit_code == 0, r.output
    assert seen == [str(mine)]
    how = json.loads((tmp_path / "walled_city.json").read_text())["presets"]["mine"]["how"]
    assert "with the edition my_edition.json" in how
    # the standard edition is not named
    r = CliRunner().invoke(main, ["tune", "walled_city", "--players", "2", "--games", "1", "--iterations", "2",
                                  "--param", "exploration=0.7,1.4", "--param", "reward=", "--param", "keys=",
                                  "--name", "plain"])
    assert r.exit_code == 0, r.output
    assert "edition" not in json.loads((tmp_path / "walled_city.json").read_text())["presets"]["plain"]["how"]


def test_tune_refuses_a_broken_edition_in_one_line_before_playing(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    r = CliRunner().invoke(main, ["tune", "walled_city", "--players", "2", "--edition", str(bad)])
    assert r.exit_code == 1 and r.output.startswith("error: edition") and r.output.count("\n") == 1, r.output
