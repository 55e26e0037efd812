"""The Guildes worked example of docs/protocol.md, replayed against a real engine
(the rules of the replay: tests/transcript.py)."""
import pathlib

from tests.transcript import replay, transcript

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def test_worked_example_runs_verbatim():
    replay(transcript(DOC, "## Worked example: Guildes (3 players)"))
