"""The engine process: read protocol lines from stdin, answer on stdout.

Input is read as bytes and decoded leniently, so no byte sequence can end the
process; over-long lines are refused with an error.  Output lines from the
reading thread and from the search thread go through one lock and are
flushed at once.
"""
from __future__ import annotations

import sys
import threading
from typing import BinaryIO, Optional, TextIO

from guildhall.protocol import MAX_LINE, error_line
from guildhall.session import Session


class LineWriter:
    """Writes whole lines from any thread, flushing each one."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.lock = threading.Lock()

    def __call__(self, line: str) -> None:
        with self.lock:
            try:
                self.stream.write(line + "\n")
                self.stream.flush()
            except (BrokenPipeError, ValueError):
                pass  # the frontend went away; the reading loop ends at EOF


def serve(game: Optional[str] = None, inp: Optional[BinaryIO] = None,
          out: Optional[TextIO] = None) -> None:
    """Run a protocol session until ``quit`` or end of input."""
    inp = inp or sys.stdin.buffer
    write = LineWriter(out or sys.stdout)
    # a search thread holding the GIL must not delay 'stop' and 'isready' for long
    sys.setswitchinterval(0.001)
    session = Session(write, game)
    while True:
        # up to MAX_LINE bytes of text plus the newline; a last line may lack its newline
        raw = inp.readline(MAX_LINE + 1)
        if not raw:
            break
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):  # drop the rest of the line
                raw = inp.readline(MAX_LINE + 1)
            write(error_line("bad-argument", f"line longer than {MAX_LINE} bytes"))
            continue
        line = raw.decode("utf-8", errors="replace").replace("\0", " ")
        if not session.handle(line):
            break
    session.close()
