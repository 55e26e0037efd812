"""Engine options: the protocol's own, plus every option the players declare.

Names are matched case-insensitively and never contain spaces.  A player's
option (from ``Player.options``, name -> default) is declared from its
``Player.option_meta``: a set of words -> combo, an int range -> spin with
that min and max; otherwise from its default: bool -> check, int -> spin,
a number -> string (a finite number), a word -> string.  Values are checked
when set: a value the owning players would refuse is refused at ``setoption``.

>>> opts = engine_options()
>>> opts["omniscient"].line()
'option name Omniscient type check default false'
>>> opts["seed"].set("7"); opts["seed"].value
7
>>> opts["tree"].line()
'option name tree type combo default so var so var mo var det'
>>> opts["exploration"].set("nan")
Traceback (most recent call last):
...
guildhall.protocol.ProtocolError: option exploration takes a number, not 'nan'
>>> opts["exploration"].set("1e999")
Traceback (most recent call last):
...
guildhall.protocol.ProtocolError: option exploration takes a finite number, not '1e999'
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Optional

from guildhall.protocol import DECIMAL, ProtocolError, parse_int, short
from search.api import ascii_number

# the engine a session starts with: the strongest one registered
PREFERRED_ENGINES = ("ismcts", "pimc", "flatmc", "greedy", "random")
SPIN_LIMIT = 1_000_000_000


@dataclass
class Option:
    name: str
    type: str  # check | spin | combo | string | button
    default: Any
    min: Optional[int] = None
    max: Optional[int] = None
    choices: tuple[str, ...] = ()
    lo: Optional[float] = None  # range of a number kept as a string option
    hi: Optional[float] = None
    player: Optional[str] = None  # the player(s) that own it; None: the protocol's own
    value: Any = field(default=None)
    user_set: bool = False  # players get only the options a frontend set (else their own defaults)

    def __post_init__(self) -> None:
        if self.value is None:
            self.value = self.default

    def line(self) -> str:
        """The ``option ...`` line of the handshake."""
        parts = [f"option name {self.name} type {self.type}"]
        if self.type != "button":
            parts.append(f"default {render(self.default)}")
        if self.type == "spin":
            parts.append(f"min {self.min} max {self.max}")
        parts.extend(f"var {c}" for c in self.choices)
        return " ".join(parts)

    def set(self, text: Optional[str]) -> None:
        """Set from the ``value`` text of ``setoption``; ProtocolError if it does not fit."""
        text = (text or "").strip()
        if self.type == "button":
            return
        if self.type == "check":
            low = text.lower()
            if low not in ("true", "false"):
                raise ProtocolError(f"option {self.name} takes true or false, not {text!r}")
            self.value = low == "true"
        elif self.type == "spin":
            if not DECIMAL.fullmatch(text):
                raise ProtocolError(f"option {self.name} takes an integer, not {short(text)!r}")
            self.value = parse_int(text, f"option {self.name}", self.min, self.max)
        elif self.type == "combo":
            hits = [c for c in self.choices if c.lower() == text.lower()]
            if not hits:
                raise ProtocolError(f"option {self.name} takes one of {', '.join(self.choices)}")
            self.value = hits[0]
        elif isinstance(self.default, float):
            if not ascii_number(text):  # ASCII decimals only, as a spin's integer (float() takes '1_0', 'inf')
                raise ProtocolError(f"option {self.name} takes a number, not {short(text)!r}")
            v = float(text)
            if not math.isfinite(v):
                raise ProtocolError(f"option {self.name} takes a finite number, not {short(text)!r}")
            if (self.lo is not None and v < self.lo) or (self.hi is not None and v > self.hi):
                raise ProtocolError(f"option {self.name} must be in [{self.lo:g}, {self.hi:g}], not {v:g}")
            self.value = v
        else:
            self.value = text


def render(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if value != "" else "<empty>"


def best_engine(names: list[str]) -> str:
    """The strongest registered player (ismcts once it exists)."""
    for name in PREFERRED_ENGINES:
        if name in names:
            return name
    return names[0]


def player_option(name: str, default: Any, owner: str, meta: Optional[dict] = None) -> Optional[Option]:
    if " " in name or not name:
        return None
    meta = meta or {}
    if isinstance(default, bool):
        return Option(name, "check", default, player=owner)
    if "choices" in meta and isinstance(default, str):
        return Option(name, "combo", default, choices=tuple(meta["choices"]), player=owner)
    if isinstance(default, int) and "min" in meta:
        return Option(name, "spin", default, int(meta["min"]), int(meta["max"]), player=owner)
    if isinstance(default, float) and "min" in meta:
        return Option(name, "string", default, lo=float(meta["min"]), hi=float(meta["max"]), player=owner)
    if isinstance(default, int):
        lo = min(0, default, -SPIN_LIMIT if default < 0 else 0)
        return Option(name, "spin", default, lo, SPIN_LIMIT, player=owner)
    if isinstance(default, (float, str)):
        return Option(name, "string", default, player=owner)
    return None  # a structured default cannot be set from one line


def narrow(opt: Option, meta: Optional[dict]) -> None:
    """A shared option advertises what every owner accepts, since ``setoption`` asks each
    owner: the intersection of their ranges (``max_nodes``: the search's [16, 200000000] and
    the solver's [1, 100000000]) or of their choices."""
    if not meta:
        return
    if opt.type == "spin" and "min" in meta and "max" in meta:
        opt.min = max(opt.min, int(meta["min"]))
        opt.max = min(opt.max, int(meta["max"]))
    elif opt.type == "string" and opt.lo is not None and "min" in meta and "max" in meta:
        opt.lo = max(opt.lo, float(meta["min"]))
        opt.hi = min(opt.hi, float(meta["max"]))
    elif opt.type == "combo" and "choices" in meta:
        opt.choices = tuple(c for c in opt.choices if c in meta["choices"])


def engine_options() -> dict[str, Option]:
    """Every option, keyed by lower-case name, in handshake order."""
    from search.api import make_player, player_names

    names = player_names()
    opts = [
        Option("Engine", "combo", best_engine(names), choices=tuple(names)),
        Option("Seed", "spin", 0, 0, 2**31 - 1),
        Option("Omniscient", "check", False),
        Option("Iterations", "spin", 1000, 1, SPIN_LIMIT),
        Option("Skill", "spin", 20, 0, 20),  # search/skill.py: 20 is full strength
        Option("InfoInterval", "spin", 200, 0, 60000),
        Option("InfoMoves", "spin", 8, 0, 1000),
        Option("MultiPV", "spin", 1, 1, 64),
        Option("ClearTree", "button", None),
        Option("ResetOptions", "button", None),
    ]
    table = {o.name.lower(): o for o in opts}
    for pname in names:
        cls = type(make_player(pname, seed=0))
        for oname, default in cls.options.items():
            key = oname.lower()
            if key in table:
                owner = table[key].player
                if owner is not None and pname not in owner.split(","):
                    table[key].player = owner + "," + pname
                    narrow(table[key], cls.option_meta.get(oname))
                continue
            opt = player_option(oname, default, pname, cls.option_meta.get(oname))
            if opt is not None:
                table[key] = opt
    return table


def player_kwargs(options: dict[str, Option], player: str) -> dict[str, Any]:
    """The options set for ``player``, typed as it declares them.  An option left
    alone is not passed, so a player shares an option name (``exploration``)
    and still keeps its own default."""
    out = {}
    for opt in options.values():
        if opt.player and opt.user_set and player in opt.player.split(","):
            out[opt.name] = opt.value
    return out


def check_option(options: dict[str, Option], opt: Option) -> None:
    """Raise (BadConfig) if a player that owns ``opt`` refuses its value beside the options
    already set for it (``paranoid`` and ``best_reply`` cannot both be on), so that ``go``
    never meets a combination ``setoption`` let through."""
    if not opt.player:
        return
    from search.api import make_player

    for pname in opt.player.split(","):
        make_player(pname, seed=0, **{**player_kwargs(options, pname), opt.name: opt.value})
