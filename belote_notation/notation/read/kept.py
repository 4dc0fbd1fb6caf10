"""Records on demand: a game read for a replay keeps a canonical deal's parts, not its records.

A command that replays a ``.bel`` game reads it once into the checks and a record builder
(:class:`~belote_notation.notation.tee.Tee`). The page draws a canonical deal (the compiled
reader's parts, no review material) from those parts and the checks' replay, so making its
pydantic records there is wasted (a third of the page's cost a deal). :class:`KeepingBuilder`
builds the records of the deals read as events, as :class:`~.build.RecordBuilder` does, keeps
each canonical deal's parts as they were read (:class:`KeptDeal`: the deal's slots at that
moment; the checks may later set a slot of the parts anew, never change a list in place) and
gives a :class:`KeptGame`: the game's tags and comments at once, a deal's records or the
whole :class:`~belote_notation.notation.records.Game` made the first time they are asked for,
equal to :class:`~.build.RecordBuilder`'s.

>>> from belote_notation.notation.read.reader import read_game_events, parse_text
>>> text = '[Event "club"]\\ndeal 1 dealer N\\nsmsara 1 E:take S\\ntrick 1 E:AS S:7S W:8S N:9S\\nend\\n'
>>> kept = read_game_events(text, KeepingBuilder())
>>> kept.header("Event"), kept.parts(0) is None, kept.game == parse_text(text)[0].game
('club', True, True)
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, NamedTuple

from belote_notation.notation.issues import SyntaxIssue
from belote_notation.notation.read.build import RecordBuilder, new_record
from belote_notation.notation.records import Deal, Game
from belote_notation.notation.visitor import PART_FIELDS, Position, Skip

__all__ = ["KeepingBuilder", "KeptDeal", "KeptGame"]


class KeptDeal(NamedTuple):
    """A canonical deal's slots as the compiled reader filled them (:data:`PART_FIELDS`)."""

    number: int
    dealer: int | None
    line: int
    col: int
    five: list[Any]
    offer: Any
    bids: list[Any]
    rest: list[Any]
    hands: list[Any]
    announcements: list[Any]
    tricks: list[Any]
    score: Any
    match_score: Any
    pot: int | None
    pot_pos: Position
    fingerprint: str | None


assert KeptDeal._fields == PART_FIELDS["deal"]  # the reader's names, in its order
_KEEP = attrgetter(*PART_FIELDS["deal"])


class KeptGame:
    """One game read by a :class:`KeepingBuilder`: its syntax issues, its tags and comments,
    and each deal as records or as its kept parts (see the module docstring)."""

    def __init__(self, shell: Game, deals: list[Deal | KeptDeal], errors: list[SyntaxIssue],
                 index: int) -> None:
        self._shell, self._deals = shell, deals
        """The game's record without its deals; each deal's records or parts."""
        self._game: Game | None = None
        self.errors, self.index = errors, index
        self.comments: list[str] = shell.comments

    def header(self, name: str, default: str | None = None) -> str | None:
        """The value of the last tag pair ``name`` (:meth:`Game.header`)."""
        return self._shell.header(name, default)

    def header_values(self) -> dict[str, str]:
        """Every tag pair's value by its name in lower case (:meth:`Game.header_values`)."""
        return self._shell.header_values()

    def __len__(self) -> int:
        return len(self._deals)

    def parts(self, position: int) -> KeptDeal | None:
        """The kept parts of the deal at ``position`` (0-based), ``None`` when it was read as events."""
        deal = self._deals[position]
        return deal if isinstance(deal, KeptDeal) else None

    def deal(self, position: int) -> Deal:
        """The records of the deal at ``position``, made from its parts on the first call."""
        deal = self._deals[position]
        if isinstance(deal, KeptDeal):
            builder = RecordBuilder()
            builder.visit_deal_parts(deal)
            deal = self._deals[position] = builder.deals[0]
        return deal

    @property
    def game(self) -> Game:
        """The game's records, every deal's made now if not yet (made once)."""
        if self._game is None:
            deals = [self.deal(i) for i in range(len(self._deals))]
            self._game = new_record(Game, {**self._shell.__dict__, "deals": deals})
        return self._game

    def event_deals(self) -> Game:
        """The game with the records of its deals read as events only (the deals that can hold
        review material), no other deal's made."""
        if self._game is not None:
            return self._game
        deals = [deal for deal in self._deals if isinstance(deal, Deal)]
        return new_record(Game, {**self._shell.__dict__, "deals": deals})


class KeepingBuilder(RecordBuilder):
    """The record builder that keeps a canonical deal's parts (see the module docstring)."""

    def begin_game(self, index: int, line: int, col: int) -> Skip | None:
        super().begin_game(index, line, col)
        self.kept: list[Deal | KeptDeal] = []
        return None

    def begin_deal(self, number: int, dealer: int | None, line: int, col: int) -> Skip | None:
        super().begin_deal(number, dealer, line, col)
        assert self.deal is not None
        self.kept.append(self.deal)
        return None

    def visit_deal_parts(self, deal: Any) -> None:
        for trick in deal.tricks:
            if None in trick.seats:  # the checks name the seats in its parts: its records now
                super().visit_deal_parts(deal)
                return
        self.kept.append(KeptDeal._make(_KEEP(deal)))

    def result(self) -> KeptGame:  # type: ignore[override]
        shell = new_record(Game, self.game_fields(self.kept))
        shell.__dict__["deals"] = []
        return KeptGame(shell, self.kept, self.errors, self.index)
