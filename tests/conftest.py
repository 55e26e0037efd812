"""Suite-wide settings: which kernels run, and a guard against silent fallback."""
import os

import pytest

from cython_ext import select

COMPILED_RUN = not select.pure_python_forced()


def pytest_report_header(config):
    return "guildhall kernels: " + ", ".join(f"{k}={v}" for k, v in select.status().items())


@pytest.fixture(scope="session")
def compiled() -> bool:
    """True when this run uses the compiled kernels (more random games fit)."""
    return COMPILED_RUN
