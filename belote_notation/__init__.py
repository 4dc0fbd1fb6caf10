"""belote-notation: the .bel notation for Belote, its records, and a rules engine for five rule systems.

The public API, documented with runnable examples in ``docs/api.md``::

    >>> import belote_notation as bn
    >>> parsed = bn.parse_text('[Rules "classic"]\\ndeal 1 dealer S\\nsmsara 1 W:take\\nend *\\n')[0]
    >>> parsed.game.deals[0].bids[0].action
    'take'
    >>> [f.code for f in bn.validate(parsed.game)[0].findings]
    ['BEL902']

Names are imported on first use (``import belote_notation`` stays cheap: no pydantic, no lark
until a name that needs them is asked for).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_EXPORTS: dict[str, str] = {
    # reading and writing the notation
    "read_games": "belote_notation.pipeline.reading",
    "iter_games": "belote_notation.pipeline.reading",
    "parse_text": "belote_notation.notation.read.reader",
    "ParsedGame": "belote_notation.notation.read.reader",
    "write_game": "belote_notation.notation.write.writer",
    "write_games": "belote_notation.notation.write.writer",
    "game_to_json": "belote_notation.notation.write.jsonio",
    "game_from_json": "belote_notation.notation.read.jsonio",
    "read_json_games": "belote_notation.notation.read.jsonio",
    "json_schema": "belote_notation.notation.write.jsonio",
    "Visitor": "belote_notation.notation.visitor",
    # the records
    "Game": "belote_notation.notation.records",
    "Deal": "belote_notation.notation.records",
    "Header": "belote_notation.notation.records",
    "Hand": "belote_notation.notation.records",
    "CardRef": "belote_notation.notation.records",
    "Bid": "belote_notation.notation.records",
    "Play": "belote_notation.notation.records",
    "Trick": "belote_notation.notation.records",
    "Announcement": "belote_notation.notation.records",
    "Score": "belote_notation.notation.records",
    "Variation": "belote_notation.notation.records",
    # the game: cards, rules, the engine
    "Deck": "belote_notation.game.cards",
    "parse_card": "belote_notation.game.cards",
    "card_name": "belote_notation.game.cards",
    "Ruleset": "belote_notation.game.rules",
    "engine": "belote_notation.game.engine",
    "generate_games": "belote_notation.generator",
    # the checks and their findings
    "validate": "belote_notation.pipeline.api",
    "validate_text": "belote_notation.check.validator",
    "validate_game": "belote_notation.check.validator",
    "ValidationConfig": "belote_notation.check.setup",
    "Finding": "belote_notation.check.findings",
    "GameReport": "belote_notation.check.report",
    "DealReport": "belote_notation.check.report",
    "CODES": "belote_notation.game.code_table",
    # positions: the deal at any point (the checks' replay, read through the engine)
    "replay_game": "belote_notation.pipeline.reading",
    "Position": "belote_notation.check.positions",
    "Cards": "belote_notation.check.positions",
    "deal_positions": "belote_notation.check.positions",
    "position_at": "belote_notation.check.positions",
    "inferred_seats": "belote_notation.check.positions",
}
_ALIASES = {"write": "write_game"}
"""``write(game)`` is ``write_game(game)``: the canonical text of a game."""

__all__ = [
    "__version__",
    "Announcement",
    "Bid",
    "card_name",
    "CardRef",
    "Cards",
    "CODES",
    "Deal",
    "deal_positions",
    "DealReport",
    "Deck",
    "engine",
    "Finding",
    "Game",
    "game_from_json",
    "game_to_json",
    "GameReport",
    "generate_games",
    "Hand",
    "Header",
    "inferred_seats",
    "iter_games",
    "json_schema",
    "parse_card",
    "parse_text",
    "ParsedGame",
    "Play",
    "Position",
    "position_at",
    "read_games",
    "read_json_games",
    "replay_game",
    "Ruleset",
    "Score",
    "Trick",
    "validate",
    "validate_game",
    "validate_text",
    "ValidationConfig",
    "Variation",
    "Visitor",
    "write",
    "write_game",
    "write_games",
]


def __getattr__(name: str) -> Any:
    target = _ALIASES.get(name, name)
    module = _EXPORTS.get(target)
    if module is None:
        raise AttributeError(f"module 'belote_notation' has no attribute {name!r}")
    if target == "engine":
        value = importlib.import_module(module)
    else:
        value = getattr(importlib.import_module(module), target)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public names only (what ``__all__`` lists), as ``help()`` and editors show them."""
    return sorted({*__all__, "__version__"})


if TYPE_CHECKING:  # what the names are, for type checkers and editors
    from belote_notation.check.findings import Finding
    from belote_notation.check.positions import Cards, Position, deal_positions, inferred_seats, position_at
    from belote_notation.check.report import DealReport, GameReport
    from belote_notation.check.setup import ValidationConfig
    from belote_notation.check.validator import validate_game, validate_text
    from belote_notation.game import engine
    from belote_notation.game.cards import Deck, card_name, parse_card
    from belote_notation.game.code_table import CODES
    from belote_notation.game.rules import Ruleset
    from belote_notation.generator import generate_games
    from belote_notation.notation.read.jsonio import game_from_json, read_json_games
    from belote_notation.notation.read.reader import ParsedGame, parse_text
    from belote_notation.notation.records import (
        Announcement,
        Bid,
        CardRef,
        Deal,
        Game,
        Hand,
        Header,
        Play,
        Score,
        Trick,
        Variation,
    )
    from belote_notation.notation.visitor import Visitor
    from belote_notation.notation.write.jsonio import game_to_json, json_schema
    from belote_notation.notation.write.writer import write_game, write_games
    from belote_notation.pipeline.api import validate
    from belote_notation.pipeline.reading import iter_games, read_games, replay_game

    write = write_game
