"""Determinize uses everything a seat knows, and nothing else.

For every game and variant: sampled worlds agree with the seat's view (and so
with its own hand, picks and face-down cards, and everything public).  Then
the facts a seat knows that its view forgets (docs/games/<game>.md, "What
each seat knows"): City and Guilds setup discards, Guildes hands held in
earlier rounds (both failed before issue 15's kernel fixes).  Between Two
Cities' view states are checked in tests/between_two_cities/test_none_token.py
and its protocol output in tests/protocol/test_seat_view_output.py; the
Guildes play-phase bias against the exact distribution is measured in
tests/knowledge/test_guildes_exact_worlds.py and bench/guildes_determinize_bias.py.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

import engine
from engine.core import CHANCE, make_rng
from tests.editions.mutate import CONFIGS

WORLDS = 12


def _random_states(game: str, players: int, variants, seed: int, every: int):
    """Full states along one random game, every ``every`` plies, with the ply's mover."""
    rnd = random.Random(seed)
    s = engine.make(game, players=players, variants=list(variants), seed=seed)
    ply = 0
    while s.to_move():
        movers = s.to_move()
        if movers != (CHANCE,) and ply % every == 0:
            yield s.clone()
        if movers == (CHANCE,):
            s.apply(CHANCE, s.sample_chance())
        else:
            seat = movers[rnd.randrange(len(movers))]
            moves = s.legal_moves(seat)
            s.apply(seat, moves[rnd.randrange(len(moves))])
        ply += 1


@pytest.mark.parametrize("game, players, variants",
                         [(g, p, v) for g in CONFIGS for p, v in CONFIGS[g]])
def test_sampled_worlds_agree_with_the_view(game, players, variants):
    checked = 0
    for state in _random_states(game, players, variants, seed=players * 7 + len(variants), every=23):
        for seat in range(players):
            view = state.observe(seat)
            for k in range(3):
                world = state.determinize(seat, make_rng(1000 * checked + k))
                assert world.observer is None
                assert world.observe(seat) == view, f"{game} seat {seat}: a world contradicts the view"
                # rivals' submitted hidden choices may be re-sampled as still owed, never the seat's own
                assert (seat in world.to_move()) == (seat in state.to_move())
                if seat in state.to_move():
                    assert world.legal_moves(seat) == state.legal_moves(seat)
            checked += 1
    assert checked > 0


# -- City and Guilds: a seat's own setup discard went back to the piles -------------------
def _scarce_edition(tmp_path) -> str:
    """Two or three tiles of each guild kind: a discard is often the last unseen copy."""
    import json

    from tests.editions.mutate import standin
    data = standin("city_and_guilds")
    data.update(map=["AAB", "CCB"])
    data["tiles"].update(building=3, market=2)
    path = tmp_path / "scarce.json"
    path.write_text(json.dumps(data))
    return str(path)


def _cag_discard_facts(players: int, seed: int, edition: str | None = None):
    """States after the setup discards, with each seat's discarded kinds and the kinds
    drawn from the piles since (public), as (state, {seat: discards}, drawn)."""
    g = engine.make_game("city_and_guilds", players, (), edition)
    rnd = random.Random(seed)
    s = g.new_initial_state(seed)
    pend_of = lambda st: g.layout.view(st.buf, "pend").copy()  # noqa: E731
    supply_of = lambda st: g.layout.view(st.buf, "supply").copy()  # noqa: E731
    disc: dict[int, list[int]] = {}
    drawn = np.zeros_like(supply_of(s))
    after = False
    ply = 0
    while s.to_move() and ply < 400:
        movers = s.to_move()
        before_pend, before_supply = pend_of(s), supply_of(s)
        if movers == (CHANCE,):
            s.apply(CHANCE, s.sample_chance())
            if after:
                drawn += np.maximum(before_supply - supply_of(s), 0)
        else:
            seat = movers[rnd.randrange(len(movers))]
            moves = s.legal_moves(seat)
            s.apply(seat, moves[rnd.randrange(len(moves))])
            if (before_pend > 0).any() and not (pend_of(s) > 0).any():  # the discards resolved
                for q in range(players):
                    kind = int(before_pend[q]) - 1 if before_pend[q] > 0 else None
                    disc[q] = [kind] if kind is not None else []
                last = seat  # the last discarder's own kind is the move itself
                disc[last] = [_resolved_kind(before_supply, supply_of(s), before_pend)]
                after = True
            if after and ply % 5 == 0:
                yield s.clone(), {q: list(v) for q, v in disc.items()}, drawn.copy()
        ply += 1


def _resolved_kind(before, now, pend):
    """The kind the last discarder put back: the supply grew by every discard."""
    grew = now - before
    for q, p in enumerate(pend):
        if p > 0:
            grew[int(p) - 1] -= 1
    return int(np.flatnonzero(grew > 0)[0])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_cag_no_world_deals_a_rival_the_tile_the_seat_put_back(tmp_path, players):
    bad = 0
    edition = _scarce_edition(tmp_path)
    for state, disc, drawn in (x for seed in range(4) for x in _cag_discard_facts(players, seed, edition)):
        g = state.game
        for seat in range(players):
            real = g.layout.view(state.buf, "supply")
            assert all(real[kind] + drawn[kind] >= disc[seat].count(kind) for kind in disc[seat])
            for k in range(WORLDS):
                w = state.determinize(seat, make_rng(k))
                supply = g.layout.view(w.buf, "supply")
                for kind in disc[seat]:
                    # the tile is in the piles, unless a public draw of its kind may have taken it
                    if supply[kind] + drawn[kind] < disc[seat].count(kind):
                        bad += 1
    assert bad == 0, f"{bad} sampled worlds put a seat's own discard into a rival's hand"


# -- Guildes: a seat remembers the hands it held in earlier rounds --------------------------
def _guildes_round_facts(players: int, variants, seed: int):
    """(state in a later round, {seat: lower bound per guild on the other seats' round-0
    picks that were not played in round 0})."""
    g = engine.make_game("guildes", players, variants)
    lay = g.layout
    rnd = random.Random(seed)
    s = g.new_initial_state(seed)
    bound = None
    while s.to_move():
        movers = s.to_move()
        rnd_no, phase = int(lay.view(s.buf, "round")[0]), int(lay.view(s.buf, "phase")[0])
        if rnd_no == 0 and phase == 3 and bound is None:
            bound = {}
            hist, picks, d = lay.view(s.buf, "hist"), lay.view(s.buf, "picks"), int(lay.view(s.buf, "dir")[0])
            h = hist.shape[0]
            for seat in range(players):
                seen = np.zeros(g.G, dtype=int)
                for p in range(players):
                    first = next((t for t in range(h) if (p + d * t) % players == seat), None)
                    if first is not None:
                        seen += hist[first, p]
                for t in range(h):
                    seen[int(picks[seat, t])] -= 1
                bound[seat] = seen
        if rnd_no == 0 and bound is not None and "rrecv" in lay.offsets:
            # a card received in a redistribution may come from the others' picks
            for seat, got in enumerate(lay.view(s.buf, "rrecv")):
                if got >= 0 and not bound.get(("got", seat)):
                    bound[seat][int(got)] -= 1
                    bound[("got", seat)] = True
        if rnd_no == 1 and phase == 0 and bound is not None and "table0" not in bound:
            table = lay.view(s.buf, "table").copy()
            if "pubdisc" in lay.offsets:
                # tricks move cards between tables and onto the public pile: only the
                # cards on no table and not in the pile are surely in the others' discards
                table[:] = table.sum(0) + lay.view(s.buf, "pubdisc")
            bound["table0"] = table
        if rnd_no >= 1 and movers != (CHANCE,) and "table0" in bound and rnd.randrange(4) == 0:
            yield s.clone(), bound
        if movers == (CHANCE,):
            s.apply(CHANCE, s.sample_chance())
        else:
            seat = movers[rnd.randrange(len(movers))]
            moves = s.legal_moves(seat)
            s.apply(seat, moves[rnd.randrange(len(moves))])


@pytest.mark.parametrize("players, variants", [(4, ()), (3, ()), (5, ("events",)), (4, ("tricks",))])
def test_guildes_worlds_keep_what_a_seat_saw_in_earlier_rounds(players, variants):
    bad = total = 0
    for state, bound in _guildes_round_facts(players, variants, seed=11):
        lay = state.game.layout
        for seat in range(players):
            others = [q for q in range(players) if q != seat]
            need = bound[seat] - (bound["table0"][others].sum(0) if "pubdisc" not in lay.offsets
                                  else bound["table0"][0])
            truth = lay.view(state.buf, "discarded")[others].sum(0)
            assert (truth >= need).all(), "the bound itself is wrong: the real state breaks it"
            for k in range(WORLDS):
                w = state.determinize(seat, make_rng(k))
                disc = lay.view(w.buf, "discarded")[others].sum(0)
                total += 1
                if (disc < need).any():
                    bad += 1
    assert total > 0
    assert bad == 0, f"{bad} of {total} worlds give others fewer round-1 discards than the seat saw"
