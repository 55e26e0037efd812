"""Named ISMCTS settings per game, read from ``search/presets/<game>.json``.

A preset file holds named option sets and says which one is the game's
default; ``guildhall tune`` writes new ones.  An ISMCTS player takes, for every
option it was not given explicitly, the value of its ``preset`` (``default``:
the file's default preset; ``none``: the built-in defaults).  The file may
also keep how a preset was found and the skill calibration.

A preset may also say options that apply from an iteration budget up:
``"by_budget": {"1600": {"exploration": 1.4}}`` next to its ``options``.  At
a search limited to I iterations per decision, every entry whose budget is
at most I is laid over the options, smallest budget first (so the largest
such budget wins a key set twice).  The ruling for searches with no
iteration limit: a budget entry applies only to a search whose ``iterations``
limit (or, with no limit at all, the 1000-iteration fallback) reaches it; a
search limited only by time or node visits uses the plain ``options``, since
how many iterations a second buys changes with the machine and its load, and
a preset's choice must not.

>>> sorted(preset_names("guildes"))[:1]
['builtin']
>>> options_for("guildes", "none")
{}
>>> isinstance(options_for("guildes"), dict)
True
>>> options_for("guildes", "none", budget=1600)
{}
"""
from __future__ import annotations

import json
import os
from typing import Any, Optional

from engine.errors import BadConfig

PRESET_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "presets")
_CACHE: dict[str, tuple[float, dict]] = {}


def path_for(game: str, folder: Optional[str] = None) -> str:
    return os.path.join(folder or PRESET_DIR, f"{game}.json")


def load(game: str, folder: Optional[str] = None) -> dict:
    """The preset file of ``game`` (an empty one if there is none); cached until the file changes."""
    path = path_for(game, folder)
    try:
        mtime = os.path.getmtime(path)
    except OSError:
        return {"game": game, "default": "none", "presets": {}}
    hit = _CACHE.get(path)
    if hit is not None and hit[0] == mtime:
        return hit[1]
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        if not isinstance(data, dict) or not isinstance(data.get("presets"), dict):
            raise ValueError("no 'presets' object")
    except (OSError, ValueError) as exc:
        raise BadConfig(f"preset file {path} is broken: {exc}") from None
    _CACHE[path] = (mtime, data)
    return data


def preset_names(game: str) -> list[str]:
    return list(load(game)["presets"])


def options_for(game: str, name: str = "default", folder: Optional[str] = None,
                budget: Optional[int] = None) -> dict[str, Any]:
    """The options of preset ``name`` for ``game`` at ``budget`` iterations per
    decision (None: no iteration limit, the plain options); ``default`` follows
    the file's choice, ``none`` is the built-in defaults ({}), ``skill`` the preset
    the skill levels were calibrated with (``skill.preset``; the default where none
    is named)."""
    opts, steps = budget_steps(game, name, folder)
    if budget is not None:
        for at, extra in steps:
            if at <= budget:
                opts.update(extra)
    return opts


def resolve(game: str, name: str = "default", folder: Optional[str] = None) -> str:
    """The preset ``name`` stands for in ``game``'s file: ``skill`` and ``default``
    follow the file (``none``: the built-in defaults); any other name is itself."""
    data = load(game, folder)
    if name == "skill":
        name = data.get("skill", {}).get("preset", "default")
    if name == "default":
        name = data.get("default", "none")
    return name


def budget_steps(game: str, name: str = "default", folder: Optional[str] = None
                 ) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]:
    """Preset ``name``'s plain options and its ``by_budget`` entries as
    ``(budget, options)`` sorted by budget; a malformed entry is a BadConfig."""
    name = resolve(game, name, folder)
    if name == "none":
        return {}, []
    presets = load(game, folder)["presets"]
    if name not in presets:
        raise BadConfig(f"no preset {name!r} for {game} (presets: {', '.join(['none', *presets])})")
    opts = presets[name].get("options", {})
    if not isinstance(opts, dict):
        raise BadConfig(f"preset {name!r} for {game}: 'options' must be an object")
    by_budget = presets[name].get("by_budget", {})
    if not isinstance(by_budget, dict):
        raise BadConfig(f"preset {name!r} for {game}: 'by_budget' must be an object")
    steps = []
    for key, extra in by_budget.items():
        # decimal digits only: "1e3", " 400" or "-1" would read as a budget nobody meant
        if not (isinstance(key, str) and key.isdigit() and key.isascii() and 1 <= int(key) <= 10**9):
            raise BadConfig(f"preset {name!r} for {game}: by_budget key {key!r} is not an "
                            f"iteration budget (an integer from 1 to 1000000000)")
        if not isinstance(extra, dict):
            raise BadConfig(f"preset {name!r} for {game}: by_budget {key!r} must be an object of options")
        steps.append((int(key), dict(extra)))
    steps.sort(key=lambda st: st[0])
    if len({at for at, _ in steps}) != len(steps):
        raise BadConfig(f"preset {name!r} for {game}: by_budget names one budget twice")
    return dict(opts), steps


def save(game: str, name: str, options: dict, about: dict, make_default: bool,
         folder: Optional[str] = None) -> str:
    """Add (or replace) preset ``name`` for ``game``; returns the file written."""
    if name in ("default", "none") or not name or any(c.isspace() for c in name):
        raise BadConfig(f"a preset cannot be called {name!r}")
    data = json.loads(json.dumps(load(game, folder)))  # a copy: the cache stays as read
    data["game"] = game
    data["presets"][name] = {"options": options, **about}
    if make_default:
        data["default"] = name
    path = path_for(game, folder)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, sort_keys=False)
        f.write("\n")
    os.replace(tmp, path)  # a reader never sees half a file
    return path
