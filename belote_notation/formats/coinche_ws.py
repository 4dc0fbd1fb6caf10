"""``coinche-ws``: the WebSocket messages of coinche-server-rs (Ten0/coinche-server-rs), read only.

coinche-server-rs is an open-source coinche server in Rust (https://github.com/Ten0/coinche-server-rs).
It sends each player JSON messages (``src/messages.rs``, ``ServerMessage``, serialized by
serde_json with serde's default external tagging); a log is one message per line, as sent::

    {"Cards": {"player_id": 0, "cards": [{"value": "Jack", "suit": "Hearts"}, ...]}}
    {"PlayerBid": {"player_id": 1, "bid": {"trump": {"Suit": "Hearts"}, "score": "80"}}}
    {"PlayerBid": {"player_id": 2, "bid": null}}
    {"PlayedCard": {"player_id": 1, "card_pos": 3, "card": {"value": "Ten", "suit": "Spades"},
                    "belote_rebelote": "Belote"}}
    {"Trick": {"winner_id": 1}}

``player_id`` 0..3 is the turn order (``(dealer_id + 1) % 4`` speaks and leads first; odd ids
are one team): we seat 0..3 as N E S W. ``Card`` is ``{"value", "suit"}`` with values
``Seven Eight Nine Jack Queen King Ten Ace`` and suits ``Spades Hearts Diamonds Clubs``.

What .bel says: the game (contrée, with the server's seating), each player's eight cards
(``Cards``: a log gathering the four players' messages gives the four hands), the auction as
calls (bids, capot, coinche, surcoinche), each card played with its belote word, each trick's
winner, the dealer and the players' names of a ``Game`` snapshot. The points are kept as
comments (BEL805).

>>> import io
>>> from belote_notation.notation.records import Game
>>> log = (b'{"PlayedCard": {"player_id": 1, "card_pos": 0, '
...        b'"card": {"value": "Ten", "suit": "Spades"}, "belote_rebelote": null}}')
>>> games = [g for g in CoincheWsFormat().read(io.BytesIO(log)) if isinstance(g, Game)]
>>> [p.card for p in games[0].deals[0].tricks[0].plays]
[3]
"""

from __future__ import annotations

import json
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
from belote_notation.formats.coinched import RULES
from belote_notation.formats.events import PLAYER_TAGS, EventReader, read_json_lines
from belote_notation.formats.values import MAX_DIGITS, json_object
from belote_notation.game.cards import SEAT_NAMES, make_card
from belote_notation.game.lang import Message, msg

__all__ = ["CoincheWsFormat", "card_of"]

VALUES = ("Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace")
"""Card values in our rank order (7 8 9 10 J Q K A)."""
SUITS = ("Spades", "Hearts", "Diamonds", "Clubs")
_STRAINS = {"NoTrump": 4, "AllTrump": 5}
"""``Trump`` beyond the suits: sans-atout and tout-atout (the notation's 4 and 5)."""


def card_of(value: object) -> int | None:
    """Our card from ``{"value": "Ten", "suit": "Spades"}``; ``None`` if it is not one."""
    if not isinstance(value, dict) or value.get("value") not in VALUES or value.get("suit") not in SUITS:
        return None
    return make_card(SUITS.index(value["suit"]), VALUES.index(value["value"]))


def _bid_text(bid: Any) -> str:
    if bid is None:
        return "pass"
    if not isinstance(bid, dict):
        return json.dumps(bid)
    trump = bid.get("trump")
    if isinstance(trump, dict) and "Suit" in trump:
        trump = trump["Suit"]
    return f"{bid.get('score')} {trump}"


class _Translator:
    def __init__(self) -> None:
        self.started = False
        self.in_deal = False
        self.plays = 0
        self.dealer: int | None = None
        self.hands: set[int] = set()
        self.noted: set[str] = set()

    def __call__(self, message: dict[str, Any], line: int, reader: EventReader) -> Iterable[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        if len(message) != 1:
            reader.report(UNKNOWN_KIND, msg("not a coinche-server-rs message (one key expected): left out"))
            return out
        (kind, body), = message.items()
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None or not isinstance(body, dict):
            reader.report(UNKNOWN_KIND, msg("unknown coinche-server-rs message %(kind)s: left out",
                                            kind=repr(kind)), kind)
            return out
        events: list[dict[str, Any]] = handler(body, reader)
        return events

    def _start(self, tags: list[list[str]]) -> list[dict[str, Any]]:
        if self.started:
            return []
        self.started = True
        return [{"type": "match_start", "version": 1,
                 "tags": [["Source", "coinche-server-rs"], *RULES, *tags]}]

    def _seat(self, body: dict[str, Any], name: str, reader: EventReader) -> str | None:
        value = body.get(name)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
            return SEAT_NAMES[value]
        reader.report(UNREADABLE_VALUE, msg("cannot read %(what)s from %(raw)s", what=msg("a player"),
                                            raw=repr(value)), name)
        return None

    def _deal(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = [{"type": "deal_end"}] if self.in_deal else []
        self.in_deal, self.plays, self.hands = True, 0, set()
        deal: dict[str, Any] = {"type": "deal"}
        if self.dealer is not None:
            deal["dealer"] = SEAT_NAMES[self.dealer]
            self.dealer = (self.dealer + 1) % 4  # the server's rotation (Game::new_round)
        return [*self._start([]), *out, deal]

    def _kept(self, text: str, reader: EventReader, what: Message) -> list[dict[str, Any]]:
        if what.id not in self.noted:
            self.noted.add(what.id)
            reader.report(KEPT_AS_TEXT, msg("%(what)s kept as comments (.bel cannot say it)", what=what))
        out = [] if self.in_deal else self._deal()
        return [*out, {"type": "comment", "text": f"coinche-server-rs: {text}"}]

    def _on_Game(self, body: dict[str, Any], reader: EventReader) -> list[dict[str, Any]]:
        game = json_object(body.get("game"))
        dealer = game.get("dealer_id")
        if isinstance(dealer, int) and 0 <= dealer <= 3 and not self.in_deal:
            self.dealer = dealer
        players = game.get("players")
        tags = []
        if isinstance(players, list) and not self.started:
            for seat, player in enumerate(players[:4]):
                if isinstance(player, dict) and isinstance(player.get("username"), str):
                    tags.append([PLAYER_TAGS[seat], player["username"]])
        out = self._start(tags)
        if game.get("points") is not None:  # a comment on the deal under way, else on the game
            reader.report(KEPT_AS_TEXT, msg("the match points kept as a comment (.bel cannot say them)"))
            out.append({"type": "comment", "text": f"coinche-server-rs: match points {game['points']}"})
        return out

    def _on_Cards(self, body: dict[str, Any], reader: EventReader) -> list[dict[str, Any]]:
        seat = self._seat(body, "player_id", reader)
        cards = body.get("cards")
        if seat is None:
            return []
        if not isinstance(cards, list) or any(card_of(c) is None for c in cards):
            reader.report(UNREADABLE_VALUE, msg("cannot read %(what)s from %(raw)s", what=msg("cards"),
                                                raw=repr(cards)), "cards")
            return []
        out: list[dict[str, Any]] = []
        number = SEAT_NAMES.index(seat)
        if not self.in_deal or self.plays or number in self.hands:
            out = self._deal()
        self.hands.add(number)
        return [*out, {"type": "hand", "seat": seat, "cards": [card_of(c) for c in cards]}]

    def _on_CardCount(self, body: dict[str, Any], reader: EventReader) -> list[dict[str, Any]]:
        return []  # how many cards another player holds: follows from the plays

    def _call(self, body: dict[str, Any], reader: EventReader, **call: Any) -> list[dict[str, Any]]:
        seat = self._seat(body, "player_id", reader)
        if seat is None:
            return []
        return [*([] if self.in_deal else self._deal()), {"type": "call", "seat": seat, **call}]

    def _on_PlayerBid(self, body: dict[str, Any], reader: EventReader) -> list[dict[str, Any]]:
        bid = body.get("bid")
        if bid is None:
            return self._call(body, reader, action="pass")
        trump = json_object(bid).get("trump")
        strain = _STRAINS.get(trump) if isinstance(trump, str) else \
            SUITS.index(json_object(trump).get("Suit")) if json_object(trump).get("Suit") in SUITS else None
        score = json_object(bid).get("score")
        if strain is None or not (score == "Capot" or isinstance(score, str) and score.isdigit()
                                  and len(score) <= MAX_DIGITS):  # the reader's limit before int()
            return self._kept(f"{body.get('player_id')} {_bid_text(bid)}", reader,
                              msg("a bid it cannot read"))
        if score == "Capot":
            return self._call(body, reader, action="capot", suit=strain)
        return self._call(body, reader, action="bid", value=int(score), suit=strain)

    def _on_Coinche(self, body: dict[str, Any], reader: EventReader) -> list[dict[str, Any]]:
        return self._call(body, reader, action="coinche")

    def _on_SurCoinche(self, body: dict[str, Any], reader: EventReader) -> list[dict[str, Any]]:
        return self._call(body, reader, action="surcoinche")

    def _on_PlayedCard(self, body: dict[str, Any], reader: EventReader) -> list[dict[str, Any]]:
        seat = self._seat(body, "player_id", reader)
        card = card_of(body.get("card"))
        if card is None:
            reader.report(UNREADABLE_VALUE, msg("cannot read %(what)s from %(raw)s", what=msg("a card"),
                                                raw=repr(body.get("card"))), "card")
        if seat is None or card is None:
            return []
        out = [] if self.in_deal else self._deal()
        if self.plays % 4 == 0:
            out.append({"type": "trick"})
        self.plays += 1
        event: dict[str, Any] = {"type": "card", "seat": seat, "card": card}
        mark = body.get("belote_rebelote")
        if isinstance(mark, str):
            event["belote"] = mark.lower()
        return [*out, event]

    def _on_Trick(self, body: dict[str, Any], reader: EventReader) -> list[dict[str, Any]]:
        seat = self._seat(body, "winner_id", reader)
        return [{"type": "trick_end", "winner": seat}] if seat is not None else []

    def _on_Error(self, body: dict[str, Any], reader: EventReader) -> list[dict[str, Any]]:
        return self._kept(f"error sent to a player: {body.get('message')}", reader, msg("an error message"))


class CoincheWsFormat(Format):
    name = "coinche-ws"
    title = msg("the WebSocket messages of coinche-server-rs (read only; docs/formats/coinche-ws.md)").id
    extensions = (".coinche-ws.jsonl",)

    def sniff(self, head: bytes) -> bool:
        first = head.lstrip().split(b"\n", 1)[0]
        return any(first.startswith(k) for k in (b'{"Cards"', b'{"PlayedCard"', b'{"PlayerBid"',
                                                  b'{"Game"', b'{"Trick"'))

    def read(self, source: Stream, name: str = "<input>") -> Iterator[ReadItem]:
        return read_json_lines(binary_stream(source), _Translator())
