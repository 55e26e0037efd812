"""The textbook SO-ISMCTS baseline is exactly a fixed configuration of the ISMCTS player."""
import pytest

from engine.errors import BadConfig
from search.api import Limits, make_player
from search.baselines import TextbookPlayer
from tests.search.helpers import guildes_start, random_decision


def test_textbook_is_ismcts_with_the_textbook_settings():
    s = random_decision(guildes_start(4, seed=2), 5, 9)
    seat = s.to_move()[0]
    a = make_player("textbook", seed=11)
    b = make_player("ismcts", seed=11, tree="so", keys="view", exploration=2.0, rollout="random",
                    reward="win", reuse=False, preset="none")
    ma = a.choose(s, seat, Limits(iterations=60))
    mb = b.choose(s, seat, Limits(iterations=60))
    assert ma == mb
    assert [(m.move, m.visits) for m in a.last_info.moves] == [(m.move, m.visits) for m in b.last_info.moves]
    assert a.options_for("guildes")["exploration"] == 2.0 and a.options_for("guildes")["keys"] == "view"


def test_textbook_plays_the_most_visited_move_and_ignores_presets(tmp_path, monkeypatch):
    import search.presets as presets

    (tmp_path / "guildes.json").write_text(
        '{"default": "x", "presets": {"x": {"options": {"exploration": 0.1}}}}')
    monkeypatch.setattr(presets, "PRESET_DIR", str(tmp_path))
    s = guildes_start(3, seed=4)
    p = make_player("textbook", seed=1)
    best = p.choose(s, 0, Limits(iterations=40))
    assert p.options_for("guildes")["exploration"] == 2.0
    top = max(m.visits for m in p.last_info.moves)
    assert [m.visits for m in p.last_info.moves if m.move == best] == [top]


def test_textbook_takes_no_options():
    assert TextbookPlayer.options == {}
    with pytest.raises(BadConfig):
        make_player("textbook", exploration=1.0)
