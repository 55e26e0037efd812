"""Replaying a protocol transcript from the docs against a real engine process.

A transcript is a fenced block under a heading: ``> LINE`` is what the frontend
writes, the lines after it the engine's replies.  A reply ``  ... (play random
N times ...)`` repeats the command N times in all.  Search output (``go``,
``stop``), drawings (``d``), the handshake and ``perft`` vary between builds
and machines and are only run (a ``go`` must end in ``bestmove``); a reply
holding ``...`` is abridged: a line that begins with what is printed before
the ``...``; every reply must come as printed (abridged ones as said), in the
printed order, and without an abridged one nothing else may come.
"""
from __future__ import annotations

import pathlib
import re
from typing import Callable, Optional

from guildhall.client import Engine
from tests.protocol.conftest import expect, go, start

VARYING = ("go ", "stop", "d ", "guildhall", "quit", "perft")


def transcript(doc: pathlib.Path, heading: str, index: int = 0) -> list[tuple[str, list[str]]]:
    """The ``(command, replies)`` steps of the ``index``-th fenced block after ``heading``."""
    block = doc.read_text().split(heading, 1)[1].split("```")[2 * index + 1]
    steps: list[tuple[str, list[str]]] = []
    for line in block.splitlines()[1:]:
        if line.startswith("> "):
            steps.append((line[2:], []))
        elif steps:
            steps[-1][1].append(line)
    return steps


def matches(want: str, got: str) -> bool:
    """``got`` is the printed reply ``want``; an abridged one (holding ``...``) only has to
    begin with what is printed before its first ``...``."""
    if "..." in want:
        return got.startswith(want.split("...", 1)[0].rstrip())
    return want == got


def in_order(want: list[str], got: list[str]) -> bool:
    """True when the replies ``want`` match lines of ``got`` in the same order."""
    it = iter(got)
    return all(any(matches(w, g) for g in it) for w in want)


def replay(steps: list[tuple[str, list[str]]],
           check_go: Optional[Callable[[Engine, str, list[str]], None]] = None) -> None:
    """Run ``steps`` in a fresh engine process, asserting the replies (module text).
    ``check_go(engine, command, printed replies)``, if given, runs each ``go`` other than
    ``go infinite`` instead, and checks what it can of the search's output."""
    e = start()
    try:
        for cmd, replies in steps:
            if check_go is not None and cmd.startswith("go ") and not cmd.startswith("go infinite"):
                check_go(e, cmd, replies)
                continue
            if cmd.startswith(VARYING):
                if cmd.startswith("go infinite"):
                    e.send(cmd)
                elif cmd == "stop":
                    e.send("stop")
                    e.read_until("bestmove")
                elif cmd.startswith("go "):
                    assert go(e, cmd)[-1].startswith("bestmove "), cmd
                continue
            if cmd == "isready":
                e.send(cmd)
                got = [e.readline()]
            else:
                got = expect(e, cmd)
            note = next((r for r in replies if r.startswith("  ... (play random")), None)
            if note:
                for _ in range(int(re.search(r"(\d+) times", note).group(1)) - 1):
                    assert expect(e, cmd) == [], cmd
                continue
            if any("..." in r for r in replies):
                assert in_order(replies, got), (cmd, replies, got)
            else:
                assert got == replies, (cmd, got)
    finally:
        e.quit()
