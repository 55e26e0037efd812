"""Guildes' rules in modules (session 12): the constants stay readable where the
engine reads them, and no layer writes a method that another layer holds.

``guildes_layout.pxd`` declares the constants once; ``guildes_rules`` copies
them into its module at import (the engine, the tests and the layers above
import them from there), compiled and interpreted.
"""
from __future__ import annotations

import os

import pytest

from cython_ext import select
from cython_ext.shim import enum_constants

LAYERS = ["guildes_layout", "guildes_round_end", "guildes_tricks", "guildes_rules"]
CLASSES = ["GuildesLayout", "GuildesRoundEnd", "GuildesTricks", "GuildesRules"]
DECLARED = enum_constants(os.path.join(os.path.dirname(select.__file__), "guildes_layout.py"))


def modules_in_use():
    compiled, interpreted = select.twins("guildes_rules")
    return [m for m in (compiled, interpreted) if m is not None]


def test_the_layout_declares_every_constant_of_the_rules():
    # phases, the view's marker, event effects, trick kinds: the names the engine reads
    for name in ("EVENT", "DEAL", "DRAFT", "PLAY", "OVER", "TDEAL", "REDIS", "RDEAL", "START", "TRICK", "DRAW",
                 "DPICK", "CHOSEN", "FEWER", "NOTIES", "SEQ", "REDIST", "ONETWO", "FACEDOWN",
                 "PROTECT", "SWAPT", "SACRIF", "DRAWD", "SWAPH", "VIRT"):
        assert name in DECLARED, name


@pytest.mark.parametrize("module", modules_in_use(), ids=select.mode)
def test_rules_module_exposes_the_layouts_constants(module):
    for name, value in DECLARED.items():
        assert getattr(module, name) == value, name


def test_the_engine_reads_the_same_constants():
    from engine.guildes import checks, game

    for module, names in ((game, ("DRAW", "EVENT", "NOTIES", "RDEAL", "TRICK", "VIRT")),
                          (checks, ("CHOSEN", "DEAL", "DPICK", "DRAFT", "OVER", "PLAY"))):
        for name in names:
            assert getattr(module, name) == DECLARED[name], name


def test_each_method_is_written_in_one_layer():
    # interpreted, every method of a layer is in its class's __dict__ (compiled, the cdef ones are not)
    _, rules = select.twins("guildes_rules")
    chain = rules.GuildesRules.__mro__
    layers = [next(c for c in chain if c.__name__ == name) for name in CLASSES]
    assert [c.__module__.rsplit(".", 1)[1] for c in layers] == LAYERS
    seen: dict[str, str] = {}
    for cls in layers:
        for name, value in vars(cls).items():
            if callable(value) and not name.startswith("__"):
                assert name not in seen, f"{name} in {seen.get(name)} and {cls.__name__}"
                seen[name] = cls.__name__
    for method in ("c_effect", "c_end_round", "c_trick_legal", "c_apply_trick", "c_apply", "c_legal", "c_to_move"):
        assert method in seen, method
