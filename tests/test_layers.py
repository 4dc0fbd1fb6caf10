"""The layers of the library, enforced: each package imports only what lies below it.

    game        cards, rules, engine: the game; knows nothing of text
    notation    text <-> records; knows nothing of legality (it may use ``game.cards``)
    check       records or reader events x engine -> findings: the one layer using both
    render      the checks' replay -> HTML pages and SVG diagrams (nothing below imports it)
    analysis    the double-dummy solver and the review: game + notation records, through check's replay
    generator   the one bridge game -> records (game and notation, not check)
    formats     other formats <-> records: notation and game.cards; check only for the deal
                table (the engine's scoring, never a second copy); nothing below imports it
    belote_replay   the command line; the library never imports it

Every module under ``belote_notation/`` and ``cli/belote_replay/`` is read with :mod:`ast` (not
imported): ``import`` and ``from ... import`` anywhere in it (inside functions and
``if TYPE_CHECKING:`` blocks too), relative imports resolved, and
``importlib.import_module("...")`` / ``__import__("...")`` with a literal name.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
SCANNED = (("belote_notation", ""), ("belote_replay", "cli"))
"""(package, the folder holding it): the layout of pyproject.toml's package-dir."""

GAME = "belote_notation.game"
NOTATION = "belote_notation.notation"
CHECK = "belote_notation.check"
GENERATOR = "belote_notation.generator"
FORMATS = "belote_notation.formats"
RENDER = "belote_notation.render"
ANALYSIS = "belote_notation.analysis"

RULES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    (GAME, (NOTATION, CHECK, GENERATOR, RENDER, ANALYSIS, FORMATS),
     "the game knows nothing of text, records or checks"),
    (NOTATION, (f"{GAME}.engine", f"{GAME}.rules", CHECK, GENERATOR, RENDER, ANALYSIS, FORMATS),
     "the notation knows nothing of legality (it may use game.cards)"),
    (GENERATOR, (CHECK, RENDER, ANALYSIS, FORMATS),
     "the generator bridges game -> notation, without the checks"),
    (CHECK, (RENDER, ANALYSIS), "the checks know nothing of how a replay is drawn or solved"),
    (CHECK, (FORMATS,), "the checks read records and events, never a converter"),
    (RENDER, (GENERATOR,), "render draws the checks' replay; it makes no game"),
    (ANALYSIS, (GENERATOR,), "the analysis reads records through the checks' replay, not the generator"),
    (FORMATS, (f"{GAME}.engine", f"{GAME}.rules", GENERATOR),
     "a format maps text to records; what the rules decide comes from the checks, never a copy"),
    ("belote_notation", ("belote_replay",), "the library never imports the command line"),
)
"""(importer, what it must not import, why): a name matches a prefix at a dot boundary."""


class Import(NamedTuple):
    """A module named by an import statement of ``module``, at ``line``."""

    module: str
    name: str
    line: int


class Violation(NamedTuple):
    importer: str
    imported: str
    line: int
    why: str

    def __str__(self) -> str:
        return f"{self.importer}:{self.line} imports {self.imported}: {self.why}"


def within(name: str, prefix: str) -> bool:
    """``name`` is ``prefix`` or lies inside it (``a.b`` is within ``a``, ``ab`` is not)."""
    return name == prefix or name.startswith(prefix + ".")


def module_name(path: Path, root: Path = ROOT) -> str:
    """The import name of a source file: ``belote_notation/game/__init__.py`` -> ``belote_notation.game``."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The absolute module of ``from <node.module> import ...`` written in ``module``."""
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _literal_import(node: ast.Call) -> str | None:
    """The module named by ``importlib.import_module("x")`` or ``__import__("x")``."""
    func = node.func
    called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    if called in ("import_module", "__import__") and node.args:
        first = node.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return first.value
    return None


def imports_in(source: str, module: str, is_package: bool = False) -> list[Import]:
    """Every module ``source`` (the text of ``module``) imports, wherever the import stands.

    ``from a import b`` names both ``a`` and ``a.b`` (``b`` may be a module).
    """
    found: list[Import] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend(Import(module, alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(node, module, is_package)
            found.append(Import(module, base, node.lineno))
            found.extend(Import(module, f"{base}.{alias.name}", node.lineno)
                         for alias in node.names if alias.name != "*")
        elif isinstance(node, ast.Call):
            name = _literal_import(node)
            if name is not None:
                found.append(Import(module, name, node.lineno))
    return found


def violations_of(imports: list[Import]) -> list[Violation]:
    """The imports that break a rule of :data:`RULES`, once per (importer, imported, line)."""
    out: dict[tuple[str, str, int], Violation] = {}
    for imp in imports:
        for importer, forbidden, why in RULES:
            if within(imp.module, importer) and any(within(imp.name, f) for f in forbidden):
                key = (imp.module, imp.name, imp.line)
                out.setdefault(key, Violation(imp.module, imp.name, imp.line, why))
    return sorted(out.values())


def scan(root: Path = ROOT) -> list[Import]:
    """The imports of every module of the scanned packages."""
    found: list[Import] = []
    for package, folder in SCANNED:
        for path in sorted((root / folder / package).rglob("*.py")):
            found.extend(imports_in(path.read_text(encoding="utf-8"), module_name(path, root / folder),
                                    path.name == "__init__.py"))
    return found


# ----------------------------------------------------------------------------- the layers hold
def test_every_package_is_scanned() -> None:
    modules = {imp.module for imp in scan()}
    for expected in (GAME + ".engine.play", NOTATION + ".reader", CHECK + ".validator", GENERATOR,
                     RENDER + ".view", ANALYSIS + ".review", FORMATS + ".events", "belote_replay.main"):
        assert expected in modules


def test_the_layers_hold() -> None:
    found = [str(v) for v in violations_of(scan())]
    assert found == [], "layering violations:\n" + "\n".join(found)


# ----------------------------------------------------------------------------- the checker itself
def _check(module: str, source: str, is_package: bool = False) -> list[tuple[str, int]]:
    return [(v.imported, v.line) for v in violations_of(imports_in(source, module, is_package))]


def test_an_import_inside_a_function_is_caught() -> None:
    source = "import re\n\n\ndef legal():\n    from belote_notation.game.engine import play_card\n"
    assert _check(NOTATION + ".reader", source) == [
        (GAME + ".engine", 5), (GAME + ".engine.play_card", 5)]


def test_relative_imports_are_resolved() -> None:
    assert _check(NOTATION + ".reader", "from ..game import rules\n") == [(GAME + ".rules", 1)]
    assert _check(NOTATION + ".reader", "from ..game.cards import Deck\n") == []
    assert _check(GAME, "from ..check import findings\n", is_package=True) == [
        (CHECK, 1), (CHECK + ".findings", 1)]
    assert _check(GAME + ".engine.play", "from ...notation import records\n") == [
        (NOTATION, 1), (NOTATION + ".records", 1)]


def test_imports_by_name_and_every_rule() -> None:
    assert _check(GAME + ".cards", "import belote_notation.notation.records as r\n") == [
        (NOTATION + ".records", 1)]
    by_name = "import importlib\nimportlib.import_module('belote_replay.main')\n"
    assert _check(CHECK + ".findings", by_name) == [("belote_replay.main", 2)]
    assert _check(GENERATOR, "from belote_notation.check import validator\n") == [
        (CHECK, 1), (CHECK + ".validator", 1)]
    assert _check(CHECK + ".validator", "from belote_notation.game import engine\n"
                  "from belote_notation.notation import records\n") == []
    assert _check("belote_replay.main", "from belote_notation.check import validator\n") == []
    assert _check(FORMATS + ".cfn", "from belote_notation.game.engine import play_card\n") == [
        (GAME + ".engine", 1), (GAME + ".engine.play_card", 1)]
    assert _check(FORMATS + ".table", "from belote_notation.check.validator import validate_game\n") == []
    assert _check(CHECK + ".validator", "from belote_notation.formats import get_format\n") == [
        (FORMATS, 1), (FORMATS + ".get_format", 1)]
    assert _check(CHECK + ".replay", "from belote_notation.render import view\n") == [
        (RENDER, 1), (RENDER + ".view", 1)]
    assert _check(RENDER + ".view", "from belote_notation.check.replay import replay_game\n") == []


def test_the_analysis_layer() -> None:
    assert _check(ANALYSIS + ".review", "from belote_notation.check.replay import replay_game\n"
                  "from belote_notation.notation.records import Play\n") == []
    assert _check(ANALYSIS + ".review", "from belote_notation.generator import random_deal\n") == [
        (GENERATOR, 1), (GENERATOR + ".random_deal", 1)]
    assert _check(CHECK + ".replay", "from belote_notation.analysis import solver\n") == [
        (ANALYSIS, 1), (ANALYSIS + ".solver", 1)]


def test_a_prefix_matches_at_a_dot_boundary_only() -> None:
    assert within("belote_notation.checks", CHECK) is False
    assert within(CHECK + ".codes", CHECK) is True
