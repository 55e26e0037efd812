"""The adapters' Table: the exact recall log and its tensor, without any framework."""
import numpy as np
import pytest

import engine
from engine.core import make_rng
from guildhall.adapters.table import RecallOverflow, Table


def played(name, players, moves, seed=1):
    t, rng = Table(engine.make(name, players=players, seed=seed)), make_rng(seed)
    for _ in range(moves):
        seat = t.movers()[0]
        legal = [m for m, _ in t.state.chance_outcomes()] if seat == -1 else t.state.legal_moves(seat)
        t.apply(seat, legal[rng.below(len(legal))])
    return t


def test_the_log_rebuilds_every_view_the_seat_saw():
    """Replaying the logged changes from the first view gives the current view:
    nothing the seat saw is missing from its record."""
    t = played("guildes", 3, 80)
    for seat in range(3):
        view = Table(engine.make("guildes", players=3, seed=1)).views[seat].copy()
        for entry in t.logs[seat]:
            d = int(entry[2])
            view[entry[3:3 + d]] = entry[3 + d:]
        assert np.array_equal(view, t.state.observe(seat).buf[2:])


def test_a_tensor_without_room_is_refused_not_cut(monkeypatch):
    t = played("city_and_guilds", 3, 40)
    assert t.info_tensor(0).shape == (t.info_tensor_size(),)
    monkeypatch.setattr(Table, "diff_budget", lambda self: 5)
    with pytest.raises(RecallOverflow, match="beyond the information-state tensor's room of 5"):
        t.info_tensor(0)


def test_clones_and_pickles_keep_the_record():
    import pickle

    t = played("walled_city", 2, 30)
    c, p = t.clone(), pickle.loads(pickle.dumps(t))
    for other in (c, p):
        for seat in range(2):
            assert np.array_equal(other.info_tensor(seat), t.info_tensor(seat))
            assert other.info_key(seat) == t.info_key(seat)
    seat = t.movers()[0]
    c.apply(seat, c.state.legal_moves(seat)[0])
    assert len(c.logs[0]) == len(t.logs[0]) + 1  # the original's log is not shared
