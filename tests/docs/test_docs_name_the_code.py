"""The pages that map the code name code that exists (issue 32).

* ``docs/architecture.md`` names every package of ``belote_notation`` (each folder with an
  ``__init__.py``, sub-packages included) and the CLI's package, by its import name.
* ``docs/rules.md``'s "where each rule lives in the code" names files that exist and, after
  each file, functions, classes and tables defined in it (a ``def``, a ``class``, a
  module-level or class-level name, or in a C file a function).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "belote_notation"
ENGINE = PACKAGE / "game" / "engine"
TICKED = re.compile(r"`([^`]+)`")
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _packages() -> list[str]:
    found = [".".join(init.parent.relative_to(ROOT).parts) for init in sorted(PACKAGE.rglob("__init__.py"))
             if "migrations" not in init.parts]  # alembic's scripts, not a package of the library
    return [*found, "belote_replay"]


def test_every_package_is_in_the_architecture_page() -> None:
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    missing = [name for name in _packages() if f"`{name}`" not in page and f" {name} " not in page]
    assert not missing, f"docs/architecture.md does not name these packages: {missing}"


def _rule_table() -> list[str]:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    section = text.split("## Where each rule lives in the code", 1)[1].split("\n## ", 1)[0]
    return [line.split("|")[2] for line in section.splitlines() if line.startswith("| ") and "---" not in line
            and line.split("|")[2].strip() != "module / function"]


def _file(named: str) -> Path | None:
    """A path of the table: from the repository's root, else the game's folder (``engine/x.py``)."""
    for base in (ROOT, ENGINE.parent, PACKAGE):
        if (base / named).is_file():
            return base / named
    return None


def _defines(source: str, name: str, c_file: bool) -> bool:
    if c_file:
        return re.search(rf"\b{name}\s*\(", source) is not None
    definition = rf"^\s*(?:(?:async\s+)?def|class)\s+{name}\b|^\s*(?:self\.)?{name}\s*[:=]"
    return re.search(definition, source, re.M) is not None


def test_the_rules_table_names_what_exists() -> None:
    rows = _rule_table()
    assert len(rows) >= 10
    missing = []
    for cell in rows:
        current: Path | None = None
        for ticked in TICKED.findall(cell):
            if ticked.endswith((".py", ".c")):
                current = _file(ticked)
                if current is None:
                    missing.append(f"the file {ticked}")
                continue
            name = NAME.match(ticked)
            assert name is not None, f"{ticked!r} in docs/rules.md is not a name"
            if current is None:
                continue  # its file is missing, reported once
            if not _defines(current.read_text(encoding="utf-8"), name.group(), current.suffix == ".c"):
                missing.append(f"{name.group()} in {current.relative_to(ROOT)}")
    assert not missing, f"docs/rules.md names what its files do not define: {missing}"
