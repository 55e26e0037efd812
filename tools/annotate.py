"""Which lines of the kernels' C functions still talk to Python (``cython -a``).

    python tools/annotate.py [KERNEL ...] [--html DIR]

Cythonizes each kernel of ``cython_ext/`` with the directives of ``setup.py``
and the annotation on, then lists, for every function the ``.pxd`` declares
``cdef`` (the C-only helpers and the ``nogil`` cores of the hot paths), the
lines that Cython had to turn into Python C-API calls: the yellow lines of
the HTML report.  Exits 1 when there is any, so a rule change that slows a
hot path down by reaching for a Python object fails here (and in
``tests/test_annotation.py``) instead of in a benchmark weeks later.
``cpdef`` entry points are not checked: converting their memoryview
arguments is their job.  Nor is a line that says why it must talk to Python
with a trailing ``# calls Python: <why>`` (the search loop calling the
kernels' ``cpdef`` API with the Rng object, and its optional Python callbacks).
"""
from __future__ import annotations

import argparse
import ast
import html
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KERNELS = os.path.join(HERE, "cython_ext")
DIRECTIVES = ("language_level=3", "boundscheck=False", "wraparound=False",
              "initializedcheck=False", "cdivision=True")
_LINE = re.compile(r'<pre class="cython line score-(\d+)"[^>]*>\+?<span class="">(\d+)</span>: (.*?)</pre>')
_CDEF = re.compile(r"^\s*cdef\s+(?!class\b|enum\b|struct\b|public\b|readonly\b|object\b)[^(=]*?\b(\w+)\s*\(")


def c_functions(pxd: str) -> set[str]:
    """Names the ``.pxd`` declares as ``cdef`` functions or methods (not ``cpdef``)."""
    with open(pxd, encoding="utf-8") as f:
        # a trailing comment may hold "name (" (a field's note), which is not a function
        code = (line.split("#", 1)[0] for line in f)
        return {m.group(1) for line in code if (m := _CDEF.match(line)) and "inline int* ptr" not in line
                and "inline double* dptr" not in line}


# one cython run per source and version: the scores and the warnings are read from the same run
_RUNS: dict[tuple[str, float], tuple[dict[int, int], list[str]]] = {}


def cythonized(py: str, out_dir: str) -> tuple[dict[int, int], list[str]]:
    """Line number -> Cython's Python-interaction score for ``py``, and Cython's
    ``warning:`` lines for it (not its performance hints)."""
    key = (py, os.path.getmtime(py))
    if key not in _RUNS:
        c_file = os.path.join(out_dir, os.path.basename(py)[:-3] + ".c")
        cmd = [sys.executable, "-m", "cython", "-a", "-I", HERE, "-o", c_file, py]
        for d in DIRECTIVES:
            cmd += ["-X", d]
        run = subprocess.run(cmd, check=True, cwd=HERE, capture_output=True, text=True)
        with open(c_file[:-2] + ".html", encoding="utf-8") as f:
            page = f.read()
        found = [ln.strip() for ln in (run.stdout + run.stderr).splitlines() if ln.startswith("warning:")]
        _RUNS[key] = ({int(m.group(2)): int(m.group(1)) for m in _LINE.finditer(page)}, found)
    return _RUNS[key]


def scores(py: str, out_dir: str) -> dict[int, int]:
    """Line number -> Cython's Python-interaction score for ``py``."""
    return cythonized(py, out_dir)[0]


def cython_warnings(name: str, out_dir: str) -> list[str]:
    """Cython's warnings for kernel ``name`` (an inline declaration without its body,
    unreachable code, a const pointer assigned to a plain one...)."""
    return cythonized(os.path.join(KERNELS, name + ".py"), out_dir)[1]


def yellow_lines(name: str, out_dir: str) -> list[tuple[str, int, str]]:
    """(function, line, source) for each Python-interacting line of a ``cdef`` function."""
    py = os.path.join(KERNELS, name + ".py")
    wanted = c_functions(os.path.join(KERNELS, name + ".pxd"))
    with open(py, encoding="utf-8") as f:
        source = f.read()
    lines = source.splitlines()
    score = scores(py, out_dir)
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and node.name in wanted:
            first = node.body[0].lineno
            if isinstance(node.body[0], ast.Expr) and isinstance(getattr(node.body[0], "value", None), ast.Constant):
                first = node.body[0].end_lineno + 1  # the docstring is not code
            for ln in range(first, node.end_lineno + 1):
                if (score.get(ln, 0) > 0 and lines[ln - 1].strip() and not lines[ln - 1].strip().startswith("#")
                        and "# calls Python:" not in lines[ln - 1]):
                    found.append((node.name, ln, lines[ln - 1].strip()))
    return found


def main(argv: list[str] | None = None) -> int:
    from cython_ext import kernel_names

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kernels", nargs="*", help="kernel names (default: all)")
    ap.add_argument("--html", help="keep the annotated HTML reports in this folder")
    args = ap.parse_args(argv)
    names = args.kernels or kernel_names()
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        out_dir = args.html or tmp
        os.makedirs(out_dir, exist_ok=True)
        for name in names:
            rows = yellow_lines(name, out_dir)
            bad += len(rows)
            print(f"{name}: {'clean' if not rows else f'{len(rows)} Python-interacting line(s)'}")
            for fn, ln, text in rows:
                print(f"  {name}.py:{ln} in {fn}: {html.unescape(text)[:100]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.path.insert(0, HERE)
    sys.exit(main())
