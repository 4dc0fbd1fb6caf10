"""What ``belote-replay select`` keeps: filters on a game and on its deals, read from words.

A game matches when every game filter matches it and, when deal filters are given, at least
one of its deals matches every deal filter. In deal mode each deal of a matching game is kept
when it matches every deal filter. ``invert`` keeps exactly what would have been left out.

>>> q = Query.build(tags=["Event~Club.*"], outcomes=["made"], games="2-3")
>>> q.deal_filters_given, q.games.allows(2), q.games.allows(4)
(True, True, False)
>>> Query.build(tags=["Event"])
Traceback (most recent call last):
...
belote_notation.collections.query.QueryError: --tag 'Event': write NAME=VALUE (equal) or NAME~REGEX (search)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from belote_notation.check.report import CodeSelection
from belote_notation.collections.facts import DealFacts, GameFacts

__all__ = ["OUTCOMES", "CONTRACTS", "NumberRanges", "Query", "QueryError", "TagTest", "parse_trump"]

OUTCOMES = ("made", "failed", "litige", "capot", "dead")
CONTRACTS = ("take", "points", "capot", "generale")
SEATS = "NESW"
GLYPHS = ("!", "?", "!!", "??", "!?", "?!")
_TRUMPS = {"s": 0, "♠": 0, "spades": 0, "h": 1, "♥": 1, "hearts": 1, "d": 2, "♦": 2, "diamonds": 2,
           "c": 3, "♣": 3, "clubs": 3, "e": 0, "espadas": 0, "copas": 1, "o": 2, "oros": 2,
           "b": 3, "bastos": 3, "sa": 4, "sans-atout": 4, "ta": 5, "tout-atout": 5}


class QueryError(ValueError):
    """A filter that cannot be read (a usage error: exit code 2)."""


@dataclass(frozen=True, slots=True)
class NumberRanges:
    """``10-20``, ``5``, ``10-`` or ``-3``, comma-separated; 1-based and inclusive.

    >>> r = NumberRanges.parse("1,4-5,9-", "--games")
    >>> [n for n in range(1, 12) if r.allows(n)]
    [1, 4, 5, 9, 10, 11]
    >>> NumberRanges.parse("5-2", "--deals")
    Traceback (most recent call last):
    ...
    belote_notation.collections.query.QueryError: --deals '5-2': a range goes up (5-2)
    """

    spans: tuple[tuple[int, int | None], ...] = ()

    @classmethod
    def parse(cls, text: str, option: str) -> NumberRanges:
        spans = []
        for part in text.split(","):
            low, dash, high = part.strip().partition("-")
            try:
                first = int(low) if low.strip() else 1
                last = (int(high) if high.strip() else None) if dash else first
            except ValueError:
                raise QueryError(f"{option} {text!r}: write N, N-M, N- or -M (comma-separated)") from None
            if first < 1 or (last is not None and last < first):
                raise QueryError(f"{option} {text!r}: a range goes up ({part.strip()})" if first >= 1
                                 else f"{option} {text!r}: numbers start at 1")
            spans.append((first, last))
        return cls(tuple(spans))

    def allows(self, number: int) -> bool:
        return not self.spans or any(a <= number and (b is None or number <= b) for a, b in self.spans)


@dataclass(frozen=True, slots=True)
class TagTest:
    """``NAME=VALUE`` (equal, any case of the name) or ``NAME~REGEX`` (a search).

    The regular expression runs on RE2 (``google-re2``), whose time is linear in the tag's
    length whatever the pattern (issue 38: ``(a+)+$`` on 26 characters took 2.7 s with
    :mod:`re`); its syntax is Python's less backreferences and lookarounds, which are refused.

    >>> TagTest.parse("Event~(a+)+$").pattern.search("a" * 10_000 + "b") is None
    True
    """

    name: str
    value: str
    pattern: Any = None
    """The compiled RE2 pattern of ``NAME~REGEX`` (``None`` for ``NAME=VALUE``)."""

    @classmethod
    def parse(cls, text: str) -> TagTest:
        at = min((i for i in (text.find("="), text.find("~")) if i > 0), default=-1)
        if at < 0:
            raise QueryError(f"--tag {text!r}: write NAME=VALUE (equal) or NAME~REGEX (search)")
        name, value = text[:at].strip(), text[at + 1:]
        if text[at] == "=":
            return cls(name, value)
        try:
            import re2  # type: ignore[import-untyped]  # google-re2: a dependency
        except ImportError:
            raise QueryError(f"--tag {text!r}: a regular expression needs google-re2, a linear-time "
                             f"engine (pip install google-re2)") from None
        options = re2.Options()
        options.log_errors = False  # the reason is in the exception, said once below
        try:
            return cls(name, value, re2.compile(value, options=options))
        except re2.error as exc:
            reason = exc.args[0].decode("utf-8", "replace") if exc.args and isinstance(exc.args[0], bytes) \
                else str(exc)
            raise QueryError(f"--tag {text!r}: not a regular expression select runs ({reason}; no "
                             f"backreferences nor lookarounds: the engine is linear-time)") from None

    def matches(self, facts: GameFacts) -> bool:
        value = facts.tag(self.name)
        if value is None:
            return False
        return bool(self.pattern.search(value)) if self.pattern is not None else value == self.value


def parse_trump(text: str) -> int:
    """A trump by letter, symbol or name (French letters S H D C; ``sa``, ``ta`` for contrée).

    >>> parse_trump("H"), parse_trump("♣"), parse_trump("sa"), parse_trump("oros")
    (1, 3, 4, 2)
    """
    found = _TRUMPS.get(text.strip().lower())
    if found is None:
        raise QueryError(f"--trump {text!r}: one of S H D C (or ♠ ♥ ♦ ♣, spades..., oros..., sa, ta)")
    return found


def _seat(text: str, option: str) -> int:
    seat = SEATS.find(text.strip().upper()[:1]) if text.strip() else -1
    if seat < 0 or len(text.strip()) != 1:
        raise QueryError(f"{option} {text!r}: one of N E S W")
    return seat


def _choices(values: Sequence[str], allowed: Sequence[str], option: str) -> frozenset[str]:
    wrong = [v for v in values if v.lower() not in allowed]
    if wrong:
        raise QueryError(f"{option} {wrong[0]!r}: one of {', '.join(allowed)}")
    return frozenset(v.lower() for v in values)


def _date(text: str | None, option: str) -> str | None:
    """A date of the calendar, ``YYYY.MM.DD`` (or ``YYYY.MM``, ``YYYY``); an impossible one
    (month 13, 31 April, 29 February of a common year) is refused, not matched against nothing.

    >>> _date("2024.02.29", "--date-from")
    '2024.02.29'
    >>> _date("2023.02.29", "--date-from")
    Traceback (most recent call last):
    ...
    belote_notation.collections.query.QueryError: --date-from '2023.02.29': no such day (February 2023 has 28)
    """
    if text is None:
        return None
    if not re.fullmatch(r"\d{4}(\.\d{2}(\.\d{2})?)?", text.strip()):
        raise QueryError(f"{option} {text!r}: a date is YYYY.MM.DD (or YYYY.MM, YYYY)")
    year, month, day = [*map(int, text.strip().split(".")), 0, 0][:3]
    if len(text.strip()) > 4 and not 1 <= month <= 12:
        raise QueryError(f"{option} {text!r}: no such month ({month:02d}: 01 to 12)")
    if len(text.strip()) > 7:
        import calendar

        days = calendar.monthrange(year or 2000, month)[1]  # year 0000: as a leap year
        if not 1 <= day <= days:
            raise QueryError(f"{option} {text!r}: no such day ({calendar.month_name[month]} {year:04d} "
                             f"has {days})")
    return text.strip()


def _codes(values: Sequence[str], option: str) -> tuple[str, ...]:
    """Finding codes or prefixes (``BEL303``, ``BEL3``, ``ALL``); one that no code starts with
    is refused (it would silently match nothing, or every game with ``--lacks``)."""
    codes = tuple(c.strip().upper() for c in values)
    unknown = CodeSelection.unknown(codes)
    if unknown:
        raise QueryError(f"{option} {unknown[0]!r}: no finding code is or starts with this "
                         f"(docs/findings.md lists them)")
    return codes


@dataclass(frozen=True, slots=True)
class Query:
    """Every filter of ``select`` (empty: no filter of that kind); build it with :meth:`build`."""

    tags: tuple[TagTest, ...] = ()
    players: frozenset[str] = frozenset()
    teams: frozenset[str] = frozenset()
    date_from: str | None = None
    date_to: str | None = None
    rules: frozenset[str] = frozenset()
    results: frozenset[str] = frozenset()
    has_codes: tuple[str, ...] = ()
    lacks_codes: tuple[str, ...] = ()
    annotated: bool | None = None
    games: NumberRanges = field(default_factory=NumberRanges)
    dealers: frozenset[int] = frozenset()
    takers: frozenset[int] = frozenset()
    contracts: frozenset[str] = frozenset()
    contract_values: frozenset[int] = frozenset()
    trumps: frozenset[int] = frozenset()
    outcomes: frozenset[str] = frozenset()
    glyphs: frozenset[str] = frozenset()
    deals: NumberRanges = field(default_factory=NumberRanges)
    invert: bool = False

    @classmethod
    def build(cls, *, tags: Sequence[str] = (), players: Sequence[str] = (), teams: Sequence[str] = (),
              date_from: str | None = None, date_to: str | None = None, rules: Sequence[str] = (),
              results: Sequence[str] = (), has_codes: Sequence[str] = (), lacks_codes: Sequence[str] = (),
              annotated: bool | None = None, games: str | None = None, dealers: Sequence[str] = (),
              takers: Sequence[str] = (), contracts: Sequence[str] = (), trumps: Sequence[str] = (),
              outcomes: Sequence[str] = (), glyphs: Sequence[str] = (), deals: str | None = None,
              invert: bool = False) -> Query:
        """A query from the words of the command line; :class:`QueryError` says what is wrong."""
        kinds = [c for c in contracts if not c.strip().isdigit()]
        return cls(
            tuple(TagTest.parse(t) for t in tags), frozenset(p.strip().casefold() for p in players),
            frozenset(t.strip().casefold() for t in teams), _date(date_from, "--date-from"),
            _date(date_to, "--date-to"), frozenset(r.strip().lower() for r in rules),
            frozenset(r.strip().upper() for r in results), _codes(has_codes, "--has"),
            _codes(lacks_codes, "--lacks"), annotated,
            NumberRanges.parse(games, "--games") if games else NumberRanges(),
            frozenset(_seat(s, "--dealer") for s in dealers), frozenset(_seat(s, "--taker") for s in takers),
            _choices(kinds, CONTRACTS, "--contract"),
            frozenset(int(c) for c in contracts if c.strip().isdigit()),
            frozenset(parse_trump(t) for t in trumps), _choices(outcomes, OUTCOMES, "--outcome"),
            _choices(glyphs, GLYPHS, "--glyph"),
            NumberRanges.parse(deals, "--deals") if deals else NumberRanges(), invert)

    @property
    def deal_filters_given(self) -> bool:
        return bool(self.dealers or self.takers or self.contracts or self.contract_values or self.trumps
                    or self.outcomes or self.glyphs or self.deals.spans)

    def game_matches(self, game: GameFacts) -> bool:
        """Every game filter matches (deal filters aside)."""
        if not self.games.allows(game.number) or not all(t.matches(game) for t in self.tags):
            return False
        if self.players and not any(p is not None and p.strip().casefold() in self.players
                                    for p in game.players):
            return False
        if self.teams and not any(t is not None and t.casefold() in self.teams for t in game.teams):
            return False
        if (self.date_from or self.date_to) and not self._date_matches(game.tag("Date")):
            return False
        if self.rules and (game.rules or "").lower() not in self.rules:
            return False
        if self.results and (game.result or "").upper() not in self.results:
            return False
        if any(not any(c.startswith(p) for c in game.codes) for p in self.has_codes):
            return False
        if any(c.startswith(p) for p in self.lacks_codes for c in game.codes):
            return False
        return self.annotated is None or game.annotated == self.annotated

    def _date_matches(self, date: str | None) -> bool:
        """Compared as text (``YYYY.MM.DD``): a bound ``2024.03`` takes in all of March. An
        unknown date (no tag, ``??``) matches no range."""
        if not date or "?" in date[:4]:
            return False
        if self.date_from and date[:len(self.date_from)] < self.date_from:
            return False
        return not (self.date_to and date[:len(self.date_to)] > self.date_to)

    def deal_matches(self, deal: DealFacts) -> bool:
        """Every deal filter matches."""
        if not self.deals.allows(deal.position):
            return False
        if self.dealers and deal.dealer not in self.dealers:
            return False
        if self.takers and deal.taker not in self.takers:
            return False
        if self.contracts and deal.contract_kind not in self.contracts:
            return False
        if self.contract_values and deal.contract_value not in self.contract_values:
            return False
        if self.trumps and deal.trump not in self.trumps:
            return False
        if self.outcomes and not any(_outcome(deal, o) for o in self.outcomes):
            return False
        return not self.glyphs or bool(self.glyphs & deal.glyphs)

    def selects_game(self, game: GameFacts) -> bool:
        """The game is kept (``invert`` applied)."""
        matched = self.game_matches(game) and (
            not self.deal_filters_given or any(self.deal_matches(d) for d in game.deals))
        return matched != self.invert

    def selected_deals(self, game: GameFacts) -> list[DealFacts]:
        """The deals of ``game`` kept in deal mode (``invert`` applied)."""
        if not self.game_matches(game):
            return list(game.deals) if self.invert else []
        return [d for d in game.deals if self.deal_matches(d) != self.invert]


def _outcome(deal: DealFacts, wanted: str) -> bool:
    """``made`` and ``failed`` count a capot for the side that made it; ``capot`` is any capot."""
    if wanted == "made":
        return deal.made
    if wanted == "failed":
        return deal.failed
    return deal.outcome == wanted
