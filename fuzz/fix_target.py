"""The ``fix`` fuzz target: ``validate --fix`` (:func:`belote_notation.pipeline.fix.fix_text`) on
anything the bytes make (the first byte's low bit: the unsafe fixes too).

Properties:

* it raises nothing;
* every edit it applied writes a number over a number, a seat over a seat or a result word
  over a result word, and the fixed text is the input with exactly those edits made;
* the count line adds up (found = fixed + remaining);
* a second run changes nothing.
"""

from __future__ import annotations

import re

from belote_notation.pipeline.fix import fix_text
from belote_notation.pipeline.text_edits import TextWindow

__all__ = ["fix"]

_KINDS = (re.compile(r"-?\d+"), re.compile(r"[NESWnesw]"), re.compile(r"(?i:ns|ew)|\*"))


class PropertyFailed(AssertionError):
    """A property of the fix target does not hold for an input."""


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise PropertyFailed(message)


def _kind(text: str) -> int | None:
    return next((i for i, kind in enumerate(_KINDS) if kind.fullmatch(text)), None)


def fix(data: bytes) -> None:
    unsafe = bool(data[:1]) and data[0] & 1 == 1
    text = data[1:].decode("utf-8", "replace")
    result = fix_text(text, "fuzz.bel", unsafe=unsafe)
    _check(result.found == result.fixed + result.errors_remaining, "the counts do not add up")
    if not result.changed:
        _check(result.text == text, "a text said unchanged was changed")
        return
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    window = TextWindow(text[len(bom):], 1)
    edits = [edit for applied in result.applied for edit in applied.edits]
    for edit in edits:
        start, end = window.offset(edit.line, edit.col), window.offset(edit.end_line, edit.end_col)
        _check(start is not None and end is not None, f"an edit outside the text: {edit}")
        old = window.text[start:end]
        _check(_kind(old) is not None and _kind(old) == _kind(edit.replacement),
               f"an edit of {old!r} into {edit.replacement!r}")
    _check(result.text == bom + window.apply(edits), "the fixed text is not the input with its edits")
    again = fix_text(result.text, "fuzz.bel", unsafe=unsafe)
    _check(not again.changed, "a second run changed the text again")
