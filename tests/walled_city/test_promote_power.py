"""Round 2: the activation point before Promote is there even with no noble to promote yet.

"You may activate your Guild's power at any time during your turn" and the turn's steps are
performed in order (construct, settle, promote, adjust): a power used after Settle may make the
nobles Promote then promotes (Vintners turns peasants into nobles).  Until session 51 the kernel
went from Settle straight to Adjust when no noble stood in the wall's neighbourhood, and the
card's promotions were lost (docs/rulings.md 21; found by a rules audit).
"""
from tests.walled_city.helpers import f, play, power_turn, texts

PROMOTE, ADJUST = 8, 9


def vintners_after_peasants(seed: int = 1):
    """3 players, round 2, the mover holding Vintners with one peasant far away (D4) and an
    empty board otherwise: it builds on the first wall, plays 3/2 and settles 3 peasants."""
    s, me = power_turn("vintners", players=3, round_=2, seed=seed, clear=True)
    d4 = s.game.area_names.index("D4")
    f(s, "ap")[d4, me] = 1
    f(s, "pea")[me] -= 1
    wall = [t for t in texts(s) if t.startswith("wall")][0]
    play(s, wall, "card 3/2", "settle 3 promote 2", "nobles 0")
    return s, me, d4


def test_the_promote_step_is_offered_for_a_power_before_it():
    s, me, _ = vintners_after_peasants()
    assert int(f(s, "phase")[0]) == PROMOTE and int(f(s, "sel_left")[0]) == 2
    assert texts(s) == ["stop", "activate vintners11"]


def test_nobles_made_by_the_power_are_then_promoted():
    s, me, d4 = vintners_after_peasants()
    wall_area = s.game.area_names[int(f(s, "garea")[int(f(s, "sel_loc")[0])])]
    play(s, "activate vintners11", f"vintners p{me}", f"vintners {wall_area}", f"vintners {wall_area}",
         "vintners D4")
    assert int(f(s, "phase")[0]) == PROMOTE
    promotes = [t for t in texts(s) if t.startswith("promote")]
    assert promotes, texts(s)
    towers_before = int(f(s, "tw")[:, me].sum())
    play(s, promotes[0])
    play(s, [t for t in texts(s) if t.startswith("promote")][0])
    assert int(f(s, "tw")[:, me].sum()) == towers_before + 2
    assert int(f(s, "phase")[0]) == ADJUST  # both promotions spent


def test_stop_skips_the_power_and_goes_on_to_adjust():
    s, me, _ = vintners_after_peasants()
    play(s, "stop")
    assert int(f(s, "phase")[0]) == ADJUST
    assert "activate vintners11" in texts(s)  # still offered before Adjust, as before


def test_without_a_power_to_use_the_step_is_skipped_as_before():
    s, me = power_turn("vintners", players=3, round_=2, seed=1, clear=True)
    f(s, "piv")[me] = 1  # the guild already used this round
    wall = [t for t in texts(s) if t.startswith("wall")][0]
    play(s, wall, "card 3/2", "settle 3 promote 2", "nobles 0")
    assert int(f(s, "phase")[0]) == ADJUST


def test_the_step_stays_open_when_the_nobles_run_out_and_the_power_is_left():
    # one noble settled, promoted; a promotion is left and Vintners may still make nobles
    s, me = power_turn("vintners", players=3, round_=2, seed=1, clear=True)
    d4 = s.game.area_names.index("D4")
    f(s, "ap")[d4, me] = 2
    f(s, "pea")[me] -= 2
    wall = [t for t in texts(s) if t.startswith("wall")][0]
    play(s, wall, "card 3/2", "settle 3 promote 2", "nobles 1")
    play(s, [t for t in texts(s) if t.startswith("promote")][0])
    assert int(f(s, "sel_left")[0]) == 1
    assert int(f(s, "phase")[0]) == PROMOTE
    assert texts(s) == ["stop", "activate vintners11"]
