"""Every command module imports on its own, first, in a fresh interpreter.

``guildhall.cli`` registers the commands kept in their own modules when it is imported; a
command module that imported its helpers from ``guildhall.cli`` imported itself half-made
when it came first (``import guildhall.solve_cmd`` raised ImportError; the suite only met it
when a worker's first import was that module's doctest)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import guildhall

COMMANDS = sorted(["guildhall.cli", "guildhall.cli_options"]
                  + [f"guildhall.{p.stem}" for p in Path(guildhall.__file__).parent.glob("*_cmd.py")])


def test_the_command_modules_are_found():
    assert {"guildhall.solve_cmd", "guildhall.draw_cmd", "guildhall.serve_cmd", "guildhall.tune_cmd"} <= set(COMMANDS)


@pytest.mark.parametrize("module", COMMANDS)
def test_a_command_module_imports_first(module):
    run = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr


def test_the_command_line_loads_neither_numpy_nor_the_engine():
    # `guildhall --help` and the option lists (the reward names: cython_ext/reward_modes.py)
    # must not pay for numpy and the kernels at start-up
    code = ("import sys, guildhall.cli\n"
            "heavy = sorted(m for m in ('numpy', 'engine', 'search') if m in sys.modules)\n"
            "assert not heavy, heavy\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
