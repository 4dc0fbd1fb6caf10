"""The switch of the compiled accelerators: ``BELOTE_PURE_PYTHON=1`` runs the pure-Python path.

The optional C extensions (the engine's ``play_cards``, the reader of canonical deals, the
page's templates, the solver) are built by ``setup.py`` where a C compiler works. The first
three are accelerators proven equal to the Python code they stand in for: with the variable
set (read when the modules are imported) that Python code runs instead, to compare or to
measure it (``bench/bench_chess.py --pure-python``). The solver has no Python twin and ignores it.

>>> PURE_PYTHON_VARIABLE
'BELOTE_PURE_PYTHON'
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TypeVar

__all__ = ["PURE_PYTHON_VARIABLE", "compiled", "pure_python"]

T = TypeVar("T")

PURE_PYTHON_VARIABLE = "BELOTE_PURE_PYTHON"


def pure_python() -> bool:
    """True when the environment asks for the pure-Python path (any value but empty and ``0``).

    >>> isinstance(pure_python(), bool)
    True
    """
    return os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0")


def compiled(load: Callable[[], T]) -> T | None:
    """What ``load`` takes from a compiled extension (it imports the extension), or ``None``
    when the pure-Python path is asked for or the extension is not built: the one place that
    decides which path a module binds at import.

    >>> def load() -> str:
    ...     import belote_notation.no_such_extension  # noqa: F401  (not built)
    ...     return "compiled"
    >>> compiled(load) is None
    True
    """
    if pure_python():
        return None
    try:
        return load()
    except ImportError:
        return None
