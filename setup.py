"""The optional C extensions: the double-dummy solver (belote_notation.analysis._dds) and the
accelerators of validate and reading (the engine's play_cards, belote_notation.game.engine._play;
the reader of canonical deals, belote_notation.notation.read._canon; the page's templates,
belote_notation.render._fill: docs/speed.md).

Everything else is in pyproject.toml; setuptools builds these with the machine's C compiler on
``pip install -e '.[test]'`` (no other toolchain: see docs/review.md for why C and not numba or
Cython). Without a working compiler the install still succeeds without them: every command
works but ``solve`` and ``annotate``, which then say in one line how to get the solver, and
validate and reading run on their pure-Python path (the same results, slower).
``.ci/no-compiler`` proves that install.
"""

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import BaseError, CCompilerError

_NOT_BUILT = """
********************************************************************************
belote-notation: {what} ({name}) was NOT built: {error}
{lost}
To get it, install a C compiler (gcc or clang, and the Python headers:
python3-dev on Debian) and install belote-notation again.
********************************************************************************
"""
_LOST = {
    "belote_notation.analysis._dds": (
        "the double-dummy solver",
        "Everything installs and works except `belote-replay solve` and `belote-replay annotate`."),
}
_ACCELERATOR = ("a compiled accelerator", "Everything installs and works; validate and reading run on the "
                "pure-Python path\n(the same results, slower: docs/speed.md).")


class OptionalBuildExt(build_ext):
    """``build_ext`` that says clearly what is lost when an optional extension fails to build
    (setuptools' own ``optional=True`` then skips it with a one-line warning)."""

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except (CCompilerError, BaseError) as exc:  # what setuptools' optional=True skips
            if not ext.optional:
                raise
            what, lost = _LOST.get(ext.name, _ACCELERATOR)
            print(_NOT_BUILT.format(what=what, name=ext.name, error=exc, lost=lost), flush=True)
            raise


setup(
    cmdclass={"build_ext": OptionalBuildExt},
    ext_modules=[
        Extension(
            "belote_notation.analysis._dds",
            sources=["belote_notation/analysis/_dds.c"],
            extra_compile_args=["-O2"],
            optional=True,
        ),
        Extension(  # the engine's fast paths compiled (play, set-up of a deal): every command runs without it
            "belote_notation.game.engine._play",
            sources=["belote_notation/game/engine/_play.c", "belote_notation/game/engine/_steps.c"],
            extra_compile_args=["-O2"],
            optional=True,
        ),
        Extension(  # the compiled reader of canonical deals: validate and reading run without it
            "belote_notation.notation.read._canon",
            sources=["belote_notation/notation/read/_canon.c", "belote_notation/notation/read/_print.c",
                     "belote_notation/notation/read/_parts.c"],
            extra_compile_args=["-O2"],
            optional=True,
        ),
        Extension(  # the page's templates filled in C (render/fill.py): render runs without it
            "belote_notation.render._fill",
            sources=["belote_notation/render/_fill.c"],
            extra_compile_args=["-O2"],
            optional=True,
        ),
    ],
)
