"""No C function of a kernel talks to Python (tools/annotate.py, i.e. ``cython -a``)."""
import os
import sys

import pytest

from cython_ext import kernel_names, pure_python_forced

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "tools"))
import annotate  # noqa: E402

pytest.importorskip("Cython")
pytestmark = pytest.mark.skipif(pure_python_forced(), reason="checks the compiled C; once per CI run is enough")


@pytest.mark.parametrize("name", kernel_names())
def test_cdef_functions_have_no_python_interaction(name, tmp_path):
    rows = annotate.yellow_lines(name, str(tmp_path))
    assert not rows, "\n".join(f"{name}.py:{ln} in {fn}: {text}" for fn, ln, text in rows)


@pytest.mark.parametrize("name", kernel_names())
def test_cython_compiles_the_kernel_without_a_warning(name, tmp_path):
    # the same cython run as the check above (tools/annotate.py keeps it)
    assert annotate.cython_warnings(name, str(tmp_path)) == []


def test_the_warning_check_finds_a_warning(tmp_path, monkeypatch):
    (tmp_path / "probe.pxd").write_text("cdef int probe(int n)\n")
    (tmp_path / "probe.py").write_text("def probe(n):\n    return n\n    return 0\n")
    monkeypatch.setattr(annotate, "KERNELS", str(tmp_path))
    assert [w.split(": ")[-1] for w in annotate.cython_warnings("probe", str(tmp_path))] == ["Unreachable code"]


def test_the_solver_loops_layers_are_each_checked():
    # the loop was one module until session 13; each layer is a kernel of its own now
    assert {"solver_rows", "solver_descent", "solver_search", "solver_table"} <= set(kernel_names())


def test_the_check_finds_a_python_call(tmp_path, monkeypatch):
    # the check itself must be able to fail: a cdef function that builds a list
    (tmp_path / "probe.pxd").write_text("cdef int probe(int n)\n")
    (tmp_path / "probe.py").write_text("def probe(n):\n    xs = [n]\n    return len(xs)\n")
    monkeypatch.setattr(annotate, "KERNELS", str(tmp_path))
    rows = annotate.yellow_lines("probe", str(tmp_path))
    assert [r[0] for r in rows] == ["probe", "probe"]


def test_a_fields_comment_names_no_function(tmp_path):
    # "cdef int* seen  # the walk (reset by ...)" declares a field, not a function "walk"
    pxd = tmp_path / "fields.pxd"
    pxd.write_text("cdef class K:\n    cdef int* seen  # the walk (reset by clear)\n    cdef int clear(self)\n")
    assert annotate.c_functions(str(pxd)) == {"clear"}
