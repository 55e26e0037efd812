"""The text protocol's grammar: tokens, move lists, numbers and reply lines.

Move strings and state strings contain spaces, so the grammar fixes where
they may appear: a line holds at most one *move list*, always last, whose
items are separated by ``;``.  An item is ``[seat N | chance] MOVE``.
State strings are ``field=v,v,?`` tokens, which never equal a keyword.

>>> split_items("event one-fewer; seat 2 deal knights ;")
['event one-fewer', 'seat 2 deal knights']
>>> parse_item("seat 2 knights"), parse_item("chance deal militia"), parse_item("nobles")
((2, 'knights'), (-1, 'deal militia'), (None, 'nobles'))
>>> split_keyword("startpos seed 4 moves a; b", "moves")
('startpos seed 4', 'a; b')
>>> split_quoted("guildes\u00a0players 3 edition '/tmp/my dir/e.json'")
['guildes', 'players', '3', 'edition', '/tmp/my dir/e.json']
>>> format_values([0.5, 0.25])
'0.500,0.250'
>>> settings_line({"player": "ismcts", "by_budget": [400, 1600], "cap": None}, {"tree": "so", "reuse": True})
'info string settings player=ismcts by_budget=400,1600 cap=none options reuse=true tree=so'
"""
from __future__ import annotations

import re
import shlex
from typing import Iterable, Optional, Sequence

from engine.core import CHANCE
from engine.errors import GuildhallError
from search.api import ASCII_INT

PROTOCOL_VERSION = 1
MAX_LINE = 1 << 20  # longer input lines are refused (a guard against runaway input)
# what separates words: every character str.split() splits on (ASCII blanks, U+001C-U+001F,
# NO-BREAK SPACE and the other Unicode spaces; none lies above U+3000), so that newgame's quoted
# words and every other command's words part at the same characters
BLANKS = "".join(c for c in map(chr, range(0x3001)) if c.isspace())


class ProtocolError(GuildhallError):
    """A line that breaks the grammar (bad or missing argument)."""

    kind = "bad-argument"


class UnknownCommand(ProtocolError):
    kind = "unknown-command"


class NoGame(ProtocolError):
    kind = "no-game"


class Busy(ProtocolError):
    """A command that would change the position while a search or perft runs."""

    kind = "busy"


ERROR_WORD = 120  # an error line quotes at most this much of one word (a bad token may be a megabyte)


def error_line(kind: str, message: str) -> str:
    r"""``error <kind> <message>`` on one line, whatever the message holds: control
    characters and undecodable input (U+FFFD) are written as escapes, never raw, and a
    word longer than ``ERROR_WORD`` characters is cut there (``...`` marks the cut).

    >>> print(error_line("bad-move", "no move \x1b[2J\ufffd here"))
    error bad-move no move \x1b[2J\ufffd here
    >>> len(error_line("bad-move", "no card name " + "z" * 10**6))
    151
    """
    words = [w if len(w) <= ERROR_WORD else w[:ERROR_WORD] + "..." for w in printable(str(message)).split()]
    return f"error {kind} {' '.join(words) or 'error'}"


def printable(text: str) -> str:
    """``text`` with every non-printable character (and U+FFFD) as a Python escape."""
    if text.isprintable() and "\ufffd" not in text:
        return text
    out = []
    for ch in text:
        if ch in " \t":
            out.append(" ")
        elif ch.isprintable() and ch != "\ufffd":
            out.append(ch)
        else:
            out.append(ascii(ch)[1:-1])
    return "".join(out)


def split_quoted(text: str) -> list[str]:
    """The words of ``text`` with shell quoting (``'a b'``, ``"a b"``, ``a\\ b`` keep a blank in a
    word), split at the same blanks as ``str.split``; an unclosed quote is a ``ProtocolError``."""
    lex = shlex.shlex(text, posix=True)
    lex.whitespace, lex.whitespace_split, lex.commenters = BLANKS, True, ""
    try:
        return list(lex)
    except ValueError as exc:
        raise ProtocolError(f"cannot split arguments: {exc}") from None


def split_items(text: str) -> list[str]:
    """The items of a ``;``-separated move list (a trailing ``;`` is allowed)."""
    items = [t.strip() for t in text.split(";")]
    if items and items[-1] == "":
        items.pop()
    if any(not t for t in items):
        raise ProtocolError("empty item in move list")
    return items


def parse_item(text: str) -> tuple[Optional[int], str]:
    """``seat N MOVE`` -> (N, MOVE); ``chance MOVE`` -> (CHANCE, MOVE); ``MOVE`` -> (None, MOVE)."""
    words = text.split()
    if not words:
        raise ProtocolError("empty move")
    head = words[0].lower()
    if head == "seat":
        if len(words) < 3:
            raise ProtocolError(f"'seat N MOVE' expected, got {text!r}")
        return parse_seat(words[1]), " ".join(words[2:])
    if head == "chance":
        if len(words) < 2:
            raise ProtocolError("'chance MOVE' needs a move")
        return CHANCE, " ".join(words[1:])
    return None, " ".join(words)


def format_item(seat: int, move_text: str) -> str:
    """An item with its seat written out (as in ``pv`` lists)."""
    return (f"chance {move_text}" if seat == CHANCE else f"seat {seat} {move_text}")


def split_keyword(text: str, keyword: str) -> tuple[str, Optional[str]]:
    """Split ``text`` at the first whole-word ``keyword``: (before, after or None)."""
    m = re.search(rf"(^|\s){re.escape(keyword)}(\s|$)", text, flags=re.IGNORECASE)
    if not m:
        return text.strip(), None
    return text[: m.start()].strip(), text[m.end():].strip()


DECIMAL = ASCII_INT  # the grammar's integers: one pattern with search.api.ascii_number


def short(text: object, most: int = 80) -> str:
    """``text`` cut to ``most`` characters for an error line (a bad token may be a megabyte)."""
    text = str(text)
    return text if len(text) <= most else text[:most] + "..."


def parse_int(token: str, what: str, lo: int | None = None, hi: int | None = None) -> int:
    """An integer argument within [lo, hi], or :class:`ProtocolError`."""
    # decimal ASCII digits only, as the grammar says (int() also takes '1_000' and other scripts' digits)
    if not isinstance(token, str) or not DECIMAL.fullmatch(token):
        raise ProtocolError(f"{what} must be an integer, not {short(token)!r}")
    if len(token.lstrip("+-0")) > 30:  # past any bound (and int() refuses 4,300 digits)
        value = (-1 if token.startswith("-") else 1) * 10**30
    else:
        value = int(token)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        if hi is None:
            span = f"at least {lo}"
        elif lo is None:
            span = f"at most {hi}"
        else:
            span = f"in [{lo}, {hi}]"
        raise ProtocolError(f"{what} must be {span}, not {short(token)}")
    return value


def parse_seat(token: str) -> int:
    """A seat number, or ``chance`` for the dealer."""
    if token.lower() == "chance":
        return CHANCE
    return parse_int(token, "seat", 0, 63)


def format_values(values: Iterable[float]) -> str:
    """Per-seat values as ``0.412,0.200``; ``-`` when there are none."""
    vals = [f"{float(v):.3f}" for v in values]
    return ",".join(vals) if vals else "-"


def format_ints(values: Sequence[int]) -> str:
    return ",".join(str(int(v)) for v in values) if len(values) else "-"


def seats_text(seats: Sequence[int]) -> str:
    """``to_move()`` as written in ``status``: ``chance``, ``none`` or ``0,2``."""
    if not seats:
        return "none"
    if tuple(seats) == (CHANCE,):
        return "chance"
    return format_ints(seats)


def setting_text(value: object) -> str:
    """One value of a ``settings`` line: no blanks, ``none`` for None, lists comma-joined."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(setting_text(v) for v in value) if value else "none"
    return "_".join(printable(str(value)).split()) or "-"


def settings_line(header: dict, options: dict) -> str:
    """``info string settings K=V ... options K=V ...`` (debug mode, docs/protocol.md):
    the header keys in the order given, then the search options by name."""
    head = " ".join(f"{k}={setting_text(v)}" for k, v in header.items())
    opts = " ".join(f"{k}={setting_text(options[k])}" for k in sorted(options))
    return f"info string settings {head} options {opts}".rstrip()
