"""The switch of the compiled accelerators: ``BELOTE_PURE_PYTHON=1`` runs the pure-Python path.

The optional C extensions (the engine's ``play_cards``, the reader of canonical deals, the
solver) are built by ``setup.py`` where a C compiler works. The first two are accelerators
proven equal to the Python code they stand in for: with the variable set (read when the
modules are imported) that Python code runs instead, to compare or to measure it
(``bench/bench_chess.py --pure-python``). The solver has no Python twin and ignores it.

>>> PURE_PYTHON_VARIABLE
'BELOTE_PURE_PYTHON'
"""

from __future__ import annotations

import os

__all__ = ["PURE_PYTHON_VARIABLE", "pure_python"]

PURE_PYTHON_VARIABLE = "BELOTE_PURE_PYTHON"


def pure_python() -> bool:
    """True when the environment asks for the pure-Python path (any value but empty and ``0``).

    >>> isinstance(pure_python(), bool)
    True
    """
    return os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0")
