"""Guildes variants: every Event Card effect and every Dirty Trick, with the
rulebook's worked examples (Variant 1 and Variant 2)."""
import numpy as np
import pytest

import engine
from engine.core import CHANCE
from engine.errors import BadConfig, BadMove
from tests.guildes.helpers import force_round, random_states, table

V = ("events", "tricks")


def F(s, name):
    return s.game.layout.view(s.buf, name)


def play_first(s, seat):
    s.apply(seat, s.legal_moves(seat)[0])


def test_variants_are_registered_and_combine():
    for vs in [("events",), ("tricks",), V]:
        assert engine.make_game("guildes", 4, vs).variants == vs
    with pytest.raises(BadConfig):
        engine.make_game("guildes", 4, ("nope",))


# -- Event cards --------------------------------------------------------------
def test_event_text_ignored_without_the_variant():
    s = force_round(4, (), "one-fewer")
    for _ in range(7):
        for seat in s.to_move():
            play_first(s, seat)
    assert F(s, "table").sum() == 4 * 7


def test_play_one_fewer_card():
    # "with 4 players, players will play only 6 cards instead of 7"
    s = force_round(4, ("events",), "one-fewer")
    for _ in range(6):
        for seat in s.to_move():
            play_first(s, seat)
    assert F(s, "table").sum() == 4 * 6
    assert int(s.buf[s.game.layout["round"]]) == 1
    assert F(s, "ndisc").tolist() == [3] * 4


@pytest.fixture(scope="module")
def g4():
    return engine.make_game("guildes", 4, ("events",))


def test_ties_excluded_example1(g4):
    # two tied first among Artisans in round 2, a third player second: the
    # third takes the 7 votes of first place
    t = table(g4, [{"artisans": 2}, {"artisans": 2}, {"artisans": 1}, {}])
    assert g4.votes(t, 1, ties_excluded=True) == [0, 0, 7, 0]
    assert g4.votes(t, 1) == [5, 5, 0, 0]


def test_ties_excluded_example2_all_tied_players_out(g4):
    # tied first and tied second among Alchemists: all excluded, the rest score
    t = table(g4, [{"alchemists": 3}, {"alchemists": 3}, {"alchemists": 2}, {"alchemists": 2}])
    assert g4.votes(t, 1, ties_excluded=True) == [0, 0, 0, 0]
    g6 = engine.make_game("guildes", 6, ("events",))
    t = table(g6, [{"alchemists": 3}, {"alchemists": 3}, {"alchemists": 2}, {"alchemists": 2}, {"alchemists": 1}])
    assert g6.votes(t, 1, ties_excluded=True) == [0, 0, 0, 0, 12, 0]


def test_ties_excluded_round2_tie_for_second_leaves_first_alone(g4):
    t = table(g4, [{"artisans": 3}, {"artisans": 1}, {"artisans": 1}, {}])
    assert g4.votes(t, 1, ties_excluded=True) == [7, 0, 0, 0]


def test_ties_excluded_round3_untied_players_take_places_in_order(g4):
    # round 3: tie for first excluded; the next two take 1st and 2nd values
    t = table(g4, [{"knights": 4}, {"knights": 4}, {"knights": 2}, {"knights": 1}])
    assert g4.votes(t, 2, ties_excluded=True) == [0, 0, 11, 5]
    # tie for third excluded: first two keep their places
    t = table(g4, [{"knights": 4}, {"knights": 3}, {"knights": 1}, {"knights": 1}])
    assert g4.votes(t, 2, ties_excluded=True) == [11, 5, 0, 0]


def test_ties_excluded_militia_unaffected(g4):
    t = table(g4, [{"militia": 2}, {"militia": 2}, {}, {}])
    assert g4.votes(t, 0, ties_excluded=True) == [6, 6, 0, 0]


def test_ties_excluded_applies_in_the_count():
    s = force_round(3, ("events",), "ties-excluded")
    while int(s.buf[s.game.layout["round"]]) == 0:
        for seat in s.to_move():
            play_first(s, seat)
    assert F(s, "score").tolist() == s.game.votes(F(s, "table"), 0, ties_excluded=True)


def test_sequential_play_public_moving_right_and_start_shifts():
    s = force_round(4, ("events",), "sequential")
    lay = s.game.layout
    assert s.to_move() == (CHANCE,)                  # the random starting player
    assert [p for _, p in s.chance_outcomes()] == [0.25] * 4
    s.apply(CHANCE, 2)
    order = []
    for turn in range(2):
        for _ in range(4):
            (seat,) = s.to_move()
            order.append(seat)
            before = F(s, "table")[seat].sum()
            play_first(s, seat)
            assert F(s, "table")[seat].sum() == before + 1   # public at once
    # right = seat i-1; the next turn starts one place to the right
    assert order == [2, 1, 0, 3, 1, 0, 3, 2]
    assert s.game.kernel.observed_move(s.buf, 1, 0, 2) == 0


def test_redistribution_discard_shuffle_and_deal_back():
    s = force_round(4, ("events",), "redistribution")
    lay = s.game.layout
    assert s.to_move() == (0, 1, 2, 3)
    kept = F(s, "kept").copy()
    gave = [s.legal_moves(i)[0] for i in range(4)]
    for i in range(4):
        s.apply(i, gave[i])
    assert s.to_move() == (CHANCE,)
    outs = s.chance_outcomes()
    assert len(outs) == 24 and abs(outs[0][1] - 1 / 24) < 1e-12
    s.apply_string(CHANCE, "redeal 1,2,3,0")
    for i in range(4):
        got = gave[(i + 1) % 4]
        exp = kept[i].copy()
        exp[gave[i]] -= 1
        exp[got] += 1
        assert (F(s, "kept")[i] == exp).all()
        assert int(F(s, "rrecv")[i]) == got
    v = s.observe(0)
    assert int(F(v, "rrecv")[0]) == gave[1] and F(v, "rrecv")[1:].tolist() == [-1] * 3
    assert F(v, "rdisc")[1:].tolist() == [-1] * 3
    assert s.to_move() == (0, 1, 2, 3)              # then playing proceeds normally


@pytest.mark.parametrize("players,sizes", [(3, [2, 1, 2, 1, 2]), (4, [1, 2, 1, 2, 1]),
                                           (5, [2, 1, 2]), (6, [2, 1, 2])])
def test_one_or_two_cards_sequence(players, sizes):
    s = force_round(players, ("events",), "one-or-two")
    seen = []
    while int(s.buf[s.game.layout["round"]]) == 0:
        before = F(s, "table").sum()
        movers = s.to_move()
        assert movers == tuple(range(players))
        first = F(s, "table").sum()
        while s.to_move():
            seat = s.to_move()[0]
            play_first(s, seat)
            if int(s.buf[s.game.layout["round"]]) != 0:
                break
            if F(s, "table").sum() != first:
                break
        seen.append((F(s, "table").sum() - before) // players if int(s.buf[s.game.layout["round"]]) == 0
                    else None)
    assert [x for x in seen if x is not None] == sizes[:len([x for x in seen if x is not None])]
    assert F(s, "table").sum() == players * sum(sizes)


def test_one_or_two_batch_is_face_down_until_all_have_played():
    s = force_round(3, ("events",), "one-or-two")
    s.apply(0, s.legal_moves(0)[0])
    assert s.to_move() == (0, 1, 2)                 # seat 0 still owes its second card
    s.apply(0, s.legal_moves(0)[0])
    assert s.to_move() == (1, 2) and F(s, "table").sum() == 0
    # seat 1 sees that seat 0 has chosen both cards (CHOSEN, -2), not which
    assert F(s.observe(1), "pend2")[0] == -2 and F(s.observe(1), "pending")[0] == -2
    assert s.observe(1).to_move() == (1, 2)


def test_face_down_card_revealed_by_the_next_and_last_two_together():
    s = force_round(4, ("events",), "face-down")
    k = s.game.played
    for u in range(k):
        for seat in s.to_move():
            play_first(s, seat)
        if u < k - 1:
            assert F(s, "table").sum() == 4 * u          # the newest card stays face down
            assert (F(s, "fdown") >= 0).all()
            v = s.observe(0)
            assert F(v, "fdown")[1:].tolist() == [-1] * 3 and F(v, "fdown")[0] >= 0
    assert F(s, "table").sum() == 4 * k                # the last two revealed together


def test_face_down_card_is_resampled_by_determinize():
    from engine.core import make_rng

    s = force_round(4, ("events",), "face-down")
    for _ in range(2):
        for seat in s.to_move():
            play_first(s, seat)
    hidden = set()
    for i in range(40):
        w = s.determinize(0, make_rng(i))
        assert w.observe(0) == s.observe(0)
        hidden.add(tuple(F(w, "fdown")[1:]))
    assert len(hidden) > 1


# -- Dirty tricks -------------------------------------------------------------
def to_tricks(players, tricks, seed=0, variants=("tricks",), event="one-fewer"):
    s = force_round(players, variants, event, seed=seed, tricks=tricks)
    while int(s.buf[s.game.layout["phase"]]) != 9:
        if s.to_move() == (CHANCE,):
            s.apply(CHANCE, s.sample_chance())
            continue
        for seat in s.to_move():
            play_first(s, seat)
    return s


def test_each_player_dealt_one_trick_not_the_same_as_last_round():
    for seed in range(6):
        s = force_round(4, ("tricks",), "one-fewer", seed=seed)
        first = F(s, "trick").tolist()
        assert len(set(first)) == 4 and min(first) >= 0
        while int(s.buf[s.game.layout["round"]]) == 0:
            for seat in s.to_move():
                s.apply(seat, s.legal_moves(seat)[0])
        while s.to_move() == (CHANCE,) and int(s.buf[s.game.layout["phase"]]) != 1:
            s.apply(CHANCE, s.sample_chance())
        second = F(s, "trick").tolist()
        assert all(a != b for a, b in zip(first, second))   # redraw rule
        assert len(set(second)) == 4


def test_alchemists_trick_not_used_with_three_players():
    s = force_round(3, ("tricks",), "one-fewer")
    g = s.game
    s0 = g.new_initial_state(1)
    s0.apply(CHANCE, 0)
    assert g.trick_names.index("alchemists") not in [m for m, _ in s0.chance_outcomes()]
    g4 = engine.make_game("guildes", 4, ("tricks",))
    s4 = g4.new_initial_state(1)
    s4.apply(CHANCE, 0)
    assert len(s4.chance_outcomes()) == 9


def test_tricks_in_alphabetical_order_then_hand_discarded():
    s = to_tricks(4, ["knights", "protection", "sacrifice", "swap-tables"])
    order = []
    while int(s.buf[s.game.layout["round"]]) == 0:
        (seat,) = s.to_move()
        order.append(seat)
        hand = F(s, "kept")[seat].sum()
        assert hand == s.game.dealt - s.game.played   # still in hand during its trick
        s.apply_string(seat, "trick decline")
        if int(s.buf[s.game.layout["round"]]) == 0:
            assert F(s, "kept")[seat].sum() == 0 and F(s, "tdisc")[seat].sum() == hand
    assert order == [1, 3, 2, 0]                       # A, B, C, F


def test_protection_makes_holder_immune():
    s = to_tricks(4, ["protection", "swap-tables", "knights", "sacrifice"])
    s.apply_string(0, "trick decline")
    assert s.legal_moves(0) == [] and s.to_move() == (1,)
    texts = [s.move_to_string(1, m) for m in s.legal_moves(1)]
    assert all(" 0:" not in t for t in texts)           # swap never touches seat 0
    s.apply_string(1, "trick decline")
    texts = [s.move_to_string(3, m) for m in s.legal_moves(3)]
    assert not any(t.endswith(" 0") or " 0:" in t for t in texts[1:])


def test_swap_one_card_between_two_tables():
    s = to_tricks(4, ["knights", "swap-tables", "nobles", "priests"])
    tb = F(s, "table")
    m = s.legal_moves(1)[1]
    text = s.move_to_string(1, m)
    _, _, a, b = text.split()
    pa, ga = a.split(":")
    pb, gb = b.split(":")
    ix = s.game.guild_names
    before = tb.copy()
    s.apply(1, m)
    pa, pb, ga, gb = int(pa), int(pb), ix.index(ga), ix.index(gb)
    assert tb[pa, ga] == before[pa, ga] - 1 and tb[pb, ga] == before[pb, ga] + 1
    assert tb[pb, gb] == before[pb, gb] - 1 and tb[pa, gb] == before[pa, gb] + 1
    assert s.parse_move(1, text) == m


def test_sacrifice_discards_own_worth10_card_and_any_card():
    s = to_tricks(4, ["sacrifice", "knights", "nobles", "priests"])
    worth = {"bourgeois", "knights", "nobles", "priests", "alchemists"}
    tb = F(s, "table")
    moves = s.legal_moves(0)[1:]
    own = {s.move_to_string(0, m).split()[2] for m in moves}
    assert own == {s.game.guild_names[g] for g in range(s.game.G) if tb[0, g] > 0} & worth
    if moves:
        m = moves[-1]
        _, _, gc, tgt = s.move_to_string(0, m).split()
        pt, gt = tgt.split(":")
        before = tb.copy()
        s.apply(0, m)
        ix = s.game.guild_names
        assert tb.sum() == before.sum() - 2
        assert F(s, "pubdisc")[ix.index(gc)] >= 1 and F(s, "pubdisc")[ix.index(gt)] >= 1


def test_draw_two_from_discard_play_one_discard_other():
    s = to_tricks(4, ["protection", "swap-tables", "sacrifice", "draw-discard"])
    for seat in (0, 1, 2):
        s.apply_string(seat, "trick decline")    # their hands go to the discard pile
    assert s.to_move() == (3,)
    assert s.parse_move(3, "trick draw") in s.legal_moves(3)
    pile = F(s, "tdisc").sum(axis=0).copy()
    s.apply_string(3, "trick draw")
    assert s.to_move() == (CHANCE,)
    outs = s.chance_outcomes()
    assert abs(sum(p for _, p in outs) - 1) < 1e-9
    assert {g for g, _ in outs} == {g for g in range(s.game.G) if pile[g] > 0}
    a = s.sample_chance()
    s.apply(CHANCE, a)
    b = s.sample_chance()
    s.apply(CHANCE, b)
    assert sorted(s.legal_moves(3)) == sorted({a, b})
    before = F(s, "table")[3].copy()
    s.apply_string(3, "play " + s.game.guild_names[a])
    assert F(s, "table")[3, a] == before[a] + 1
    assert F(s, "pubdisc")[b] == 1 and F(s, "drawn")[a] + F(s, "drawn")[b] >= 2 - (a == b)


def test_swap_hand_card_with_table_card():
    s = to_tricks(4, ["protection", "swap-hand-table", "nobles", "priests"])
    s.apply(0, 0)
    m = s.legal_moves(1)[1]
    text = s.move_to_string(1, m)
    _, _, x, y = text.split()
    ix = s.game.guild_names
    x, y = ix.index(x), ix.index(y)
    tb, kept = F(s, "table")[1].copy(), F(s, "kept")[1].copy()
    s.apply(1, m)
    assert F(s, "table")[1, x] == tb[x] + 1 and F(s, "table")[1, y] == tb[y] - 1
    assert F(s, "tdisc")[1, x] == kept[x] - 1 and F(s, "pubdisc")[y] == 1


def test_virtual_card_example_alchemists_minus_one():
    # "2 Alchemists ... Alchemists -1 ... treated as having only one (2-1)"
    g = engine.make_game("guildes", 4, ("tricks",))
    t = table(g, [{"alchemists": 2}, {"alchemists": 1}, {}, {}])
    virt = np.zeros((4, g.G), dtype=np.intc)
    virt[0, g.guild_names.index("alchemists")] = -1
    assert g.votes(t, 0) == [12, 0, 0, 0]
    assert g.votes(t, 0, virt=virt) == [6, 6, 0, 0]


def test_virtual_card_applies_for_this_count_only():
    s = to_tricks(4, ["protection", "swap-tables", "sacrifice", "knights"])
    for seat in (0, 1, 2):
        s.apply(seat, 0)
    s.apply_string(3, "trick plus knights 2")
    assert int(s.buf[s.game.layout["round"]]) == 1
    assert F(s, "virt").sum() == 0                      # removed after the count
    kn = s.game.guild_names.index("knights")
    assert F(s, "table")[2, kn] >= 0


def test_trick_notation_round_trips_and_rejects_garbage():
    s = to_tricks(4, ["protection", "swap-tables", "sacrifice", "knights"])
    for bad in ("trick", "trick swap", "trick swap 9:knights 1:nobles", "trick fly", "trick plus knights 1"):
        with pytest.raises(BadMove):
            s.parse_move(0, bad)
    s.apply(0, 0)
    for m in s.legal_moves(1)[:50]:
        assert s.parse_move(1, s.move_to_string(1, m)) == m


@pytest.mark.parametrize("variants", [("events",), ("tricks",), ("events", "tricks")])
def test_drawing_works_in_every_phase_of_the_variants(variants):
    phases = set()
    for s in random_states(4, 1, 5, variants):
        phases.add(int(s.buf[s.game.layout["phase"]]))
        for seat in (None, 0, 2):
            assert s.draw(seat).startswith("Guildes")
    assert s.is_terminal() and s.draw(1).startswith("Guildes")
    assert len(phases) > 4


# -- audit additions ----------------------------------------------------------
def test_protection_also_blocks_sacrifice_targets():
    # "A Dirty Trick card cannot be played against you": C may not discard a
    # card from the protected player's table
    s = to_tricks(4, ["sacrifice", "protection", "knights", "nobles"])
    s.apply_string(1, "trick decline")
    assert s.to_move() == (0,)
    targets = {s.move_to_string(0, m).split()[3].split(":")[0] for m in s.legal_moves(0)[1:]}
    tb = F(s, "table")
    worth = [s.game.guild_names.index(x) for x in ("knights", "nobles", "priests", "bourgeois", "alchemists")]
    if tb[0, worth].sum() > 0:
        assert targets == {"0", "2", "3"}
    assert "1" not in targets


def test_trick_cards_are_shuffled_back_every_round():
    # "the Dirty Trick cards dealt this round are gathered and shuffled back in
    # ... to form a draw pile of 9 cards again": seat 0 may receive any card
    # but its own previous one, including the others' previous cards
    s = force_round(4, ("tricks",), "one-fewer", tricks=["knights", "protection", "sacrifice", "nobles"])
    lay = s.game.layout
    while int(s.buf[lay["round"]]) == 0:
        for seat in s.to_move():
            s.apply(seat, s.legal_moves(seat)[0] if s.to_move() != (CHANCE,) else s.sample_chance())
    s.apply(CHANCE, s.sample_chance())               # round 2 event
    outs = {m for m, _ in s.chance_outcomes()}
    names = s.game.trick_names
    assert outs == set(range(9)) - {names.index("knights")}
    assert {names.index("protection"), names.index("sacrifice"), names.index("nobles")} <= outs


def test_virtual_card_changes_the_count_of_the_round():
    # the -1 of a virtual trick card counts in that round's count
    s = to_tricks(4, ["protection", "swap-tables", "sacrifice", "knights"])
    for seat in (0, 1, 2):
        s.apply(seat, 0)
    kn = s.game.guild_names.index("knights")
    tb = F(s, "table").copy()
    who = int(np.argmax(tb[:, kn]))
    if who == 0:                                      # protected: pick another holder
        who = next(i for i in (1, 2, 3) if tb[i, kn] > 0)
    before = F(s, "score").copy()
    s.apply_string(3, f"trick minus knights {who}")
    virt = np.zeros_like(tb)
    virt[who, kn] = -1
    got = (F(s, "score") - before).tolist()
    assert got == s.game.votes(tb, 0, virt=virt)
    assert got != s.game.votes(tb, 0) or tb[:, kn].sum() == 0


def test_drawing_shows_the_round_play_count_and_others_face_down_cards():
    s = force_round(4, ("events",), "one-fewer")
    assert "play 1 of 6" in s.draw(0)
    s = force_round(4, ("events",), "face-down")
    for seat in s.to_move():
        play_first(s, seat)
    text = s.draw(0)
    assert text.count("face-down card: ?") == 3 and "play 2 of 7" in text


def test_virtual_plus_one_without_cards_counts_as_one_card():
    # ruling: treated as having one card, so the player may score the guild
    g = engine.make_game("guildes", 4, ("tricks",))
    t = table(g, [{"knights": 1}, {}, {}, {}])
    virt = np.zeros((4, g.G), dtype=np.intc)
    virt[1, g.guild_names.index("knights")] = 1
    assert g.votes(t, 0, virt=virt) == [5, 5, 0, 0]


def test_heuristic_reads_trick_codes_and_redistribution_discards():
    # trick moves are codes, not guilds: decline gains nothing, a virtual -1
    # on a rival is judged by the count; a redistribution discard costs votes
    s = to_tricks(4, ["protection", "swap-tables", "sacrifice", "knights"])
    for seat in (0, 1, 2):
        s.apply(seat, 0)
    g = s.game
    assert g.heuristic(s, 3, 0) == 0.0
    for m in s.legal_moves(3):
        text = s.move_to_string(3, m)
        _, sign, _, who = text.split() if m else ("", "", "", "")
        if m:
            virt = F(s, "virt").copy()
            virt[int(who), g.guild_names.index("knights")] += 1 if sign == "plus" else -1
            exp = g.votes(F(s, "table"), 0, virt=virt)[3] - g.votes(F(s, "table"), 0)[3]
            assert g.heuristic(s, 3, m) == exp
    r = force_round(4, ("events",), "redistribution")
    for m in r.legal_moves(0):
        t = F(r, "table").copy()
        before = g.votes(t, 0)[0]
        t[0, m] += 1
        assert g.heuristic(r, 0, m) == -(g.votes(t, 0)[0] - before)
