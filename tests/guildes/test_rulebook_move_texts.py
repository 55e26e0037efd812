"""Public API edges: every legal move and every chance outcome reads back from
its own text, in every player count and variant set; the per-guild breakdown
of a count adds up to the votes the count gives (the rulebook's categories:
each guild, the Militia among them, scored on its own)."""
import random

import numpy as np
import pytest

import engine
from engine.core import CHANCE
from engine.guildes.narrate import breakdown

SETS = [(), ("events",), ("tricks",), ("events", "tricks")]


@pytest.mark.parametrize("variants", SETS, ids=lambda v: "+".join(v) or "base")
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_move_text_reads_back(players, variants):
    game = engine.make_game("guildes", players, variants)
    rnd = random.Random(players * 10 + len(variants))
    s = game.new_initial_state(players)
    phases, ply = set(), 0
    while not s.is_terminal():
        movers = s.to_move()
        if ply % 3 == 0 or int(s.buf[game.layout["phase"]]) >= 5:   # the variants' phases always
            phases.add(int(s.buf[game.layout["phase"]]))
            for seat in movers:
                moves = [m for m, _ in s.chance_outcomes()] if seat == CHANCE else s.legal_moves(seat)
                for m in moves:
                    assert s.parse_move(seat, s.move_to_string(seat, m)) == m
        if movers == (CHANCE,):
            s.apply(CHANCE, s.sample_chance())
        else:
            seat = movers[rnd.randrange(len(movers))]
            s.apply(seat, rnd.choice(s.legal_moves(seat)))
        ply += 1
    assert {0, 1, 2, 3} <= phases


@pytest.mark.parametrize("players", [3, 6])
def test_breakdown_adds_up_to_the_count(players):
    g = engine.make_game("guildes", players, ("events", "tricks"))
    rng = np.random.default_rng(players)
    for _ in range(60):
        t = rng.integers(0, 4, size=(players, g.G)).astype(np.intc)
        t[:, g.total == 0] = 0
        virt = np.zeros_like(t)
        virt[rng.integers(players), rng.integers(1, 5)] = rng.choice([-1, 1])
        rnd, ties = int(rng.integers(3)), bool(rng.integers(2))
        rows = breakdown(g, t, rnd, ties, virt)
        assert [sum(r[2][s] for r in rows) for s in range(players)] == g.votes(t, rnd, ties, virt)
        assert {r[0] for r in rows} <= set(g.guild_names)
        militia = [r for r in rows if r[0] == "militia"]
        assert not militia or militia[0][2] == [3 * c for c in militia[0][1]]


def _counts_narrated(players, variants, seed):
    """Every count of a random game as ``count_lines`` tells each seat, given the move before it
    when the seat saw it (as ``guildhall play`` does)."""
    from engine.guildes.narrate import count_lines
    from engine.reveal import visible
    game = engine.make_game("guildes", players, variants)
    rnd = random.Random(seed)
    s = game.new_initial_state(players)
    told = []
    while not s.is_terminal():
        movers = s.to_move()
        actor = movers[rnd.randrange(len(movers))]
        move = s.sample_chance() if actor == CHANCE else rnd.choice(s.legal_moves(actor))
        before = s.clone()
        s.apply(actor, move)
        if before.scores() != s.scores():
            for seat in range(players):
                last = (actor, move) if actor == seat or visible(before, actor, move, seat) else None
                told.append(count_lines(game, before.observe(seat), s.observe(seat), seat, last))
    return told


@pytest.mark.parametrize("players", [3, 4, 6])
def test_narrated_counts_add_up_after_a_virtual_card(players):
    # a round's last dirty trick is counted at once and the count clears the virtual cards: the
    # narrator takes the +1/-1 from the move itself, so each guild's votes add up to the count
    told = [lines for seed in range(6) for lines in _counts_narrated(players, ("tricks",), 100 * players + seed)]
    assert len(told) >= 6 * 3 * players
    assert not [lines for lines in told if any("dirty tricks changed" in x for x in lines)]


def test_narrated_count_shows_the_last_tricks_virtual_card():
    from engine.guildes.narrate import count_lines
    from tests.guildes.helpers import force_round
    s = force_round(4, ("tricks",), "one-fewer", seed=3, tricks=["protection", "swap-tables", "sacrifice", "knights"])
    while int(s.buf[s.game.layout["phase"]]) != 9:   # the trick phase
        if s.to_move() == (CHANCE,):
            s.apply(CHANCE, s.sample_chance())
        else:
            for seat in s.to_move():
                s.apply(seat, s.legal_moves(seat)[0])
    for seat in (0, 1, 2):
        s.apply_string(seat, "trick decline")
    before = s.clone()
    move = s.parse_move(3, "trick minus knights 1")   # seat 1's knights count one fewer
    s.apply(3, move)
    lines = count_lines(s.game, before.observe(0), s.observe(0), 0, (3, move))
    knights = [x.split() for x in lines if x.split()[0] == "knights"][0]
    assert knights[1:] == ["1", "+11", "1", "+0", "-", "-"]
    assert not any("dirty tricks changed" in x for x in lines)
