"""Self-play: AI players play whole games in-process; records and summaries.

Chance is drawn by each state's own seeded dealer, so a game is fixed by its
seed and the players' seeds.  Nothing here knows a particular game: the
summary groups moves by the game's ``round`` field when its layout has one,
and separates a seat's moves of different phases (``phase`` field) by ``|``.

>>> import engine
>>> from search.api import make_player
>>> g = engine.make_game("guildes", players=3)
>>> rec = play_game(g, [make_player("random", seed=i) for i in range(3)], seed=4)
>>> len(rec.scores), rec.winners == [i for i, k in enumerate(rec.keys) if k == max(rec.keys)]
(3, True)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

from engine.core import CHANCE, Game, State
from search.api import Limits, Player


@dataclass
class Ply:
    seat: int
    move: int
    text: str
    round: Optional[int]  # the game's round field before the move (None if it has none)
    phase: Optional[int] = None  # likewise its phase field


@dataclass
class GameRecord:
    seed: int
    plies: list[Ply] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    keys: list[tuple] = field(default_factory=list)
    round_scores: dict[int, list[int]] = field(default_factory=dict)  # scores as each round ended


def field_of(state: State, name: str) -> Optional[int]:
    off = state.game.layout.offsets.get(name)
    return None if off is None else int(state.buf[off])


def round_of(state: State) -> Optional[int]:
    """The round counted from 0 (a game whose ``round`` field starts at 1 says so in ``first_round``)."""
    r = field_of(state, "round")
    return None if r is None else r - getattr(state.game, "first_round", 0)


def tell_and_play(players: Sequence[Player], state: State, seat: int, move: int) -> None:
    """Tell every player ``seat``'s ``move`` (each keeps what its seat sees: tree reuse,
    ``Player.observe_move``), then play it."""
    for p in players:
        p.observe_move(state, seat, move)
    state.apply(seat, move)


def play_game(game: Game, players: Sequence[Player], limits: Limits = Limits(iterations=100),
              seed: int = 0, on_ply: Optional[Callable[[State, Ply], None]] = None) -> GameRecord:
    """Play one game; ``players[i]`` plays seat i.  ``on_ply`` sees each move as it happens."""
    state = game.new_initial_state(seed)
    told = list({id(p): p for p in players}.values())  # a player on two seats is told once
    for p in told:
        p.new_game()
    rec = GameRecord(seed)
    while True:
        movers = state.to_move()
        if not movers:
            break
        seat = movers[0]
        move = state.sample_chance() if seat == CHANCE else players[seat].choose(state, seat, limits)
        ply = Ply(seat, move, state.move_to_string(seat, move), round_of(state), field_of(state, "phase"))
        tell_and_play(told, state, seat, move)
        after = round_of(state)
        # a round ends when the round field moves on, or with the game (The Walled City's
        # field stays at its last round)
        if ply.round is not None and (after != ply.round or state.is_terminal()):
            rec.round_scores[ply.round] = state.scores()
        rec.plies.append(ply)
        if on_ply:
            on_ply(state, ply)
    rec.scores, rec.keys, rec.winners = state.scores(), game.rank_keys(state), state.winners()
    return rec


def summarise(rec: GameRecord, names: Sequence[str]) -> list[str]:
    """A readable account: per round, the dealer's draws and each seat's moves in order."""
    lines: list[str] = []
    rounds: dict[Optional[int], list[Ply]] = {}
    for ply in rec.plies:
        rounds.setdefault(ply.round, []).append(ply)
    width = max(len(f"seat {i} ({n})") for i, n in enumerate(names))
    for rnd, plies in rounds.items():
        if rnd is not None:
            lines.append(f"-- round {rnd + 1} --")
        runs: list[list[str]] = []  # runs of consecutive chance draws
        prev = None
        for ply in plies:
            if ply.seat == CHANCE:
                if prev != CHANCE:
                    runs.append([])
                runs[-1].append(ply.text)
            prev = ply.seat
        chance = [", ".join(r) if len(r) <= 2 else f"{r[0]}, then {len(r) - 1} draws" for r in runs]
        if chance:
            lines.append(f"  {'dealer':<{width}}  " + "; ".join(chance))
        for seat, name in enumerate(names):
            mine = [p for p in plies if p.seat == seat]
            if mine:
                text = mine[0].text
                for before, ply in zip(mine, mine[1:]):
                    text += (" | " if ply.phase != before.phase else ", ") + ply.text
                lines.append(f"  {f'seat {seat} ({name})':<{width}}  " + text)
        if rnd in rec.round_scores:
            lines.append(f"  scores after round {rnd + 1}: " + ", ".join(map(str, rec.round_scores[rnd])))
    return lines


def result_line(rec: GameRecord, names: Sequence[str]) -> str:
    scores = ", ".join(f"seat {i} ({n}) {s}" for i, (n, s) in enumerate(zip(names, rec.scores)))
    who = " and ".join(f"seat {w} ({names[w]})" for w in rec.winners) or "nobody at the table"
    verb = "wins" if len(rec.winners) <= 1 else "share the win"
    return f"final scores: {scores} -- {who} {verb}"


@dataclass
class Standing:
    """One engine's results in a tournament."""

    name: str
    games: int = 0
    shares: list[float] = field(default_factory=list)  # win share per game (1/k for a k-way tie)
    score_total: float = 0.0

    @property
    def win_share(self) -> float:
        return sum(self.shares) / len(self.shares) if self.shares else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson score interval of the win share (sound with few games and at 0 or 1)."""
        from guildhall.stats import wilson

        return wilson(sum(self.shares), len(self.shares))

    @property
    def half_width(self) -> float:
        """Half the 95% confidence interval of the win share (normal approximation)."""
        n = len(self.shares)
        if n < 2:
            return 0.0
        m = self.win_share
        var = sum((x - m) ** 2 for x in self.shares) / (n - 1)
        return 1.96 * (var / n) ** 0.5


def seating(engines: Sequence[str], players: int, game_index: int) -> list[str]:
    """Engines rotated over the seats, one step per game, so each sits everywhere.

    >>> seating(["a", "b"], 3, 0), seating(["a", "b"], 3, 1)
    (['a', 'b', 'a'], ['b', 'a', 'b'])
    """
    k = len(engines)
    return [engines[(s + game_index) % k] for s in range(players)]


def play_owned(game: Game, players: Sequence[Player], limits: Limits, seed: int = 0) -> GameRecord:
    """:func:`play_game` with players made for this game alone: closed at its end (their
    search workers end with the game, not when the garbage collector finds them)."""
    try:
        return play_game(game, players, limits, seed)
    finally:
        for p in players:
            p.close()


def engine_of(name: str) -> str:
    """The player behind a tournament entry: ``LABEL=ENGINE`` names ``ENGINE`` under a label of
    its own (so that one engine can play another setting of itself), a bare name itself.

    >>> engine_of("new=ismcts"), engine_of("greedy")
    ('ismcts', 'greedy')
    """
    return name.partition("=")[2] or name


def label_of(name: str) -> str:
    """The name a tournament entry goes by in ``--set`` and in the table: its label, if any.

    >>> label_of("new=ismcts"), label_of("greedy")
    ('new', 'greedy')
    """
    return name.partition("=")[0]


def play_seated(game: Game, engines: Sequence[str], index: int, limits: Limits, seed: int = 0,
                options: Optional[dict] = None) -> tuple[list[str], GameRecord]:
    """Game ``index`` of a tournament: its seating and its record.

    Fixed by its arguments alone (seating rotated by ``index``, game seed
    ``seed + index``, player seeds from both), so any machine plays the same
    game -- the distributed backend relies on it.  Limits by ``movetime``
    make it depend on the machine's speed.
    """
    from search.api import make_player

    options = options or {}
    names = seating(engines, game.players, index)
    players = [make_player(engine_of(n), seed=(seed + index) * 1000 + s, **options.get(label_of(n), {}))
               for s, n in enumerate(names)]
    return names, play_owned(game, players, limits, seed + index)


def add_result(table: dict[str, Standing], names: Sequence[str], rec: GameRecord) -> None:
    """Count one game: each seat's win share for the engine in it."""
    ties = len(rec.winners)
    for s, n in enumerate(names):
        st = table[n]
        st.games += 1
        st.shares.append(1.0 / ties if s in rec.winners else 0.0)
        st.score_total += rec.scores[s]


def tournament(game: Game, engines: Sequence[str], games: int, limits: Limits, seed: int = 0,
               options: Optional[dict] = None,
               on_game: Optional[Callable[[int, GameRecord, list[str]], None]] = None,
               until: Optional[Callable[[], bool]] = None,
               backend: Optional[object] = None) -> dict[str, Standing]:
    """Play ``games`` games with the engines rotated over the seats.

    Each seat's result counts for the engine in it: its win share in that game
    (a win 1, a k-way tie 1/k, else 0).  ``options`` maps an engine name to the
    options its players get (for tuning).  A name may appear once only.
    ``backend`` (e.g. :class:`guildhall.distributed.RayBackend`) plays the
    games elsewhere; results are counted in game order either way, so they
    are the same.  ``on_game`` sees each game as it finishes.
    """
    if len(set(engines)) != len(engines):
        raise ValueError("each engine may be named once")
    table = {name: Standing(name) for name in engines}
    if backend is not None:
        done = backend.play(game, list(engines), games, limits, seed, options or {}, on_game)
        for i in range(games):
            add_result(table, *done[i])
        return table
    for i in range(games):
        names, rec = play_seated(game, engines, i, limits, seed, options)
        add_result(table, names, rec)
        if on_game is not None:
            on_game(i, rec, names)
        if until is not None and until():
            break
    return table


def game_score(rec: GameRecord, names: Sequence[str], a: str, b: str) -> float:
    """Engine ``a``'s score against ``b`` in one game: 1 if its seats took more of the win,
    0 if fewer, 0.5 if the same."""
    share = {a: 0.0, b: 0.0}
    for s, n in enumerate(names):
        if s in rec.winners and n in share:
            share[n] += 1.0 / len(rec.winners)
    return 1.0 if share[a] > share[b] else 0.0 if share[a] < share[b] else 0.5
