"""The C search's tables, made from the engine: the rules have one owner.

The search in ``_dds.c`` decides nothing about the rules. Which card beats which, the card
points and the trumps higher than a card are the engine's own tables
(:mod:`belote_notation.game.engine.tables`); the play obligations are the engine's
:func:`~belote_notation.game.engine.legal_for` written down as one formula per situation by
:mod:`belote_notation.game.engine.obligations` (:func:`obligation_codes`, the table the engine's
compiled ``play_cards`` reads too), so the solver plays every contract the engine knows.

>>> from belote_notation.game.rules import Ruleset
>>> codes = obligation_codes(Ruleset.preset("classic"))
>>> len(codes), codes[LEAD]
(65, 0)

The search is an optional C extension (``setup.py`` skips it where no C compiler works):
:func:`solver_for` raises :class:`SolverUnavailable` when it was not built, and nothing else
here needs it, so importing the package never fails for its absence.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from belote_notation.game.cards import SANS_ATOUT, TOUT_ATOUT
from belote_notation.game.engine.obligations import (
    DISCARD_OR_HIGHER,
    FOLLOW,
    HAND,
    HIGHER,
    LEAD,
    TRUMPS,
    formula,
    obligation_codes,
    situation,
    trick_trump,
)
from belote_notation.game.engine.state import flags_for
from belote_notation.game.engine.tables import (
    ALL_TRUMP_INDEX,
    BEATS,
    HIGHER_TRUMP,
    NO_TRUMP_INDEX,
    POINTS,
    points_index,
)
from belote_notation.game.rules import Ruleset

if TYPE_CHECKING:
    from belote_notation.analysis._dds import Solver

__all__ = ["DISCARD_OR_HIGHER", "FOLLOW", "HAND", "HIGHER", "LEAD", "TRUMPS", "SolverUnavailable",
           "capot_value", "formula", "obligation_codes", "situation", "solver_for", "solver_limit",
           "solver_type", "trick_trump"]

_NOT_BUILT = ("the double-dummy solver was not built (no C compiler when belote-notation was installed); "
              "install a C compiler (gcc or clang) and reinstall belote-notation to use it")


class SolverUnavailable(RuntimeError):
    """The C search (``belote_notation.analysis._dds``) was not built with this install.

    Only the solver needs it: validating, showing, converting and rendering work without it.
    Its message is one line saying how to get the solver.
    """

    def __init__(self, message: str = _NOT_BUILT) -> None:
        super().__init__(message)


def solver_type() -> type[Solver]:
    """The C searcher's class; raises :class:`SolverUnavailable` when the extension was not built.

    >>> solver_type().__name__
    'Solver'
    """
    try:
        from belote_notation.analysis._dds import Solver
    except ImportError as exc:
        raise SolverUnavailable() from exc
    return Solver


def solver_limit() -> type[RuntimeError]:
    """The C search's exception for a question past its budget (``_dds.SearchLimit``)."""
    solver_type()
    from belote_notation.analysis._dds import SearchLimit
    return SearchLimit


def capot_value(rules: Ruleset) -> int:
    """What a side taking all eight tricks makes in card points (0: no capot bonus, the
    162 of the deal).

    >>> capot_value(Ruleset.preset("classic")), capot_value(Ruleset.preset("moroccan"))
    (250, 0)
    """
    return rules.capot_points or 0


def solver_for(rules: Ruleset, trump: int) -> Solver:
    """A new C searcher (with its own transposition table) for ``rules`` and ``trump``: a suit
    0-3, or the contrée strains 4 sans-atout and 5 tout-atout (their card values and
    obligations as the rule system gives them).

    >>> solver_for(Ruleset.preset("classic"), trump=0).nodes
    0

    Raises :class:`SolverUnavailable` when the C extension was not built, ``ValueError`` for
    a ``trump`` that is none of these.
    """
    if not 0 <= trump <= TOUT_ATOUT:
        raise ValueError(f"trump {trump}: the solver plays a suit 0-3, sans-atout (4) or tout-atout (5)")
    beats = BEATS[{TOUT_ATOUT: ALL_TRUMP_INDEX, SANS_ATOUT: NO_TRUMP_INDEX}.get(trump, trump)]
    points = POINTS[points_index(trump, rules.sans_atout_values, rules.tout_atout_values)]
    return solver_type()(beats=beats, points=points, higher=HIGHER_TRUMP,
                         code=obligation_codes(rules, trump), trump=trump, step=flags_for(rules).play_step,
                         capot=capot_value(rules), bonus=rules.last_trick_bonus)
