"""The page's templates: ``text % values`` for a template of ``%d`` and ``%s`` fields, in C.

A plain deal's page JSON (:mod:`.view_json`) is a few fixed templates filled with small
numbers, some 170 fields a deal; Python's ``%`` spends about 0.05 µs a field parsing the
field and making each number a string. :func:`template` returns a function of the values
that gives ``text % tuple(values)``: filled by the compiled ``_fill`` when it is built (an
exact int written in decimal, an exact str as it is, straight into one buffer), by Python's
``%`` otherwise (``BELOTE_PURE_PYTHON=1``, no C compiler). Any other value, or another count of
values, is handed to Python's ``%`` by the C too: the text, or the exception, is ``%``'s.

>>> trick = template('{"winner":%d,"cards":[%s]}')
>>> trick([2, "7,8"])
'{"winner":2,"cards":[7,8]}'
>>> trick((True, "7"))  # not an exact int: Python's own %d
'{"winner":1,"cards":[7]}'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from belote_notation.game.compiled import compiled

__all__ = ["COMPILED", "template"]

_FIELD = re.compile(r"%([ds])")


def _load() -> Callable[[str, tuple[bytes, ...], bytes, Sequence[Any]], str]:
    from belote_notation.render._fill import fill

    return fill


_FILL = compiled(_load)
COMPILED = _FILL is not None
"""Whether the templates are filled in C."""


def _format(text: str, values: Sequence[Any]) -> str:
    return text % tuple(values)


def template(text: str) -> Callable[[Sequence[Any]], str]:
    """``values -> text % tuple(values)`` (see the module docstring); ``text`` holds no ``%``
    but its ``%d`` and ``%s`` fields."""
    pieces = _FIELD.split(text)
    if any("%" in piece for piece in pieces[::2]) or not text.isascii():
        raise ValueError(f"an ASCII template of %d and %s fields only: {text!r}")
    if _FILL is None:
        return partial(_format, text)
    return partial(_FILL, text, tuple(piece.encode("ascii") for piece in pieces[::2]),
                   "".join(pieces[1::2]).encode("ascii"))
