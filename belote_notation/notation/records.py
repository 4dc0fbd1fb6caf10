"""The records: the one data model of a .bel file, shared by every part of the project.

The parser builds these, the writer prints them, the validator replays them, the
generator and the converters create them, and their JSON form is the JSON twin.

Conventions:

* Cards are ``int`` 0..31 and seats ``int`` 0..3 (N E S W), as in :mod:`belote_notation.game.cards`;
  suits are ``int`` 0..3. The deck of a game (its ``Deck`` header or its rule system's
  default) only matters for reading and writing names.
* Every item a finding can point at carries ``line`` and ``col`` (1-based; 0 when the item
  was not read from text, e.g. built by the generator).
* What a person wrote is kept as written: a seat left out in a trick is ``None`` (the
  validator infers it from turn order), an unknown header is kept, a claimed score is kept
  next to whatever the engine recomputes. Nothing is "fixed" here.
* The parser may build these with ``model_construct`` for speed: it has already checked
  the values, so keep field types simple and validators off the hot path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

if TYPE_CHECKING:
    from belote_notation.notation.visitor import Visitor

T = TypeVar("T")

__all__ = [
    "Annotated",
    "Announcement",
    "BelFile",
    "Bid",
    "CardRef",
    "Deal",
    "Game",
    "Hand",
    "Header",
    "Play",
    "Record",
    "Score",
    "Trick",
    "Variation",
]


class Record(BaseModel):
    """Base of every record: position in the source text."""

    model_config = ConfigDict(extra="forbid")

    line: int = 0
    col: int = 0


class Annotated(Record):
    """Review material that may follow a bid, a card or an announcement."""

    glyph: str | None = None
    """One of ``!`` ``?`` ``!!`` ``??`` ``!?`` ``?!``."""
    nags: list[int] = Field(default_factory=list)
    """Numeric annotation codes (``$1``, ``$14``...)."""
    comments: list[str] = Field(default_factory=list)
    """Comments written after the item, in order, without their delimiters."""
    variations: list[Variation] = Field(default_factory=list)
    """Alternative lines starting at this item (instead of it)."""


class CardRef(Record):
    """One card at a place in the text (the offer card, a card of an announcement)."""

    card: int


class Hand(Record):
    """Cards dealt to or held by one seat, with the position of each card."""

    seat: int
    cards: list[int] = Field(default_factory=list)
    positions: list[tuple[int, int]] = Field(default_factory=list)
    """(line, col) of each card, parallel to ``cards`` (empty when not read from text)."""


class Bid(Annotated):
    """One call of the *smsara*: a pass, or a take (round 1: the offer's suit; round 2: ``suit``);
    in a contrée auction also a ``bid`` of ``value`` points, ``capot``, ``generale``,
    ``coinche`` and ``surcoinche``."""

    seat: int | None = None
    action: Literal["pass", "take", "bid", "capot", "generale", "coinche", "surcoinche"]
    suit: int | None = None
    """The trump named by a round-2 take, or by a contrée bid (0-3 a suit, 4 sans-atout,
    5 tout-atout); ``None`` for a pass, a round-1 take, a coinche or a surcoinche."""
    value: int | None = None
    """The points of a contrée ``bid`` (80, 90 ...); ``None`` for every other call."""
    round: Literal[1, 2] = 1


class Play(Annotated):
    """One card played to a trick."""

    seat: int | None = None
    card: int
    mark: Literal["belote", "rebelote"] | None = None
    """Belote/rebelote said while playing this card."""


class Variation(Record):
    """An alternative line: bids or plays that could have been made instead."""

    items: list[Bid | Play] = Field(default_factory=list)
    comments: list[str] = Field(default_factory=list)


class Trick(Record):
    """One of the eight tricks, cards in the order played."""

    number: int
    plays: list[Play] = Field(default_factory=list)
    winner: int | None = None
    """The winner as recorded, if the record says (the validator recomputes it)."""
    comments: list[str] = Field(default_factory=list)
    winner_pos: tuple[int, int] | None = None
    """(line, col) of the seat after ``winner``, when read from text."""


class Announcement(Annotated):
    """A declared sequence, carré or belote, with the cards shown."""

    seat: int
    kind: Literal["sequence", "carre", "belote"]
    cards: list[int] = Field(default_factory=list)
    positions: list[tuple[int, int]] = Field(default_factory=list)
    trick: int | None = None
    """The trick (1-based) during which it was declared, if recorded."""
    before_card: int | None = None
    """Index of the declarer's card (1 = first) it was declared before, if recorded."""


class Score(Record):
    """Points per team: N-S and E-W."""

    ns: int
    ew: int


class Header(Record):
    """A ``[Name "value"]`` tag pair, kept in file order."""

    name: str
    value: str


class Deal(Record):
    """One deal: distribution, bidding, announcements, tricks and the claimed scores.

    Any part may be missing in a partial record; the validator checks what is there and
    says what it could not check.
    """

    number: int
    dealer: int | None = None
    five: list[Hand] = Field(default_factory=list)
    """*Tafr9a*: the first five cards of each seat."""
    offer: CardRef | None = None
    """The face-up offer card."""
    bids: list[Bid] = Field(default_factory=list)
    """*Smsara*: every call in order, round 1 then round 2."""
    rest: list[Hand] = Field(default_factory=list)
    """The rest of the distribution: 2 cards to the taker (plus the offer), 3 to the others."""
    hands: list[Hand] = Field(default_factory=list)
    """Complete 8-card hands, for records that give them instead of the distribution."""
    announcements: list[Announcement] = Field(default_factory=list)
    tricks: list[Trick] = Field(default_factory=list)
    score: Score | None = None
    """Points credited by this deal, as the record claims."""
    match_score: Score | None = None
    """Running match totals after this deal, as the record claims."""
    pot: int | None = None
    """Litige pot after this deal, as the record claims."""
    comments: list[str] = Field(default_factory=list)
    pot_pos: tuple[int, int] | None = None
    """(line, col) of the number after ``pot``, when read from text."""


class Game(Record):
    """One match: headers, then its deals in order."""

    headers: list[Header] = Field(default_factory=list)
    deals: list[Deal] = Field(default_factory=list)
    result: str | None = None
    """The recorded end of the match (``NS``, ``EW``, ``*`` unfinished), if written."""
    comments: list[str] = Field(default_factory=list)
    result_pos: tuple[int, int] | None = None
    """(line, col) of the result after ``end``, when read from text."""

    def header(self, name: str, default: str | None = None) -> str | None:
        """The value of the last header called ``name`` (case-insensitive)."""
        wanted = name.lower()
        for item in reversed(self.headers):
            if item.name.lower() == wanted:
                return item.value
        return default

    def accept(self, visitor: Visitor[T], index: int = 0) -> T:
        """Walk this game through ``visitor`` as the reader would report it; its result."""
        from belote_notation.notation.walk import walk_game

        return walk_game(self, visitor, index)


class BelFile(Record):
    """A whole .bel file (the streaming reader yields its games one by one instead)."""

    games: list[Game] = Field(default_factory=list)


Annotated.model_rebuild()
Bid.model_rebuild()
Play.model_rebuild()
Announcement.model_rebuild()
Variation.model_rebuild()
