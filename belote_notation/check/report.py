"""What the validator hands back: per deal the recomputed score, per game the findings and winner.

These are plain slotted dataclasses (cheap to build, cheap to pickle between processes);
:meth:`GameReport.to_dict` gives the JSON form ``belote-replay validate --format json`` prints
and :meth:`GameReport.from_dict` reads it back. That form is a versioned schema,
:data:`REPORT_SCHEMA_VERSION`, described by the JSON Schema shipped next to this module
(:func:`report_schema`; docs/api.md). Team pairs are ``[N-S, E-W]``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from belote_notation.check.findings import Finding, effective_severity
from belote_notation.game.cards import FRENCH_SUITS, SEAT_NAMES, SPANISH_SUITS, Deck, suit_name
from belote_notation.game.code_table import CODES

__all__ = [
    "REPORT_SCHEMA_VERSION",
    "CodeSelection",
    "DealReport",
    "GameReport",
    "report_schema",
    "seat_name",
    "team_name",
    "translated_report",
]

REPORT_SCHEMA_VERSION = "1.0"
"""The version of the JSON form of a report (``"schema_version"`` of each game's JSON, and of
the document that holds them). ``MAJOR.MINOR``: the minor grows when fields are added (a
reader ignores the fields it does not know), the major when a field changes meaning or goes.
1.0: the fields of release 0.1.0, with ``fingerprint`` (games and deals), ``offset`` and
``length`` (games) added."""


@lru_cache(maxsize=1)
def report_schema() -> dict[str, Any]:
    """The JSON Schema of a game's report (``game-report.schema.json``, shipped in the package).

    >>> report_schema()["properties"]["schema_version"]["const"] == REPORT_SCHEMA_VERSION
    True
    """
    from importlib import resources

    text = resources.files("belote_notation.check").joinpath("game-report.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@dataclass(frozen=True, slots=True)
class CodeSelection:
    """Which codes are reported, chosen as ruff chooses: by code or prefix (``BEL9``, ``BEL605``).

    A code is reported when a ``select`` prefix matches it (everything when ``select`` is
    empty) and no ``ignore`` prefix matches it as specifically or more: the longest matching
    prefix decides, and on a tie ``ignore`` wins. ``ALL`` is the empty prefix.

    A selection may refine a ``base`` one (the command line over a configuration file, as in
    ruff): a code its own prefixes do not name is decided by the base, unless it has a
    ``select`` of its own, which replaces the base's choice altogether.

    >>> quiet = CodeSelection(ignore=("BEL9", "BEL605"))
    >>> quiet.allows("BEL303"), quiet.allows("BEL903"), quiet.allows("BEL605")
    (True, False, False)
    >>> CodeSelection(select=("BEL3",), ignore=("BEL30",)).allows("BEL303")
    False
    >>> CodeSelection(select=("BEL303",), ignore=("BEL3",)).allows("BEL303")
    True
    >>> configured = CodeSelection(select=("BEL303",))
    >>> CodeSelection(ignore=("BEL3",), base=configured).allows("BEL303")
    False
    >>> CodeSelection(ignore=("BEL9",), base=configured).allows("BEL303")
    True
    """

    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    base: CodeSelection | None = None

    def allows(self, code: str) -> bool:
        chosen, dropped = _longest(self.select, code), _longest(self.ignore, code)
        if chosen is not None or dropped is not None:
            return dropped is None or (chosen is not None and chosen > dropped)
        if self.select:
            return False
        return self.base is None or self.base.allows(code)

    def keep(self, findings: list[Finding]) -> list[Finding]:
        if not self.select and not self.ignore and self.base is None:
            return findings
        return [f for f in findings if self.allows(f.code)]

    @staticmethod
    def unknown(prefixes: tuple[str, ...]) -> list[str]:
        """The prefixes that match no code of :data:`~belote_notation.game.code_table.CODES`.

        >>> CodeSelection.unknown(("BEL3", "bel605", "BEL999", "ALL"))
        ['BEL999']
        """
        return [p for p in prefixes if not any(code.startswith(_prefix(p)) for code in CODES)]


def _prefix(text: str) -> str:
    text = text.strip().upper()
    return "" if text == "ALL" else text


def _longest(prefixes: tuple[str, ...], code: str) -> int | None:
    lengths = [len(_prefix(p)) for p in prefixes if code.startswith(_prefix(p))]
    return max(lengths) if lengths else None


_TEAMS = ("NS", "EW")


def team_name(team: int | None) -> str | None:
    return None if team is None else _TEAMS[team]


def seat_name(seat: int | None) -> str | None:
    return None if seat is None or not 0 <= seat < 4 else SEAT_NAMES[seat]


def _team(name: str | None) -> int | None:
    return None if name is None else ("NS", "EW").index(name)


def _seat(name: str | None) -> int | None:
    return None if name is None else SEAT_NAMES.index(name)


@dataclass(slots=True)
class DealReport:
    """The recomputed result of one deal (fields are ``None`` when they could not be worked out)."""

    number: int
    line: int = 0
    dealer: int | None = None
    taker: int | None = None
    trump: int | None = None
    outcome: str | None = None
    """``made``, ``failed``, ``litige``, ``capot`` or ``dead``; ``None`` when not scored."""
    card_points: list[int] | None = None
    last_trick: int | None = None
    announcements: list[int] | None = None
    belote: list[int] | None = None
    credited: list[int] | None = None
    """Points credited by this deal before the pot (what the engine's DealResult says)."""
    pot_in: int = 0
    """Points this deal put into the litige pot."""
    pot_claimed: list[int] | None = None
    """Points taken out of the pot by this deal, per team."""
    pot: int | None = None
    """The pot after this deal."""
    totals: list[int] | None = None
    """Running match totals after this deal."""
    claimed_score: list[int] | None = None
    claimed_totals: list[int] | None = None
    claimed_pot: int | None = None
    fingerprint: str | None = None
    """The deal's fingerprint (:mod:`belote_notation.notation.fingerprint`)."""

    def to_dict(self, deck: Any = None) -> dict[str, Any]:
        # seat_name and team_name inlined, the trump a letter of its deck: once a deal for the JSON outputs
        dealer, taker, trump, last = self.dealer, self.taker, self.trump, self.last_trick
        return {
            "deal": self.number,
            "line": self.line,
            "dealer": None if dealer is None or not 0 <= dealer < 4 else SEAT_NAMES[dealer],
            "taker": None if taker is None or not 0 <= taker < 4 else SEAT_NAMES[taker],
            "trump": None if trump is None or not 0 <= trump < 4 else _suit_letters(deck)[trump],
            "outcome": self.outcome,
            "card_points": self.card_points,
            "last_trick": None if last is None else _TEAMS[last],
            "announcements": self.announcements,
            "belote": self.belote,
            "credited": self.credited,
            "pot_in": self.pot_in,
            "pot_claimed": self.pot_claimed,
            "pot": self.pot,
            "totals": self.totals,
            "recorded": {
                "score": self.claimed_score,
                "match_score": self.claimed_totals,
                "pot": self.claimed_pot,
            },
            "fingerprint": self.fingerprint,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], deck: Any = None) -> DealReport:
        """The report :meth:`to_dict` wrote (``deck``: the game's, for the trump's letter).

        ``to_dict`` writes a sans-atout or tout-atout trump (4, 5) as ``null``: it reads back
        as ``None``. Fields this version does not know are ignored.
        """
        recorded = data.get("recorded") or {}
        return cls(data["deal"], data.get("line", 0), _seat(data.get("dealer")), _seat(data.get("taker")),
                   _suit(data.get("trump"), deck), data.get("outcome"), data.get("card_points"),
                   _team(data.get("last_trick")), data.get("announcements"), data.get("belote"),
                   data.get("credited"), data.get("pot_in", 0), data.get("pot_claimed"), data.get("pot"),
                   data.get("totals"), recorded.get("score"), recorded.get("match_score"),
                   recorded.get("pot"), data.get("fingerprint"))


def _suit_letters(deck: Any) -> str:
    """The suit letters of ``deck`` by suit number (a deck that is not a :class:`Deck`: the
    French letters), as :func:`~belote_notation.game.cards.suit_name` spells them."""
    return SPANISH_SUITS if deck is Deck.SPANISH else FRENCH_SUITS


def _suit(name: str | None, deck: Any) -> int | None:
    if name is None:
        return None
    deck = deck if isinstance(deck, Deck) else Deck.FRENCH
    for suit in range(4):
        if suit_name(suit, deck) == name:
            return suit
    raise ValueError(f"trump {name!r} is not a suit of the {deck.value} deck")


@dataclass(slots=True)
class GameReport:
    """Everything the validator found about one game (match) of a file."""

    file: str
    game: int
    """1-based number of the game in its file."""
    line: int = 0
    rules: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    deck: str | None = None
    findings: list[Finding] = field(default_factory=list)
    deals: list[DealReport] = field(default_factory=list)
    deal_count: int = 0
    totals: list[int] | None = None
    pot: int | None = None
    winner: int | None = None
    """Team that won the match (0 N-S, 1 E-W), ``None`` when the match goes on or is unknown."""
    result: str | None = None
    """The result as recorded."""
    fingerprint: str | None = None
    """The game's fingerprint (:mod:`belote_notation.notation.fingerprint`); ``None`` when the
    checks were asked for no deal reports (``ValidationConfig.keep_deals=False``)."""
    offset: int | None = None
    """Where the game's text starts in its source, in bytes (``None``: not read from a source)."""
    length: int | None = None
    """The size of the game's text in its source, in bytes: ``source[offset:offset + length]``."""

    def counts(self, strict: bool = False) -> dict[str, int]:
        counts = {"error": 0, "warning": 0, "info": 0}
        for f in self.findings:
            counts[effective_severity(f.severity, strict)] += 1
        return counts

    def to_dict(self, strict: bool = False, with_deals: bool = True,
                findings: list[Finding] | None = None) -> dict[str, Any]:
        """The JSON form; ``findings``: those to write instead of the report's own (an output's
        selection of them), without a copy of the report."""
        deck = Deck(self.deck) if self.deck in ("french", "spanish") else None
        out: dict[str, Any] = {
            "schema_version": REPORT_SCHEMA_VERSION,
            "game": self.game,
            "line": self.line,
            "rules": self.rules,
            "options": self.options,
            "deck": self.deck,
            "deal_count": self.deal_count,
            "findings": [f.to_dict(effective_severity(f.severity, strict))
                         for f in (self.findings if findings is None else findings)],
            "totals": self.totals,
            "pot": self.pot,
            "winner": team_name(self.winner),
            "result": self.result,
            "fingerprint": self.fingerprint,
            "offset": self.offset,
            "length": self.length,
        }
        if with_deals:
            out["deals"] = [d.to_dict(deck) for d in self.deals]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any], file: str | None = None) -> GameReport:
        """The report :meth:`to_dict` wrote; ``file`` is the input's path (the JSON document
        says it once per file, and in each finding). Raises :class:`ValueError` for another
        major version of the schema.

        >>> report = GameReport("a.bel", 2, 5, rules="classic", deck="french", deal_count=1)
        >>> GameReport.from_dict(report.to_dict(), "a.bel") == report
        True
        """
        version = str(data.get("schema_version", REPORT_SCHEMA_VERSION))
        if version.split(".")[0] != REPORT_SCHEMA_VERSION.split(".")[0]:
            raise ValueError(f"report schema version {version}: this version reads "
                             f"{REPORT_SCHEMA_VERSION.split('.')[0]}.x")
        findings = [Finding.from_dict(f) for f in data.get("findings", ())]
        deck = Deck(data["deck"]) if data.get("deck") in ("french", "spanish") else None
        if file is None:
            file = findings[0].file if findings else "<string>"
        deals = [DealReport.from_dict(d, deck) for d in data.get("deals", ())]
        return cls(file, data["game"], data.get("line", 0), data.get("rules"),
                   dict(data.get("options") or {}), data.get("deck"), findings, deals,
                   data.get("deal_count", 0), data.get("totals"), data.get("pot"), _team(data.get("winner")),
                   data.get("result"), data.get("fingerprint"), data.get("offset"), data.get("length"))


def translated_report(data: dict[str, Any], lang: str) -> dict[str, Any]:
    r"""A report's JSON form (:meth:`GameReport.to_dict`) with each finding's ``message`` in
    ``lang``, rendered from its ``message_id`` and ``args`` (a finding without them keeps its
    text); ``data`` itself is not changed.

    >>> from belote_notation.check.validator import validate_text
    >>> data = validate_text('[Rules "moroccan"]\n\ndeal 1 dealer N\nend\n*')[0].to_dict()
    >>> [f["message"] for f in translated_report(data, "fr")["findings"]][:1]
    ['impossible de vérifier les enchères : aucune enchère notée']
    """
    if lang == "en" or not data.get("findings"):
        return data
    findings = [dict(f, message=Finding.from_dict(f).text(lang)) if "message_id" in f else f
                for f in data["findings"]]
    return {**data, "findings": findings}
