"""Rulebook, Setup / Selecting / Playing / End of Game: how many cards each
player count deals, keeps, plays and discards in every round, when the game
ends, and the one-fewer event in every player count.

"Example: if players start the selection phase with 8 cards, they will each
choose 8 cards"; "Example: with 5 players, each player plays 5 cards";
"Unplayed cards are discarded"; "At the end of the third voting round ...".
"""
import json

import pytest

import engine
from engine.core import CHANCE, make_rng
from engine.errors import EditionError
from tests.guildes.helpers import force_round

# the rulebook's table: players -> (cards dealt, cards played) per voting round
TABLE = {3: (10, 8), 4: (9, 7), 5: (7, 5), 6: (6, 5)}


def F(s, name):
    return s.game.layout.view(s.buf, name)


def step_round(s, rng):
    """Play the current round to its count (each seat its first legal card)."""
    r0 = int(s.buf[s.game.layout["round"]])
    while not s.is_terminal() and int(s.buf[s.game.layout["round"]]) == r0:
        if s.to_move() == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(rng))
        else:
            for seat in s.to_move():
                s.apply(seat, s.legal_moves(seat)[0])


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_each_round_deals_keeps_plays_and_discards_per_the_table(players):
    dealt, played = TABLE[players]
    s = engine.make("guildes", players=players, seed=40 + players)
    rng = make_rng(players)
    full = int(s.game.total.sum())
    for rnd in range(3):
        while int(s.buf[s.game.layout["phase"]]) != 2:   # to the draft
            s.apply(CHANCE, s.sample_chance(rng))
        # every seat chooses as many cards as it was dealt, one per pass
        for t in range(dealt):
            assert int(s.buf[s.game.layout["step"]]) == t
            for seat in range(players):
                s.apply(seat, s.legal_moves(seat)[-1])
        assert F(s, "kept").sum(axis=1).tolist() == [dealt] * players
        assert F(s, "deck").sum() == full - (rnd + 1) * players * dealt
        table_before = F(s, "table").sum(axis=1).copy()
        step_round(s, rng)
        # played cards stay in front of their player; the rest is discarded
        assert (F(s, "table").sum(axis=1) - table_before).tolist() == [played] * players
        assert F(s, "discarded").sum(axis=1).tolist() == [(rnd + 1) * (dealt - played)] * players
        assert F(s, "kept").sum() == 0
        assert s.is_terminal() == (rnd == 2)      # the game ends at the third count, not before
    assert int(s.buf[s.game.layout["round"]]) == 3 and s.to_move() == ()


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_one_fewer_event_plays_one_fewer_in_every_player_count(players):
    dealt, played = TABLE[players]
    s = force_round(players, ("events",), "one-fewer", seed=players)
    step_round(s, make_rng(1))
    assert F(s, "table").sum(axis=1).tolist() == [played - 1] * players
    assert F(s, "discarded").sum(axis=1).tolist() == [dealt - played + 1] * players


def _edition(tmp_path, players, played):
    data = json.load(open(engine.make_game("guildes", 4).edition_path))
    data["players"][str(players)]["played"] = played
    path = tmp_path / "ed.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_one_fewer_from_a_single_card_is_refused(tmp_path):
    # an edition that plays 1 card would play 0 under "play one fewer card": the
    # play phase then had nothing to play and never ended (no legal move)
    path = _edition(tmp_path, 4, 1)
    with pytest.raises(EditionError, match="'played' must be at least 2"):
        engine.make_game("guildes", 4, ("events",), edition=path)


def test_a_single_card_played_without_the_events_variant_plays_to_the_end(tmp_path):
    g = engine.make_game("guildes", 4, (), edition=_edition(tmp_path, 4, 1))
    s = g.new_initial_state(3)
    rng = make_rng(3)
    for _ in range(3):
        step_round(s, rng)
    assert s.is_terminal() and F(s, "table").sum(axis=1).tolist() == [3] * 4
    # with tricks too (every holder declines): one card played, eight discarded a round
    t = engine.make_game("guildes", 4, ("tricks",), edition=_edition(tmp_path, 4, 1)).new_initial_state(3)
    while not t.is_terminal():
        if t.to_move() == (CHANCE,):
            t.apply(CHANCE, t.sample_chance(rng))
        else:
            for seat in t.to_move():
                t.apply(seat, t.legal_moves(seat)[0])
    assert F(t, "ndisc").tolist() == [3 * 8] * 4 and F(t, "table").sum(axis=1).tolist() == [3] * 4


@pytest.mark.parametrize("variants,event", [((), "one-fewer"), (("events",), "one-or-two")])
def test_a_chosen_card_cannot_be_taken_back_or_changed(variants, event):
    # "once a card is chosen, it cannot be swapped": a seat that has chosen is
    # not asked again at this step, and a second choice is refused unchanged
    from engine.errors import IllegalMove

    s = engine.make("guildes", players=4, variants=list(variants), seed=6)
    while int(s.buf[s.game.layout["phase"]]) != 2:
        s.apply(CHANCE, s.sample_chance() if int(s.buf[s.game.layout["phase"]]) else
                s.game.event_names.index(event))
    for _ in range(2):                                   # a pick, then (draft over) a play
        first = s.legal_moves(0)[0]
        s.apply(0, first)
        assert 0 not in s.to_move()
        before = s.buf.copy()
        for m in range(s.game.G):
            with pytest.raises(IllegalMove):
                s.apply(0, m)
        assert (s.buf == before).all()
        while int(s.buf[s.game.layout["phase"]]) == 2:
            for seat in s.to_move():
                s.apply(seat, s.legal_moves(seat)[0])
        if s.to_move() == (CHANCE,):
            break
    assert int(s.buf[s.game.layout["phase"]]) == 3
