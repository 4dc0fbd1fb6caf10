"""``validate --fix``: the recorded claims the checks found wrong, rewritten where that is safe.

A fix rewrites a claim of the record: a trick's winner (BEL501), a deal's score (BEL503), the
litige pot (BEL504), a running total (BEL601, BEL606) or the result (BEL603, the ``Result``
tag and the ``end`` line); never a card, a call, a hand or a seat of play. Each fix is data
(:class:`~belote_notation.pipeline.fix_plan.Fix`: its edits and their spans) with an
applicability, as in ruff: ``safe`` fixes are applied, ``unsafe`` ones only when asked
(:mod:`~belote_notation.pipeline.fix_plan` says which is which and why).

The file is streamed, one game at a time: each game checked once, its fixes (independent:
each from the record as it stands) made together, a changed game checked again (left as it was
if that would hide a finding or bring one) and fixed again while a round changes something (a
total put right decides the result), so that ``--fix`` on a fixed file changes nothing. The
rest is kept byte for byte.

>>> text = ('[Rules "classic"]\\ndeal 1 dealer N\\nsmsara 1 E:pass S:pass W:pass N:pass\\n'
...         "smsara 2 E:pass S:pass W:pass N:pass\\nscore 10 0 {typed by hand}\\nend\\n")
>>> fixed = fix_text(text, "club.bel")
>>> print(fixed.text.splitlines()[4]), (fixed.found, fixed.fixed, fixed.errors_remaining)
score 0 0 {typed by hand}
(None, (1, 1, 0))
>>> fix_text(fixed.text, "club.bel").changed
False
"""

from __future__ import annotations

import dataclasses
import io
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import BinaryIO

from belote_notation.check.checker import DEFAULT_CONFIG
from belote_notation.check.findings import Finding
from belote_notation.check.setup import ValidationConfig
from belote_notation.check.validator import validate_game_text
from belote_notation.game.lang import Message, msg
from belote_notation.notation.issues import BAD_UTF8
from belote_notation.notation.read.stream import GameText, iter_game_texts
from belote_notation.pipeline.fix_files import BoundedReader, LazyTemp, NotFixable, RawBytes, write_back
from belote_notation.pipeline.fix_plan import FIXABLE, Fix, plan_fixes
from belote_notation.pipeline.games import TextGame
from belote_notation.pipeline.inputs import detect
from belote_notation.pipeline.records import read_game
from belote_notation.pipeline.select import ReportOptions
from belote_notation.pipeline.text_edits import Edit, TextWindow

__all__ = ["FIXABLE", "Edit", "Fix", "FixResult", "GameFixed", "NotFixable", "fix_file", "fix_text"]


@dataclass(slots=True)
class GameFixed:
    """What fixing one game did."""

    number: int
    found: int
    """Errors reported before fixing (what ``validate`` says of the game)."""
    applied: list[Fix] = field(default_factory=list)
    held_back: list[Fix] = field(default_factory=list)
    """Fixes not applied: the unsafe ones (without ``unsafe``), and those that would have hidden
    a finding or brought a new one."""
    remaining: list[Finding] = field(default_factory=list)
    """The game's findings after fixing, each with its final severity."""
    errors: int = 0
    """Among :attr:`remaining`, the errors."""
    diff: list[str] = field(default_factory=list)
    """The change as unified diff hunks (lines with their ends)."""


@dataclass(slots=True)
class FixResult:
    """What fixing a text or a file did, counted as ``validate`` counts."""

    found: int = 0
    fixed: int = 0
    errors_remaining: int = 0
    applied: list[Fix] = field(default_factory=list)
    held_back: list[Fix] = field(default_factory=list)
    remaining: list[Finding] = field(default_factory=list)
    diff_lines: list[str] = field(default_factory=list)
    original: str = ""
    text: str = ""
    changed: bool = False
    keep: bool = True
    """Keep every game's findings, fixes and diff (``False``: the counts only, flat memory)."""

    def diff(self, name: str) -> str:
        """The change as a unified diff (empty when nothing changed)."""
        return f"--- {name}\n+++ {name}\n" + "".join(self.diff_lines) if self.diff_lines else ""

    def add(self, game: GameFixed) -> None:
        self.found += game.found
        self.errors_remaining += game.errors
        self.fixed += game.found - game.errors
        self.changed = self.changed or bool(game.diff)
        if not self.keep:
            return
        self.applied += game.applied
        self.held_back += game.held_back
        self.remaining += game.remaining
        self.diff_lines += game.diff


def fix_text(text: str, name: str = "<string>", config: ValidationConfig = DEFAULT_CONFIG,
             options: ReportOptions | None = None, unsafe: bool = False) -> FixResult:
    """``text`` (a ``.bel`` file's, a BOM kept) with the fixes of its reported findings made:
    the safe ones, and the unsafe ones too with ``unsafe``."""
    data = text.encode("utf-8")
    out = io.BytesIO()
    result = FixResult(original=text)
    _fix_stream(io.BytesIO(data), RawBytes(io.BytesIO(data)), name, config, options or ReportOptions(),
                unsafe, out.write, result.add)
    result.text = out.getvalue().decode("utf-8") if result.changed else text
    return result


def fix_file(path: str | os.PathLike[str], config: ValidationConfig = DEFAULT_CONFIG,
             options: ReportOptions | None = None, write: bool = True, unsafe: bool = False,
             on_game: Callable[[GameFixed], None] | None = None) -> FixResult:
    """:func:`fix_text` on a ``.bel`` file read as a stream, one game in memory, written back
    when it changed and ``write``: through a temporary in its folder, renamed over the file
    (the target of a symlink; a file with other hard links is written in place once the
    temporary is complete, so that every name sees the fix). ``on_game`` hears of each game
    as it is done (the result then keeps the counts and fixes, not every finding). Raises
    :class:`NotFixable` for what cannot be fixed, ``OSError`` when it cannot be read or written."""
    target = os.path.realpath(path)
    try:
        st = os.stat(target)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, os.fspath(path)) from None
    if not stat.S_ISREG(st.st_mode):
        raise NotFixable(msg("--fix and --diff read regular files only; this is not one"))
    with open(target, "rb") as split, open(target, "rb") as raw_handle:
        before = os.fstat(split.fileno())
        fmt = detect(os.fspath(path), raw_handle.read(4096))
        if not fmt.notation_text:  # the fixes are edits of the notation's text
            raise NotFixable(msg("--fix rewrites .bel files only; this is %(format)s: convert it first",
                                 format=fmt.name))
        raw = RawBytes(raw_handle)
        sink = LazyTemp(target, raw, write, path)
        result = FixResult(keep=on_game is None)

        def collect(game: GameFixed) -> None:
            if on_game is not None:
                on_game(game)
            result.add(game)
        try:
            bounded = io.BufferedReader(BoundedReader(split, before.st_size))
            _fix_stream(bounded, raw, os.fspath(path), config, options or ReportOptions(), unsafe,
                        sink.write, collect, sink.changed)
            sink.finish()
            if sink.tmp is not None:
                write_back(sink.tmp, target, before, path)
        finally:
            sink.discard()
    return result


def _fix_stream(stream: BinaryIO | io.BufferedReader, raw: RawBytes, name: str, config: ValidationConfig,
                options: ReportOptions, unsafe: bool, write: Callable[[bytes], object],
                collect: Callable[[GameFixed], None], changed: Callable[[int], None] | None = None) -> None:
    """Each game of ``stream`` fixed; its bytes (changed or not) and the bytes between games
    given to ``write`` in order (``changed`` hears of the first change before it is written)."""
    last = 0
    first_change = True
    for game in iter_game_texts(stream, name=name):
        raw.copy(last, game.start, write)
        last = max(last, game.end)
        bad = next((i for i in game.issues if i.code == BAD_UTF8), None)
        if bad is not None:
            raise NotFixable(msg("not UTF-8 text (line %(line)s): not rewritten", line=bad.line))
        if game.issues or game.end <= game.start:  # not read whole (too large): as it is
            done = _checked(game, name, config, options)
            raw.copy(game.start, game.end, write)
            collect(done)
            continue
        data = raw.read(game.start, game.end)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise NotFixable(msg("not UTF-8 text (byte %(byte)s): not rewritten",
                                 byte=game.start + exc.start)) from None
        done, new = _fix_game(game, text, name, config, options, unsafe)
        if new != text and changed is not None and first_change:
            changed(game.start)
        first_change = first_change and new == text
        write(new.encode("utf-8"))
        collect(done)
    raw.copy(last, None, write)


def _checked(game: GameText, name: str, config: ValidationConfig, options: ReportOptions) -> GameFixed:
    findings = _reported(game, name, config, options)
    errors = sum(f.severity == "error" for f in findings)
    return GameFixed(game.index + 1, errors, remaining=findings, errors=errors)


def _reported(game: GameText, name: str, config: ValidationConfig, options: ReportOptions) -> list[Finding]:
    """The game's findings as ``validate`` reports them: its text straight into the checks."""
    return options.reported(validate_game_text(game, name, config))


def _key(f: Finding) -> tuple[str, int, int | None, int | None, int | None]:
    return f.code, f.line, f.deal, f.trick, f.seat


_MAX_ROUNDS = 8
"""Rounds of fixes one game may take. A fix can make the next one possible (a running total
put right, then the result that total decides), as ruff's rounds do; such chains are short
(winner, score, totals, result), so a game still changing after this many rounds is left with
the last round's fixes held back."""


def _fix_game(game: GameText, text: str, name: str, config: ValidationConfig, options: ReportOptions,
              unsafe: bool) -> tuple[GameFixed, str]:
    """One game fixed: what was done, and its new text. Fixes are made in rounds, each on the
    text the last left (:func:`_fix_round`), until a round changes nothing, so that fixing a
    fixed text again changes nothing. Every applied fix's edits are places of ``text``."""
    findings = _reported(game, name, config, options)
    errors = sum(f.severity == "error" for f in findings)
    done = GameFixed(game.index + 1, errors, remaining=findings, errors=errors)
    current, seen = text, {text}
    for _ in range(_MAX_ROUNDS):
        if not any(f.code in FIXABLE for f in findings):  # most games: checked as validate checks
            break
        at = game if current is text else GameText(current.replace("\r\n", "\n"), game.first_line, game.index)
        kept, done.held_back, new, after = _fix_round(at, current, findings, name, config, options, unsafe)
        applied = _in_original(done.applied, kept, TextWindow(current, game.first_line)) if kept else None
        if applied is None or new in seen:
            why = msg("it would rewrite what an earlier round of fixes wrote")
            done.held_back += [_held(fix, why) for fix in kept]
            break
        done.applied, current, findings = applied, new, after
        seen.add(new)
    if current is not text:
        done.remaining = findings
        done.errors = sum(f.severity == "error" for f in findings)
        done.diff = _hunks(text, current, game.first_line)
    return done, current


def _fix_round(game: GameText, text: str, findings: list[Finding], name: str, config: ValidationConfig,
               options: ReportOptions, unsafe: bool) -> tuple[list[Fix], list[Fix], str, list[Finding]]:
    """One round: the fixes applied, those held back, the new text and its findings. The
    game's fixes (each from the record as it stands) are tried together; when together they
    would hide a finding or bring a new one (a winner put right whose seat then leads the next
    trick, say), each is tried in turn on top of those kept, and only the fixes that disturb no
    other finding are applied (one more check of the game per fix, only for such a game)."""
    replay = read_game(TextGame(game), name, config).replay(name, config)  # read once: records, replay
    window = TextWindow(text, game.first_line)
    keys = {(f.code, f.line, f.col) for f in findings}
    fixes = plan_fixes(replay, window, keys, unsafe)
    held_back = [] if unsafe else [f for f in plan_fixes(replay, window, keys, True)
                                   if f.applicability == "unsafe"]
    before = {_key(f) for f in findings}

    def tried(chosen: list[Fix]) -> tuple[str, list[Finding]] | None:
        """The text and findings with ``chosen`` applied, or None when they disturb the others."""
        new = window.apply([e for fix in chosen for e in fix.edits])
        if new == text:
            return None
        again = GameText(new.replace("\r\n", "\n"), game.first_line, game.index)
        after = _reported(again, name, config, options)
        fixed, after_keys = {_key(fix.finding) for fix in chosen}, {_key(f) for f in after}
        hidden = {k for k in before - after_keys - fixed if k[0] not in FIXABLE}
        return None if hidden or not after_keys <= before else (new, after)

    kept, outcome = fixes, tried(fixes)
    if outcome is None and len(fixes) > 1:
        kept = []
        for fix in fixes:
            attempt = tried([*kept, fix])
            if attempt is not None:
                kept, outcome = [*kept, fix], attempt
    if outcome is None:
        kept = []
    why = msg("made with the game's other fixes, it would hide a finding or bring a new one")
    held_back += [_held(fix, why) for fix in fixes if fix not in kept]
    if outcome is None:
        return [], held_back, text, findings
    return kept, held_back, *outcome


def _held(fix: Fix, why: Message) -> Fix:
    """``fix`` held back for ``why``, after the reason it was unsafe when it has one."""
    both = why if fix.why is None else msg("%(reason)s; %(why)s", reason=fix.why, why=why)
    return dataclasses.replace(fix, why=both)


def _in_original(applied: list[Fix], new: list[Fix], window: TextWindow) -> list[Fix] | None:
    """``applied`` (edits at places of the original text) and ``new`` (edits at places of
    ``window``, the text ``applied`` made) as one list of fixes at places of the original: a
    new edit of text an earlier fix wrote takes that edit's place. ``None`` when an edit spans
    lines or straddles an earlier edit (no fix makes either: its tokens are whole)."""
    earlier = [(i, j, e) for i, fix in enumerate(applied) for j, e in enumerate(fix.edits)]
    replaced: set[tuple[int, int]] = set()
    moved: list[Fix] = []
    for fix in new:
        edits = []
        for edit in fix.edits:
            if edit.end_line != edit.line:
                return None
            shift, col, end = 0, edit.col, edit.end_col
            for i, j, old in sorted((x for x in earlier if x[2].line == edit.line), key=lambda x: x[2].col):
                start_now, end_now = old.col + shift, old.col + shift + len(old.replacement)
                if end <= start_now:
                    break
                if col >= end_now:
                    shift += len(old.replacement) - (old.end_col - old.col)
                    continue
                if (col, end) != (start_now, end_now):
                    return None
                replaced.add((i, j))
                col, end, shift = old.col, old.end_col, 0
                break
            edits.append(dataclasses.replace(edit, col=col - shift, end_col=end - shift))
        moved.append(dataclasses.replace(fix, edits=edits))
    kept = [dataclasses.replace(fix, edits=[e for j, e in enumerate(fix.edits) if (i, j) not in replaced])
            for i, fix in enumerate(applied)]
    return [fix for fix in kept if fix.edits] + moved


def _hunks(old: str, new: str, first_line: int, context: int = 3) -> list[str]:
    """Unified diff hunks of a game whose lines were edited in place (as many lines after as
    before), context kept within the game."""
    a, b = old.splitlines(keepends=True), new.splitlines(keepends=True)
    changed = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    out: list[str] = []
    i = 0
    while i < len(changed):
        start = max(changed[i] - context, 0)
        j = i
        while j + 1 < len(changed) and changed[j + 1] - changed[j] <= 2 * context:
            j += 1
        end = min(changed[j] + context + 1, len(a))
        count = end - start
        out.append(f"@@ -{first_line + start},{count} +{first_line + start},{count} @@\n")
        k = start
        while k < end:
            if a[k] == b[k]:
                out.append(" " + _ended(a[k]))
                k += 1
                continue
            run = k
            while run < end and a[run] != b[run]:
                run += 1
            out += ["-" + _ended(line) for line in a[k:run]] + ["+" + _ended(line) for line in b[k:run]]
            k = run
        i = j + 1
    return out

def _ended(line: str) -> str:
    return line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"

