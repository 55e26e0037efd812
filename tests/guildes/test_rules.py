"""Guildes turn structure: setup, drafting, playing, counting, end of game."""
import numpy as np
import pytest

import engine
from engine.core import CHANCE, make_rng
from engine.errors import BadConfig, BadMove, IllegalMove
from tests.guildes.helpers import to_decision

TABLE = {3: (10, 8), 4: (9, 7), 5: (7, 5), 6: (6, 5)}


@pytest.mark.parametrize("players", [1, 2, 7])
def test_player_count_out_of_range_is_refused(players):
    with pytest.raises(BadConfig):
        engine.make("guildes", players=players)


def test_three_players_remove_alchemists_and_three_militia():
    g = engine.make_game("guildes", 3)
    ix = {n: i for i, n in enumerate(g.guild_names)}
    assert g.total[ix["alchemists"]] == 0
    assert g.total[ix["militia"]] == 12
    assert g.total.sum() == 110 - 12 - 3


@pytest.mark.parametrize("players", [4, 5, 6])
def test_four_or_more_players_keep_all_110_cards(players):
    assert engine.make_game("guildes", players).total.sum() == 110


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_deal_sizes_follow_the_table(players):
    s = to_decision(engine.make("guildes", players=players, seed=2))
    lay = s.game.layout
    hist = lay.view(s.buf, "hist")
    assert all(hist[0, p].sum() == TABLE[players][0] for p in range(players))
    assert s.game.played == TABLE[players][1]


def test_event_card_sets_passing_direction_and_is_not_reused():
    s = engine.make("guildes", players=4, seed=1)
    g, lay = s.game, s.game.layout
    used = set()
    rng = make_rng(3)
    rnd = np.random.default_rng(0)
    while not s.is_terminal():
        m = s.to_move()
        if m == (CHANCE,):
            before_phase = int(s.buf[lay["phase"]])
            mv = s.sample_chance(rng)
            s.apply(CHANCE, mv)
            if before_phase == 0:
                assert mv not in used
                used.add(mv)
                d = 1 if g.edition["events"][mv]["direction"] == "left" else -1
                assert int(s.buf[lay["dir"]]) == d
        else:
            for seat in m:
                s.apply(seat, int(rnd.choice(s.legal_moves(seat))))
    assert len(used) == 3


def test_drafting_is_simultaneous_and_passes_the_rest():
    s = to_decision(engine.make("guildes", players=4, seed=5))
    lay = s.game.layout
    d = int(s.buf[lay["dir"]])
    hands = [lay.view(s.buf, "hist")[0, p].copy() for p in range(4)]
    assert s.to_move() == (0, 1, 2, 3)
    picks = [s.legal_moves(i)[0] for i in range(4)]
    for i in range(3):
        s.apply(i, picks[i])
    assert s.to_move() == (3,)            # others wait for the last choice
    assert int(s.buf[lay["step"]]) == 0   # nothing revealed yet
    s.apply(3, picks[3])
    assert int(s.buf[lay["step"]]) == 1
    for i in range(4):
        received = (i - d) % 4           # seat i now holds the packet of seat i - dir
        expect = hands[received].copy()
        expect[picks[received]] -= 1
        assert list(s.legal_moves(i)) == [g for g in range(s.game.G) if expect[g] > 0]
        assert lay.view(s.buf, "kept")[i, picks[i]] == 1


def test_a_picked_card_cannot_be_swapped_and_selection_runs_until_no_card_left():
    s = to_decision(engine.make("guildes", players=5, seed=9))
    lay = s.game.layout
    for t in range(7):
        for i in range(5):
            s.apply(i, s.legal_moves(i)[-1])
    assert int(s.buf[lay["phase"]]) == 3  # play phase
    assert (lay.view(s.buf, "kept").sum(axis=1) == 7).all()


def test_play_phase_reveals_together_and_discards_unplayed():
    s = to_decision(engine.make("guildes", players=4, seed=4))
    lay = s.game.layout
    for t in range(9):
        for i in range(4):
            s.apply(i, s.legal_moves(i)[0])
    kept = lay.view(s.buf, "kept").copy()
    s.apply(0, s.legal_moves(0)[0])
    assert lay.view(s.buf, "table").sum() == 0   # face down until all have played
    for i in range(1, 4):
        s.apply(i, s.legal_moves(i)[0])
    assert lay.view(s.buf, "table").sum() == 4
    for u in range(6):
        for i in range(4):
            s.apply(i, s.legal_moves(i)[0])
    assert lay.view(s.buf, "table").sum(axis=1).tolist() == [7] * 4
    assert lay.view(s.buf, "discarded").sum(axis=1).tolist() == [2] * 4
    assert lay.view(s.buf, "kept").sum() == 0
    assert int(s.buf[lay["round"]]) == 1
    assert kept.sum() == 36


def test_cards_stay_on_the_table_and_rounds_deal_from_the_remaining_deck():
    s = engine.make("guildes", players=4, seed=8)
    lay = s.game.layout
    rnd = np.random.default_rng(1)
    rng = make_rng(8)
    while int(s.buf[lay["round"]]) < 2:
        m = s.to_move()
        if m == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(rng))
        else:
            for seat in m:
                s.apply(seat, int(rnd.choice(s.legal_moves(seat))))
    assert lay.view(s.buf, "table").sum() == 2 * 4 * 7
    assert lay.view(s.buf, "deck").sum() == 110 - 2 * 36


def test_scores_accumulate_over_three_counts_and_winner_shares_ties():
    s = engine.make("guildes", players=4, seed=11)
    lay = s.game.layout
    rnd = np.random.default_rng(2)
    rng = make_rng(11)
    expected = np.zeros(4, dtype=int)
    while not s.is_terminal():
        m = s.to_move()
        r0 = int(s.buf[lay["round"]])
        if m == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(rng))
        else:
            for seat in m:
                s.apply(seat, int(rnd.choice(s.legal_moves(seat))))
        if int(s.buf[lay["round"]]) != r0:
            expected += s.game.votes(lay.view(s.buf, "table"), r0)
    assert s.scores() == expected.tolist()
    best = max(s.scores())
    assert s.winners() == [i for i, v in enumerate(s.scores()) if v == best]


def test_tied_winners_share_victory():
    s = engine.make("guildes", players=3, seed=0)
    lay = s.game.layout
    lay.view(s.buf, "score")[:] = [20, 20, 5]
    s.buf[lay["round"]], s.buf[lay["phase"]] = 3, 4
    assert s.is_terminal()
    assert s.winners() == [0, 1]
    assert s.returns("win") == [0.5, 0.5, 0.0]


def test_move_notation_round_trip_and_errors():
    s = to_decision(engine.make("guildes", players=4, seed=3))
    m = s.legal_moves(0)[0]
    text = s.move_to_string(0, m)
    assert s.parse_move(0, text) == m
    assert s.parse_move(0, "pick " + text) == m
    for bad in ("", "pick", "zzz", "play foo bar", "jump knights"):
        with pytest.raises(BadMove):
            s.parse_move(0, bad)
    with pytest.raises(BadMove):
        s.parse_move(0, "m")  # ambiguous: militia, merchants, masons, minstrels
    absent = next(g for g in range(s.game.G) if g not in s.legal_moves(0))
    with pytest.raises(IllegalMove):
        s.apply_string(0, s.game.guild_names[absent])


def test_drawing_masks_other_hands():
    s = to_decision(engine.make("guildes", players=4, seed=3))
    s.apply(1, s.legal_moves(1)[0])
    text = s.draw(0)
    # that seat 1 has chosen is public (the others wait on it); what it chose is not
    assert "your hand to pick from" in text and "seat 1: 0 votes [has chosen]" in text
    assert "your choice" not in text and s.draw(0) != s.draw(1)


def test_observed_move_hides_other_seats_picks_and_deals():
    s = engine.make("guildes", players=4, seed=3)
    k, lay = s.game.kernel, s.game.layout
    s.apply(CHANCE, s.sample_chance())          # the event card is public
    assert int(s.buf[lay["phase"]]) == 1
    deal = s.sample_chance()
    # the first cards go to packet 0: seen by seat 0 only
    assert k.observed_move(s.buf, CHANCE, deal, 0) == deal
    assert k.observed_move(s.buf, CHANCE, deal, 1) == k.max_moves
    d = to_decision(s)
    m = d.legal_moves(2)[0]
    assert k.observed_move(d.buf, 2, m, 2) == m
    assert k.observed_move(d.buf, 2, m, 0) == k.max_moves
