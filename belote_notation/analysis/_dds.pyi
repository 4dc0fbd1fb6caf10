"""Type stub of the C search (belote_notation/analysis/_dds.c).

Every argument is checked: a wrong type raises TypeError, a wrong value (out of range, wrong
length, a card in two places, a hand of the wrong size) ValueError. A Solver made without
``__init__`` (``Solver.__new__(Solver)``) raises ValueError from every method. ``trump`` is
the contract's strain: 0..3 a suit, 4 sans-atout, 5 tout-atout. The points so far (``ns``,
``ew``) must be those of the finished tricks. A call that passes ``budget`` positions raises
SearchLimit.
"""

from collections.abc import Sequence

class SearchLimit(RuntimeError):
    """A question passed the Solver's budget of positions."""

class Solver:
    """A double-dummy searcher for one rule set and one trump, with its transposition table."""

    def __init__(self, beats: bytes, points: Sequence[int], higher: Sequence[int], code: Sequence[int],
                 trump: int, step: int, capot: int, bonus: int) -> None: ...
    def values(self, hands: Sequence[int], trick: Sequence[int], leader: int, ns: int, ew: int,
               ns_tricks: int, ew_tricks: int, /) -> list[tuple[int, int]]: ...
    def value(self, hands: Sequence[int], trick: Sequence[int], leader: int, ns: int, ew: int,
              ns_tricks: int, ew_tricks: int, /) -> int: ...
    def legal(self, hands: Sequence[int], trick: Sequence[int], leader: int, ns: int, ew: int,
              ns_tricks: int, ew_tricks: int, /) -> int: ...
    def probe(self, hands: Sequence[int], trick: Sequence[int], leader: int, ns: int, ew: int,
              ns_tricks: int, ew_tricks: int, card: int, beta: int, exact: bool, /) -> int: ...
    def clear(self) -> None: ...
    @property
    def nodes(self) -> int: ...
    budget: int
