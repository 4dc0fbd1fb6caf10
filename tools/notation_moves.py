"""Re-point code written against the notation's old flat layout (issue 32) to the new one.

``python tools/notation_moves.py FILE...`` rewrites, in place, each file's references to the
moves listed in ``tools/notation_moves.txt``: dotted module names (imports, strings, docs),
``from package import module``, file paths (``notation/quick.py``, ``belote_notation/...``),
and, for a name moved on its own (``module:Name``), the ``from module import ...`` statements
that import it (split in two when they import others too). Run ruff's import sorting after.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

MOVES = Path(__file__).with_name("notation_moves.txt")
_FROM = re.compile(r"^(?P<indent>[ \t]*)from (?P<module>[\w.]+) import (?P<names>\([^)]*\)|[^\n]*)$",
                   re.MULTILINE)


def _moves() -> tuple[list[tuple[str, str]], dict[tuple[str, str], str]]:
    modules: list[tuple[str, str]] = []
    names: dict[tuple[str, str], str] = {}
    for row in MOVES.read_text().splitlines():
        if row.strip() and not row.startswith("#"):
            old, new = row.split()
            if ":" in old:
                module, name = old.split(":")
                names[(module, name)] = new
            else:
                modules.append((old, new))
    return modules, names


def _module_patterns(old: str, new: str) -> list[tuple[re.Pattern[str], str]]:
    package, module = old.rsplit(".", 1)
    new_package, new_module = new.rsplit(".", 1)
    pairs = [(re.compile(re.escape(old) + r"(?!\w)"), new),
             (re.compile(r"from " + re.escape(package) + r" import " + re.escape(module) + r"\b"),
              f"from {new_package} import {new_module}")]
    old_path, new_path = old.replace(".", "/"), new.replace(".", "/")
    short_old, short_new = old_path.split("/", 1)[1], new_path.split("/", 1)[1]
    for ext in (".py", ".c", ".pyi"):
        pairs.append((re.compile(r"(?<![\w/])" + re.escape(old_path + ext)), new_path + ext))
        pairs.append((re.compile(r"(?<![\w/.])" + re.escape(short_old + ext)), short_new + ext))
    return pairs


def _split_names(text: str, names: dict[tuple[str, str], str]) -> str:
    def one(found: re.Match[str]) -> str:
        module, indent = found["module"], found["indent"]
        listed = [n.strip() for n in found["names"].strip("()").replace("\n", " ").split(",") if n.strip()]
        if not any((module, n.split(" as ")[0]) in names for n in listed):
            return found.group(0)
        groups: dict[str, list[str]] = {}
        for n in listed:
            groups.setdefault(names.get((module, n.split(" as ")[0]), module), []).append(n)
        return "\n".join(f"{indent}from {m} import {', '.join(ns)}" for m, ns in groups.items())
    return _FROM.sub(one, text)


def rewrite(text: str) -> str:
    """``text`` with every listed move applied."""
    modules, names = _moves()
    for old, new in modules:
        for pattern, replacement in _module_patterns(old, new):
            text = pattern.sub(replacement, text)
    return _split_names(text, names)


def main(paths: list[str]) -> int:
    for path in map(Path, paths):
        try:
            text = path.read_text()
        except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
            continue
        new = rewrite(text)
        if new != text:
            path.write_text(new)
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
