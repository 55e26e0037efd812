"""Engine options: the protocol's own, plus every option the players declare.

Names are matched case-insensitively and never contain spaces.  A player's
option (from ``Player.options``, name -> default) gets its type from its
default: bool -> check, int -> spin, anything else -> string.

>>> opts = engine_options()
>>> opts["omniscient"].line()
'option name Omniscient type check default false'
>>> opts["seed"].set("7"); opts["seed"].value
7
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from guildhall.protocol import ProtocolError

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
    player: Optional[str] = None  # the player(s) that own it; None: the protocol's own
    value: Any = field(default=None)

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
            try:
                v = int(text)
            except ValueError:
                raise ProtocolError(f"option {self.name} takes an integer, not {text!r}") from None
            if not self.min <= v <= self.max:
                raise ProtocolError(f"option {self.name} must be in {self.min}-{self.max}, not {v}")
            self.value = v
        elif self.type == "combo":
            hits = [c for c in self.choices if c.lower() == text.lower()]
            if not hits:
                raise ProtocolError(f"option {self.name} takes one of {', '.join(self.choices)}")
            self.value = hits[0]
        elif isinstance(self.default, float):
            try:
                self.value = float(text)
            except ValueError:
                raise ProtocolError(f"option {self.name} takes a number, not {text!r}") from None
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


def player_option(name: str, default: Any, owner: str) -> Optional[Option]:
    if " " in name or not name:
        return None
    if isinstance(default, bool):
        return Option(name, "check", default, player=owner)
    if isinstance(default, int):
        lo = min(0, default, -SPIN_LIMIT if default < 0 else 0)
        return Option(name, "spin", default, lo, SPIN_LIMIT, player=owner)
    if isinstance(default, (float, str)):
        return Option(name, "string", default, player=owner)
    return None  # a structured default cannot be set from one line


def engine_options() -> dict[str, Option]:
    """Every option, keyed by lower-case name, in handshake order."""
    from search.api import make_player, player_names

    names = player_names()
    opts = [
        Option("Engine", "combo", best_engine(names), choices=tuple(names)),
        Option("Seed", "spin", 0, 0, 2**31 - 1),
        Option("Omniscient", "check", False),
        Option("Iterations", "spin", 1000, 1, SPIN_LIMIT),
        Option("InfoInterval", "spin", 200, 0, 60000),
        Option("InfoMoves", "spin", 8, 0, 1000),
    ]
    table = {o.name.lower(): o for o in opts}
    for pname in names:
        for oname, default in type(make_player(pname, seed=0)).options.items():
            key = oname.lower()
            if key in table:
                owner = table[key].player
                if owner is not None and pname not in owner.split(","):
                    table[key].player = owner + "," + pname
                continue
            opt = player_option(oname, default, pname)
            if opt is not None:
                table[key] = opt
    return table


def player_kwargs(options: dict[str, Option], player: str) -> dict[str, Any]:
    """The options that belong to ``player``, typed as it declares them."""
    out = {}
    for opt in options.values():
        if opt.player and player in opt.player.split(","):
            out[opt.name] = opt.value
    return out
