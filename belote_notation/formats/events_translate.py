"""The translation of events into :class:`~belote_notation.notation.read.build.RecordBuilder` calls
(for :mod:`belote_notation.formats.events_reader`): each event type has its handler
(:data:`HANDLERS`, keyed by the type's name), which reads the event's fields
(:mod:`~belote_notation.formats.events_frame`) and gives the builder what they say."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from belote_notation.formats.base import (
    KEPT_AS_TEXT,
    MISSING_FIELD,
    NEWER_VERSION,
    OUT_OF_PLACE,
    UNKNOWN_KIND,
    UNREADABLE_VALUE,
)
from belote_notation.formats.events_frame import (
    FIELD_ALIASES,
    KNOWN_FIELDS,
    SEATS,
    TYPE_ALIASES,
    EventFrame,
    Skip,
    kept_fields,
)
from belote_notation.formats.events_scan import is_trick
from belote_notation.formats.events_steps import (
    CallStep,
    CardStep,
    DealEndStep,
    DealStep,
    OfferStep,
    ScoreStep,
    Step,
    TrickEndStep,
    TrickStep,
    read_hand,
    read_trick,
)
from belote_notation.formats.events_writer import VERSION
from belote_notation.formats.values import (
    action_value,
    contract_bid_value,
    int_value,
    kind_value,
    mark_value,
    suit_value,
)
from belote_notation.game.lang import msg
from belote_notation.notation.records import Game
from belote_notation.notation.visitor import Action, HandSection, ScoreKind

__all__ = ["HANDLERS", "EventReader"]

_ALIASED = frozenset(FIELD_ALIASES)
_MARKS = frozenset({"belote", "rebelote"})
_HANDS = frozenset({"five", "rest", "hand"})
_GLYPHS = ("!", "?", "!!", "??", "!?", "?!")


def _only_known(kind: str, event: dict[str, Any]) -> bool:
    return KNOWN_FIELDS[kind].issuperset(k for k in event if k != "type")


class EventReader(EventFrame):
    """Reads event lines into games through a :class:`RecordBuilder` (one game at a time)."""

    def __init__(self) -> None:
        super().__init__()
        self.step: Step | None = None
        """The last event as a :class:`~belote_notation.formats.events_steps.Step`, when it
        can be one, for :func:`read_json_lines` to replay the same line without decoding it."""

    def replay(self, step: Step, line: int) -> bool:
        """Replay a step of a line read before; False when the place does not allow it (then
        the line is read in full)."""
        return step.replay(self, line)

    def read_fast(self, match: re.Match[bytes], line: int) -> bool:
        """A canonical trick or hand matched by the line scanner from ``line``, given to the
        builder as the events of its lines would be; False when its place or its cards do not
        allow it (then its lines are read one by one)."""
        return (read_trick if is_trick(match) else read_hand)(self, match, line)

    def feed(self, event: dict[str, Any], line: int) -> Game | None:
        """Read one event (``line``: its 1-based line); returns a game when one is over."""
        self.line = line
        raw_type = event.get("type")
        if self.pending is not None:
            if raw_type == "card" and len(event) <= 4 and not self.trick_is_full():
                if self._canonical_card(event, line):
                    return None
            elif raw_type != "card" and raw_type != "trick_end":
                self.flush()
        if type(raw_type) is str and raw_type in _HANDS and self._canonical_hand(raw_type, event, line):  # type: ignore[arg-type]
            return None
        if raw_type is None:
            self.kind = "an"
            self.report(MISSING_FIELD, msg("event without `type`"), "type")
            return None
        kind = TYPE_ALIASES.get(str(raw_type).strip().lower())
        if kind is None:
            self.report(UNKNOWN_KIND, msg("unknown event type %(kind)s: kept as a comment",
                                          kind=repr(raw_type)), "type")
            if self.open:
                self.builder.visit_comment("event: " + json.dumps(event, ensure_ascii=False), line, 1)
            return None
        return self._handle(kind, event)

    def _handle(self, kind: str, event: dict[str, Any]) -> Game | None:
        self.kind = kind
        if not _ALIASED.isdisjoint(event):
            event = {FIELD_ALIASES.get(k, k): v for k, v in event.items()}
        done = None
        if kind == "match_start":
            done = self.finish()
        elif kind != "match_end" and not self.open:
            self.start_game()
        try:
            HANDLERS[kind](self, event)
        except Skip:
            return done
        if kind == "match_end":
            return self.finish()
        self._keep_unknown(kind, event)
        return done

    def _canonical_card(self, event: dict[str, Any], line: int) -> bool:
        """A card as the writer prints it, in an open trick: the hot path."""
        seat, card, mark = event.get("seat"), event.get("card"), event.get("belote")
        if type(seat) is str and type(card) is str and seat in SEATS and card in self.names \
                and (mark is None or type(mark) is str and mark in _MARKS) \
                and len(event) == 3 + (mark is not None):
            step = self.step = CardStep(SEATS[seat], self.names[card], mark)  # type: ignore[arg-type]
            self.pending.add(step.seat, step.card, step.mark, line)  # type: ignore[union-attr]
            self.cards_in_trick += 1
            return True
        return False

    def _canonical_hand(self, kind: HandSection, event: dict[str, Any], line: int) -> bool:
        """A hand as the writer prints it, in a deal's main line: a hot path."""
        if len(event) != 3 or not self.in_deal or self.depth:
            return False
        seat, cards = event.get("seat"), event.get("cards")
        if type(seat) is not str or seat not in SEATS or type(cards) is not list:
            return False
        names = self.names
        if not all(type(c) is str and c in names for c in cards):
            return False
        self.enter(kind)
        self.builder.visit_hand(kind, SEATS[seat], [names[c] for c in cards], [(line, 1)] * len(cards),
                                line, 1)
        return True

    def _keep_unknown(self, kind: str, event: dict[str, Any]) -> None:
        known = KNOWN_FIELDS[kind]
        if len(event) <= len(known) + 1 and _only_known(kind, event):
            return
        extra = {k: v for k, v in event.items() if k not in known and k != "type"}
        if not extra or kind == "match_start":
            return
        for name in extra:  # said once per field and game, with a count (finish_unknown)
            seen = self.unknown_fields.setdefault(name, [self.line, 0])
            seen[1] += 1
        if self.drop_unknown:
            return
        self.flush()  # the comment goes to the item just read
        for name, value in extra.items():
            text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
            self.builder.visit_comment(f"{name}={text}", self.line, 1)

    # --- the handlers, one per event type (see HANDLERS)
    def on_match_start(self, event: dict[str, Any]) -> None:
        version = event.get("version", VERSION)
        if int_value(version) is None:
            self.report(UNREADABLE_VALUE, msg("cannot read %(what)s from %(raw)s", what=msg("a version"),
                                              raw=repr(version)), "version")
        elif int_value(version) > VERSION:  # type: ignore[operator]
            self.report(NEWER_VERSION, msg("version %(version)s is newer than %(known)s: read as %(known)s",
                                           version=str(version), known=VERSION), "version")
        headers = self.tags_of(event.get("tags"))
        named = {name.lower() for name, _ in headers}
        shorthands: list[tuple[str, str]] = []
        for field, tag in (("rules", "Rules"), ("deck", "Deck"), ("dealer", "Dealer")):
            if event.get(field) is not None and tag.lower() not in named:
                shorthands.append((tag, str(event[field])))
        shorthands += self.players_of(event.get("players"), named)
        extra = [(k, v if isinstance(v, str) else json.dumps(v, ensure_ascii=False))
                 for k, v in event.items() if k not in KNOWN_FIELDS["match_start"] and k != "type"]
        preamble = event.get("preamble")
        texts = [str(t) for t in preamble] if isinstance(preamble, list) else []
        kept, comments, said = ([], [], None) if self.drop_unknown else kept_fields(
            extra, {n.lower() for n, _ in (*shorthands, *headers)})
        if said is not None:
            self.report(KEPT_AS_TEXT, said)
        self.start_game([*shorthands, *headers, *kept], [*texts, *comments])


    def on_match_end(self, event: dict[str, Any]) -> None:
        self.end_deal()
        result = event.get("result")
        if result is not None:
            self.builder.visit_result(str(result), self.line, 1)

    def on_deal(self, event: dict[str, Any]) -> None:
        number = self.int_of(event, "number", required=False)
        dealer = self.seat_of(event, "dealer", required=False)
        self.open_deal(number, dealer)
        if _only_known("deal", event):
            self.step = DealStep(number, dealer)

    def on_deal_end(self, event: dict[str, Any]) -> None:
        if not self.in_deal:
            raise self.bad(OUT_OF_PLACE, msg("deal_end outside a deal"))
        self.end_deal()
        if len(event) == 1:
            self.step = DealEndStep()

    def on_hand(self, event: dict[str, Any]) -> None:
        """``five``, ``rest`` and ``hand``: a hand of the section of that name."""
        section: HandSection = self.kind  # type: ignore[assignment]
        seat = self.seat_of(event)
        cards = self.cards_of(event)
        self.enter(section)
        self.builder.visit_hand(section, seat, cards, [(self.line, 1)] * len(cards), self.line, 1)  # type: ignore[arg-type]

    def on_offer(self, event: dict[str, Any]) -> None:
        card = self.card_of(self.need(event, "card"))
        self.enter("offer")
        self.builder.visit_offer(card, self.line, 1)
        if len(event) == 2:
            self.step = OfferStep(card)

    def on_call(self, event: dict[str, Any]) -> None:
        seat = self.seat_of(event, required=False)
        action, value, suit = self._call_words(event)
        number = self.int_of(event, "round", required=False)
        if number is not None and number not in (1, 2):
            raise self.bad(UNREADABLE_VALUE, msg("round %(round)s is not 1 or 2", round=number), "round")
        step = CallStep(seat, action, suit, number, value)
        if self.depth == 0:
            step.apply(self, self.line)
            if _only_known("call", event):
                self.step = step
            return
        if number is not None:
            self.round = number
        visit_call = self.builder.visit_call
        if value is None:
            visit_call(seat, action, suit, self.round, self.line, 1)
        else:
            visit_call(seat, action, suit, self.round, self.line, 1, value)

    def _call_words(self, event: dict[str, Any]) -> tuple[Action, int | None, int | None]:
        """A call's action, points and suit (a contrée bid may say them in one word: "80H")."""
        one_word = contract_bid_value(event.get("action"), self.deck)
        value: int | None
        suit: int | None
        if one_word is not None:
            action: Action = "bid"
            value, suit = one_word
        else:
            action = self.value_of(event, "action", action_value, msg("a call"))
            value = self.int_of(event, "value", required=False)
            suit = None
        if suit is None:
            suit = self.value_of(event, "suit", lambda v: suit_value(v, self.deck), msg("a suit"),
                                 required=False)
        if action == "bid" and value is None:
            raise self.bad(MISSING_FIELD, msg("a contrée bid without its points"), "value")
        return action, value, suit

    def on_announce(self, event: dict[str, Any]) -> None:
        seat = self.seat_of(event)
        kind = self.value_of(event, "kind", kind_value, msg("an announcement kind"))
        cards = self.cards_of(event) if event.get("cards") is not None else []
        trick = self.int_of(event, "trick", required=False)
        before = self.int_of(event, "before", required=False)
        self.enter("announce")
        self.builder.visit_announcement(seat, kind, cards, [(self.line, 1)] * len(cards),  # type: ignore[arg-type]
                                        trick, before, self.line, 1)

    def on_trick(self, event: dict[str, Any]) -> None:
        if self.depth:
            raise self.bad(OUT_OF_PLACE, msg("trick inside a variation"))
        number = self.int_of(event, "number", required=False)
        self.enter("trick")
        self.open_trick(number if number is not None else self.trick + 1, self.line)
        if number is not None and len(event) == 2:
            self.step = TrickStep(number)

    def on_card(self, event: dict[str, Any]) -> None:
        seat = self.seat_of(event, required=False)
        card = self.card_of(self.need(event, "card"))
        mark = self.value_of(event, "belote", mark_value, msg("a belote word"), required=False)
        if self.depth == 0 and self.section == "trick" and self.in_trick and self.trick_is_full():
            self.flush()
            self.open_trick(self.trick + 1, self.line, implicit=True)
        elif self.depth == 0 and not (self.section == "trick" and self.in_trick):
            self.enter("trick")
            self.open_trick(self.trick + 1, self.line, implicit=True)
        if self.depth == 0:
            self.cards_in_trick += 1
        if self.pending is not None and self.depth == 0:
            self.pending.add(seat, card, mark, self.line)
        else:
            self.builder.visit_play(seat, card, mark, self.line, 1)

    def on_belote(self, event: dict[str, Any]) -> None:
        mark = self.value_of(event, "belote", mark_value, msg("a belote word"))
        if not self.in_trick:
            raise self.bad(OUT_OF_PLACE, msg("a belote word with no card before it"))
        self.builder.visit_mark(mark, self.line, 1)

    def on_trick_end(self, event: dict[str, Any]) -> None:
        winner = self.seat_of(event, "winner", required=False)
        if not self.in_trick or self.depth:
            raise self.bad(OUT_OF_PLACE, msg("trick_end outside a trick"))
        if self.pending is not None:
            self.flush(winner)
            if len(event) == 2 and winner is not None:
                self.step = TrickEndStep(winner)
        elif winner is not None:
            self.builder.visit_winner(winner, self.line, 1)
        self.in_trick = False

    def on_score(self, event: dict[str, Any]) -> None:
        """``deal_score``, ``match_score`` and ``pot``."""
        kind: ScoreKind = _SCORE_KINDS[self.kind]
        ns = self.int_of(event, "points" if kind == "pot" else "ns")
        ew = None if kind == "pot" else self.int_of(event, "ew")
        self.enter("scores")
        self.builder.visit_score(kind, ns, ew, self.line, 1)  # type: ignore[arg-type]
        if self.depth == 0 and _only_known(self.kind, event):
            self.step = ScoreStep(kind, ns, ew)  # type: ignore[arg-type]

    def on_comment(self, event: dict[str, Any]) -> None:
        text = self.need(event, "text")
        self.builder.visit_comment(str(text), self.line, 1)

    def _annotated(self) -> None:
        if self.builder.item is None:
            raise self.bad(OUT_OF_PLACE, msg("%(kind)s with no call, card or announcement before it",
                                             kind=self.kind))

    def on_glyph(self, event: dict[str, Any]) -> None:
        glyph = self.need(event, "glyph")
        if glyph not in _GLYPHS:
            raise self.bad(UNREADABLE_VALUE, msg("%(glyph)s is not one of ! ? !! ?? !? ?!",
                                                 glyph=repr(glyph)), "glyph")
        self._annotated()
        self.builder.visit_glyph(glyph, self.line, 1)

    def on_nag(self, event: dict[str, Any]) -> None:
        nag = self.int_of(event, "nag")
        if nag < 0:  # type: ignore[operator]
            raise self.bad(UNREADABLE_VALUE, msg("NAG %(nag)s is negative", nag=str(nag)), "nag")
        self._annotated()
        self.builder.visit_nag(nag, self.line, 1)  # type: ignore[arg-type]

    def on_variation_start(self, event: dict[str, Any]) -> None:
        self._annotated()
        self.builder.begin_variation(self.line, 1)
        self.depth += 1

    def on_variation_end(self, event: dict[str, Any]) -> None:
        if not self.depth:
            raise self.bad(OUT_OF_PLACE, msg("variation_end with no variation open"))
        self.builder.end_variation()
        self.depth -= 1


_SCORE_KINDS: dict[str, ScoreKind] = {"deal_score": "score", "match_score": "match", "pot": "pot"}

HANDLERS: dict[str, Callable[[EventReader, dict[str, Any]], None]] = {
    "match_start": EventReader.on_match_start, "match_end": EventReader.on_match_end,
    "deal": EventReader.on_deal, "deal_end": EventReader.on_deal_end,
    "five": EventReader.on_hand, "rest": EventReader.on_hand, "hand": EventReader.on_hand,
    "offer": EventReader.on_offer, "call": EventReader.on_call, "announce": EventReader.on_announce,
    "trick": EventReader.on_trick, "card": EventReader.on_card, "belote": EventReader.on_belote,
    "trick_end": EventReader.on_trick_end,
    "deal_score": EventReader.on_score, "match_score": EventReader.on_score, "pot": EventReader.on_score,
    "comment": EventReader.on_comment, "glyph": EventReader.on_glyph, "nag": EventReader.on_nag,
    "variation_start": EventReader.on_variation_start, "variation_end": EventReader.on_variation_end,
}
"""The handler of each event type (the values of :data:`TYPE_ALIASES`)."""
