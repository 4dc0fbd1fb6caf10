"""The layers of the library, enforced: a total order of layers, each importing only below it.

From the bottom (docs/architecture.md draws the same picture):

    game            the namespace ``belote_notation.game`` (a docstring)
    game.cards      cards, hands, seats, decks
    game.lang       messages as data (a catalogue id, typed parameters) and their rendering from
                    the gettext catalogues (English, French, Arabic): the engine says what, not how
    game.tricks     who wins a trick: the one owner of the rule, low enough for the engine and the
                    readers of other formats (which may not use the engine or the rules) alike
    game.rule_presets
                    the presets' option values with their sources: data the rule systems are made of
    game.rules      the rule systems (``Ruleset``)
    game.engine     the game played: legality, scoring, the match; knows nothing of text
    game.random_deals
                    random legal deals and matches played through the engine (the generator's source)
    grammar         ``grammar/belote.lark``, installed as ``belote_notation.grammar``: data the
                    notation reads (the game knows nothing of text)
    notation        the shared model: records, the visitor's events, the vocabulary, issues,
                    limits, fingerprints; knows nothing of legality (it may use ``game.cards`` only)
    notation.read | notation.write
                    peers: the readers (text and the JSON twin -> events, records) and the
                    writers (records -> canonical text, the JSON twin); neither imports the other
    check           records or reader events x engine -> findings: the one layer using both
    generator | formats
                    peers (neither imports the other): random legal games -> records (without
                    the checks); other formats <-> records (``check`` only for the deal table:
                    the engine's scoring, never a second copy; no engine, no rules of its own)
    render | analysis
                    peers: the checks' replay drawn (a page, a diagram, text; no rule decided,
                    so no ``game.engine``, and no converter), and the solver and review; neither
                    uses ``generator``
    pipeline        any input opened, checked and reported: what every command goes through
    collections     select, dedupe, stats and export over collections of games (built on the pipeline)
    cluster | service
                    peers: the Dask backend running the pipeline's and the collections' work over
                    byte ranges; the HTTP service with its store of games and its jobs
    belote_notation the package's front door (``belote_notation/__init__.py``: names on first use)
    belote_replay   the command line (``cli/belote_replay/``): only wires; the library never imports it

A module may import its own package and every layer below its own, never a layer above it nor
a peer of its layer; :data:`NARROWER` names the layers that use less than all below them. The
package ``belote_notation`` itself and its own dunder names (``__version__``) may be imported
from anywhere (every module lives in it); a name it hands out on first use may not, from inside
the library (import it from its own module).

Every module under ``belote_notation/`` and ``cli/belote_replay/`` is read with :mod:`ast` (not
imported): ``import`` and ``from ... import`` anywhere in it (inside functions and
``if TYPE_CHECKING:`` blocks too), relative imports resolved, and
``importlib.import_module("...")`` / ``__import__("...")`` with a literal name.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCANNED = (("belote_notation", ""), ("belote_replay", "cli"))
"""(package, the folder holding it): the layout of pyproject.toml's package-dir."""

LIBRARY = "belote_notation"
GAME = "belote_notation.game"
GRAMMAR = "belote_notation.grammar"
CARDS = "belote_notation.game.cards"
TRICKS = "belote_notation.game.tricks"
RULE_PRESETS = "belote_notation.game.rule_presets"
RULESET = "belote_notation.game.rules"
ENGINE = "belote_notation.game.engine"
LANG = "belote_notation.game.lang"
NOTATION = "belote_notation.notation"
NOTATION_READ = "belote_notation.notation.read"
NOTATION_WRITE = "belote_notation.notation.write"
CHECK = "belote_notation.check"
GENERATOR = "belote_notation.generator"
FORMATS = "belote_notation.formats"
RENDER = "belote_notation.render"
ANALYSIS = "belote_notation.analysis"
PIPELINE = "belote_notation.pipeline"
COLLECTIONS = "belote_notation.collections"
CLUSTER = "belote_notation.cluster"
SERVICE = "belote_notation.service"
RANDOM_DEALS = "belote_notation.game.random_deals"
CLI = "belote_replay"

LAYERS: tuple[tuple[str, ...], ...] = (
    (GAME,),
    (CARDS,),
    (LANG,),  # messages as data and their catalogues: what the engine's violations carry
    (TRICKS,),  # the trick's winner: the engine's rule that formats (cfn) may ask too
    (RULE_PRESETS,),  # the presets' values (data game.rules makes its PRESETS of)
    (RULESET,),
    (ENGINE,),
    (RANDOM_DEALS,),
    (GRAMMAR,),
    (NOTATION,),
    (NOTATION_READ, NOTATION_WRITE),
    (CHECK,),
    (GENERATOR, FORMATS),
    (RENDER, ANALYSIS),
    (PIPELINE,),
    (COLLECTIONS,),
    (CLUSTER, SERVICE),
    (LIBRARY,),
    (CLI,),
)
"""The layers from the bottom; the packages of one layer are peers. A name belongs to the
package of :data:`LAYERS` that is its longest prefix (``belote_notation.x`` not ranked
elsewhere falls to the front door, which nothing of the library may import)."""

NARROWER: tuple[tuple[str, tuple[str, ...], str], ...] = (
    (NOTATION, (RULE_PRESETS, RULESET, ENGINE),
     "the notation knows nothing of legality (it may use game.cards)"),
    (GENERATOR, (CHECK,), "the generator bridges game -> notation, without the checks"),
    (FORMATS, (ENGINE, RULESET, RULE_PRESETS),
     "a format maps text to records; what the rules decide comes from the checks, never a copy"),
    (RENDER, (ENGINE,), "render draws the checks' replay (check/replay.py); it decides no rule"),
    (RENDER, (GENERATOR,), "render draws the checks' replay; it makes no game"),
    (RENDER, (FORMATS,), "render draws the checks' replay; inputs are opened by the pipeline, not here"),
    (ANALYSIS, (GENERATOR,), "the analysis reads records through the checks' replay, not the generator"),
)
"""(importer, what it must not import although it lies below, why): a name matches a prefix at a
dot boundary."""


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


class Layer(NamedTuple):
    """The ranked package a module belongs to and the rank of its layer (0: the bottom)."""

    rank: int
    package: str


def within(name: str, prefix: str) -> bool:
    """``name`` is ``prefix`` or lies inside it (``a.b`` is within ``a``, ``ab`` is not)."""
    return name == prefix or name.startswith(prefix + ".")


_RANKED = sorted(((package, rank) for rank, layer in enumerate(LAYERS) for package in layer),
                 key=lambda entry: -len(entry[0]))
"""Every ranked package, the longest first (``belote_notation.game.cards`` before ``belote_notation``)."""


def layer_of(name: str) -> Layer | None:
    """The layer of a module of the project, ``None`` for any other (the standard library, ...)."""
    for package, rank in _RANKED:
        if within(name, package):
            return Layer(rank, package)
    return None


def _short(package: str) -> str:
    return package.removeprefix(LIBRARY + ".")


def _the_namespace(name: str) -> bool:
    """``belote_notation`` itself or one of its own dunder names (``belote_notation.__version__``)."""
    rest = name.removeprefix(LIBRARY)
    return rest == "" or rest.startswith(".__") and rest.endswith("__") and rest.count(".") == 1


def rank_problem(importer: str, imported: str) -> str | None:
    """Why ``importer`` must not import ``imported`` by the order of :data:`LAYERS`, if so."""
    mine, theirs = layer_of(importer), layer_of(imported)
    if mine is None or theirs is None or mine.package == theirs.package or theirs.rank < mine.rank:
        return None
    if _the_namespace(imported):
        return None
    if theirs.package == CLI:
        return "the library never imports the command line"
    if theirs.rank == mine.rank:
        return f"{_short(mine.package)} and {_short(theirs.package)} are peers: neither imports the other"
    return f"{_short(mine.package)} lies below {_short(theirs.package)}"


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
    """The imports that break the order of :data:`LAYERS` or a rule of :data:`NARROWER`, once per
    (importer, imported, line)."""
    out: dict[tuple[str, str, int], Violation] = {}
    for imp in imports:
        key = (imp.module, imp.name, imp.line)
        why = rank_problem(imp.module, imp.name)
        if why is not None:
            out.setdefault(key, Violation(imp.module, imp.name, imp.line, why))
        for importer, forbidden, reason in NARROWER:
            if within(imp.module, importer) and any(within(imp.name, f) for f in forbidden):
                out.setdefault(key, Violation(imp.module, imp.name, imp.line, reason))
    return sorted(out.values())


def _sources(root: Path = ROOT) -> list[tuple[Path, str]]:
    """Every module of the scanned packages: its file and its import name."""
    return [(path, module_name(path, root / folder))
            for package, folder in SCANNED for path in sorted((root / folder / package).rglob("*.py"))]


def scan(root: Path = ROOT) -> list[Import]:
    """The imports of every module of the scanned packages."""
    found: list[Import] = []
    for path, module in _sources(root):
        found.extend(imports_in(path.read_text(encoding="utf-8"), module, path.name == "__init__.py"))
    return found


# ----------------------------------------------------------------------------- the layers hold
def test_every_package_is_scanned() -> None:
    modules = {imp.module for imp in scan()}
    for expected in (ENGINE + ".play", NOTATION + ".read.reader", CHECK + ".validator", GENERATOR,
                     RENDER + ".view", ANALYSIS + ".review", FORMATS + ".events", "belote_replay.main"):
        assert expected in modules


def test_every_module_has_its_layer() -> None:
    """A new package of the library is ranked in LAYERS, not left to fall to the front door."""
    unranked = [module for _, module in _sources() if module != LIBRARY and layer_of(module) in (
        None, Layer(len(LAYERS) - 2, LIBRARY))]
    assert unranked == [], f"add these to LAYERS (and docs/architecture.md): {unranked}"


def test_the_layers_hold() -> None:
    found = [str(v) for v in violations_of(scan())]
    assert found == [], "layering violations:\n" + "\n".join(found)


def _package_folders() -> list[Path]:
    """Every folder of the source tree holding Python files (the wheel's packages)."""
    found = set()
    for top in ("belote_notation", "cli", "grammar"):
        for path in (ROOT / top).rglob("*.py"):
            if "__pycache__" not in path.parts:
                found.add(path.parent)
    return sorted(found)


def test_every_package_is_installed() -> None:
    """pyproject.toml lists every package of the tree (with package-dir mapping grammar/ and cli/),
    and nothing else: a package left out is missing from the wheel, not from the tests."""
    tomllib = pytest.importorskip("tomllib", reason="tomllib is in the standard library from Python 3.11")
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    folders = {ROOT / folder: package for package, folder in setuptools.get("package-dir", {}).items()}

    def package_of(folder: Path) -> str:
        for mapped in [folder, *folder.parents]:
            if mapped in folders:
                rest = folder.relative_to(mapped).parts
                return ".".join([folders[mapped], *rest])
        return ".".join(folder.relative_to(ROOT).parts)

    in_tree = {package_of(folder) for folder in _package_folders()}
    assert GRAMMAR in in_tree and CLI in in_tree
    assert sorted(in_tree - set(setuptools["packages"])) == [], "not installed (pyproject.toml packages)"
    assert sorted(set(setuptools["packages"]) - in_tree) == [], "listed but not in the tree"


# ----------------------------------------------------------------------------- the checker itself
def _check(module: str, source: str, is_package: bool = False) -> list[tuple[str, int]]:
    return [(v.imported, v.line) for v in violations_of(imports_in(source, module, is_package))]


def test_an_import_inside_a_function_is_caught() -> None:
    source = "import re\n\n\ndef legal():\n    from belote_notation.game.engine import play_card\n"
    assert _check(NOTATION + ".reader", source) == [(ENGINE, 5), (ENGINE + ".play_card", 5)]


def test_relative_imports_are_resolved() -> None:
    assert _check(NOTATION + ".reader", "from ..game import rules\n") == [(RULESET, 1)]
    assert _check(NOTATION + ".reader", "from ..game.cards import Deck\n") == []
    assert _check(GAME, "from ..check import findings\n", is_package=True) == [
        (CHECK, 1), (CHECK + ".findings", 1)]
    assert _check(ENGINE + ".play", "from ...notation import records\n") == [
        (NOTATION, 1), (NOTATION + ".records", 1)]
    assert _check(RENDER + ".text", "from ..game.engine import contract\n") == [
        (ENGINE, 1), (ENGINE + ".contract", 1)]
    assert _check(RENDER, "from . import view\n", is_package=True) == []


def test_imports_by_name_and_every_rule() -> None:
    assert _check(CARDS, "import belote_notation.notation.records as r\n") == [(NOTATION + ".records", 1)]
    by_name = "import importlib\nimportlib.import_module('belote_replay.main')\n"
    assert _check(CHECK + ".findings", by_name) == [("belote_replay.main", 2)]
    assert _check(GENERATOR, "from belote_notation.check import validator\n") == [
        (CHECK, 1), (CHECK + ".validator", 1)]
    assert _check(CHECK + ".validator", "from belote_notation.game import engine\n"
                  "from belote_notation.notation import records\n") == []
    assert _check("belote_replay.main", "from belote_notation.check import validator\n") == []
    assert _check(FORMATS + ".cfn", "from belote_notation.game.engine import play_card\n") == [
        (ENGINE, 1), (ENGINE + ".play_card", 1)]
    assert _check(FORMATS + ".table", "from belote_notation.check.validator import validate_game\n") == []
    assert _check(CHECK + ".validator", "from belote_notation.formats import get_format\n") == [
        (FORMATS, 1), (FORMATS + ".get_format", 1)]
    assert _check(CHECK + ".replay", "from belote_notation.render import view\n") == [
        (RENDER, 1), (RENDER + ".view", 1)]
    assert _check(RENDER + ".view", "from belote_notation.check.replay import replay_game\n") == []


def test_the_game_inside() -> None:
    """cards -> rules -> engine: each part of the game uses only the parts before it."""
    assert _check(CARDS, "from belote_notation.game.rules import Ruleset\n") == [
        (RULESET, 1), (RULESET + ".Ruleset", 1)]
    assert _check(RULESET, "from belote_notation.game.engine import play_card\n") == [
        (ENGINE, 1), (ENGINE + ".play_card", 1)]
    assert _check(ENGINE + ".play", "from belote_notation.game.cards import Deck\n"
                  "from belote_notation.game.rules import Ruleset\n") == []
    assert _check(ENGINE + ".play", "from belote_notation import grammar\n") == [(GRAMMAR, 1)]
    assert _check(NOTATION + ".vocabulary", "import belote_notation.grammar\n") == []


def test_peers_import_each_other_neither_way() -> None:
    assert _check(FORMATS + ".cfn", "from belote_notation.generator import generate_games\n") == [
        (GENERATOR, 1), (GENERATOR + ".generate_games", 1)]
    assert _check(GENERATOR, "from belote_notation.formats import get_format\n") == [
        (FORMATS, 1), (FORMATS + ".get_format", 1)]
    assert _check(ANALYSIS + ".review", "from belote_notation.render.labels import nag_symbol\n") == [
        (RENDER + ".labels", 1), (RENDER + ".labels.nag_symbol", 1)]
    assert _check(RENDER + ".view", "from belote_notation.analysis import solver\n") == [
        (ANALYSIS, 1), (ANALYSIS + ".solver", 1)]


def test_the_render_layer() -> None:
    """render draws the checks' replay: no engine (it decides no rule), no converter, no solver."""
    assert _check(RENDER + ".view", "from belote_notation.game.engine import contract\n") == [
        (ENGINE, 1), (ENGINE + ".contract", 1)]
    assert _check(RENDER + ".text", "import belote_notation.game.engine.view\n") == [(ENGINE + ".view", 1)]
    assert _check(RENDER + ".page", "from belote_notation.formats import get_format\n") == [
        (FORMATS, 1), (FORMATS + ".get_format", 1)]
    assert _check(RENDER + ".svg", "from belote_notation.game.cards import card_name\n"
                  "from belote_notation.check.replay import DealReplay\n"
                  "from belote_notation.notation.records import Play\n") == []


def test_the_formats_layer() -> None:
    """formats lies below render and analysis, beside the generator."""
    assert _check(FORMATS + ".events", "from belote_notation.render import game_view\n") == [
        (RENDER, 1), (RENDER + ".game_view", 1)]
    assert _check(FORMATS + ".table", "from belote_notation.analysis.solver import DoubleDummy\n") == [
        (ANALYSIS + ".solver", 1), (ANALYSIS + ".solver.DoubleDummy", 1)]
    assert _check(FORMATS + ".cfn", "from belote_notation.pipeline import open_input\n") == [
        (PIPELINE, 1), (PIPELINE + ".open_input", 1)]


def test_the_analysis_layer() -> None:
    assert _check(ANALYSIS + ".review", "from belote_notation.check.replay import replay_game\n"
                  "from belote_notation.notation.records import Play\n") == []
    assert _check(ANALYSIS + ".review", "from belote_notation.generator import random_deal\n") == [
        (GENERATOR, 1), (GENERATOR + ".random_deal", 1)]
    assert _check(CHECK + ".replay", "from belote_notation.analysis import solver\n") == [
        (ANALYSIS, 1), (ANALYSIS + ".solver", 1)]
    assert _check(ANALYSIS + ".review", "from belote_notation.render import view\n") == [
        (RENDER, 1), (RENDER + ".view", 1)]


def test_the_pipeline_and_the_command_line() -> None:
    """The pipeline sits on every layer of the library; the command line on the pipeline."""
    assert _check(PIPELINE + ".inputs", "from belote_notation.formats import guess_format\n"
                  "from belote_notation.render.text import render_game\n"
                  "from belote_notation.analysis import review\n") == []
    assert _check(RENDER + ".page", "from belote_notation.pipeline import inputs\n") == [
        (PIPELINE, 1), (PIPELINE + ".inputs", 1)]
    assert _check(PIPELINE + ".inputs", "from belote_replay import runner\n") == [
        (CLI, 1), (CLI + ".runner", 1)]
    assert _check(LIBRARY, "from belote_replay.main import cli\n", is_package=True) == [
        (CLI + ".main", 1), (CLI + ".main.cli", 1)]
    assert _check("belote_replay.show", "from belote_notation.pipeline import inputs\n"
                  "from belote_notation import __version__\n") == []


def test_the_front_door() -> None:
    """Its own names may be imported from anywhere, what it hands out only from its own module."""
    assert _check(PIPELINE + ".output.ci", "from belote_notation import __version__\n") == []
    assert _check(CARDS, "import belote_notation\n") == []
    assert _check(CHECK + ".replay", "from belote_notation import validate, __version__\n") == [
        (LIBRARY + ".validate", 1)]
    assert _check(RENDER + ".text", "from belote_notation import Game\n") == [(LIBRARY + ".Game", 1)]
    assert _check(LIBRARY, "from belote_notation.pipeline import validate\n", is_package=True) == []


def test_a_layer_is_the_longest_prefix() -> None:
    assert layer_of(LANG + ".render") == Layer(2, LANG)
    assert layer_of(TRICKS) == Layer(3, TRICKS)
    assert layer_of(RULESET) == Layer(5, RULESET)
    assert layer_of(ENGINE + ".play") == Layer(6, ENGINE)
    assert layer_of(RANDOM_DEALS) == Layer(7, RANDOM_DEALS)
    assert layer_of(GRAMMAR) == Layer(8, GRAMMAR)
    assert layer_of(GAME + ".cardsx") == Layer(0, GAME)
    assert layer_of("belote_notation.newthing") == Layer(len(LAYERS) - 2, LIBRARY)
    assert layer_of("json") is None


def test_a_prefix_matches_at_a_dot_boundary_only() -> None:
    assert within("belote_notation.checks", CHECK) is False
    assert within(CHECK + ".codes", CHECK) is True
