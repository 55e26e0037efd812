"""When a guild power may be activated: every step of the turn, once per round, the
constant flag, the neutral colour's supply (Butchers: test_powers_butchers.py)."""
from __future__ import annotations

import copy
import json
import os

import engine
from engine.core import CHANCE
from engine.perft import play_to_decision
from tests.walled_city.helpers import f, guild_id, play, power_turn, setup_state, texts

EDITION = os.path.join(os.path.dirname(engine.__file__), "walled_city", "data", "standin.json")


def activations(s):
    return [t for t in texts(s) if t.startswith("activate")]


def test_activation_before_each_step_and_after_adjust_not_inside_a_step():
    s, me = power_turn("haberdashers")
    seen = []
    while s.to_move() == (me,):
        ph = int(f(s, "phase")[0])
        seen.append((ph, bool(activations(s))))
        opts = [t for t in texts(s) if not t.startswith("activate")]
        play(s, opts[0])
    allowed = {3, 5, 8, 9, 13}
    assert all(act == (ph in allowed) for ph, act in seen), seen
    assert 13 in [ph for ph, _ in seen]              # "before the turn passes": a step of its own


def test_turn_end_step_only_while_the_guild_is_unused():
    s, me = power_turn("haberdashers")
    play(s, "activate haberdashers8", "haberdashers done")
    while s.to_move() == (me,):
        assert int(f(s, "phase")[0]) != 13
        play(s, texts(s)[0])


def test_a_pivoted_guild_is_not_activated_again_and_round_two_brings_a_fresh_one():
    s, me = power_turn("haberdashers")
    play(s, "activate haberdashers8", "haberdashers done")
    assert f(s, "piv")[me] == 1 and not activations(s)
    s2, me2 = power_turn("haberdashers", round_=2)
    assert list(f(s2, "piv")) == [0, 0, 0]


def test_the_constant_flag_never_pivots_and_allows_once_per_turn(tmp_path):
    with open(EDITION) as fh:
        data = json.load(fh)
    data = copy.deepcopy(data)
    g = [x["power"] for x in data["guilds"]].index("haberdashers")
    data["guilds"][g]["constant"] = True
    path = tmp_path / "ed.json"
    path.write_text(json.dumps(data))
    game = engine.make_game("walled_city", 3, (), edition=str(path))
    s = play_to_decision(game.new_initial_state(1), 1)
    while not (int(f(s, "phase")[0]) == 3):
        seat = s.to_move()[0]
        s.apply(seat, s.legal_moves(seat)[0])
    me = s.to_move()[0]
    f(s, "guild")[me] = g + 1
    f(s, "gstate")[g] = 3
    play(s, "activate haberdashers8", "haberdashers done")
    assert f(s, "piv")[me] == 0 and not activations(s)   # once this turn
    while s.to_move() == (me,):
        play(s, [t for t in texts(s) if not t.startswith("activate")][0])
    while s.to_move() != (me,) or int(f(s, "phase")[0]) != 3:
        m = s.to_move()
        if m == (CHANCE,):
            s.apply(CHANCE, s.sample_chance())
        else:
            s.apply(m[0], [x for x in s.legal_moves(m[0]) if x != 63][0])
    assert activations(s) == ["activate haberdashers8"]   # next turn: again


def test_neutral_colour_has_the_rest_of_its_pieces_as_supply():
    for variants in ((), ("borderlands",)):
        s = setup_state(2, variants)
        an, ap, tw = f(s, "an"), f(s, "ap"), f(s, "tw")
        assert f(s, "nob")[2] == 20 - an[:, 2].sum() - tw[:, 2].sum()
        assert f(s, "pea")[2] == 25 - ap[:, 2].sum()
        assert f(s, "nob")[2] >= 0 and f(s, "pea")[2] >= 0


def test_guild_ids_of_powers_are_the_edition_keys():
    s = setup_state(3)
    assert guild_id(s, "mercers") == 0 and guild_id(s, "curriers-b") == 19
