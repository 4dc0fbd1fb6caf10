"""The writer of the ``events`` log (:mod:`belote_notation.formats.events`): a Visitor fed by
``game.accept`` that prints one canonical JSON line per event, cards named in the game's deck."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from typing import Any, TextIO

from belote_notation.game.cards import SEAT_NAMES, Deck, card_name, suit_name
from belote_notation.notation.headers import game_deck
from belote_notation.notation.records import Game, Header
from belote_notation.notation.visitor import (
    Action,
    HandSection,
    Kind,
    Mark,
    Position,
    ScoreKind,
    Skip,
    Visitor,
)

__all__ = ["PLAYER_TAGS", "STRAIN_NAMES", "VERSION", "EventsWriter", "events_text"]

VERSION = 1
"""The version of the event log this module reads and writes."""

PLAYER_TAGS = ("North", "East", "South", "West")
STRAIN_NAMES = {4: "SA", 5: "TA"}
"""The contrée strains beyond the suits: sans-atout and tout-atout, as the notation writes them."""


class EventsWriter(Visitor[None]):
    """Writes each event of a game as one JSON line (``game.accept(EventsWriter(out))``)."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.deck = Deck.FRENCH
        self.headers: list[tuple[str, str]] = []
        self.comments: list[str] = []
        self.result_text: str | None = None
        self.started = False
        self.in_trick = False

    def _emit(self, event: dict[str, Any]) -> None:
        self.out.write(json.dumps(event, ensure_ascii=False))
        self.out.write("\n")

    def _card(self, card: int) -> str:
        return card_name(card, self.deck) if 0 <= card <= 31 else str(card)

    def _cards(self, cards: Sequence[int]) -> list[str]:
        return [self._card(c) for c in cards]

    @staticmethod
    def _seat(seat: int | None) -> str | None:
        return SEAT_NAMES[seat] if seat is not None and 0 <= seat <= 3 else None

    def _close_trick(self) -> None:
        if self.in_trick:
            self._emit({"type": "trick_end"})
            self.in_trick = False

    # --- the game
    def begin_game(self, index: int, line: int, col: int) -> Skip | None:
        self.headers, self.comments, self.result_text = [], [], None
        self.preamble: list[str] = []
        self.started = False
        return None

    def visit_header(self, name: str, value: str, line: int, col: int) -> None:
        self.headers.append((name, value))

    def end_headers(self) -> Skip | None:
        self.deck = game_deck(Header(name=n, value=v) for n, v in self.headers)
        start: dict[str, Any] = {"type": "match_start", "version": VERSION}
        values = {name.lower(): value for name, value in self.headers}
        if "rules" in values:
            start["rules"] = values["rules"]
        players = {SEAT_NAMES[i]: values[tag.lower()] for i, tag in enumerate(PLAYER_TAGS)
                   if tag.lower() in values}
        if players:
            start["players"] = players
        start["tags"] = [[name, value] for name, value in self.headers]
        if self.preamble:
            start["preamble"] = self.preamble
        self._emit(start)
        for text in self.comments:
            self._emit({"type": "comment", "text": text})
        self.comments, self.started = [], True
        return None

    def visit_comment(self, text: str, line: int, col: int) -> None:
        if self.started:
            self._emit({"type": "comment", "text": text})
        elif not self.headers:  # before the tag pairs: kept there (match_start's preamble)
            self.preamble.append(text)
        else:  # the game's comments: after match_start
            self.comments.append(text)

    def visit_result(self, result: str | None, line: int, col: int) -> None:
        self._close_trick()
        self.result_text = result

    def end_game(self) -> None:
        self._close_trick()
        end: dict[str, Any] = {"type": "match_end"}
        if self.result_text is not None:
            end["result"] = self.result_text
        self._emit(end)

    def result(self) -> None:
        return None

    # --- a deal
    def begin_deal(self, number: int, dealer: int | None, line: int, col: int) -> Skip | None:
        event: dict[str, Any] = {"type": "deal", "number": number}
        if dealer is not None:
            event["dealer"] = self._seat(dealer)
        self._emit(event)
        return None

    def visit_hand(self, section: HandSection, seat: int, cards: Sequence[int],
                   positions: Sequence[Position], line: int, col: int) -> None:
        self._emit({"type": section, "seat": self._seat(seat), "cards": self._cards(cards)})

    def visit_offer(self, card: int, line: int, col: int) -> None:
        self._emit({"type": "offer", "card": self._card(card)})

    def visit_call(self, seat: int | None, action: Action, suit: int | None, round: int,
                   line: int, col: int, value: int | None = None) -> None:
        event: dict[str, Any] = {"type": "call"}
        if seat is not None:
            event["seat"] = self._seat(seat)
        event["action"] = action
        if value is not None:
            event["value"] = value
        if suit is not None:
            event["suit"] = (suit_name(suit, self.deck) if 0 <= suit <= 3 else
                             STRAIN_NAMES.get(suit, suit))
        event["round"] = round
        self._emit(event)

    def visit_announcement(self, seat: int, kind: Kind, cards: Sequence[int],
                           positions: Sequence[Position], trick: int | None,
                           before_card: int | None, line: int, col: int) -> None:
        event: dict[str, Any] = {"type": "announce", "seat": self._seat(seat), "kind": kind,
                                 "cards": self._cards(cards)}
        if trick is not None:
            event["trick"] = trick
        if before_card is not None:
            event["before"] = before_card
        self._emit(event)

    def begin_trick(self, number: int, line: int, col: int) -> None:
        self._close_trick()
        self._emit({"type": "trick", "number": number})
        self.in_trick = True

    def visit_play(self, seat: int | None, card: int, mark: Mark | None, line: int,
                   col: int) -> None:
        event: dict[str, Any] = {"type": "card"}
        if seat is not None:
            event["seat"] = self._seat(seat)
        event["card"] = self._card(card)
        if mark is not None:
            event["belote"] = mark
        self._emit(event)

    def visit_mark(self, mark: Mark, line: int, col: int) -> None:
        self._emit({"type": "belote", "belote": mark})

    def visit_winner(self, seat: int, line: int, col: int) -> None:
        self._emit({"type": "trick_end", "winner": self._seat(seat)})
        self.in_trick = False

    def visit_score(self, kind: ScoreKind, ns: int, ew: int | None, line: int, col: int) -> None:
        self._close_trick()
        if kind == "pot":
            self._emit({"type": "pot", "points": ns})
        else:
            self._emit({"type": "deal_score" if kind == "score" else "match_score",
                        "ns": ns, "ew": ew})

    def end_deal(self) -> None:
        self._close_trick()
        self._emit({"type": "deal_end"})

    # --- review material
    def visit_glyph(self, glyph: str, line: int, col: int) -> None:
        self._emit({"type": "glyph", "glyph": glyph})

    def visit_nag(self, nag: int, line: int, col: int) -> None:
        self._emit({"type": "nag", "nag": nag})

    def begin_variation(self, line: int, col: int) -> Skip | None:
        self._emit({"type": "variation_start"})
        return None

    def end_variation(self) -> None:
        self._emit({"type": "variation_end"})


def events_text(game: Game) -> str:
    """The event log of one game, as text."""
    out = io.StringIO()
    game.accept(EventsWriter(out))
    return out.getvalue()
