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

A file may also name a default per number of seats:
``"default_by_players": {"7": "bias-1.0"}`` next to ``default``.  A search of a
game with N seats resolves ``default`` to the entry for N where there is one,
else to ``default`` (session 13: at equal time the stronger setting of a game
can depend on the table size, docs/strength.md, "A default per player count").
Keys are decimal seat counts from 1 to 99, values presets the file holds (or
``none``); a bad entry is a BadConfig when the file is read, whatever the
table.  ``skill`` does not follow it: the skill levels were calibrated with one
preset (``skill.preset``, else the file's ``default``), whatever the table.
Calls with no ``players`` (None) get the file's ``default``.

>>> sorted(preset_names("guildes"))[:1]
['builtin']
>>> options_for("guildes", "none")
{}
>>> isinstance(options_for("guildes"), dict)
True
>>> options_for("guildes", "none", budget=1600)
{}
>>> resolve("guildes", players=5) == resolve("guildes")  # no guildes entry for 5
True
>>> resolve("guildes", players=6)  # session 24: a near-flat tree at a time limit
'heuristic-6p-k1000-100ms'
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
    check_default_by_players(data, path)
    _CACHE[path] = (mtime, data)
    return data


def check_default_by_players(data: dict, path: str) -> None:
    """Refuse a malformed ``default_by_players`` of the file read from ``path`` (a
    BadConfig naming the entry): checked on reading, so a 7-player entry that names
    no preset fails the first search of any table, not the first 7-player one."""
    table = data.get("default_by_players", {})
    if not isinstance(table, dict):
        raise BadConfig(f"preset file {path}: 'default_by_players' must be an object")
    for key, name in table.items():
        # the canonical decimal form only: a search looks its count up as str(players), so
        # "07", " 7" or "7.0" would be an entry no table ever meets
        if not (isinstance(key, str) and key.isdigit() and key.isascii() and key[0] != "0" and 1 <= int(key) <= 99):
            raise BadConfig(f"preset file {path}: default_by_players key {key!r} is not a number of "
                            f"players (an integer from 1 to 99)")
        if not (isinstance(name, str) and (name == "none" or name in data["presets"])):
            raise BadConfig(f"preset file {path}: default_by_players {key!r} names {name!r}, not a preset "
                            f"of the file (presets: {', '.join(['none', *data['presets']])})")


def default_at(game: str, players: Optional[int], folder: Optional[str] = None) -> Optional[str]:
    """The preset ``game``'s file makes the default at ``players`` seats, None where it
    names none (then ``default`` is the file's ``default``)."""
    if players is None:
        return None
    return load(game, folder).get("default_by_players", {}).get(str(players))


def preset_names(game: str) -> list[str]:
    return list(load(game)["presets"])


def summary(game: str, folder: Optional[str] = None) -> str:
    """``game``'s default, its defaults per player count and its presets, in one line
    (``guildhall info``).

    >>> summary("walled_city").startswith("default ")
    True
    """
    data = load(game, folder)
    parts = [f"default {data.get('default', 'none')}"]
    by_count = data.get("default_by_players", {})
    parts += [f"at {n} players {by_count[n]}" for n in sorted(by_count, key=int)]
    names = ", ".join(data["presets"]) or "none"
    return "; ".join(parts) + f"; in the file: {names}"


def options_for(game: str, name: str = "default", folder: Optional[str] = None,
                budget: Optional[int] = None, players: Optional[int] = None) -> dict[str, Any]:
    """The options of preset ``name`` for ``game`` at ``budget`` iterations per
    decision (None: no iteration limit, the plain options) and ``players`` seats;
    ``default`` follows the file's choice (its entry for that count, where it names
    one), ``none`` is the built-in defaults ({}), ``skill`` the preset the skill
    levels were calibrated with (``skill.preset``; the file's ``default`` where none
    is named)."""
    opts, steps = budget_steps(game, name, folder, players)
    if budget is not None:
        for at, extra in steps:
            if at <= budget:
                opts.update(extra)
    return opts


def resolve(game: str, name: str = "default", folder: Optional[str] = None,
            players: Optional[int] = None) -> str:
    """The preset ``name`` stands for in ``game``'s file at ``players`` seats: ``default``
    follows the file (its ``default_by_players`` entry for that count, else ``default``;
    ``none``: the built-in defaults); ``skill`` follows ``skill.preset`` (the file's
    ``default`` where it names none or names ``default``: the calibration is per
    preset, not per count); any other name is itself."""
    data = load(game, folder)
    if name == "skill":
        name = data.get("skill", {}).get("preset", "default")
        players = None  # a level's Elo was measured with one preset, at every table
    if name == "default":
        name = default_at(game, players, folder) or data.get("default", "none")
    return name


def budget_steps(game: str, name: str = "default", folder: Optional[str] = None,
                 players: Optional[int] = None) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]:
    """Preset ``name``'s plain options (``default`` at ``players`` seats, as :func:`resolve`)
    and its ``by_budget`` entries as ``(budget, options)`` sorted by budget; a malformed
    entry is a BadConfig."""
    name = resolve(game, name, folder, players)
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


def check_save(game: str, name: str, folder: Optional[str] = None,
               default_players: Optional[int] = None) -> str:
    """What :func:`save` would refuse, checked before the work whose result it writes (a tune
    plays its games first): the name, the count, a broken file, a folder that cannot be made or
    written.  Returns the file's path."""
    if name in ("default", "none", "skill") or not name or any(c.isspace() for c in name):
        raise BadConfig(f"a preset cannot be called {name!r}")
    if default_players is not None and not (isinstance(default_players, int) and 1 <= default_players <= 99):
        raise BadConfig(f"a default per player count needs a count from 1 to 99, not {default_players!r}")
    load(game, folder)  # a broken file is refused here
    path = path_for(game, folder)
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path + ".tmp", "w", encoding="utf-8"):
            pass
        os.remove(path + ".tmp")
    except OSError as exc:
        raise BadConfig(f"cannot write the preset file {path}: {exc.strerror or exc}") from None
    return path


def save(game: str, name: str, options: dict, about: dict, make_default: bool,
         folder: Optional[str] = None, default_players: Optional[int] = None) -> str:
    """Add (or replace) preset ``name`` for ``game``; ``make_default``: make it the file's
    ``default``; ``default_players``: the default at that many seats only (its
    ``default_by_players`` entry); returns the file written."""
    check_save(game, name, folder, default_players)
    data = json.loads(json.dumps(load(game, folder)))  # a copy: the cache stays as read
    data["game"] = game
    data["presets"][name] = {"options": options, **about}
    if make_default:
        data["default"] = name
    if default_players is not None:
        table = data.setdefault("default_by_players", {})
        table[str(default_players)] = name
        data["default_by_players"] = dict(sorted(table.items(), key=lambda kv: int(kv[0])))
    path = path_for(game, folder)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, sort_keys=False)
        f.write("\n")
    os.replace(tmp, path)  # a reader never sees half a file
    return path
