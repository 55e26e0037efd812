"""Setup: pieces per board and player count, dice, chits, guild display, starting roads,
two-player neutral pieces, three-player Borderlands off-colour cards."""
from __future__ import annotations

import random

import pytest

from cython_ext import select
from engine.core import CHANCE
from tests.walled_city.helpers import f, game, play, setup_state

B = select.load("walled_city_board")
ACT = select.load("walled_city_power_board").ACT

# (board variants, players): roads, walls, nobles, peasants, cards in hand
TABLE = {((), 4): (4, 3, 14, 16, 9), ((), 3): (5, 4, 18, 20, 11), ((), 2): (6, 6, 20, 25, 16),
         (("borderlands",), 4): (5, 3, 16, 17, 10), (("borderlands",), 3): (6, 4, 18, 19, 12),
         (("borderlands",), 2): (8, 6, 20, 25, 18)}


@pytest.mark.parametrize("variants,players", list(TABLE))
def test_pieces_per_board_and_player_count(variants, players):
    roads, walls, nobles, peasants, cards = TABLE[(variants, players)]
    s = game(players, variants).new_initial_state(0)
    assert list(f(s, "roads")) == [roads] * players
    assert list(f(s, "walls")) == [walls] * players
    assert list(f(s, "nob")[:players]) == [nobles] * players
    assert list(f(s, "pea")[:players]) == [peasants] * players
    after = setup_state(players, variants)
    assert [int(h.sum()) for h in f(after, "hand")] == [cards] * players


def _deck(players, variants):
    g = game(players, variants)
    hand = f(g.new_initial_state(0), "hand")[0]
    return sorted(g.cards[k] for k in range(11) for _ in range(hand[k]))


def test_four_players_discard_1_0_and_2_0_on_londonderry():
    deck = _deck(4, ())
    assert (1, 0) not in deck and (2, 0) not in deck and len(deck) == 9


def test_two_players_use_two_decks_without_5_0_2_0_1_0():
    deck = _deck(2, ())
    assert len(deck) == 16 and all(deck.count(c) == 2 for c in set(deck))
    assert not {(5, 0), (2, 0), (1, 0)} & set(deck)


def test_borderlands_two_players_discard_5_0_and_4_1():
    deck = _deck(2, ("borderlands",))
    assert len(deck) == 18 and not {(5, 0), (4, 1)} & set(deck)


def test_borderlands_four_players_discard_1_0():
    deck = _deck(4, ("borderlands",))
    assert len(deck) == 10 and (1, 0) not in deck


def test_twenty_dice_are_rolled_from_four_per_faction_as_chance():
    s = game(3).new_initial_state(5)
    n = 0
    while s.to_move() == (CHANCE,) and n < 20:
        outs = s.chance_outcomes()
        assert abs(sum(p for _, p in outs) - 1) < 1e-9
        assert {m % 3 for m, _ in outs} == {0, 1, 2}  # faces 1..3
        s.apply(CHANCE, s.sample_chance())
        n += 1
    assert sorted(f(s, "die_f")) == sorted([x for x in range(5) for _ in range(4)])
    assert all(1 <= v <= 3 for v in f(s, "die_v"))


@pytest.mark.parametrize("variants,chits", [((), 4), (("borderlands",), 1)])
def test_survey_chits_are_flipped(variants, chits):
    s = setup_state(3, variants)
    assert len(f(s, "chit")) == chits and all(c in (-1, 1) for c in f(s, "chit"))


@pytest.mark.parametrize("players,shown", [(4, 9), (3, 7), (2, 5)])
def test_guild_display_size(players, shown):
    s = setup_state(players)
    assert int((f(s, "gstate") == 2).sum()) == shown


def test_guild_decks_per_board_and_mixed():
    g = game(3)
    assert len(g.deck) == 12 and all("londonderry" in g.guilds[i]["decks"] for i in g.deck)
    b = game(3, ("borderlands",))
    assert len(b.deck) == 12 and all("borderlands" in b.guilds[i]["decks"] for i in b.deck)
    assert len(set(g.deck) & set(b.deck)) == 4
    assert len(game(3, ("mixed-guilds",)).deck) == 20


def test_b_priority_acts_after_the_same_number_without_b():
    g = game(3, ("mixed-guilds",))
    key = {g.guild_token(i): int(g.topo["gkey"][i]) for i in range(20)}
    assert key["mercers1"] < key["carpenters1b"] < key["grocers2"]
    assert key["ironmongers10"] < key["ironmongers10b"] < key["vintners11"]


def test_faction_values_ignore_tower_dice_in_round_one():
    s = setup_state(3)
    k = s.game.kernel
    die_area = s.game.topo["die_area"]
    for fac in range(5):
        want = sum(int(f(s, "die_v")[d]) for d in range(20) if f(s, "die_f")[d] == fac and die_area[d] >= 0)
        everything = sum(int(f(s, "die_v")[d]) for d in range(20) if f(s, "die_f")[d] == fac)
        if hasattr(k, "faction_value"):
            assert k.faction_value(s.buf, fac, 0) == want
            assert k.faction_value(s.buf, fac, 1) == everything


def test_four_players_have_no_starting_roads_and_align_at_once():
    s = setup_state(4)
    assert int(f(s, "phase")[0]) == 2 and int(f(s, "road").sum()) == 0


def test_three_players_start_player_places_one_starting_road():
    s = setup_state(3)
    assert int(f(s, "phase")[0]) == 1 and s.to_move() == (0,)
    play(s, "road P5")
    assert int(f(s, "road")[5]) == 1 and int(f(s, "phase")[0]) == 2
    assert list(f(s, "roads")) == [5, 5, 5]  # from the box, not the player's supply


def test_two_players_alternate_four_starting_roads():
    s = setup_state(2)
    seats = []
    for p in (1, 2, 3, 4):
        seats.append(s.to_move()[0])
        play(s, f"road P{p}")
    assert seats == [0, 1, 0, 1]
    assert int(f(s, "road").sum()) == 4 and list(f(s, "roads")) == [6, 6]
    assert int(f(s, "phase")[0]) == 2


@pytest.mark.parametrize("variants", [(), ("borderlands",)])
def test_two_player_neutral_pieces(variants):
    s = setup_state(2, variants)
    b = s.game.board
    gap_areas = {g["area"] for g in b["gaps"]}
    an, ap, tw = f(s, "an"), f(s, "ap"), f(s, "tw")
    for a in range(len(b["areas"])):
        want = (1, 2) if a in gap_areas else (0, 0)
        assert (int(an[a][2]), int(ap[a][2])) == want
    assert list(tw[:, 2]) == [1] * b["towers"]


def test_three_player_borderlands_off_colour_cards_dealt_one_each():
    s = setup_state(3, ("borderlands",))
    hands = f(s, "hand")
    offs = [[k for k in (11, 12, 13) if hands[p][k]] for p in range(3)]
    assert all(len(o) == 1 for o in offs) and sorted(o[0] for o in offs) == [11, 12, 13]
    for p in range(3):  # face down: nobody else sees it
        view = s.observe((p + 1) % 3)
        assert list(f(view, "hand")[p]) == [-1] * 14


def test_no_off_colour_cards_elsewhere():
    for players, variants in ((3, ()), (4, ("borderlands",)), (2, ("borderlands",))):
        s = setup_state(players, variants)
        assert int(f(s, "hand")[:, 11:].sum()) == 0


def test_off_colour_deal_is_a_hidden_chance_move_for_the_others():
    s = game(3, ("borderlands",)).new_initial_state(2)
    k = s.game.kernel
    move = s.chance_outcomes()[0][0]
    assert k.observed_move(s.buf, CHANCE, move, 0) == move          # seat 0 receives it
    assert k.observed_move(s.buf, CHANCE, move, 1) >= k.max_moves   # seat 1 sees a card dealt, not which


def test_an_off_colour_card_placed_in_defense_stays_hidden_from_the_others():
    """Ruling 17: a rival sees an unknown card in the zone and the card still unrevealed,
    as for any face-down card; its owner sees it."""
    for seed in range(1, 40):
        s = game(3, ("borderlands",)).new_initial_state(seed)
        rnd = random.Random(seed)
        while not s.is_terminal():
            seat = s.to_move()[0]
            if seat == CHANCE:
                s.apply(CHANCE, s.sample_chance())
                continue
            legal = s.legal_moves(seat)
            off = [m for m in legal if m >= B.OWN] if int(f(s, "phase")[0]) == B.P_DCARD else []
            if off:
                play(s, s.move_to_string(seat, off[0]))
                zone = s.legal_moves(seat)[0]
                s.apply(seat, zone)
                placed = [i for i, c in enumerate(f(s, "zcard")) if c > B.OWN]  # a zone holds its card + 1
                assert placed
                for other in ((seat + 1) % 3, (seat + 2) % 3):
                    view = s.observe(other)
                    assert all(int(f(view, "zcard")[i]) == -1 for i in placed)
                    assert int(f(view, "offun")[seat]) == 1
                mine = s.observe(seat)
                assert [int(f(mine, "zcard")[i]) for i in placed] == [int(f(s, "zcard")[i]) for i in placed]
                return
            s.apply(seat, rnd.choice([m for m in legal if m != ACT]))  # no guild power: not needed here
    raise AssertionError("no seed placed an off-colour card")
