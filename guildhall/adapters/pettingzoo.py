"""guildhall's games as PettingZoo AEC environments (extra ``[pettingzoo]``).

One agent per seat (``seat_0`` ...).  Chance is resolved inside the
environment with its seeded generator; a simultaneous step is played as
consecutive hidden turns, lowest owing seat first, each choice hidden from
the others until the step resolves (who has chosen is public).  An
observation is ``{"observation": float32 view, "action_mask": int8}``: the
seat's view in the layout of :meth:`guildhall.adapters.table.Table.tensor`
and the legal moves.  Rewards come at the end: each seat's win share (or
``returns="rank"`` / ``"score"``, see :meth:`engine.core.State.returns`).

>>> from guildhall.adapters.pettingzoo import env
>>> e = env("city_and_guilds", players=3)
>>> e.reset(seed=1)
>>> e.agent_selection, e.observe("seat_0")["action_mask"].dtype
('seat_0', dtype('int8'))
>>> final = {}
>>> while e.agents:
...     obs, reward, done, cut, info = e.last()
...     if done:
...         final[e.agent_selection] = reward
...     e.step(None if done else int(e.action_space(e.agent_selection).sample(obs["action_mask"])))
>>> sorted(final), sum(final.values())
(['seat_0', 'seat_1', 'seat_2'], 1.0)
"""
from __future__ import annotations

from typing import Any, Optional, Sequence, Union

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import engine
from engine.core import CHANCE, RETURN_MODES, make_rng
from engine.errors import BadConfig, IllegalMove
from guildhall.adapters.table import Table

_BOUND = float(2 ** 31)


class GuildhallEnv(AECEnv):
    """One configured guildhall game as an AEC environment."""

    metadata = {"render_modes": ["ansi"], "name": "guildhall_v0", "is_parallelizable": False}

    def __init__(self, game: str, players: Optional[int] = None, variants: Union[str, Sequence[str]] = (),
                 edition: Optional[str] = None, returns: str = "win",
                 render_mode: Optional[str] = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise BadConfig(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if returns not in RETURN_MODES:
            raise BadConfig(f"returns must be one of {', '.join(RETURN_MODES)}")
        if isinstance(variants, str):  # "events" or "events+tricks", as the OpenSpiel parameter
            variants = [v.strip() for v in variants.split("+") if v.strip()]
        self.game = engine.make_game(game, players, variants, edition)
        self.returns_mode = returns
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"guildhall_{self.game.name}_v0")
        n = self.game.players
        self.possible_agents = [f"seat_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        size = Table(self.game.new_initial_state(0)).tensor_size()
        moves = self.game.kernel.max_moves
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(-_BOUND, _BOUND, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (moves,), np.int8),
        })
        self._act_space = spaces.Discrete(moves)
        self.table: Optional[Table] = None
        self._rng = make_rng(None)

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    # -- episode ----------------------------------------------------------------------
    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is not None:  # Gymnasium: without a seed the generator already made goes on
            self._rng = make_rng(seed)
        self.table = Table(self.game.new_initial_state(0))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._play_chance()
        self._select()

    def _play_chance(self) -> None:
        st = self.table.state
        while st.to_move() == (CHANCE,):
            self.table.apply(CHANCE, st.sample_chance(self._rng), check=False)

    def _select(self) -> None:
        movers = self.table.movers()
        if movers:
            self.agent_selection = self.possible_agents[movers[0]]
            return
        final = self.table.state.returns(self.returns_mode)
        for a in self.agents:
            self.rewards[a] = float(final[self._seat[a]])
            self.terminations[a] = True
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        if action is None or not self.table.state.is_legal(seat, int(action)):
            raise IllegalMove(f"{agent}: action {action} is not legal here (see the action mask)")
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        self.table.apply(seat, int(action), check=False)
        self._play_chance()
        self._select()

    # -- what an agent sees -----------------------------------------------------------
    def observe(self, agent: str) -> dict:
        seat = self._seat[agent]
        mask = np.zeros(self._act_space.n, dtype=np.int8)
        if seat in self.table.movers():
            mask[self.table.state.legal_moves(seat)] = 1
        return {"observation": self.table.tensor(seat), "action_mask": mask}

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        return self.table.state.draw(None)

    def close(self) -> None:
        pass


def env(game: str, **kwargs: Any) -> GuildhallEnv:
    """An AEC environment of ``game`` (``players``, ``variants``, ``edition``, ``returns``,
    ``render_mode`` as keywords)."""
    return GuildhallEnv(game, **kwargs)


__all__ = ["GuildhallEnv", "env"]
