"""The Guildes worked example of docs/protocol.md, replayed against a real engine.

Search output (info, bestmove), drawings and lines shortened with ``...`` vary
or are abridged; every other reply must be exactly as printed."""
import pathlib
import re

from tests.protocol.conftest import expect, go, start

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def example() -> list[tuple[str, list[str]]]:
    text = DOC.read_text()
    block = text.split("## Worked example: Guildes (3 players)", 1)[1].split("```", 2)[1]
    steps: list[tuple[str, list[str]]] = []
    for line in block.splitlines()[1:]:
        if line.startswith("> "):
            steps.append((line[2:], []))
        elif steps:
            steps[-1][1].append(line)
    return steps


def test_worked_example_runs_verbatim():
    e = start()
    try:
        for cmd, replies in example():
            note = next((r for r in replies if r.startswith("  ... (play random")), None)
            if cmd.startswith(("go ", "stop", "d ", "guildhall", "quit", "perft")):
                if cmd.startswith("go infinite"):
                    e.send(cmd)
                elif cmd == "stop":
                    e.send("stop")
                    e.read_until("bestmove")
                elif cmd.startswith("go "):
                    assert go(e, cmd)[-1].startswith("bestmove ")
                continue
            if cmd == "isready":
                e.send(cmd)
                got = [e.readline()]
            else:
                got = expect(e, cmd)
            if note:
                times = int(re.search(r"(\d+) times", note).group(1))
                for _ in range(times - 1):
                    assert expect(e, cmd) == []
                continue
            want = [r for r in replies if "..." not in r]
            if len(want) == len(replies):
                assert got == want, (cmd, got)
            else:
                assert got[:len(want)] == want or all(w in got for w in want), (cmd, got)
    finally:
        e.quit()
