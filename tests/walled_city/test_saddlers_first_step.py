"""The Saddlers' first step: "any three Peasants or any two Nobles (but none in Towers) on the board",
of the same or different players -- one count (``saddlers_kinds_``) serves whether the power is
offered and which kinds its first step lists.  Runs in whichever mode the suite runs (compiled, and
GUILDHALL_PUREPYTHON=1)."""
from __future__ import annotations

from tests.walled_city.helpers import f, play, power_turn, texts

ACT = "activate saddlers11b"


def test_the_kinds_offered_count_every_owners_pieces_in_the_areas_only():
    s, me = power_turn("saddlers-b", variants=("borderlands",))
    o1, o2 = [o for o in range(3) if o != me]
    f(s, "ap")[0][o1] = 1
    f(s, "ap")[1][o2] = 1                           # two peasants: one short
    f(s, "an")[2][me] = 1
    f(s, "tw")[0][o1] = 4                           # nobles in towers do not count
    assert ACT not in texts(s)
    f(s, "ap")[3][me] = 1                           # three peasants of three owners
    assert ACT in texts(s)
    before = s.buf.copy()
    play(s, ACT)
    assert texts(s) == ["saddlers peasants"]
    s.buf[:] = before
    f(s, "an")[4][o2] = 1                           # two nobles of two owners: both kinds
    play(s, ACT)
    assert texts(s) == ["saddlers peasants", "saddlers nobles"]
    s.buf[:] = before
    f(s, "ap")[3][me] = 0
    f(s, "an")[4][o2] = 1                           # nobles only
    play(s, ACT)
    assert texts(s) == ["saddlers nobles"]
