"""The terminal: where the commands print. The outputs themselves are the library's
(:mod:`belote_notation.pipeline.output`)."""

from __future__ import annotations

import sys

from belote_notation.game.cards import FRENCH_SUITS, SUIT_SYMBOLS

__all__ = ["ConsoleStream"]


class ConsoleStream:
    """Writes to whatever ``sys.stdout``/``sys.stderr`` is at the time of writing (it follows
    rich's redirection while a progress bar shows), and never fails on a narrow console: on an
    encoding that cannot print the suit symbols (``PYTHONIOENCODING=cp1252``, a Windows console
    redirected to a file) they become letters (``♠`` → ``S``), anything else unprintable ``?``.
    """

    _LETTERS = str.maketrans(SUIT_SYMBOLS, FRENCH_SUITS)

    def __init__(self, name: str) -> None:
        self.name = name

    def write(self, text: str) -> int:
        stream = getattr(sys, self.name)
        try:
            return int(stream.write(text))
        except UnicodeEncodeError:
            encoding = getattr(stream, "encoding", None) or "ascii"
            narrow = text.translate(self._LETTERS).encode(encoding, "replace").decode(encoding)
            return int(stream.write(narrow))

    def flush(self) -> None:
        getattr(sys, self.name).flush()
