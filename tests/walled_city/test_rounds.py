"""Turn structure of both rounds: align, build sub-steps, defense, round 2, game end."""
from __future__ import annotations

import random

import pytest

from engine.core import CHANCE
from engine.errors import IllegalMove
from tests.walled_city.helpers import f, game, play, setup_state

PH = dict(start=1, align=2, loc=3, card=4, split=5, n1=6, n2=7, promote=8, adjust=9, dcard=10, dzone=11, end=12)


def phase(s):
    return int(f(s, "phase")[0])


def advance(s, pred, seed=0, limit=5000):
    """Random moves until ``pred(s)``."""
    rnd = random.Random(seed)
    for _ in range(limit):
        if pred(s):
            return s
        movers = s.to_move()
        assert movers, "game ended first"
        if movers == (CHANCE,):
            s.apply(CHANCE, s.sample_chance())
        else:
            s.apply(movers[0], rnd.choice(s.legal_moves(movers[0])))
    raise AssertionError("condition never reached")


def round1_build(players=4, variants=(), seed=1):
    s = setup_state(players, variants, seed)
    return advance(s, lambda s: phase(s) == PH["loc"])


def test_round_one_align_goes_clockwise_from_the_start_player():
    s = setup_state(4)
    seats = []
    while phase(s) == PH["align"]:
        seat = s.to_move()[0]
        seats.append(seat)
        g = s.legal_moves(seat)[0]
        s.apply(seat, g)
        assert f(s, "gstate")[g] == 3 and f(s, "guild")[seat] == g + 1
    assert seats == [0, 1, 2, 3]
    assert int((f(s, "gstate") == 2).sum()) == 5   # unchosen guilds stay for round 2


def test_build_order_is_ascending_guild_priority():
    s = round1_build(4, ("mixed-guilds",))
    key = s.game.topo["gkey"]
    order = list(f(s, "order"))
    keys = [key[f(s, "guild")[p] - 1] for p in order]
    assert keys == sorted(keys) and s.to_move() == (order[0],)


def test_road_goes_on_an_empty_path_only():
    s = round1_build()
    seat = s.to_move()[0]
    play(s, "road P3")
    assert f(s, "road")[3] == 1 and f(s, "roads")[seat] == 3
    s2 = advance(s, lambda s: phase(s) == PH["loc"])
    assert 3 not in s2.legal_moves(s2.to_move()[0])


def test_card_is_played_face_up_and_split_options():
    s = round1_build()
    seat = s.to_move()[0]
    play(s, "road P0", "card 3/2")
    assert f(s, "hand")[seat][10] == 0 and f(s, "pool")[seat][10] == 0
    assert sorted(s.move_to_string(seat, m) for m in s.legal_moves(seat)) == ["3>A1 2>A2", "3>A2 2>A1"]


def test_equal_halves_and_zero_halves_are_not_double_counted():
    s = round1_build()
    seat = s.to_move()[0]
    play(s, "road P0", "card 2/2")
    assert len(s.legal_moves(seat)) == 1
    s = round1_build()
    play(s, "road P0", "card 4/0")
    assert [s.move_to_string(seat, m) for m in s.legal_moves(seat)] == ["4>A1 0>A2", "4>A2 0>A1"]


def test_settle_places_exactly_the_card_numbers_in_any_mix():
    s = round1_build()
    seat = s.to_move()[0]
    nob, pea = int(f(s, "nob")[seat]), int(f(s, "pea")[seat])
    play(s, "road P0", "card 3/2", "3>A2 2>A1")
    assert s.legal_moves(seat) == [0, 1, 2, 3]
    play(s, "nobles 1")
    assert s.legal_moves(seat) == [0, 1, 2]
    play(s, "nobles 2")
    assert (f(s, "an")[1][seat], f(s, "ap")[1][seat]) == (1, 2)
    assert (f(s, "an")[0][seat], f(s, "ap")[0][seat]) == (2, 0)
    assert (f(s, "nob")[seat], f(s, "pea")[seat]) == (nob - 3, pea - 2)
    assert phase(s) == PH["adjust"]


def test_t_path_settle_puts_the_whole_number_in_one_of_its_two_areas():
    s = round1_build(4, ("borderlands",))
    seat = s.to_move()[0]
    play(s, "road P0", "card 3/2")          # P0: Centre | North/East
    opts = sorted(s.move_to_string(seat, m) for m in s.legal_moves(seat) if m != 63)  # 63: activate
    assert opts == sorted(["3>Centre 2>North", "3>Centre 2>East", "3>North 2>Centre", "3>East 2>Centre"])
    play(s, "3>East 2>Centre", "nobles 0", "nobles 0")
    assert f(s, "ap")[2][seat] == 3 and f(s, "ap")[0][seat] == 2 and f(s, "ap")[1][seat] == 0


def test_t_path_adjust_may_pick_any_of_its_three_areas():
    s = round1_build(4, ("borderlands",))
    seat = s.to_move()[0]
    play(s, "road P0", "card 1/1", "1>Centre 1>North", "nobles 0", "nobles 0")
    die_area = s.game.topo["die_area"]
    dice = {(m - 1) // 2 for m in s.legal_moves(seat) if 0 < m < 41}
    assert {int(die_area[d]) for d in dice} == {1, 2}     # North and East dice (Centre has the chit)
    assert 41 in s.legal_moves(seat)                      # the Centre's survey chit


def test_round_one_adjust_is_one_step_within_1_to_3_and_never_a_tower():
    s = round1_build()
    seat = s.to_move()[0]
    play(s, "road P0", "card 1/1", "1>A1 1>A2", "nobles 0", "nobles 0")
    legal = s.legal_moves(seat)
    assert legal[0] == 0  # passing is allowed
    die_area = s.game.topo["die_area"]
    for m in legal[1:]:
        d = (m - 1) // 2
        assert die_area[d] in (0, 1)
        v = f(s, "die_v")[d]
        assert (m % 2 == 1 and v < 3) or (m % 2 == 0 and v > 1)
    d0 = next(d for d in range(20) if die_area[d] == 0)
    before = int(f(s, "die_v")[d0])
    m = 1 + 2 * d0 if before < 3 else 2 + 2 * d0
    s.apply(seat, m)
    assert int(f(s, "die_v")[d0]) == before + (1 if before < 3 else -1)


def test_adjust_flips_an_adjacent_survey_chit():
    s = round1_build()
    seat = s.to_move()[0]
    play(s, "road P1", "card 1/1", "1>A2 1>A3", "nobles 0", "nobles 0")   # A3 holds chit 0
    before = int(f(s, "chit")[0])
    play(s, "chit 0")
    assert int(f(s, "chit")[0]) == -before


def test_build_goes_until_roads_run_out_then_defense_in_reverse_score_order():
    s = round1_build(3, (), 4)
    turns = 0
    rnd = random.Random(2)
    while phase(s) != PH["dcard"]:
        if phase(s) == PH["loc"]:
            turns += 1
        seat = s.to_move()[0]
        s.apply(seat, rnd.choice(s.legal_moves(seat)))
    assert turns == 3 * 5 and list(f(s, "roads")) == [0, 0, 0]
    key = s.game.topo["gkey"]
    order = list(f(s, "order"))
    ranks = [(int(f(s, "score")[p]), int(key[f(s, "guild")[p] - 1])) for p in order]
    assert ranks == sorted(ranks)


def test_defense_cards_go_face_down_to_an_empty_zone():
    s = advance(setup_state(3, (), 5), lambda s: phase(s) == PH["dcard"])
    seat = s.to_move()[0]
    card = s.legal_moves(seat)[-1]
    s.apply(seat, card)
    other = (seat + 1) % 3
    assert int(f(s.observe(other), "sel_card")[0]) == -1          # chosen card hidden
    assert s.game.kernel.observed_move(s.buf, seat, 0, other) >= s.game.kernel.max_moves
    zmove = s.legal_moves(seat)[0]
    s.apply(seat, zmove)
    z = zmove // 2
    assert f(s, "zown")[z] == seat + 1 and f(s, "zcard")[z] == card + 1
    view = s.observe(other)
    assert f(view, "zcard")[z] == -1 and f(view, "zori")[z] == -1     # face down to others
    assert f(s.observe(seat), "zcard")[z] == card + 1                 # the owner may peek
    nxt = s.to_move()[0]
    s.apply(nxt, s.legal_moves(nxt)[0])
    assert all(m // 2 != z for m in s.legal_moves(nxt))               # zone no longer empty


def test_round_two_align_discards_guilds_and_goes_in_reverse_score_order():
    s = advance(setup_state(4, (), 3), lambda s: int(f(s, "round")[0]) == 2)
    assert phase(s) == PH["align"] and list(f(s, "guild")) == [0, 0, 0, 0]
    key = s.game.topo["gkey"]
    order = list(f(s, "order"))
    ranks = [(int(f(s, "score")[p]), int(key[f(s, "guild1")[p] - 1])) for p in order]
    assert ranks == sorted(ranks) and s.to_move() == (order[0],)
    for g in f(s, "guild1"):
        assert f(s, "gstate")[g - 1] == 3 and (g - 1) not in s.legal_moves(order[0])


def round2_build(players=3, variants=(), seed=3):
    return advance(setup_state(players, variants, seed),
                   lambda s: int(f(s, "round")[0]) == 2 and phase(s) == PH["loc"])


def test_round_two_wall_settles_one_half_into_the_gap_area():
    s = round2_build()
    seat = s.to_move()[0]
    gap = s.legal_moves(seat)[0]
    area = s.game.board["gaps"][gap]["area"]
    s.apply(seat, gap)
    assert f(s, "wall")[gap] == 1
    card = next(k for k in s.legal_moves(seat) if s.game.cards[k][0] != s.game.cards[k][1] >= 1)
    s.apply(seat, card)
    a, b = s.game.cards[card]
    assert [m for m in s.legal_moves(seat) if m != 63] == [0, 1]    # 63: activate the guild
    before = int(f(s, "an")[area][seat] + f(s, "ap")[area][seat])
    s.apply_string(seat, f"settle {b} promote {a}")
    assert phase(s) == PH["n1"] and max(s.legal_moves(seat)) <= b
    s.apply(seat, 0)
    assert int(f(s, "an")[area][seat] + f(s, "ap")[area][seat]) == before + b
    assert int(f(s, "sel_left")[0]) == a or phase(s) == PH["adjust"]


def test_round_two_settle_places_as_many_as_the_supply_allows():
    s = round2_build()
    seat = s.to_move()[0]
    f(s, "nob")[seat] = 1
    f(s, "pea")[seat] = 1
    s.apply(seat, s.legal_moves(seat)[0])
    s.apply_string(seat, "card 3/2") if 10 in s.legal_moves(seat) else s.apply(seat, s.legal_moves(seat)[-1])
    s.apply(seat, 0)
    assert int(f(s, "sel_nx")[0]) <= 2
    if phase(s) == PH["n1"]:
        assert s.legal_moves(seat) == [1]
        s.apply(seat, 1)
    assert (f(s, "nob")[seat], f(s, "pea")[seat]) == (0, 0)


def test_promote_moves_any_colour_noble_to_one_of_the_two_closest_towers():
    s = round2_build(3, (), 3)
    seat = s.to_move()[0]
    gap = s.legal_moves(seat)[0]
    area = s.game.board["gaps"][gap]["area"]
    other = (seat + 1) % 3
    f(s, "an")[area][other] += 1                      # a rival's noble next to the wall
    s.apply(seat, gap)
    card = next(k for k in s.legal_moves(seat) if s.game.cards[k][1] >= 1)
    s.apply(seat, card)
    a, b = s.game.cards[card]
    s.apply_string(seat, f"settle {a} promote {b}")
    if phase(s) == PH["n1"]:
        s.apply(seat, s.legal_moves(seat)[0])
    assert phase(s) == PH["promote"]
    towers = s.game.board["gaps"][gap]["towers"]
    texts = [s.move_to_string(seat, m) for m in s.legal_moves(seat)]
    assert texts[0] == "stop"
    assert f"promote p{other} T{towers[0]}" in texts and f"promote p{other} T{towers[1]}" in texts
    before = int(f(s, "an")[area][other])
    s.apply_string(seat, f"promote p{other} T{towers[1]}")
    assert int(f(s, "an")[area][other]) == before - 1 and f(s, "tw")[towers[1]][other] >= 1


def test_promote_at_most_the_other_half():
    s = round2_build(3, (), 3)
    seat = s.to_move()[0]
    gap = s.legal_moves(seat)[0]
    area = s.game.board["gaps"][gap]["area"]
    f(s, "an")[area][seat] += 5
    s.apply(seat, gap)
    card = next(k for k in s.legal_moves(seat) if s.game.cards[k] in ((2, 1), (3, 1), (4, 1)))
    s.apply(seat, card)
    s.apply(seat, 0)                                   # settle the big half, promote 1
    if phase(s) == PH["n1"]:
        s.apply(seat, 0)
    assert phase(s) == PH["promote"]
    s.apply(seat, 1 + 2 * seat)
    assert phase(s) == PH["adjust"]


def test_round_two_adjust_covers_neighbourhood_and_the_two_closest_towers():
    s = round2_build(3, (), 3)
    seat = s.to_move()[0]
    gap = s.legal_moves(seat)[0]
    s.apply(seat, gap)
    s.apply(seat, s.legal_moves(seat)[0])
    while phase(s) != PH["adjust"]:
        s.apply(seat, s.legal_moves(seat)[0])
    towers = s.game.board["gaps"][gap]["towers"]
    comp = [0] * 16
    s.game.kernel.comps(s.buf, comp)
    here = comp[s.game.board["gaps"][gap]["area"]]
    topo = s.game.topo
    want = set()
    for d in range(20):
        if (topo["die_area"][d] >= 0 and comp[topo["die_area"][d]] == here) or topo["die_tower"][d] in towers:
            v = f(s, "die_v")[d]
            if v < 3:
                want.add(1 + 2 * d)
            if v > 1:
                want.add(2 + 2 * d)
    for k, a in enumerate(s.game.board["chit_spots"]):
        if comp[a] == here:
            want.add(41 + k)
    assert set(s.legal_moves(seat)) - {63} == want | {0}
    assert any(topo["die_tower"][(m - 1) // 2] >= 0 for m in want if m < 41)


def test_off_colour_card_only_goes_into_a_defense_zone():
    s = round1_build(3, ("borderlands",))
    seat = s.to_move()[0]
    s.apply(seat, s.legal_moves(seat)[0])
    assert all(m < 11 for m in s.legal_moves(seat))
    s = advance(s, lambda s: phase(s) == PH["dcard"])
    seat = s.to_move()[0]
    off = [k for k in (11, 12, 13) if f(s, "hand")[seat][k]]
    assert off and off[0] in s.legal_moves(seat)


def test_game_ends_after_round_two_defense_with_cards_revealed():
    s = advance(setup_state(4, (), 7), lambda s: phase(s) == PH["end"])
    assert s.is_terminal() and int(f(s, "zown").astype(bool).sum()) == 8
    view = s.observe(0)
    assert all(v > 0 for v in f(view, "zcard"))
    assert int(f(s, "wall").sum()) == 12


def test_tie_on_votes_goes_to_the_lowest_numbered_round_two_guild():
    s = advance(setup_state(3, (), 7), lambda s: phase(s) == PH["end"])
    f(s, "score")[:] = 20
    key = s.game.topo["gkey"]
    best = min(range(3), key=lambda p: key[f(s, "guild")[p] - 1])
    assert s.winners() == [best] and s.returns()[best] == 1.0


def test_moves_out_of_turn_are_rejected():
    s = round1_build()
    seat = s.to_move()[0]
    with pytest.raises(IllegalMove):
        s.apply((seat + 1) % 4, 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_guild_power_hook_changes_nothing_yet(players):
    s = round1_build(players)
    buf = s.buf.copy()
    k = s.game.kernel
    k.power_hook(buf, s.to_move()[0])
    assert (buf == s.buf).all()
    assert game(players).guilds[0]["power"] == "mercers"


def _recording_kernel(s):
    """The interpreted kernel of ``s``'s game with ``power_hook_`` recording (phase, seat, cur)."""
    from cython_ext import select
    g = s.game
    k = select.twins("walled_city")[1].WalledCityKernel(g.players, g.layout.size, g.kernel.max_moves,
                                                        dict(g.layout.offsets), g.topo)
    calls = []
    k.power_hook_ = lambda buf, seat: calls.append((int(buf[k.o_phase]), seat, int(buf[k.o_cur])))
    return k, calls


def _one_turn(k, buf, pick):
    """Play the build turn of the seat to move with ``pick(legal)``; return that seat."""
    seat = int(buf[k.o_cur])
    out = [0] * k.max_moves
    while True:
        n = k.legal(buf, seat, out)
        k.apply(buf, seat, pick(out[:n]))
        if int(buf[k.o_phase]) not in (PH["card"], PH["split"], PH["n1"], PH["n2"], PH["promote"], PH["adjust"]) \
                or int(buf[k.o_cur]) != seat:
            return seat


def test_guild_power_hook_is_offered_before_every_step_of_a_round_one_turn():
    # "You may activate your Guild's power at any time during your turn": the hook runs
    # before Construct, Settle and Adjust, for the seat whose turn it is.
    s = round1_build(3)
    k, calls = _recording_kernel(s)
    buf = s.buf.copy()
    seat = _one_turn(k, buf, lambda legal: legal[-1])
    nxt = int(buf[k.o_cur])
    assert calls == [(PH["split"], seat, seat), (PH["adjust"], seat, seat), (PH["loc"], nxt, nxt)]


def test_guild_power_hook_is_offered_before_every_step_of_a_round_two_turn():
    # round 2: before Construct, Settle, Promote and Adjust
    s = round2_build(3, (), 3)
    seat = s.to_move()[0]
    gap = s.legal_moves(seat)[0]
    f(s, "an")[s.game.board["gaps"][gap]["area"]][seat] += 2     # nobles to promote
    k, calls = _recording_kernel(s)
    buf = s.buf.copy()
    k.apply(buf, seat, gap)
    card = next(c for c in range(11) if buf[k.o_hand + seat * 14 + c] > 0 and s.game.cards[c][1] >= 1)
    k.apply(buf, seat, card)
    k.apply(buf, seat, 0)                       # settle the first half, promote up to the second
    while int(buf[k.o_phase]) in (PH["n1"], PH["n2"]):
        k.apply(buf, seat, 0)
    k.apply(buf, seat, 1 + 2 * seat)            # promote one of our nobles
    if int(buf[k.o_phase]) == PH["promote"]:
        k.apply(buf, seat, 0)
    k.apply(buf, seat, 0)                       # pass the adjust
    phases = [c[0] for c in calls if c[1] == seat]
    assert phases == [PH["split"], PH["promote"], PH["adjust"]]
    assert all(c[1] == c[2] for c in calls)


def test_promote_takes_nobles_from_anywhere_in_the_walls_neighbourhood_only():
    # "promote up to that many Nobles from the neighborhood adjacent to your constructed Wall"
    s = round2_build(3, (), 3)
    seat = s.to_move()[0]
    other = (seat + 1) % 3
    third = (seat + 2) % 3
    b = s.game.board
    gap = s.legal_moves(seat)[0]
    area = b["gaps"][gap]["area"]
    f(s, "road")[:] = 1
    i, p = next((i, p) for i, p in enumerate(b["paths"]) if area in p["a"] + p["b"])
    f(s, "road")[i] = 0                                    # the wall's area joins one neighbour
    neighbour = [x for x in p["a"] + p["b"] if x != area][0]
    outside = next(a for a in range(len(b["areas"])) if a not in (area, neighbour))
    f(s, "an")[:, :] = 0
    f(s, "an")[neighbour][other] = 1                       # same neighbourhood, another area
    f(s, "an")[outside][third] = 1                         # another neighbourhood
    s.apply(seat, gap)
    card = next(k for k in s.legal_moves(seat) if s.game.cards[k] == (2, 2)) if 7 in s.legal_moves(seat) \
        else next(k for k in s.legal_moves(seat) if s.game.cards[k][1] >= 1)
    s.apply(seat, card)
    s.apply(seat, 0)
    while phase(s) in (PH["n1"], PH["n2"]):
        s.apply(seat, 0)                                    # peasants only
    assert phase(s) == PH["promote"]
    owners = {(m - 1) // 2 for m in s.legal_moves(seat) if 0 < m < 63}
    assert owners == {other}
    t = b["gaps"][gap]["towers"][0]
    s.apply_string(seat, f"promote p{other} T{t}")
    assert int(f(s, "an")[neighbour][other]) == 0 and int(f(s, "tw")[t][other]) >= 1


def test_round_two_build_order_is_ascending_round_two_guild_priority():
    s = round2_build(4, ("mixed-guilds",), 5)
    key = s.game.topo["gkey"]
    order = list(f(s, "order"))
    keys = [int(key[f(s, "guild")[p] - 1]) for p in order]
    assert keys == sorted(keys) and s.to_move() == (order[0],)
