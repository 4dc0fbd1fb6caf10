"""The command line's own words are messages too (issue 37): in the modules of ``cli/belote_replay``
moved to the catalogues, no text a command prints (``click.echo``, a stream's ``write``, a
usage error, a refusal) is English written in the code; it is ``say(msg(...))``. Read with
Python's parser, as tests/check/test_messages.py reads the library."""

from __future__ import annotations

import ast
import re
from pathlib import Path

CLI = Path(__file__).resolve().parents[2] / "cli" / "belote_replay"
MOVED = ("annotate.py", "click_words.py", "convert.py", "dedupe.py", "fmt.py", "follow.py", "formats.py",
         "generate.py", "lang.py", "live.py", "main.py", "render.py", "rule.py", "schema.py", "serve.py",
         "show.py", "solve.py", "stats.py", "suggest.py", "validate.py")
"""The modules whose printed words are all in the catalogues (docs/languages.md)."""
PRINTS = {"echo", "write", "_fail", "UsageError", "BadParameter", "Refused", "fail"}
"""The calls whose first argument is printed."""
WORD = re.compile(r"[A-Za-z]{2,}")
PREFIX = re.compile(r"^belote-replay(?: [a-z]+)?: ")
"""The program's name (and its command's) before a line of its own (not words to translate)."""


def _english(node: ast.expr) -> bool:
    """``node`` is text holding English words written in the code: a literal, the literal parts
    of an f-string, either side of ``+`` or ``%``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(WORD.search(PREFIX.sub("", node.value)))
    if isinstance(node, ast.JoinedStr):
        return any(_english(part) for part in node.values if isinstance(part, ast.Constant))
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        return _english(node.left) or _english(node.right)
    if isinstance(node, ast.IfExp):
        return _english(node.body) or _english(node.orelse)
    return False


def printed_english(source: str) -> list[str]:
    """The calls of ``source`` that print English written in the code."""
    found = []
    for call in ast.walk(ast.parse(source)):
        if not isinstance(call, ast.Call) or not call.args:
            continue
        name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
        if name in PRINTS and _english(call.args[0]):
            found.append(ast.unparse(call))
    return found


def test_the_commands_moved_print_no_english_written_in_the_code() -> None:
    found = {name: printed_english((CLI / name).read_text(encoding="utf-8")) for name in MOVED}
    assert not {name: calls for name, calls in found.items() if calls}


def test_the_walk_finds_what_it_looks_for() -> None:
    for code in ['click.echo(f"wrote {count} game(s) to {output}", err=True)',
                 'ConsoleStream("stderr").write("belote-replay: interrupted\\n")',
                 'raise click.UsageError("give one CODE, or --all")',
                 '_fail(f"{file}: " + (f"game {n} has no deal {d}" if d else "no deal"))',
                 'raise click.BadParameter("the thresholds must grow", param_hint="--x")']:
        assert printed_english(code), code
    for code in ['click.echo(f"{file}: {say(refused)}", err=True)',
                 'ConsoleStream("stderr").write("belote-replay: " + say(msg("interrupted")) + "\\n")',
                 'raise Refused(say(msg("give one CODE, or --all")))',
                 'click.echo(f"{file}:{line}:{col}: {why}")']:
        assert not printed_english(code), code
