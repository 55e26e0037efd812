"""The compiled kernels must load unless the pure-Python twins were asked for."""
import os

import pytest

from cython_ext import select


def test_every_kernel_has_both_twins_on_disk():
    here = os.path.dirname(select.__file__)
    for name in select.kernel_names():
        assert os.path.exists(os.path.join(here, f"{name}_c.pyx")), f"{name}_py.py has no {name}_c.pyx"


@pytest.mark.skipif(select.pure_python_forced(), reason="GUILDHALL_PUREPYTHON=1 asks for the twins")
def test_compiled_kernels_loaded_when_expected():
    # a build that silently fell back to Python would pass every other test
    status = select.status()
    missing = {k: v for k, v in status.items() if v != "compiled"}
    assert not missing, f"compiled kernels expected but not loaded: {missing}"


def test_pure_python_flag_forces_twins():
    if select.pure_python_forced():
        assert all(v.startswith("python") for v in select.status().values())
