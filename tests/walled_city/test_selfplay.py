"""Whole games through ``guildhall selfplay`` on both boards with 2, 3 and 4 players, in which
guild powers are activated (the record's notation shows ``activate``) and the game ends."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from cython_ext import select
from guildhall.cli import main

FAST = not select.pure_python_forced() and select.mode(select.load("ismcts")) == "compiled"


def selfplay(players: int, board: str, seed: int, engine: str, *extra: str) -> str:
    args = ["selfplay", "walled_city", "--players", str(players), "--seed", str(seed), "--engine", engine]
    if board == "borderlands":
        args += ["--variant", "borderlands"]
    r = CliRunner().invoke(main, args + list(extra))
    assert r.exit_code == 0, r.output
    return r.output


@pytest.mark.parametrize("board", ["londonderry", "borderlands"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_players_use_powers_in_whole_games(players, board):
    out = selfplay(players, board, 11, "random")
    assert "final scores:" in out and "-- round 2 --" in out
    assert "activate " in out                       # someone used a guild power


@pytest.mark.skipif(not FAST, reason="ISMCTS games need the compiled kernels")
@pytest.mark.parametrize("players,board", [(2, "borderlands"), (4, "londonderry")])
def test_ismcts_players_use_powers_in_whole_games(players, board):
    out = selfplay(players, board, 3, "ismcts", "--iterations", "30")
    assert "final scores:" in out and "activate " in out


def test_a_passive_seat_never_activates_in_selfplay():
    out = selfplay(2, "londonderry", 5, "random", "--variant", "no-powers-0")
    seat0 = [ln for ln in out.splitlines() if ln.strip().startswith("seat 0")]
    assert seat0 and not any("activate" in ln for ln in seat0)
    assert any("activate" in ln for ln in out.splitlines() if ln.strip().startswith("seat 1"))


def test_butchers_trades_in_a_whole_selfplay_game():
    # seed 5: seat 2 aligns Butchers in round 1 and trades with both others
    out = selfplay(3, "borderlands", 5, "random")
    assert "activate butchers7b" in out and "butchers give" in out
    assert "butchers return" in out or "butchers take" in out
    assert "final scores:" in out


def test_rounds_are_labelled_as_the_rulebook_counts_them():
    out = selfplay(2, "londonderry", 11, "random")
    assert "-- round 1 --" in out and "-- round 2 --" in out and "-- round 3 --" not in out
    assert "scores after round 1:" in out and "final scores:" in out
