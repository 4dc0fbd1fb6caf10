"""``coinched``: the event stream of the coinched server (gyscos/coinched), read only.

coinched is an open-source coinche server in Rust (https://github.com/Gyscos/coinched, MIT).
Its players poll ``GET /wait/{player}/{event}``; each answer is one event (``src/event.rs``,
``api.md``) serialized with rustc-serialize and libcoinche 0.1.9's encodings::

    {"event": {"type": "FromPlayer", "pos": 1, "event": {"type": "CardPlayed", "card": 64}}, "id": 2}

A log is one such object per line (the envelope ``{"event": ..., "id": n}`` or the bare event).
Values: ``pos`` 0..3 (we seat P0..P3 as N E S W: P0/P2 and P1/P3 are partners, P0 -> P1 is the
turn order); a card is a 32-bit mask with one bit ``suit * 8 + rank`` (suits heart, spade,
diamond, club; ranks 7 8 9 J Q K 10 A); a hand is the mask of its cards; a suit is the mask
``1 << 8 * suit``; a target ``"80"``..``"160"`` or ``"Capot"``; a team ``"T02"``/``"T13"``.

What .bel says: the game (contrée, with coinched's seating: :data:`RULES`), the four hands of
``NewGameGlobal`` (the server's own event; the dealer is the seat before ``first``), the
auction as calls, each card played with its seat, each trick's winner. What it does not say
(the contract of ``BidOver``, the deal's points and scores, a player's own hand from
``NewGame``) is kept as comments on the deal (BEL805).

>>> import io
>>> from belote_notation.notation.records import Game
>>> log = b'{"event": {"type": "FromPlayer", "pos": 1, "event": {"type": "CardPlayed", "card": 64}}, "id": 2}'
>>> games = [g for g in CoinchedFormat().read(io.BytesIO(log)) if isinstance(g, Game)]
>>> [p.card for p in games[0].deals[0].tricks[0].plays]
[11]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from belote_notation.formats.base import (
    KEPT_AS_TEXT,
    UNKNOWN_KIND,
    UNREADABLE_VALUE,
    Format,
    ReadItem,
    Stream,
    binary_stream,
)
from belote_notation.formats.events import EventReader, read_json_lines
from belote_notation.formats.values import json_object
from belote_notation.game.cards import SEAT_NAMES, Deck, make_card, suit_name
from belote_notation.game.lang import Message, msg

__all__ = ["CoinchedFormat", "card_of_mask", "cards_of_hand"]

_SUIT = (1, 0, 2, 3)
"""libcoinche suit index (heart, spade, diamond, club) -> ours (S H D C)."""
_RANK = (0, 1, 2, 4, 5, 6, 3, 7)
"""libcoinche rank index (7 8 9 J Q K X A) -> ours (7 8 9 10 J Q K A)."""
_SUIT_MASKS = {1 << (8 * i): _SUIT[i] for i in range(4)}
RULES = [["Rules", "contree"], ["Option", "direction=clockwise"], ["Option", "first_bidder=left"],
         ["Option", "first_lead=dealer_left"], ["Option", "next_dealer=left"]]
"""The game coinched plays: contrée, P0 P1 P2 P3 in turn (N E S W here); the player after the
one who dealt speaks and leads first, so the seat before ``first`` dealt."""


def card_of_mask(mask: object) -> int | None:
    """Our card from a libcoinche card (a mask with one bit); ``None`` if it is not one."""
    if not isinstance(mask, int) or isinstance(mask, bool) or mask <= 0 or mask >= 1 << 32 \
            or mask & (mask - 1):
        return None
    bit = mask.bit_length() - 1
    return make_card(_SUIT[bit >> 3], _RANK[bit & 7])


def cards_of_hand(mask: object) -> list[int] | None:
    """Our cards from a libcoinche hand (a 32-bit mask)."""
    if not isinstance(mask, int) or isinstance(mask, bool) or not 0 <= mask < 1 << 32:
        return None
    return [card_of_mask(1 << bit) for bit in range(32) if mask >> bit & 1]  # type: ignore[misc]


class _Translator:
    def __init__(self) -> None:
        self.started = False
        self.in_deal = False
        self.plays = 0
        self.coinches = 0

    def seat(self, value: Any, reader: EventReader) -> str | None:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
            return SEAT_NAMES[value]
        reader.report(UNREADABLE_VALUE, msg("cannot read %(what)s from %(raw)s", what=msg("a position"),
                                            raw=repr(value)), "pos")
        return None

    def __call__(self, message: dict[str, Any], line: int, reader: EventReader) -> Iterable[dict[str, Any]]:
        event = json_object(message.get("event")) or message
        kind = event.get("type")
        out: list[dict[str, Any]] = []
        if not self.started:
            out.append({"type": "match_start", "version": 1, "tags": [["Source", "coinched"], *RULES]})
            self.started = True
        handler = getattr(self, f"_on_{kind}", None) if isinstance(kind, str) else None
        if handler is None:
            reader.report(UNKNOWN_KIND, msg("unknown coinched event %(kind)s: left out", kind=repr(kind)),
                          "type")
            return out
        out.extend(handler(event, reader))
        return out

    def _deal(self, first: Any = None) -> list[dict[str, Any]]:
        out = [{"type": "deal_end"}] if self.in_deal else []
        self.in_deal, self.plays, self.coinches = True, 0, 0
        deal: dict[str, Any] = {"type": "deal"}
        if isinstance(first, int) and not isinstance(first, bool) and 0 <= first <= 3:
            deal["dealer"] = SEAT_NAMES[(first - 1) % 4]
        return [*out, deal]

    def _comment(self, text: str, reader: EventReader, what: Message | None) -> list[dict[str, Any]]:
        if what is not None:
            reader.report(KEPT_AS_TEXT, msg("%(what)s kept as a comment (.bel cannot say it)", what=what))
        events = [] if self.in_deal else self._deal()
        return [*events, {"type": "comment", "text": text}]

    def _on_YourTurn(self, event: dict[str, Any], reader: EventReader) -> list[dict[str, Any]]:
        return []  # a prompt to one player: nothing of the game

    def _on_NewGameGlobal(self, event: dict[str, Any], reader: EventReader) -> list[dict[str, Any]]:
        hands = event.get("hands")
        out = self._deal(event.get("first"))
        if not isinstance(hands, list) or len(hands) != 4:
            reader.report(UNREADABLE_VALUE, msg("cannot read %(what)s from %(raw)s", what=msg("four hands"),
                                                raw=repr(hands)), "hands")
            return out
        for seat, mask in enumerate(hands):
            cards = cards_of_hand(mask)
            if cards is None:
                reader.report(UNREADABLE_VALUE, msg("cannot read %(what)s from %(raw)s", what=msg("a hand"),
                                                    raw=repr(mask)), f"hands[{seat}]")
                continue
            out.append({"type": "hand", "seat": seat, "cards": cards})
        return out

    def _on_NewGame(self, event: dict[str, Any], reader: EventReader) -> list[dict[str, Any]]:
        out = self._deal()
        cards = cards_of_hand(event.get("cards"))
        shown = " ".join(map(str, cards)) if cards is not None else repr(event.get("cards"))
        return [*out, *self._comment(f"coinched: the log's player holds cards {shown} "
                                     f"(first to bid: {event.get('first')})", reader,
                                     msg("a hand whose seat the event does not say"))]

    def _on_FromPlayer(self, event: dict[str, Any], reader: EventReader) -> list[dict[str, Any]]:
        seat = self.seat(event.get("pos"), reader)
        act = json_object(event.get("event"))
        kind = act.get("type")
        if seat is None:
            return []
        if kind == "CardPlayed":
            card = card_of_mask(act.get("card"))
            if card is None:
                reader.report(UNREADABLE_VALUE, msg("cannot read %(what)s from %(raw)s", what=msg("a card"),
                                                    raw=repr(act.get("card"))), "card")
                return []
            out = [] if self.in_deal else self._deal()
            if self.plays % 4 == 0:
                out.append({"type": "trick"})
            self.plays += 1
            return [*out, {"type": "card", "seat": seat, "card": card}]
        if kind in ("Passed", "Coinched", "Bidded"):
            return [*([] if self.in_deal else self._deal()), self._call(seat, kind, act, reader)]
        reader.report(UNKNOWN_KIND, msg("unknown player event %(kind)s: left out", kind=repr(kind)),
                      "event.type")
        return []

    def _call(self, seat: str, kind: str, act: dict[str, Any], reader: EventReader) -> dict[str, Any]:
        """A call of the contrée auction: pass, a bid (``Capot``: capot), coinche, then surcoinche
        (coinched's ``Coinched`` is both: the second of an auction redoubles)."""
        if kind == "Passed":
            return {"type": "call", "seat": seat, "action": "pass"}
        if kind == "Coinched":
            self.coinches += 1
            return {"type": "call", "seat": seat, "action": "coinche" if self.coinches == 1 else "surcoinche"}
        target, suit = act.get("target"), _SUIT_MASKS.get(act.get("suit"))  # type: ignore[arg-type]
        if target == "Capot":
            return {"type": "call", "seat": seat, "action": "capot", "suit": suit}
        return {"type": "call", "seat": seat, "action": "bid", "value": target, "suit": suit}

    @staticmethod
    def _suit(mask: Any) -> str:
        suit = _SUIT_MASKS.get(mask) if isinstance(mask, int) else None
        return suit_name(suit, Deck.FRENCH) if suit is not None else f"suit {mask!r}"

    def _on_BidOver(self, event: dict[str, Any], reader: EventReader) -> list[dict[str, Any]]:
        c = json_object(event.get("contract"))
        author = c.get("author")
        who = SEAT_NAMES[author] if isinstance(author, int) and 0 <= author <= 3 else repr(author)
        return self._comment(f"coinched: contract {c.get('target')} {self._suit(c.get('trump'))} "
                             f"by {who}, coinche level {c.get('coinche_level')}", reader, msg("the contract"))

    def _on_BidCancelled(self, event: dict[str, Any], reader: EventReader) -> list[dict[str, Any]]:
        out = self._comment("coinched: bidding cancelled (everybody passed)", reader, None)
        self.in_deal = False
        return [*out, {"type": "deal_end"}]

    def _on_TrickOver(self, event: dict[str, Any], reader: EventReader) -> list[dict[str, Any]]:
        seat = self.seat(event.get("winner"), reader)
        return [{"type": "trick_end", "winner": seat}] if seat is not None else []

    def _on_GameOver(self, event: dict[str, Any], reader: EventReader) -> list[dict[str, Any]]:
        out = self._comment(f"coinched: card points {event.get('points')}, scores "
                            f"{event.get('scores')}, winner {event.get('winner')} "
                            "(teams P0+P2 = N-S, P1+P3 = E-W)", reader, msg("the deal's points and scores"))
        self.in_deal = False
        return [*out, {"type": "deal_end"}]

    def _on_PartyCancelled(self, event: dict[str, Any], reader: EventReader) -> list[dict[str, Any]]:
        out = self._comment(f"coinched: party cancelled: {event.get('msg')}", reader, None)
        self.in_deal = False
        return [*out, {"type": "match_end"}]


class CoinchedFormat(Format):
    name = "coinched"
    title = msg("the event stream of the coinched server (read only; docs/formats/coinched.md)").id
    extensions = (".coinched.jsonl", ".coinched")

    def sniff(self, head: bytes) -> bool:
        first = head.lstrip().split(b"\n", 1)[0]
        return first.startswith(b"{") and any(k in first for k in (
            b'"FromPlayer"', b'"NewGameGlobal"', b'"TrickOver"', b'"BidOver"', b'"YourTurn"'))

    def read(self, source: Stream, name: str = "<input>") -> Iterator[ReadItem]:
        return read_json_lines(binary_stream(source), _Translator())
