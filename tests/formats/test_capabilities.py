"""What a format can do is a capability of its :class:`~belote_notation.formats.base.Format`,
never a test of its name: ``grep -rn '== "bel"\\|!= "bel"' belote_notation cli`` finds nothing
(issue 32: such tests decided behaviour in eleven places)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from belote_notation.formats.base import Format
from belote_notation.formats.registry import all_formats, get_format

ROOT = Path(__file__).resolve().parents[2]
NAME_TEST = re.compile(rb'[=!]= "bel"')
"""What ``grep '== "bel"\\|!= "bel"'`` matches."""


def _name_tests(*folders: Path) -> list[str]:
    """``path:line`` of each name test in the files under ``folders``, as ``grep -rn`` finds
    them (every file, read as bytes)."""
    found = []
    for folder in folders:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            for number, line in enumerate(path.read_bytes().splitlines(), 1):
                if NAME_TEST.search(line):
                    found.append(f"{path.relative_to(folder.parent)}:{number}")
    return found


def test_no_behaviour_is_decided_by_the_name_of_a_format() -> None:
    assert _name_tests(ROOT / "belote_notation", ROOT / "cli") == []


def test_the_scan_finds_a_name_test(tmp_path: Path) -> None:
    """The scan is not vacuous: both spellings are seen, in a module and in any other file."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text('if fmt.name == "bel":\n    pass\nok = "bel"\n', encoding="utf-8")
    (tmp_path / "pkg" / "b.md").write_text('x\nif name != "bel": refuse\n', encoding="utf-8")
    assert _name_tests(tmp_path / "pkg") == ["pkg/a.py:1", "pkg/b.md:2"]


CAPABILITIES = ("game_texts", "notation_text", "splittable", "canonical_rewrite")


@pytest.mark.parametrize(("name", "expected"), [
    ("bel", {"game_texts", "notation_text", "splittable", "canonical_rewrite"}),
    ("json", {"canonical_rewrite"}),
    ("jsonl", {"canonical_rewrite"}),
    ("events", set()),
    ("csv", set()),
    ("cfn", set()),
])
def test_the_built_in_formats_say_what_they_can_do(name: str, expected: set[str]) -> None:
    fmt = get_format(name)
    assert fmt is not None
    assert {c for c in CAPABILITIES if getattr(fmt, c)} == expected


def test_a_format_can_do_none_of_it_unless_it_says_so() -> None:
    """A plugin's format (a subclass setting nothing) is read whole, never edited in place nor
    rewritten by ``fmt``: those are the project's own forms."""

    class Plugin(Format):
        name = "plugin-x"

    assert [c for c in CAPABILITIES if getattr(Plugin(), c)] == []
    assert sum(fmt.notation_text for fmt in all_formats()) == 1
