"""The fixes of one game: each fixable finding's fix as data (its edits, with their spans) and
its applicability, as ruff attaches them.

*Safe* fixes rewrite a claim to a value nothing doubtful went into: a deal's score, its pot or
the result when nothing in that deal (for the pot and the result: nothing up to there) has a
finding about the acts (deck, bidding, play, announcements) or a reading error, and the rules
were understood; a running total to the previous total as it should be plus the deal's typed
score (a slip of addition), whatever the engine thinks of the deal. Every other fix is
*unsafe*: it writes the engine's value of a deal where something went wrong, and that value
may come from an illegal card. ``--fix`` applies the safe fixes, ``--unsafe-fixes`` the rest.

A fix never edits a line that carries a ``noqa`` comment, keeps the case of the seat or result
it rewrites, and only ever writes a number, a seat or a result word over another.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from belote_notation.check.codes import (
    BAD_OPTION,
    BID_ROUND,
    DEAL_SCORE,
    ENGINE_FAILURE,
    HAND_MISMATCH,
    LITIGE_POT,
    MATCH_TOTALS,
    MATCH_WINNER,
    SHEET_TOTALS,
    SHORT_TRICK,
    SKIPPED_PLAYS,
    TRICK_WINNER,
    UNKNOWN_DECK,
    UNKNOWN_RULES,
    area_of,
)
from belote_notation.check.findings import Finding
from belote_notation.check.replay import DealReplay, GameReplay
from belote_notation.check.report import GameReport
from belote_notation.check.setup import ValidationConfig
from belote_notation.game.cards import SEAT_NAMES
from belote_notation.game.lang import Message, msg
from belote_notation.notation.read.stream import GameText
from belote_notation.notation.records import Score
from belote_notation.notation.vocabulary import regex
from belote_notation.pipeline.fixable import FIXABLE, Applicability, Fix
from belote_notation.pipeline.text_edits import Edit, TextWindow

__all__ = ["FIXABLE", "Applicability", "Edit", "Fix", "TextWindow", "plan_fixes", "with_fixes"]


_ACTS = frozenset({"deck", "bidding", "play", "announcements"})
"""Areas of the findings about what the players did: the engine's values after them are doubtful."""
_UNREAD = frozenset({SKIPPED_PLAYS, ENGINE_FAILURE, HAND_MISMATCH, SHORT_TRICK, BID_ROUND})
"""Codes saying a deal was not read (or replayed) whole."""
_RULES = frozenset({UNKNOWN_RULES, BAD_OPTION, UNKNOWN_DECK})
"""Codes saying the rules were not understood: every value of the engine is a guess."""
_TOTALS = frozenset({MATCH_TOTALS, SHEET_TOTALS})
_INT = re.compile(r"-?\d+")
_NOQA = re.compile(r"[{;][ \t]*noqa\b", re.IGNORECASE)

Pair = tuple[int, int]


@dataclass(slots=True)
class _Doubts:
    """What makes the engine's values of a game doubtful: per deal, the earliest trick with a
    finding about the acts (0: the bidding or the deal as a whole) and why."""

    game: Message | None = None
    deal: list[tuple[int, Message] | None] = field(default_factory=list)
    unread: dict[int, Message] = field(default_factory=dict)
    """The deals not read whole, and how it shows."""

    def at(self, k: int, trick: int = 99) -> Message | None:
        """Why deal ``k``'s values up to ``trick`` are doubtful (``None`` when they are not)."""
        if self.game:
            return self.game
        found = self.deal[k]
        return found[1] if found is not None and found[0] <= trick else None

    def upto(self, k: int) -> Message | None:
        """Why the values after deals 0..k (the pot, the result) are doubtful."""
        return self.game or next((d[1] for d in self.deal[:k + 1] if d is not None), None)


_ERROR_IN: dict[str, Callable[..., Message]] = {
    "deck": lambda **a: msg("deal %(deal)s has an error in its cards (%(code)s at %(line)s:%(col)s): the "
                            "engine's value counts it", **a),
    "bidding": lambda **a: msg("deal %(deal)s has an error in its bidding (%(code)s at %(line)s:%(col)s): "
                               "the engine's value counts it", **a),
    "play": lambda **a: msg("deal %(deal)s has an error in its play (%(code)s at %(line)s:%(col)s): the "
                            "engine's value counts it", **a),
    "announcements": lambda **a: msg("deal %(deal)s has an error in its announcements (%(code)s at "
                                     "%(line)s:%(col)s): the engine's value counts it", **a),
}
"""Why a deal's values are doubtful, by the area of the finding about its acts: a sentence each,
so that a language words each as its players would."""


def _doubts(replay: GameReplay) -> _Doubts:
    deals = replay.deals
    lines = [d.deal.line for d in deals]
    out = _Doubts(deal=[None] * len(deals))

    def note(k: int, trick: int, why: Message) -> None:
        if out.deal[k] is None or trick < out.deal[k][0]:  # type: ignore[index]
            out.deal[k] = (trick, why)

    def unread(k: int, where: dict[str, str | int]) -> None:
        out.unread.setdefault(k, msg("deal %(deal)s was not read whole (%(code)s at %(line)s:%(col)s)",
                                     deal=deals[k].deal.number, **where))
        note(k, 0, out.unread[k])

    index = {id(f): k for k, d in enumerate(deals) for f in d.findings}
    for f in replay.report.findings:
        where: dict[str, str | int] = {"code": f.code, "line": f.line, "col": f.col}
        if f.code in _RULES:
            out.game = out.game or msg("the rules were not understood (%(code)s at %(line)s:%(col)s)",
                                       **where)
            continue
        k = index.get(id(f))
        area = area_of(f.code)
        if area == "syntax" and f.severity == "error":
            k = _deal_at(lines, f.line)
            if k is None:
                out.game = out.game or msg("the game was not read whole (%(code)s at %(line)s:%(col)s)",
                                           **where)
            else:
                unread(k, where)
        elif k is not None and f.code in _UNREAD:
            unread(k, where)
        elif k is not None and area in _ACTS and f.severity == "error":
            note(k, f.trick or 0, _ERROR_IN[area](deal=deals[k].deal.number, **where))
    return out


def _deal_at(lines: list[int], line: int) -> int | None:
    """The deal (position) whose text holds ``line``: the last starting at or before it."""
    import bisect

    k = bisect.bisect_right(lines, line) - 1
    return k if k >= 0 and line else None


def _engine_score(deal: DealReplay) -> Pair | None:
    """The deal's score as the match credits it (the litige pot it takes included)."""
    report = deal.report
    if report is None or report.credited is None:
        return None
    claimed = report.pot_claimed or [0, 0]
    return report.credited[0] + claimed[0], report.credited[1] + claimed[1]


def _typed(score: Score | None) -> Pair | None:
    return None if score is None else (score.ns, score.ew)


def _add(a: Pair | None, b: Pair | None) -> Pair | None:
    return None if a is None or b is None else (a[0] + b[0], a[1] + b[1])


class _Planner:
    """The fixes of one game, under one choice: with or without the unsafe ones."""

    def __init__(self, replay: GameReplay, window: TextWindow, reported: Collection[tuple[str, int, int]],
                 unsafe: bool) -> None:
        self.replay, self.window, self.unsafe = replay, window, unsafe
        self.wanted = {id(f): f for f in replay.report.findings
                       if (f.code, f.line, f.col) in reported and f.code in FIXABLE}
        self.doubts = _doubts(replay)
        self.fixes: list[Fix] = []

    def plan(self) -> list[Fix]:
        by_deal = {id(f): k for k, d in enumerate(self.replay.deals) for f in d.findings}
        score_fix: dict[int, Fix] = {}
        for f in self.wanted.values():
            k = by_deal.get(id(f))
            if f.code == TRICK_WINNER and k is not None:
                self._winner(f, k)
            elif f.code == DEAL_SCORE and k is not None:
                fix = self._score(f, k)
                if fix is not None:
                    score_fix[k] = fix
            elif f.code == LITIGE_POT and k is not None:
                self._pot(f, k)
            elif f.code == MATCH_WINNER:
                self._result(f)
        self._totals(score_fix, {f.line: f for f in self.wanted.values() if f.code in _TOTALS})
        return [fix for fix in self.fixes if fix.edits]

    def _add_fix(self, finding: Finding, why: Message | None, said: Message, edits: list[Edit]) -> Fix | None:
        if not edits or (why and not self.unsafe) or any(_NOQA.search(self.window.line_text(e.line))
                                                         for e in edits):
            return None
        fix = Fix(finding, "unsafe" if why else "safe", said, edits, why)
        self.fixes.append(fix)
        return fix

    def _winner(self, f: Finding, k: int) -> None:
        deal = self.replay.deals[k]
        trick = f.trick
        if trick is None or not 1 <= trick <= min(len(deal.tricks), len(deal.deal.tricks)):
            return
        pos = deal.deal.tricks[trick - 1].winner_pos
        at = None if pos is None else self.window.offset(*pos)
        if at is None or not regex("SEAT").fullmatch(self.window.text[at:at + 1]):
            return
        typed = self.window.text[at]
        value = SEAT_NAMES[deal.tricks[trick - 1].winner]
        value = value.lower() if typed.islower() else value
        if value != typed:
            said = msg("winner of trick %(trick)s: %(old)s -> %(new)s", trick=trick, old=typed, new=value)
            self._add_fix(f, self.doubts.at(k, trick), said,
                          [self.window.edit(at, at + 1, value)])

    def _pair_span(self, score: Score | None, keyword: str) -> list[tuple[int, int, int]]:
        """(start, end, value) of the two numbers of a ``score``/``match`` line (empty when its
        text is not where the record says)."""
        if score is None:
            return []
        at = self.window.offset(score.line, score.col)
        if at is None:
            return []
        text = self.window.text
        kw = regex(keyword).match(text, at)
        spans: list[tuple[int, int, int]] = []
        pos = kw.end() if kw is not None else -1
        for value in (score.ns, score.ew):
            ws = regex("WS").match(text, pos) if pos >= 0 else None
            num = _INT.match(text, ws.end()) if ws is not None else None
            if num is None or int(num.group()) != value:
                return []
            spans.append((num.start(), num.end(), value))
            pos = num.end()
        return spans

    def _pair_edits(self, score: Score | None, keyword: str, value: Pair) -> list[Edit]:
        spans = self._pair_span(score, keyword)
        return [self.window.edit(s, e, str(v)) for (s, e, old), v in zip(spans, value, strict=False)
                if old != v]

    def _score(self, f: Finding, k: int) -> Fix | None:
        deal = self.replay.deals[k]
        value = _engine_score(deal)
        if value is None or deal.deal.score is None:
            return None
        edits = self._pair_edits(deal.deal.score, "SCORE_KW", value)
        old = _typed(deal.deal.score)
        said = msg("deal %(deal)s score %(old)s -> %(new)s", deal=deal.deal.number, old=_text(old),
                   new=_text(value))
        return self._add_fix(f, self.doubts.at(k), said, edits)

    def _pot(self, f: Finding, k: int) -> None:
        deal = self.replay.deals[k]
        report, pos = deal.report, deal.deal.pot_pos
        at = None if pos is None else self.window.offset(*pos)
        if report is None or report.pot is None or at is None:
            return
        num = _INT.match(self.window.text, at)
        if num is None or int(num.group()) == report.pot:
            return
        said = msg("pot after deal %(deal)s: %(old)s -> %(new)s", deal=deal.deal.number, old=num.group(),
                   new=report.pot)
        edit = self.window.edit(num.start(), num.end(), str(report.pot))
        self._add_fix(f, self.doubts.upto(k), said, [edit])

    def _totals(self, score_fix: dict[int, Fix], reported: dict[int, Finding]) -> None:
        """The running totals as they should be: each the previous one plus the deal's typed
        score (the engine's where none is typed); with the unsafe fixes, the scores those fixes
        write, and every total after them follows."""
        typed: Pair | None = (0, 0)  # the totals as they should be by the typed scores
        applied: Pair | None = (0, 0)  # the same with the applied score fixes
        doubt: Message | None = None  # why ``typed`` is doubtful (an engine score of a doubtful deal went in)
        carried: Message | None = None  # why ``applied`` differs doubtfully (an unsafe score fix went in)
        for k, deal in enumerate(self.replay.deals):
            engine, written = _engine_score(deal), _typed(deal.deal.score)
            step = written if written is not None else engine
            fixed = score_fix.get(k)
            new = engine if fixed is not None else step
            if fixed is not None and fixed.why is not None:
                carried = carried or msg("it follows the unsafe fix of deal %(deal)s's score",
                                         deal=deal.deal.number)
            if written is None and engine is not None and self.doubts.at(k):
                doubt = doubt or self.doubts.at(k)
            right, after = _add(typed, step), _add(applied, new)
            total = deal.deal.match_score
            if total is not None and right is not None and after is not None:
                claimed = _typed(total)
                finding = reported.get(total.line)  # on its line, wherever on it
                if finding is not None and claimed != after:
                    why = self.doubts.game or self.doubts.unread.get(k) or doubt or (
                        carried if after != right else None)
                    said = msg("total after deal %(deal)s: %(old)s -> %(new)s", deal=deal.deal.number,
                               old=_text(claimed), new=_text(after))
                    self._add_fix(finding, why, said, self._pair_edits(total, "MATCH_KW", after))
                elif claimed == right and after != right:
                    owner = next((score_fix[j] for j in range(k, -1, -1) if j in score_fix), None)
                    edits = self._pair_edits(total, "MATCH_KW", after)
                    if owner is not None and not any(_NOQA.search(self.window.line_text(e.line))
                                                      for e in edits):
                        owner.edits.extend(edits)
            if right is None or after is None:  # not scored, no typed score: the total at its word
                right = after = _typed(total)
                doubt = carried = None
            typed, applied = right, after

    def _result(self, f: Finding) -> None:
        """BEL603: the Result tag and the result after ``end`` (where they say the same) set to
        the winner; none when the winner rests on typed totals that the checks found wrong (the
        last deal not scored: the totals are the record's), which a fix of those totals would
        change under it."""
        replay = self.replay
        last = replay.deals[-1].report if replay.deals else None
        if (last is None or last.totals is None) and any(g.code in _TOTALS for g in replay.report.findings):
            return  # the winner rests on typed totals the checks found wrong: no result is derived from them
        winner = replay.report.winner
        value = "*" if winner is None else ("NS", "EW")[winner]
        why = self.doubts.upto(len(replay.deals) - 1) if replay.deals else None
        edits: list[Edit] = []
        typed = ""
        for header in replay.game.headers:
            if header.name.lower() == "result" and header.line:
                edit = self._quoted(header.line, header.col, header.value, value)
                typed = header.value
                if edit is not None:
                    edits = [edit]  # the last Result tag is the one read
        pos = replay.game.result_pos
        at = None if pos is None else self.window.offset(*pos)
        if at is not None:
            found = regex("RESULT").match(self.window.text, at)
            if found is not None and not found.group().startswith('"') and (
                    not edits or found.group().lower() == typed.strip().lower()):
                word = found.group()
                new = value.lower() if word.islower() else value
                if new != word:
                    edits.append(self.window.edit(found.start(), found.end(), new))
        self._add_fix(f, why, msg("result -> %(result)s", result=value), edits)

    def _quoted(self, line: int, col: int, old: str, value: str) -> Edit | None:
        """The edit of a tag's quoted value (``None`` when its text is not plainly there)."""
        at = self.window.offset(line, col)
        if at is None:
            return None
        text = self.window.text
        quote = text.find('"', at)
        close = text.find('"', quote + 1) if quote >= 0 else -1
        if quote < 0 or close < 0 or text[quote + 1:close] != old or "\n" in text[at:close]:
            return None
        word = old.strip()
        new = value.lower() if word.islower() else value
        return None if new == word else self.window.edit(quote + 1, close, new)


def _text(pair: Pair | None) -> str:
    return "?" if pair is None else f"{pair[0]} {pair[1]}"


def plan_fixes(replay: GameReplay, window: TextWindow, reported: Collection[tuple[str, int, int]],
               unsafe: bool = False) -> list[Fix]:
    """The fixes of the findings of ``replay`` whose (code, line, col) is in ``reported`` (what the user
    asked to see), located in ``window`` (the game's text); the unsafe ones only with
    ``unsafe`` (they then carry the totals after them along)."""
    return _Planner(replay, window, reported, unsafe).plan()


def with_fixes(text: GameText, report: GameReport, file: str, config: ValidationConfig) -> GameReport:
    """``report`` (of the ``.bel`` game ``text``) with each fixable finding's fix attached
    (:attr:`Finding.fix`: what ``--format json`` and SARIF show): the safe fix when it has
    one, else the unsafe one. A report without a fixable finding is returned as it is (no
    second reading)."""
    if not any(f.code in FIXABLE for f in report.findings):
        return report
    from belote_notation.pipeline.games import TextGame
    from belote_notation.pipeline.records import read_game

    replay = read_game(TextGame(text), file, config).replay(file, config)  # read once: records and replay
    window = TextWindow(text.text, text.first_line)
    keys = {(f.code, f.line, f.col) for f in report.findings}
    found: dict[tuple[str, int, int], Fix] = {}
    for unsafe in (True, False):  # the safe fix wins
        for fix in plan_fixes(replay, window, keys, unsafe):
            found[(fix.finding.code, fix.finding.line, fix.finding.col)] = fix
    findings = [dataclasses.replace(f, fix=found[key].to_dict()) if (key := (f.code, f.line, f.col)) in found
                else f for f in report.findings]
    return dataclasses.replace(report, findings=findings)
