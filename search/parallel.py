"""Root-parallel helper searches in forked processes that can neither hang nor outlive us.

Why not ``multiprocessing``: the engine forks from its search thread while
the reading thread sits in ``stdin.readline()`` holding the stdin buffer's
lock; ``multiprocessing``'s child bootstrap closes ``sys.stdin`` first thing
and blocks on that lock forever, so ``go`` never answered.  A bare
``os.fork`` child touches no inherited stream: it searches, writes its root
statistics (pickled) to a pipe and leaves with ``os._exit``.

No orphans: each child asks Linux to kill it when its parent dies
(``PR_SET_PDEATHSIG``), and it also treats end-of-file on its stop pipe --
the parent gone, or the parent asking it to stop -- as its stop flag.
"""
from __future__ import annotations

import ctypes
import os
import pickle
import select
import signal
import threading
from typing import Any, Callable

PR_SET_PDEATHSIG = 1
POLL = 0.001  # seconds between looks at the stop flags while waiting


class PipeStop:
    """A child's stop flag: set once its stop pipe is readable (a byte, or EOF when the parent died)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self._set = False

    def is_set(self) -> bool:
        if not self._set:
            ready, _, _ = select.select([self.fd], [], [], 0)
            self._set = bool(ready)
        return self._set


def _die_with_parent() -> None:
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: the stop pipe's EOF still ends the child
        pass


class Helpers:
    """``count`` forked processes each running ``work(index, stop)`` -> a picklable result.

    Use as a context manager: leaving it (normally or by an exception) kills
    and reaps every child that is still there.
    """

    def __init__(self, count: int, work: Callable[[int, Any], Any]) -> None:
        self.children: list[tuple[int, int, int]] = []  # (pid, stop write fd, result read fd)
        for i in range(count):
            stop_r, stop_w = os.pipe()
            res_r, res_w = os.pipe()
            parent_pid = os.getpid()
            pid = os.fork()
            if pid == 0:  # the child: never returns
                code = 1
                try:
                    for _, sw, rr in self.children:  # siblings' parent ends: a parent's death must show as EOF
                        os.close(sw)
                        os.close(rr)
                    os.close(stop_w)
                    os.close(res_r)
                    _die_with_parent()
                    if os.getppid() != parent_pid:  # the parent died before prctl took effect
                        os._exit(1)
                    try:
                        payload = pickle.dumps(("ok", work(i, PipeStop(stop_r))))
                    except BaseException as exc:  # noqa: BLE001 - reported to the parent
                        payload = pickle.dumps(("error", f"{type(exc).__name__}: {exc}"))
                    with os.fdopen(res_w, "wb") as f:
                        f.write(payload)
                    code = 0
                except BaseException:  # noqa: BLE001 - a child must leave with os._exit, whatever happens
                    pass
                os._exit(code)
            os.close(stop_r)
            os.close(res_w)
            self.children.append((pid, stop_w, res_r))

    def stop(self) -> None:
        for _, sw, _ in self.children:
            try:
                os.write(sw, b"s")
            except OSError:
                pass

    def collect(self, stop: threading.Event) -> list[Any]:
        """Each child's result, in order; passes ``stop`` on to the children while waiting."""
        results, stopped = [], False
        for pid, sw, rr in self.children:
            chunks = []
            while True:
                if stop.is_set() and not stopped:
                    self.stop()
                    stopped = True
                ready, _, _ = select.select([rr], [], [], POLL)
                if not ready:
                    continue
                data = os.read(rr, 1 << 16)
                if not data:
                    break
                chunks.append(data)
            try:
                kind, value = pickle.loads(b"".join(chunks))
            except Exception:  # noqa: BLE001 - a child killed midway
                kind, value = "error", "the helper process ended without a result"
            results.append((kind, value))
        return results

    def close(self) -> None:
        for pid, sw, rr in self.children:
            for fd in (sw, rr):
                try:
                    os.close(fd)
                except OSError:
                    pass
            try:
                done, _ = os.waitpid(pid, os.WNOHANG)
                if done == 0:
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
            except (ChildProcessError, ProcessLookupError):
                pass
        self.children = []

    def __enter__(self) -> "Helpers":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
