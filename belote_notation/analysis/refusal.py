"""A question the analysis refuses, said as a message of the catalogues (docs/languages.md).

The solver answers a question in full or refuses it (past its budget, a deal it cannot solve
there); the refusal's words are a :class:`~belote_notation.game.lang.Message`, so ``solve`` says
them in the language asked, while ``str()`` stays the English text (what a program that catches
``ValueError`` reads; ``annotate`` writes none of them into a file, which stays English).

>>> from belote_notation.game.lang import msg, render
>>> refused = Refusal(msg("the record stops before trick %(trick)s card %(card)s", trick=8, card=4))
>>> str(refused)
'the record stops before trick 8 card 4'
>>> render(refused.reason, "fr")
"la partie notée s'arrête avant le pli 8 carte 4"
"""

from __future__ import annotations

from typing import Any

from belote_notation.game.lang import Message, render

__all__ = ["Refusal"]


class Refusal(ValueError):
    """A question refused: ``reason`` the message, ``str()`` its English text."""

    def __init__(self, reason: Message) -> None:
        super().__init__(render(reason))
        self.reason = reason

    def __reduce__(self) -> tuple[Any, ...]:  # picklable: a review may run in a worker process
        return (type(self), (self.reason,))
