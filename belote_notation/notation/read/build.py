"""The record builder: the visitor that turns reading events into the pydantic records.

Records are made without pydantic's validation (the reader has checked every value) and
without ``model_construct``'s overhead: :func:`new_record` sets the instance dictionary
directly. Where a comment goes: to the last call, play or announcement of the current line
(the section's main line or a variation), else to the current trick, the variation, the deal,
or the game.

>>> from belote_notation.notation.read.reader import read_game_events
>>> parsed = read_game_events("deal 1\\ntrick 1 N:AS {good}\\nend\\n", RecordBuilder())
>>> parsed.game.deals[0].tricks[0].plays[0].comments, parsed.errors
(['good'], [])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel

from belote_notation.notation.issues import SyntaxIssue
from belote_notation.notation.read.canon import compiled_new_record, compiled_plays
from belote_notation.notation.records import (
    Announcement,
    Bid,
    CardRef,
    Deal,
    Game,
    Hand,
    Header,
    Play,
    Record,
    Score,
    Trick,
    Variation,
)
from belote_notation.notation.visitor import (
    Action,
    HandSection,
    Kind,
    Mark,
    Position,
    ScoreKind,
    Section,
    Skip,
    Visitor,
)

__all__ = ["ParsedGame", "RecordBuilder", "new_record"]

R = TypeVar("R", bound=Record)
Item = Bid | Play | Announcement

_new = object.__new__
# The setters of the slots every pydantic model has, called directly: 30% faster than
# ``object.__setattr__`` (measured), and the records are made by the thousand.
_SLOTS = BaseModel.__dict__
_set_dict = _SLOTS["__dict__"].__set__
_set_fields = _SLOTS["__pydantic_fields_set__"].__set__
_set_extra = _SLOTS["__pydantic_extra__"].__set__
_set_private = _SLOTS["__pydantic_private__"].__set__
_FIELDS: dict[type, set[str]] = {}


def new_record(cls: type[R], data: dict[str, Any]) -> R:
    """``cls.model_construct(**data)`` without its overhead: ``data`` must hold every field.

    Every record of a class shares one "fields set" holding all its fields (pydantic only
    ever adds to it, and every field is set here).
    """
    obj = _new(cls)
    _set_dict(obj, data)
    _set_fields(obj, _fields_of(cls))
    _set_extra(obj, None)
    _set_private(obj, None)
    return obj


def _fields_of(cls: type[Record]) -> set[str]:
    """The one "fields set" shared by every record of ``cls`` (see :func:`new_record`)."""
    fields = _FIELDS.get(cls)
    if fields is None:
        fields = _FIELDS[cls] = set(cls.model_fields)
    return fields


_PLAY_FIELDS = _fields_of(Play)
_MAKE_PLAYS = compiled_plays()
# The records the builder makes by the thousand: new_record itself, in C when built.
_record: Any = compiled_new_record() or new_record


@dataclass
class ParsedGame:
    """One game as read: the records (what could be read) and the syntax issues found."""

    game: Game
    errors: list[SyntaxIssue] = field(default_factory=list)
    index: int = 0
    """0-based number of the game in its file."""

    @property
    def ok(self) -> bool:
        return not self.errors


class RecordBuilder(Visitor[ParsedGame]):
    """Builds the :class:`~belote_notation.notation.records.Game` of the events read, or of a
    canonical deal's parts (:meth:`visit_deal_parts`, of any visitor's
    :class:`~belote_notation.notation.visitor.DealParts`: the builder reads only the slots
    :data:`~belote_notation.notation.visitor.PART_FIELDS` names)."""

    TAKES_PARTS = True

    def __init__(self) -> None:
        self.begin_game(0, 0, 0)

    # --- the game ----------------------------------------------------------------------
    def begin_game(self, index: int, line: int, col: int) -> Skip | None:
        self.index, self.where = index, (line, col)
        self.headers: list[Header] = []
        self.game_comments: list[str] = []
        self.preamble: list[str] = []
        self.deals: list[Deal] = []
        self.errors: list[SyntaxIssue] = []
        self.result_text: str | None = None
        self.result_pos: tuple[int, int] | None = None
        self.deal: Deal | None = None
        self.trick: Trick | None = None
        self.item: Item | None = None
        self.holder: list[str] = self.game_comments
        self.lines: list[tuple[Variation, Item | None, list[str], list[Bid | Play], list[Bid | Play]]] = []
        self.section: Section = "five"
        self.plays: list[Bid | Play] = []
        """Where the next play goes: the current trick's plays or the open variation's items."""
        self.calls: list[Bid | Play] = []
        """Where the next call goes: the deal's bids or the open variation's items."""
        return None

    def visit_header(self, name: str, value: str, line: int, col: int) -> None:
        self.headers.append(_record(Header, {"line": line, "col": col, "name": name,
                                                "value": value}))

    def visit_deck(self, deck: str) -> None:
        """The inferred deck becomes a ``Deck`` tag of the records (read from nowhere: at
        (0, 0)), so that they say how their cards are named."""
        self.headers.append(_record(Header, {"line": 0, "col": 0, "name": "Deck", "value": deck}))

    def visit_result(self, result: str | None, line: int, col: int) -> None:
        self.result_text = result
        self.result_pos = (line, col) if result is not None else None

    def visit_error(self, issue: SyntaxIssue) -> None:
        self.errors.append(issue)

    def result(self) -> ParsedGame:
        return ParsedGame(_record(Game, self.game_fields(self.deals)), self.errors, self.index)

    def game_fields(self, deals: list[Any]) -> dict[str, Any]:
        """The fields of the game's record with ``deals`` (the first one places a game that has
        no tag pair)."""
        if not self.headers and self.preamble:  # no tag pairs: nothing to be before
            self.game_comments[:0] = self.preamble
            self.preamble = []
        if self.headers and self.headers[0].line:
            line, col = self.headers[0].line, self.headers[0].col
        elif deals:
            line, col = deals[0].line, deals[0].col
        else:
            line, col = self.where
        return {"line": line, "col": col, "headers": self.headers, "deals": deals, "result": self.result_text,
                "comments": self.game_comments, "preamble": self.preamble, "result_pos": self.result_pos}

    # --- a deal ------------------------------------------------------------------------
    def begin_deal(self, number: int, dealer: int | None, line: int, col: int) -> Skip | None:
        comments: list[str] = []
        self.deal = _record(Deal, {
            "line": line, "col": col, "number": number, "dealer": dealer, "five": [],
            "offer": None, "bids": [], "rest": [], "hands": [], "announcements": [],
            "tricks": [], "score": None, "match_score": None, "pot": None,
            "comments": comments, "pot_pos": None})
        self.deals.append(self.deal)
        self.holder, self.item, self.trick = comments, None, None
        self.calls = self.deal.bids  # type: ignore[assignment]
        return None

    def end_deal(self) -> None:
        self.deal, self.item, self.trick = None, None, None
        self.holder = self.game_comments

    def visit_deal_parts(self, deal: Any) -> None:
        """The records of a canonical deal given at once: those its events would have built
        (such a deal has no review material), made here without an event each. Its parts are
        another visitor's, that it keeps: every list is copied, no part is changed."""
        self.begin_deal(deal.number, deal.dealer, deal.line, deal.col)
        record = self.deal.__dict__
        for section in ("five", "rest", "hands"):
            record[section].extend(
                _record(Hand, {"line": h.line, "col": h.col, "seat": h.seat, "cards": list(h.cards),
                               "positions": list(h.positions)}) for h in getattr(deal, section))
        offer = deal.offer
        if offer is not None:
            record["offer"] = _record(CardRef, {"line": offer.line, "col": offer.col, "card": offer.card})
        record["bids"].extend(
            _record(Bid, {"line": b.line, "col": b.col, "glyph": None, "nags": [], "comments": [],
                          "variations": [], "seat": b.seat, "action": b.action, "suit": b.suit,
                          "value": b.value, "round": b.round}) for b in deal.bids)
        for a in deal.announcements:
            self.visit_announcement(a.seat, a.kind, a.cards, a.positions, a.trick, a.before_card, a.line,
                                    a.col)
        tricks, make_plays = record["tricks"], _MAKE_PLAYS
        for t in deal.tricks:
            if make_plays is None:  # the pure-Python path: the batch's own loop
                self.visit_trick(t.number, t.line, t.col, t.seats, t.cards, t.marks, t.positions, t.winner,
                                 t.winner_pos if t.winner is not None else None)
                continue
            winner = t.winner
            tricks.append(_record(Trick, {
                "line": t.line, "col": t.col, "number": t.number,
                "plays": make_plays(t.seats, t.cards, t.marks, t.positions), "winner": winner,
                "comments": [], "winner_pos": t.winner_pos if winner is not None else None}))
        for kind, score in (("score", deal.score), ("match", deal.match_score)):
            if score is not None:
                self.visit_score(kind, score.ns, score.ew, score.line, score.col)  # type: ignore[arg-type]
        if deal.pot is not None:
            self.visit_score("pot", deal.pot, None, *deal.pot_pos)
        self.end_deal()

    def begin_section(self, section: Section, line: int, col: int) -> None:
        self.section = section
        self.item, self.trick = None, None
        self.holder = self.deal.comments  # type: ignore[union-attr]

    def visit_hand(self, section: HandSection, seat: int, cards: Sequence[int],
                   positions: Sequence[Position], line: int, col: int) -> None:
        hand = _record(Hand, {"line": line, "col": col, "seat": seat, "cards": list(cards),
                              "positions": list(positions)})
        deal = self.deal.__dict__
        deal["hands" if section == "hand" else section].append(hand)

    def visit_offer(self, card: int, line: int, col: int) -> None:
        self.deal.__dict__["offer"] = _record(CardRef, {"line": line, "col": col, "card": card})

    def visit_score(self, kind: ScoreKind, ns: int, ew: int | None, line: int, col: int) -> None:
        deal = self.deal.__dict__
        if kind == "pot":
            deal["pot"], deal["pot_pos"] = ns, (line, col)
        else:
            deal["score" if kind == "score" else "match_score"] = _record(
                Score, {"line": line, "col": col, "ns": ns, "ew": ew})

    def visit_call(self, seat: int | None, action: Action, suit: int | None, round: int,
                   line: int, col: int, value: int | None = None) -> None:
        bid = _record(Bid, {"line": line, "col": col, "glyph": None, "nags": [], "comments": [],
                               "variations": [], "seat": seat, "action": action, "suit": suit,
                               "value": value, "round": round})
        self.calls.append(bid)
        self.item = bid

    def visit_announcement(self, seat: int, kind: Kind, cards: Sequence[int],
                           positions: Sequence[Position], trick: int | None,
                           before_card: int | None, line: int, col: int) -> None:
        ann = _record(Announcement, {
            "line": line, "col": col, "glyph": None, "nags": [], "comments": [], "variations": [],
            "seat": seat, "kind": kind, "cards": list(cards), "positions": list(positions),
            "trick": trick, "before_card": before_card})
        self.deal.announcements.append(ann)  # type: ignore[union-attr]
        self.item = ann

    def begin_trick(self, number: int, line: int, col: int) -> None:
        self._add_trick(number, line, col, [], None, None)
        self.item = None

    def visit_play(self, seat: int | None, card: int, mark: Mark | None, line: int,
                   col: int) -> None:
        play = _record(Play, {"line": line, "col": col, "glyph": None, "nags": [],
                                 "comments": [], "variations": [], "seat": seat, "card": card,
                                 "mark": mark})
        self.plays.append(play)
        self.item = play

    def visit_trick(self, number: int, line: int, col: int, seats: Sequence[int | None],
                    cards: Sequence[int], marks: Sequence[Mark | None],
                    positions: Sequence[Position], winner: int | None,
                    winner_pos: Position | None) -> None:
        """The batch: the trick and its plays built at once (no event per play). The plays are
        made inline, not through :func:`new_record`: this loop builds most of the records of a
        machine-written file."""
        if _MAKE_PLAYS is not None:  # the same records, made in C (notation/read/_canon.c)
            plays: list[Bid | Play] = _MAKE_PLAYS(seats, cards, marks, positions)
            self._add_trick(number, line, col, plays, winner, winner_pos)
            self.item = plays[-1] if plays else None
            return
        new, set_dict, set_fields = _new, _set_dict, _set_fields
        set_extra, set_private = _set_extra, _set_private
        fields = _PLAY_FIELDS
        plays = []
        append = plays.append
        for seat, card, mark, (pline, pcol) in zip(seats, cards, marks, positions, strict=True):
            play = new(Play)
            set_dict(play, {"line": pline, "col": pcol, "glyph": None, "nags": [], "comments": [],
                            "variations": [], "seat": seat, "card": card, "mark": mark})
            set_fields(play, fields)
            set_extra(play, None)
            set_private(play, None)
            append(play)
        self._add_trick(number, line, col, plays, winner, winner_pos)
        self.item = plays[-1] if plays else None

    def _add_trick(self, number: int, line: int, col: int, plays: list[Bid | Play],
                   winner: int | None, winner_pos: Position | None) -> None:
        """A new trick of the deal, current from now on (its plays, its comments)."""
        comments: list[str] = []
        trick = _record(Trick, {"line": line, "col": col, "number": number, "plays": plays,
                                   "winner": winner, "comments": comments,
                                   "winner_pos": winner_pos})
        self.deal.tricks.append(trick)  # type: ignore[union-attr]
        self.trick, self.holder, self.plays = trick, comments, plays

    def visit_mark(self, mark: Mark, line: int, col: int) -> None:
        self.item.__dict__["mark"] = mark

    def visit_winner(self, seat: int, line: int, col: int) -> None:
        trick = self.trick.__dict__
        trick["winner"], trick["winner_pos"] = seat, (line, col)

    # --- review material ---------------------------------------------------------------
    def visit_comment(self, text: str, line: int, col: int) -> None:
        if self.item is None and self.holder is self.game_comments and not self.headers and not self.deals:
            self.preamble.append(text)  # before the tag pairs: written before them again
            return
        (self.item.comments if self.item is not None else self.holder).append(text)

    def visit_glyph(self, glyph: str, line: int, col: int) -> None:
        self.item.__dict__["glyph"] = glyph

    def visit_nag(self, nag: int, line: int, col: int) -> None:
        self.item.nags.append(nag)  # type: ignore[union-attr]

    def begin_variation(self, line: int, col: int) -> Skip | None:
        variation = _record(Variation, {"line": line, "col": col, "items": [], "comments": []})
        self.item.variations.append(variation)  # type: ignore[union-attr]
        self.lines.append((variation, self.item, self.holder, self.plays, self.calls))
        self.item, self.holder = None, variation.comments
        self.plays = self.calls = variation.items
        return None

    def end_variation(self) -> None:
        _, self.item, self.holder, self.plays, self.calls = self.lines.pop()
