"""``csv``: score sheets in, deal tables out.

Out: one row per deal of any game, the figures the checks work out with the rules engine
(``check.validator``: the engine scores each deal once, here as in ``validate``) next to what
the record claims. In: the score sheet clubs and score-keeping apps keep (deal, dealer,
taker, trump, points per team, running totals) as a *score-sheet record*: each deal holds the
contract (``smsara SEAT:take SUIT``) and the scores it claims, nothing else, so ``validate``
checks what can be checked and says what could not (BEL902, BEL903).

This module is the one format that uses ``check``: a deal table reports the engine's scoring
(docs/architecture.md, "formats").

>>> import io
>>> sheet = "deal,dealer,taker,trump,score_ns,score_ew,match_ns,match_ew\\n1,S,W,H,41,141,41,141\\n"
>>> [type(x).__name__ for x in CsvFormat().read(io.BytesIO(sheet.encode()))]
['Game']
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterable, Iterator
from typing import BinaryIO, TextIO

from belote_notation.check.validator import validate_game
from belote_notation.formats.base import (
    KEPT_AS_TEXT,
    MISSING_FIELD,
    UNREADABLE,
    UNREADABLE_VALUE,
    Format,
    FormatIssue,
    ReadItem,
    Stream,
    binary_stream,
    issue,
)
from belote_notation.formats.limits import GameBudget
from belote_notation.formats.values import MAX_DIGITS, action_value, int_value, seat_value, shown, suit_value
from belote_notation.game.cards import SEAT_NAMES, Deck
from belote_notation.game.lang import Listed, Message, msg
from belote_notation.notation.headers import game_deck
from belote_notation.notation.read.build import RecordBuilder
from belote_notation.notation.records import Deal, Game, Header
from belote_notation.notation.write.writer import strain_name

__all__ = ["COLUMNS", "CsvFormat", "SafeCsvWriter", "deal_rows", "safe_cell"]

COLUMNS = ("game", "rules", "deal", "dealer", "taker", "trump", "contract", "outcome",
           "card_points_ns", "card_points_ew", "announcements_ns", "announcements_ew",
           "belote_ns", "belote_ew", "credited_ns", "credited_ew", "total_ns", "total_ew",
           "score_ns", "score_ew", "match_ns", "match_ew", "pot")
"""The columns of a deal table, in order. ``credited``/``total`` are the engine's figures;
``score``/``match``/``pot`` are what the record claims."""

ALIASES: dict[str, str] = {
    "partie": "game", "match": "game", "donne": "deal", "n": "deal", "#": "deal", "no": "deal",
    "donneur": "dealer", "preneur": "taker", "pris": "taker", "atout": "trump", "suit": "trump",
    "couleur": "trump", "contrat": "contract", "rules": "rules", "regles": "rules",
    "ns": "score_ns", "ew": "score_ew", "eo": "score_ew", "points_ns": "score_ns",
    "points_ew": "score_ew", "nous": "score_ns", "eux": "score_ew", "points_eo": "score_ew",
    "total_eo": "total_ew", "cumul_ns": "match_ns", "cumul_ew": "match_ew",
    "cumul_eo": "match_ew", "litige": "pot",
}
"""Column names a score sheet may use (any case; spaces and dashes read as ``_``)."""

_DERIVED = frozenset(COLUMNS[7:18])
"""Columns the engine works out from the cards: a score sheet's are kept as comments."""
_READ = frozenset({"game", "rules", "deal", "dealer", "taker", "trump", "contract", "score_ns",
                   "score_ew", "match_ns", "match_ew", "pot"})


# ============================================================================ writing
def _pair(values: list[int] | None) -> tuple[object, object]:
    return (values[0], values[1]) if values else ("", "")


def _contract(deal: Deal, deck: Deck) -> str:
    for bid in deal.bids:
        if bid.action == "take":
            return "take" if bid.suit is None else f"take {strain_name(bid.suit, deck)}"
    return ""


def _seat(seat: int | None) -> str:
    return SEAT_NAMES[seat] if seat is not None and 0 <= seat <= 3 else ""


def deal_rows(game: Game, number: int = 1) -> Iterator[list[object]]:
    """The rows of ``game``'s deal table (``number``: the game's 1-based place in its file)."""
    report = validate_game(game, "<table>", number)
    deck = game_deck(game.headers)
    reports = report.deals if len(report.deals) == len(game.deals) else [None] * len(game.deals)
    for deal, found in zip(game.deals, reports, strict=True):
        dealer = found.dealer if found is not None and found.dealer is not None else deal.dealer
        taker = found.taker if found is not None else None
        trump = found.trump if found is not None else None
        row: list[object] = [number, game.header("Rules", ""), deal.number, _seat(dealer), _seat(taker),
                             strain_name(trump, deck) if trump is not None and trump >= 0 else "",
                             _contract(deal, deck), (found.outcome or "") if found else ""]
        for values in ((found.card_points, found.announcements, found.belote, found.credited,
                        found.totals) if found else (None,) * 5):
            row.extend(_pair(values))
        row.extend((deal.score.ns, deal.score.ew) if deal.score else ("", ""))
        row.extend((deal.match_score.ns, deal.match_score.ew) if deal.match_score else ("", ""))
        row.append("" if deal.pot is None else deal.pot)
        yield row


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n")
_NUMBER = re.compile(r"-?[0-9]+")


def safe_cell(cell: object) -> object:
    """A cell a spreadsheet will not run as a formula (OWASP's CSV injection guidance): a text
    starting with ``= + - @``, a tab or a line break gets a leading ``'``; numbers, negative
    ones included, and every other text are written as they are.

    >>> [safe_cell(c) for c in ("=HYPERLINK(A1)", "+1+1", "@SUM(A1)", "-12", -3, "classic")]
    ["'=HYPERLINK(A1)", "'+1+1", "'@SUM(A1)", '-12', -3, 'classic']
    >>> safe_cell(chr(9) + "x") == "'" + chr(9) + "x", safe_cell("-1-1")
    (True, "'-1-1")
    """
    if isinstance(cell, str) and cell.startswith(_FORMULA_START) and not _NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


class SafeCsvWriter:
    """A :func:`csv.writer` (``\\n`` line ends) whose every cell goes through :func:`safe_cell`:
    the one way the project writes CSV (``convert --to csv``, ``stats --format csv``), so that
    no writer escapes formulas and another forgets (issue 38).

    >>> import io
    >>> out = io.StringIO()
    >>> SafeCsvWriter(out).writerow(["player", "=HYPERLINK(1)", -2])
    >>> out.getvalue()
    "player,'=HYPERLINK(1),-2\\n"
    """

    def __init__(self, out: TextIO) -> None:
        self._writer = csv.writer(out, lineterminator="\n")

    def writerow(self, row: Iterable[object]) -> None:
        self._writer.writerow([safe_cell(cell) for cell in row])

    def writerows(self, rows: Iterable[Iterable[object]]) -> None:
        for row in rows:
            self.writerow(row)


# ============================================================================ reading
def _unreadable(what: Message, text: str) -> Message:
    said = msg("cannot read %(what)s from %(raw)s", what=what, raw=shown(text))
    digits = text.lstrip("+-")
    if digits.isdigit() and len(digits) > MAX_DIGITS:
        return msg("%(problem)s (the reader reads numbers of at most %(most)s digits)", problem=said,
                   most=MAX_DIGITS)
    return said



def _column(name: str) -> str:
    key = "_".join(name.strip().lower().replace("-", " ").split())
    return ALIASES.get(key, key)


class _SheetReader:
    """Rows of a score sheet into score-sheet records (through the RecordBuilder)."""

    def __init__(self) -> None:
        self.builder = RecordBuilder()
        self.game_key: str | None = None
        self.issues: list[FormatIssue] = []
        self.deck = Deck.FRENCH
        self.deal_number = 0

    def finish(self) -> Game | None:
        if self.game_key is None:
            return None
        self.builder.end_game()
        self.game_key = None
        return self.builder.result().game

    def _start(self, key: str, rules: str, line: int) -> None:
        self.builder.begin_game(0, line, 1)
        headers = [("Rules", rules)] if rules else []
        for name, value in headers:
            self.builder.visit_header(name, value, line, 1)
        self.deck = game_deck(Header(name=n, value=v) for n, v in headers)
        self.builder.end_headers()
        self.game_key, self.deal_number = key, 0

    def _cell(self, row: dict[str, str], name: str, line: int, read: Callable[[str], int | None],
              what: Message) -> int | None:
        """The cell ``name`` read by ``read``; ``None`` when empty or unreadable (said)."""
        text = row.get(name, "").strip()
        if not text:
            return None
        value = read(text)
        if value is None:
            self.issues.append(issue(UNREADABLE_VALUE, _unreadable(what, text), line, line, name))
        return value

    def _int(self, row: dict[str, str], name: str, line: int) -> int | None:
        """A number of at most the reader's :data:`MAX_DIGITS` digits."""
        return self._cell(row, name, line, int_value, msg("a number"))

    def _seat(self, row: dict[str, str], name: str, line: int) -> int | None:
        return self._cell(row, name, line, seat_value, msg("a seat"))

    def row(self, row: dict[str, str], line: int, extra: list[str]) -> Game | None:
        done = None
        key = row.get("game", "").strip() or (self.game_key or "1")
        if key != self.game_key:
            done = self.finish()
            self._start(key, row.get("rules", "").strip(), line)
        b = self.builder
        number = self._int(row, "deal", line)
        self.deal_number = number if number is not None else self.deal_number + 1
        b.begin_deal(self.deal_number, self._seat(row, "dealer", line), line, 1)
        self._contract(row, line)
        self._scores(row, line)
        kept = " ".join(f"{name}={row[name].strip()}" for name in extra if row.get(name, "").strip())
        if kept:
            b.visit_comment(kept, line, 1)
        b.end_deal()
        return done

    def _contract(self, row: dict[str, str], line: int) -> None:
        taker = self._seat(row, "taker", line)
        trump_text = row.get("trump", "").strip()
        contract = row.get("contract", "").strip()
        words = contract.split()
        if not trump_text and len(words) == 2 and action_value(words[0]) == "take":
            trump_text = words[1]
        elif contract and action_value(words[0] if words else "") != "take":
            self.builder.visit_comment(f"contract={contract}", line, 1)
            self.issues.append(issue(KEPT_AS_TEXT, msg("contract %(contract)s kept as a comment",
                                                       contract=repr(contract)), line, line, "contract"))
        trump = None
        if trump_text:
            trump = suit_value(trump_text, self.deck)
            if trump is None:
                self.issues.append(issue(UNREADABLE_VALUE, msg("cannot read %(what)s from %(raw)s",
                                                               what=msg("a suit"), raw=repr(trump_text)),
                                         line, line, "trump"))
        if taker is None:
            if trump is not None:
                self.issues.append(issue(MISSING_FIELD, msg("a trump without a taker: kept as a comment"),
                                         line, line, "taker"))
                self.builder.visit_comment(f"trump={trump_text}", line, 1)
            return
        self.builder.begin_section("bidding", line, 1)
        self.builder.visit_call(taker, "take", trump, 1, line, 1)

    def _scores(self, row: dict[str, str], line: int) -> None:
        opened = False
        for kind, ns_name, ew_name in (("score", "score_ns", "score_ew"), ("match", "match_ns", "match_ew")):
            ns, ew = self._int(row, ns_name, line), self._int(row, ew_name, line)
            if ns is None and ew is None:
                continue
            if ns is None or ew is None:
                missing = ns_name if ns is None else ew_name
                self.issues.append(issue(MISSING_FIELD, msg("%(kind)s without %(missing)s: left out",
                                                            kind=kind, missing=missing), line, line, missing))
                continue
            if not opened:
                self.builder.begin_section("scores", line, 1)
                opened = True
            self.builder.visit_score(kind, ns, ew, line, 1)  # type: ignore[arg-type]
        pot = self._int(row, "pot", line)
        if pot is not None:
            if not opened:
                self.builder.begin_section("scores", line, 1)
            self.builder.visit_score("pot", pot, None, line, 1)


def read_sheet(source: BinaryIO) -> Iterator[ReadItem]:
    """Score-sheet records from CSV bytes (``,`` or ``;`` separated, a header row first)."""
    text = io.TextIOWrapper(source, encoding="utf-8-sig", errors="strict", newline="")
    reader = _SheetReader()
    try:
        first = text.readline()
    except UnicodeDecodeError as exc:
        yield issue(UNREADABLE, msg("not UTF-8 text (%(error)s)", error=exc.reason), 1, 1)
        return
    delimiter = ";" if first.count(";") > first.count(",") else ","
    names = [_column(n) for n in next(csv.reader([first], delimiter=delimiter), [])]
    if "deal" not in names and not ({"score_ns", "score_ew"} & set(names)):
        yield issue(UNREADABLE, msg("no header row naming a deal or score column"), 1, 1)
        return
    if "match_ns" not in names and "credited_ns" not in names:
        # a score sheet's "total" is its running total: what our deal table calls match_*
        names = [{"total_ns": "match_ns", "total_ew": "match_ew"}.get(n, n) for n in names]
    extra = [n for n in names if n not in _READ]
    if extra:
        yield issue(KEPT_AS_TEXT, msg("columns .bel cannot say, kept as a comment on each deal: %(names)s",
                                      names=Listed(tuple(extra))), 1, 1)
    rows = csv.reader(_lines(text, reader), delimiter=delimiter)
    line = 1
    budget = GameBudget()  # the reader's items per game: each cell of a row one item
    while True:
        try:
            values = next(rows)
        except StopIteration:
            break
        except csv.Error as exc:
            line += 1
            reader.issues.append(issue(UNREADABLE, msg("not a CSV row (%(error)s)", error=str(exc)), line,
                                       line))
            continue
        line = 1 + rows.line_num
        if not any(v.strip() for v in values):
            continue
        if len(values) > len(names):
            reader.issues.append(_extra_cells(len(values) - len(names), line))
        cells = sum(1 for v in values if v.strip())
        cut = None
        if budget.spend(cells) and reader.game_key is not None:  # read up to here, the rest: another game
            yield budget.cut_issue(line, msg("filled cells"))
            cut = reader.finish()
            budget.spend(cells)
        game = reader.row(dict(zip(names, values, strict=False)), line, extra)
        if game is not None:  # the row began another game: the one before is done
            budget.reset()
            budget.spend(cells)
        if cut is not None:
            yield cut
        yield from reader.issues
        reader.issues.clear()
        if game is not None:
            yield game
    game = reader.finish()
    yield from reader.issues
    if game is not None:
        yield game


def _extra_cells(count: int, line: int) -> FormatIssue:
    return issue(UNREADABLE_VALUE, msg("%(count)s cells after the last named column: left out", count=count),
                 line, line)


def _lines(text: TextIO, reader: _SheetReader) -> Iterator[str]:
    """The remaining lines; a line that is not UTF-8 ends the input with an issue."""
    number = 1
    while True:
        number += 1
        try:
            line = text.readline()
        except UnicodeDecodeError as exc:
            reader.issues.append(issue(UNREADABLE, msg("not UTF-8 text (%(error)s): the rest is not read",
                                                       error=exc.reason), number, number))
            return
        if not line:
            return
        yield line


class CsvFormat(Format):
    name = "csv"
    title = msg("score sheets in (score-sheet records), deal tables out (docs/formats/csv.md)").id
    extensions = (".csv",)

    def sniff(self, head: bytes) -> bool:
        first = head.lstrip(b"\xef\xbb\xbf").split(b"\n", 1)[0].lower()
        if first.lstrip().startswith((b"{", b"[")) or not (b"," in first or b";" in first):
            return False
        return b"deal" in first or b"donne" in first

    def read(self, source: Stream, name: str = "<input>") -> Iterator[ReadItem]:
        return read_sheet(binary_stream(source))

    def write(self, games: Iterable[Game], out: TextIO) -> Iterator[FormatIssue]:
        writer = SafeCsvWriter(out)
        writer.writerow(COLUMNS)
        for number, game in enumerate(games, 1):
            writer.writerows(deal_rows(game, number))
        return iter(())
