"""Replaying a game for people: the checks' run, kept deal by deal for ``belote-replay show``.

:func:`replay_game` validates a game (same checks, same findings) and keeps, for every deal
by its POSITION in the game (two deals may be written with the same number), the engine
state and a :class:`~belote_notation.check.context.TrickTrace` per trick.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from belote_notation.check.checker import DEFAULT_CONFIG
from belote_notation.check.context import TrickTrace
from belote_notation.check.findings import Finding
from belote_notation.check.report import DealReport, GameReport
from belote_notation.check.setup import ValidationConfig
from belote_notation.check.validator import validate_game
from belote_notation.game.cards import Deck
from belote_notation.game.engine import DealState, hands_dealt, hands_known
from belote_notation.notation.records import Deal, Game

__all__ = ["DealReplay", "GameReplay", "ReplayRecorder", "replay_game"]


@dataclass(slots=True)
class DealReplay:
    """One deal as replayed: the record, the engine state at its end, tricks and score."""

    deal: Deal
    report: DealReport | None
    state: DealState | None = None
    """The engine's ``DealState`` after the last card (``None`` when the deal was not replayed)."""
    tricks: list[TrickTrace] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    """The findings about this deal."""

    @property
    def start_hands(self) -> list[int] | None:
        """The hands as dealt (masks N E S W): the 8-card hands when known, else the first
        five cards (a dead deal stops there), else ``None``."""
        return hands_dealt(self.state) if self.state is not None else None

    @property
    def hands_complete(self) -> bool:
        return self.state is not None and hands_known(self.state)


@dataclass(slots=True)
class GameReplay:
    game: Game
    report: GameReport
    deck: Deck
    deals: list[DealReplay] = field(default_factory=list)


class ReplayRecorder:
    """A :class:`~belote_notation.check.context.DealObserver` keeping each deal's replay by
    position."""

    def __init__(self) -> None:
        self.deals: dict[int, tuple[DealState, list[TrickTrace]]] = {}

    def deal_started(self, position: int, state: DealState, tricks: list[TrickTrace]) -> None:
        self.deals[position] = (state, tricks)


def replay_game(game: Game, file: str = "<string>", number: int = 1,
                config: ValidationConfig = DEFAULT_CONFIG, syntax: Iterable[Finding] = ()) -> GameReplay:
    """Validate ``game`` and keep every deal's replay for display.

    >>> from belote_notation.notation.reader import parse_text
    >>> game = parse_text("deal 1 dealer N\\nsmsara N:take S\\ntrick 1 E:AS\\nend\\n")[0].game
    >>> replay = replay_game(game)
    >>> [(d.deal.number, d.hands_complete, len(d.tricks)) for d in replay.deals]
    [(1, True, 0)]
    """
    recorder = ReplayRecorder()
    report = validate_game(game, file, number, config, syntax, recorder)
    deck = Deck(report.deck) if report.deck in ("french", "spanish") else Deck.FRENCH
    reports = report.deals if len(report.deals) == len(game.deals) else []
    replays = []
    for position, deal in enumerate(game.deals):
        state, tricks = recorder.deals.get(position, (None, []))
        replays.append(DealReplay(deal, reports[position] if reports else None, state, tricks))
    for finding in report.findings:
        at = _position_of(game, finding)
        if at is not None:
            replays[at].findings.append(finding)
    return GameReplay(game, report, deck, replays)


def _position_of(game: Game, finding: Finding) -> int | None:
    """The deal a finding is about: the last deal with its number that starts at or before it
    (two deals may share a number)."""
    if finding.deal is None:
        return None
    found = None
    for position, deal in enumerate(game.deals):
        if deal.number == finding.deal and (found is None or deal.line <= finding.line):
            found = position
    return found
