"""The checker every game and variant must pass on seeded random games.

>>> import engine
>>> from engine.conformance import check
>>> report = check(engine.make_game("guildes", 4), games=2, seed=1)
>>> report.games, report.failures
(2, [])
"""
from __future__ import annotations

from dataclasses import dataclass, field
from random import Random

import numpy as np

from engine.core import CHANCE, RETURN_MODES, Game, State, make_rng
from engine.errors import BadMove, GuildhallError, IllegalMove


@dataclass
class Report:
    games: int = 0
    states: int = 0
    failures: list[str] = field(default_factory=list)

    def fail(self, where: str, what: str) -> None:
        if len(self.failures) < 20:
            self.failures.append(f"{where}: {what}")


def random_game(game: Game, seed: int) -> tuple[State, list[tuple[int, int]], list[State]]:
    """Play one seeded random game; return the final state, the record, the states seen."""
    rnd = Random(seed)
    state = game.new_initial_state(seed)
    start = state.clone()
    record: list[tuple[int, int]] = []
    seen = [state.clone()]
    rng = make_rng(seed)
    while not state.is_terminal():
        movers = state.to_move()
        if movers == (CHANCE,):
            move = state.sample_chance(rng)
            seat = CHANCE
        else:
            seat = movers[rnd.randrange(len(movers))]
            move = rnd.choice(state.legal_moves(seat))
        state.apply(seat, move)
        record.append((seat, move))
        seen.append(state.clone())
        if len(record) > 100_000:
            raise RuntimeError("game did not end in 100000 moves")
    return start, record, seen


def check_state(state: State, rnd: Random, report: Report, where: str, deep: bool) -> None:
    game = state.game
    movers = state.to_move()
    report.states += 1
    # legal moves non-empty until terminal
    for seat in movers:
        moves = state.legal_moves(seat)
        if not moves:
            report.fail(where, f"seat {seat} to move with no legal move")
    if not movers:
        returns = state.returns("win")
        rivals = game.rival_keys(state)
        total = sum(returns)
        if (not rivals and abs(total - 1.0) > 1e-9) or total > 1.0 + 1e-9:
            report.fail(where, f"win returns do not sum to 1 (or less with rivals): {returns}")
    scores = state.scores()
    if len(scores) != game.players or not all(isinstance(s, int) for s in scores):
        report.fail(where, f"bad scores {scores}")
    for mode in RETURN_MODES:
        r = state.returns(mode)
        if len(r) != game.players or not all(0.0 <= x <= 1.0 for x in r):
            report.fail(where, f"bad {mode} returns {r}")
    # string round trip
    text = state.to_string()
    try:
        back = game.parse_state(text)
        if back != state:
            report.fail(where, "state string does not round-trip")
    except GuildhallError as exc:
        report.fail(where, f"own state string rejected: {exc}")
    if not deep:
        return
    before = state.buf.copy()
    # clone independence and move strings
    for seat in movers:
        moves = state.legal_moves(seat)
        for move in moves[:8]:
            ms = state.move_to_string(seat, move)
            try:
                if state.parse_move(seat, ms) != move:
                    report.fail(where, f"move string {ms!r} does not round-trip")
            except (BadMove, IllegalMove) as exc:
                report.fail(where, f"own move string {ms!r} rejected: {exc}")
        twin = state.clone()
        twin.apply(seat, moves[rnd.randrange(len(moves))])
        if not np.array_equal(state.buf, before):
            report.fail(where, "applying to a clone changed the original")
        # illegal moves rejected, state unchanged
        for bad in (-7, game.kernel.max_moves + 3):
            try:
                state.apply(seat, bad)
                report.fail(where, f"illegal move {bad} accepted")
            except IllegalMove:
                pass
    if movers and movers != (CHANCE,):
        outsider = next((s for s in range(game.players) if s not in movers), None)
        if outsider is not None:
            try:
                state.apply(outsider, 0)
                report.fail(where, f"seat {outsider} moved out of turn")
            except IllegalMove:
                pass
    if not np.array_equal(state.buf, before):
        report.fail(where, "a rejected move changed the state")
    # observation and determinization
    for seat in range(game.players):
        view = state.observe(seat)
        vtext = view.to_string()
        try:
            if game.parse_state(vtext) != view:
                report.fail(where, f"seat {seat} view does not round-trip")
        except GuildhallError as exc:
            report.fail(where, f"seat {seat} view rejected: {exc}")
        k = rnd.randrange(1 << 30)
        world = state.determinize(seat, make_rng(k))
        if world.observe(seat) != view:
            report.fail(where, f"determinize changed seat {seat}'s view")
        if world.observer is not None:
            report.fail(where, "determinize returned a masked state")
        if view.determinize(seat, make_rng(k)) != world:
            report.fail(where, f"determinize for seat {seat} read hidden values")
        if world.legal_moves(seat) != state.legal_moves(seat):
            report.fail(where, f"determinize changed seat {seat}'s legal moves")
        if world.to_move() and not any(world.legal_moves(s) for s in world.to_move()):
            report.fail(where, "determinized state has no legal move")
    if not np.array_equal(state.buf, before):
        report.fail(where, "observe/determinize changed the state")


def check(game: Game, games: int = 100, seed: int = 0, deep_every: int = 7) -> Report:
    """Play ``games`` random games and check every state; deep checks on a sample."""
    report = Report()
    rnd = Random(seed)
    for g in range(games):
        gseed = seed * 100_003 + g
        start, record, seen = random_game(game, gseed)
        report.games += 1
        for i, state in enumerate(seen):
            deep = (i + g) % deep_every == 0 or i == len(seen) - 1
            check_state(state, rnd, report, f"game {gseed} ply {i}", deep)
        replay = start.clone()
        for seat, move in record:
            replay.apply(seat, move)
        if replay != seen[-1]:
            report.fail(f"game {gseed}", "replaying the record does not reproduce the state")
        # kernel rollout from a mid-game state reaches the end
        mid = seen[len(seen) // 2].clone()
        game.kernel.rollout(mid.buf, make_rng(gseed))
        if not mid.is_terminal():
            report.fail(f"game {gseed}", "kernel rollout stopped before the end")
    return report
