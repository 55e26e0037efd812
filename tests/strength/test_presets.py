"""Per-game presets: the ISMCTS options not given come from search/presets/<game>.json."""
import json

import pytest

import search.presets as presets
from engine.errors import BadConfig
from search.api import Limits, make_player
from search.ismcts import ISMCTS_SPEC, check_options
from tests.search.helpers import guildes_start


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setattr(presets, "PRESET_DIR", str(tmp_path))
    return tmp_path


def write(folder, game, data):
    (folder / f"{game}.json").write_text(json.dumps(data))


def test_every_shipped_preset_is_valid_for_the_ismcts_player():
    import engine

    for game in engine.games():
        data = presets.load(game)
        assert data["default"] in data["presets"], game
        for name, p in data["presets"].items():
            assert "preset" not in p["options"]
            check_options("ismcts", p["options"], ISMCTS_SPEC)  # raises if a value is wrong
            assert p.get("how"), f"{game}:{name} does not say how it was found"


def test_the_default_preset_fills_the_options_not_given(folder):
    write(folder, "guildes", {"default": "t", "presets": {"t": {"options": {"exploration": 0.5, "tree": "mo"}}}})
    p = make_player("ismcts", seed=1, tree="so")
    o = p.options_for("guildes")
    assert o["exploration"] == 0.5 and o["tree"] == "so"  # the explicit option wins
    assert make_player("ismcts", preset="none").options_for("guildes")["exploration"] == 1.4
    assert make_player("ismcts").options_for("walled_city")["exploration"] == 1.4  # no file: built-in


def test_a_preset_changes_the_search(folder):
    s = guildes_start(4, seed=3)
    write(folder, "guildes", {"default": "wide", "presets": {"wide": {"options": {"exploration": 50.0}}}})
    a = make_player("ismcts", seed=5)
    a.choose(s, 0, Limits(iterations=100))
    b = make_player("ismcts", seed=5, preset="none")
    b.choose(s, 0, Limits(iterations=100))
    spread = lambda p: max(m.visits for m in p.last_info.moves) - min(m.visits for m in p.last_info.moves)  # noqa: E731
    assert spread(a) < spread(b)  # near-uniform root visits with a huge exploration constant


def test_broken_or_unknown_presets_are_clear_errors(folder):
    s = guildes_start(3, seed=1)
    (folder / "guildes.json").write_text("{not json")
    with pytest.raises(BadConfig, match="broken"):
        make_player("ismcts").choose(s, 0, Limits(iterations=5))
    write(folder, "guildes", {"default": "a", "presets": {"a": {"options": {"speed": 9}}}})
    with pytest.raises(BadConfig, match="unknown option"):
        make_player("ismcts").choose(s, 0, Limits(iterations=5))
    write(folder, "guildes", {"default": "a", "presets": {"a": {"options": {"tree": "xx"}}}})
    with pytest.raises(BadConfig):
        make_player("ismcts").choose(s, 0, Limits(iterations=5))
    with pytest.raises(BadConfig, match="no preset"):
        make_player("ismcts", preset="zz").choose(s, 0, Limits(iterations=5))
    with pytest.raises(BadConfig):
        make_player("ismcts", preset="two words")


def test_save_adds_a_preset_and_can_make_it_the_default(folder):
    presets.save("guildes", "fast", {"exploration": 0.7}, {"how": "test"}, make_default=False)
    assert presets.options_for("guildes") == {}  # default still 'none'
    presets.save("guildes", "fast2", {"exploration": 1.0}, {"how": "test"}, make_default=True)
    assert presets.options_for("guildes") == {"exploration": 1.0}
    assert presets.options_for("guildes", "fast") == {"exploration": 0.7}
    with pytest.raises(BadConfig):
        presets.save("guildes", "none", {}, {}, False)
