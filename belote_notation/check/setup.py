"""Which rules and which deck a game is checked with.

Resolution, most specific last:

1. the rule system: the command line's ``--rules`` if given, else the game's ``Rules``
   header, else ``classic``;
2. option overrides from the headers, as the notation defines them
   (:func:`belote_notation.notation.headers.rule_overrides`): ``[Option "key=value"]``
   (repeatable) and ``[Target "500"]``;
3. option overrides from the command line (``--option key=value``), which win;
4. the deck: the ``Deck`` header, else the rule system's deck.

A header that cannot be used becomes a finding at its position (``BEL701`` unknown rule
system, ``BEL702`` bad option, ``BEL703`` unknown deck); checking goes on with what
could be used.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from belote_notation.game.cards import Deck
from belote_notation.check.findings import BAD_OPTION, UNKNOWN_DECK, UNKNOWN_RULES, Finding
from belote_notation.notation.headers import deck_from_name, rule_overrides
from belote_notation.notation.records import Game, Header
from belote_notation.game.rules import Ruleset, RulesError

__all__ = ["ValidationConfig", "GameSetup", "resolve_setup", "parse_option", "parse_deck",
           "DEFAULT_RULES"]

DEFAULT_RULES = "classic"

@dataclass(frozen=True, slots=True)
class ValidationConfig:
    """What the command line asks for (picklable: it travels to worker processes)."""

    rules: Optional[str] = None
    """A preset name that overrides every game's ``Rules`` header."""
    options: tuple[tuple[str, str], ...] = ()
    """``(key, value)`` overrides applied after the headers' ones."""
    keep_deals: bool = True
    """Build a :class:`DealReport` for every deal (JSON output and ``show`` need them)."""


@dataclass(slots=True)
class GameSetup:
    rules: Ruleset
    deck: Deck
    findings: list[Finding] = field(default_factory=list)


def parse_option(text: str) -> tuple[str, str]:
    """``"key=value"`` (or ``key:value``) as a pair; raises :class:`ValueError` otherwise."""
    for sep in ("=", ":"):
        if sep in text:
            key, value = text.split(sep, 1)
            if key.strip():
                return key.strip(), value.strip()
    raise ValueError(f"option {text!r} is not KEY=VALUE")


_DERIVED: dict[tuple[int, str, str], tuple[Ruleset, Ruleset]] = {}
_CHANGED: dict[int, tuple[Ruleset, dict]] = {}


def with_option(rules: Ruleset, key: str, value: str) -> Ruleset:
    """``rules.with_options({key: value})``, remembered: a file's games repeat their tags."""
    memo = (id(rules), key, value)
    hit = _DERIVED.get(memo)
    if hit is not None and hit[0] is rules:
        return hit[1]
    derived = rules.with_options({key: value})
    if len(_DERIVED) > 512:
        _DERIVED.clear()
    _DERIVED[memo] = (rules, derived)
    return derived


def changed_options(rules: Ruleset) -> dict:
    """``rules.changed_options()``, remembered per ruleset (a copy for the caller)."""
    hit = _CHANGED.get(id(rules))
    if hit is None or hit[0] is not rules:
        if len(_CHANGED) > 512:
            _CHANGED.clear()
        hit = _CHANGED[id(rules)] = (rules, rules.changed_options())
    return dict(hit[1])


def parse_deck(text: str) -> Optional[Deck]:
    """A ``Deck`` header value as a deck (the notation's names and aliases)."""
    return deck_from_name(text)


def resolve_setup(game: Game, config: ValidationConfig, file: str = "<string>",
                  number: int = 1) -> GameSetup:
    """The ruleset and deck to check ``game`` with, and findings about unusable headers."""
    findings: list[Finding] = []

    def finding(code: str, message: str, header: Optional[Header]) -> None:
        findings.append(Finding(code, "error", message, file, header.line if header else 0,
                                header.col if header else 0, game=number))

    rules_header = None
    for header in game.headers:
        if header.name.lower() == "rules":
            rules_header = header
    rules: Optional[Ruleset] = None
    if config.rules:
        rules = Ruleset.preset(config.rules)  # checked by the command line already
    elif rules_header is not None:
        try:
            rules = Ruleset.preset(rules_header.value)
        except RulesError as exc:
            finding(UNKNOWN_RULES, f"{exc}; checked with the {DEFAULT_RULES} rules instead",
                    rules_header)
    if rules is None:
        rules = Ruleset.preset(DEFAULT_RULES)

    # Header overrides, one at a time so that one bad option does not hide the others.
    for header, key, value in rule_overrides(game.headers):
        if not key:
            finding(BAD_OPTION, f"option {value!r} is not of the form name=value; ignored", header)
            continue
        try:
            rules = with_option(rules, key, value)
        except RulesError as exc:
            finding(BAD_OPTION, f"{exc}; ignored", header)
    for key, value in config.options:  # checked by the command line already
        rules = with_option(rules, key, value)

    deck = rules.deck
    deck_header = None
    for header in game.headers:
        if header.name.lower() == "deck":
            deck_header = header
    if deck_header is not None:
        parsed = parse_deck(deck_header.value)
        if parsed is None:
            finding(UNKNOWN_DECK, f"unknown deck {deck_header.value!r} (spanish or french); "
                    f"read as {rules.deck.value}", deck_header)
        else:
            deck = parsed
    return GameSetup(rules, deck, findings)
