"""One code table: every finding code is defined once, in ``belote_notation.game.code_table``, and
named once, by the layer that raises it; every layer's view of the codes is the table's.

The sources of the library and of the command line are read with :mod:`ast` (as
``tests/test_layers.py`` reads them): a string that is exactly a code (``"BEL303"``) may stand
only in the table's row of that code, or as the one constant naming it in the module
:data:`~belote_notation.game.code_table.NAMED_IN` gives for the layer that raises it. A second
title, severity or list of codes anywhere else is a second definition, and fails here.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path
from types import ModuleType

import pytest

from belote_notation.check import codes as checks
from belote_notation.check.findings import code_info, code_registry
from belote_notation.formats import base as formats
from belote_notation.game import code_table as table
from belote_notation.game.code_table import AREAS, CODES, NAMED_IN, ROWS, RaisedBy, raised_by
from belote_notation.game.engine import codes as engine
from belote_notation.notation import issues as notation

ROOT = Path(__file__).resolve().parents[2]
SOURCES = (ROOT / "belote_notation", ROOT / "cli" / "belote_replay")
TABLE_FILE = ROOT / "belote_notation" / "game" / "code_table.py"
CODE = re.compile(r"BEL\d{3}")


def _module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT if path.is_relative_to(ROOT / "belote_notation") else ROOT / "cli")
                 .with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring nodes of a module (module, class, function and attribute ones)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for stmt in body:
            if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(
                    stmt.value.value, str):
                found.add(id(stmt.value))
    return found


def _code_literals(path: Path) -> list[tuple[str, int, str]]:
    """(code, line, how) of every string that is exactly a code, docstrings left out; ``how`` is
    ``row`` (the first argument of ``CodeInfo(...)``), ``name`` (``NAME = "BELnnn"`` at the
    module's top level) or ``use`` (anything else)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    how: dict[int, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "CodeInfo" \
                and node.args:
            how[id(node.args[0])] = "row"
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target, value = stmt.targets[0], stmt.value
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            target, value = stmt.target, stmt.value
        else:
            continue
        if isinstance(target, ast.Name) and target.id.isupper():
            how[id(value)] = "name"
    return sorted((node.value, node.lineno, how.get(id(node), "use")) for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and CODE.fullmatch(node.value) and id(node) not in docs)


def _code_names() -> set[str]:
    """Every constant naming a code, in the modules :data:`NAMED_IN` gives."""
    return {name for module in (notation, engine, checks, formats) for name in _constants(module)}


def _second_tables(path: Path, names: set[str]) -> list[str]:
    """Where ``path`` spells a table of its own: a dict written out from codes (their names or
    literals) to strings (titles, severities), or one of the table's titles in a collection or
    bound to a name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    titles = {row.title for row in ROWS}

    def a_code(key: ast.expr | None) -> bool:
        return (isinstance(key, ast.Name) and key.id in names
                or isinstance(key, ast.Attribute) and key.attr in names
                or isinstance(key, ast.Constant) and isinstance(key.value, str)
                and bool(CODE.fullmatch(key.value)))

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and node.keys and all(a_code(key) for key in node.keys) and all(
                isinstance(value, ast.Constant) and isinstance(value.value, str) for value in node.values):
            found.append(f"{path.name}:{node.lineno}: a table of {len(node.keys)} codes")
        items = node.values if isinstance(node, ast.Dict) else getattr(node, "elts", [])
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            items = [node.value]  # a message that says what the title says is not a copy of it
        found.extend(f"{path.name}:{item.lineno}: the title {item.value!r}" for item in items
                     if isinstance(item, ast.Constant) and item.value in titles)
    return sorted(found)


def _scan() -> dict[str, list[tuple[str, int, str]]]:
    """Code -> every place (module, line, how) its literal stands in the sources."""
    places: dict[str, list[tuple[str, int, str]]] = defaultdict(list)
    for source in SOURCES:
        for path in sorted(source.rglob("*.py")):
            for code, line, how in _code_literals(path):
                places[code].append((_module_of(path), line, how))
    return places


def _constants(module: object) -> dict[str, str]:
    return {name: value for name, value in vars(module).items()
            if name.isupper() and isinstance(value, str) and CODE.fullmatch(value)}


def test_each_code_has_one_row() -> None:
    assert len(ROWS) == len(CODES)
    assert [row.code for row in ROWS] == sorted(CODES)
    rows = [code for code, _, how in _code_literals(TABLE_FILE) if how == "row"]
    assert sorted(rows) == sorted(CODES)


def test_each_code_is_defined_once_and_named_by_its_layer_only() -> None:
    problems = []
    for code, places in sorted(_scan().items()):
        info = CODES.get(code)
        for module, line, how in places:
            if how == "row" and module == table.__name__ and info is not None:
                continue
            if how == "name" and info is not None and module == NAMED_IN[info.raised_by]:
                continue
            if module == table.__name__ and code in table.RETIRED:
                continue
            problems.append(f"{module}:{line}: {code} ({how})")
        names = [module for module, _, how in places if how == "name"]
        assert len(names) <= 1, f"{code} is named in {names}"
    assert problems == [], "a code stands outside the table and its layer's names:\n" + "\n".join(problems)


def test_no_layer_writes_out_titles_or_severities_of_its_own() -> None:
    names = _code_names()
    found = [problem for source in SOURCES for path in sorted(source.rglob("*.py")) if path != TABLE_FILE
             for problem in _second_tables(path, names)]
    assert found == []


def test_the_scan_finds_a_second_definition(tmp_path: Path) -> None:
    """The scans are not vacuous: a stray code, a copied title and a copied table are all seen
    (the reader's titles and the formats' severities were such copies)."""
    stray = tmp_path / "stray.py"
    stray.write_text('"""BEL303 in a docstring is fine."""\nTITLES = {"BEL303": "x"}\nWHERE = "BEL303"\n'
                     'def f():\n    return "BEL303"\n'
                     'SEVERITIES = {UNREADABLE: "error", UNKNOWN_KIND: "warning"}\n'
                     'TITLE = "a bid out of turn"\nTITLES = ("a bid out of turn",)\n', encoding="utf-8")
    assert [(line, how) for _, line, how in _code_literals(stray)] == [(2, "use"), (3, "name"), (5, "use")]
    assert _second_tables(stray, _code_names()) == [
        "stray.py:2: a table of 1 codes", "stray.py:6: a table of 2 codes",
        "stray.py:7: the title 'a bid out of turn'", "stray.py:8: the title 'a bid out of turn'"]
    assert [(module, how) for module, _, how in _scan()["BEL303"]] == [
        (table.__name__, "row"), (engine.__name__, "name")]


@pytest.mark.parametrize(("layer", "module"), [
    ("reader", notation), ("engine", engine), ("checks", checks), ("formats", formats),
])
def test_each_layer_names_exactly_the_codes_it_raises(layer: RaisedBy, module: ModuleType) -> None:
    assert NAMED_IN[layer] == module.__name__
    assert set(_constants(module).values()) == set(raised_by(layer))


def test_each_layer_s_view_is_the_table() -> None:
    rows = CODES.values()
    assert notation.SYNTAX_CODES == {row.code: row.title for row in rows if row.raised_by == "reader"}
    assert formats.ISSUE_CODES == {row.code: row.severity for row in rows if row.raised_by == "formats"}
    assert all(formats.issue(code, "m").severity == CODES[code].severity for code in formats.ISSUE_CODES)
    for name in ("AREAS", "CODES", "RETIRED", "STATUSES", "CodeInfo", "severity_of", "area_of"):
        assert getattr(checks, name) is getattr(table, name), name  # re-exported, not copied
    assert code_registry() is CODES
    assert all(code_info(code) is row for code, row in CODES.items())


def test_the_rule_command_shows_the_table() -> None:
    from belote_replay.rule import rule_text

    for code, row in CODES.items():
        text = rule_text(code)
        assert text.startswith(f"{code} ({row.severity}, {AREAS[row.area]}): {row.title}\n"), code
        assert f"Status: {row.status}, since {row.since}." in text, code


def test_the_docs_give_each_code_its_table_severity() -> None:
    text = (ROOT / "docs" / "findings.md").read_text(encoding="utf-8")
    sections = dict(re.findall(r"^### (BEL\d{3})\n\*\*(\w+)", text, flags=re.MULTILINE))
    assert set(sections) == set(CODES)
    assert sections == {code: row.severity for code, row in CODES.items()}
