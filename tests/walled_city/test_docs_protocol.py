"""The guild-power worked examples of docs/games/walled_city.md, replayed against a real engine.

Lines holding ``...`` are abridged; every other reply must be exactly as printed."""
import pathlib
import re

import pytest

from tests.protocol.conftest import expect, start

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "games" / "walled_city.md"


def example(title: str = "a guild power") -> list[tuple[str, list[str]]]:
    block = DOC.read_text().split(f"### Worked protocol example: {title}", 1)[1].split("```", 2)[1]
    steps: list[tuple[str, list[str]]] = []
    for line in block.splitlines()[1:]:
        if line.startswith("> "):
            steps.append((line[2:], []))
        elif steps:
            steps[-1][1].append(line)
    return steps


@pytest.mark.parametrize("title", ["a guild power", "a Butchers trade"])
def test_guild_power_examples_run_verbatim(title):
    steps = example(title)
    assert any(cmd.startswith("play seat 0 activate") for cmd, _ in steps)
    e = start()
    try:
        for cmd, replies in steps:
            got = expect(e, cmd)
            note = next((r for r in replies if r.startswith("  ... (play random")), None)
            if note:
                for _ in range(int(re.search(r"(\d+) times", note).group(1)) - 1):
                    assert expect(e, cmd) == []
                continue
            want = [r for r in replies if "..." not in r]
            if len(want) == len(replies):
                assert got == want, (cmd, got)
            else:
                assert all(w in got for w in want) and got[:2] == want[:2], (cmd, got)
    finally:
        e.quit()
