"""What the store keeps of a game besides its text and report, read in the checks' own pass.

The columns the filters read (tags, each deal's contract) and the key that tells two score
sheets apart come from the reading events, as the checks see them: the checker that reads an
upload is :class:`~belote_notation.check.as_read.AsReadChecker` (its report is the report), which
also keeps every tag pair as written and each deal's contract as bid, so a ``.bel`` upload goes
straight from its text to the checks, as ``validate`` reads it, without records. A game held as
records (another format, a review) is walked through the same visitor (``game.accept``), so both
ways give the same columns (:func:`columns_of`).

>>> from belote_notation.notation.read.reader import read_game_events
>>> checker = AsReadChecker(file="t.bel", keeps_deals=False)
>>> text = '[Event "club"]\\n[North "Sara"]\\ndeal 1 dealer N\\nsmsara E:take\\nend\\n'
>>> report = read_game_events(text, checker)
>>> columns = columns_of(checker)
>>> columns.tags, columns.tag_values()["event"], columns.contracts, columns.recorded
((('Event', 'club'), ('North', 'Sara')), 'club', {1: 'take'}, '')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from belote_notation.check.as_read import AsReadChecker, contract_of
from belote_notation.notation.fingerprint import fingerprint, recorded_text

if TYPE_CHECKING:  # records are read only for a score sheet (recorded_game)
    from belote_notation.notation.records import Game

__all__ = ["GameColumns", "columns_of", "contract_of", "recorded_key"]


@dataclass(frozen=True, slots=True)
class GameColumns:
    """A game's tag pairs (as written, in order), the contract of the first deal of each number
    (:func:`contract_of`), and its :func:`recorded_key`."""

    tags: tuple[tuple[str, str], ...]
    contracts: dict[int, str | None]
    recorded: str = ""

    def tag_values(self) -> dict[str, str]:
        """Each tag's value by its name in lower case: the last pair of that name, as the
        records' ``Game.header`` reads it."""
        return {name.lower(): value for name, value in self.tags}


def recorded_key(game: Game) -> str:
    """``""`` for a game whose every deal records cards (its fingerprint tells it); else the
    fingerprint of what identifies a score sheet besides its play
    (:func:`~belote_notation.notation.fingerprint.recorded_text`: its Event, Site, Date and
    Round, its result and every claimed score), so that two club nights of the same four
    players are two games.

    >>> from belote_notation.notation.records import Deal, Game, Score
    >>> recorded_key(Game(deals=[Deal(number=1, score=Score(ns=102, ew=60))]))
    'bel1:aa0631a41211e6afb37f31ce3af2bdb0'
    """
    text = recorded_text(game)
    return fingerprint(text) if text else ""


def columns_of(checker: AsReadChecker, recorded: str = "") -> GameColumns:
    """The columns of the game ``checker`` read (``recorded``: its :func:`recorded_key`, which the
    caller works out from records when the checker's ``card_less``)."""
    return GameColumns(tuple(checker.tag_pairs), checker.contracts, recorded)
