"""``guildhall play`` driven in tmux as a person would: keys in, the screen read back.

Set GUILDHALL_SCREENS=1 to rewrite the screens checked in under docs/screens/.
"""
import os
import shutil
import subprocess
import sys
import time
import uuid

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Terminal:
    def __init__(self, *args: str) -> None:
        self.name = f"gh-{uuid.uuid4().hex[:8]}"  # its own tmux server: sessions never race
        env = f"PYTHONPATH={ROOT}" + (" GUILDHALL_PUREPYTHON=1" if os.environ.get("GUILDHALL_PUREPYTHON") else "")
        cmd = f"env {env} {sys.executable} -m guildhall play " + " ".join(args) + "; sleep 30"
        subprocess.run(["tmux", "-L", self.name, "new-session", "-d", "-s", self.name, "-x", "110", "-y", "60", cmd], check=True)

    def screen(self) -> str:
        return subprocess.run(["tmux", "-L", self.name, "capture-pane", "-p", "-t", self.name, "-S", "-200"],
                              capture_output=True, text=True, check=True).stdout

    def wait(self, text: str, timeout: float = 60.0) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            s = self.screen()
            if text in s:
                return s
            time.sleep(0.2)
        raise AssertionError(f"{text!r} never appeared; screen:\n{self.screen()}")

    def type(self, line: str) -> None:
        self.before = self.screen()
        subprocess.run(["tmux", "-L", self.name, "send-keys", "-t", self.name, line, "Enter"], check=True)

    def answered(self, timeout: float = 60.0) -> str:
        """The screen once the prompt has come back after the last line typed."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            s = self.screen()
            if s != self.before and s.rstrip().endswith("your move>"):  # the typed line is echoed first
                return s
            time.sleep(0.2)
        raise AssertionError(f"no prompt came back; screen:\n{self.screen()}")

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.name, "kill-server"], capture_output=True)


@pytest.fixture
def term():
    made = []

    def start(*args):
        made.append(Terminal(*args))
        return made[-1]

    yield start
    for t in made:
        t.close()


def keep(name: str, screen: str) -> None:
    """Write a screen under docs/screens/ when asked (test runs leave git clean)."""
    if os.environ.get("GUILDHALL_SCREENS"):
        with open(os.path.join(ROOT, "docs", "screens", name), "w", encoding="utf-8") as fh:
            fh.write("\n".join(line.rstrip() for line in screen.rstrip().splitlines()) + "\n")


def last(screen: str, text: str) -> str:
    """The screen from the last occurrence of ``text``."""
    return screen[screen.rindex(text):]


def test_guildes_help_undo_hint_and_the_revealed_plays(term):
    t = term("guildes", "--players", "3", "--seat", "0", "--engine", "ismcts", "--iterations", "20")
    t.wait("your move>")
    t.type("help")
    s = t.answered()
    assert "undo, u" in s and "hint" in s and "narrow the list" in s
    t.type("undo")
    assert "nothing of yours to take back yet" in t.answered()
    t.type("1")
    s = t.answered()
    assert "seat 1, seat 2 chose in secret" in s and "pick 2 of" in last(s, "Guildes, 3 players, round")
    t.type("undo")
    s = t.answered()
    assert "taken back: your last decision" in s and "pick 1 of" in last(s, "Guildes, 3 players, round")
    t.type("hint")
    s = t.answered()
    assert "hint: " in s and ("win chance" in s or "expected score reward" in s) and "iterations)" in s  # per the preset's reward
    for _ in range(40):  # the whole draft, then the first play: revealed together
        t.type("1")
        s = t.answered()
        if "revealed together -- you: " in s and "playing" in s:
            break
    assert "revealed together -- you: " in s
    keep("guildes.txt", last(s, "Guildes, 3 players, round"))


def test_guildes_vote_count_breakdown_at_the_end_of_a_round(term):
    t = term("guildes", "--players", "3", "--seat", "1", "--engine", "random")
    t.wait("your move>")
    for _ in range(60):
        t.type("1")
        s = t.answered()
        if "vote count, round 1" in s:
            break
    count = last(s, "vote count, round 1")
    assert "this count" in count and "total votes" in count and "militia" in count
    keep("guildes-count.txt", count.split("\n\n")[0])


def test_between_two_cities_placements_are_told_from_my_side(term):
    t = term("between_two_cities", "--players", "3", "--seat", "0", "--engine", "random")
    t.wait("your move>")
    t.type("1")
    s = t.answered()
    assert "revealed together -- you: " in s
    board = last(s, "Between Two Cities --")
    header = "   a   b   c   d   e   f   g   h   i      a   b   c   d   e   f   g   h   i"
    assert header in board and "left city 0, with seat 1" in board
    t.type("1")
    s = t.answered()
    if "seat 1 places" not in s:
        t.type("1")
        s = t.answered()
    assert "seat 1 places " in s and "(your left city)" in s or "seat 2 places" in s and "(your right city)" in s
    assert header in last(s, "Between Two Cities --")  # columns do not move
    t.type("legend")
    assert "sho shop" in t.answered()
    keep("between_two_cities.txt", last(s, "Between Two Cities --"))


def test_city_and_guilds_groups_placements_and_narrows_by_words(term):
    t = term("city_and_guilds", "--players", "3", "--seat", "0", "--engine", "random")
    t.wait("your move>")
    t.type("1")
    s = t.answered()
    listing = last(s, "your moves (")
    assert "_ = any of (" in listing and len(listing.splitlines()) < 20
    keep("city_and_guilds.txt", last(s, "    a    b    c"))
    word = listing.split("\n")[1].split()[1].split("-")[1][:3]  # a guild in the hand, e.g. 'bak'
    t.type(f"{word} e5")
    s = t.answered()
    narrowed = last(s, "of your ")
    assert "1) place " in narrowed and " e5" in narrowed
    t.type("1")
    s = t.answered()
    assert "face up:" in last(s, "    a    b    c")


def test_walled_city_shows_a_map_and_forced_moves_are_played(term):
    t = term("walled_city", "--players", "2", "--seat", "0", "--engine", "random")
    s = t.wait("your move>")
    board = last(s, "The Walled City")
    assert "ring: T0 G0(" in board and "A1 G0o" in board and "P12" in board
    t.type("road P0")
    s = t.answered()
    assert "#P0#" in last(s, "The Walled City")
    keep("walled_city.txt", last(s, "The Walled City"))


def test_a_thinking_line_shows_while_the_ai_searches_and_goes_away(term):
    t = term("walled_city", "--players", "2", "--seat", "1", "--engine", "ismcts", "--movetime", "2500")
    s = t.wait("iterations, ")  # seat 0 moves first: its progress line, updated as it searches
    assert "seat 0 is thinking... " in s and "your move>" not in s
    s = t.wait("your move>")
    assert "is thinking" not in s  # erased once the move is made
