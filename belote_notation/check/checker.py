"""The checks as a visitor: :class:`GameChecker` turns a game's events into a :class:`GameReport`.

It keeps each deal's facts (:mod:`.facts`) as the events go by and checks the deal once its
text is over: when the next deal starts or the game ends, so that a syntax error anywhere in
the deal's text (reported before the next deal) is known first. The same visitor runs on text
(fed by the reader) and on records (``game.accept(checker)``).

The events of a deal's lines are kept as facts by :class:`~.keeper.DealKeeper`, which it
extends; the checks themselves live in :mod:`.deal`, :mod:`.play` and :mod:`.match`.

>>> from belote_notation.notation.records import Game
>>> Game().accept(GameChecker(file="empty.bel")).findings
[]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Any

from belote_notation.check.codes import DEAL_NUMBER, ENGINE_FAILURE, RULES_ASSUMED
from belote_notation.check.context import Context, DealObserver
from belote_notation.check.contract_tag import CONTRACT_TAG, parse_contract_tag
from belote_notation.check.facts import (
    AnnouncementFact,
    BidFact,
    DealFacts,
    HandFact,
    OfferFact,
    ScoreFact,
    TrickFact,
)
from belote_notation.check.findings import Finding
from belote_notation.check.keeper import DealKeeper
from belote_notation.check.match import MatchCheck, first_dealer
from belote_notation.check.report import GameReport
from belote_notation.check.setup import ValidationConfig, changed_options, resolve_setup
from belote_notation.game.cards import Deck
from belote_notation.game.lang import msg
from belote_notation.game.rules import Ruleset
from belote_notation.notation.fingerprint import FINGERPRINT_TAGS, deal_text, fingerprint, game_text
from belote_notation.notation.headers import Tag, laid_out_tag, names_in, tag_name
from belote_notation.notation.issues import BAD_UTF8, MISSING_END, NOTHING_TO_ANNOTATE, SyntaxIssue
from belote_notation.notation.visitor import DealParts, Position, Skip, Visitor

__all__ = ["DEFAULT_CONFIG", "GameChecker"]

DEFAULT_CONFIG = ValidationConfig()
_HARMLESS_SYNTAX = frozenset({MISSING_END, BAD_UTF8, NOTHING_TO_ANNOTATE})
"""Syntax codes that leave the deal whole (missing ``end``, a replaced byte, a stray glyph):
the deal is still replayed."""
_END = 1 << 60
_NOQA = r"\s*noqa\b(?:\s*:\s*([A-Za-z0-9,\s]*))?\s*$"
"""An inline suppression comment: ``noqa``, ``noqa: BEL605``, ``noqa: BEL3, BEL912`` (compiled by
``re`` at the first comment: 0.4 ms of a start)."""
_CONTRACT_KEY = CONTRACT_TAG.lower()
_READ_TAGS = frozenset({"rules", "option", "options", "target", "deck", "dealer", "result", "contract",
                        "termination"})
"""Tag pairs that change the checks (setup.py and notation.headers read the first five; a
``Contract`` tag is the first deal's contract when it records no auction: contract_tag.py; a
``Termination`` of ``unterminated`` makes a deal that stops in mid-play a position)."""

_NAME_VALUE = itemgetter(0, 1)  # a tag's (name, value)
_INDEX = itemgetter(0)  # the index of an (index, name) of names_in
_ROLES = frozenset({"dealer", "result", _CONTRACT_KEY, "termination"})


@lru_cache(maxsize=256)
def _roles(read: tuple[tuple[int, str], ...]) -> tuple[tuple[int, str], ...]:
    """Of the (index, key) of a head's tags the checks read, those that set more than the set-up
    (the dealer, the result, the contract, the termination): remembered, as the heads repeat."""
    return tuple((index, key) for index, key in read if key in _ROLES)


_SETUPS: dict[tuple[Any, ...], tuple[Ruleset, Deck, tuple[tuple[str, Any], ...]]] = {}
"""The rules, deck and changed options of the games whose tags gave no finding, by the
configuration's rules and options, whether the deck was inferred and the tags the checks read (name, value):
:func:`~.setup.resolve_setup` is a pure function of those, and a file's games repeat them. A
game with a finding about its tags is resolved every time (its findings have its places)."""
_MAX_SETUPS = 512


class GameChecker(DealKeeper[GameReport]):
    """Checks one game: the events in, a :class:`GameReport` out (``result()``).

    ``syntax`` are syntax findings known beforehand (when checking records that were read
    with errors); the reader's own errors come as ``visit_error`` events. ``observer`` is
    told about every deal replayed, by position (``belote-replay show`` uses it).

    The fingerprints of the game and of its deals (:mod:`belote_notation.notation.fingerprint`)
    are made from the same facts, with the deal reports: not when the config asks for no deal
    reports (``keep_deals=False``, the text outputs, which show neither). A canonical deal's
    comes made by the compiled reader in its pass (:meth:`wants_deal_prints`, 2 us a deal);
    any other deal's is made here (``deal_text`` and a SHA-256: 18 us a deal).
    """

    DEAL_PARTS = DealParts(hand=HandFact, offer=OfferFact, call=BidFact, announcement=AnnouncementFact,
                           trick=TrickFact, score=ScoreFact, deal=DealFacts)
    """The classes the compiled reader makes a canonical deal's parts of (the notation's
    :class:`~belote_notation.notation.visitor.DealParts`): the facts that ``begin_deal`` and the
    ``visit_*`` methods below would keep of its events, each with the slots the notation fills."""

    __slots__ = ("col", "config", "contract_tag", "ctx", "deal_count", "deal_prints", "dealer_tag", "failed",
                 "file", "headers", "inferred_deck", "laid_out", "line", "match", "noqa", "number",
                 "observer", "pending", "position", "report", "result_pos", "result_tag", "result_text",
                 "setup_findings", "syntax", "tagged", "tags", "unterminated")

    def __init__(self, config: ValidationConfig = DEFAULT_CONFIG, file: str = "<string>", number: int = 1,
                 observer: DealObserver | None = None, syntax: Iterable[Finding] = ()) -> None:
        self.config, self.file, self.number, self.observer = config, file, number, observer
        self.syntax: list[Finding] = list(syntax)
        # the rest comes with begin_game, which starts every game (the reader's, Game.accept)

    # ------------------------------------------------------------------ the game
    def begin_game(self, index: int, line: int, col: int) -> Skip | None:
        self.number = index + 1
        self.line, self.col = line, col
        self.headers: list[Tag] = []
        """The tag pairs the checks read (rules, options, deck, dealer, result), in order; those
        of a head read at once come first, as ``Tag`` only when asked (:meth:`_headers`)."""
        self.laid_out: tuple[Sequence[tuple[str, str]], int, tuple[tuple[int, str], ...]] | None = None
        """The head read at once, when it came first (its pairs, first line and the (index, name
        in lower case) of those the checks read), not yet in :attr:`headers`."""
        self.result_tag: Tag | None = None
        self.dealer_tag: str | None = None
        self.contract_tag: Tag | None = None
        self.unterminated = False
        """The last ``Result`` tag, ``Dealer`` and ``Contract`` values, and whether a
        ``Termination`` tag says ``unterminated`` (kept as the tags go by)."""
        self.tags: list[tuple[str, str]] = []
        """The tag pairs the game's fingerprint reads, (name, value) in order."""
        self.deal_prints: list[str] = []
        """The fingerprint of each deal so far."""
        self.tagged = False
        self.inferred_deck = False
        self.noqa: dict[int, list[str]] = {}
        """Line -> the code prefixes its ``noqa`` comment suppresses (``""``: every code)."""
        self.result_text: str | None = None
        self.result_pos: Position = (line, col)
        self.deal_count = 0
        self.position = 0
        self.deal: DealFacts | None = None
        self.pending: DealFacts | None = None
        self.match: MatchCheck | None = None
        self.failed = False
        self.setup_findings: list[Finding] = []
        self.ctx: Context | None = None
        self.report = GameReport(self.file, self.number, line)
        self._new_trick(TrickFact(0, line, col))
        return None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A subclass that reads each tag pair (its own ``visit_header``) gets them one by one."""
        super().__init_subclass__(**kwargs)
        if "visit_header" in vars(cls) and "visit_tag_pairs" not in vars(cls):
            cls.visit_tag_pairs = Visitor.visit_tag_pairs  # type: ignore[method-assign]

    def visit_header(self, name: str, value: str, line: int, col: int) -> None:
        if not self.tagged:
            self.tagged = True
            self._place(line, col)
        key = name.lower()
        if key in _READ_TAGS:
            self._read_tags(((key, Tag(name, value, line, col)),))
        if key in FINGERPRINT_TAGS:
            self.tags.append((name, value))

    def visit_tag_pairs(self, pairs: Sequence[tuple[str, str]], line: int) -> None:
        """The tag pairs at once (the laid-out head): as :meth:`visit_header` each, in one loop;
        those the fingerprint reads are kept only when it is made (``keep_deals``)."""
        if not pairs:
            return
        if not self.tagged:
            self.tagged = True
            self._place(line, 1)
        names = tuple(map(tag_name, pairs))
        read = names_in(names, _READ_TAGS)  # the names lower-cased once a file
        if self.headers or self.laid_out is not None:
            self._read_tags([(key, laid_out_tag(pairs, line, index)) for index, key in read])
        else:  # the common head: its Tags made when asked, but for the tags read below
            self.laid_out = pairs, line, read
            for index, key in _roles(read):
                self._read_role(key, laid_out_tag(pairs, line, index))
        if self.config.keep_deals:
            self.tags += [pairs[index] for index, _ in names_in(names, FINGERPRINT_TAGS)]

    def _read_role(self, key: str, header: Tag) -> None:
        """A tag pair the checks read that sets more than the set-up (:data:`_ROLES`; ``key``:
        its name in lower case)."""
        if key == "result":
            self.result_tag = header
        elif key == "dealer":
            self.dealer_tag = header.value
        elif key == _CONTRACT_KEY:
            self.contract_tag = header
        elif key == "termination" and header.value.lower() == "unterminated":
            self.unterminated = True

    def _headers(self) -> list[Tag]:
        """:attr:`headers`, the head read at once made ``Tag``s first."""
        if self.laid_out is not None:
            pairs, line, read = self.laid_out
            self.laid_out = None
            self.headers[:0] = [laid_out_tag(pairs, line, index) for index, _ in read]
        return self.headers

    def _read_tags(self, tags: Iterable[tuple[str, Tag]]) -> None:
        """Tag pairs the checks read, in order (``key``: the name in lower case, and the pair)."""
        headers = self._headers()
        for key, header in tags:
            headers.append(header)
            if key in _ROLES:
                self._read_role(key, header)

    def visit_comment(self, text: str, line: int, col: int) -> None:
        """``{noqa: BEL605}`` (or ``; noqa: BEL6, BEL912``; a bare ``noqa`` for every code) leaves
        out the findings of those codes (prefixes) on the comment's line."""
        found = re.match(_NOQA, text, re.IGNORECASE)
        if found is not None and line:
            codes = tuple(c.upper() for c in re.split(r"[\s,]+", found.group(1) or "") if c)
            self.noqa.setdefault(line, []).extend(codes or ("",))

    def visit_deck(self, deck: str) -> None:
        """The deck inferred from the cards is checked as a ``Deck`` tag would be (the records
        carry it as one), and said so by the assumed rules' info (BEL912)."""
        self.inferred_deck = True
        self.visit_header("Deck", deck, 0, 0)

    def end_headers(self) -> Skip | None:
        self._setup()
        return None

    def _setup(self) -> Context:
        config = self.config  # its rules and options: what the resolution reads of it (hashed in C)
        laid_out = self.laid_out
        read: Iterable[tuple[str, str]]
        if laid_out is not None and not self.headers:  # the pairs themselves: (name, value)
            read = map(laid_out[0].__getitem__, map(_INDEX, laid_out[2]))
        else:
            read = map(_NAME_VALUE, self._headers())
        key = (config.rules, config.options, self.inferred_deck, *read)
        known = _SETUPS.get(key)
        if known is None:
            setup = resolve_setup(self._headers(), self.config, self.file, self.number, self.inferred_deck)
            rules, deck = setup.rules, setup.deck
            self.setup_findings = setup.findings
            options = changed_options(rules)
            if not setup.findings:
                if len(_SETUPS) >= _MAX_SETUPS:
                    _SETUPS.clear()
                _SETUPS[key] = (rules, deck, tuple(options.items()))
        else:
            rules, deck, changed = known
            options = dict(changed)
        report = self.report
        report.rules, report.options, report.deck = rules.name, options, deck.value
        self.ctx = ctx = Context(self.file, self.number, rules, deck, self.observer)
        if self.contract_tag is not None:
            ctx.contract_tag = parse_contract_tag(self.contract_tag.value)
            ctx.contract_tag_at = self.contract_tag.line, self.contract_tag.col
        ctx.unterminated = self.unterminated
        return ctx

    def visit_error(self, issue: SyntaxIssue) -> None:
        self.syntax.append(Finding.from_issue(issue, self.file, self.number))

    def visit_result(self, result: str | None, line: int, col: int) -> None:
        self.result_text = result
        if result is not None:  # a bare ``end`` is not a place to point at
            self.result_pos = (line, col)

    def _place(self, line: int, col: int) -> None:
        """The game is where its first tag pair is, else its first deal (as in the records)."""
        if self.result_pos == (self.line, self.col):
            self.result_pos = (line, col)
        self.line, self.col = line, col
        self.report.line = line

    def end_game(self) -> None:
        self._flush(_END)
        ctx = self.ctx or self._setup()
        if not self.failed:
            self._guarded(self._finish)
        report = self.report
        report.deal_count = self.deal_count
        if self.syntax or self.setup_findings:
            report.findings = self._merged_findings(ctx.findings)
        else:  # the common game: the findings of its checks alone
            report.findings = list(ctx.findings)
        if self.noqa:
            report.findings = [f for f in report.findings
                               if not any(f.code.startswith(p) for p in self.noqa.get(f.line, ()))]
        if self.config.keep_deals:
            report.fingerprint = fingerprint(game_text(self.tags, self.deal_prints))

    def _merged_findings(self, checks: list[Finding]) -> list[Finding]:
        """The syntax findings, the setup's (but where a syntax finding is) and ``checks``."""
        syntax = self.syntax
        at = {(f.line, f.col) for f in syntax}
        if self._syntax_lines():  # deal numbers are not judged in a game with a syntax error
            checks = [f for f in checks if f.code != DEAL_NUMBER]
        if not self.deal_count:  # nothing was checked with the assumed rules: nothing to say
            self.setup_findings = [f for f in self.setup_findings if f.code != RULES_ASSUMED]
        for f in self.setup_findings:
            if not f.line:  # about the game as a whole (an assumed rule system): at its start
                f.line, f.col = self.line, self.col
        return syntax + [f for f in self.setup_findings if (f.line, f.col) not in at] + checks

    def result(self) -> GameReport:
        return self.report

    def _finish(self) -> None:
        match = self.match or self._start_match(None)
        match.finish(self.result_tag, self.result_text, self.result_pos, self.deal_count)

    def _guarded(self, step: Callable[..., None], *args: Any) -> None:
        try:
            step(*args)
        except Exception as exc:  # noqa: BLE001 - an engine bug must not hide the rest of the input
            self.failed = True
            assert self.ctx is not None
            self.ctx.add(ENGINE_FAILURE, msg("could not finish checking this game: internal error %(error)s: "
                                             "%(detail)s", error=type(exc).__name__, detail=str(exc)),
                         self.line)

    def _syntax_lines(self) -> list[int]:
        return [f.line for f in self.syntax
                if f.code.startswith("BEL0") and f.line and f.code not in _HARMLESS_SYNTAX]

    def _start_match(self, first: DealFacts | None) -> MatchCheck:
        ctx = self.ctx or self._setup()
        keep = self.config.keep_deals or self.observer is not None
        self.match = MatchCheck(ctx, self.report, keep, first_dealer(ctx, self.dealer_tag, first))
        return self.match

    def _flush(self, next_line: int) -> None:
        """Check the deal read last, now that its text is over (``next_line``: where the next
        deal starts)."""
        deal, self.pending = self.pending, None
        if deal is None:
            return
        print_ = None
        if self.config.keep_deals:
            print_ = deal.fingerprint  # the compiled reader's, made in its pass over a canonical deal
            if print_ is None:
                offer = deal.offer.card if deal.offer is not None else None
                print_ = fingerprint(deal_text(deal.dealer, deal.five, offer, deal.bids, deal.rest,
                                               deal.hands, deal.announcements, deal.tricks))
            self.deal_prints.append(print_)
        if self.failed:
            return
        lines = self._syntax_lines() if self.syntax else ()  # most games have no syntax finding
        broken = [ln for ln in lines if deal.line <= ln < next_line] if lines else []
        reports = self.report.deals
        kept = len(reports)
        self._guarded(self._check_deal, deal, not lines, broken)
        if len(reports) > kept:
            reports[-1].fingerprint = print_
        self.position += 1

    def _check_deal(self, deal: DealFacts, number_check: bool, broken: list[int]) -> None:
        match = self.match or self._start_match(deal)
        match.deal(deal, self.position, number_check, broken)

    # ------------------------------------------------------------------ a deal
    def begin_deal(self, number: int, dealer: int | None, line: int, col: int) -> Skip | None:
        self.deal = deal = DealFacts(number, dealer, line, col)
        self._open(deal)
        self.trick = None
        self._new_trick(TrickFact(0, line, col))  # a spare trick for plays before the first one
        self.last = None
        self.lines = []
        self.parents = []
        return None

    def _open(self, deal: DealFacts) -> None:
        """A deal starts: the one before is checked, now that its text is over."""
        self._flush(deal.line)
        if not self.tagged and not self.deal_count:
            self._place(deal.line, deal.col)
        if self.ctx is None:
            self._setup()
        self.deal_count += 1

    def end_deal(self) -> None:
        self.pending, self.deal = self.deal, None

    def wants_deal_prints(self) -> bool:
        """The deals' fingerprints are made with the deal reports (``keep_deals``)."""
        return self.config.keep_deals

    def visit_deal_parts(self, deal: DealFacts) -> None:
        """A canonical deal at once (the compiled reader's, made of :attr:`DEAL_PARTS`), as
        ``begin_deal``, the visits of its lines and ``end_deal`` would have kept it."""
        self._open(deal)
        self.pending = deal
