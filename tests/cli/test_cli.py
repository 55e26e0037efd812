"""The guildhall command line: info, selfplay, perft, play, and one-line errors."""
import os
import subprocess
import sys

from click.testing import CliRunner

import engine
from engine.perft import perft, play_to_decision
from guildhall.cli import main


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def test_info_lists_kernels_games_and_engines():
    r = run("info")
    assert r.exit_code == 0, r.output
    assert r.output.startswith("guildhall 0.1.0")
    assert "kernel" in r.output and ("compiled" in r.output or "python" in r.output)
    for name, cls in engine.games().items():
        assert f"{name}" in r.output and f"{cls.min_players}-{cls.max_players} players" in r.output
    assert "engines: " in r.output and "random" in r.output


def test_selfplay_one_game_summarises_rounds_and_names_the_winner():
    # the output's shape, not the default's play: Guildes' random-rollout preset
    r = run("selfplay", "guildes", "--players", "4", "--games", "1", "--iterations", "3",
            "--set", "ismcts.preset=vs-textbook-160g-100it")
    assert r.exit_code == 0, r.output
    assert "-- round 1 --" in r.output and "-- round 3 --" in r.output
    assert "seat 0 (" in r.output and "scores after round 3" in r.output
    assert "final scores:" in r.output and ("wins" in r.output or "share the win" in r.output)


def test_selfplay_prints_the_last_rounds_scores_where_the_round_field_stays():
    # The Walled City's round field stays at 2 when the game ends: round 2's scores still print
    r = run("selfplay", "walled_city", "--engine", "random")
    assert r.exit_code == 0, r.output
    assert "scores after round 1:" in r.output and "scores after round 2:" in r.output, r.output


def test_selfplay_engine_per_seat_and_several_games():
    r = run("selfplay", "guildes", "--players", "3", "--games", "2", "--seed", "4",
            "--engine", "random", "--engine", "random", "--engine", "random")
    assert r.exit_code == 0, r.output
    assert "game 1 (seed 4)" in r.output and "game 2 (seed 5)" in r.output
    assert "summary:" in r.output and "seat 2 (random)" in r.output


def test_selfplay_is_reproducible_from_its_seed():
    a = run("selfplay", "guildes", "--players", "3", "--engine", "random", "--seed", "9")
    b = run("selfplay", "guildes", "--players", "3", "--engine", "random", "--seed", "9")
    assert a.output == b.output


def test_bad_input_gives_one_error_line_and_status_1(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2")
    cases = [
        (["selfplay", "nosuchgame"], "error: unknown game"),
        (["selfplay", "guildes", "--players", "9"], "error: guildes takes 3-6 players"),
        (["selfplay", "guildes", "--edition", str(bad)], "error: edition"),
        (["selfplay", "guildes", "--engine", "nobody"], "error: unknown engine"),
        (["selfplay", "guildes", "--players", "3", "--engine", "random", "--engine", "random"],
         "error: give one --engine"),
        (["perft", "guildes", "2", "--variant", "nosuch"], "error: guildes has no variant"),
        (["play", "guildes", "--players", "3", "--seat", "5"], "error: --seat must be"),
        (["engine", "nosuchgame"], "error: unknown game"),
        (["draw", "guildes", "--svg", str(tmp_path / "no" / "dir" / "x.svg")], "error: cannot write"),
        (["serve", "--max-games", "0"], "error: --max-games must be at least 1"),
        (["serve", "--edition", "bad"], "error: --edition 'bad'"),
    ]
    for args, start in cases:
        r = run(*args)
        assert r.exit_code == 1, (args, r.output)
        assert r.output.startswith(start) and r.output.count("\n") == 1, (args, r.output)
        assert "Traceback" not in r.output


def test_perft_prints_counts_from_the_first_decision():
    r = run("perft", "guildes", "2", "--seed", "1", "--players", "4")
    assert r.exit_code == 0, r.output
    root = play_to_decision(engine.make("guildes", players=4, seed=1), 1)
    assert f"perft 1 {perft(root, 1)} " in r.output
    assert f"perft 2 {perft(root, 2)} " in r.output


def test_play_with_scripted_input_reaches_the_final_scores():
    # a person who always answers "1" (the first listed move), with one typo on the way
    script = "no-such-card\n99\nboard\n" + "1\n" * 400
    r = run("play", "guildes", "--players", "4", "--seat", "0", "--engine", "random", input=script)
    assert r.exit_code == 0, r.output
    assert "your moves:\n  1) " in r.output
    assert "no legal move matches 'no-such-card'" in r.output and "no move number 99" in r.output
    assert "final scores: seat 0 (you)" in r.output and "winner: " in r.output


def test_play_never_shows_other_seats_hidden_cards():
    r = run("play", "guildes", "--players", "3", "--seat", "1", "--engine", "random", input="quit\n")
    assert r.exit_code == 0 and "game abandoned" in r.output
    dealt = [l for l in r.output.splitlines() if l.startswith("dealer: deal ")]
    mine = next(l for l in r.output.splitlines() if l.startswith("your hand to pick from: "))
    # the deals the seat saw, in one line, are exactly its own hand
    assert len(dealt) == 1
    assert sorted(dealt[0][len("dealer: deal "):].split(", ")) == sorted(mine.split(": ", 1)[1].split(", "))


def test_play_quits_cleanly_at_end_of_input():
    r = run("play", "guildes", "--players", "3", "--engine", "random", input="")
    assert r.exit_code == 0 and "game abandoned" in r.output


def test_console_entry_runs_as_a_module():
    out = subprocess.run([sys.executable, "-m", "guildhall", "selfplay", "guildes", "--players", "9"],
                         capture_output=True, text=True, env=dict(os.environ), timeout=60)
    assert out.returncode == 1
    assert out.stderr.strip() == "error: guildes takes 3-6 players, not 9"


def test_movetime_errors_speak_milliseconds_and_btc_plays_without_a_count():
    r = run("selfplay", "guildes", "--players", "3", "--movetime", "-5")
    assert r.exit_code == 1 and "--movetime is in milliseconds and must be at least 1, not -5" in r.output
    r = run("perft", "between_two_cities", "1")
    assert r.exit_code == 0 and "players 3" in r.output, r.output


def test_tune_refuses_a_preset_file_it_could_not_write_before_playing(tmp_path):
    # the games are the tune's work: a folder that cannot be written, or a broken preset file
    # there, is refused before the first game (it was found only after the last)
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "walled_city.json").write_text("{bad")
    (tmp_path / "file").write_text("")  # a file where the folder would be
    for folder, start in ((str(tmp_path / "file" / "x"), "error: cannot write the preset file"),
                          (str(broken), "error: preset file")):
        r = run("tune", "walled_city", "--players", "2", "--games", "3", "--iterations", "5", "--dir", folder)
        assert r.exit_code == 1, r.output
        assert "game 1/3" not in r.output and r.output.splitlines()[-1].startswith(start), r.output
