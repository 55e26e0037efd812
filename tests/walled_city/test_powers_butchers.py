"""Butchers (7b), sentence by sentence, and the hidden information of its trades.

"You may give one Construction card from your hand to each other player. Each player you
gave to must in return give you a Construction card of a higher total value than the card
you traded (their choice which card). If not possible, then you may look at the player's
hand of cards and choose any one card (including the card you gave) to take into your own
hand."  Rulings 37-41 in docs/rulings.md.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

from engine.core import CHANCE, make_rng
from engine.errors import BadMove
from search.api import Limits, make_player
from tests.walled_city.helpers import COMPILED, f, play, power_turn, texts

BL = ("borderlands",)
CARD = {"1/0": 0, "2/0": 1, "1/1": 2, "3/0": 3, "2/1": 4, "4/0": 5, "3/1": 6, "2/2": 7, "5/0": 8,
        "4/1": 9, "3/2": 10}


def deal(s, hands: dict) -> None:
    """Give seats these own-colour hands (round 1: the pool is the hand); off-colour cards stay."""
    for p, cards in hands.items():
        f(s, "hand")[p][:11] = 0
        for c in cards:
            f(s, "hand")[p][CARD[c]] += 1
        f(s, "pool")[p][:] = f(s, "hand")[p][:11]


def hand(s, p) -> list[str]:
    names = {v: k for k, v in CARD.items()}
    return [names[k] for k in range(11) for _ in range(int(f(s, "hand")[p][k]))]


def butcher(players=3, variants=BL, hands=None, round_=1):
    s, me = power_turn("butchers-b", players=players, variants=variants, round_=round_)
    if hands:
        deal(s, hands)
    return s, me


# -- the power, sentence by sentence --------------------------------------------------------
def test_activation_needs_an_own_colour_card_in_hand():
    s, me = butcher(hands={1: ["1/0"]})
    assert me == 1 and "activate butchers7b" in texts(s)
    deal(s, {1: []})                                # only the off-colour card is left
    assert f(s, "hand")[1][11:].sum() == 1
    assert "activate butchers7b" not in texts(s)


def test_one_card_to_each_other_player_in_turn_or_none():
    s, me = butcher(hands={1: ["1/0", "4/0"], 2: ["3/0"], 0: ["2/0"]})
    play(s, "activate butchers7b")
    # from the Butcher's left: p2, then p0; the off-colour card is never offered
    assert texts(s) == ["butchers give 1/0 to p2", "butchers give 4/0 to p2", "butchers skip p2"]
    play(s, "butchers skip p2")
    assert texts(s) == ["butchers give 1/0 to p0", "butchers give 4/0 to p0", "butchers skip p0"]
    play(s, "butchers skip p0")
    # the power is over, nothing traded; the turn resumes at construct, the guild pivoted
    assert int(f(s, "phase")[0]) == 3 and f(s, "piv")[1] == 1 and int(f(s, "nbt")[0]) == 0
    assert hand(s, 1) == ["1/0", "4/0"]


def test_receiver_returns_a_card_of_higher_total_value_of_its_choice():
    s, me = butcher(hands={1: ["1/0", "4/0"], 2: ["3/0", "3/1", "5/0", "4/1"], 0: ["2/0"]})
    play(s, "activate butchers7b", "butchers give 4/0 to p2")
    # the receiver decides: only cards above 4 (3/1 is equal, 3/0 lower, the 4/0 it got equal)
    assert s.to_move() == (2,) and s.legal_moves(1) == []
    assert texts(s) == ["butchers return 5/0", "butchers return 4/1"]
    play(s, "butchers return 4/1")
    assert hand(s, 1) == ["1/0", "4/1"] and hand(s, 2) == ["3/0", "4/0", "3/1", "5/0"]
    assert s.to_move() == (1,) and texts(s)[-1] == "butchers skip p0"
    t = f(s, "bt")[0]
    assert list(t[:6]) == [1, 2, CARD["4/0"], CARD["4/1"], 0, 1]


def test_an_equal_total_is_not_higher_then_the_giver_looks_and_takes_any_card_even_its_own():
    s, me = butcher(hands={1: ["1/0", "3/1"], 2: ["1/1", "2/2"], 0: ["2/0"]})
    play(s, "activate butchers7b", "butchers give 3/1 to p2")
    assert s.to_move() == (1,)                      # nothing higher than 4: the Butcher looks
    assert texts(s) == ["butchers take 1/1", "butchers take 3/1", "butchers take 2/2"]
    t = f(s, "bt")[0]
    assert t[4] == 1 and [int(x) for x in t[30:41]] == list(f(s, "hand")[2][:11])
    play(s, "butchers take 3/1")                    # the card it gave
    assert hand(s, 1) == ["1/0", "3/1"] and hand(s, 2) == ["1/1", "2/2"]


def test_hand_sizes_never_change_and_the_power_ends_after_the_last_other_player():
    s, me = butcher(hands={1: ["1/0", "2/0", "5/0"], 2: ["3/0", "3/2"], 0: ["1/1", "4/1"]})
    sizes = [int(f(s, "hand")[p].sum()) for p in range(3)]
    play(s, "activate butchers7b", "butchers give 2/0 to p2", "butchers return 3/0",
         "butchers give 5/0 to p0", "butchers take 4/1")
    assert [int(f(s, "hand")[p].sum()) for p in range(3)] == sizes
    assert int(f(s, "phase")[0]) == 3 and int(f(s, "nbt")[0]) == 2


def test_two_players_the_neutral_colour_has_no_hand_to_trade_with():
    s, me = butcher(players=2, variants=BL)
    other = 1 - me
    play(s, "activate butchers7b")
    assert all(t.endswith(f"p{other}") for t in texts(s))
    give = texts(s)[0]
    play(s, give)
    while int(f(s, "phase")[0]) == 14:
        play(s, texts(s)[0])
    assert int(f(s, "phase")[0]) == 3 and int(f(s, "nbt")[0]) == 1   # one trade, then over


def test_no_activation_when_the_log_is_full():
    s, me = butcher(hands={1: ["1/0"]})
    f(s, "nbt")[0] = 11                              # room for one trade, three players need two
    assert "activate butchers7b" not in texts(s)


def test_grocers_copy_butchers():
    s, me = power_turn("grocers", variants=("borderlands", "mixed-guilds"))
    others = [p for p in range(3) if p != me]
    g = [x["power"] for x in s.game.guilds].index("butchers-b")
    holder = others[0]
    f(s, "gstate")[g] = 3
    f(s, "guild")[holder] = g + 1
    play(s, "activate grocers2", "grocers copy butchers7b")
    assert texts(s)[-1].startswith("butchers skip")


def test_notation_round_trips_every_butchers_move_and_refuses_others():
    s, me = butcher(hands={1: ["1/0", "4/0", "5/0"], 2: ["3/0", "5/0"], 0: ["1/1"]})
    play(s, "activate butchers7b")
    seen = set()
    while int(f(s, "phase")[0]) == 14:
        seat = s.to_move()[0]
        for m in s.legal_moves(seat):
            t = s.move_to_string(seat, m)
            assert s.game.parse_move(s, seat, t) == m and s.game.parse_move(s, seat, t.upper()) == m
            seen.add(t.split()[1])
        with pytest.raises(BadMove):
            s.game.parse_move(s, seat, "butchers give 9/9 to p7")
        play(s, texts(s)[0])
    assert {"give", "skip", "return", "take"} <= seen or {"give", "skip", "take"} <= seen


# -- what each seat knows ------------------------------------------------------------------
SMALL = {1: ["1/0", "4/0", "3/0"], 2: ["5/0", "4/1", "1/1"], 0: ["1/1", "2/0"]}


def traded(x="4/0", r="5/0", hands=SMALL):
    """Seat 1 (the Butcher) gave ``x`` to seat 2, which returned ``r``; seat 1 to give to p0.
    ``hands=None``: the hands of the game (one card of each type), which can play on."""
    s, me = butcher(hands=hands)
    play(s, "activate butchers7b", f"butchers give {x} to p2", f"butchers return {r}")
    return s


def test_views_hide_the_cards_of_a_trade_from_third_seats_only():
    s = traded()
    for seat, sees in ((0, False), (1, True), (2, True)):
        t = f(s.observe(seat), "bt")[0]
        assert (t[2] == CARD["4/0"] and t[3] == CARD["5/0"]) == sees
        assert t[4] == 0 and t[0] == 1 and t[1] == 2       # public: who, and that none looked
    s, _ = butcher(hands={1: ["1/0", "4/0"], 2: ["5/0"], 0: ["1/1"]})
    play(s, "activate butchers7b")
    k = s.game.kernel
    skip = s.game.parse_move(s, 1, "butchers skip p2")
    give = s.game.parse_move(s, 1, "butchers give 4/0 to p2")
    assert k.observed_move(s.buf, 1, skip, 0) == skip           # skipping a seat is public
    assert k.observed_move(s.buf, 1, give, 0) >= k.max_moves    # the card is not
    assert k.observed_move(s.buf, 1, give, 2) == give
    play(s, "butchers give 4/0 to p2")
    assert f(s.observe(0), "pw_a")[0] == -1 and f(s.observe(2), "pw_a")[0] == CARD["4/0"]
    back = s.game.parse_move(s, 2, "butchers return 5/0")
    assert k.observed_move(s.buf, 2, back, 0) >= k.max_moves and k.observed_move(s.buf, 2, back, 1) == back


def view(s, seat) -> bytes:
    return s.observe(seat).buf[2:].tobytes()


def test_a_third_seat_cannot_tell_two_trades_apart_and_decides_the_same():
    # the Butcher then gives p0 a card it must answer: p0's decision in two worlds it cannot tell apart
    a, b = traded("4/0", "5/0", None), traded("3/0", "4/1", None)
    for s in (a, b):
        play(s, "butchers give 1/0 to p0")
    assert hand(a, 1) != hand(b, 1) and view(a, 0) == view(b, 0)
    assert a.to_move() == b.to_move() == (0,)
    moves = [make_player("ismcts", seed=7).choose(s, 0, Limits(iterations=60 if COMPILED else 15))
             for s in (a, b)]
    assert moves[0] == moves[1]


def test_the_gift_of_a_finished_trade_is_not_left_in_a_third_seats_view():
    # the power word kept the card given until the next power: the seat offered next, and
    # every seat once the power ended, read the gift of a trade they were no party to
    # (found by an audit of the views, session 51)
    a, b = traded("4/0", "5/0", None), traded("3/0", "4/1", None)
    assert hand(a, 1) != hand(b, 1)
    assert view(a, 0) == view(b, 0)               # p0, offered next, before any gift to it
    for s in (a, b):
        play(s, "butchers skip p0")               # the power is over
    assert int(f(a, "phase")[0]) != 14 and view(a, 0) == view(b, 0)


def consistent(w) -> None:
    """An independent check that full state ``w`` has a history agreeing with the public log:
    at each trade the giver held the card, a return was higher, a look found nothing higher and
    saw the logged hand, no hand ever below zero; every seat's unseen cards now are its pool
    plus the net of its trades."""
    g = w.game
    tot = [a + b for a, b in g.cards]
    net = np.zeros((g.players, 11), dtype=int)
    for t in f(w, "bt")[:int(f(w, "nbt")[0])]:
        a, r, x, y, look, done = (int(v) for v in t[:6])
        hands = []
        for p, fz, snap in ((a, t[6], t[8:19]), (r, t[7], t[19:30])):
            h = np.array(snap, dtype=int) + net[p]
            if fz >= 0 and f(w, "zcard")[fz] <= 11:     # (an off-colour card is not in the pool)
                h[int(f(w, "zcard")[fz]) - 1] -= 1
            assert (h >= 0).all()
            hands.append(h)
        assert hands[0][x] >= 1
        hb = hands[1].copy()
        hb[x] += 1
        higher = any(hb[k] and tot[k] > tot[x] for k in range(11))
        assert higher != bool(look)
        if look:
            assert list(hb) == [int(v) for v in t[30:41]]
        net[a][x] -= 1
        net[r][x] += 1
        if done:
            assert hb[y] >= 1 and (look or tot[y] > tot[x])
            net[a][y] += 1
            net[r][y] -= 1
    for p in range(g.players):
        unseen = np.array(f(w, "hand")[p][:11], dtype=int)
        for z in range(len(f(w, "zown"))):     # at the end they are revealed: out of the pool
            if f(w, "zown")[z] == p + 1 and 0 < f(w, "zcard")[z] <= 11 and f(w, "phase")[0] != 12:
                unseen[int(f(w, "zcard")[z]) - 1] += 1
        if int(f(w, "phase")[0]) == 11 and int(f(w, "cur")[0]) == p and f(w, "sel_card")[0] < 11:
            unseen[int(f(w, "sel_card")[0])] += 1
        assert list(unseen) == list(np.array(f(w, "pool")[p], dtype=int) + net[p])


def sample_worlds(s, n):
    for seat in range(s.game.players):
        for i in range(n):
            w = s.determinize(seat, make_rng(1000 * seat + i))
            assert view(w, seat) == view(s, seat)
            consistent(w)
            yield seat, w


def test_determinize_keeps_what_each_party_knows_and_the_constraint_for_third_seats():
    s = traded("4/0", "5/0")
    for seat, w in sample_worlds(s, 30):
        if seat == 2:       # the receiver: the Butcher holds the 5/0 it returned
            assert f(w, "hand")[1][CARD["5/0"]] >= 1
    play(s, "butchers give 3/0 to p0")              # p0 holds 1/1 2/0 3/0: nothing above 3
    play(s, "butchers take 2/0")                    # the Butcher looked at p0's hand
    consistent(s)
    # seat 2 knew the Butcher's 1/0 3/0 5/0 and p0's 1/1 2/0; a look means 3/0 or 5/0 went
    # (1/0 would have had a higher card returned), then any card of p0's came back
    possible = {tuple(sorted(["1/0", "5/0", z], key=CARD.get)) for z in ("1/1", "2/0", "3/0")}
    possible |= {tuple(sorted(["1/0", "3/0", z], key=CARD.get)) for z in ("1/1", "2/0", "5/0")}
    seen = set()
    for seat, w in sample_worlds(s, 60):
        if seat == 1:       # the giver: p2 has the 4/0 it gave, p0's looked-at hand less the 2/0
            assert f(w, "hand")[2][CARD["4/0"]] >= 1
            assert hand(w, 0) == ["1/1", "3/0"]
        if seat == 2:
            seen.add(tuple(hand(w, 1)))
        if seat == 0:       # a third seat for the first trade: whatever came back was higher
            t = f(w, "bt")[0]
            assert sum(w.game.cards[t[3]]) > sum(w.game.cards[t[2]])
    assert seen == possible


def test_determinize_deals_many_different_worlds_to_a_third_seat():
    s = traded("4/0", "5/0")
    trades = {tuple(int(v) for v in f(w, "bt")[0][2:4]) for seat, w in sample_worlds(s, 60) if seat == 0}
    assert len(trades) >= 3 and (CARD["4/0"], CARD["5/0"]) in trades


def give_butchers(s) -> None:
    """At a construct step with no Butcher at the table, the mover becomes one (guilds swapped)."""
    g = [x["power"] for x in s.game.guilds].index("butchers-b")
    if int(f(s, "phase")[0]) != 3 or g + 1 in list(f(s, "guild")):
        return
    seat = int(f(s, "cur")[0])
    f(s, "gstate")[g] = 3                           # from the deck or the display
    f(s, "guild")[seat] = g + 1
    f(s, "piv")[seat] = 0


@pytest.mark.parametrize("players,seed", [(3, 1), (3, 3), (4, 5)])
def test_trades_in_random_games_give_consistent_worlds_for_every_seat(players, seed):
    """Random games through both rounds (round 2: face-down defense cards) with a Butcher in
    each round: after trades, every seat's worlds agree with its view and with the log.  Seed 1
    (3 players): a party's round-1 defense card is its off-colour card, out of the pool."""
    from tests.walled_city.helpers import game
    s = game(players, BL).new_initial_state(seed)
    rnd = random.Random(seed)
    checked = rounds = seen = 0
    while s.to_move():
        seat = s.to_move()[0]
        if seat == CHANCE:
            s.apply(seat, s.sample_chance())
            continue
        give_butchers(s)
        ms = s.legal_moves(seat)
        pick = [m for m in ms if s.move_to_string(seat, m).startswith(("activate butchers", "butchers give"))]
        s.apply(seat, rnd.choice(pick or ms))
        new = int(f(s, "nbt")[0]) > seen           # each trade as it starts, and at random
        seen = int(f(s, "nbt")[0])
        if seen and (rnd.random() < (0.2 if COMPILED else 0.04) or new):
            consistent(s)
            rounds |= 1 << int(f(s, "round")[0])
            for _ in sample_worlds(s, 2):
                checked += 1
    assert int(f(s, "nbt")[0]) >= 2 * (players - 1) and checked >= 10 and rounds == 6
    bt = f(s, "bt")[:int(f(s, "nbt")[0])]
    off = any(fz >= 0 and f(s, "zcard")[fz] > 11 for t in bt for fz in (t[6], t[7]))
    assert off == (seed == 1)


def test_a_view_no_game_can_reach_is_refused_not_dealt():
    s = traded("4/0", "5/0")
    v = s.observe(0)
    f(v, "pool")[2][:] = 0                          # p2 cannot have returned anything higher
    with pytest.raises(ValueError, match="no Butchers trades"):
        v.game.kernel.determinize(v.buf, 0, make_rng(1))


def test_drawings_show_the_trades_each_seat_can_see():
    from engine.walled_city.svg import draw_svg
    s = traded("4/0", "5/0")
    assert "butchers trades: p1>p2 4/0 for 5/0" in s.game.draw(s, 2)
    assert "butchers trades: p1>p2 ? for ?" in s.game.draw(s, 0)
    assert "copy " not in draw_svg(s.game, s.observe(1), 1)     # no Grocers choice during a trade


def test_the_butcher_sees_the_hand_it_looks_at_and_remembers_its_off_colour_card():
    s, me = butcher()                               # the game's hands: one card of each type
    play(s, "activate butchers7b", "butchers give 5/0 to p2")   # nothing worth more than 5
    assert s.to_move() == (1,)
    assert list(f(s.observe(1), "hand")[2]) == list(f(s, "hand")[2])   # all of it, off-colour too
    assert (f(s.observe(0), "hand")[2] == -1).all()
    m = make_player("ismcts", seed=1).choose(s, 1, Limits(iterations=30 if COMPILED else 8))
    assert s.move_to_string(1, m).startswith("butchers take")
    play(s, "butchers take 2/2")
    off = int(np.flatnonzero(f(s, "hand")[2][11:])[0]) + 11
    for i in range(30):
        w = s.determinize(1, make_rng(i))
        assert f(w, "hand")[2][off] == 1            # the off-colour card it saw stays p2's
        assert hand(w, 2) == hand(s, 2)
    assert len({int(np.flatnonzero(f(s.determinize(0, make_rng(i)), "hand")[2][11:])[0]) for i in range(30)}) == 2


@pytest.mark.parametrize("word,value", [(0, 7), (1, 1), (2, 11), (6, 40), (8, -50), (41, 20)])
def test_a_position_with_a_broken_trade_log_is_refused(word, value):
    from engine.errors import BadState
    s = traded()
    s.game.check_buffer(s.buf)                      # the real one is fine
    f(s, "bt")[0][word] = value                     # word 1 = 1: a seat trading with itself
    with pytest.raises(BadState, match="bt"):
        s.game.check_buffer(s.buf)
