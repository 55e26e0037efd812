"""The guild-power worked example of docs/games/walled_city.md, replayed against a real engine
(the rules of the replay: tests/transcript.py)."""
import pathlib

from tests.transcript import replay, transcript

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "games" / "walled_city.md"


def test_guild_power_example_runs_verbatim():
    steps = transcript(DOC, "### Worked protocol example: a guild power")
    assert any(cmd.startswith("play seat 0 activate") for cmd, _ in steps)
    replay(steps)
