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
from typing import Annotated as Constrained

from pydantic import BaseModel, ConfigDict, Field

if TYPE_CHECKING:
    from belote_notation.notation.visitor import Visitor

T = TypeVar("T")

# The value types of the JSON Schema: ranges and descriptions (checked when JSON is read with
# ``model_validate``; the reader builds with ``model_construct`` and checks them itself).
Card = Constrained[int, Field(ge=0, le=31, description="A card: suit * 8 + rank, 0..31 (suits S H D C "
                              "or E C O B, ranks 7 8 9 10 J Q K A or 4 5 6 7 10 11 12 1).")]
Seat = Constrained[int, Field(ge=0, le=3, description="A seat: 0 N, 1 E, 2 S, 3 W.")]
Suit = Constrained[int, Field(ge=0, le=3, description="A suit: 0 S/E, 1 H/C, 2 D/O, 3 C/B (French/Spanish).")]
Trump = Constrained[int, Field(ge=0, le=5, description="A trump: a suit 0..3, 4 sans-atout, 5 tout-atout "
                               "(contrée).")]
Position = tuple[Constrained[int, Field(ge=0)], Constrained[int, Field(ge=0)]]
Glyph = Literal["!", "?", "!!", "??", "!?", "?!"]

__all__ = [
    "Annotated",
    "Announcement",
    "BelFile",
    "Bid",
    "CardRef",
    "Deal",
    "Game",
    "Glyph",
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

    # defer_build: a model's validator and serializer are built the first time they are used
    # (a record validated from JSON, dumped, its schema asked for), not when this module is
    # imported: validate builds records without validation (``model_construct``, the compiled
    # ``new_record``) and never uses them, and building the 15 schemas was 0.06 s of each start.
    model_config = ConfigDict(extra="forbid", defer_build=True)

    line: int = Field(default=0, ge=0, description="1-based line of the item; 0 when not read from text.")
    col: int = Field(default=0, ge=0, description="1-based column (characters); 0 when not read from text.")


class Annotated(Record):
    """Review material that may follow a bid, a card or an announcement."""

    glyph: Glyph | None = Field(default=None, description="A move assessment glyph: ! ? !! ?? !? ?!")
    """One of ``!`` ``?`` ``!!`` ``??`` ``!?`` ``?!``."""
    nags: list[Constrained[int, Field(ge=0)]] = Field(
        default_factory=list, description="Numeric annotation glyphs ($1, $14...), as numbers.")
    """Numeric annotation codes (``$1``, ``$14``...)."""
    comments: list[str] = Field(default_factory=list,
                                description="Comments written after the item, without their delimiters.")
    """Comments written after the item, in order, without their delimiters."""
    variations: list[Variation] = Field(default_factory=list,
                                        description="Alternative lines played instead of this item.")
    """Alternative lines starting at this item (instead of it)."""


class CardRef(Record):
    """One card at a place in the text (the offer card, a card of an announcement)."""

    card: Card


class Hand(Record):
    """Cards dealt to or held by one seat, with the position of each card."""

    seat: Seat
    cards: list[Card] = Field(default_factory=list)
    positions: list[Position] = Field(default_factory=list,
                                      description="(line, col) of each card, parallel to cards.")
    """(line, col) of each card, parallel to ``cards`` (empty when not read from text)."""


class Bid(Annotated):
    """One call of the *smsara*: a pass, or a take (round 1: the offer's suit; round 2: ``suit``);
    in a contrée auction also a ``bid`` of ``value`` points, ``capot``, ``generale``,
    ``coinche`` and ``surcoinche``."""

    seat: Seat | None = Field(default=None, description="Who called (0 N, 1 E, 2 S, 3 W); null when not "
                              "written.")
    action: Literal["pass", "take", "bid", "capot", "generale", "coinche", "surcoinche"]
    suit: Trump | None = Field(default=None, description="The trump named by a round-2 take or by a contrée "
                               "bid (0-3 a suit, 4 sans-atout, 5 tout-atout); null otherwise.")
    """The trump named by a round-2 take, or by a contrée bid (0-3 a suit, 4 sans-atout,
    5 tout-atout); ``None`` for a pass, a round-1 take, a coinche or a surcoinche."""
    value: int | None = Field(default=None, ge=0, description="The points of a contrée bid (80, 90 ...); "
                              "null for every other call.")
    """The points of a contrée ``bid`` (80, 90 ...); ``None`` for every other call."""
    round: Literal[1, 2] = 1


class Play(Annotated):
    """One card played to a trick."""

    seat: Seat | None = Field(default=None, description="Who played (0 N, 1 E, 2 S, 3 W); null when not "
                              "written (the checks take the card's holder, else the turn order).")
    card: Card
    mark: Literal["belote", "rebelote"] | None = None
    """Belote/rebelote said while playing this card."""


class Variation(Record):
    """An alternative line: bids or plays that could have been made instead."""

    items: list[Bid | Play] = Field(default_factory=list)
    comments: list[str] = Field(default_factory=list)


class Trick(Record):
    """One of the eight tricks, cards in the order played."""

    number: int = Field(description="The trick's number as written (1..8 in a correct record).")
    plays: list[Play] = Field(default_factory=list)
    winner: Seat | None = None
    """The winner as recorded, if the record says (the validator recomputes it)."""
    comments: list[str] = Field(default_factory=list)
    winner_pos: Position | None = None
    """(line, col) of the seat after ``winner``, when read from text."""


class Announcement(Annotated):
    """A declared sequence, carré or belote, with the cards shown."""

    seat: Seat
    kind: Literal["sequence", "carre", "belote"]
    cards: list[Card] = Field(default_factory=list)
    positions: list[Position] = Field(default_factory=list)
    trick: int | None = Field(default=None, description="The trick during which it was declared (1-based).")
    """The trick (1-based) during which it was declared, if recorded."""
    before_card: int | None = Field(default=None, description="The declarer's card (1 = first) it was "
                                    "declared before.")
    """Index of the declarer's card (1 = first) it was declared before, if recorded."""


class Score(Record):
    """Points per team: N-S and E-W."""

    ns: int = Field(description="Points of North-South.")
    ew: int = Field(description="Points of East-West.")


class Header(Record):
    """A ``[Name "value"]`` tag pair, kept in file order."""

    name: str
    value: str


class Deal(Record):
    """One deal: distribution, bidding, announcements, tricks and the claimed scores.

    Any part may be missing in a partial record; the validator checks what is there and
    says what it could not check.
    """

    number: int = Field(description="The deal's number as written (1, 2, ... in a correct record).")
    dealer: Seat | None = None
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
    pot: int | None = Field(default=None, description="The litige pot after this deal, as recorded.")
    """Litige pot after this deal, as the record claims."""
    comments: list[str] = Field(default_factory=list)
    pot_pos: Position | None = None
    """(line, col) of the number after ``pot``, when read from text."""


class Game(Record):
    """One match: headers, then its deals in order."""

    headers: list[Header] = Field(default_factory=list)
    deals: list[Deal] = Field(default_factory=list)
    result: str | None = None
    """The recorded end of the match (``NS``, ``EW``, ``*`` unfinished), if written."""
    comments: list[str] = Field(default_factory=list)
    preamble: list[str] = Field(default_factory=list)
    """Comments before the tag pairs (a file's title line), written before them again."""
    result_pos: Position | None = None
    """(line, col) of the result after ``end``, when read from text."""

    def header(self, name: str, default: str | None = None) -> str | None:
        """The value of the last header called ``name`` (case-insensitive)."""
        wanted = name.lower()
        for item in reversed(self.headers):
            if item.name.lower() == wanted:
                return item.value
        return default

    def header_values(self) -> dict[str, str]:
        """Every header's value by its name in lower case: :meth:`header`'s answers at once, for
        a reader that asks many (the last header of a name wins).

        >>> Game(headers=[Header(name="Event", value="a"), Header(name="EVENT", value="b")]).header_values()
        {'event': 'b'}
        """
        return {item.name.lower(): item.value for item in self.headers}

    def accept(self, visitor: Visitor[T], index: int = 0) -> T:
        """Walk this game through ``visitor`` as the reader would report it; its result."""
        from belote_notation.notation.walk import walk_game

        return walk_game(self, visitor, index)


class BelFile(Record):
    """A whole .bel file (the streaming reader yields its games one by one instead)."""

    games: list[Game] = Field(default_factory=list)

