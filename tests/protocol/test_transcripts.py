"""Transcripts of every protocol command against a real engine process."""
import re

import engine
from engine.perft import perft
from guildhall import __version__
from tests.protocol.conftest import expect, go, ready, start


def test_handshake_lists_id_protocol_and_options_then_guildhallok(eng):
    lines = expect(eng, "guildhall")
    assert lines[0] == "id name guildhall"
    assert lines[1] == f"id version {__version__}"
    assert lines[2] == "protocol 1"
    assert lines[-1] == "guildhallok"
    options = [l for l in lines if l.startswith("option ")]
    assert len(options) == len(lines) - 4
    for line in options:
        assert re.fullmatch(r"option name \S+ type (check|spin|combo|string|button)( default \S+)?"
                            r"( min -?\d+ max \d+)?( var \S+)*", line), line
    names = [l.split()[2].lower() for l in options]
    assert {"engine", "seed", "omniscient", "iterations"} <= set(names)
    assert "option name Omniscient type check default false" in options


def test_isready_answers_readyok(eng):
    assert ready(eng)


def test_setoption_is_case_insensitive_and_checks_values(eng):
    assert expect(eng, "setoption name seed value 12") == []
    assert expect(eng, "SETOPTION name OMNISCIENT value TRUE") == []
    assert expect(eng, "setoption name Seed value -3")[0].startswith("error bad-argument")
    assert expect(eng, "setoption name NoSuch value 1")[0].startswith("error bad-argument")
    assert expect(eng, "setoption name Engine value nonsense")[0].startswith("error bad-argument")
    assert expect(eng, "setoption name Engine value random") == []


def test_commands_before_newgame_answer_no_game(eng):
    for cmd in ("status", "validmoves", "play random", "go iterations 5", "view", "d", "perft 1",
                "undo", "position startpos"):
        assert expect(eng, cmd)[0].startswith("error no-game"), cmd


def test_newgame_errors_are_one_line_and_keep_the_session(eng, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{ nope")
    cases = {
        "newgame chess": "error unknown-game",
        "newgame guildes players 9": "error bad-config",
        "newgame guildes variant nosuch": "error bad-config",
        f"newgame guildes players 4 edition {bad}": "error bad-edition",
        "newgame guildes players four": "error bad-argument",
        "newgame guildes colour red": "error bad-argument",
        "newgame": "error bad-argument",
    }
    for line, kind in cases.items():
        got = expect(eng, line)
        assert len(got) == 1 and got[0].startswith(kind), (line, got)
    assert expect(eng, "status")[0].startswith("error no-game")


def test_status_validmoves_and_play_random_for_chance(eng):
    expect(eng, "newgame guildes players 4 seed 3")
    assert expect(eng, "status") == ["status tomove chance ply 0 over no scores 0,0,0,0"]
    [line] = expect(eng, "validmoves")
    assert line.startswith("validmoves chance moves ")
    items = line[len("validmoves chance moves "):].split("; ")
    probs = [float(i.split()[0]) for i in items]
    assert abs(sum(probs) - 1) < 1e-4 and len(items) == 6
    assert all(i.split(" ", 1)[1].startswith("event ") for i in items)
    assert expect(eng, "play random") == []
    assert expect(eng, "status")[0].startswith("status tomove chance ply 1 ")


def test_play_random_uses_the_positions_seeded_dealer(eng):
    a, b = eng, start("guildes")
    try:
        for e in (a, b):
            expect(e, "newgame guildes players 3 seed 8")
            for _ in range(5):
                expect(e, "play random")
        assert expect(a, "view") == expect(b, "view")
    finally:
        b.quit()


def chance_plies(players, seed):
    s, n = engine.make("guildes", players=players, seed=seed), 0
    while s.is_chance():
        s.apply(-1, s.sample_chance())
        n += 1
    return n


def deal(e, players=4, seed=3):
    """New game, chance drawn by the engine's dealer up to the first decision."""
    expect(e, f"newgame guildes players {players} seed {seed}")
    for _ in range(chance_plies(players, seed)):
        e.send("play random")
    assert expect(e, "status")[0].startswith("status tomove 0,")


def test_simultaneous_step_takes_play_seat_n(eng):
    deal(eng)
    assert expect(eng, "status")[0].startswith("status tomove 0,1,2,3 ")
    [line] = expect(eng, "validmoves 2")
    first = line.split(" moves ")[1].split("; ")[0]
    assert expect(eng, f"play seat 2 {first}") == []
    assert expect(eng, "status")[0].startswith("status tomove 0,1,3 ")
    assert expect(eng, f"play seat 2 {first}")[0].startswith("error illegal-move seat 2 is not to move")
    assert expect(eng, "play seat 9 x")[0].startswith("error illegal-move seat 9 is not to move")
    assert expect(eng, "play seat x knights")[0].startswith("error bad-argument")
    assert expect(eng, "play seat 1 no-such-card")[0].startswith("error bad-move")
    assert expect(eng, "validmoves 2") == ["validmoves seat 2 moves "]


def test_view_masks_hidden_values_and_is_a_valid_position(eng):
    deal(eng)
    [full] = expect(eng, "view")
    [masked] = expect(eng, "view 1")
    assert "?" in masked and masked != full
    state = masked[len("view "):]
    assert expect(eng, f"position {state}") == []
    assert expect(eng, "view") == [masked]
    assert expect(eng, "seat 1") == []
    got = go(eng, "go iterations 20")
    assert got[-1].startswith("bestmove ") and got[-1] != "bestmove none"
    assert expect(eng, "seat 2") == []
    assert go(eng, "go iterations 5")[0].startswith("error illegal-move the position is seat 1's view")


def test_position_startpos_with_moves_and_undo(eng):
    expect(eng, "newgame guildes players 3 seed 5")
    assert expect(eng, "position startpos seed 5 moves event sequential; deal militia; chance deal knights") == []
    assert expect(eng, "status")[0].startswith("status tomove chance ply 3 ")
    assert expect(eng, "undo 2") == []
    assert expect(eng, "status")[0].startswith("status tomove chance ply 1 ")
    assert expect(eng, "undo 5")[0].startswith("error bad-argument")
    assert expect(eng, "undo") == []
    assert expect(eng, "status")[0].startswith("status tomove chance ply 0 ")
    # a failing move list leaves the position as it was
    expect(eng, "play random")
    before = expect(eng, "view")
    assert expect(eng, "position startpos moves event sequential; deal nosuch")[0].startswith("error bad-move")
    assert expect(eng, "position startpos moves ;;")[0].startswith("error bad-argument")
    assert expect(eng, "view") == before


def test_malformed_state_string_is_bad_state(eng):
    expect(eng, "newgame guildes players 3")
    for text in ("round=1", "head=0,0 bogus=3", "x"):
        assert expect(eng, f"position {text}")[0].startswith("error bad-state"), text


def test_d_draws_the_state_and_a_seats_view(eng):
    deal(eng)
    full, mine = expect(eng, "d"), expect(eng, "d 0")
    assert full[0].startswith("Guildes, 4 players")
    assert any("your hand" in l for l in mine)
    assert expect(eng, "d chance")[0].startswith("error bad-argument")


def test_perft_matches_engine_perft(eng):
    expect(eng, "newgame guildes players 4 seed 2")
    eng.send("perft 2")
    got = eng.read_until("perft 2")
    root = engine.make("guildes", players=4, seed=2)
    assert got == [f"perft 1 {perft(root, 1)}", f"perft 2 {perft(root, 2)}"]
    assert expect(eng, "perft 0")[0].startswith("error bad-argument")


def test_go_gives_info_lines_then_exactly_one_bestmove(eng):
    deal(eng)
    eng.send("go iterations 200")
    lines = eng.read_until("bestmove")
    assert all(l.startswith("info ") for l in lines[:-1]) and lines[-1].startswith("bestmove ")
    summary = [l for l in lines if l.startswith("info seat ")]
    assert summary and re.match(r"info seat 0 iterations \d+ nodes \d+ time \d+ ips \d+", summary[-1])
    legal = expect(eng, "validmoves 0")[0].split(" moves ")[1].split("; ")
    assert lines[-1][len("bestmove "):] in legal
    assert ready(eng)  # nothing more came: one bestmove only


def test_go_errors(eng):
    expect(eng, "newgame guildes players 3")
    assert go(eng, "go iterations 5")[0].startswith("error illegal-move chance is to move")
    deal(eng, players=3)
    assert go(eng, "go iterations 0")[0].startswith("error bad-argument")
    assert go(eng, "go time 100 200")[0].startswith("error bad-argument")
    assert go(eng, "go sideways 3")[0].startswith("error bad-argument")
    lines = go(eng, "go time 1000 1000 1000 inc 10 10 10")
    assert lines[-1].startswith("bestmove ")


def test_commands_that_change_the_position_are_busy_during_a_search(eng):
    deal(eng)
    eng.send("go infinite")
    assert expect(eng, "play seat 0 militia")[0].startswith("error busy")
    assert expect(eng, "status")[0].startswith("status tomove 0,1,2,3")
    eng.send("stop")
    assert eng.read_until("bestmove")[-1].startswith("bestmove ")


def test_unknown_command(eng):
    assert expect(eng, "fly to the moon") == ["error unknown-command unknown command fly"]


def test_quit_ends_the_engine():
    e = start()
    e.send("quit")
    assert e.proc.wait(10) == 0


def test_end_of_input_ends_the_engine():
    e = start()
    e.proc.stdin.close()
    assert e.proc.wait(10) == 0


def test_omniscient_searches_the_full_state_and_refuses_a_view(eng):
    deal(eng)
    assert expect(eng, "setoption name Omniscient value true") == []
    assert go(eng, "go iterations 20")[-1].startswith("bestmove ")
    [masked] = expect(eng, "view 0")
    expect(eng, f"position {masked[len('view '):]}")
    assert go(eng, "go iterations 20")[0].startswith("error illegal-move Omniscient")
