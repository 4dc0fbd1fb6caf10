"""Helpers shared by the validator, CLI and show tests: generated files and exact-place mutations."""

from __future__ import annotations

import io
from functools import lru_cache

from belote_notation.check.report import GameReport
from belote_notation.check.validator import validate_text
from belote_notation.game.rules import Ruleset
from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.records import Deal

PRESET_NAMES = ("moroccan", "classic", "gameduell", "traditional")


@lru_cache(maxsize=None)
def generated_text(preset: str, deals: int = 40, seed: int = 7) -> str:
    """Canonical text of ``deals`` generated deals under ``preset`` (cached per arguments)."""
    from belote_notation.generator import generate_games
    from belote_notation.notation.write.writer import write_games

    out = io.StringIO()
    write_games(generate_games(Ruleset.preset(preset), matches=None, deals=deals, seed=seed), out)
    return out.getvalue()


def replace_at(text: str, line: int, col: int, old: str, new: str) -> str:
    """Replace ``old`` found exactly at 1-based (line, col) by ``new``; fails loudly otherwise."""
    lines = text.split("\n")
    row = lines[line - 1]
    assert row[col - 1:col - 1 + len(old)] == old, (row, col, old)
    lines[line - 1] = row[:col - 1] + new + row[col - 1 + len(old):]
    return "\n".join(lines)


def findings_of(text: str, name: str = "t.bel", **kwargs) -> list:
    return [f for report in validate_text(text, name, **kwargs) for f in report.findings]


def errors_of(text: str, **kwargs) -> list:
    return [f for f in findings_of(text, **kwargs) if f.severity == "error"]


def played_deals(text: str) -> list[tuple[int, Deal]]:
    """(game index, deal) of every deal with eight tricks, in file order."""
    out = []
    for g, parsed in enumerate(parse_text(text)):
        for deal in parsed.game.deals:
            if len(deal.tricks) == 8:
                out.append((g, deal))
    return out


def reports(text: str) -> list[GameReport]:
    return validate_text(text, "t.bel")
