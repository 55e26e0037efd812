"""The transcripts and the Python example of docs/protocol.md, replayed against a real
engine (the rules of the replay: tests/transcript.py)."""
import os
import pathlib
import re
import subprocess
import sys

import pytest

from tests.transcript import replay, transcript

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def test_worked_example_runs_verbatim():
    replay(transcript(DOC, "## Worked example: Guildes (3 players)"))


@pytest.mark.parametrize("index,game", [(0, "city_and_guilds"), (1, "walled_city"), (2, "between_two_cities")])
def test_short_examples_run_verbatim(index, game):
    steps = transcript(DOC, "## Short examples for the other games", index)
    assert steps[0][0].startswith(f"newgame {game} ")
    replay(steps)


def test_python_client_example_runs():
    [code] = re.findall(r"## Python client\n\n```python\n(.*?)```", DOC.read_text(), re.S)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env=dict(os.environ))
    assert out.returncode == 0, out.stderr[-2000:]
