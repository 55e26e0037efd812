"""bench/sweep_editions.py checks an edition that played as the fuzz test does, through the
same helper (``tests.editions.mutate.check_played``): the move-text round trip included, which
the sweep had left out (it ran the kernel's playout only)."""
from __future__ import annotations

import pytest

from bench import sweep_editions
from tests.editions import mutate

GAME, PLAYED = "city_and_guilds", 2  # with seed 1 the sweep's edition 2 of City and Guilds plays


def _text_that_parses_back_wrong(seen: list):
    def check(state, rnd, plies: int) -> None:
        seen.append(plies)
        raise AssertionError("move 3 prints 'x', which parses as 4")
    return check


def test_an_edition_that_plays_goes_through_the_move_text_round_trip(tmp_path, monkeypatch):
    base, path = mutate.standin(GAME), str(tmp_path / "ed.json")
    assert sweep_editions.sweep_one(GAME, base, 1, PLAYED, path) == "played"
    seen: list = []
    monkeypatch.setattr(mutate, "check_notation", _text_that_parses_back_wrong(seen))
    with pytest.raises(AssertionError, match="which parses as 4"):
        sweep_editions.sweep_one(GAME, base, 1, PLAYED, path)
    assert seen == [mutate.NOTATION_PLIES]


def test_the_sweep_counts_a_wrong_move_text_as_a_crash(monkeypatch, capsys):
    seen: list = []
    monkeypatch.setattr(mutate, "check_notation", _text_that_parses_back_wrong(seen))
    c = sweep_editions.sweep((GAME,), PLAYED + 1, 1)[GAME]
    assert seen and c["crashed"] == len(seen) and c["played"] == 0
    assert c["tried"] == PLAYED + 1 == c["refused"] + c["crashed"]
    assert "which parses as 4" in capsys.readouterr().out
