"""Hide the optional extras from every Python process started with this folder on
``PYTHONPATH`` (``.ci/run``'s last step): the README's test command installs ``.[dev]``
only, so a test that needs an extra must skip cleanly without it, here as there.

Python imports ``sitecustomize`` at start-up, so pytest's workers and every subprocess a
test starts (``guildhall serve``, ``guildhall engine``) see the same hidden modules."""
import importlib.abc
import sys

HIDDEN = frozenset({"starlette", "uvicorn", "websockets", "httpx", "playwright", "pyspiel",
                    "open_spiel", "pettingzoo", "gymnasium", "ray"})


class _Hide(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in HIDDEN:
            raise ModuleNotFoundError(f"No module named {name!r} (hidden: tests/without_extras)", name=name)
        return None


sys.meta_path.insert(0, _Hide())
