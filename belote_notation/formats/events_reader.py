"""The reader of the ``events`` log (:mod:`belote_notation.formats.events`): lenient event lines
into games through a :class:`~belote_notation.notation.build.RecordBuilder`, one game at a time,
with fast paths for what the writer prints most (canonical tricks and hands)."""

from __future__ import annotations

import gc
import json
import re
from collections.abc import Callable, Generator, Iterable, Iterator
from functools import cache, partialmethod
from typing import Any, BinaryIO

from belote_notation.formats.base import (
    KEPT_AS_TEXT,
    MISSING_FIELD,
    NEWER_VERSION,
    OUT_OF_PLACE,
    UNKNOWN_KIND,
    UNREADABLE,
    UNREADABLE_VALUE,
    FormatIssue,
    ReadItem,
    issue,
)
from belote_notation.formats.events_writer import PLAYER_TAGS, VERSION
from belote_notation.formats.values import (
    action_value,
    card_value,
    contract_bid_value,
    int_value,
    kind_value,
    mark_value,
    seat_value,
    suit_value,
)
from belote_notation.game.cards import SEAT_NAMES, Deck, card_name
from belote_notation.notation.build import RecordBuilder
from belote_notation.notation.headers import game_deck
from belote_notation.notation.records import Game, Header
from belote_notation.notation.visitor import (
    Action,
    HandSection,
    Mark,
    ScoreKind,
    Section,
)

__all__ = ["FIELD_ALIASES", "TYPE_ALIASES", "EventReader", "read_json_lines"]

_TAG_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*\Z")


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

_SECTION_OF: dict[str, Section] = {
    "five": "five", "offer": "offer", "call": "bidding", "rest": "rest", "hand": "hand",
    "trick": "trick", "card": "trick", "deal_score": "scores", "match_score": "scores",
    "pot": "scores",
}
_KNOWN_FIELDS: dict[str, frozenset[str]] = {
    "match_start": frozenset({"version", "rules", "players", "tags", "deck", "dealer"}),
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


_ALIASED = frozenset(FIELD_ALIASES)
_SEATS = {letter: seat for seat, letter in enumerate(SEAT_NAMES)}
_SEAT_BYTES = {letter.encode(): seat for letter, seat in _SEATS.items()}
_MARKS = frozenset({"belote", "rebelote"})
_NO_MARKS = (None, None, None, None)
_HANDS = frozenset({"five", "rest", "hand"})


@cache
def _canonical_names(deck: Deck) -> dict[str, int]:
    """The canonical card names of ``deck`` (what the writer prints): the reader's hot path."""
    return {card_name(card, deck): card for card in range(32)}


@cache
def _byte_names(deck: Deck) -> dict[bytes, int]:
    """The canonical card names of ``deck`` as bytes (the trick pattern's groups)."""
    return {name.encode(): card for name, card in _canonical_names(deck).items()}


class _Skip(Exception):
    """The current event cannot be used (its issue is already reported)."""


class EventReader:
    """Reads event lines into games through a :class:`RecordBuilder` (one game at a time)."""

    def __init__(self) -> None:
        self.builder = RecordBuilder()
        self.issues: list[FormatIssue] = []
        self.open = False
        self.line = 0
        self.kind = ""
        self.handlers: dict[str, Callable[[dict[str, Any]], None]] = {
            kind: getattr(self, "_on_" + kind) for kind in set(TYPE_ALIASES.values())}
        self.compiled: tuple[Any, ...] | None = None
        """The last event as a cacheable step (a canonical card, trick, trick end, call, offer,
        deal, score or deal end), for
        :func:`read_json_lines` to replay the same line without decoding it again."""
        self._reset_game()

    def _reset_game(self) -> None:
        self.deck = Deck.FRENCH
        self.names = _canonical_names(self.deck)
        self.byte_names = _byte_names(self.deck)
        self.in_deal = False
        self.section: Section | None = None
        self.trick = 0
        self.in_trick = False
        self.depth = 0
        self.deal_number = 0
        self.round = 1
        self.calls = 0
        self.pending: list[tuple[int | None, int, Mark | None, int]] | None = None
        """The plays of the open trick not yet given to the builder (one batch per trick)."""
        self.pending_at = (0, 0)

    # --- reporting
    def _issue(self, code: str, message: str, field: str = "") -> None:
        self.issues.append(issue(code, message, self.line, self.line, field))

    def report(self, code: str, message: str, field: str = "") -> None:
        """An issue at the current line (for a translator of a foreign log)."""
        self._issue(code, message, field)

    def _bad(self, code: str, message: str, field: str = "") -> _Skip:
        self._issue(code, message, field)
        return _Skip()

    def _need(self, event: dict[str, Any], name: str) -> Any:
        if event.get(name) is None:
            raise self._bad(MISSING_FIELD, f"{self.kind} event without `{name}`", name)
        return event[name]

    def _value(self, event: dict[str, Any], name: str, read: Callable[[Any], Any],
               what: str, required: bool = True) -> Any:
        raw = self._need(event, name) if required else event.get(name)
        if raw is None:
            return None
        value = read(raw)
        if value is None:
            raise self._bad(UNREADABLE_VALUE, f"cannot read {what} {raw!r}", name)
        return value

    def _seat(self, event: dict[str, Any], name: str = "seat", required: bool = True) -> int | None:
        raw = event.get(name)
        if type(raw) is str and raw in _SEATS:
            return _SEATS[raw]
        return self._value(event, name, seat_value, "a seat from", required)  # type: ignore[no-any-return]

    def _card(self, raw: Any, name: str = "card") -> int:
        if type(raw) is str and raw in self.names:
            return self.names[raw]
        card = card_value(raw, self.deck)
        if card is None:
            raise self._bad(UNREADABLE_VALUE, f"cannot read a card from {raw!r}", name)
        return card

    def _cards(self, event: dict[str, Any]) -> list[int]:
        raw = self._need(event, "cards")
        if isinstance(raw, str):
            raw = raw.replace(",", " ").split()
        if not isinstance(raw, list):
            raise self._bad(UNREADABLE_VALUE, f"cannot read cards from {raw!r}", "cards")
        names = self.names
        if all(type(c) is str and c in names for c in raw):
            return [names[c] for c in raw]
        return [self._card(c, f"cards[{i}]") for i, c in enumerate(raw)]

    def _int(self, event: dict[str, Any], name: str, required: bool = True) -> int | None:
        return self._value(event, name, int_value, "a number from", required)  # type: ignore[no-any-return]

    # --- the game's frame
    def _start_game(self, headers: Iterable[tuple[str, str]] = ()) -> None:
        b = self.builder
        b.begin_game(0, self.line, 1)
        self._reset_game()
        pairs = list(headers)
        for name, value in pairs:
            b.visit_header(name, value, self.line, 1)
        self.deck = game_deck(Header(name=n, value=v) for n, v in pairs)
        self.names = _canonical_names(self.deck)
        self.byte_names = _byte_names(self.deck)
        b.end_headers()
        self.open = True

    def _flush(self, winner: int | None = None) -> None:
        """The open trick's plays to the builder at once (the batch event), with its winner."""
        plays, self.pending = self.pending, None
        if plays is None:
            return
        number, line = self.pending_at
        self.builder.visit_trick(number, line, 1, [p[0] for p in plays], [p[1] for p in plays],
                                 [p[2] for p in plays], [(p[3], 1) for p in plays], winner,
                                 None if winner is None else (self.line, 1))

    def _end_deal(self) -> None:
        self._flush()
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
        self._end_deal()
        self.builder.end_game()
        self.open = False
        return self.builder.result().game

    def _section(self, section: Section) -> None:
        if not self.in_deal:
            self._open_deal(None, None)
        if self.section != section or section == "announce":
            if self.pending is not None:
                self._flush()
            self.builder.begin_section(section, self.line, 1)
            self.section = section
            self.in_trick = False

    def _open_deal(self, number: int | None, dealer: int | None) -> None:
        if not self.open:
            self._start_game()
        self._end_deal()
        self.deal_number = number if number is not None else self.deal_number + 1
        self.builder.begin_deal(self.deal_number, dealer, self.line, 1)
        self.in_deal, self.section, self.trick, self.in_trick = True, None, 0, False
        self.round, self.calls = 1, 0

    # --- one event
    def replay(self, step: tuple[Any, ...], line: int) -> bool:
        """Replay a cached step of a line read before; False when the place does not allow it
        (then the line is read in full)."""
        op = step[0]
        if op == "c":
            if self.pending is None:
                return False
            self.pending.append((step[1], step[2], step[3], line))
            return True
        if op == "n":  # a deal
            if not self.open:
                return False
            self.line = line
            self._flush()
            self._open_deal(step[1], step[2])
            return True
        if self.depth or not self.in_deal:
            return False
        self.line = line
        if op == "s":
            self._flush()
            self._section("scores")
            self.builder.visit_score(step[1], step[2], step[3], line, 1)
            return True
        if op == "b":  # a call: what _on_call does with the values it read
            self._flush()
            self._section("bidding")
            self.calls += 1
            self.round = step[4] if step[4] is not None else (2 if self.calls > 4 else 1)
            self._call(step[1], step[2], step[3], step[5])
            return True
        if op == "o":
            self._flush()
            self._section("offer")
            self.builder.visit_offer(step[1], line, 1)
            return True
        if op == "d":
            self._end_deal()
            return True
        if op == "e":
            if self.pending is None:
                return False
            self._flush(step[1])
            self.in_trick = False
            return True
        self._flush()
        if self.section != "trick":
            self.builder.begin_section("trick", line, 1)
            self.section = "trick"
        self.trick = step[1]
        self.pending, self.pending_at = [], (self.trick, line)
        self.in_trick = True
        return True

    def read_fast(self, match: re.Match[bytes], line: int) -> bool:
        """A :data:`_FAST` match from ``line`` given to the builder as the events of its lines
        would be; False when its place or its cards do not allow it (then its lines are read
        one by one)."""
        if self.depth or not self.in_deal:
            return False
        (number, s1, c1, m1, s2, c2, m2, s3, c3, m3, s4, c4, m4, winner,
         hand, seat, raw) = match.groups()
        names = self.byte_names
        self.line = line
        if hand is not None:
            cards = [names.get(c) for c in raw[1:-1].split(b'", "')] if raw else []
            if None in cards:
                return False
            if self.pending is not None:
                self._flush()
            section: HandSection = hand.decode()  # type: ignore[assignment]
            self._section(section)
            self.builder.visit_hand(section, _SEAT_BYTES[seat], cards,  # type: ignore[arg-type]
                                    [(line, 1)] * len(cards), line, 1)
            return True
        cards = [names.get(c1), names.get(c2), names.get(c3), names.get(c4)]
        if None in cards:
            return False
        if self.pending is not None:
            self._flush()
        if self.section != "trick":
            self.builder.begin_section("trick", line, 1)
            self.section = "trick"
        self.trick = int(number)
        self.line = line + 5
        self.builder.visit_trick(
            self.trick, line, 1, [_SEAT_BYTES[s1], _SEAT_BYTES[s2], _SEAT_BYTES[s3], _SEAT_BYTES[s4]],
            cards, _NO_MARKS if m1 is m2 is m3 is m4 is None else  # type: ignore[arg-type]
            [None if m is None else m.decode() for m in (m1, m2, m3, m4)],  # type: ignore[misc]
            [(line + 1, 1), (line + 2, 1), (line + 3, 1), (line + 4, 1)],
            None if winner is None else _SEAT_BYTES[winner], None if winner is None else (line + 5, 1))
        self.in_trick = False
        return True

    def feed(self, event: dict[str, Any], line: int) -> Game | None:
        """Read one event (``line``: its 1-based line); returns a game when one is over."""
        self.line = line
        raw_type = event.get("type")
        pending = self.pending
        if pending is not None:
            if raw_type == "card" and len(event) <= 4:  # the canonical card: the hot path
                seat, card, mark = event.get("seat"), event.get("card"), event.get("belote")
                if type(seat) is str and type(card) is str and seat in _SEATS and card in self.names \
                        and (mark is None or type(mark) is str and mark in _MARKS) \
                        and len(event) == 3 + (mark is not None):
                    self.compiled = ("c", _SEATS[seat], self.names[card], mark)
                    pending.append((_SEATS[seat], self.names[card], mark, line))  # type: ignore[arg-type]
                    return None
            elif raw_type != "card" and raw_type != "trick_end":
                self._flush()
        if type(raw_type) is str and raw_type in _HANDS and len(event) == 3 and self.in_deal \
                and not self.depth:
            seat, cards = event.get("seat"), event.get("cards")  # a canonical hand: a hot path
            if type(seat) is str and seat in _SEATS and type(cards) is list:
                names = self.names
                if all(type(c) is str and c in names for c in cards):
                    section: HandSection = raw_type  # type: ignore[assignment]
                    self._section(section)
                    self.builder.visit_hand(section, _SEATS[seat], [names[c] for c in cards],
                                            [(line, 1)] * len(cards), line, 1)
                    return None
        if raw_type is None:
            self.kind = "an"
            self._issue(MISSING_FIELD, "event without `type`", "type")
            return None
        kind = TYPE_ALIASES.get(str(raw_type).strip().lower())
        if kind is None:
            self._issue(UNKNOWN_KIND, f"unknown event type {raw_type!r}: kept as a comment", "type")
            if self.open:
                self.builder.visit_comment("event: " + json.dumps(event, ensure_ascii=False),
                                           line, 1)
            return None
        self.kind = kind
        if not _ALIASED.isdisjoint(event):
            event = {FIELD_ALIASES.get(k, k): v for k, v in event.items()}
        done = None
        if kind == "match_start":
            done = self.finish()
        elif kind != "match_end" and not self.open:
            self._start_game()
        try:
            self.handlers[kind](event)
        except _Skip:
            return done
        if kind == "match_end":
            return self.finish()
        self._keep_unknown(kind, event)
        return done

    def _keep_unknown(self, kind: str, event: dict[str, Any]) -> None:
        known = _KNOWN_FIELDS[kind]
        if len(event) <= len(known) + 1 and known.issuperset(k for k in event if k != "type"):
            return
        extra = {k: v for k, v in event.items() if k not in known and k != "type"}
        if not extra or kind == "match_start":
            return
        self._flush()  # the comment goes to the item just read
        for name, value in extra.items():
            text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
            self.builder.visit_comment(f"{name}={text}", self.line, 1)
        self._issue(KEPT_AS_TEXT, "fields kept as comments: " + ", ".join(sorted(extra)))

    def _on_match_start(self, event: dict[str, Any]) -> None:
        version = event.get("version", VERSION)
        if int_value(version) is None:
            self._issue(UNREADABLE_VALUE, f"cannot read a version from {version!r}", "version")
        elif int_value(version) > VERSION:  # type: ignore[operator]
            self._issue(NEWER_VERSION, f"version {version} is newer than {VERSION}: read as {VERSION}",
                        "version")
        headers = self._tags(event.get("tags"))
        named = {name.lower() for name, _ in headers}
        shorthands: list[tuple[str, str]] = []
        for field, tag in (("rules", "Rules"), ("deck", "Deck"), ("dealer", "Dealer")):
            if event.get(field) is not None and tag.lower() not in named:
                shorthands.append((tag, str(event[field])))
        players = event.get("players")
        if isinstance(players, list):
            players = dict(enumerate(players))
        if isinstance(players, dict):
            for key, name in players.items():
                seat = seat_value(key)
                if seat is None:
                    self._issue(UNREADABLE_VALUE, f"cannot read a seat from {key!r}", "players")
                elif PLAYER_TAGS[seat].lower() not in named and name is not None:
                    shorthands.append((PLAYER_TAGS[seat], str(name)))
        elif players is not None:
            self._issue(UNREADABLE_VALUE, "players must be an object or a list of four names",
                        "players")
        extra = [(k, v if isinstance(v, str) else json.dumps(v, ensure_ascii=False))
                 for k, v in event.items() if k not in _KNOWN_FIELDS["match_start"] and k != "type"]
        kept = [(k, v) for k, v in extra if _TAG_NAME.match(k)]
        if extra:
            self._issue(KEPT_AS_TEXT, "fields kept as tags: " + ", ".join(k for k, _ in extra))
        self._start_game([*shorthands, *headers, *kept])

    def _tags(self, raw: Any) -> list[tuple[str, str]]:
        if raw is None:
            return []
        pairs = list(raw.items()) if isinstance(raw, dict) else raw
        out: list[tuple[str, str]] = []
        if not isinstance(pairs, list):
            self._issue(UNREADABLE_VALUE, "tags must be a list of [name, value] or an object", "tags")
            return out
        for i, pair in enumerate(pairs):
            if (isinstance(pair, (list, tuple)) and len(pair) == 2 and isinstance(pair[0], str)
                    and _TAG_NAME.match(pair[0]) and pair[1] is not None):
                value = pair[1] if isinstance(pair[1], str) else json.dumps(pair[1])
                out.append((pair[0], value))
            else:
                self._issue(UNREADABLE_VALUE, f"cannot read a tag from {pair!r}", f"tags[{i}]")
        return out

    def _on_match_end(self, event: dict[str, Any]) -> None:
        self._end_deal()
        result = event.get("result")
        if result is not None:
            self.builder.visit_result(str(result), self.line, 1)

    def _on_deal(self, event: dict[str, Any]) -> None:
        number = self._int(event, "number", required=False)
        dealer = self._seat(event, "dealer", required=False)
        self._open_deal(number, dealer)
        if _KNOWN_FIELDS["deal"].issuperset(k for k in event if k != "type"):
            self.compiled = ("n", number, dealer)

    def _on_deal_end(self, event: dict[str, Any]) -> None:
        if not self.in_deal:
            raise self._bad(OUT_OF_PLACE, "deal_end outside a deal")
        self._end_deal()
        if len(event) == 1:
            self.compiled = ("d",)

    def _hand(self, section: HandSection, event: dict[str, Any]) -> None:
        seat = self._seat(event)
        cards = self._cards(event)
        self._section(section)
        self.builder.visit_hand(section, seat, cards, [(self.line, 1)] * len(cards), self.line, 1)  # type: ignore[arg-type]

    _on_five = partialmethod(_hand, "five")
    _on_rest = partialmethod(_hand, "rest")
    _on_hand = partialmethod(_hand, "hand")

    def _on_offer(self, event: dict[str, Any]) -> None:
        card = self._card(self._need(event, "card"))
        self._section("offer")
        self.builder.visit_offer(card, self.line, 1)
        if len(event) == 2:
            self.compiled = ("o", card)

    def _on_call(self, event: dict[str, Any]) -> None:
        seat = self._seat(event, required=False)
        one_word = contract_bid_value(event.get("action"), self.deck)  # a contrée bid: "80H"
        value: int | None
        suit: int | None
        if one_word is not None:
            action: Action = "bid"
            value, suit = one_word
        else:
            action = self._value(event, "action", action_value, "a call from")
            value = self._int(event, "value", required=False)
            suit = None
        if suit is None:
            suit = self._value(event, "suit", lambda v: suit_value(v, self.deck), "a suit from",
                               required=False)
        if action == "bid" and value is None:
            raise self._bad(MISSING_FIELD, "a contrée bid without its points", "value")
        number = self._int(event, "round", required=False)
        if number is not None and number not in (1, 2):
            raise self._bad(UNREADABLE_VALUE, f"round {number} is not 1 or 2", "round")
        if self.depth == 0:
            self._section("bidding")
            self.calls += 1
            self.round = number if number is not None else (2 if self.calls > 4 else 1)
        elif number is not None:
            self.round = number
        self._call(seat, action, suit, value)
        if self.depth == 0 and _KNOWN_FIELDS["call"].issuperset(k for k in event if k != "type"):
            self.compiled = ("b", seat, action, suit, number, value)

    def _call(self, seat: int | None, action: Action, suit: int | None, value: int | None) -> None:
        if value is None:
            self.builder.visit_call(seat, action, suit, self.round, self.line, 1)
        else:
            self.builder.visit_call(seat, action, suit, self.round, self.line, 1, value)

    def _on_announce(self, event: dict[str, Any]) -> None:
        seat = self._seat(event)
        kind = self._value(event, "kind", kind_value, "an announcement kind from")
        cards = self._cards(event) if event.get("cards") is not None else []
        trick = self._int(event, "trick", required=False)
        before = self._int(event, "before", required=False)
        self._section("announce")
        self.builder.visit_announcement(seat, kind, cards, [(self.line, 1)] * len(cards),  # type: ignore[arg-type]
                                        trick, before, self.line, 1)

    def _on_trick(self, event: dict[str, Any]) -> None:
        if self.depth:
            raise self._bad(OUT_OF_PLACE, "trick inside a variation")
        number = self._int(event, "number", required=False)
        self._section("trick")
        self.trick = number if number is not None else self.trick + 1
        self.pending, self.pending_at = [], (self.trick, self.line)
        self.in_trick = True
        if number is not None and len(event) == 2:
            self.compiled = ("t", number)

    def _on_card(self, event: dict[str, Any]) -> None:
        seat = self._seat(event, required=False)
        card = self._card(self._need(event, "card"))
        mark = self._value(event, "belote", mark_value, "a belote word from", required=False)
        if self.depth == 0 and not (self.section == "trick" and self.in_trick):
            self._section("trick")
            self.trick += 1
            self.pending, self.pending_at = [], (self.trick, self.line)
            self.in_trick = True
        if self.pending is not None and self.depth == 0:
            self.pending.append((seat, card, mark, self.line))
        else:
            self.builder.visit_play(seat, card, mark, self.line, 1)

    def _on_belote(self, event: dict[str, Any]) -> None:
        mark = self._value(event, "belote", mark_value, "a belote word from")
        if not self.in_trick:
            raise self._bad(OUT_OF_PLACE, "a belote word with no card before it")
        self.builder.visit_mark(mark, self.line, 1)

    def _on_trick_end(self, event: dict[str, Any]) -> None:
        winner = self._seat(event, "winner", required=False)
        if not self.in_trick or self.depth:
            raise self._bad(OUT_OF_PLACE, "trick_end outside a trick")
        if self.pending is not None:
            self._flush(winner)
            if len(event) == 2 and winner is not None:
                self.compiled = ("e", winner)
        elif winner is not None:
            self.builder.visit_winner(winner, self.line, 1)
        self.in_trick = False

    def _score(self, kind: ScoreKind, event: dict[str, Any]) -> None:
        ns = self._int(event, "points" if kind == "pot" else "ns")
        ew = None if kind == "pot" else self._int(event, "ew")
        self._section("scores")
        self.builder.visit_score(kind, ns, ew, self.line, 1)  # type: ignore[arg-type]
        if self.depth == 0 and _KNOWN_FIELDS[self.kind].issuperset(k for k in event if k != "type"):
            self.compiled = ("s", kind, ns, ew)

    _on_deal_score = partialmethod(_score, "score")
    _on_match_score = partialmethod(_score, "match")
    _on_pot = partialmethod(_score, "pot")

    def _on_comment(self, event: dict[str, Any]) -> None:
        text = self._need(event, "text")
        self.builder.visit_comment(str(text), self.line, 1)

    def _annotated(self) -> None:
        if self.builder.item is None:
            raise self._bad(OUT_OF_PLACE, f"{self.kind} with no call, card or announcement before it")

    def _on_glyph(self, event: dict[str, Any]) -> None:
        glyph = self._need(event, "glyph")
        if glyph not in ("!", "?", "!!", "??", "!?", "?!"):
            raise self._bad(UNREADABLE_VALUE, f"{glyph!r} is not one of ! ? !! ?? !? ?!", "glyph")
        self._annotated()
        self.builder.visit_glyph(glyph, self.line, 1)

    def _on_nag(self, event: dict[str, Any]) -> None:
        nag = self._int(event, "nag")
        if nag < 0:  # type: ignore[operator]
            raise self._bad(UNREADABLE_VALUE, f"NAG {nag} is negative", "nag")
        self._annotated()
        self.builder.visit_nag(nag, self.line, 1)  # type: ignore[arg-type]

    def _on_variation_start(self, event: dict[str, Any]) -> None:
        self._annotated()
        self.builder.begin_variation(self.line, 1)
        self.depth += 1

    def _on_variation_end(self, event: dict[str, Any]) -> None:
        if not self.depth:
            raise self._bad(OUT_OF_PLACE, "variation_end with no variation open")
        self.builder.end_variation()
        self.depth -= 1


Translate = Callable[[dict[str, Any], int, "EventReader"], Iterable[dict[str, Any]]]
"""A foreign log's message (a JSON object, its line, the reader for issues) as our events."""


def _as_is(event: dict[str, Any], line: int, reader: EventReader) -> Iterable[dict[str, Any]]:
    return (event,)


def _decode(raw: bytes, number: int, reader: EventReader) -> dict[str, Any] | None:
    """One line's JSON object; ``None`` (and an issue) for a blank line or anything else."""
    if not raw.strip():
        return None
    try:  # the C "utf-8" codec: "utf-8-sig" is a Python-level codec (10% of the time here)
        message = json.loads(raw.decode("utf-8-sig" if raw.startswith(b"\xef\xbb\xbf") else "utf-8").strip())
    except json.JSONDecodeError as exc:
        reader.issues.append(issue(UNREADABLE, f"not a JSON line ({exc.msg} at column {exc.colno})",
                                   number, number))
        return None
    except (ValueError, RecursionError) as exc:  # bad UTF-8, a number of over 4,300 digits, deep nesting
        reader.issues.append(issue(UNREADABLE, f"not a JSON line ({exc})", number, number))
        return None
    if not isinstance(message, dict):
        reader.issues.append(issue(UNREADABLE, "not a JSON object", number, number))
        return None
    return message


_CARD_LINE = (rb'\{"type": "card", "seat": "([NESW])", "card": "([^"\\\n]{1,8})"'
              rb'(?:, "belote": "(belote|rebelote)")?\}\n')
_FAST = re.compile(rb'\{"type": "trick", "number": ([1-9][0-9]{0,5})\}\n' + _CARD_LINE * 4
                   + rb'\{"type": "trick_end"(?:, "winner": "([NESW])")?\}\n'
                   + rb'|\{"type": "(five|rest|hand)", "seat": "([NESW])", "cards": \[((?:"[^"\\\n]{1,8}")'
                   + rb'(?:, "[^"\\\n]{1,8}")*)?\]\}\n')
"""What the writer prints most, read by one match: a canonical trick of four plays (its six
lines; groups 1 to 14) or a canonical hand line (groups 15 to 17)."""
_CHUNK = 1 << 16


def _pieces(source: BinaryIO, fast: bool) -> Iterator[tuple[int, bytes, re.Match[bytes] | None]]:
    """The lines of ``source`` with their 1-based numbers, as ``for raw in source`` gives them;
    with ``fast``, a canonical trick's six lines or a canonical hand come as one piece (its
    :data:`_FAST` match)."""
    read = getattr(source, "read1", source.read)  # read1: a live pipe's lines come as they arrive
    rest, number = b"", 1
    while True:
        chunk = read(_CHUNK)
        buf = rest + chunk if rest else chunk
        if not chunk:
            if buf:
                yield number, buf, None
            return
        limit = buf.rfind(b"\n") + 1
        pos = 0
        match = _FAST.match if fast else None
        while pos < limit:
            found = match(buf, pos, limit) if match is not None else None
            if found is not None:
                yield number, b"", found
                pos, number = found.end(), number + (1 if found[15] else 6)
                continue
            end = buf.index(b"\n", pos) + 1
            yield number, buf[pos:end], None
            pos, number = end, number + 1
        rest = buf[limit:]


def read_json_lines(source: BinaryIO, translate: Translate = _as_is) -> Iterator[ReadItem]:
    """Games from JSON Lines of events (or of a foreign log's messages, through ``translate``),
    one at a time, each after the issues found in it.

    Records hold no reference cycles: the cyclic collector is paused while they are built, as
    the .bel reader does (``read_game_events``), and back on while the caller holds an item
    (with it on, the collector rescanned the growing game again and again: 40% of the time).
    """
    enabled = gc.isenabled()
    items = _read_json_lines(source, translate)
    try:
        while True:
            if enabled:
                gc.disable()
            try:
                item = next(items, None)
            finally:
                if enabled:
                    gc.enable()
            if item is None:
                return
            yield item
    finally:
        items.close()


def _read_json_lines(source: BinaryIO, translate: Translate) -> Generator[ReadItem, None, None]:
    reader = EventReader()
    seen: dict[bytes, dict[str, Any]] = {}
    """Lines already decoded (a log repeats its card lines): bounded, so memory stays flat.
    The events are only read, never changed, so a decoded line is shared."""
    steps: dict[bytes, tuple[Any, ...]] = {}
    """Card, trick, trick-end, call, offer, deal, score and deal-end lines already read, as
    steps (for the current deck)."""
    names = reader.names
    own = translate is _as_is
    for first, piece, trick in _pieces(source, own):
        lines: Iterable[tuple[int, bytes]] = ((first, piece),)
        if trick is not None:
            if reader.read_fast(trick, first):
                continue
            lines = enumerate(trick[0].splitlines(keepends=True), first)
        for number, raw in lines:
            if own:
                step = steps.get(raw)
                if step is not None and reader.names is names and reader.replay(step, number):
                    continue
            message = seen.get(raw)
            if message is None:
                message = _decode(raw, number, reader)
                if message is None:
                    continue
                if len(raw) < 120:
                    if len(seen) > 4096:
                        seen.clear()
                    seen[raw] = message
            reader.line = number
            for event in (message,) if own else translate(message, number, reader):
                game = reader.feed(event, number)
                if reader.compiled is not None:
                    if reader.names is not names:
                        names, steps = reader.names, {}
                    if len(steps) < 4096:
                        steps[raw] = reader.compiled
                    reader.compiled = None
                if reader.issues:
                    yield from reader.issues
                    reader.issues.clear()
                if game is not None:
                    yield game
            if reader.issues:
                yield from reader.issues
                reader.issues.clear()
    game = reader.finish()
    yield from reader.issues
    if game is not None:
        yield game
