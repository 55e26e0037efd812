"""Rulebook, Variant 2 (Dirty Trick Cards): the exact legal moves of each
trick, derived here from the rule text (and docs/rulings.md) and compared as
move texts with what the engine offers.

- Protection: "You are immune to the effects of other players' Dirty Trick
  cards" -- no target may be its holder; its own holder can only decline.
- B: "Take a card from player A's table ... give it to player B. Take a card
  from player B's table and give it to player A. You may be player A (or B)."
- C: "Discard one of your Bourgeois, Knights, Nobles, Priests, or Alchemists
  cards from your table ..., and discard any one card already in play."
- D: "Shuffle the Guild card discard pile ... and draw 2 cards" (ruling: only
  with two cards in the pile).
- E: "take back into hand one of your already-played cards and play a card
  still in hand."
- F-I: "+1 ... or -1 ... on any player's table" (ruling: -1 needs a card).
Declining is always allowed: "Triggering your Dirty Trick card's effect is not mandatory".
"""
import pytest

from engine.core import CHANCE
from tests.guildes.helpers import force_round

WORTH10 = {"bourgeois", "knights", "nobles", "priests", "alchemists"}


def F(s, name):
    return s.game.layout.view(s.buf, name)


def at_trick_phase(players, tricks, seed):
    s = force_round(players, ("tricks",), "one-fewer", seed=seed, tricks=tricks)
    while int(s.buf[s.game.layout["phase"]]) != 9:
        if s.to_move() == (CHANCE,):
            s.apply(CHANCE, s.sample_chance())
        else:
            for seat in s.to_move():
                s.apply(seat, s.legal_moves(seat)[0])
    return s


def offered(s, seat):
    return {s.move_to_string(seat, m) for m in s.legal_moves(seat)}


def cards(s, field, seat):
    names = s.game.guild_names
    return [names[g] for g in range(s.game.G) if F(s, field)[seat, g] > 0]


def test_protection_holder_can_only_decline():
    s = at_trick_phase(4, ["protection", "swap-tables", "sacrifice", "knights"], seed=3)
    assert s.to_move() == (0,) and offered(s, 0) == {"trick decline"}


@pytest.mark.parametrize("seed", [1, 2])
def test_swap_between_two_tables_exact_moves(seed):
    s = at_trick_phase(4, ["swap-tables", "knights", "protection", "nobles"], seed)
    s.apply_string(2, "trick decline")                  # A acts first
    assert s.to_move() == (0,)
    names = s.game.guild_names
    tb = F(s, "table")
    exp = {"trick decline"}
    others = [p for p in range(4) if p != 2]            # seat 2 is protected
    for i, pa in enumerate(others):
        for pb in others[i + 1:]:
            for ga in cards(s, "table", pa):
                for gb in cards(s, "table", pb):
                    if ga != gb:                        # ruling: a same-guild swap changes nothing
                        exp.add(f"trick swap {pa}:{ga} {pb}:{gb}")
    assert offered(s, 0) == exp
    assert tb[2].sum() > 0 and len(exp) > 10


@pytest.mark.parametrize("seed", [1, 4])
def test_sacrifice_exact_moves(seed):
    s = at_trick_phase(4, ["nobles", "protection", "sacrifice", "knights"], seed)
    s.apply_string(1, "trick decline")
    assert s.to_move() == (2,)
    tb = F(s, "table")
    names = s.game.guild_names
    exp = {"trick decline"}
    for gc in set(cards(s, "table", 2)) & WORTH10:
        for pt in (0, 2, 3):                            # not the protected seat 1
            for gt in cards(s, "table", pt):
                left = tb[pt, names.index(gt)] - (1 if (pt, gt) == (2, gc) else 0)
                if left > 0:
                    exp.add(f"trick sacrifice {gc} {pt}:{gt}")
    assert offered(s, 2) == exp and len(exp) > 1


def test_draw_needs_two_cards_in_the_discard_pile():
    # D acts first in round 1: nothing has been discarded yet
    s = at_trick_phase(4, ["draw-discard", "knights", "nobles", "priests"], seed=5)
    assert s.to_move() == (0,) and offered(s, 0) == {"trick decline"}
    # after A and B have discarded their hands (two cards each: 9 dealt, 7 played)
    s = at_trick_phase(4, ["protection", "swap-tables", "draw-discard", "knights"], seed=5)
    s.apply_string(0, "trick decline")
    s.apply_string(1, "trick decline")
    assert offered(s, 2) == {"trick decline", "trick draw"}


@pytest.mark.parametrize("seed", [1, 6])
def test_exchange_hand_and_table_exact_moves(seed):
    s = at_trick_phase(4, ["swap-hand-table", "knights", "nobles", "priests"], seed)
    assert s.to_move() == (0,)                          # E acts before F, G, H
    exp = {"trick decline"} | {f"trick exchange {x} {y}" for x in cards(s, "kept", 0)
                               for y in cards(s, "table", 0) if x != y}
    assert offered(s, 0) == exp and len(exp) > 1


@pytest.mark.parametrize("seed", [2, 7])
def test_virtual_card_exact_moves(seed):
    s = at_trick_phase(4, ["knights", "protection", "nobles", "priests"], seed)
    s.apply_string(1, "trick decline")
    assert s.to_move() == (0,)
    kn = s.game.guild_names.index("knights")
    tb = F(s, "table")
    exp = {"trick decline"}
    for p in (0, 2, 3):                                 # any player but the protected one, itself included
        exp.add(f"trick plus knights {p}")
        if tb[p, kn] > 0:
            exp.add(f"trick minus knights {p}")
    assert offered(s, 0) == exp


def test_without_protection_every_seat_is_a_target():
    s = at_trick_phase(4, ["knights", "swap-tables", "nobles", "priests"], seed=2)
    (seat,) = s.to_move()
    assert seat == 1                                    # B acts first
    targets = {int(part.split(":")[0]) for t in offered(s, 1) if t != "trick decline" for part in t.split()[2:]}
    assert targets == {0, 1, 2, 3}
