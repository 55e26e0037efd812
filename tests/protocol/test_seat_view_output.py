"""Everything `go` prints for a seat is rendered from that seat's view: two states
with the same view give the same info/bestmove lines (times aside)."""
import os
import random
import re
import time

import engine
from engine.core import CHANCE, make_rng
from guildhall.session import Session

ITERATIONS = 60 if os.environ.get("GUILDHALL_PUREPYTHON") == "1" else 400


def _choose_position(game: str, players: int, seed: int, searcher: int, variants=()):
    """Play randomly until ``searcher`` is the last to make a simultaneous hidden choice."""
    rnd = random.Random(seed)
    s = engine.make(game, players=players, variants=list(variants), seed=seed)
    prev = None
    for _ in range(5000):
        movers = s.to_move()
        if movers == (CHANCE,):
            s.apply(CHANCE, s.sample_chance())
            continue
        if movers == (searcher,) and prev is not None and len(prev) > 1 and searcher in prev:
            return s
        prev = movers
        seat = movers[0] if movers[0] != searcher or len(movers) == 1 else movers[-1]
        moves = s.legal_moves(seat)
        s.apply(seat, moves[rnd.randrange(len(moves))])
    raise AssertionError("no such position")


def _go(game: str, players: int, variants, state, seat: int) -> list[str]:
    out: list[str] = []
    sess = Session(out.append)
    extra = "".join(f" variant {v}" for v in variants)
    for line in (f"newgame {game} players {players}{extra}", "setoption name Seed value 7",
                 "setoption name InfoMoves value 5", "setoption name InfoInterval value 60000", f"position {state.to_string()}", f"seat {seat}"):
        sess.handle(line)
    sess.handle(f"go iterations {ITERATIONS}")
    deadline = time.monotonic() + 300
    while not (out and out[-1].startswith("bestmove")) and time.monotonic() < deadline:
        time.sleep(0.02)
    # interim reports come on a timer (their iteration counts vary); the final one is at ITERATIONS
    final = max(i for i, line in enumerate(out) if line.startswith("info seat") and f" iterations {ITERATIONS} " in line)
    return [re.sub(r" (time|ips) \d+", r" \1 _", line) for line in out[final:]]


def test_btc_pv_does_not_name_a_rivals_hidden_tile():
    game, players, seat = "between_two_cities", 3, 1
    a = _choose_position(game, players, 2, seat)
    worlds = [a] + [a.determinize(seat, make_rng(k)) for k in range(1, 40)]
    b = next(w for w in worlds[1:] if w != a and w.observe(seat) == a.observe(seat))
    out_a, out_b = _go(game, players, (), a, seat), _go(game, players, (), b, seat)
    assert out_a[-1].startswith("bestmove") and any(line.startswith("info seat") for line in out_a)
    assert out_a == out_b


def test_guildes_output_depends_only_on_the_view():
    game, players, seat = "guildes", 4, 2
    a = _choose_position(game, players, 3, seat)
    b = a.determinize(seat, make_rng(5))
    assert a.observe(seat) == b.observe(seat) and a != b
    assert _go(game, players, (), a, seat) == _go(game, players, (), b, seat)
