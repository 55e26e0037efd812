"""Builds every ``cython_ext/*_c.pyx`` kernel; metadata lives in pyproject.toml.

``GUILDHALL_PUREPYTHON=1`` at build time skips the extension: the pure-Python
twins beside each kernel are then used at run time.
"""
import glob
import os

from setuptools import setup

ext_modules = []
if os.environ.get("GUILDHALL_PUREPYTHON") != "1":
    import numpy
    from Cython.Build import cythonize
    from setuptools import Extension

    sources = sorted(glob.glob(os.path.join("cython_ext", "*_c.pyx")))
    # GUILDHALL_ONLY=kernel,guildes builds a subset while a kernel is in progress
    only = os.environ.get("GUILDHALL_ONLY")
    if only:
        wanted = {f"{name.strip()}_c.pyx" for name in only.split(",")}
        sources = [s for s in sources if os.path.basename(s) in wanted]
    extensions = [
        Extension(
            "cython_ext." + os.path.splitext(os.path.basename(src))[0],
            [src],
            include_dirs=[numpy.get_include()],
            define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
            extra_compile_args=["-O3"],
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
    )

setup(ext_modules=ext_modules)
