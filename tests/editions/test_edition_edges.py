"""Editions at the edges the mutation fuzzer rarely reaches (it removes one list
item at a time): refused with the field's name, or played to the end in both
the State API and the kernel's playout.  Each runs in a subprocess, since a
compiled kernel that overruns a buffer corrupts the heap rather than raising.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.editions.mutate import standin

SCRIPT = """
import random, sys
import engine
from cython_ext.kernel import Rng
from engine.errors import EditionError
from tests.editions.mutate import play_out
try:
    s = engine.make(sys.argv[1], players=int(sys.argv[2]), edition=sys.argv[3], seed=3)
except EditionError as exc:
    print("refused", exc)
    sys.exit(0)
for seed in range(5):
    t = engine.make(sys.argv[1], players=int(sys.argv[2]), edition=sys.argv[3], seed=seed)
    play_out(t, random.Random(seed).randrange)
    u = engine.make(sys.argv[1], players=int(sys.argv[2]), edition=sys.argv[3], seed=seed)
    u.game.kernel.rollout(u.buf, Rng(seed))
print("played")
"""


def _run(tmp_path, game: str, players: int, data: dict) -> subprocess.CompletedProcess:
    path = tmp_path / "ed.json"
    path.write_text(json.dumps(data))
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, PYTHONPATH=root)
    return subprocess.run([sys.executable, "-c", SCRIPT, game, str(players), str(path)],
                          capture_output=True, text=True, env=env, timeout=300)


def _few_guilds() -> dict:
    """Four guilds and the stand-in's six event cards (a legal file by the schema's letter)."""
    d = standin("guildes")
    d["guilds"] = [g for g in d["guilds"] if "militia" not in g][:4]
    for g in d["guilds"]:
        g["copies"] = 12
        g.pop("worth10", None)
    d["players"] = {"3": {"dealt": 5, "played": 3}}
    d.pop("tricks", None)
    return d


def test_guildes_more_event_cards_than_guilds(tmp_path):
    """Six event cards, four guilds: the event draw has more outcomes than there are
    guild moves, and the kernel sizes its move buffers for it (``move_bound``)."""
    d = _few_guilds()
    assert len(d["events"]) > len(d["guilds"])
    done = _run(tmp_path, "guildes", 3, d)
    assert done.returncode == 0 and done.stdout.startswith("played"), done.stderr[-600:]


def test_guildes_as_many_event_cards_as_guilds(tmp_path):
    d = _few_guilds()
    d["events"] = d["events"][:4]
    done = _run(tmp_path, "guildes", 3, d)
    assert done.returncode == 0 and done.stdout.startswith("played"), done.stderr[-600:]
