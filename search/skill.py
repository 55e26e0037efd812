"""Skill levels: any player made weaker on purpose, from beginner (0) to full strength (20).

A level below 20 caps the search's iterations and then, instead of the most
visited root move, draws a move with probability proportional to
``visits ** (1 / T)`` -- a softmax over the log of the root visits at
temperature ``T`` (AlphaZero's move temperature); ``T = 0`` is the most visited
move.  Level 20 changes nothing.

A level below 20 is not told the moves played (``observe_move``), so it keeps no
tree between its decisions, as when its Elo was measured.  It also searches with
the preset its game's levels were calibrated with (``skill.preset`` in the preset
file, the ``skill`` preset of :func:`search.presets.options_for`) unless the
player was given a preset: a default that plays much better per iteration (the
kernel heuristics) would otherwise put every level far above its measured Elo.
The calibration is per preset, not per player count: a file's
``default_by_players`` entries do not change the preset a level searches with.

    level  0: 8 iterations, T = 1      level 10: 256 iterations, T = 0
    level  4: 32 iterations, T = 0.5   level 16: 2048 iterations, T = 0
    each level doubles the iterations of the level two below; T falls to 0 at level 8.

Named levels mean the same strength in every game: ``easy``, ``medium`` and
``hard`` are the levels whose measured Elo above the uniformly random player
(``skill.elo`` in the game's preset file, written by ``bench/ladder.py
--write-skill``; docs/strength.md) lies closest to :data:`NAMED_ELO`; a game
without a calibration uses :data:`FALLBACK_LEVELS`.  Where no calibrated level
reaches the ``hard`` Elo and two names would fall on one level (Between Two
Cities: its strongest levels measure about 400 Elo), the three targets shrink in
proportion to the strongest level measured (:func:`named_levels`), so the
names stay three steps of that game's range.

>>> skill_settings(0), skill_settings(10), skill_settings(20)
((8, 1.0), (256, 0.0), (None, 0.0))
>>> level_of("hard", "guildes") in range(21), level_of("7", "guildes")
(True, 7)
>>> import engine
>>> from engine.perft import play_to_decision
>>> from search.api import Limits, make_player
>>> s = play_to_decision(engine.make("guildes", players=4, seed=1), 1)
>>> p = with_skill(make_player("ismcts", seed=3), 2)
>>> p.choose(s, 0, Limits(iterations=1000)) in s.legal_moves(0), p.last_info.iterations
(True, 16)
"""
from __future__ import annotations

import math
import threading
from dataclasses import replace
from typing import Optional

from engine.core import State
from engine.errors import BadConfig
from search.api import InfoCallback, Limits, Player, SearchInfo, SearchSettings, SettingsHook, settings_of

SKILL_MAX = 20
NAMED_ELO = {"easy": 150.0, "medium": 400.0, "hard": 700.0}  # Elo above the random player
FALLBACK_LEVELS = {"easy": 4, "medium": 10, "hard": 15}


def skill_settings(level: int) -> tuple[Optional[int], float]:
    """(iteration cap or None, temperature) of ``level``."""
    if not isinstance(level, int) or isinstance(level, bool) or not 0 <= level <= SKILL_MAX:
        raise BadConfig(f"skill must be an integer in [0, {SKILL_MAX}] or easy, medium, hard, full, not {level!r}")
    if level == SKILL_MAX:
        return None, 0.0
    return round(8 * 2 ** (level / 2)), max(0.0, (8 - level) / 8)


def calibration(game: str) -> dict[int, float]:
    """Measured Elo of each calibrated level of ``game`` above the random player (may be empty),
    made non-decreasing in the level (pool-adjacent-violators): a higher level never plays
    weaker, so a dip is measurement noise.

    >>> monotone([34.0, 157.0, 38.0, 213.0])
    [34.0, 97.5, 97.5, 213.0]
    """
    from search.presets import load

    table = load(game).get("skill", {}).get("elo", {})
    levels = sorted(int(k) for k in table)
    return dict(zip(levels, monotone([float(table[str(lv)]) for lv in levels])))


def monotone(values: list[float]) -> list[float]:
    """The least-squares non-decreasing fit of ``values`` (equal weights)."""
    blocks: list[list[float]] = []  # [mean, count]
    for v in values:
        blocks.append([v, 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            m2, c2 = blocks.pop()
            m1, c1 = blocks.pop()
            blocks.append([(m1 * c1 + m2 * c2) / (c1 + c2), c1 + c2])
    return [m for m, c in blocks for _ in range(int(c))]


def level_of(text: str | int, game: str) -> int:
    """A level from a number or a name (``easy``, ``medium``, ``hard``, ``full``) for ``game``."""
    if isinstance(text, int) and not isinstance(text, bool):
        skill_settings(text)
        return text
    word = str(text).strip().lower()
    if word == "full":
        return SKILL_MAX
    if word in NAMED_ELO:
        elo = calibration(game)
        if not elo:
            return FALLBACK_LEVELS[word]
        return named_levels(elo)[word]
    try:
        level = int(word)
    except ValueError:
        raise BadConfig(f"skill must be 0-{SKILL_MAX} or easy, medium, hard, full, not {text!r}") from None
    skill_settings(level)
    return level


def named_levels(elo: dict[int, float]) -> dict[str, int]:
    """The level of each name on a (non-empty) calibration: nearest to :data:`NAMED_ELO`.

    If no level reaches the ``hard`` Elo and two names would share a level, the
    targets shrink in proportion to the strongest level, so the names stay three
    steps of the range the game's search reaches.

    >>> named_levels({2: -100.0, 6: 0.0, 8: 50.0, 10: 133.0, 12: 233.0})
    {'easy': 8, 'medium': 10, 'hard': 12}
    """
    def nearest(scale: float) -> dict[str, int]:
        return {name: min(elo, key=lambda lv: (abs(elo[lv] - target * scale), lv))
                for name, target in NAMED_ELO.items()}

    picks = nearest(1.0)
    top = max(elo.values())
    if len(set(picks.values())) < len(picks) and 0 < top < NAMED_ELO["hard"]:
        picks = nearest(top / NAMED_ELO["hard"])
    return picks


class SkillPlayer(Player):
    """``inner`` at skill ``level``: capped iterations, a move drawn from the root visits.

    The wrapper's decision is :meth:`Player.choose`'s; its search is the inner player's
    under the cap, and its settings the inner player's at the capped limits with the
    level, cap and temperature added."""

    def __init__(self, inner: Player, level: int, seed: Optional[int] = None) -> None:
        super().__init__(seed if seed is not None else inner.seed)
        self.inner, self.level = inner, level
        self.cap, self.temperature = skill_settings(level)
        self.name = inner.name
        if self.cap is not None and hasattr(inner, "prefer_preset") and "preset" in inner.options:
            inner.prefer_preset("skill")  # the setting the levels' Elo was measured with
        if hasattr(inner, "fallback_cap"):
            inner.fallback_cap = self.cap  # a search run inside the inner's decision plays at this level too

    def new_game(self) -> None:
        self.inner.new_game()

    def observe_move(self, state: State, seat: int, move: int) -> None:
        # a level below 20 plays as it was calibrated: a fresh tree at each decision (no level's
        # Elo was measured with a tree kept between decisions, which plays more per iteration)
        if self.cap is None:
            self.inner.observe_move(state, seat, move)

    def close(self) -> None:
        self.inner.close()

    def hand_over(self, successor: Player) -> None:
        self.inner.hand_over(successor)

    @property
    def on_settings(self) -> Optional[SettingsHook]:
        return self._on_settings

    @on_settings.setter
    def on_settings(self, hook: Optional[SettingsHook]) -> None:
        # the inner player says the settings of a search it runs inside its own decision
        # (the solver's fallback) through its hook: they run under this level too
        self._on_settings = hook
        self.inner.on_settings = None if hook is None else (lambda s: hook(self.leveled(s)))

    _on_settings: Optional[SettingsHook] = None

    def capped(self, limits: Limits) -> Limits:
        """``limits`` with the level's iteration cap (none under ``infinite``)."""
        if self.cap is None or limits.infinite:
            return limits
        its = self.cap if limits.iterations is None else min(self.cap, limits.iterations)
        return replace(limits, iterations=its)

    def leveled(self, settings: SearchSettings) -> SearchSettings:
        return replace(settings, skill=self.level, cap=self.cap, temperature=self.temperature)

    def settings(self, game: str, limits: Limits, players: Optional[int] = None) -> SearchSettings:
        return self.leveled(settings_of(self.inner, game, self.capped(limits), players))

    def search(self, view: State, seat: int, limits: Limits, on_info: Optional[InfoCallback],
               stop: threading.Event) -> SearchInfo:
        info = self.inner.search(view, seat, self.capped(limits), on_info, stop)
        if self.temperature > 0:
            # the same object, drawn move set: a frontend that reported this search's final
            # statistics (the info callback's last object) must see it as reported already
            info.best = self.draw(info, info.best)
        return info

    def draw(self, info: SearchInfo, best: int) -> int:
        """A root move drawn with weight ``visits ** (1/T)`` (the inner best if nothing was visited)."""
        moves = [m for m in info.moves if m.visits > 0]
        if not moves:
            return best
        top = max(m.visits for m in moves)
        # relative to the top count, so 1/T up to 1e3 cannot overflow
        weights = [math.exp(math.log(m.visits / top) / self.temperature) for m in moves]
        x = self.rng.random() * sum(weights)
        for m, w in zip(moves, weights):
            x -= w
            if x < 0:
                return m.move
        return moves[-1].move


def with_skill(player: Player, level: int) -> Player:
    """``player`` itself at full strength, else wrapped at ``level``."""
    cap, _ = skill_settings(level)
    return player if cap is None else SkillPlayer(player, level)
