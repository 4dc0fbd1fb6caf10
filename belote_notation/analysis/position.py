"""What ``belote-replay solve`` reports of one point of a deal: the double-dummy value of every
legal card, the best line to the end and (when asked: it searches the whole deal once per trump)
the deal's double-dummy table, as plain data (JSON-ready, card names in the deal's deck). Every
contract the rules know is solved: a trump suit, sans-atout (``SA``), tout-atout (``TA``).

>>> from belote_notation.check.replay import replay_game
>>> from belote_notation.game.rules import Ruleset
>>> from belote_notation.generator import generate_games
>>> replay = replay_game(next(generate_games(Ruleset.preset("classic"), deals=4, seed=3)), "g.bel")
>>> deal = next(d for d in replay.deals if d.state is not None and d.state.taker is not None)
>>> report = position_report(deal, 8, 1, replay.deck, table=True)
>>> report["at"], len(report["best_line"]), len(report["table"]) > 0
('8.1', 4, True)
>>> position_report(deal, 8, 1, replay.deck)["table"]  # not asked: not searched
[]
"""

from __future__ import annotations

from typing import Any

from belote_notation.analysis.refusal import Refusal
from belote_notation.analysis.review import state_at
from belote_notation.analysis.solver import DEFAULT_BUDGET, DoubleDummy
from belote_notation.check.replay import DealReplay
from belote_notation.game.cards import SEAT_NAMES, Deck, card_name, card_symbol_name, suit_display
from belote_notation.game.engine import to_play
from belote_notation.game.lang import msg

__all__ = ["position_report"]


def position_report(replay: DealReplay, trick: int, card: int, deck: Deck, table: bool = False,
                    budget: int = DEFAULT_BUDGET, value: str = "cards") -> dict[str, Any]:
    """The values, the best line and (``table``) the table of ``replay`` just before card
    ``card`` (1..4) of trick ``trick`` (1..8), each question within ``budget`` positions, the
    values counting ``value`` (``cards``: card points; ``score``: the points the deal scores; the
    table is of card points either way).
    Raises :class:`~belote_notation.analysis.refusal.Refusal` (a ``ValueError`` whose ``reason``
    is a message) naming the deal and the point when the deal cannot be solved there
    (:class:`~belote_notation.analysis.solver.SearchTooLong` past the budget), and
    :class:`~belote_notation.analysis.solver.SolverUnavailable` without the solver's extension."""
    try:
        return _report(replay, trick, card, deck, table, DoubleDummy(budget, value))
    except ValueError as exc:  # a refusal keeps its kind (SearchTooLong); any other is the program's words
        why = exc.reason if isinstance(exc, Refusal) else str(exc)
        placed = msg("deal %(deal)s, before %(trick)s.%(card)s: %(why)s", deal=replay.deal.number,
                     trick=trick, card=card, why=why)
        raise (type(exc) if isinstance(exc, Refusal) else Refusal)(placed) from None


def _report(replay: DealReplay, trick: int, card: int, deck: Deck, table: bool,
            dd: DoubleDummy) -> dict[str, Any]:
    state = state_at(replay, trick, card)
    values = dd.card_values(state)
    mover = to_play(state) if state.trick_no < 8 else None
    best = values[0].points if values else None
    line = dd.best_line(state)
    entries = dd.table(state.rules, state.full_hands, state.dealer) if table else []
    return {
        "deal": replay.deal.number,
        "at": f"{trick}.{card}",
        "value": dd.value,
        "trump": _trump(state.strain, deck),
        "taker": SEAT_NAMES[state.taker] if state.taker is not None else None,
        "to_play": SEAT_NAMES[mover] if mover is not None else None,
        "values": [{"card": card_name(v.card, deck), "symbol": card_symbol_name(v.card, deck),
                    "points": v.points, "loss": (best or 0) - v.points} for v in values],
        "best_line": [f"{SEAT_NAMES[seat]}:{card_name(played, deck)}" for seat, played in line],
        "table": [{"trump": _trump(e.trump, deck), "takers": [SEAT_NAMES[t] for t in e.takers],
                   "leader": SEAT_NAMES[e.leader], "ns": e.points[0], "ew": e.points[1]}
                  for e in entries],
        "nodes": dd.nodes,
    }


def _trump(strain: int, deck: Deck) -> str:
    """A trump in the game's deck: ``♥`` (French), ``copas`` (Spanish); ``SA``/``TA`` past the suits."""
    return suit_display(strain, deck) if strain < 4 else ("SA", "TA")[strain - 4] if strain < 6 else "?"
