"""What the collection commands know of a game and of its deals: the checks' replay, read once.

Every fact about play (dealer, taker, trump, contract, outcome, belote, points) comes from the
checks (:mod:`belote_notation.check.replay` and its report), never from a rule of its own; what
a record says of itself (tags, players, comments, glyphs) from the records.

>>> from belote_notation.generator import generate_games
>>> from belote_notation.game.rules import Ruleset
>>> from belote_notation.pipeline.records import ReadGame
>>> game = next(iter(generate_games(Ruleset.preset("classic"), deals=3, seed=1)))
>>> facts = game_facts(ReadGame(game, 1), "g.bel")
>>> facts.rules, len(facts.deals), facts.players[0]
('classic', 3, 'Youssef')
>>> sorted({d.outcome for d in facts.deals} - {"made", "failed", "litige", "capot", "dead"})
[]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from belote_notation.check.checker import DEFAULT_CONFIG
from belote_notation.check.findings import Finding
from belote_notation.check.replay import DealReplay, GameReplay
from belote_notation.check.setup import ValidationConfig
from belote_notation.notation.records import Annotated, Deal, Game
from belote_notation.pipeline.records import ReadGame

__all__ = ["DealFacts", "GameFacts", "game_facts", "review_material"]

SEAT_TAGS = ("North", "East", "South", "West")


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
    replay: GameReplay

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


def _teams(game: Game) -> tuple[str | None, str | None]:
    text = game.header("Teams")
    if not text or " - " not in text:
        return (text.strip() or None, None) if text else (None, None)
    ns, _, ew = text.partition(" - ")
    return ns.strip() or None, ew.strip() or None


def _deal_facts(position: int, replay: DealReplay) -> DealFacts:
    report = replay.report
    taken = replay.contract
    kind = None if taken is None else (taken.kind or "take")
    codes = frozenset(f.code for f in replay.findings)
    glyphs, annotated = review_material(replay.deal)
    taker = report.taker if report is not None and report.taker is not None else (
        taken.taker if taken is not None else None)
    trump = taken.trump if taken is not None else (report.trump if report is not None else None)
    credited = tuple(report.credited) if report is not None and report.credited else None
    won = None
    if credited is not None and taker is not None:
        won = credited[taker & 1] > credited[1 - (taker & 1)]
    outcome = report.outcome if report is not None else None
    if outcome is None and replay.dead:
        outcome = "dead"
    return DealFacts(
        position, replay.deal.number, replay.dealer, taker, trump, kind,
        taken.value if taken is not None else None, outcome, won,
        credited,  # type: ignore[arg-type]
        tuple(report.belote) if report is not None and report.belote else None,  # type: ignore[arg-type]
        tuple(report.announcements) if report is not None and report.announcements else None,  # type: ignore[arg-type]
        codes, glyphs, annotated, report.fingerprint if report is not None else None,
        tuple(replay.findings))


def game_facts(read: ReadGame, file: str, config: ValidationConfig = DEFAULT_CONFIG) -> GameFacts:
    """The facts of one game of an input: the game replayed by the checks (its reading's
    findings among the replay's), one pass."""
    replay = read.replay(file, config)
    game = replay.game
    deals = tuple(_deal_facts(p, d) for p, d in enumerate(replay.deals, start=1))
    players = tuple(game.header(tag) for tag in SEAT_TAGS)
    annotated = bool(game.comments) or any(d.annotated for d in deals)
    return GameFacts(
        file, read.number, tuple((h.name, h.value) for h in game.headers),
        players,  # type: ignore[arg-type]
        _teams(game), replay.report.rules, game.result if game.result is not None else game.header("Result"),
        frozenset(f.code for f in replay.report.findings), annotated, replay.report.fingerprint, deals,
        replay)
