"""The engine process: read protocol lines from stdin, answer on stdout.

Input is read as bytes and decoded leniently, so no byte sequence can end the
process; over-long lines are refused with an error.  Output lines from the
reading thread and from the search thread go through one lock and are
flushed at once.
"""
from __future__ import annotations

import re
import sys
import threading
from typing import BinaryIO, Iterator, Optional, TextIO

from guildhall.protocol import MAX_LINE, error_line
from guildhall.session import Session

LINE_END = re.compile(rb"\r\n|\r|\n")


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


def read_lines(inp: BinaryIO) -> Iterator[Optional[bytes]]:
    """The input's lines without their ends (LF, CR LF, or a lone CR: a frontend that ends
    lines with CR alone must not wait forever for an answer); None for a line over
    ``MAX_LINE`` bytes, whose rest is skipped.  Reads what is there (``read1``), so a line is
    handled as soon as it ends."""
    buf, skipping, after_cr = b"", False, False
    read = getattr(inp, "read1", inp.read)
    while True:
        chunk = read(65536)
        if not chunk:
            break
        if after_cr and chunk.startswith(b"\n"):
            chunk = chunk[1:]  # the LF of a CR LF split between two reads
        after_cr = chunk.endswith(b"\r")
        parts = LINE_END.split(buf + chunk)
        buf = parts.pop()
        for part in parts:
            if skipping:
                skipping = False  # the end of an over-long line
            else:
                yield part if len(part) <= MAX_LINE else None
        if len(buf) > MAX_LINE:
            if not skipping:
                yield None
            buf, skipping = b"", True
    if buf and not skipping:
        yield buf  # a last line without its end


def serve(game: Optional[str] = None, inp: Optional[BinaryIO] = None,
          out: Optional[TextIO] = None) -> None:
    """Run a protocol session until ``quit`` or end of input."""
    inp = inp or sys.stdin.buffer
    write = LineWriter(out or sys.stdout)
    # a search thread holding the GIL must not delay 'stop' and 'isready' for long
    sys.setswitchinterval(0.001)
    session = Session(write, game)
    for raw in read_lines(inp):
        if raw is None:
            write(error_line("bad-argument", f"line longer than {MAX_LINE} bytes"))
            continue
        line = raw.decode("utf-8", errors="replace").replace("\0", " ")
        if not session.handle(line):
            break
    session.close()
