"""Each kernel runs compiled unless the interpreted mode was asked for, and says so."""
import os
import subprocess
import sys

import pytest

from cython_ext import select


def test_every_kernel_is_one_source_with_its_declarations():
    here = os.path.dirname(select.__file__)
    for name in select.kernel_names():
        assert os.path.exists(os.path.join(here, f"{name}.py"))
        assert os.path.exists(os.path.join(here, f"{name}.pxd"))


@pytest.mark.skipif(select.pure_python_forced(), reason="GUILDHALL_PUREPYTHON=1 asks for the interpreted kernels")
def test_compiled_kernels_loaded_when_expected():
    # a build that silently fell back to Python would pass every other test
    status = select.status()
    missing = {k: v for k, v in status.items() if v != "compiled"}
    assert not missing, f"compiled kernels expected but not loaded: {missing}"


def test_pure_python_flag_loads_the_sources():
    if select.pure_python_forced():
        assert all(v.startswith("interpreted") for v in select.status().values())
        assert all(select.mode(select.load(n)) == "interpreted" for n in select.kernel_names())


def test_interpreted_modules_are_always_the_sources():
    for name in select.kernel_names():
        compiled, interpreted = select.twins(name)
        assert interpreted.__file__.endswith(f"{name}.py")
        assert select.mode(interpreted) == "interpreted"
        assert compiled is None or select.mode(compiled) == "compiled"


def test_interpreted_mode_needs_no_cython_installed():
    # a plain `pip install .` has Cython only in its build environment: the
    # interpreted kernels must then run on the shim of cython_ext.shim
    code = (
        "import sys; sys.modules['cython'] = None\n"
        "from cython_ext import select\n"
        "mods = [select.load(n) for n in select.kernel_names()]\n"
        "assert all(select.mode(m) == 'interpreted' for m in mods), mods\n"
        "from cython_ext.shim import compiled; assert compiled is False\n"
        "r = select.load('kernel').Rng(5); print(r.next64())\n"
    )
    env = dict(os.environ, GUILDHALL_PUREPYTHON="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    compiled_first = select.twins("kernel")[1].Rng(5).next64()
    assert int(out.stdout) == compiled_first
