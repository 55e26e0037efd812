"""Edges of the public API on random games of 3, 4 and 5 players: every legal move and every
chance outcome reads back from its text, in every phase; a seat's view shows nothing the
rulebook keeps from it (other hands but for tiles taken face up, the piles, others' setup
discards) and everything it shows (board, men, cubes, tracks, money, face-up row)."""
from __future__ import annotations

import pytest

from cython_ext import select
from cython_ext.city_and_guilds_layout import CHOSEN, NK
from engine.core import CHANCE
from tests.city_and_guilds.helpers import f, random_play

COMPILED = select.mode(select.load("city_and_guilds")) == "compiled"
SEEDS = range(3) if COMPILED else range(1)
PUBLIC = ("phase", "cur", "tavleft", "dealt", "setupleft", "money", "men", "hsize", "known",
          "face", "tile", "mowner", "nmen", "white", "black", "done", "inv", "istamp")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_legal_move_and_chance_outcome_reads_back_from_its_text(players):
    phases = set()
    for seed in SEEDS:
        for s in random_play(players, seed):
            phases.add(s.game.phase(s))
            for seat in s.to_move():
                moves = [m for m, _ in s.chance_outcomes()] if seat == CHANCE else s.legal_moves(seat)
                for m in moves:
                    assert s.parse_move(seat, s.move_to_string(seat, m)) == m
    assert phases == {0, 1, 2, 3, 4, 5}  # deal, discard, setup, place, tavern, draw


@pytest.mark.parametrize("players", [3, 4, 5])
def test_views_hide_exactly_what_the_rulebook_hides(players):
    for seed in SEEDS:
        for s in random_play(players, seed):
            for seat in range(players):
                v = s.observe(seat)
                for name in PUBLIC:
                    assert (f(v, name) == f(s, name)).all(), name
                hand, true = f(v, "hand").reshape(players, NK), f(s, "hand").reshape(players, NK)
                assert (hand[seat] == true[seat]).all()
                assert all((hand[p] == -1).all() for p in range(players) if p != seat)
                assert (f(v, "supply") == -1).all()
                pend, tpend = f(v, "pend"), f(s, "pend")
                assert pend[seat] == tpend[seat]
                assert all(pend[p] == (CHOSEN if tpend[p] else 0) for p in range(players) if p != seat)
