"""The guild-power worked examples of docs/games/walled_city.md, replayed against a real engine
(the rules of the replay: tests/transcript.py)."""
import pathlib

import pytest

from tests.transcript import replay, transcript

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "games" / "walled_city.md"


@pytest.mark.parametrize("title", ["a guild power", "a Butchers trade"])
def test_guild_power_examples_run_verbatim(title):
    steps = transcript(DOC, f"### Worked protocol example: {title}")
    assert any(cmd.startswith("play seat 0 activate") for cmd, _ in steps)
    replay(steps)
