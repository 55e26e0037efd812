"""A fresh engine's first search spends its time searching, not importing.

An audit of the tools (session 52) found a fresh process's first `go movetime 20` searching
nothing: it imported the search loop's interpreted twin (and, in some games, the kernel's) after
its clock had started, about 40 ms, and played the first legal move late.  `newgame` now loads
what a first search of the game loads (``guildhall.session.warm_up``), and the compiled path no
longer imports the interpreted twins at all.  Checked without a clock: the modules a first
search imports, in a fresh interpreter, are none.
"""
import subprocess
import sys

import pytest

SNIPPET = """
import sys, time
from guildhall.session import Session
lines = []
s = Session(lines.append)
s.handle("newgame {game}")
while True:
    s.handle("status")
    if lines[-1].split()[2] != "chance":
        break
    s.handle("play random")
before = set(sys.modules)
s.handle("go iterations 20")
while s.busy():
    time.sleep(0.01)
assert any(x.startswith("bestmove ") and x != "bestmove none" for x in lines), lines
print(sorted(set(sys.modules) - before))
"""


@pytest.mark.parametrize("game", ["guildes", "between_two_cities", "city_and_guilds", "walled_city"])
def test_a_first_search_imports_nothing(game):
    out = subprocess.run([sys.executable, "-c", SNIPPET.format(game=game)], capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
