"""States that read well but break what the kernels assume are refused at ``position``
(the protocol fuzz of session 23 found each one: with the state accepted, a search on it
corrupted the compiled kernels' memory or never ended).  Each is refused with
``error bad-state``, the engine's position is unchanged, and a search and a new game
afterwards run as usual."""
import random

import numpy as np
import pytest

import engine
from engine.core import CHANCE
from engine.errors import BadState
from engine.perft import play_to_decision
from engine.playable import check_playable
from tests.protocol.conftest import expect, start
from tests.protocol.crafted import field, played


def guildes_played_past_the_table():
    s = played("guildes", 3, 7, lambda s: int(s.buf[s.game.layout["phase"]]) == 3
                   and int(s.buf[s.game.layout["step"]]) == 2)
    v = s.observe(0)
    field(v, "played")[2, 11] = 50            # seat 2 played 50 cards of a guild it has not
    return "guildes", 3, v


def btc_state(seed=1):
    lay = engine.make_game("between_two_cities", 3).layout
    return played("between_two_cities", 3, seed, lambda s: int(s.buf[lay["phase"]]) > 2
                      and int(s.buf[lay["round"]]) == 0 and int(field(s, "handn")[0]) == 7)


def btc_hand_count_disagrees():
    s = btc_state()
    field(s, "handn")[2] = 5
    return "between_two_cities", 3, s


def btc_hand_past_its_count():
    s = btc_state()
    field(s, "hand")[1, 0] += 60
    return "between_two_cities", 3, s


def btc_placement_marks_cleared():
    s = played("between_two_cities", 3, 2, lambda s: int(s.buf[s.game.layout["phase"]]) == 6
                   and int(s.buf[s.game.layout["sides"]]) != 0)
    s.buf[s.game.layout["sides"]] = 0          # one tile placed, but no side marked
    return "between_two_cities", 3, s


def guildes_packet_past_the_deck():
    s = played("guildes", 3, 7, lambda s: int(s.buf[s.game.layout["phase"]]) == 3
                   and int(s.buf[s.game.layout["step"]]) == 2)
    v = s.observe(0)
    field(v, "hist").reshape(-1)[407] = 999    # a packet seen with 999 cards of one guild
    return "guildes", 3, v


def guildes_discards_seen_in_the_first_round():
    s = played("guildes", 3, 7, lambda s: int(s.buf[s.game.layout["phase"]]) == 3
                   and int(s.buf[s.game.layout["step"]]) == 2)
    v = s.observe(0)
    field(v, "known")[1, 6] = 7                # past rounds' discards, before any round ended
    return "guildes", 3, v


CASES = [guildes_played_past_the_table, guildes_packet_past_the_deck, guildes_discards_seen_in_the_first_round, btc_hand_count_disagrees, btc_hand_past_its_count,
         btc_placement_marks_cleared]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.__name__)
def test_the_state_checks_refuse_it(case):
    # each breaks counts a check_buffer now compares (Guildes: cards past what a guild has;
    # Between Two Cities: a hand and its count, hands alike, tiles to place and sides placed),
    # or fails the trial playout
    game, players, s = case()
    with pytest.raises(BadState):
        s.game.check_buffer(s.buf)
        check_playable(s)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.__name__)
def test_position_refuses_it_and_the_engine_goes_on(case):
    game, players, s = case()
    e = start(timeout=60)
    try:
        assert expect(e, f"newgame {game} players {players} seed 3") == []
        before = expect(e, "view")
        got = expect(e, f"position {s.to_string()}")
        assert len(got) == 1 and got[0].startswith("error bad-state"), got
        assert expect(e, "view") == before
        ok = play_to_decision(engine.make(game, players=players, seed=3), 3)
        assert expect(e, f"position {ok.to_string()}") == []
        e.send("go iterations 30")
        assert e.read_until("bestmove")[-1].startswith("bestmove")
        assert expect(e, "newgame guildes players 4 seed 1") == []
        assert expect(e, "status")[0].startswith("status")
    finally:
        e.quit()
    assert e.proc.returncode == 0


@pytest.mark.parametrize("game,players,variants", [
    ("guildes", 4, ("events", "tricks")), ("between_two_cities", 2, ("two-player-advanced",)),
    ("between_two_cities", 5, ("districts",)), ("city_and_guilds", 3, ()), ("walled_city", 3, ())])
def test_every_variant_of_every_game_passes_along_a_game(game, players, variants):
    # no false alarm: real states of random games, full and as each seat sees them
    g = engine.make_game(game, players, variants)
    rnd = random.Random(players)
    s = g.new_initial_state(players)
    ply = 0
    while not s.is_terminal():
        if ply % 17 == 0:
            check_playable(s, ply)
            check_playable(s.observe(ply % players), ply)
        tm = s.to_move()
        seat = tm[rnd.randrange(len(tm))]
        s.apply(seat, s.sample_chance() if seat == CHANCE else rnd.choice(s.legal_moves(seat)))
        ply += 1
    assert ply > 30


@pytest.mark.parametrize("line", ["seat ０", "seat 1_0", "undo ٣", "setoption name Iterations value 1_000",
                                  "go iterations ５０", "status please"])
def test_numbers_are_ascii_decimals_and_status_takes_no_words(line):
    # the grammar's decimal integer: int() alone took underscores and other scripts' digits
    e = start(timeout=30)
    try:
        assert expect(e, "newgame guildes players 3 seed 1") == []
        before = expect(e, "view")
        got = expect(e, line)
        assert got and got[0].startswith("error ") and got[1:] in ([], ["bestmove none"]), got
        assert expect(e, "view") == before
    finally:
        e.quit()


def test_an_edition_name_with_a_semicolon_is_refused(tmp_path):
    # moves name cards and ';' separates moves in a list
    import json
    import os
    from engine.errors import EditionError
    src = os.path.join(os.path.dirname(engine.__file__), "guildes", "data", "standin.json")
    data = json.load(open(src))
    data["events"][0]["name"] = "x;y"
    path = tmp_path / "e.json"
    path.write_text(json.dumps(data))
    with pytest.raises(EditionError, match=";"):
        engine.make_game("guildes", 3, ("events",), str(path))
