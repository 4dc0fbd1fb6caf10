"""The text output: ruff-like lines ``path:line:col: severity CODE message``, optionally in
colour and with the source line and a caret, then a summary line (or a count per code).

>>> import io
>>> from belote_notation.check.findings import Finding
>>> out = io.StringIO()
>>> writer = TextWriter(out, out)
>>> writer.game(RenderedGame(1, 0, 0, 1, [Finding("BEL303", "error", "N did not follow", "g.bel", 4, 9)]))
>>> print(out.getvalue(), end="")
g.bel:4:9: error BEL303 N did not follow
"""

from __future__ import annotations

import linecache
from dataclasses import dataclass

from belote_notation.check.findings import Finding
from belote_notation.formats.registry import get_format
from belote_notation.pipeline.output.base import InputInfo, RenderedGame, Stream, Summary, Writer

__all__ = ["TextStyle", "TextWriter", "not_bel_name"]

_COLOURS = {"error": "\x1b[1;31m", "warning": "\x1b[1;33m", "info": "\x1b[1;36m"}
_BOLD, _DIM, _RESET = "\x1b[1m", "\x1b[2m", "\x1b[0m"


@dataclass(frozen=True, slots=True)
class TextStyle:
    """How the text looks: colours by severity, the source line with a caret, infos and the
    summary left out (``quiet``), a count per code (``statistics``)."""

    color: bool = False
    source: bool = False
    quiet: bool = False
    statistics: bool = False

    def finding(self, f: Finding, excerpt: bool = True) -> str:
        """The line of a finding, and its source excerpt when ``excerpt`` and :attr:`source`."""
        if not self.color:
            line = f.format_text()
        else:
            colour = _COLOURS.get(f.severity, _BOLD)
            line = (f"{_BOLD}{f.file}:{f.line}:{f.col}:{_RESET} {colour}{f.severity}{_RESET} "
                    f"{_BOLD}{f.code}{_RESET} {f.text()}")
        return line + "\n" + (self._excerpt(f) if excerpt else "")

    def _excerpt(self, f: Finding) -> str:
        if not self.source or f.line <= 0:
            return ""
        text = linecache.getline(f.file, f.line).rstrip("\r\n").lstrip("\ufeff")
        if not text:
            return ""
        gutter = f"{f.line:>5} | "
        pad = "".join(c if c == "\t" else " " for c in text[:max(f.col - 1, 0)])
        caret = "^" if f.col > 0 else ""
        if self.color:
            caret = f"{_COLOURS.get(f.severity, _BOLD)}{caret}{_RESET}"
            return f"{_DIM}{gutter}{_RESET}{text}\n{_DIM}{' ' * (len(gutter) - 2)}| {_RESET}{pad}{caret}\n"
        return f"{gutter}{text}\n{' ' * (len(gutter) - 2)}| {pad}{caret}\n"


def not_bel_name(name: str) -> bool:
    """A file name with an extension that is not ``.bel`` (``README.md``): read as ``.bel`` only
    because nothing else claimed it.

    >>> not_bel_name("README.md"), not_bel_name("game.bel"), not_bel_name("-"), not_bel_name("notes")
    (True, False, False, False)
    """
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    return "." in base.strip(".") and not base.lower().endswith(".bel")


def _notation_text(format_name: str) -> bool:
    """Whether the format called ``format_name`` is the notation's own text: the one an input is
    read in when no format claims its name or content."""
    fmt = get_format(format_name)
    return fmt is not None and fmt.notation_text


class TextWriter(Writer):
    """``path:line:col: severity CODE message`` lines, then the summary line."""

    def __init__(self, out: Stream, err: Stream, style: TextStyle = TextStyle()) -> None:
        super().__init__(out, err)
        self.style = style
        self.excerpts = True
        self.guessed = False
        """The input is read as .bel by default: no format claims its name nor its content."""
        self.syntax = 0

    def file_start(self, info: InputInfo) -> None:
        self.excerpts = info.own_lines
        self.guessed = _notation_text(info.format) and not_bel_name(info.name)
        self.syntax = 0

    def file_end(self, path: str, error: str | None) -> None:
        super().file_end(path, error)
        if self.guessed and self.syntax:
            self.err.write(f"belote-replay: {path}: not a .bel file? It was read as .bel because no "
                           "format claims its name or content (`belote-replay formats` lists them)\n")

    def game(self, game: RenderedGame) -> None:
        if not game.findings:  # most games
            return
        self.syntax += sum(f.code.startswith("BEL0") and f.severity == "error" for f in game.findings)
        if self.style.statistics:
            return
        for f in game.findings:
            if not (self.style.quiet and f.severity == "info"):
                self.out.write(self.style.finding(f, self.excerpts))

    def end(self, summary: Summary, problems: list[tuple[str, str]]) -> None:
        if self.style.statistics:
            self.out.write(summary.statistics())
        if not self.style.quiet:
            self.out.write(summary.text() + "\n")
        self.out.flush()
