"""The C extension of the double-dummy solver (belote_notation.analysis._dds).

Everything else is in pyproject.toml; setuptools builds this with the machine's C compiler on
``pip install -e '.[test]'`` (no other toolchain: see docs/review.md for why C and not numba or
Cython).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "belote_notation.analysis._dds",
            sources=["belote_notation/analysis/_dds.c"],
            extra_compile_args=["-O2"],
        )
    ]
)
