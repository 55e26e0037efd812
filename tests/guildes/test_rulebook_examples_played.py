"""Two Guildes rulebook examples played through a game: a selection that starts with 8 cards
(an edition that deals 8), and the Alchemists -1 trick whose cards come back after the count.
Same helpers as tests/guildes/test_variants.py and test_rulebook_play_counts.py.
"""
import json

import engine
from engine.core import CHANCE, make_rng
from tests.guildes.helpers import force_round


def F(s, name):
    return s.game.layout.view(s.buf, name)


def test_selection_example_start_with_8_cards_choose_8(tmp_path):
    """guildes.md l.33: "Example: if players start the selection phase with 8 cards, they will
    each choose 8 cards following the procedure above."  No printed player count deals 8
    (10/9/7/6), so an edition deals 8: each seat is asked 8 times, keeps 8, then plays."""
    data = json.load(open(engine.make_game("guildes", 4).edition_path))
    data["players"]["4"]["dealt"] = 8
    data["players"]["4"]["played"] = 6
    path = tmp_path / "ed.json"
    path.write_text(json.dumps(data))
    s = engine.make_game("guildes", 4, (), edition=str(path)).new_initial_state(5)
    rng = make_rng(5)
    lay = s.game.layout
    while int(s.buf[lay["phase"]]) != 2:                # to the draft
        s.apply(CHANCE, s.sample_chance(rng))
    full = int(s.game.total.sum())
    assert F(s, "deck").sum() == full - 4 * 8            # 8 cards dealt to each seat
    picks = 0
    while int(s.buf[lay["phase"]]) == 2:
        assert s.to_move() == (0, 1, 2, 3)
        for seat in range(4):
            s.apply(seat, s.legal_moves(seat)[0])
        picks += 1
    assert picks == 8
    assert F(s, "kept").sum(axis=1).tolist() == [8] * 4


def test_alchemists_minus_one_example_in_a_game_and_the_two_cards_come_back():
    """guildes.md l.88: "Example: one of your opponents has 2 Alchemists cards on their table
    and you play the Alchemists -1 card on them. During the count, they are treated as having
    only one Alchemists card (2-1). But at the end of the count, once this Dirty Trick card is
    removed, they have 2 Alchemists cards again."  Played through the trick phase of round 1:
    seat 3 holds trick I (Alchemists), seat 1 has 2 Alchemists, seat 2 has 1."""
    s = force_round(4, ("tricks",), "one-fewer", tricks=["protection", "swap-tables", "sacrifice", "alchemists"])
    while int(s.buf[s.game.layout["phase"]]) != 9:      # to the trick phase (as test_variants.to_tricks)
        if s.to_move() == (CHANCE,):
            s.apply(CHANCE, s.sample_chance())
            continue
        for seat in s.to_move():
            s.apply(seat, s.legal_moves(seat)[0])
    g = s.game
    al = g.guild_names.index("alchemists")
    for seat in (0, 1, 2):                                # A, B, C decline (alphabetical order)
        s.apply(seat, 0)
    assert s.to_move() == (3,)
    F(s, "table")[:, al] = [0, 2, 1, 0]                   # the opponent (seat 1) has 2 Alchemists
    tb = F(s, "table").copy()
    rest = tb.copy()
    rest[:, al] = 0
    before = F(s, "score").copy()
    s.apply_string(3, "trick minus alchemists 1")
    got = (F(s, "score") - before).tolist()
    # counted as 1 card: seats 1 and 2 tie for the Alchemists' 12 -> 6 each (without the
    # trick seat 1 would take all 12)
    assert [a - b for a, b in zip(got, g.votes(rest, 0))] == [0, 6, 6, 0]
    assert g.votes(tb, 0)[1] - g.votes(rest, 0)[1] == 12
    assert int(s.buf[g.layout["round"]]) == 1             # the count is over
    assert int(F(s, "table")[1, al]) == 2                 # "they have 2 Alchemists cards again"
    assert F(s, "virt").sum() == 0
