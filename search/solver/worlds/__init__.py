"""Every world consistent with a seat's view, with its probability: the information set.

``worlds(view, seat, limit)`` lists the full states a seat cannot tell apart
from its view, each with its probability under the game's chance model
(uniform deals of the unseen cards) -- not estimated from draws.  One module
per game (``search/solver/worlds/<game>.py``), written from the engine's
public state API and the hidden fields documented in ``docs/games/<game>.md``
("What each seat knows"); every world is checked to give back the view
(``world.observe(seat) == view``).

Two worlds that differ only in fields no later rule reads (a game module's
``masked(view)``: e.g. discards that are never looked at again, or the
deck once nothing more is dealt) are one world, their probabilities added;
:func:`world_key` is that identity.  Views with more than ``limit`` worlds,
and positions an enumerator does not cover (it says why), are refused with
:class:`WorldsUnavailable` (a :class:`SearchError`).
"""
from __future__ import annotations

import importlib
import inspect
import time
from math import factorial
from typing import Iterator

import numpy as np

from engine.core import DEALER, OBSERVER, State
from search.api import SearchError

ENUMERATED = ("walled_city", "city_and_guilds", "guildes", "between_two_cities")  # games with an enumerator


class WorldsUnavailable(SearchError):
    """The view's worlds cannot be listed exactly (no enumerator, or over the limit)."""

    kind = "worlds-unavailable"


def worlds(view: State, seat: int, limit: int = 2000, deadline: float | None = None) -> list[tuple[State, float]]:
    """Every full state consistent with ``seat``'s view and its probability (summing to 1),
    most probable first (ties in enumeration order).  Past ``deadline`` (``time.perf_counter``)
    the listing stops with :class:`~search.solver.exact.SolverLimit` (Guildes' walk can take
    a second before it refuses a view)."""
    if view.observer is None:
        view = view.observe(seat)
    elif view.observer != seat:
        raise SearchError(f"this is seat {view.observer}'s view, not seat {seat}'s")
    name = view.game.name
    if name not in ENUMERATED:
        raise WorldsUnavailable(
            f"no exact enumeration of {name} worlds; "
            "use distinct worlds (sampled) instead")
    module = importlib.import_module(f"search.solver.worlds.{name}")
    hide = _masked(module, view)
    if hasattr(module, "at_least") and module.at_least(view, seat) > limit:
        raise WorldsUnavailable(f"the view has more than {limit} worlds")  # known before listing them
    found: dict[bytes, list] = {}
    takes = inspect.signature(module.deals).parameters
    extra = {k: v for k, v in (("limit", limit), ("deadline", deadline)) if k in takes}
    for buf, p in module.deals(view, seat, **extra):
        out_of_time(deadline)
        if p <= 0.0:
            continue
        buf[OBSERVER] = 0
        buf[DEALER] = 0
        key = _key(view.game, buf, hide)
        if key in found:
            found[key][1] += p  # two deals that read the same (e.g. orientation of a symmetric card)
        else:
            if len(found) >= limit:
                raise WorldsUnavailable(f"the view has more than {limit} worlds")
            found[key] = [buf, p]
    total = sum(p for _, p in found.values())
    out = [(State(view.game, buf), p / total) for buf, p in found.values()]
    out.sort(key=lambda wp: -wp[1])
    for w, _ in out:
        if not np.array_equal(w.observe(seat).buf, view.buf):
            raise AssertionError(f"an enumerated {name} world does not give back the view")  # a bug here
    return out


def out_of_time(deadline: float | None) -> None:
    """Raise :class:`~search.solver.exact.SolverLimit` once ``deadline`` has passed."""
    if deadline is not None and time.perf_counter() >= deadline:
        from search.solver.exact import SolverLimit

        raise SolverLimit("the solver ran out of time listing the view's worlds")


def world_key(world: State, view: State) -> bytes:
    """What tells two worlds of ``view`` apart: the full state less the dealer seed and the
    fields no later rule reads (the game module's ``masked``)."""
    module = importlib.import_module(f"search.solver.worlds.{view.game.name}")
    buf = world.buf.copy()
    buf[OBSERVER] = 0
    buf[DEALER] = 0
    return _key(view.game, buf, _masked(module, view))


def _masked(module, view: State) -> tuple[str, ...]:
    return tuple(module.masked(view)) if hasattr(module, "masked") else ()


def _key(game, buf: np.ndarray, hide: tuple[str, ...]) -> bytes:
    if not hide:
        return buf.tobytes()
    b = buf.copy()
    for name in hide:
        game.layout.view(b, name)[...] = 0
    return b.tobytes()


def arrangements(counts: dict[int, int], slots: int) -> Iterator[tuple[tuple[int, ...], dict[int, int], float]]:
    """Deal ``slots`` ordered cards from a shuffled multiset (kind -> copies): each distinct
    sequence of kinds, the kinds left, and its probability (``n_k! / (n_k - s_k)!`` ways per
    kind over ``n! / (n - m)!``)."""
    n = sum(counts.values())
    if slots > n:
        return
    kinds = sorted(k for k, c in counts.items() if c > 0)

    def rec(prefix: tuple[int, ...], left: dict[int, int]):
        if len(prefix) == slots:
            yield prefix, left
            return
        for k in kinds:
            if left.get(k, 0) > 0:
                nxt = dict(left)
                nxt[k] -= 1
                yield from rec(prefix + (k,), nxt)

    denom = factorial(n) // factorial(n - slots)
    for seq, left in rec((), dict(counts)):
        ways = 1
        for k in kinds:
            used = counts[k] - left.get(k, 0)
            ways *= factorial(counts[k]) // factorial(counts[k] - used)
        yield seq, {k: c for k, c in left.items() if c > 0}, ways / denom
