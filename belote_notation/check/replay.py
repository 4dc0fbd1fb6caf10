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

from collections.abc import Iterable
from typing import Any, NamedTuple

from belote_notation.check.checker import DEFAULT_CONFIG, GameChecker
from belote_notation.check.context import TrickTrace
from belote_notation.check.facts import TrickFact
from belote_notation.check.findings import Finding
from belote_notation.check.placing import NumberedDeal, findings_by_deal
from belote_notation.check.report import DealReport, GameReport
from belote_notation.check.setup import ValidationConfig
from belote_notation.check.traces import TraceRow, plain_numbers, plain_rows
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
from belote_notation.notation.read.kept import KeepingBuilder, KeptGame
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


class DealReplay:
    """One deal as replayed: the record, the engine state at its end, tricks and score."""

    __slots__ = ("_deal", "_plain", "_source", "_tricks", "findings", "parts", "report", "state")

    def __init__(self, deal: Deal | None, report: DealReport | None, state: DealState | None = None,
                 tricks: list[TrickTrace] | None = None, findings: list[Finding] | None = None,
                 parts: Any = None, source: KeptGame | None = None, position: int = 0,
                 plain: list[TrickFact] | None = None) -> None:
        self._deal = deal
        self._source = (source, position) if source is not None else None
        self.report = report
        self.state = state
        """The engine's ``DealState`` after the last card (``None`` when the deal was not replayed)."""
        self._tricks: list[TrickTrace] = tricks if tricks is not None else []
        self._plain = plain if state is not None else None
        """The tricks as read of a deal the engine played in one call, its traces not made yet."""
        self.findings: list[Finding] = findings if findings is not None else []
        """The findings about this deal."""
        self.parts = parts
        """The deal as the compiled reader gave it (a canonical deal's parts, kept as read:
        :class:`~belote_notation.notation.read.kept.KeptDeal`), its records made only when
        :attr:`deal` is asked for; ``None`` for a deal read as events or given as records."""

    @property
    def tricks(self) -> list[TrickTrace]:
        """A :class:`~belote_notation.check.context.TrickTrace` per trick the checks played
        (made from the state the first time for a deal the engine played in one call)."""
        if self._plain is not None and self.state is not None:
            self._tricks.extend([TrickTrace(*row) for row in plain_rows(self.state, self._plain)])
            self._plain = None
        return self._tricks

    def trick_rows(self) -> list[TraceRow]:
        """The traces as rows (:data:`~belote_notation.check.traces.TraceRow`), without making
        trace objects for a deal the engine played in one call."""
        if self._plain is not None and self.state is not None:
            return plain_rows(self.state, self._plain)
        return [(t.number, t.seats, t.cards, t.marks, t.winner, t.points, t.running) for t in self._tricks]

    def plain_tricks(self) -> tuple[list[int], list[TrickFact]] | None:
        """The tricks of a deal the engine played in one call as numbers
        (:func:`~belote_notation.check.traces.plain_numbers`, 13 a trick) with the tricks as read
        (their belote words), without rows or trace objects; ``None`` for any other deal (its
        :meth:`trick_rows` then)."""
        if self._plain is not None and self.state is not None:
            return plain_numbers(self.state, self._plain), self._plain
        return None

    @property
    def deal(self) -> Deal:
        """The deal's records (made from its parts the first time, when it was kept so)."""
        deal = self._deal
        if deal is None:
            assert self._source is not None
            source, position = self._source
            deal = self._deal = source.deal(position)
        return deal

    @property
    def read_deal(self) -> Any:
        """The deal as read: its parts (:attr:`parts`) when the compiled reader gave it at once,
        else its records; both name their fields alike but for a trick's plays."""
        return self.parts if self.parts is not None else self.deal

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
        return dealer(self.state) if self.state is not None else self.read_deal.dealer

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


class GameReplay:
    """A game as replayed: its records (made on demand when it was read for a replay), the
    checks' report, its deck and each deal's replay."""

    __slots__ = ("_read", "_tags", "deals", "deck", "report")

    def __init__(self, game: Game | KeptGame, report: GameReport, deck: Deck,
                 deals: list[DealReplay] | None = None) -> None:
        self._read, self.report, self.deck = game, report, deck
        self.deals: list[DealReplay] = deals if deals is not None else []
        self._tags: dict[str, str] | None = None

    @property
    def game(self) -> Game:
        """The game's records (every deal's made now when they were kept as parts)."""
        read = self._read
        return read if isinstance(read, Game) else read.game

    def header(self, name: str) -> str | None:
        """The value of the game's last tag pair ``name``, without making the deals' records (the
        tags looked up once: the page asks for ten)."""
        tags = self._tags
        if tags is None:
            tags = self._tags = self._read.header_values()
        return tags.get(name.lower())

    @property
    def comments(self) -> list[str]:
        """The game's comments, without making the deals' records."""
        return self._read.comments


class ReplayRecorder:
    """A :class:`~belote_notation.check.context.DealObserver` keeping each deal's replay by
    position; with ``traces_on_demand``, a deal the engine played in one call is kept with its
    tricks as read (:attr:`plain`), its traces made when asked for (:attr:`DealReplay.tricks`)."""

    def __init__(self, traces_on_demand: bool = False) -> None:
        self.deals: dict[int, tuple[DealState, list[TrickTrace]]] = {}
        self.plain: dict[int, list[TrickFact]] = {}
        self.traces_on_demand = traces_on_demand

    def played_plain(self, position: int, tricks: list[TrickFact]) -> None:
        self.plain[position] = tricks

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
    recorder = ReplayRecorder(traces_on_demand=True)
    report = validate_game(game, file, number, config, syntax, recorder)
    return _assembled(game, report, recorder)


class ReadReplay(NamedTuple):
    """A game's text read once (:func:`replay_text`): what was read (the records, a canonical
    deal's made on demand), its syntax issues, its replay."""

    read: KeptGame
    errors: list[SyntaxIssue]
    replay: GameReplay

    @property
    def game(self) -> Game:
        """The game's records (every deal's made now, if not yet)."""
        return self.read.game


def replay_text(text: str | GameText, file: str = "<string>", config: ValidationConfig = DEFAULT_CONFIG,
                first_line: int = 1) -> ReadReplay:
    """Read the text of one game ONCE into the checks (the replay kept) and the records: the
    reader's events, or a canonical deal's parts at once from the compiled reader, go to both
    (:class:`~belote_notation.notation.tee.Tee`), nothing is walked again. A canonical deal's
    records are made only when asked for (:class:`~belote_notation.notation.read.kept.KeepingBuilder`:
    the page draws it from its parts). The replay is :func:`replay_game`'s of the records with
    their syntax issues (the same findings, report and deals); the game's number is its place in
    its file (a :class:`~belote_notation.notation.read.stream.GameText` from the splitter), else 1.

    >>> read = replay_text("deal 1 dealer N\\nsmsara N:take S\\ntrick 1 E:AS\\nend\\n", "t.bel")
    >>> [(d.deal.number, d.hands_complete, len(d.tricks)) for d in read.replay.deals], read.errors
    ([(1, True, 0)], [])
    """
    recorder = ReplayRecorder(traces_on_demand=True)
    checker = GameChecker(config, file, 1, recorder)
    report, kept = read_game_events(text, Tee(checker, KeepingBuilder()), file, first_line)
    return ReadReplay(kept, kept.errors, _assembled(kept, report, recorder))


def _assembled(game: Game | KeptGame, report: GameReport, recorder: ReplayRecorder) -> GameReplay:
    """The replay of ``game`` (records, or a game read with its canonical deals kept as parts)
    from its report and what ``recorder`` kept of its deals."""
    deck = Deck(report.deck) if report.deck in ("french", "spanish") else Deck.FRENCH
    count = len(game.deals) if isinstance(game, Game) else len(game)
    reports = report.deals if len(report.deals) == count else []
    replays = []
    for position in range(count):
        state, tricks = recorder.deals.get(position, (None, []))
        deal_report = reports[position] if reports else None
        plain = recorder.plain.get(position)
        if isinstance(game, Game):
            replays.append(DealReplay(game.deals[position], deal_report, state, tricks, plain=plain))
        else:
            parts = game.parts(position)
            deal = None if parts is not None else game.deal(position)
            replays.append(DealReplay(deal, deal_report, state, tricks, parts=parts, source=game,
                                      position=position, plain=plain))
    if report.findings:  # most games have none: no deal index to build
        for replay, placed in zip(replays, findings_by_deal(_placed(replays), report.findings), strict=True):
            replay.findings.extend(placed)
    return GameReplay(game, report, deck, replays)


def _placed(replays: list[DealReplay]) -> list[NumberedDeal]:
    """Each deal's number and line, from its parts or its records."""
    return [replay.parts if replay.parts is not None else replay.deal for replay in replays]


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
