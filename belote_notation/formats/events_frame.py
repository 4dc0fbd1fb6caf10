"""The event reader's vocabulary and frame (:mod:`belote_notation.formats.events_reader`): the
event types and field names it accepts, the reading of one field's value (with its issue when it
cannot be read) and the frame of a game (its game, deals, sections and the open trick) around
the :class:`~belote_notation.notation.read.build.RecordBuilder`."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from belote_notation.formats.base import KEPT_AS_TEXT, MISSING_FIELD, UNREADABLE_VALUE, FormatIssue, issue
from belote_notation.formats.events_writer import PLAYER_TAGS
from belote_notation.formats.values import card_value, int_value, seat_value
from belote_notation.game.cards import SEAT_NAMES, Deck, card_name
from belote_notation.game.lang import Listed, Message, msg, msg_n
from belote_notation.notation.headers import game_deck
from belote_notation.notation.read.build import RecordBuilder
from belote_notation.notation.records import Game, Header
from belote_notation.notation.visitor import Mark, Position, Section

__all__ = [
    "FIELD_ALIASES", "KNOWN_FIELDS", "SEATS", "TAG_NAME", "TYPE_ALIASES", "EventFrame", "OpenTrick", "Skip",
    "kept_fields",
]

TAG_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*\Z")


def kept_fields(extra: list[tuple[str, str]],
                taken: set[str]) -> tuple[list[tuple[str, str]], list[str], Message | None]:
    """Unknown fields of a game (``name``, value as text) kept whole: as tags when the name is
    a tag name not set yet (``taken``: the lower-case names set; a field never overrides a tag
    the game has, such as its rules), else as comments ``name=value``; and the BEL805 message
    that names each field where it was kept, and no other (``None``: no field).

    >>> tags, comments, said = kept_fields([("venue", "Club"), ("my field", "x"), ("Rules", "classic"),
    ...                                     ("Venue", "2")], {"rules"})
    >>> tags, comments
    ([('venue', 'Club')], ['my field=x', 'Rules=classic', 'Venue=2'])
    >>> from belote_notation.game.lang import render
    >>> print(render(said).replace("; ", ";\\n")) if said else None
    fields kept as tags: venue;
    fields kept as comments (not a tag name, or a tag the game already has): "my field", "Rules", "Venue"
    """
    tags: list[tuple[str, str]] = []
    comments: list[str] = []
    as_comments: list[str] = []
    for name, value in extra:
        if TAG_NAME.match(name) and name.lower() not in taken:
            taken.add(name.lower())
            tags.append((name, value))
        else:
            comments.append(f"{name}={value}")
            as_comments.append(json.dumps(name, ensure_ascii=False))
    as_tags = msg("fields kept as tags: %(names)s", names=Listed(tuple(name for name, _ in tags)))
    as_text = msg("fields kept as comments (not a tag name, or a tag the game already has): %(names)s",
                  names=Listed(tuple(as_comments)))
    if tags and comments:
        return tags, comments, msg("%(first)s; %(then)s", first=as_tags, then=as_text)
    return tags, comments, as_tags if tags else as_text if comments else None
"""A tag name the notation can hold."""

TYPE_ALIASES: dict[str, str] = {
    "match_start": "match_start", "start": "match_start", "game_start": "match_start",
    "deal": "deal", "deal_start": "deal",
    "five": "five", "tafr9a": "five", "first_five": "five",
    "offer": "offer", "turn_up": "offer", "upcard": "offer",
    "call": "call", "bid": "call",
    "rest": "rest", "hand": "hand",
    "announce": "announce", "announcement": "announce", "declare": "announce",
    "trick": "trick", "trick_start": "trick",
    "card": "card", "play": "card",
    "belote": "belote",
    "trick_end": "trick_end", "trick_won": "trick_end",
    "deal_score": "deal_score", "score": "deal_score",
    "match_score": "match_score", "totals": "match_score",
    "pot": "pot", "deal_end": "deal_end",
    "match_end": "match_end", "end": "match_end", "game_end": "match_end",
    "comment": "comment", "glyph": "glyph", "nag": "nag",
    "variation_start": "variation_start", "variation_end": "variation_end",
}
"""Every event type and its aliases (docs/formats/events.md lists them)."""

FIELD_ALIASES: dict[str, str] = {
    "player": "seat", "who": "seat", "trump": "suit", "call": "action", "bid": "action",
    "mark": "belote", "say": "belote", "announcement": "kind", "score_ns": "ns",
    "score_ew": "ew", "before_card": "before", "n": "number",
}
"""Field aliases accepted on input."""

KNOWN_FIELDS: dict[str, frozenset[str]] = {
    "match_start": frozenset({"version", "rules", "players", "tags", "deck", "dealer", "preamble"}),
    "deal": frozenset({"number", "dealer"}),
    "five": frozenset({"seat", "cards"}), "rest": frozenset({"seat", "cards"}),
    "hand": frozenset({"seat", "cards"}), "offer": frozenset({"card"}),
    "call": frozenset({"seat", "action", "value", "suit", "round"}),
    "announce": frozenset({"seat", "kind", "cards", "trick", "before"}),
    "trick": frozenset({"number"}), "card": frozenset({"seat", "card", "belote"}),
    "belote": frozenset({"belote"}), "trick_end": frozenset({"winner"}),
    "deal_score": frozenset({"ns", "ew"}), "match_score": frozenset({"ns", "ew"}),
    "pot": frozenset({"points"}), "deal_end": frozenset(), "match_end": frozenset({"result"}),
    "comment": frozenset({"text"}), "glyph": frozenset({"glyph"}), "nag": frozenset({"nag"}),
    "variation_start": frozenset(), "variation_end": frozenset(),
}
"""The fields of each event type (after :data:`FIELD_ALIASES`); others are kept as text."""

SEATS = {letter: seat for seat, letter in enumerate(SEAT_NAMES)}
"""The canonical seat letters (what the writer prints)."""


@cache
def canonical_names(deck: Deck) -> dict[str, int]:
    """The canonical card names of ``deck`` (what the writer prints): the reader's hot path."""
    return {card_name(card, deck): card for card in range(32)}


@cache
def byte_names(deck: Deck) -> dict[bytes, int]:
    """The canonical card names of ``deck`` as bytes (what the line scanner matches)."""
    return {name.encode(): card for name, card in canonical_names(deck).items()}


class Skip(Exception):
    """The current event cannot be used (its issue is already reported)."""


@dataclass(slots=True)
class OpenTrick:
    """The plays of the open trick not yet given to the builder: they go at once, as one
    ``visit_trick`` (the batch event), when the trick ends."""

    number: int
    line: int
    seats: list[int | None] = field(default_factory=list)
    cards: list[int] = field(default_factory=list)
    marks: list[Mark | None] = field(default_factory=list)
    positions: list[Position] = field(default_factory=list)

    def add(self, seat: int | None, card: int, mark: Mark | None, line: int) -> None:
        """One play, at ``line``."""
        self.seats.append(seat)
        self.cards.append(card)
        self.marks.append(mark)
        self.positions.append((line, 1))


class EventFrame:
    """The reader's state and the frame of the game being read (a base of
    :class:`~belote_notation.formats.events_reader.EventReader`)."""

    def __init__(self) -> None:
        self.builder = RecordBuilder()
        self.issues: list[FormatIssue] = []
        self.open = False
        self.line = 0
        self.kind = ""
        self.drop_unknown = False
        """Leave unknown fields of the events out (``convert --drop-unknown``), not as comments."""
        self._reset_game()

    def _reset_game(self) -> None:
        self.deck = Deck.FRENCH
        self.names = canonical_names(self.deck)
        self.byte_names = byte_names(self.deck)
        self.in_deal = False
        self.section: Section | None = None
        self.trick = 0
        self.in_trick = False
        self.implicit_trick = False
        """The open trick was opened by a ``card`` (no ``trick`` event): its fourth card ends it."""
        self.cards_in_trick = 0
        """Cards of the main line played in the open trick (given to the builder or pending)."""
        self.unknown_fields: dict[str, list[int]] = {}
        """The game's unknown fields: name -> [first line, events], said at its end."""
        self.depth = 0
        self.deal_number = 0
        self.round = 1
        self.calls = 0
        self.pending: OpenTrick | None = None

    # --- reporting
    def report(self, code: str, message: Message, field: str = "") -> None:
        """An issue at the current line (also for a translator of a foreign log)."""
        self.issues.append(issue(code, message, self.line, self.line, field))

    def bad(self, code: str, message: Message, field: str = "") -> Skip:
        """An issue at the current line, and the exception that skips the event."""
        self.report(code, message, field)
        return Skip()

    # --- one field
    def need(self, event: dict[str, Any], name: str) -> Any:
        """The field ``name`` of ``event`` (an issue and :class:`Skip` when it is missing)."""
        if event.get(name) is None:
            raise self.bad(MISSING_FIELD, msg("%(kind)s event without `%(name)s`", kind=self.kind, name=name),
                           name)
        return event[name]

    def value_of(self, event: dict[str, Any], name: str, read: Callable[[Any], Any],
              what: Message, required: bool = True) -> Any:
        """The field ``name`` read by ``read`` (``None``: left out, when not ``required``)."""
        raw = self.need(event, name) if required else event.get(name)
        if raw is None:
            return None
        value = read(raw)
        if value is None:
            raise self.bad(UNREADABLE_VALUE, msg("cannot read %(what)s from %(raw)s", what=what,
                                                 raw=repr(raw)), name)
        return value

    def seat_of(self, event: dict[str, Any], name: str = "seat", required: bool = True) -> int | None:
        raw = event.get(name)
        if type(raw) is str and raw in SEATS:
            return SEATS[raw]
        return self.value_of(event, name, seat_value, msg("a seat"), required)  # type: ignore[no-any-return]

    def card_of(self, raw: Any, name: str = "card") -> int:
        if type(raw) is str and raw in self.names:
            return self.names[raw]
        card = card_value(raw, self.deck)
        if card is None:
            raise self.bad(UNREADABLE_VALUE, msg("cannot read %(what)s from %(raw)s", what=msg("a card"),
                                                 raw=repr(raw)), name)
        return card

    def cards_of(self, event: dict[str, Any]) -> list[int]:
        raw = self.need(event, "cards")
        if isinstance(raw, str):
            raw = raw.replace(",", " ").split()
        if not isinstance(raw, list):
            raise self.bad(UNREADABLE_VALUE, msg("cannot read %(what)s from %(raw)s", what=msg("cards"),
                                                 raw=repr(raw)), "cards")
        names = self.names
        if all(type(c) is str and c in names for c in raw):
            return [names[c] for c in raw]
        return [self.card_of(c, f"cards[{i}]") for i, c in enumerate(raw)]

    def int_of(self, event: dict[str, Any], name: str, required: bool = True) -> int | None:
        return self.value_of(event, name, int_value, msg("a number"), required)  # type: ignore[no-any-return]

    def players_of(self, players: Any, named: set[str]) -> list[tuple[str, str]]:
        """The player tags of ``match_start``'s ``players`` not given as tags too."""
        if isinstance(players, list):
            players = dict(enumerate(players))
        if not isinstance(players, dict):
            if players is not None:
                self.report(UNREADABLE_VALUE, msg("players must be an object or a list of four names"),
                            "players")
            return []
        out: list[tuple[str, str]] = []
        for key, name in players.items():
            seat = seat_value(key)
            if seat is None:
                self.report(UNREADABLE_VALUE, msg("cannot read %(what)s from %(raw)s", what=msg("a seat"),
                                                  raw=repr(key)), "players")
            elif PLAYER_TAGS[seat].lower() not in named and name is not None:
                out.append((PLAYER_TAGS[seat], str(name)))
        return out

    def tags_of(self, raw: Any) -> list[tuple[str, str]]:
        """``match_start``'s ``tags`` (a list of [name, value] or an object) as header pairs."""
        if raw is None:
            return []
        pairs = list(raw.items()) if isinstance(raw, dict) else raw
        out: list[tuple[str, str]] = []
        if not isinstance(pairs, list):
            self.report(UNREADABLE_VALUE, msg("tags must be a list of [name, value] or an object"), "tags")
            return out
        for i, pair in enumerate(pairs):
            if (isinstance(pair, (list, tuple)) and len(pair) == 2 and isinstance(pair[0], str)
                    and TAG_NAME.match(pair[0]) and pair[1] is not None):
                value = pair[1] if isinstance(pair[1], str) else json.dumps(pair[1])
                out.append((pair[0], value))
            else:
                self.report(UNREADABLE_VALUE, msg("cannot read %(what)s from %(raw)s", what=msg("a tag"),
                                                  raw=repr(pair)), f"tags[{i}]")
        return out

    # --- the game's frame
    def finish_unknown(self) -> None:
        """One BEL805 per unknown field of the game, at its first event, with a count (a field
        an app writes on every event is one finding, not one per event)."""
        if self.drop_unknown:
            self.unknown_fields.clear()
            return
        for name, (first, count) in self.unknown_fields.items():
            said = msg_n("unknown field `%(name)s` kept as a comment on %(n)s event (first here; convert "
                         "--drop-unknown leaves it out)", "unknown field `%(name)s` kept as a comment on "
                         "%(n)s events (first here; convert --drop-unknown leaves it out)", "n",
                         name=name, n=count)
            self.issues.append(issue(KEPT_AS_TEXT, said, first, first, name))
        self.unknown_fields.clear()

    def start_game(self, headers: Iterable[tuple[str, str]] = (), preamble: Iterable[str] = ()) -> None:
        b = self.builder
        b.begin_game(0, self.line, 1)
        self._reset_game()
        for text in preamble:  # the comments before the tag pairs
            b.visit_comment(text, self.line, 1)
        pairs = list(headers)
        for name, value in pairs:
            b.visit_header(name, value, self.line, 1)
        self.deck = game_deck(Header(name=n, value=v) for n, v in pairs)
        self.names = canonical_names(self.deck)
        self.byte_names = byte_names(self.deck)
        b.end_headers()
        self.open = True

    def flush(self, winner: int | None = None) -> None:
        """The open trick's plays to the builder at once (the batch event), with its winner."""
        trick, self.pending = self.pending, None
        if trick is None:
            return
        self.builder.visit_trick(trick.number, trick.line, 1, trick.seats, trick.cards, trick.marks,
                                 trick.positions, winner, None if winner is None else (self.line, 1))

    def open_trick(self, number: int, line: int, implicit: bool = False) -> None:
        """Trick ``number`` begins at ``line``: its plays are kept until it ends (``implicit``:
        opened by a card, without a ``trick`` event)."""
        self.trick = number
        self.pending = OpenTrick(number, line)
        self.in_trick = True
        self.implicit_trick = implicit
        self.cards_in_trick = 0

    def trick_is_full(self) -> bool:
        """The open trick was opened by a card and has its four cards: the next card opens the
        next trick (docs/formats/events.md: ``trick`` and ``trick_end`` may be left out)."""
        return self.implicit_trick and self.in_trick and self.cards_in_trick >= 4

    def end_deal(self) -> None:
        self.flush()
        if self.in_deal:
            while self.depth:
                self.builder.end_variation()
                self.depth -= 1
            self.builder.end_deal()
            self.in_deal, self.section, self.in_trick = False, None, False

    def finish(self) -> Game | None:
        """Close the open game (at ``match_end``, the next ``match_start`` or the end)."""
        if not self.open:
            return None
        self.end_deal()
        self.finish_unknown()
        self.builder.end_game()
        self.open = False
        return self.builder.result().game

    def enter(self, section: Section) -> None:
        """Section ``section`` of the deal (opening a deal, a new section when it changes)."""
        if not self.in_deal:
            self.open_deal(None, None)
        if self.section != section or section == "announce":
            if self.pending is not None:
                self.flush()
            self.builder.begin_section(section, self.line, 1)
            self.section = section
            self.in_trick = False

    def enter_tricks(self, line: int) -> None:
        """The trick section (no issue possible: the caller has flushed the open trick)."""
        if self.section != "trick":
            self.builder.begin_section("trick", line, 1)
            self.section = "trick"

    def open_deal(self, number: int | None, dealer: int | None) -> None:
        if not self.open:
            self.start_game()
        self.end_deal()
        self.deal_number = number if number is not None else self.deal_number + 1
        self.builder.begin_deal(self.deal_number, dealer, self.line, 1)
        self.in_deal, self.section, self.trick, self.in_trick = True, None, 0, False
        self.round, self.calls = 1, 0
