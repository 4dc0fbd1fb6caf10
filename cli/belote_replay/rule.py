"""``belote-replay rule CODE`` / ``rule --all``: the documentation of a finding code.

The documentation is English in every language (as ``--help``: one text, docs/findings.md);
the command's own words (a code it does not know, a usage error) follow ``--lang``.

The text is the code's section of ``docs/findings.md``, shipped in the package as
``cli/belote_replay/findings.md`` (a link to the docs file in the repository, so both are one
text; a wheel holds a copy of it), so it works from any installation.
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from importlib import resources
from pathlib import Path

import click

from belote_notation.check.suggest import meant
from belote_notation.game.code_table import AREAS, CODES
from belote_notation.game.lang import msg
from belote_notation.game.lang.render import say
from belote_replay.lang import lang_option
from belote_replay.output import ConsoleStream

__all__ = ["command", "rule_sections", "rule_text"]

_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")


@lru_cache(maxsize=1)
def rule_sections() -> dict[str, str]:
    """Code -> the markdown of its ``### BELnnn`` section (heading left out)."""
    shipped = resources.files("belote_replay").joinpath("findings.md")
    text = shipped.read_text(encoding="utf-8")
    if text.strip().endswith(".md") and "\n" not in text.strip():
        # a checkout without symbolic links (git on Windows) holds the link's target path
        text = (Path(str(shipped)).parent / text.strip()).read_text(encoding="utf-8")
    sections: dict[str, str] = {}
    for block in re.split(r"^(?=#{2,3} )", text, flags=re.MULTILINE):
        match = re.match(r"### (BEL\d{3})\s*\n", block)
        if match:
            sections[match.group(1)] = block[match.end():].strip()
    return sections


def rule_text(code: str) -> str:
    """The documentation of ``code`` as plain text: a heading line, its status and the version
    that introduced it, then its section."""
    info = CODES[code]
    head = f"{code} ({info.severity}, {AREAS.get(info.area, info.area)}): {info.title}"
    body = _plain(rule_sections().get(code, "(no documentation yet)"))
    return f"{head}\n{'=' * len(head)}\n\nStatus: {info.status}, since {info.since}.\n\n{body}\n"


def _plain(markdown: str) -> str:
    """Markdown made for a terminal: links as their text, no bold marks, code blocks indented."""
    lines, code = [], False
    for line in markdown.splitlines():
        if line.startswith("```"):
            code = not code
            continue
        lines.append(f"    {line}" if code else _LINK.sub(r"\1", line).replace("**", ""))
    return "\n".join(lines)


def _code(text: str) -> str:
    code = text.strip().upper()
    return f"BEL{code}" if code.isdigit() else code


@click.command("rule")
@click.argument("code", required=False, metavar="CODE")
@click.option("--all", "every", is_flag=True, help="Every code, in order.")
@lang_option
def command(code: str | None, every: bool) -> None:
    """Explain a finding code such as BEL303: what it means, an example."""
    if every == bool(code):
        raise click.UsageError(say(msg("give one CODE, or --all")))
    out = ConsoleStream("stdout")
    if every:
        out.write("\n".join(rule_text(c) for c in sorted(CODES)))
        return
    wanted = _code(code or "")
    if wanted not in CODES:
        not_a_code = msg("unknown finding code %(code)s", code=repr(code))
        unknown = msg("Error: %(error)s; `belote-replay rule --all` lists every code.",
                      error=meant(not_a_code, wanted, CODES))
        click.echo(say(unknown), err=True)
        sys.exit(2)
    out.write(rule_text(wanted))
