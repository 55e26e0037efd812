"""An asyncio face for :mod:`guildhall.client` (as python-chess has ``popen_uci`` beside ``SimpleEngine``).

Each call runs the synchronous client's call in a worker thread, one at a
time per engine (a lock keeps replies in step), so an event loop never
blocks on the engine.

>>> import asyncio
>>> async def main():                                     # doctest: +SKIP
...     eng = await popen_engine()
...     await eng.new_game("guildes", players=3, seed=1)
...     while (await eng.status()).chance:
...         await eng.push("random")
...     result = await eng.play(Limit(iterations=100))
...     await eng.quit()
...     return result.move
"""
from __future__ import annotations

import asyncio
import functools
from typing import Any, Iterable, Optional

from guildhall.client import Engine, Info, Limit, PlayResult, Settings  # noqa: F401 - re-exported

SEARCHES = ("play", "analyse")  # the calls that run a search (a cancelled one is told to stop)

__all__ = ["AsyncEngine", "popen_engine", "Limit"]


class AsyncEngine:
    """Every public method of :class:`guildhall.client.Engine`, as a coroutine."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._lock = asyncio.Lock()

    @property
    def options(self) -> dict:
        return self.engine.options

    @property
    def id(self) -> dict:
        return self.engine.id

    @property
    def settings(self) -> Optional[Settings]:
        """The last ``info string settings`` line read (``await eng.debug(True)`` first)."""
        return self.engine.settings

    async def _call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        async with self._lock:
            loop = asyncio.get_running_loop()
            fut = loop.run_in_executor(None, functools.partial(getattr(self.engine, name), *args, **kwargs))
            try:
                return await asyncio.shield(fut)
            except asyncio.CancelledError:
                # the worker thread still reads this call's replies: the lock stays held until it
                # is done (else the next call would read them), and a search is told to stop
                if name in SEARCHES:
                    try:
                        self.engine.send("stop")
                    except Exception:  # noqa: BLE001 - an engine already gone: the worker ends anyway
                        pass
                while not fut.done():
                    try:
                        await asyncio.wait({fut})
                    except asyncio.CancelledError:
                        continue
                raise

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or not callable(getattr(Engine, name, None)):
            raise AttributeError(name)

        async def call(*args: Any, **kwargs: Any) -> Any:
            return await self._call(name, *args, **kwargs)

        call.__name__ = name
        return call

    async def analyse_stream(self, limit: Optional[Limit] = None, searchmoves: Iterable[str] = ()):
        """Async iteration over an :class:`~guildhall.client.Analysis` (stop it by breaking out);
        the arguments of the sync ``analysis`` (no limit: infinite until the loop is left)."""
        async with self._lock:
            loop = asyncio.get_running_loop()
            an = await loop.run_in_executor(None, self.engine.analysis, limit, tuple(searchmoves))
            try:
                while True:
                    info = await loop.run_in_executor(None, next, an, None)
                    if info is None:
                        return
                    yield info
            finally:
                an.stop()
                await loop.run_in_executor(None, an.wait)

    async def __aenter__(self) -> "AsyncEngine":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self._call("quit")


async def popen_engine(args: Iterable[str] = (), timeout: float = 30.0,
                       env: Optional[dict] = None) -> AsyncEngine:
    """Start ``python -m guildhall engine`` without blocking the loop."""
    loop = asyncio.get_running_loop()
    eng = await loop.run_in_executor(None, functools.partial(Engine.popen, args, timeout, env))
    return AsyncEngine(eng)
