"""Compiles every kernel of ``cython_ext/`` with Cython; metadata lives in pyproject.toml.

A kernel is a typed ``.py`` source with its ``.pxd`` beside it (Cython's
pure-Python mode), so the same file also runs interpreted.
``GUILDHALL_PUREPYTHON=1`` at build time skips the extension;
``GUILDHALL_ONLY=kernel,guildes`` builds a subset while a kernel is in progress;
``GUILDHALL_ASAN=1`` builds with AddressSanitizer (``bench/asan_sessions.py``).
"""
import glob
import os

from setuptools import setup

JOBS = os.cpu_count() or 1  # the build's processes: an install builds about 60 modules

ext_modules = []
if os.environ.get("GUILDHALL_PUREPYTHON") != "1":
    import numpy
    from Cython.Build import cythonize
    from setuptools import Extension

    sources = sorted(p[:-4] + ".py" for p in glob.glob(os.path.join("cython_ext", "*.pxd"))
                     if os.path.exists(p[:-4] + ".py"))
    only = os.environ.get("GUILDHALL_ONLY")
    if only:
        wanted = {name.strip() for name in only.split(",")}
        sources = [s for s in sources if os.path.splitext(os.path.basename(s))[0] in wanted]
    # The search arena (the loop and its tree layers) and the solver table read
    # some words through a second type (int as float, 64-bit keys); each word
    # keeps one type, but C's aliasing rule would still let the optimiser
    # reorder such reads.
    no_strict_aliasing = {"ismcts", "tree_nodes", "tree_segments", "tree_lists", "tree_values", "tree_compact",
                          "tree_selection", "solver_table"}

    # GUILDHALL_ASAN=1: AddressSanitizer (bench/asan_sessions.py, .ci/asan), to find the
    # out-of-bounds accesses unchecked C indexing would let corrupt memory silently
    asan = os.environ.get("GUILDHALL_ASAN") == "1"
    sanitize = ["-fsanitize=address", "-fno-omit-frame-pointer"]

    def compile_args(name: str) -> list:
        opt = ["-O1", "-g"] + sanitize if asan else ["-O3"]
        return opt + (["-fno-strict-aliasing"] if name in no_strict_aliasing else [])

    extensions = [
        Extension(
            "cython_ext." + os.path.splitext(os.path.basename(src))[0],
            [src],
            include_dirs=[numpy.get_include()],
            define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
            extra_compile_args=compile_args(os.path.splitext(os.path.basename(src))[0]),
            extra_link_args=sanitize if asan else [],
        )
        for src in sources
    ]
    ext_modules = cythonize(
        extensions,
        compiler_directives={
            "language_level": 3,
            "boundscheck": False,
            "wraparound": False,
            "initializedcheck": False,
            "cdivision": True,
        },
        quiet=True,
        nthreads=JOBS,  # Cython's translation, one module a process
    )

setup(ext_modules=ext_modules, options={"build_ext": {"parallel": JOBS}})  # the C compiles too (-j)
