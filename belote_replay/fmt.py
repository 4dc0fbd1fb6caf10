"""``belote-replay fmt FILE... [--check]``: rewrite .bel files in the canonical form.

A file with a syntax error is never rewritten (nothing the user wrote may be lost): its
issues are listed as ``path:line:col: CODE message`` and the exit code is 2. With
``--check`` nothing is written: files that are not canonical are listed and the exit
code is 1. The new text is written to a temporary file next to the original and moved over
it only when the whole file was read cleanly.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import click

from belote_notation.notation.reader import iter_games
from belote_notation.notation.writer import NotationWriteError, write_game

__all__ = ["command", "format_file"]


def _expand(paths: tuple[str, ...]) -> Iterator[Path]:
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.bel") if p.is_file())
        else:
            yield path


def format_file(path: Path, check: bool) -> tuple[str, list[str]]:
    """Format one file: returns (status, messages); status is one of
    ``unchanged``, ``reformatted``, ``would-reformat``, ``error``."""
    messages: list[str] = []
    directory = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        return "error", [f"{path}: cannot write next to the file: {exc.strerror or exc}"]
    tmp = Path(tmp_name)
    ok = True
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            count = 0
            for parsed in iter_games(path, str(path)):
                for issue in parsed.errors:
                    messages.append(str(issue))
                    ok = False
                if not ok:
                    continue
                try:
                    text = write_game(parsed.game)
                except NotationWriteError as exc:
                    messages.append(f"{path}: game {parsed.index + 1}: {exc}")
                    ok = False
                    continue
                if count:
                    out.write("\n")
                out.write(text)
                count += 1
        if not ok:
            return "error", messages
        same = _same_bytes(path, tmp)
        if same:
            return "unchanged", messages
        if check:
            return "would-reformat", [f"would reformat {path}"]
        shutil.copymode(path, tmp)
        os.replace(tmp, path)
        return "reformatted", [f"reformatted {path}"]
    except OSError as exc:
        return "error", messages + [f"{path}: cannot read: {exc.strerror or exc}"]
    finally:
        if tmp.exists():
            tmp.unlink()


def _same_bytes(a: Path, b: Path) -> bool:
    with open(a, "rb") as fa, open(b, "rb") as fb:
        while True:
            ca, cb = fa.read(1 << 16), fb.read(1 << 16)
            if ca != cb:
                return False
            if not ca:
                return True


@click.command("fmt")
@click.argument("files", nargs=-1, required=True)
@click.option("--check", is_flag=True, help="Do not write; list the files that are not canonical (exit 1).")
def command(files: tuple[str, ...], check: bool) -> None:
    """Rewrite .bel FILES (or the .bel files under directories) in the canonical form.

    Files with syntax errors are left untouched and reported (exit 2).
    """
    counts = {"unchanged": 0, "reformatted": 0, "would-reformat": 0, "error": 0}
    paths = list(_expand(files))
    for path in paths:
        if not path.is_file():
            click.echo(f"{path}: no such file", err=True)
            counts["error"] += 1
            continue
        status, messages = format_file(path, check)
        counts[status] += 1
        for message in messages:
            click.echo(message, err=status == "error")
    parts = []
    if counts["reformatted"]:
        parts.append(f"{counts['reformatted']} reformatted")
    if counts["would-reformat"]:
        parts.append(f"{counts['would-reformat']} would be reformatted")
    parts.append(f"{counts['unchanged']} unchanged")
    if counts["error"]:
        parts.append(f"{counts['error']} with errors (left untouched)")
    click.echo(", ".join(parts), err=True)
    if counts["error"]:
        raise SystemExit(2)
    if counts["would-reformat"]:
        raise SystemExit(1)
