"""What each seat may see, field by field, from the rulebook's words.

Hidden from the other seats: the cards dealt ("dealt to the players face
down"), a hand and the cards kept ("those cards must be kept until the
playing phase"; only their owner "may look at cards they have already
kept"), a card chosen before all are revealed ("places it face down ... they
are revealed simultaneously"), the face-down card of that event, the
redistribution's discarded and received cards, discarded hands, and the deck.
Public: the tables, the scores, the event cards, the dirty trick cards ("and
reveals it"), the tricks' effects, and the passing of turns.  A seat keeps
seeing every hand it held (docs/games/guildes.md, "What each seat knows").
"""
import random

import numpy as np
import pytest

import engine
from cython_ext.guildes_rules import CHOSEN, DEAL, DPICK, PLAY, RDEAL, SEQ, TRICK
from engine.core import CHANCE

PUBLIC = ("round", "phase", "step", "event", "dir", "used", "score", "table", "played",
          "ndisc", "start", "sub", "trick", "prevtrick", "tstep", "virt", "pubdisc", "drawn", "dcard")
OWN_ROWS = ("discarded", "kept", "picks", "known", "tdisc")       # [n, ...]: only the owner's row
OWN_CELLS = ("fdown", "rdisc", "rrecv")                           # [n]: only the owner's value
CHOICES = ("pending", "pend2")                                    # others: only *whether* they chose


def states(players, variants, seed, every):
    game = engine.make_game("guildes", players, variants)
    rnd = random.Random(seed)
    s = game.new_initial_state(seed)
    ply = 0
    while not s.is_terminal():
        movers = s.to_move()
        if ply % every == 0:
            yield s
        if movers == (CHANCE,):
            s.apply(CHANCE, s.sample_chance())
        else:
            seat = movers[rnd.randrange(len(movers))]
            s.apply(seat, rnd.choice(s.legal_moves(seat)))
        ply += 1


def check_view(s, seat):
    lay, n = s.game.layout, s.game.players
    view = s.observe(seat)
    full = lambda name: lay.view(s.buf, name)       # noqa: E731
    seen = lambda name: lay.view(view.buf, name)    # noqa: E731
    for name in PUBLIC:
        if name in lay.offsets:
            assert np.array_equal(seen(name), full(name)), name
    assert (seen("deck") == -1).all()
    for name in OWN_ROWS + OWN_CELLS + CHOICES:
        if name not in lay.offsets:
            continue
        v, f = seen(name), full(name)
        for i in range(n):
            if i == seat:
                assert np.array_equal(v[i], f[i]), name
            elif name in CHOICES:
                assert v[i] == (-1 if f[i] == -1 else CHOSEN), name
            else:
                assert (np.asarray(v[i]) == -1).all(), name
    # the hands a seat held, as it held them; no other packet
    d, h = int(full("dir")[0]), s.game.dealt
    for t in range(h):
        for p in range(n):
            row_v, row_f = seen("hist")[t, p], full("hist")[t, p]
            if (p + d * t) % n == seat:
                assert np.array_equal(row_v, row_f)
            else:
                assert (row_v == -1).all()


COMBOS = [(3, ()), (4, ()), (6, ()), (4, ("events",)), (5, ("events",)), (4, ("tricks",)),
          (3, ("events", "tricks")), (6, ("events", "tricks"))]


@pytest.mark.parametrize("players,variants", COMBOS)
def test_each_view_hides_exactly_what_the_rulebook_hides(players, variants):
    seen = 0
    for s in states(players, variants, seed=players + 7 * len(variants), every=5):
        for seat in range(players):
            check_view(s, seat)
        seen += 1
    assert seen > 20


def hidden_to(s, actor, observer):
    """Whether ``observer`` must not see ``actor``'s move now (from the rule text)."""
    lay, k = s.game.layout, s.game.kernel
    phase = int(s.buf[lay["phase"]])
    if actor == observer:
        return False
    if actor == CHANCE:
        if phase == DEAL:                                # a card goes face down to one packet
            return int(s.buf[lay["step"]]) // s.game.dealt != observer
        return phase == RDEAL                            # each seat sees only the card it receives
    if phase in (TRICK, DPICK):
        return False                                     # tricks are applied in view of all
    ev = int(s.buf[lay["event"]])
    seq = s.game.events and phase == PLAY and int(k.event_eff[ev]) == SEQ
    return not seq                                       # picks, discards, face-down plays


@pytest.mark.parametrize("players,variants", [(4, ()), (4, ("events",)), (5, ("events", "tricks"))])
def test_a_move_is_seen_only_by_those_the_rulebook_shows_it_to(players, variants):
    game = engine.make_game("guildes", players, variants)
    k = game.kernel
    for seed in range(3):
        rnd = random.Random(seed)
        s = game.new_initial_state(seed)
        while not s.is_terminal():
            movers = s.to_move()
            actor = movers[rnd.randrange(len(movers))]
            move = s.sample_chance() if actor == CHANCE else rnd.choice(s.legal_moves(actor))
            for o in range(players):
                got = k.observed_move(s.buf, actor, move, o)
                assert got == (k.max_moves if hidden_to(s, actor, o) else move)
            s.apply(actor, move)


@pytest.mark.parametrize("event,field", [("face-down", "fdown"), ("one-or-two", "pend2"),
                                         ("redistribution", "rdisc")])
def test_the_events_hidden_cards_stay_with_their_owner(event, field):
    from tests.guildes.helpers import force_round

    s = force_round(4, ("events",), event, seed=3)
    lay, hit = s.game.layout, 0
    while int(s.buf[lay["round"]]) == 0:
        movers = s.to_move()
        if movers == (CHANCE,):
            s.apply(CHANCE, s.sample_chance())
            continue
        for seat in movers[:2]:                         # a step half made: some choices pending
            s.apply(seat, s.legal_moves(seat)[0])
            if int(s.buf[lay["round"]]) != 0:
                break
            for o in range(4):
                check_view(s, o)
            hit += int((lay.view(s.buf, field) >= 0).any())
    assert hit > 0
