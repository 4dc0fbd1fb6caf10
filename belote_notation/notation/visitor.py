"""Reading events: one reader, many uses (in the manner of python-chess's ``BaseVisitor``).

The reader turns the text of a game into a stream of *events*, each with the file line and
column of the token it comes from, and calls the matching method of a :class:`Visitor`. The
visitor decides what to build: :class:`~belote_notation.notation.read.build.RecordBuilder` builds
the pydantic records, :class:`HeadersVisitor` keeps the tag pairs only, :class:`SkipVisitor`
builds nothing, and the checks (``belote_notation.check``) replay the deal through the rules
engine straight from the events. A built :class:`~belote_notation.notation.records.Game` can be
walked back through any visitor (``game.accept(visitor)``), so every consumer is written once
and runs the same on text, on the JSON twin and on records made by a program.

The order of events for one game (``*`` many, ``?`` optional)::

    begin_game
      visit_header*                       tag pairs, in file order
      | visit_tag_pairs                   tag pairs one a line at once (a batch, see below)
      visit_comment*                      the game's comments before the first deal
      visit_deck?                         the deck inferred from the cards (no tag names it)
    end_headers                           SKIP: the reader skips the body of the game
      begin_deal                          SKIP: the reader skips the deal (then no end_deal)
        visit_comment*                    comments about the deal
        begin_section                     one per section as written (a grammar rule)
          visit_hand | visit_offer | visit_score
          visit_call | visit_announcement | begin_trick | visit_play | visit_mark | visit_winner
          | visit_trick                   a whole trick at once (a batch, see below)
          review material after an item:  visit_glyph | visit_nag | visit_comment
                                          | begin_variation ... end_variation
      end_deal
      visit_result?                       the ``end`` keyword (with its result, if written)
      visit_comment*                      comments after ``end``
      visit_error*                        may come anywhere (see below)
    end_game

Guarantees of the reader (and of ``Game.accept``), so that consumers stay simple:

* Numbers are resolved as the notation defines them: a deal or trick written without a number
  gets the one after the previous; a call gets its bidding round (``smsara 1``/``smsara 2``, or
  from its place: the fifth call of an unnumbered bidding on is round 2; in a variation, the
  round in force where it starts).
* ``visit_glyph``, ``visit_nag`` and ``begin_variation`` only follow an item they can annotate
  (a call, a play or an announcement, possibly with other review material in between);
  anything else is a syntax issue (BEL010) reported through ``visit_error`` instead.
  ``visit_comment`` may come anywhere: it belongs to the last item of the current section,
  else to the current trick, else to the deal, else to the game (``RecordBuilder`` is the
  reference for where each comment goes).
* ``visit_mark`` (a ``belote``/``rebelote`` word separated from its card by review material)
  only follows a play that has no mark yet.
* ``begin_variation`` ... ``end_variation`` enclose the calls or plays of an alternative line
  (each with its own review material, nested variations included); the line replaces the item
  it follows.
* A syntax issue is reported with ``visit_error`` at the latest before ``end_deal`` of the
  deal whose text holds it (before ``end_game`` for the rest): a consumer knows that the deal
  it is reading is broken. Whatever could be read around it is still reported as events.

>>> from belote_notation.notation.read.reader import read_game_events
>>> v = HeadersVisitor()
>>> read_game_events('[Event "club"]\\ndeal 1\\ntrick 1 N:AS\\nend\\n', v)
[('Event', 'club')]
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Any, ClassVar, Generic, Literal, NamedTuple, TypeVar

from belote_notation.notation.issues import SyntaxIssue

__all__ = [
    "PART_FIELDS",
    "SKIP",
    "Action",
    "DealParts",
    "HandSection",
    "HeadersVisitor",
    "Kind",
    "Mark",
    "Position",
    "ScoreKind",
    "Section",
    "Skip",
    "SkipVisitor",
    "Visitor",
]

T = TypeVar("T")

Position = tuple[int, int]
"""(line, col), 1-based; (0, 0) for an item that was not read from text."""
Section = Literal["five", "offer", "bidding", "rest", "hand", "announce", "trick", "scores"]
"""The sections of a deal, named after the rules of ``belote.lark``."""
HandSection = Literal["five", "rest", "hand"]
"""``tafr9a`` (first five cards), ``rest`` (rest of the distribution), ``hand`` (8 cards)."""
Action = Literal["pass", "take", "bid", "capot", "generale", "coinche", "surcoinche"]
"""A call: the *smsara*'s ``pass`` and ``take``, and the contrée auction's calls."""
Mark = Literal["belote", "rebelote"]
Kind = Literal["sequence", "carre", "belote"]
ScoreKind = Literal["score", "match", "pot"]


class DealParts(NamedTuple):
    """The classes a visitor takes a canonical deal's parts in (:attr:`Visitor.DEAL_PARTS`).

    Each is a plain class of slots (a class statement on ``object`` with ``__slots__``, or with
    none of its own over the compiled reader's ``_canon.part_fields(names)``, which it then
    fills where that type puts the fields): the
    compiled reader makes an instance without running ``__init__``, fills the slots that
    :data:`PART_FIELDS` names for its part (the arguments of the part's event) and sets every
    other slot to ``None``. The reader knows these names, never the visitor's model: what the
    visitor keeps beyond them (its variations, say) is its own.
    """

    hand: type
    """A hand line (``tafr9a``, ``rest`` or ``hand``): ``visit_hand``'s arguments but the section."""
    offer: type
    """The ``offer`` line: ``visit_offer``'s arguments."""
    call: type
    """One call of a ``smsara`` line: ``visit_call``'s arguments."""
    announcement: type
    """An ``announce`` line: ``visit_announcement``'s arguments."""
    trick: type
    """A ``trick`` line: ``visit_trick``'s arguments."""
    score: type
    """A ``score`` or ``match`` line: ``visit_score``'s numbers and position."""
    deal: type
    """The deal: ``begin_deal``'s arguments, its parts by section, and its ``pot`` line."""


PART_FIELDS: dict[str, tuple[str, ...]] = {
    "hand": ("seat", "cards", "positions", "line", "col", "bits"),
    "offer": ("card", "line", "col"),
    "call": ("seat", "action", "suit", "round", "line", "col", "value"),
    "announcement": ("seat", "kind", "cards", "trick", "before_card", "line", "col", "positions"),
    "trick": ("number", "line", "col", "seats", "cards", "marks", "positions", "winner", "winner_pos"),
    "score": ("ns", "ew", "line", "col"),
    "deal": ("number", "dealer", "line", "col", "five", "offer", "bids", "rest", "hands", "announcements",
             "tricks", "score", "match_score", "pot", "pot_pos", "fingerprint"),
}
"""The slots the compiled reader fills in each part of a canonical deal (:class:`DealParts`),
in the order ``notation/read/_canon.c`` fills them: the names of the events' arguments, and
``bits`` of a hand (the sum of its cards' bits, :mod:`belote_notation.game.cards`; ``None``
when a number is not a card of 0..31), ``winner`` ``None`` when no winner is written (its
``winner_pos`` is then the trick's position); of the deal,
``five``/``rest``/``hands``/``bids``/``announcements``/``tricks`` lists of the parts of those
sections in the order written, ``offer``, ``score`` (the ``score`` line) and
``match_score`` (the ``match`` line) a part or ``None``, ``pot`` the ``pot`` line's number
(``None``: no such line) and ``pot_pos`` its position (the deal's when none), ``fingerprint``
the deal's fingerprint (:func:`belote_notation.notation.fingerprint.deal_fingerprint`'s value)
when the visitor asks for them (:meth:`Visitor.wants_deal_prints`) and the reader could spell
the deal's text the common way, else ``None``."""


class Skip(Enum):
    """Returned by ``begin_game``, ``end_headers``, ``begin_deal`` or ``begin_variation`` to
    tell the reader that the visitor wants nothing of what follows (up to the matching end)."""

    SKIP = "skip"


SKIP = Skip.SKIP


class Visitor(Generic[T]):
    """Base visitor: every event does nothing. Subclass it and override what you need.

    ``result()`` is what :func:`~belote_notation.notation.read.reader.read_games` yields per game.
    Cards are ``int`` 0..31, seats ``int`` 0..3 (N E S W), suits ``int`` 0..3, as in
    :mod:`belote_notation.game.cards`; ``line``/``col`` are file positions.
    """

    __slots__ = ()  # a subclass may have slots only (the checker: one per game)

    # --- the game
    def begin_game(self, index: int, line: int, col: int) -> Skip | None:
        """A new game starts (``index``: 0-based number of the game in its file)."""
        return None

    def visit_header(self, name: str, value: str, line: int, col: int) -> None:
        """A tag pair ``[name "value"]`` (value unescaped)."""

    def visit_tag_pairs(self, pairs: Sequence[tuple[str, str]], line: int) -> None:
        """A batch: tag pairs ``(name, value)`` one a line from ``line`` on, each at its first
        column, no value escaped (the layout ``fmt`` writes, read at once). By default one
        :meth:`visit_header` each, in order."""
        visit_header = self.visit_header
        for name, value in pairs:
            visit_header(name, value, line, 1)
            line += 1

    def visit_deck(self, deck: str) -> None:
        """No tag names the deck (neither ``Deck`` nor ``Rules``) and the cards were read in
        ``deck`` (``spanish``) because every card and suit word is written in it
        (:func:`~belote_notation.notation.headers.infer_deck`); after the tag pairs."""

    def end_headers(self) -> Skip | None:
        """The tag pairs are over (called once per game, even when it has none)."""
        return None

    def visit_result(self, result: str | None, line: int, col: int) -> None:
        """The ``end`` keyword; ``result`` as written after it (``NS``, ``EW``, ``*``...) and
        the position of the result (of ``end`` when there is none)."""

    def visit_error(self, issue: SyntaxIssue) -> None:
        """A syntax issue (BEL0xx) at a place of the text."""

    def end_game(self) -> None:
        """The game is over (also after a syntax error)."""

    def result(self) -> T:
        """What this visitor built for the game."""
        raise NotImplementedError

    # --- a deal
    DEAL_PARTS: ClassVar[DealParts | None] = None
    """A visitor that takes a canonical deal at once names here the class of each of its parts
    (:class:`DealParts`); the compiled reader then makes the deal's parts of them, filled as
    :data:`PART_FIELDS` says, and gives the deal at once (:meth:`visit_deal_parts`) instead of
    its events. ``None``: the events."""

    TAKES_PARTS: ClassVar[bool] = False
    """A visitor that names no :attr:`DEAL_PARTS` of its own but takes a canonical deal at once
    made of anybody's (:meth:`visit_deal_parts` reading only the slots :data:`PART_FIELDS`
    names): with a visitor that names them, in a :class:`~belote_notation.notation.tee.Tee`,
    it lets the tee take the deal at once (the record builder does)."""

    def deal_parts(self) -> DealParts | None:
        """The classes the reader makes a canonical deal's parts of for this visitor, ``None``
        for its events: :attr:`DEAL_PARTS` (a tee answers for the visitors it feeds)."""
        return self.DEAL_PARTS

    def begin_deal(self, number: int, dealer: int | None, line: int, col: int) -> Skip | None:
        """``deal N [dealer SEAT]``."""
        return None

    def wants_deal_prints(self) -> bool:
        """Whether the deal parts (:attr:`DEAL_PARTS`) should carry each deal's fingerprint,
        made in the reader's pass (``PART_FIELDS["deal"]``'s ``fingerprint``)."""
        return False

    def visit_deal_parts(self, deal: Any) -> None:
        """A canonical deal at once (only for a visitor that names :attr:`DEAL_PARTS`): an
        instance of its ``deal`` class, holding instances of the others, in place of the deal's
        events from ``begin_deal`` to ``end_deal`` (no variation, comment or review material:
        a canonical deal has none)."""
        raise NotImplementedError

    def begin_section(self, section: Section, line: int, col: int) -> None:
        """A section of the deal starts (its keyword's position)."""

    def visit_hand(self, section: HandSection, seat: int, cards: Sequence[int],
                   positions: Sequence[Position], line: int, col: int) -> None:
        """Cards of one seat: ``tafr9a``, ``rest`` or ``hand``; ``positions`` per card."""

    def visit_offer(self, card: int, line: int, col: int) -> None:
        """The face-up offer card (its position)."""

    def visit_call(self, seat: int | None, action: Action, suit: int | None, round: int,
                   line: int, col: int, value: int | None = None) -> None:
        """One call of the bidding; ``seat`` ``None`` when the record leaves it out. A contrée
        bid of points has its ``value`` (passed only when not ``None``, so visitors written
        for the *smsara* alone keep working on its records); ``suit`` 4 / 5 is sans-atout /
        tout-atout."""

    def visit_announcement(self, seat: int, kind: Kind, cards: Sequence[int],
                           positions: Sequence[Position], trick: int | None,
                           before_card: int | None, line: int, col: int) -> None:
        """A declared sequence, carré or belote with the cards shown and when."""

    def begin_trick(self, number: int, line: int, col: int) -> None:
        """``trick N``: the plays that follow belong to it."""

    def visit_play(self, seat: int | None, card: int, mark: Mark | None, line: int,
                   col: int) -> None:
        """One card played (``mark``: belote/rebelote said with it)."""

    def visit_trick(self, number: int, line: int, col: int, seats: Sequence[int | None],
                    cards: Sequence[int], marks: Sequence[Mark | None],
                    positions: Sequence[Position], winner: int | None,
                    winner_pos: Position | None) -> None:
        """A batch: ``trick N`` (at ``line``/``col``), its plays (``seats[i]`` played
        ``cards[i]`` saying ``marks[i]``, at ``positions[i]``) and its recorded winner
        (``None``: none written). By default the fine-grained events, in order."""
        self.begin_trick(number, line, col)
        visit_play = self.visit_play
        for seat, card, mark, (pline, pcol) in zip(seats, cards, marks, positions, strict=True):
            visit_play(seat, card, mark, pline, pcol)
        if winner is not None:
            self.visit_winner(winner, *winner_pos)  # type: ignore[misc]

    def visit_mark(self, mark: Mark, line: int, col: int) -> None:
        """A belote/rebelote word for the last play, written after its review material."""

    def visit_winner(self, seat: int, line: int, col: int) -> None:
        """The recorded winner of the current trick (position of the seat)."""

    def visit_score(self, kind: ScoreKind, ns: int, ew: int | None, line: int, col: int) -> None:
        """``score NS EW`` (this deal), ``match NS EW`` (running totals) or ``pot N``
        (``ns`` holds N, ``ew`` is ``None``; the position is the number's)."""

    def end_deal(self) -> None:
        """The deal is over."""

    # --- review material
    def visit_comment(self, text: str, line: int, col: int) -> None:
        """A comment, without its delimiters, unescaped."""

    def visit_glyph(self, glyph: str, line: int, col: int) -> None:
        """``!`` ``?`` ``!!`` ``??`` ``!?`` ``?!`` on the item before."""

    def visit_nag(self, nag: int, line: int, col: int) -> None:
        """``$n`` on the item before."""

    def begin_variation(self, line: int, col: int) -> Skip | None:
        """``(``: an alternative line to the item before."""
        return None

    def end_variation(self) -> None:
        """``)``."""


class HeadersVisitor(Visitor[list[tuple[str, str]]]):
    """Keeps the tag pairs and skips the rest of the game (cheap: the body is not read)."""

    def __init__(self) -> None:
        self.headers: list[tuple[str, str]] = []

    def begin_game(self, index: int, line: int, col: int) -> Skip | None:
        self.headers = []
        return None

    def visit_header(self, name: str, value: str, line: int, col: int) -> None:
        self.headers.append((name, value))

    def end_headers(self) -> Skip | None:
        return SKIP

    def result(self) -> list[tuple[str, str]]:
        return self.headers


class SkipVisitor(Visitor[None]):
    """Skips whole games: counting or seeking games costs only the split of the text."""

    def begin_game(self, index: int, line: int, col: int) -> Skip | None:
        return SKIP

    def result(self) -> None:
        return None
