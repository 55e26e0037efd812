"""docs/protocol.md's promises that a conformance audit of session 26 found broken, one test
each, against a real engine process: ``searchmoves`` items as ``play`` items, one final report
at every Skill, shared options advertising what every owner accepts, combinations refused at
``setoption``, greedy's values, ``d N`` on a view, player counts out of range, a seat a new
table lacks, and integers too long to read."""
import pytest

from tests.protocol.conftest import expect, go, start


@pytest.fixture
def fresh():
    e = start()
    yield e
    e.quit()


def deal(e, game: str = "guildes", players: int = 3, seed: int = 7) -> str:
    """A new game played to its first seat decision; the first seat to move."""
    assert expect(e, f"newgame {game} players {players} seed {seed}") == []
    while expect(e, "status")[0].split()[2] == "chance":
        assert expect(e, "play random") == []
    return expect(e, "status")[0].split()[2].split(",")[0]


def moves_of(e, seat: str) -> list[str]:
    return expect(e, f"validmoves {seat}")[0].split(" moves ")[1].split("; ")


def test_searchmoves_takes_play_items_of_the_searching_seat(fresh):
    seat = deal(fresh)
    a, b = moves_of(fresh, seat)[:2]
    assert expect(fresh, "setoption name InfoMoves value 100") == []
    out = go(fresh, f"go iterations 40 searchmoves seat {seat} {a}; {b}")
    visited = {item.split()[-1] for item in out[-2].removeprefix("info moves ").split("; ")}
    assert visited <= {a, b} and out[-1] in (f"bestmove {a}", f"bestmove {b}"), out
    other = (int(seat) + 1) % 3
    out = go(fresh, f"go iterations 40 searchmoves seat {other} {a}")
    assert out[0].startswith("error illegal-move searchmoves:") and out[-1] == "bestmove none", out
    out = go(fresh, f"go iterations 40 searchmoves chance {a}")
    assert out[0].startswith("error illegal-move") and out[-1] == "bestmove none", out


@pytest.mark.parametrize("skill", [3, 20])
def test_one_final_report_at_every_skill(fresh, skill):
    deal(fresh)
    assert expect(fresh, f"setoption name Skill value {skill}") == []
    assert expect(fresh, "setoption name InfoInterval value 60000") == []  # no periodic report
    out = go(fresh, "go iterations 30")
    assert sum(line.startswith("info moves ") for line in out) == 1, out
    assert sum(line.startswith("info seat ") for line in out) == 1, out


def test_a_shared_option_advertises_what_every_owner_accepts(fresh):
    line = fresh.options["max_nodes"]
    assert line.endswith("min 16 max 100000000"), line
    assert expect(fresh, "setoption name max_nodes value 100000000") == []
    err = expect(fresh, "setoption name max_nodes value 100000001")
    assert len(err) == 1 and err[0].startswith("error bad-argument") and "worlds" not in err[0], err


def test_a_combination_the_player_refuses_is_refused_at_setoption(fresh):
    assert expect(fresh, "setoption name paranoid value true") == []
    err = expect(fresh, "setoption name best_reply value true")
    assert len(err) == 1 and err[0].startswith("error bad-argument") and "best_reply" in err[0], err
    assert expect(fresh, "setoption name paranoid value false") == []
    assert expect(fresh, "setoption name best_reply value true") == []


@pytest.mark.parametrize("player", ["greedy", "random"])
def test_greedy_and_random_report_every_move_without_values(fresh, player):
    # docs/protocol.md: '-' for "every move of the greedy and random engines"; currmove, among
    # moves equally visited (none is), is the move chosen
    seat = deal(fresh)
    assert expect(fresh, f"setoption name Engine value {player}") == []
    assert expect(fresh, "setoption name InfoMoves value 100") == []
    out = go(fresh, "go iterations 10")
    assert out[-2].startswith("info moves "), out
    moves = out[-2].removeprefix("info moves ").split("; ")
    assert all(item.split()[1] == "-" for item in moves), out
    assert sorted(item.split(" ", 2)[2] for item in moves) == sorted(moves_of(fresh, seat))
    words = out[-3].split()
    assert out[-1] == "bestmove " + words[words.index("currmove") + 1], out


def test_d_of_another_seat_on_a_view_is_refused_as_view_is(fresh):
    seat = int(deal(fresh))
    view = expect(fresh, f"view {seat}")[0].removeprefix("view ")
    assert expect(fresh, f"position {view}") == []
    other = (seat + 1) % 3
    for cmd in ("view", "d"):
        err = expect(fresh, f"{cmd} {other}")
        assert err == [f"error bad-argument the position is seat {seat}'s view, not seat {other}'s"], err
    assert expect(fresh, f"d {seat}")[0].startswith("Guildes")


@pytest.mark.parametrize("count", ["0", "1", "9", "65", "-2", "9" * 5000], ids=["0", "1", "9", "65", "-2", "5000-digits"])
def test_a_player_count_out_of_range_is_bad_config(fresh, count):
    err = expect(fresh, f"newgame guildes players {count}")
    want = ("error bad-config no game takes 999" if len(count) > 30
            else f"error bad-config guildes takes 3-6 players, not {int(count)}")
    assert len(err) == 1 and err[0].startswith(want), err[0][:200]


def test_newgame_refuses_an_argument_given_twice(fresh):
    err = expect(fresh, "newgame guildes players 4 players 5")
    assert err == ["error bad-argument newgame players given twice"], err
    assert expect(fresh, "newgame guildes variant events variant tricks") == []


def test_a_seat_the_new_table_lacks_goes_back_to_auto(fresh):
    assert expect(fresh, "seat 4") == []  # no game yet: kept
    seat = deal(fresh, "walled_city", 2, 1)
    out = go(fresh, "go iterations 5")
    assert out[-1].startswith("bestmove ") and out[-1] != "bestmove none", out
    assert expect(fresh, "seat 3") == ["error bad-argument no seat 3 in a 2-player game"]
    assert seat in ("0", "1")


def test_an_integer_too_long_to_read_is_out_of_range_not_an_internal_error(fresh):
    deal(fresh)
    out = go(fresh, "go iterations " + "9" * 5000)
    assert out[0].startswith("error bad-argument go iterations must be") and out[-1] == "bestmove none", out[0][:200]
    err = expect(fresh, "setoption name Seed value " + "9" * 5000)
    assert len(err) == 1 and err[0].startswith("error bad-argument"), err[0][:200]


def test_variant_names_and_option_words_are_read_in_any_case(fresh):
    assert expect(fresh, "newgame GUILDES players 4 variant EVENTS variant Tricks") == []
    assert expect(fresh, "setoption name fpu value OFF") == []
    assert expect(fresh, "setoption name fpu value 1.5") == []


@pytest.mark.parametrize("line", [
    "play " + "z" * 100_000, "position " + "q" * 100_000, "setoption name exploration value " + "9x" * 50_000,
    "newgame guildes players 3 edition " + "/" * 100_000])
def test_an_error_quotes_a_long_token_cut_to_120_characters(fresh, line):
    # docs/protocol.md: "The message quotes at most 120 characters of any one word of it"
    deal(fresh)
    out = expect(fresh, line)
    assert len(out) == 1 and out[0].startswith("error "), out[0][:200]
    assert len(out[0]) < 600 and all(len(w) <= 123 for w in out[0].split()), out[0][:300]
    assert expect(fresh, "status")[0].startswith("status tomove ")


@pytest.mark.parametrize("option", ["exploration", "fpu"])
@pytest.mark.parametrize("value", ["1_0", "\u0661\u0662", "inf", "nan", "0x10"])
def test_a_number_option_takes_ascii_decimals_only(fresh, option, value):
    # the grammar's numbers are ASCII decimals (float() also reads '1_0', other scripts' digits, 'inf')
    out = expect(fresh, f"setoption name {option} value {value}")
    assert len(out) == 1 and out[0].startswith("error bad-argument "), out
    assert expect(fresh, f"setoption name {option} value 0.5") == []


def test_a_button_takes_no_value(fresh):
    assert expect(fresh, "setoption name ClearTree value x") == [
        "error bad-argument option ClearTree is a button: it takes no value"]
    assert expect(fresh, "setoption name ClearTree") == []


def test_info_interval_0_gives_the_final_report_only(fresh):
    deal(fresh)
    assert expect(fresh, "setoption name InfoInterval value 0") == []
    out = go(fresh, "go movetime 300")
    assert sum(line.startswith("info moves ") for line in out) == 1, out
    assert sum(line.startswith("info seat ") for line in out) == 1, out
