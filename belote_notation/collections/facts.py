"""What the collection commands know of a game and of its deals: the checks' run, read once.

Every fact about play (dealer, taker, trump, contract, outcome, belote, points) comes from the
checks (their report and the engine's state of each deal), never from a rule of its own; what
a record says of itself (tags, players, comments, glyphs) from the reading. A ``.bel`` game is
read as ``validate`` reads it, its text straight into the checks (:mod:`.reading`: no records);
a game of another format, a game reviewed by ``annotate`` (whose review figures count each
card's choices on the checks' replay: :mod:`.review_figures`) and a game whose deck is inferred
from its cards (the checks of its records, which carry the deck as a tag, word one finding
otherwise than ``validate``: kept as the collections gave it), through its records and
:mod:`belote_notation.check.replay`. Both give the same facts.

>>> from belote_notation.generator import generate_games
>>> from belote_notation.game.rules import Ruleset
>>> from belote_notation.pipeline.records import ReadGame
>>> game = next(iter(generate_games(Ruleset.preset("classic"), deals=3, seed=1)))
>>> facts = game_facts(ReadGame(game, 1), "g.bel")
>>> facts.rules, len(facts.deals), facts.players[0]
('classic', 3, 'Youssef')
>>> sorted({d.outcome for d in facts.deals} - {"made", "failed", "litige", "capot", "dead"})
[]
>>> from belote_notation.notation.write.writer import write_game
>>> from belote_notation.notation.read.stream import GameText
>>> from belote_notation.pipeline.games import TextGame
>>> read = InputGame(TextGame(GameText(write_game(game), 1, 0)), "g.bel")
>>> text_facts = game_facts(read, "g.bel")
>>> text_facts.deals == facts.deals, text_facts.tags == facts.tags, text_facts.replay is None
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from belote_notation.analysis.annotation import MARK
from belote_notation.check.checker import DEFAULT_CONFIG
from belote_notation.check.context import TrickTrace
from belote_notation.check.findings import Finding
from belote_notation.check.replay import GameReplay, findings_by_deal
from belote_notation.check.report import DealReport, GameReport
from belote_notation.check.setup import ValidationConfig
from belote_notation.collections.reading import CollectedGame, InputGame
from belote_notation.game.engine import DealState, contract, dealer, is_dead
from belote_notation.notation.records import Annotated, Deal, Game
from belote_notation.pipeline.records import ReadGame

__all__ = ["DealFacts", "GameFacts", "game_facts", "review_material"]

SEAT_TAGS = ("North", "East", "South", "West")
REVIEWED = f"{MARK} review:"
"""How the game comment of a review by ``annotate`` starts."""


@dataclass(frozen=True, slots=True)
class DealFacts:
    """One deal as the checks replayed it (``None``: not worked out) and its review material."""

    position: int
    """1-based position of the deal in its game."""
    number: int
    dealer: int | None
    taker: int | None
    trump: int | None
    """0-3 a suit, 4 sans-atout, 5 tout-atout."""
    contract_kind: str | None
    """``take`` (a take of the classic auctions), ``points``, ``capot`` or ``generale`` (contrée)."""
    contract_value: int | None
    outcome: str | None
    """``made``, ``failed``, ``litige``, ``capot`` or ``dead`` (the checks' report)."""
    takers_won: bool | None
    """The takers' side was credited more than the defence (a capot either way says who)."""
    credited: tuple[int, int] | None
    belote: tuple[int, int] | None
    announcements: tuple[int, int] | None
    codes: frozenset[str]
    """The codes of the findings about this deal."""
    glyphs: frozenset[str]
    annotated: bool
    fingerprint: str | None
    findings: tuple[Finding, ...] = ()
    """The findings about this deal (the checks' replay places them)."""
    tricks: Sequence[TrickTrace] = field(default=(), compare=False)
    """The tricks the checks played (who played what, who won, the points); empty for a game
    read as text without them (:func:`game_facts`)."""

    @property
    def made(self) -> bool:
        return self.outcome == "made" or (self.outcome == "capot" and bool(self.takers_won))

    @property
    def failed(self) -> bool:
        return self.outcome == "failed" or (self.outcome == "capot" and self.takers_won is False)


@dataclass(frozen=True, slots=True)
class GameFacts:
    """One game of an input: its tags, players, the checks' report and its deals' facts."""

    file: str
    number: int
    tags: tuple[tuple[str, str], ...]
    players: tuple[str | None, str | None, str | None, str | None]
    teams: tuple[str | None, str | None]
    rules: str | None
    result: str | None
    codes: frozenset[str]
    """Every finding code of the game (its deals' included)."""
    annotated: bool
    fingerprint: str | None
    deals: tuple[DealFacts, ...]
    report: GameReport
    """The checks' report of the game."""
    replay: GameReplay | None
    """The checks' replay of the records, when the game was read through them (another
    format, or a game reviewed by ``annotate``); ``None`` for a ``.bel`` game read as text."""
    read: InputGame | ReadGame
    """The game as read, for its records (:meth:`records`)."""

    def records(self) -> Game:
        """The game's records (built from its text, for a ``.bel`` game read as text)."""
        if self.replay is not None:
            return self.replay.game
        game = self.read.game
        assert game is not None  # facts are made of games that hold a record
        return game

    def tag(self, name: str) -> str | None:
        """The value of the last tag called ``name`` (any case)."""
        wanted = name.lower()
        for key, value in reversed(self.tags):
            if key.lower() == wanted:
                return value
        return None


def _items(deal: Deal) -> Iterator[Annotated]:
    yield from deal.bids
    yield from deal.announcements
    for trick in deal.tricks:
        yield from trick.plays


def review_material(deal: Deal) -> tuple[frozenset[str], bool]:
    """The glyphs of a deal and whether it holds any review material (a glyph, a NAG, a
    comment or an alternative line on any call, announcement or card, or a comment)."""
    glyphs: set[str] = set()
    annotated = bool(deal.comments) or any(t.comments for t in deal.tricks)
    for item in _items(deal):
        if item.glyph is not None:
            glyphs.add(item.glyph)
        annotated = annotated or bool(item.glyph or item.nags or item.comments or item.variations)
    return frozenset(glyphs), annotated


def _last(tags: Sequence[tuple[str, str]], name: str) -> str | None:
    """The value of the last tag called ``name`` (any case), as ``Game.header`` gives it."""
    wanted = name.lower()
    for key, value in reversed(tags):
        if key.lower() == wanted:
            return value
    return None


def _teams(text: str | None) -> tuple[str | None, str | None]:
    if not text or " - " not in text:
        return (text.strip() or None, None) if text else (None, None)
    ns, _, ew = text.partition(" - ")
    return ns.strip() or None, ew.strip() or None


def _deal_facts(position: int, number: int, written_dealer: int | None, report: DealReport | None,
                state: DealState | None, findings: Sequence[Finding], review: tuple[frozenset[str], bool],
                tricks: Sequence[TrickTrace]) -> DealFacts:
    """One deal's facts from the checks' report of it and the engine's state at its end (the
    record's dealer when the deal was not replayed)."""
    taken = contract(state) if state is not None else None
    kind = None if taken is None else (taken.kind or "take")
    taker = report.taker if report is not None and report.taker is not None else (
        taken.taker if taken is not None else None)
    trump = taken.trump if taken is not None else (report.trump if report is not None else None)
    credited = tuple(report.credited) if report is not None and report.credited else None
    won = None
    if credited is not None and taker is not None:
        won = credited[taker & 1] > credited[1 - (taker & 1)]
    outcome = report.outcome if report is not None else None
    if outcome is None and state is not None and is_dead(state):
        outcome = "dead"
    return DealFacts(
        position, number, dealer(state) if state is not None else written_dealer, taker, trump, kind,
        taken.value if taken is not None else None, outcome, won,
        credited,  # type: ignore[arg-type]
        tuple(report.belote) if report is not None and report.belote else None,  # type: ignore[arg-type]
        tuple(report.announcements) if report is not None and report.announcements else None,  # type: ignore[arg-type]
        frozenset(f.code for f in findings), review[0], review[1],
        report.fingerprint if report is not None else None,
        tuple(findings), tricks)


def game_facts(read: InputGame | ReadGame, file: str, config: ValidationConfig = DEFAULT_CONFIG,
               tricks: bool | None = None) -> GameFacts:
    """The facts of one game of an input, one pass: a ``.bel`` game's text read into the checks
    (its reading's findings among theirs; each deal's :attr:`DealFacts.tricks` when ``tricks``,
    by default as the game was asked to be read: :attr:`InputGame.tricks`), any other game
    replayed from its records (with its tricks)."""
    collected = read.collected(config, tricks) if isinstance(read, InputGame) else None
    if collected is not None and not collected.deck_inferred and not any(
            c.startswith(REVIEWED) for c in collected.comments):
        return _read_facts(collected, read, file)
    # a deck inferred from the cards: the records carry it as a Deck tag, and the checks of
    # records word their BEL912 as for a tag (the findings as the collections always gave them)
    records = read.records() if isinstance(read, InputGame) else read
    replay = records.replay(file, config)
    game = replay.game
    deals = tuple(_deal_facts(p, d.deal.number, d.deal.dealer, d.report, d.state, d.findings,
                              review_material(d.deal), d.tricks)
                  for p, d in enumerate(replay.deals, start=1))
    return _game(file, read.number, [(h.name, h.value) for h in game.headers], replay.report,
                 game.result, game.comments, deals, replay, read)


def _read_facts(collected: CollectedGame, read: InputGame | ReadGame, file: str) -> GameFacts:
    """The facts of a game read as text into the checks."""
    report, seen = collected.report, collected.deals
    reports = report.deals if len(report.deals) == len(seen) else []
    placed = findings_by_deal([s.facts for s in seen], report.findings)
    states = collected.states
    deals = []
    for position, deal in enumerate(seen):
        state, tricks = states.get(position, (None, []))
        deals.append(_deal_facts(position + 1, deal.facts.number, deal.facts.dealer,
                                 reports[position] if reports else None, state, placed[position],
                                 (frozenset(deal.glyphs), deal.annotated), tricks))
    return _game(file, read.number, collected.tags, report, collected.result, collected.comments,
                 tuple(deals), None, read)


def _game(file: str, number: int, tags: Sequence[tuple[str, str]], report: GameReport, result: str | None,
          comments: Sequence[Any], deals: tuple[DealFacts, ...], replay: GameReplay | None,
          read: InputGame | ReadGame) -> GameFacts:
    players = tuple(_last(tags, tag) for tag in SEAT_TAGS)
    annotated = bool(comments) or any(d.annotated for d in deals)
    return GameFacts(
        file, number, tuple(tags),
        players,  # type: ignore[arg-type]
        _teams(_last(tags, "Teams")), report.rules, result if result is not None else _last(tags, "Result"),
        frozenset(f.code for f in report.findings), annotated, report.fingerprint, deals, report, replay,
        read)
