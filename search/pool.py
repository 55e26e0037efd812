"""Forked search workers kept across moves, that can neither hang nor outlive us.

A :class:`Pool` forks its workers once (lazily, at the first job; before it,
helpers were forked at the start of every move, 10-23 ms a move) and sends
each move to them as a *job*: a module-level function and its arguments,
pickled through a pipe.  A worker keeps nothing between jobs but what it inherited at
the fork and the pool's ``context`` (e.g. the game): each job brings all it
may use, so a worker sees no more than its job -- for a search, the searching
seat's view.

Why not ``multiprocessing``: the engine searches while its reading thread
sits in ``stdin.readline()`` holding the stdin buffer's lock;
``multiprocessing``'s child bootstrap closes ``sys.stdin`` first thing and
blocks on that lock forever.  A bare ``os.fork`` child touches no inherited
stream and leaves with ``os._exit``.

Why forked by a keeper thread: Linux sends ``PR_SET_PDEATHSIG`` when the
*thread* that forked the child ends, not the process; the engine searches on
a thread per ``go``, so workers forked there would be killed after the move.
Each pool forks from its own thread, which lives as long as the pool.

No orphans, three ways: ``PR_SET_PDEATHSIG`` (Linux), end-of-file on the job
pipe (an idle worker blocks reading it) and on the stop pipe (a searching
worker looks at it every chunk); a worker closes every inherited descriptor
but its own three, so only the parent holds their other ends.  The pool is
closed explicitly (:meth:`close`), when garbage-collected, and at exit.

>>> import os
>>> from search.pool import Pool, whoami
>>> with Pool(context="ctx") as pool:
...     pool.resize(2)
...     first = pool.run(whoami, [("a",), ("b",)])
...     second = pool.run(whoami, [("c",), ("d",)])
>>> [r[1][1:] for r in first + second]
[(0, 'ctx', ('a',)), (1, 'ctx', ('b',)), (0, 'ctx', ('c',)), (1, 'ctx', ('d',))]
>>> [r[1][0] for r in first] == [r[1][0] for r in second] != [os.getpid()] * 2  # the same two processes
True
"""
from __future__ import annotations

import ctypes
import os
import pickle
import queue
import select
import signal
import struct
import threading
import weakref
from typing import Any, Callable, Optional, Sequence

HEADER = struct.Struct("<Q")  # the length of each pickled message
POLL = 0.001  # seconds between looks at the stop flag while waiting for results
PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: end of file on the pipes still ends the worker
        pass


class TagStop:
    """A worker's stop flag for one job: set once the parent writes this job's tag
    (a stale tag left by an earlier job is ignored) or the pipe ends."""

    def __init__(self, fd: int, tag: int) -> None:
        self.fd, self.tag, self._set = fd, tag, False

    def is_set(self) -> bool:
        while not self._set:
            ready, _, _ = select.select([self.fd], [], [], 0)
            if not ready:
                break
            data = os.read(self.fd, 256)
            self._set = not data or self.tag in data
        return self._set


def whoami(context: Any, index: int, stop: Any, *args: Any) -> tuple:
    """A job that answers who ran it: (pid, index, context, args)."""
    return os.getpid(), index, context, args


def _send(fd: int, obj: Any) -> None:
    _write(fd, pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL))


def _write(fd: int, data: bytes) -> None:
    view = memoryview(HEADER.pack(len(data)) + data)
    while view:
        view = view[os.write(fd, view):]


def _read_exact(fd: int, n: int) -> Optional[bytes]:
    chunks, left = [], n
    while left:
        data = os.read(fd, min(left, 1 << 20))
        if not data:
            return None
        chunks.append(data)
        left -= len(data)
    return b"".join(chunks)


def _recv(fd: int) -> Any:
    """The next message, or None at end of file."""
    head = _read_exact(fd, HEADER.size)
    if head is None:
        return None
    body = _read_exact(fd, HEADER.unpack(head)[0])
    return None if body is None else pickle.loads(body)


def _serve(job_r: int, stop_r: int, res_w: int, context: Any) -> None:
    """A worker's life: run jobs until the job pipe ends."""
    while True:
        msg = _recv(job_r)
        if msg is None:
            return
        tag, index, fn, args = msg
        try:
            out = pickle.dumps((tag, ("ok", fn(context, index, TagStop(stop_r, bytes([tag])), *args))),
                               protocol=pickle.HIGHEST_PROTOCOL)
        except BaseException as exc:  # noqa: BLE001 - reported to the parent
            out = pickle.dumps((tag, ("error", f"{type(exc).__name__}: {exc}")))
        try:
            _write(res_w, out)
        except BrokenPipeError:
            return


class _Worker:
    __slots__ = ("pid", "job_w", "stop_w", "res_r", "buf")

    def __init__(self, pid: int, job_w: int, stop_w: int, res_r: int) -> None:
        self.pid, self.job_w, self.stop_w, self.res_r = pid, job_w, stop_w, res_r
        self.buf = b""


def _fork_worker(context: Any) -> _Worker:
    job_r, job_w = os.pipe()
    stop_r, stop_w = os.pipe()
    res_r, res_w = os.pipe()
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:  # the worker: never returns
        code = 1
        try:
            keep = {0, 1, 2, job_r, stop_r, res_w}
            for fd in _open_fds():
                if fd not in keep:
                    try:
                        os.close(fd)
                    except OSError:
                        pass
            _die_with_parent()
            if os.getppid() == parent:  # else the parent died before prctl took effect
                signal.signal(signal.SIGINT, signal.SIG_IGN)  # a terminal's ^C is the parent's to handle
                _own_session()
                _serve(job_r, stop_r, res_w, context)
                code = 0
        except BaseException:  # noqa: BLE001 - a worker must leave with os._exit, whatever happens
            pass
        os._exit(code)
    for fd in (job_r, stop_r, res_w):
        os.close(fd)
    return _Worker(pid, job_w, stop_w, res_r)


def _own_session() -> None:
    """Leave the parent's session: Linux's autogroup scheduling (on by default on
    desktops: ``/proc/sys/kernel/sched_autogroup_enabled``) gives each session one
    share of the CPU, so on a busy machine workers that stayed in the engine's
    session would split the engine's one share instead of adding theirs (measured:
    2 workers searched as many iterations as 1 at load 8 on 2 cores).  Harmless
    elsewhere; the worker keeps no terminal (it reads only its pipes)."""
    try:
        os.setsid()
    except OSError:
        pass


def _open_fds() -> list[int]:
    try:
        return [int(x) for x in os.listdir("/proc/self/fd")]
    except OSError:  # no /proc: every descriptor up to the limit
        import resource

        return list(range(3, min(resource.getrlimit(resource.RLIMIT_NOFILE)[0], 4096)))


def _kill(workers: list[_Worker]) -> None:
    for w in workers:
        for fd in (w.job_w, w.stop_w, w.res_r):
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            done, _ = os.waitpid(w.pid, os.WNOHANG)
            if done == 0:
                os.kill(w.pid, signal.SIGKILL)
                os.waitpid(w.pid, 0)
        except (ChildProcessError, ProcessLookupError):
            pass


class _Keeper(threading.Thread):
    """The thread that forks the pool's workers and lives as long as the pool (see above)."""

    def __init__(self) -> None:
        super().__init__(daemon=True, name="search-pool")
        self.requests: queue.Queue = queue.Queue()

    def run(self) -> None:
        while True:
            req = self.requests.get()
            if req is None:
                return
            fn, reply = req
            try:
                reply.put(("ok", fn()))
            except BaseException as exc:  # noqa: BLE001 - handed to the caller
                reply.put(("error", exc))

    def call(self, fn: Callable[[], Any]) -> Any:
        reply: queue.Queue = queue.Queue()
        self.requests.put((fn, reply))
        kind, value = reply.get()
        if kind == "error":
            raise value
        return value


class Pool:
    """Forked workers, each running ``fn(context, index, stop, *args)`` per job.

    ``resize(n)`` forks or ends workers to have ``n``; ``run`` sends one job to
    each of the first ``len(args)`` workers and returns their ``("ok", result)``
    or ``("error", text)`` in order; ``close`` ends them all.  Not thread-safe:
    one owner runs one job at a time.
    """

    def __init__(self, context: Any = None) -> None:
        self.context = context
        self.workers: list[_Worker] = []
        self._keeper: list[Optional[_Keeper]] = [None]  # a box the finalizer shares
        self._seq = 0
        self._pending: list[Optional[_Worker]] = []
        self._dead: list[_Worker] = []
        weakref.finalize(self, _shutdown, self.workers, self._keeper)

    def __len__(self) -> int:
        return len(self.workers)

    def pids(self) -> list[int]:
        return [w.pid for w in self.workers]

    def resize(self, count: int) -> None:
        if count < len(self.workers):
            _kill(self.workers[count:])
            del self.workers[count:]
        if count > len(self.workers):
            if self._keeper[0] is None:
                self._keeper[0] = _Keeper()
                self._keeper[0].start()
            while len(self.workers) < count:
                self.workers.append(self._keeper[0].call(lambda: _fork_worker(self.context)))

    def run(self, fn: Callable[..., Any], args: Sequence[tuple], stop: Optional[threading.Event] = None,
            on_wait: Optional[Callable[[], None]] = None) -> list[tuple[str, Any]]:
        """Send job ``i`` (``fn`` with ``args[i]``) to worker ``i`` and wait for every result.

        ``stop`` (while waiting) is passed on to the workers.  A worker that died
        gives an error result and is replaced at the next :meth:`resize`."""
        self.start(fn, args)
        return self.collect(stop)

    def start(self, fn: Callable[..., Any], args: Sequence[tuple]) -> None:
        """Send the jobs without waiting (:meth:`collect` waits)."""
        if len(args) > len(self.workers):
            raise ValueError(f"{len(args)} jobs for {len(self.workers)} workers")
        self._seq = self._seq % 255 + 1
        self._pending, self._dead = [], []
        for i, (w, a) in enumerate(zip(self.workers, args)):
            try:
                _send(w.job_w, (self._seq, i, fn, tuple(a)))
                self._pending.append(w)
            except OSError:  # the worker died: its result is an error
                self._pending.append(None)
                self._dead.append(w)

    def stop(self) -> None:
        for w in self._pending:
            if w is not None:
                try:
                    os.write(w.stop_w, bytes([self._seq]))
                except OSError:
                    pass

    def collect(self, stop: Optional[threading.Event] = None) -> list[tuple[str, Any]]:
        results: list[tuple[str, Any]] = []
        stopped = False
        dead = self._dead
        for w in self._pending:
            out = None
            while w is not None and out is None:
                if stop is not None and stop.is_set() and not stopped:
                    self.stop()
                    stopped = True
                msg = self._poll(w)
                if msg is False:
                    dead.append(w)
                    break
                if msg is not None and msg[0] == self._seq:
                    out = msg[1]  # an earlier job's late result (its collect was interrupted) is dropped
            results.append(out or ("error", "the search worker process ended without a result"))
        self._pending = []
        if dead:
            _kill(dead)
            self.workers[:] = [w for w in self.workers if w not in dead]
            self._dead = []
        return results

    def _poll(self, w: _Worker) -> Any:
        """A whole message of ``w`` if one is there within POLL seconds, None if not yet, False at EOF."""
        ready, _, _ = select.select([w.res_r], [], [], POLL)
        if ready:
            data = os.read(w.res_r, 1 << 20)
            if not data:
                return False
            w.buf += data
        if len(w.buf) >= HEADER.size:
            n = HEADER.unpack(w.buf[:HEADER.size])[0]
            if len(w.buf) >= HEADER.size + n:
                body, w.buf = w.buf[HEADER.size:HEADER.size + n], w.buf[HEADER.size + n:]
                return pickle.loads(body)
        return None

    def close(self) -> None:
        """End every worker and the keeper thread (idempotent); the pool may be resized again."""
        _shutdown(self.workers, self._keeper)
        self._pending = []

    def __enter__(self) -> "Pool":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _shutdown(workers: list[_Worker], keeper: list) -> None:
    """The finalizer: at garbage collection or exit, end the workers and the keeper thread."""
    _kill(workers)
    workers.clear()
    if keeper[0] is not None:
        keeper[0].requests.put(None)
        keeper[0] = None
