"""guildhall's games as OpenSpiel Python games (extra ``[openspiel]``).

Importing this module registers, for every game of the registry:

* ``python_guildhall_<game>`` -- simultaneous steps *sequentialised*: the
  lowest owing seat chooses first, each choice hidden from the others until
  the step resolves (who has chosen is public).  Turn-based, so OpenSpiel's
  Python ISMCTS and MCTS bots run on it.
* ``python_guildhall_<game>_simultaneous`` -- simultaneous steps as OpenSpiel
  simultaneous-move nodes (every seat of the step acts in one joint action).

Parameters: ``players`` (int), ``variants`` (names joined by ``+``, e.g. ``events+tricks``),
``edition`` (a path; empty for the stand-in), ``returns`` (``win``, ``rank``
or ``score``: rewards in [0, 1], see :meth:`engine.core.State.returns`) and
``seed`` (the stream :meth:`GuildhallState.resample_from_infostate` draws from).

>>> import pyspiel
>>> import guildhall.adapters.openspiel
>>> game = pyspiel.load_game("python_guildhall_guildes", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node()
True
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player(), len(state.information_state_string(0)) < 80
(0, True)

Information-state strings are perfect-recall digests and information-state
tensors the exact perfect-recall record (see :mod:`guildhall.adapters.table`,
:meth:`~guildhall.adapters.table.Table.info_tensor`, docs/adapters.md);
:meth:`GuildhallState.view_text` gives a seat's view as readable text.
Observation tensors follow :meth:`guildhall.adapters.table.Table.tensor`.  OpenSpiel's C++
``ISMCTSBot`` cannot be used on these (or any Python) games: its bridge
never calls Python's ``resample_from_infostate`` and its ``step()`` crashes;
use ``open_spiel.python.algorithms.ismcts.ISMCTSBot``, with
:class:`KernelRolloutEvaluator` for fast playouts.
"""
from __future__ import annotations

from typing import Any, Optional

import numpy as np
import pyspiel

import engine
from engine.core import CHANCE, RETURN_MODES, Game, make_rng
from engine.errors import BadConfig
from engine.registry import default_players
from guildhall.adapters.table import Table

PREFIX = "python_guildhall_"
_DEFAULTS = {"variants": "", "edition": "", "returns": "win", "seed": 0}
MAX_FLAT_JOINT = 1 << 20  # flat joint actions listed at a simultaneous node, at most


def game_name(game: str, simultaneous: bool = False) -> str:
    """The OpenSpiel name of a guildhall game."""
    return PREFIX + game + ("_simultaneous" if simultaneous else "")


def _engine_game(params: dict, name: str) -> Game:
    text = str(params.get("variants", ""))
    if "," in text:  # OpenSpiel game strings split parameters on commas
        raise BadConfig(f"join variants with '+', not ',': {text!r}")
    variants = [v.strip() for v in text.split("+") if v.strip()]
    edition = str(params.get("edition", "")) or None
    # players 0 (the parameter's default): the count the game plays with these variants, as
    # guildhall's own commands choose it (Between Two Cities: 3, or 2 with a two-player variant)
    players = int(params.get("players", 0)) or default_players(engine.game_class(name), variants)
    return engine.make_game(name, players, variants, edition)


class GuildhallGame(pyspiel.Game):
    """One configured guildhall game seen by OpenSpiel."""

    simultaneous: bool = False
    engine_name: str = ""

    def __init__(self, params: Optional[dict] = None) -> None:
        params = dict(params or {})
        self.engine_game = _engine_game(params, self.engine_name)
        self.returns_mode = str(params.get("returns", "win"))
        if self.returns_mode not in RETURN_MODES:
            raise BadConfig(f"returns must be one of {', '.join(RETURN_MODES)}")
        self._rng = make_rng(int(params.get("seed", 0)))
        g = self.engine_game
        info = pyspiel.GameInfo(
            num_distinct_actions=g.kernel.max_moves,
            max_chance_outcomes=g.kernel.max_moves,
            num_players=g.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=g.max_game_length())
        full = {**_DEFAULTS, **params, "players": g.players}  # the count played, not 0
        super().__init__(_game_type(type(self)), info, full)

    def __deepcopy__(self, memo: dict) -> "GuildhallGame":
        # OpenSpiel clones a Python state by deep-copying its attributes; a
        # game is immutable (its kernel a compiled object), so states share it
        return self

    def __reduce__(self) -> tuple:
        return pyspiel.load_game, (self.get_type().short_name, self.get_parameters())

    def new_initial_state(self) -> "GuildhallState":
        return GuildhallState(self, Table(self.engine_game.new_initial_state(0)))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "GuildhallObserver":
        """A seat's own view (``private_info`` of the observing player, public information
        on), with ``perfect_recall`` its whole information state.  Other observation types
        (public information only, every player's private information) and observer
        parameters are refused, as OpenSpiel's built-in observers refuse a type they lack."""
        if params:
            raise ValueError(f"guildhall observers take no parameters, not {params!r}")
        if iig_obs_type is not None and (
                not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError("guildhall observers show one seat's own view: public_info=True and "
                             f"private_info=SINGLE_PLAYER, not {iig_obs_type}")
        perfect = iig_obs_type is not None and iig_obs_type.perfect_recall
        return GuildhallObserver(self, perfect_recall=perfect)

    def next_seed(self) -> int:
        return int(self._rng.next64())


class GuildhallState(pyspiel.State):
    """An OpenSpiel state wrapping a :class:`~guildhall.adapters.table.Table`."""

    def __init__(self, game: GuildhallGame, table: Table) -> None:
        super().__init__(game)
        self._g = game
        self.table = table

    # -- turn -----------------------------------------------------------------
    def current_player(self) -> int:
        movers = self.table.movers()
        if not movers:
            return int(pyspiel.PlayerId.TERMINAL)
        if movers[0] == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if self._g.simultaneous and len(movers) > 1:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return movers[0]

    def _legal_actions(self, player: int) -> list[int]:
        movers = self.table.movers()
        joint = self._g.simultaneous and len(movers) > 1
        if joint and player == pyspiel.PlayerId.SIMULTANEOUS:
            # OpenSpiel's flat joint actions: mixed radix over every seat's legal actions
            count = 1
            for seat in range(self._g.num_players()):
                count *= len(self._legal_actions(seat))
            if count > MAX_FLAT_JOINT:
                raise pyspiel.SpielError(f"{count} joint actions: too many to list; "
                                         "apply_actions takes one action per seat")
            return list(range(count))
        if player not in movers:
            # seats outside a simultaneous step pass with action 0, ignored
            return [0] if joint else []
        return self.table.state.legal_moves(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.table.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        movers = self.table.movers()
        if self._g.simultaneous and len(movers) > 1:
            # a flat joint action (OpenSpiel's FlatJointActionToActions: seat 0 the lowest digit)
            flat, actions = int(action), []
            if not 0 <= flat < len(self._legal_actions(pyspiel.PlayerId.SIMULTANEOUS)):
                raise pyspiel.SpielError(f"joint action {flat} is not legal here")
            for seat in range(self._g.num_players()):
                legal = self._legal_actions(seat)
                actions.append(legal[flat % len(legal)])
                flat //= len(legal)
            self._apply_actions(actions)
            return
        self.table.apply(movers[0], int(action))

    def _apply_actions(self, actions: list[int]) -> None:
        movers = self.table.movers()
        for seat in movers:  # checked as a whole first: an illegal joint action changes nothing
            if not self.table.state.is_legal(seat, int(actions[seat])):
                raise pyspiel.SpielError(f"seat {seat}: action {actions[seat]} is not legal here")
        for seat in movers:
            self.table.apply(seat, int(actions[seat]), check=False)

    def _action_to_string(self, player: int, action: int) -> str:
        seat = CHANCE if player == pyspiel.PlayerId.CHANCE else player
        try:
            return self.table.state.move_to_string(seat, int(action))
        except Exception:  # noqa: BLE001 - a move of another moment may not read now
            return f"#{action}"

    def is_terminal(self) -> bool:
        return not self.table.movers()

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.table.state.players
        return self.table.state.returns(self._g.returns_mode)

    # -- information ------------------------------------------------------------
    def _seat(self, player: Optional[int]) -> int:
        """``player``, or the player to move; a seat, or OpenSpiel's error (chance, terminal,
        a simultaneous node and numbers outside the table are no seat)."""
        seat = self.current_player() if player is None else int(player)
        if not 0 <= seat < self._g.num_players():
            raise pyspiel.SpielError(f"player {seat} is not a seat (0-{self._g.num_players() - 1})")
        return seat

    def information_state_string(self, player: Optional[int] = None) -> str:
        seat = self._seat(player)
        return f"p{seat} " + self.table.info_key(seat).hex()

    def observation_string(self, player: Optional[int] = None) -> str:
        seat = self._seat(player)
        return f"p{seat} " + self.table.observation_key(seat).hex()

    def observation_tensor(self, player: Optional[int] = None) -> list[float]:
        seat = self._seat(player)
        return self.table.tensor(seat).tolist()

    def view_text(self, player: int) -> str:
        """``player``'s view in the engine's drawing (readable, slower than the keys)."""
        return self.table.state.draw(player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> "GuildhallState":
        """A state ``player_id`` cannot tell from this one, through the game's
        determinize.  The draw is seeded by ``probability_sampler``: a Python generator,
        or a callable returning floats in [0, 1) (OpenSpiel's
        ``UniformProbabilitySampler``, C++'s ``std::function<double()>``), two of whose
        draws make the seed; without one, by the game's own seeded stream."""
        if _usable(probability_sampler):
            sampler = probability_sampler
        elif callable(probability_sampler):
            sampler = _seed_from(probability_sampler)
        else:
            sampler = self._g.next_seed()
        return GuildhallState(self._g, self.table.resample(self._seat(player_id), sampler))

    def __str__(self) -> str:
        return self.table.state.draw(None)


def _seed_from(sampler: Any) -> int:
    """64 bits from two draws of a uniform [0, 1) sampler (32 from each)."""
    hi, lo = (min(int(float(sampler()) * 2**32), 2**32 - 1) for _ in range(2))
    return (hi << 32) | lo


def _usable(sampler: Any) -> bool:
    return sampler is not None and any(
        hasattr(sampler, a) for a in ("getrandbits", "integers", "randint", "next64", "random"))


class GuildhallObserver:
    """OpenSpiel's PyObserver: a seat's view (or, with perfect recall, its whole
    information state) as a flat tensor, and a key string.  Layouts: docs/adapters.md."""

    def __init__(self, game: GuildhallGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        table = Table(game.engine_game.new_initial_state(0))
        base = table.tensor_size()
        self.tensor = np.zeros(table.info_tensor_size() if perfect_recall else base, np.float32)
        n, words = game.engine_game.players, (base - 2 * game.engine_game.players) // 2
        self.dict = {"player": self.tensor[:n], "chosen": self.tensor[n:2 * n],
                     "view": self.tensor[2 * n:2 * n + words], "known": self.tensor[2 * n + words:base]}
        if perfect_recall:
            length = game.engine_game.max_game_length()
            self.dict["moves"] = self.tensor[base:base + 3 * length].reshape(length, 3)
            self.dict["changes"] = self.tensor[base + 3 * length:].reshape(-1, 2)

    def set_from(self, state: GuildhallState, player: int) -> None:
        if self.perfect_recall:
            state.table.info_tensor(player, self.tensor)
        else:
            state.table.tensor(player, self.tensor)

    def string_from(self, state: GuildhallState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


class KernelRolloutEvaluator:
    """An MCTS/ISMCTS evaluator whose playouts run in the game's kernel.

    Drop-in for ``open_spiel.python.algorithms.mcts.RandomRolloutEvaluator``
    on guildhall games (hundreds of times faster than a Python playout).
    """

    def __init__(self, n_rollouts: int = 1, seed: Optional[int] = None) -> None:
        self.n_rollouts = n_rollouts
        self._rng = make_rng(seed)

    def evaluate(self, state: GuildhallState) -> np.ndarray:
        st = state.table.state
        total = np.zeros(st.players)
        for _ in range(self.n_rollouts):
            total += st.rollout(self._rng, state._g.returns_mode)
        return total / self.n_rollouts

    def prior(self, state: GuildhallState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def _game_type(cls: type) -> "pyspiel.GameType":
    g = engine.game_class(cls.engine_name)
    return pyspiel.GameType(
        short_name=game_name(g.name, cls.simultaneous),
        long_name=f"guildhall {g.title}" + (" (simultaneous)" if cls.simultaneous else ""),
        dynamics=(pyspiel.GameType.Dynamics.SIMULTANEOUS if cls.simultaneous
                  else pyspiel.GameType.Dynamics.SEQUENTIAL),
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=g.max_players,
        min_num_players=g.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        # 0: the count the game plays with its variants (Between Two Cities' 2 players need one)
        parameter_specification={"players": 0, **_DEFAULTS})


def register_all() -> list[str]:
    """Register every guildhall game (both forms) with pyspiel; return the names."""
    names = []
    known = set(pyspiel.registered_names())
    for name in engine.games():
        for simultaneous in (False, True):
            cls = type(f"Guildhall_{name}{'_sim' if simultaneous else ''}", (GuildhallGame,),
                       {"engine_name": name, "simultaneous": simultaneous})
            short = game_name(name, simultaneous)
            globals()[cls.__name__] = cls  # picklable by name
            if short not in known:
                pyspiel.register_game(_game_type(cls), cls)
            names.append(short)
    return names


REGISTERED = register_all()

__all__ = ["GuildhallGame", "GuildhallState", "GuildhallObserver", "KernelRolloutEvaluator",
           "REGISTERED", "game_name", "register_all"]
