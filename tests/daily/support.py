"""Shared helpers of the daily-use tests (issue 20): samples rewritten as users type them."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"


def untagged_spanish(lower: bool = True) -> str:
    """A Moroccan club match without its ``Rules`` and ``Deck`` tags, its cards in lower case
    (``4c``, ``12b``) as people type them."""
    text = (SAMPLES / "moroccan" / "club-match-1.bel").read_text(encoding="utf-8")
    text = re.sub(r'^\[(Rules|Deck) "[^"]*"\]\n', "", text, flags=re.MULTILINE)
    if lower:
        text = re.sub(r"\b(10|11|12|[1-7])([EOBC])\b", lambda m: m.group(1) + m.group(2).lower(), text)
    return text


def codes(report: object) -> list[str]:
    return [f.code for f in report.findings]  # type: ignore[attr-defined]
