"""The counts told to a seat (``engine.city_and_guilds.narrate``) split by the rulebook's
categories: block control, guild control, each guild's chain at the final count, unused men."""
from __future__ import annotations

import pytest

from cython_ext import select
from engine.city_and_guilds.narrate import count_lines, count_parts
from engine.core import CHANCE
from tests.city_and_guilds.helpers import f, random_play
from tests.city_and_guilds.test_scoring import example_block

COMPILED = select.mode(select.load("city_and_guilds")) == "compiled"
BLUE, RED, GREEN, YELLOW = 0, 1, 2, 3


def test_the_scoring_examples_table_block_and_guild_columns():
    s = example_block()
    before = s.clone()
    s.apply(BLUE, s.parse_move(BLUE, "place building-candlemakers h2 two-men"))
    parts = dict(count_parts(s.game, before.observe(GREEN), s.observe(GREEN)))
    #            Blue Red Green Yellow  (the rulebook's Total count table)
    assert parts == {"block control of block B (worth £17)": [9, 5, 0, 3],
                     "guild control of block B (candlemakers)": [2, 1, 4, 0]}
    line = count_lines(s.game, before.observe(BLUE), s.observe(BLUE), BLUE)[0]
    assert line.startswith("block control of block B (worth £17): you +£9, seat 1 +£5, seat 3 +£3; "
                           "guild control of block B (candlemakers): you +£2, seat 1 +£1, seat 2 +£4;")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_payment_of_a_game_falls_in_one_category(players):
    finals = 0
    for seed in range(3 if COMPILED else 1):
        before = None
        for s in random_play(players, seed):
            if before is not None and before.to_move() != (CHANCE,):
                seat = seed % players
                parts = count_parts(s.game, before.observe(seat), s.observe(seat))
                change = [int(a) - int(b) for a, b in zip(f(s, "money"), f(before, "money"))]
                assert [sum(p[i] for _, p in parts) for i in range(players)] == change
                assert all(what.startswith(("block control", "guild control")) for what, _ in parts)
            before = s.clone()
        last = before.clone()
        seat = last.to_move()[0]
        moves = last.legal_moves(seat)
        end = last.clone()
        end.apply(seat, moves[0])
        if end.is_terminal():
            parts = dict(count_parts(end.game, last, end))
            change = [int(a) - int(b) for a, b in zip(f(end, "money"), f(last, "money"))]
            assert [sum(p[i] for p in parts.values()) for i in range(players)] == change
            assert parts["unused men"] == [-int(x) for x in f(end, "men")]
            assert sum(1 for what in parts if " chain (worth £" in what) == 4
            finals += 1
    assert finals >= 1
