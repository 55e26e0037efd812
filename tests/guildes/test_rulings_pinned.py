"""Rulings of docs/rulings.md (Guildes) pinned against the reading they rule out.

Each test names its ruling (G9, G10: the unnumbered base-game rulings in doc
order, "Whether a seat has already chosen" and "Deals as chance moves";
GV8, GV12: the Variants list, "D draws are public" and "A table is every
card played in front of a player, all rounds") and says which other reading
would make it fail.
"""
import math
import random

import numpy as np

import engine
from cython_ext import select
from engine.core import CHANCE, make_rng
from tests.guildes.test_rulebook_trick_moves import WORTH10, at_trick_phase, cards, offered

COMPILED = select.twins("guildes")[0] is not None
WORLDS = 3000 if COMPILED else 1200  # determinizations per frequency test
CHOSEN = -2
Z_MAX = 4.5  # standard errors allowed between a frequency and its expectation
TRICKS = 9  # phase: the trick holders act


def F(s, name):
    return s.game.layout.view(s.buf, name)


def z_scores(observed, expected, variance):
    return {g: (observed.get(g, 0) - expected[g]) / math.sqrt(variance[g]) for g in expected}


# ---------------------------------------------------------------- G9
def test_g9_kept_draft_choice_is_drawn_by_copies_of_the_packet_it_came_from():
    """G9 ("Whether a seat has already chosen"): ``determinize`` keeps another
    seat's made choice, "drawn uniformly among the cards that seat could have
    chosen in the sampled world" -- uniform over *cards*, so a guild is drawn in
    proportion to its copies in the packet.  Here the packet is known to the
    viewer (seat 0 held it at pick 0 and passed it on, less its own pick), so
    each guild's frequency must be copies/8.  Other reading ruled out: uniform
    over the distinct guilds of the packet (1/4 each here), which this sample
    puts tens of standard errors away."""
    s = engine.make("guildes", players=4, seed=4)
    while s.is_chance():
        s.apply(CHANCE, s.sample_chance())
    game = s.game
    G, dirn = game.G, int(F(s, "dir")[0])
    first = F(s, "hist")[0, 0].copy()                  # seat 0's packet at pick 0
    pick = min(g for g in range(G) if first[g] == 1)   # keep the duplicates in the packet
    s.apply(0, pick)
    for seat in (1, 2, 3):
        s.apply(seat, s.legal_moves(seat)[0])
    receiver = dirn % 4                                # holds packet 0 at pick 1
    packet = first.copy()
    packet[pick] -= 1
    assert np.array_equal(F(s, "hist")[1, 0], packet)
    s.apply(receiver, s.legal_moves(receiver)[0])
    view = s.observe(0)
    assert F(view, "pending")[receiver] == CHOSEN and receiver not in view.to_move()
    size, present = int(packet.sum()), [g for g in range(G) if packet[g] > 0]
    assert size == 8 and max(packet) >= 2 * min(packet[g] for g in present)  # copies differ

    seen = {}
    for k in range(WORLDS):
        w = s.determinize(0, make_rng(1000 + k))
        assert np.array_equal(F(w, "hist")[1, 0], packet)  # the world's packet is the known one
        g = int(F(w, "pending")[receiver])
        assert packet[g] > 0
        seen[g] = seen.get(g, 0) + 1

    p = {g: packet[g] / size for g in present}
    z = z_scores(seen, {g: WORLDS * p[g] for g in present}, {g: WORLDS * p[g] * (1 - p[g]) for g in present})
    assert all(abs(v) <= Z_MAX for v in z.values()), (z, seen, packet)
    u = 1 / len(present)                                # the other reading
    apart = max(abs(p[g] - u) * WORLDS / math.sqrt(WORLDS * p[g] * (1 - p[g])) for g in present)
    assert apart > 2 * Z_MAX, apart                     # too far apart for one sample to pass both


def test_g9_kept_play_choice_is_drawn_by_copies_of_the_hand_in_each_world():
    """G9 at a play step: a seat that has already put down its hidden card keeps
    it in the world, drawn from its hand *in that world* card by card (a guild
    with two copies in the hand twice as often as one with one).  The hand
    differs from world to world, so the expectation is the sum over worlds of
    copies/hand size.  Other reading ruled out: uniform over the distinct
    guilds of the hand (sum over worlds of 1/distinct).  Seat 1 drafts the
    most common guild of each packet, so its hands are full of duplicates."""
    s = engine.make("guildes", players=3, seed=0)
    while int(F(s, "phase")[0]) != 3:                  # to the play phase
        if s.is_chance():
            s.apply(CHANCE, s.sample_chance())
            continue
        t, dirn = int(F(s, "step")[0]), int(F(s, "dir")[0])
        for seat in s.to_move():
            packet = F(s, "hist")[t, (seat - dirn * t) % 3]
            s.apply(seat, int(np.argmax(packet)) if seat == 1 else s.legal_moves(seat)[-1])
    s.apply(1, s.legal_moves(1)[0])
    assert F(s.observe(0), "pending")[1] == CHOSEN

    G = s.game.G
    seen, exp, var, exp_other = {}, np.zeros(G), np.zeros(G), np.zeros(G)
    for k in range(WORLDS):
        w = s.determinize(0, make_rng(5000 + k))
        hand = F(w, "kept")[1].astype(float)           # the hand in this world (the kept card included)
        g = int(F(w, "pending")[1])
        assert hand[g] > 0
        seen[g] = seen.get(g, 0) + 1
        p = hand / hand.sum()
        exp += p
        var += p * (1 - p)
        exp_other += (hand > 0) / (hand > 0).sum()
    drawn = [g for g in range(G) if var[g] > 0]
    z = z_scores(seen, {g: exp[g] for g in drawn}, {g: var[g] for g in drawn})
    assert all(abs(v) <= Z_MAX for v in z.values()), (z, seen)
    # the two readings' expectations lie too far apart for one sample to pass both
    apart = max(abs(exp[g] - exp_other[g]) / math.sqrt(var[g]) for g in drawn)
    assert apart > 2 * Z_MAX, apart


# ---------------------------------------------------------------- G10
def test_g10_deals_are_chance_moves_weighted_by_the_cards_left_in_the_deck():
    """G10 ("Deals as chance moves"): each dealt card is one chance move, a guild
    with probability proportional to that guild's cards left in the deck.  At
    the first deal of a 4-player game that is copies/110; after one card of a
    guild is dealt, that guild's chance is (copies-1)/109 and the others'
    copies/109.  Other readings ruled out: uniform over the 15 guilds (1/15
    each), or draws with replacement (the probabilities unchanged after a deal)."""
    s = engine.make("guildes", players=4, seed=2)
    s.apply(CHANCE, s.chance_outcomes()[0][0])          # the event card
    assert s.is_chance() and int(F(s, "phase")[0]) == 1 and int(F(s, "step")[0]) == 0
    game = s.game
    total = np.asarray(game.total, dtype=int)
    n = int(total.sum())
    assert n == 110
    got = dict(s.chance_outcomes())
    assert set(got) == set(range(game.G))
    for g in range(game.G):
        assert math.isclose(got[g], total[g] / n, rel_tol=1e-9)
    assert not math.isclose(got[0], 1 / game.G)        # Militia 15/110, not 1/15

    alch = game.guild_names.index("alchemists")
    s.apply(CHANCE, alch)
    after = dict(s.chance_outcomes())
    assert math.isclose(after[alch], (total[alch] - 1) / (n - 1), rel_tol=1e-9)
    for g in range(game.G):
        if g != alch:
            assert math.isclose(after[g], total[g] / (n - 1), rel_tol=1e-9)
    assert math.isclose(sum(after.values()), 1.0, rel_tol=1e-9)


def test_g10_round_two_deals_in_proportion_to_the_remaining_deck():
    """G10 with "Later rounds deal from the remaining deck": the first deal of
    round 2 draws each guild in proportion to its cards still in the deck
    (the box less everything dealt in round 1: tables and discards, 74 cards
    with 4 players).  Other readings ruled out: a reshuffled full deck
    (copies/110) or uniform over the guilds left."""
    rnd = random.Random(3)
    s = engine.make("guildes", players=4, seed=3)
    while not (int(F(s, "round")[0]) == 1 and int(F(s, "phase")[0]) == 1):
        if s.is_chance():
            s.apply(CHANCE, s.sample_chance())
        else:
            for seat in s.to_move():
                s.apply(seat, rnd.choice(s.legal_moves(seat)))
    assert int(F(s, "step")[0]) == 0 and s.is_chance()
    game = s.game
    total = np.asarray(game.total, dtype=int)
    left = total - F(s, "table").sum(axis=0) - F(s, "discarded").sum(axis=0)
    assert int(left.sum()) == 110 - 4 * 9 and np.array_equal(F(s, "deck"), left)
    got = dict(s.chance_outcomes())
    assert set(got) == {g for g in range(game.G) if left[g] > 0}
    for g, p in got.items():
        assert math.isclose(p, left[g] / left.sum(), rel_tol=1e-9)
    # the other readings give other numbers here
    assert any(not math.isclose(p, total[g] / total.sum()) for g, p in got.items())
    assert len(set(round(p, 12) for p in got.values())) > 1


# ---------------------------------------------------------------- GV8
def test_gv8_draw_from_the_discard_pile_needs_two_cards_not_one():
    """GV8 ("D draws are public ... D is legal only with at least 2 cards in
    the pile"): with 6 players each hand keeps 1 card (6 dealt, 5 played), so
    after A declines and discards its hand the pile holds exactly 1 card and
    D is not offered; after A and B both discard, 2 cards, and D is offered.
    Other reading ruled out: D legal with any non-empty pile (one card, the
    draw of 2 taking what there is)."""
    def pile(s):
        return int(F(s, "ndisc").sum() + F(s, "pubdisc").sum() - F(s, "drawn").sum())

    s = at_trick_phase(6, ["protection", "draw-discard", "knights", "nobles", "priests", "swap-hand-table"], 1)
    assert s.to_move() == (0,) and pile(s) == 0
    s.apply_string(0, "trick decline")
    assert s.to_move() == (1,) and pile(s) == 1
    assert offered(s, 1) == {"trick decline"}

    s = at_trick_phase(6, ["protection", "swap-tables", "draw-discard", "knights", "nobles", "priests"], 1)
    s.apply_string(0, "trick decline")
    s.apply_string(1, "trick decline")
    assert s.to_move() == (2,) and pile(s) == 2
    assert offered(s, 2) == {"trick decline", "trick draw"}


# ---------------------------------------------------------------- GV12
ROUND1 = ["knights", "nobles", "priests", "protection"]         # a seat never gets last round's card
ROUND2 = ["swap-hand-table", "sacrifice", "swap-tables", "alchemists"]


def at_round_two_tricks(seed):
    """4 players, tricks, at the first trick move of round 2 (index 1), both
    rounds' trick cards dealt as ROUND1 / ROUND2; moves: each seat's first."""
    game = engine.make_game("guildes", 4, ("tricks",))
    s = game.new_initial_state(seed)
    rng = make_rng(seed)
    deals = [ROUND1, ROUND2]
    while not (int(F(s, "round")[0]) == 1 and int(F(s, "phase")[0]) == TRICKS):
        if int(F(s, "phase")[0]) == 5:
            s.apply(CHANCE, game.trick_names.index(deals[int(F(s, "round")[0])][int(F(s, "step")[0])]))
        elif s.is_chance():
            s.apply(CHANCE, s.sample_chance(rng))
        else:
            for seat in s.to_move():
                s.apply(seat, s.legal_moves(seat)[0])
    return s


def earlier_only(s, seat):
    """Guilds on ``seat``'s table from round 1 only (none played this round)."""
    tb, pl = F(s, "table"), F(s, "played")
    return [s.game.guild_names[g] for g in range(s.game.G) if tb[seat, g] > 0 and pl[seat, g] == 0]


def test_gv12_swap_tables_offers_every_card_on_the_tables_from_all_rounds():
    """GV12 ("A table is every card played in front of a player, all rounds"):
    in round 2, B's swaps are exactly the pairs of cards on two whole tables
    (round 1's cards included).  Other reading ruled out: only this round's
    played cards, a strictly smaller set here (it lacks every swap of a
    round-1-only guild)."""
    s = at_round_two_tricks(0)
    assert int(F(s, "round")[0]) == 1 and s.to_move() == (2,)  # B acts first (no A this round)
    exp = {"trick decline"}
    for pa in range(4):
        for pb in range(pa + 1, 4):
            for ga in cards(s, "table", pa):
                for gb in cards(s, "table", pb):
                    if ga != gb:
                        exp.add(f"trick swap {pa}:{ga} {pb}:{gb}")
    this_round = {"trick decline"} | {
        f"trick swap {pa}:{ga} {pb}:{gb}" for pa in range(4) for pb in range(pa + 1, 4)
        for ga in cards(s, "played", pa) for gb in cards(s, "played", pb) if ga != gb}
    got = offered(s, 2)
    assert got == exp
    assert this_round < got
    old = earlier_only(s, 0)[0]
    assert any(t.startswith("trick swap 0:" + old + " ") for t in got)


def test_gv12_sacrifice_may_take_round_one_cards_its_own_and_the_target():
    """GV12 for C: the worth-10 card sacrificed from the actor's table and the
    card discarded from any table may both be cards played in round 1; the
    move set is exactly the one built on the whole tables.  Other reading
    ruled out: only this round's cards -- it would not offer sacrificing the
    actor's round-1 Bourgeois, nor hitting another seat's round-1 card."""
    s = at_round_two_tricks(0)
    s.apply_string(2, "trick decline")                 # B
    assert s.to_move() == (1,)                         # C
    names = s.game.guild_names
    tb = F(s, "table")
    exp = {"trick decline"}
    for gc in set(cards(s, "table", 1)) & WORTH10:
        for pt in range(4):
            for gt in cards(s, "table", pt):
                if tb[pt, names.index(gt)] - (1 if (pt, gt) == (1, gc) else 0) > 0:
                    exp.add(f"trick sacrifice {gc} {pt}:{gt}")
    got = offered(s, 1)
    assert got == exp
    own_old = [g for g in earlier_only(s, 1) if g in WORTH10]
    target_old = earlier_only(s, 0)
    assert own_old and target_old
    move = f"trick sacrifice {own_old[0]} 0:{target_old[0]}"
    assert move in got
    before = tb.copy()
    s.apply_string(1, move)
    after = F(s, "table")
    gc, gt = names.index(own_old[0]), names.index(target_old[0])
    assert after[1, gc] == before[1, gc] - 1 and after[0, gt] == before[0, gt] - 1


def test_gv12_exchange_takes_back_a_card_played_in_round_one():
    """GV12 for E ("take back into hand one of your already-played cards"): in
    round 2 any card of the actor's table may be taken back, round 1's
    included; the move set is exactly hand x whole table, and taking back a
    round-1-only guild removes it from the table.  Other reading ruled out:
    only this round's played cards may be taken back."""
    s = at_round_two_tricks(0)
    s.apply_string(2, "trick decline")                 # B
    s.apply_string(1, "trick decline")                 # C
    assert s.to_move() == (0,)                         # E
    exp = {"trick decline"} | {f"trick exchange {x} {y}" for x in cards(s, "kept", 0)
                               for y in cards(s, "table", 0) if x != y}
    got = offered(s, 0)
    assert got == exp
    old = [y for y in earlier_only(s, 0) if y not in cards(s, "kept", 0)]
    hand = cards(s, "kept", 0)
    assert old and hand
    move = f"trick exchange {hand[0]} {old[0]}"
    assert move in got
    y = s.game.guild_names.index(old[0])
    before = int(F(s, "table")[0, y])
    s.apply_string(0, move)
    assert int(F(s, "table")[0, y]) == before - 1
