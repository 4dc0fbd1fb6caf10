"""Replaying a game for people: the checks' run, kept deal by deal for ``belote-replay show``.

:func:`replay_game` validates a game (same checks, same findings) and keeps, for every deal
by its POSITION in the game (two deals may be written with the same number), the engine
state and a :class:`~belote_notation.check.context.TrickTrace` per trick. What a drawing
needs to know about a deal is answered here, from that run or from the record, so that
``render`` decides no rule: the dealer, the calls' seats, the contract, a dead deal, and the
hands to show (:meth:`DealReplay.hands_to_show`: as dealt, as recorded, or worked out from
the tricks).
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from belote_notation.check.checker import DEFAULT_CONFIG, GameChecker
from belote_notation.check.context import TrickTrace
from belote_notation.check.findings import Finding
from belote_notation.check.report import DealReport, GameReport
from belote_notation.check.setup import ValidationConfig
from belote_notation.check.validator import validate_game
from belote_notation.game.cards import Deck
from belote_notation.game.engine import (
    Contract,
    DealState,
    calls,
    contract,
    contract_name,
    dealer,
    hands_dealt,
    hands_known,
    is_dead,
)
from belote_notation.game.engine.auction import BID_ACTIONS
from belote_notation.game.rules import Ruleset
from belote_notation.notation.issues import SyntaxIssue
from belote_notation.notation.read.build import RecordBuilder
from belote_notation.notation.read.reader import read_game_events
from belote_notation.notation.read.stream import GameText
from belote_notation.notation.records import Deal, Game, Hand
from belote_notation.notation.tee import Tee

__all__ = ["DealHands", "DealReplay", "GameReplay", "NumberedDeal", "ReadReplay", "ReplayRecorder",
           "call_name", "findings_by_deal", "replay_game", "replay_text"]


class DealHands(NamedTuple):
    """The hands to show for a deal (masks N E S W) and where they come from."""

    masks: list[int]
    complete: bool
    """All eight cards of every hand are known."""
    from_tricks: bool = False
    """Worked out from the eight recorded tricks (the deal was not replayed, no hand recorded)."""


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

    @property
    def dealer(self) -> int | None:
        """Who dealt: the engine's dealer, else the record's (``None`` when neither says)."""
        return dealer(self.state) if self.state is not None else self.deal.dealer

    @property
    def rules(self) -> Ruleset | None:
        """The rules the deal was replayed with."""
        return self.state.rules if self.state is not None else None

    @property
    def call_seats(self) -> tuple[int, ...]:
        """The seat of each call the engine accepted, in order."""
        return tuple(call[0] for call in calls(self.state)) if self.state is not None else ()

    @property
    def contract(self) -> Contract | None:
        """The contract as the engine settled it (``None``: nobody took, or not replayed)."""
        return contract(self.state) if self.state is not None else None

    @property
    def contract_name(self) -> str | None:
        """A contrée contract in words (``80♥``, ``capot ♠``); ``None`` for any other deal."""
        taken = self.contract
        if taken is None or taken.kind is None:
            return None
        return contract_name("bid" if taken.kind == "points" else taken.kind, taken.trump, taken.value)

    @property
    def dead(self) -> bool:
        """Everybody passed: nobody plays the deal."""
        return self.state is not None and is_dead(self.state)

    def hands_to_show(self) -> DealHands | None:
        """The hands as dealt when the replay knows them all; else as the record gives them
        when it gives them whole (or the replay knows none); else the replay's first cards;
        else worked out from eight recorded tricks of four cards with their seats; else ``None``.

        >>> from belote_notation.notation.read.reader import parse_text
        >>> tricks = "".join(f"trick {t} N:{r}S E:{r}H S:{r}D W:{r}C\\n"
        ...                  for t, r in enumerate("7 8 9 10 J Q K A".split(), start=1))
        >>> game = parse_text(f"deal 1 dealer N\\nsmsara E:take S\\n{tricks}end\\n")[0].game
        >>> hands = replay_game(game).deals[0].hands_to_show()
        >>> [mask.bit_count() for mask in hands.masks], hands.complete, hands.from_tricks
        ([8, 8, 8, 8], True, False)
        """
        hands, complete = self.start_hands, self.hands_complete
        if hands is None or not complete:
            recorded = _recorded_hands(self.deal)
            if recorded is not None and (hands is None or recorded.complete):
                return recorded
        if hands is not None:
            return DealHands(hands, complete)
        played = _played_hands(self.deal)
        return DealHands(played, True, from_tricks=True) if played is not None else None


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
    """Validate ``game`` (records: the JSON twin's, a converter's, a program's) and keep every
    deal's replay for display. A ``.bel`` text is replayed as it is read (:func:`replay_text`),
    without records read and then walked.

    >>> from belote_notation.notation.read.reader import parse_text
    >>> game = parse_text("deal 1 dealer N\\nsmsara N:take S\\ntrick 1 E:AS\\nend\\n")[0].game
    >>> replay = replay_game(game)
    >>> [(d.deal.number, d.hands_complete, len(d.tricks)) for d in replay.deals]
    [(1, True, 0)]
    """
    recorder = ReplayRecorder()
    report = validate_game(game, file, number, config, syntax, recorder)
    return _assembled(game, report, recorder)


class ReadReplay(NamedTuple):
    """A game's text read once (:func:`replay_text`): its records, its syntax issues, its replay."""

    game: Game
    errors: list[SyntaxIssue]
    replay: GameReplay


def replay_text(text: str | GameText, file: str = "<string>", config: ValidationConfig = DEFAULT_CONFIG,
                first_line: int = 1) -> ReadReplay:
    """Read the text of one game ONCE into the checks (the replay kept) and the records: the
    reader's events go to both (:class:`~belote_notation.notation.tee.Tee`), nothing is walked
    again. The replay is :func:`replay_game`'s of the records with their syntax issues (the
    same findings, report and deals); the game's number is its place in its file (a
    :class:`~belote_notation.notation.read.stream.GameText` from the splitter), else 1.

    >>> read = replay_text("deal 1 dealer N\\nsmsara N:take S\\ntrick 1 E:AS\\nend\\n", "t.bel")
    >>> [(d.deal.number, d.hands_complete, len(d.tricks)) for d in read.replay.deals], read.errors
    ([(1, True, 0)], [])
    """
    recorder = ReplayRecorder()
    checker = GameChecker(config, file, 1, recorder)
    report, parsed = read_game_events(text, Tee(checker, RecordBuilder()), file, first_line)
    return ReadReplay(parsed.game, parsed.errors, _assembled(parsed.game, report, recorder))


def _assembled(game: Game, report: GameReport, recorder: ReplayRecorder) -> GameReplay:
    """The replay of ``game`` from its report and what ``recorder`` kept of its deals."""
    deck = Deck(report.deck) if report.deck in ("french", "spanish") else Deck.FRENCH
    reports = report.deals if len(report.deals) == len(game.deals) else []
    replays = []
    for position, deal in enumerate(game.deals):
        state, tricks = recorder.deals.get(position, (None, []))
        replays.append(DealReplay(deal, reports[position] if reports else None, state, tricks))
    for replay, placed in zip(replays, findings_by_deal(game.deals, report.findings), strict=True):
        replay.findings.extend(placed)
    return GameReplay(game, report, deck, replays)


class NumberedDeal(Protocol):
    """A deal as a game places findings on it: its number and the line it starts at (a record,
    or the checks' facts of a deal read as text)."""

    @property
    def number(self) -> int: ...

    @property
    def line(self) -> int: ...


def findings_by_deal(deals: Sequence[NumberedDeal], findings: Iterable[Finding]) -> list[list[Finding]]:
    """``findings`` placed on the deal each is about, one list a deal (in ``deals``' order); a
    finding about no deal is left out. Two deals may share a number: a finding goes to the last
    of them that starts at or before it.

    >>> from belote_notation.notation.records import Deal
    >>> found = [Finding("BEL301", "error", "S played out of turn", "x.bel", 9, 1, deal=1)]
    >>> [len(f) for f in findings_by_deal([Deal(number=1, line=2), Deal(number=1, line=8)], found)]
    [0, 1]
    """
    index = _DealIndex(deals)
    placed: list[list[Finding]] = [[] for _ in deals]
    for finding in findings:
        at = index.position_of(finding)
        if at is not None:
            placed[at].append(finding)
    return placed


class _DealIndex:
    """The deals of a game by number, built once, so that placing every finding costs time
    linear in the game (issue 22: looking each one up by scanning every deal was quadratic)."""

    def __init__(self, deals: Sequence[NumberedDeal]) -> None:
        self.by_number: dict[int, tuple[list[int], list[int]]] = {}
        for position, deal in enumerate(deals):
            positions, lines = self.by_number.setdefault(deal.number, ([], []))
            positions.append(position)
            lines.append(deal.line)
        self.ordered = {number: all(a <= b for a, b in itertools.pairwise(lines))
                        for number, (_, lines) in self.by_number.items()}

    def position_of(self, finding: Finding) -> int | None:
        """The deal a finding is about: the last deal with its number that starts at or before
        it, else the first with its number (two deals may share a number)."""
        if finding.deal is None or finding.deal not in self.by_number:
            return None
        positions, lines = self.by_number[finding.deal]
        if self.ordered[finding.deal]:
            k = bisect.bisect_right(lines, finding.line)
            return positions[max(k - 1, 0)]
        found = positions[0]
        for position, line in zip(positions, lines, strict=True):
            if line <= finding.line:
                found = position
        return found


def call_name(action: str, suit: int | None, value: int | None) -> str | None:
    """A contrée call that makes a contract, in words; ``None`` for the other calls.

    >>> call_name("bid", 1, 80), call_name("generale", 4, None), call_name("coinche", None, None)
    ('80♥', 'générale SA', None)
    """
    return contract_name(action, suit, value) if action in BID_ACTIONS else None


def _recorded_hands(deal: Deal) -> DealHands | None:
    """The hands as the record gives them: the eight-card hands, else the first five cards with
    the rest (and the offer to the taker), else the first five."""
    if deal.hands:
        held = _masks(deal.hands)
        return DealHands(held, all(m.bit_count() == 8 for m in held))
    if deal.five:
        held = _masks(deal.five + deal.rest)
        if deal.rest and deal.offer is not None:
            taker = _recorded_taker(deal)
            if taker is not None:
                held[taker] |= 1 << deal.offer.card
        return DealHands(held, bool(deal.rest) and all(m.bit_count() == 8 for m in held))
    return None


def _masks(hands: list[Hand]) -> list[int]:
    out = [0, 0, 0, 0]
    for hand in hands:
        for card in hand.cards:
            if 0 <= card < 32:
                out[hand.seat & 3] |= 1 << card
    return out


def _played_hands(deal: Deal) -> list[int] | None:
    """Each seat's cards as the eight recorded tricks say who played them (``None`` when a
    trick is short or a seat is left out)."""
    if len(deal.tricks) != 8:
        return None
    held = [0, 0, 0, 0]
    for trick in deal.tricks:
        if len(trick.plays) != 4:
            return None
        for play in trick.plays:
            if play.seat is None or not 0 <= play.card < 32:
                return None
            held[play.seat & 3] |= 1 << play.card
    return held


def _recorded_taker(deal: Deal) -> int | None:
    for bid in deal.bids:
        if bid.action == "take" and bid.seat is not None:
            return bid.seat & 3
    return None
