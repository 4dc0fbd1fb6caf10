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
import os
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


def test_the_api_page_runs() -> None:
    result = doctest.testfile(str(DOCS / "api.md"), module_relative=False, encoding="utf-8",
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 30
    assert result.failed == 0


def test_the_api_page_names_what_the_package_exports() -> None:
    import belote_notation

    page = (DOCS / "api.md").read_text(encoding="utf-8")
    assert set(belote_notation.__all__) == {"__version__", *belote_notation._EXPORTS,
                                            *belote_notation._ALIASES}
    for name in ("read_games", "validate", "write", "Game", "Finding", "engine", "Ruleset"):
        assert f"bn.{name}" in page, name
    for name in belote_notation.__all__:
        getattr(belote_notation, name)


def test_the_package_imports_fast_and_is_typed() -> None:
    import subprocess
    import sys

    code = "import sys, belote_notation; print(sorted({'pydantic', 'lark', 'click'} & set(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
    assert (ROOT / "belote_notation" / "py.typed").exists()
    assert "py.typed" in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_the_json_schema_has_ranges_enums_and_descriptions() -> None:
    from belote_notation.notation.write.jsonio import json_schema

    defs = json_schema()["$defs"]
    play = defs["Play"]["properties"]
    assert (play["card"]["minimum"], play["card"]["maximum"]) == (0, 31)
    seat = next(s for s in play["seat"]["anyOf"] if s.get("type") == "integer")
    assert (seat["minimum"], seat["maximum"]) == (0, 3)
    glyphs = next(s for s in play["glyph"]["anyOf"] if "enum" in s)["enum"]
    assert set(glyphs) == {"!", "?", "!!", "??", "!?", "?!"}
    assert play["seat"]["description"] and play["card"]["description"]
    hand = defs["Hand"]["properties"]["cards"]["items"]
    assert (hand["minimum"], hand["maximum"]) == (0, 31)


def test_samples_readme_names_the_invalid_files_that_give_more_than_one_finding() -> None:
    readme = (ROOT / "samples" / "README.md").read_text(encoding="utf-8")
    assert "one finding per" not in readme
    said = readme.split("The files that give more than one finding:")[1].split("keeps this")[0]
    named = set(re.findall(r"`(BEL\d{3}-[\w-]+\.bel)`", said))
    several = set()
    for path in sorted((ROOT / "samples" / "invalid").glob("*.bel")):
        found = [f for report in validate_text(path.read_text(encoding="utf-8"), path.name)
                 for f in report.findings]
        if len(found) > 1:
            several.add(path.name)
    assert named == several


RULE_TEXTS = Path(os.environ.get("BELOTE_RULE_TEXTS", "/work/shared/rules"))
"""Where the four rule texts are, when they are at hand (they are not part of the repository)."""


def _choices() -> list[str]:
    page = (DOCS / "rules.md").read_text(encoding="utf-8")
    section = page.split("## Choices")[1].split("\n## ")[0]
    return [item for item in re.split(r"\n- ", section)[1:]]


def _quotes(text: str) -> list[str]:
    return [q for q in re.findall(r'"([^"]*)"', re.sub(r"\s+", " ", text)) if len(q.split()) >= 3]


def test_rules_page_stands_on_its_own() -> None:
    page = (DOCS / "rules.md").read_text(encoding="utf-8")
    assert "../" not in page and "shared/rules" not in page and ".txt" not in page
    choices = _choices()
    assert len(choices) >= 15
    unquoted = [c.split("\n")[0] for c in choices if not _quotes(c)]
    assert unquoted == [], "each choice quotes the text it rests on"


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u2019", "'").replace("?:", ":").replace("\u2026", "..."))


def test_rules_page_quotes_the_texts_word_for_word() -> None:
    if not RULE_TEXTS.is_dir():
        pytest.skip(f"the rule texts are not at hand ({RULE_TEXTS}; set BELOTE_RULE_TEXTS)")
    texts = _normal(" ".join(p.read_text(encoding="utf-8") for p in sorted(RULE_TEXTS.glob("*.txt"))))
    page = (DOCS / "rules.md").read_text(encoding="utf-8")
    # The contrée section quotes public web pages, each cited with its address: not these texts.
    page = re.sub(r"\n## Contrée and coinche.*?(?=\n## )", "\n", page, flags=re.S)
    wrong = []
    for quote in _quotes(page):
        parts = [part.strip() for part in _normal(quote).split("...") if part.strip()]
        if not all(part in texts for part in parts):
            wrong.append(quote)
    assert wrong == []


def _glossary() -> list[tuple[str, str, str]]:
    """docs/languages.md's glossary: (French, rule text, quotation) for each « quotation »."""
    page = (DOCS / "languages.md").read_text(encoding="utf-8")
    section = page.split("## Glossary")[1].split("\n## ")[0]
    rows = [line.split("|")[1:-1] for line in section.splitlines() if line.startswith("| ") and "«" in line]
    return [(row[1].strip(), row[2].split()[0], quote) for row in rows
            for quote in re.findall(r"«\s*(.*?)\s*»", row[2])]


def test_every_french_word_of_the_glossary_is_traced_to_its_rule_text() -> None:
    """Each row names a rule text and quotes it; each quotation is in that text word for word."""
    glossary = _glossary()
    assert len(glossary) >= 30
    assert all(source.endswith((".txt", ".md")) for _, source, _ in glossary)
    if not RULE_TEXTS.is_dir():
        pytest.skip(f"the rule texts are not at hand ({RULE_TEXTS}; set BELOTE_RULE_TEXTS)")
    wrong = [(french, source, quote) for french, source, quote in glossary
             if _normal(quote) not in _normal((RULE_TEXTS / source).read_text(encoding="utf-8"))]
    assert wrong == []
