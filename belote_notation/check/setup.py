"""Which rules and which deck a game is checked with.

Resolution, most specific last:

1. the rule system: the command line's ``--rules`` if given, else the game's ``Rules``
   header, else the one rule system of the ``Deck`` header's deck (``spanish``: moroccan),
   else ``classic``; an assumed rule system is said once, by an info finding (``BEL912``)
   that names it and says how to state it;
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

import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from belote_notation.check.codes import BAD_OPTION, RULES_ASSUMED, UNKNOWN_DECK, UNKNOWN_RULES
from belote_notation.check.findings import Finding
from belote_notation.check.suggest import ConfigError, checked_ruleset, did_you_mean_rules, parse_options
from belote_notation.game.cards import RULE_SYSTEM_DECKS, Deck
from belote_notation.game.code_table import severity_of
from belote_notation.game.lang import Message, msg, render
from belote_notation.game.rules import RulesError, Ruleset
from belote_notation.notation.headers import PlacedTagPair, Tag, TagPair, deck_from_name, rule_overrides

if TYPE_CHECKING:  # a game's records are checked too; checking reading events builds none
    from belote_notation.notation.records import Game

__all__ = [
    "DEFAULT_RULES",
    "ConfigError",
    "GameSetup",
    "assumed_rules",
    "ValidationConfig",
    "parse_deck",
    "parse_option",
    "resolve_setup",
]

DEFAULT_RULES = "classic"

@dataclass(frozen=True, slots=True)
class ValidationConfig:
    """What the caller asks for (picklable: it travels to worker processes), checked when built:
    an unknown rule system, option or value raises :class:`ConfigError` at once.

    >>> ValidationConfig(rules="moroccn")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    belote_notation.check.suggest.ConfigError: unknown rule system 'moroccn'; ... (did you mean 'moroccan'?)
    """

    rules: str | None = None
    """A preset name that overrides every game's ``Rules`` header."""
    options: tuple[tuple[str, str], ...] = ()
    """``(key, value)`` overrides applied after the headers' ones."""
    keep_deals: bool = True
    """Build a :class:`DealReport` for every deal (JSON output and ``show`` need them)."""

    def __post_init__(self) -> None:
        if self.rules is not None or self.options:
            checked_ruleset(self.rules, self.options)

    @classmethod
    def from_text(cls, rules: str | None = None, options: Iterable[str] = (),
                  keep_deals: bool = True) -> ValidationConfig:
        """A configuration from what a user types: ``--option`` texts ``KEY=VALUE``.

        >>> ValidationConfig.from_text("classic", ["target=500"]).options
        (('target', '500'),)
        """
        return cls(rules, parse_options(options), keep_deals)


@dataclass(slots=True)
class GameSetup:
    """What a game is checked with: its rules and deck, and the findings about its tags."""

    rules: Ruleset
    deck: Deck
    findings: list[Finding] = field(default_factory=list)


def parse_option(text: str) -> tuple[str, str]:
    """``"key=value"`` (or ``key:value``) as a pair; raises :class:`ConfigError` (a
    :class:`ValueError`) otherwise."""
    return parse_options([text])[0]


@functools.lru_cache(maxsize=512)
def with_option(rules: Ruleset, key: str, value: str) -> Ruleset:
    """``rules.with_options({key: value})``, remembered: a file's games repeat their tags."""
    return rules.with_options({key: value})


@functools.lru_cache(maxsize=512)
def _changed(rules: Ruleset) -> tuple[tuple[str, Any], ...]:
    return tuple(rules.changed_options().items())


def changed_options(rules: Ruleset) -> dict[str, Any]:
    """``rules.changed_options()``, remembered per ruleset (a new dict for the caller)."""
    return dict(_changed(rules))


def parse_deck(text: str) -> Deck | None:
    """A ``Deck`` header value as a deck (the notation's names and aliases)."""
    return deck_from_name(text)


def assumed_rules(deck_header: TagPair | None) -> tuple[str, Message | str]:
    """The rule system of a game without a ``Rules`` tag, and why: the one rule system of the
    ``Deck`` tag's deck, else :data:`DEFAULT_RULES`.

    >>> name, why = assumed_rules(Tag("Deck", "spanish"))
    >>> name, render(why)
    ('moroccan', ' (the rule system of the spanish deck)')
    """
    deck = parse_deck(deck_header.value) if deck_header is not None else None
    if deck is not None:
        systems = [name for name, its_deck in RULE_SYSTEM_DECKS.items() if its_deck is deck]
        if len(systems) == 1:
            return systems[0], msg(" (the rule system of the %(deck)s deck)", deck=deck.value)
    return DEFAULT_RULES, ""


def resolve_setup(headers: Sequence[PlacedTagPair] | Game, config: ValidationConfig, file: str = "<string>",
                  number: int = 1, inferred_deck: bool = False) -> GameSetup:
    """The ruleset and deck to check a game with (its ``headers``: :class:`~.records.Header`
    records, or the :class:`~.headers.Tag` pairs read), and findings about unusable headers.
    ``inferred_deck``: the ``Deck`` header is the reader's inference from the cards (no tag
    named the deck), which BEL912 says.

    >>> from belote_notation.notation.records import Header
    >>> setup = resolve_setup([Header(name="Rules", value="moroccan")], ValidationConfig())
    >>> setup.rules.name, setup.deck.value, setup.findings
    ('moroccan', 'spanish', [])
    """
    tags = headers if isinstance(headers, Sequence) else headers.headers
    used = [header for header in tags if header.name.lower() in _SETUP_TAGS]
    rules, deck, said = _resolved(tuple((header.name, header.value) for header in used), config,
                                  inferred_deck)
    findings = []
    for code, severity, message, at in said:
        line, col = (used[at].line, used[at].col) if at >= 0 else (0, 0)
        findings.append(Finding(code, severity, render(message), file, line, col, game=number, msg=message))
    return GameSetup(rules, deck, findings)


_SETUP_TAGS = frozenset({"rules", "deck", "option", "options", "target"})
"""The tags the resolution reads (:func:`_last` and :func:`rule_overrides`); no other decides it."""
_Said = tuple[tuple[str, str, Message, int], ...]
"""Findings of a resolution: (code, severity, message, index of the tag they are about or -1)."""


@functools.lru_cache(maxsize=256)
def _resolved(pairs: tuple[tuple[str, str], ...], config: ValidationConfig,
              inferred_deck: bool) -> tuple[Ruleset, Deck, _Said]:
    """The resolution of the tags ``pairs`` (name, value), remembered: a file's games repeat their
    tags, and the rulesets are immutable. Positions are not part of it: a finding names the
    index of its tag, which :func:`resolve_setup` turns into the tag's position."""
    headers = [Tag(name, value, index) for index, (name, value) in enumerate(pairs)]
    said: list[tuple[str, str, Message, int]] = []

    def finding(code: str, message: Message, header: Tag | None) -> None:
        said.append((code, severity_of(code), message, header.line if header is not None else -1))

    rules_header, deck_header = _last(headers, "rules"), _last(headers, "deck")
    rules = _with_overrides(_named_rules(config, rules_header, deck_header, finding, inferred_deck),
                            headers, config, finding)
    deck = rules.deck
    if deck_header is not None:
        parsed = parse_deck(deck_header.value)
        if parsed is None:
            finding(UNKNOWN_DECK, msg("unknown deck %(deck)s (spanish or french); read as %(read)s",
                                      deck=repr(deck_header.value), read=rules.deck.value), deck_header)
        else:
            deck = parsed
    return rules, deck, tuple(said)


_Report = Callable[[str, Message, "Tag | None"], None]
"""A finding about a header (its code, its message, the header or ``None``)."""


def _last(headers: Sequence[Tag], name: str) -> Tag | None:
    """The last header called ``name`` (in any case)."""
    found = None
    for header in headers:
        if header.name.lower() == name:
            found = header
    return found


def _named_rules(config: ValidationConfig, rules_header: Tag | None, deck_header: Tag | None,
                 finding: _Report, inferred_deck: bool = False) -> Ruleset:
    """The rule system: the configuration's, the ``Rules`` header's or the one assumed. A
    ``Rules`` header naming no known rule system (``morrocan``) is BEL701, and the game is
    checked as one without a ``Rules`` header (the reader worked its deck out from its cards)."""
    if config.rules:
        return Ruleset.preset(config.rules)  # checked when the configuration was built
    if rules_header is not None:
        try:
            return Ruleset.preset(rules_header.value)
        except RulesError as exc:
            hint = did_you_mean_rules(rules_header.value)
            finding(UNKNOWN_RULES, msg("%(error)s%(hint)s; read as a game without a Rules tag: checked with "
                                       "the %(rules)s rules", error=exc.reason, hint=hint,
                                       rules=assumed_rules(deck_header)[0]), rules_header)
    name, why = assumed_rules(deck_header)
    rules = Ruleset.preset(name)
    unknown = (msg("the Rules tag %(tag)s is not understood", tag=repr(rules_header.value))
               if rules_header is not None else None)
    if inferred_deck and deck_header is not None:
        no_tag = (msg("%(unknown)s and there is no Deck tag", unknown=unknown) if unknown is not None
                  else msg("no Rules or Deck tag"))
        finding(RULES_ASSUMED, msg("%(no_tag)s: the cards are %(deck)s, so checked with the %(rules)s rules "
                                   "and the %(deck)s deck; say which with [Rules \"%(rules)s\"] (or --rules "
                                   "NAME)", no_tag=no_tag, deck=deck_header.value, rules=name), None)
    else:
        deck_too = msg(" and the %(deck)s deck", deck=rules.deck.value) if deck_header is None else ""
        finding(RULES_ASSUMED, msg("%(unknown)s: checked with the %(rules)s rules%(deck_too)s%(why)s; say "
                                   "which with [Rules \"%(rules)s\"] (or --rules NAME)",
                                   unknown=unknown if unknown is not None else msg("no Rules tag"),
                                   rules=name, deck_too=deck_too, why=why), None)
    return rules


def _with_overrides(rules: Ruleset, headers: Sequence[Tag], config: ValidationConfig,
                    finding: _Report) -> Ruleset:
    """``rules`` with the options of the headers, one at a time so that one bad option does not
    hide the others, then those of the configuration."""
    for header, key, value in rule_overrides(headers):
        if not key:
            finding(BAD_OPTION, msg("option %(option)s is not of the form name=value; ignored",
                                    option=repr(value)), header)
            continue
        try:
            rules = with_option(rules, key, value)
        except RulesError as exc:
            finding(BAD_OPTION, msg("%(error)s; ignored", error=exc.reason), header)
    for key, value in config.options:  # checked when the configuration was built
        rules = with_option(rules, key, value)
    return rules
