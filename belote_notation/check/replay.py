"""Replaying a game for people: the validator's run, kept step by step for display.

:func:`replay_game` validates a game (same checks, same findings) and keeps, for every
deal, the engine state after the deal and a :class:`~belote_notation.check.validator.TrickTrace`
per trick, which ``belote-replay show`` turns into a table diagram and a trick list.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from belote_notation.game.cards import Deck
from belote_notation.notation.records import Deal, Game
from belote_notation.check.validator import TrickTrace, validate_game
from belote_notation.check.report import DealReport, GameReport
from belote_notation.check.setup import ValidationConfig

__all__ = ["DealReplay", "GameReplay", "replay_game"]


@dataclass(slots=True)
class DealReplay:
    """One deal as replayed: the record, the engine state at its end, tricks and score."""

    deal: Deal
    report: Optional[DealReport]
    state: Any = None
    """The engine's ``DealState`` after the last card (``None`` when the deal was not replayed)."""
    tricks: list[TrickTrace] = field(default_factory=list)

    @property
    def start_hands(self) -> Optional[list[int]]:
        """The hands as dealt (masks N E S W): the 8-card hands when known, else the first
        five cards (a dead deal stops there), else ``None``."""
        if self.state is None:
            return None
        if self.state.hands_known:
            return list(self.state.full_hands)
        if self.state.five is not None:
            return list(self.state.five)
        return None

    @property
    def hands_complete(self) -> bool:
        return self.state is not None and self.state.hands_known


@dataclass(slots=True)
class GameReplay:
    game: Game
    report: GameReport
    deck: Deck
    deals: list[DealReplay] = field(default_factory=list)


def replay_game(game: Game, file: str = "<string>", number: int = 1,
                config: ValidationConfig = ValidationConfig(), syntax: Any = ()) -> GameReplay:
    """Validate ``game`` and keep every deal's replay for display."""
    trace: dict[int, Any] = {}
    report = validate_game(game, file, number, config, syntax, trace)
    deck = Deck(report.deck) if report.deck in ("french", "spanish") else Deck.FRENCH
    by_number = {d.number: d for d in report.deals}
    replays = []
    for deal in game.deals:
        state, tricks = trace.get(deal.number, (None, None))
        replays.append(DealReplay(deal, by_number.get(deal.number), state, tricks or []))
    return GameReplay(game, report, deck, replays)
