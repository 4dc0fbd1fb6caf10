"""Checking what a caller asks for, with "did you mean ...?": rule systems, rule options, codes.

A :class:`ConfigError` is raised at once, when the configuration is built, naming the field it
is about and the closest known name, never a ``RulesError`` in the middle of a stream::

    >>> did_you_mean("moroccn", ["moroccan", "classic"])
    " (did you mean 'moroccan'?)"
    >>> did_you_mean("xyz", ["moroccan", "classic"])
    ''
    >>> try:
    ...     checked_ruleset("classic", [("traget", "500")])
    ... except ConfigError as exc:
    ...     print(exc.field, "|", exc)
    options | unknown rule option 'traget' (did you mean 'target'?)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Literal, get_args, get_origin

from belote_notation.check.report import CodeSelection
from belote_notation.game.code_table import CODES
from belote_notation.game.lang import Message, msg, render

if TYPE_CHECKING:  # imported when used: did_you_mean is wanted by commands that start without pydantic
    from belote_notation.game.rules import RulesError, Ruleset

__all__ = ["ConfigError", "ConfigField", "checked_codes", "checked_ruleset", "did_you_mean",
           "did_you_mean_rules", "meant", "parse_options"]

ConfigField = Literal["rules", "options", "select", "ignore"]


class ConfigError(ValueError):
    """A configuration that cannot be used: ``field`` says which part (``rules``, ``options``,
    ``select``, ``ignore``), ``reason`` what is wrong and what was likely meant, as a message of
    the catalogues (docs/languages.md); ``message`` and ``str()`` its English text."""

    def __init__(self, field: ConfigField, reason: Message) -> None:
        self.message = render(reason)
        super().__init__(self.message)
        self.field: ConfigField = field
        self.reason = reason

    def __reduce__(self) -> tuple[Any, ...]:  # picklable (it may come back from a worker)
        return (type(self), (self.field, self.reason))


def _meant(reason: Message, close: str | None) -> Message:
    """``reason`` followed by what was likely meant, when something was."""
    if close is None:
        return reason
    return msg("%(error)s (did you mean %(name)s?)", error=reason, name=repr(close))


def meant(reason: Message, word: str, choices: Iterable[str]) -> Message:
    """``reason`` followed by the closest of ``choices`` to ``word``, when one is close: the
    message of :func:`did_you_mean`, for a command that says it in the language asked.

    >>> render(meant(msg("unknown rule option %(option)s", option="'x'"), "trget", ["target"]), "fr")
    "option de règle inconnue 'x' (vouliez-vous dire 'target' ?)"
    """
    return _meant(reason, _closest(word, choices))


def _closest(word: str, choices: Iterable[str]) -> str | None:
    import difflib  # on a mistake only

    names = {str(c).lower(): str(c) for c in choices}
    close = difflib.get_close_matches(word.lower(), list(names), n=1, cutoff=0.6)
    return names[close[0]] if close else None


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``choices``, or an empty string."""
    close = _closest(word, choices)
    return f" (did you mean {close!r}?)" if close else ""


def did_you_mean_rules(word: str) -> str:
    """`` (did you mean 'x'?)`` for the rule system whose name or alias is closest to ``word``.

    >>> did_you_mean_rules("marocan"), did_you_mean_rules("belote-marocain"), did_you_mean_rules("zzz")
    (" (did you mean 'moroccan'?)", " (did you mean 'moroccan'?)", '')
    """
    close = _closest_rules(word)
    return f" (did you mean {close!r}?)" if close else ""


def _closest_rules(word: str) -> str | None:
    import difflib

    from belote_notation.game.cards import RULE_SYSTEM_ALIASES, RULE_SYSTEM_DECKS

    names = {name: name for name in RULE_SYSTEM_DECKS} | RULE_SYSTEM_ALIASES
    spaced = " ".join(word.strip().lower().replace("-", " ").replace("_", " ").split())
    close = difflib.get_close_matches(spaced, list(names), n=1, cutoff=0.6)
    return names[close[0]] if close else None


def _option_values(key: str) -> list[str]:
    """The values a rule option takes, when they form a short list (literal or flag)."""
    from belote_notation.game.rules import Ruleset

    field = Ruleset.model_fields.get(key)
    if field is None:
        return []
    annotation: Any = field.annotation
    if annotation is bool:
        return ["true", "false"]
    choices: list[str] = []
    for arg in get_args(annotation) or (annotation,):
        if get_origin(arg) is Literal:
            choices += [str(a) for a in get_args(arg)]
    if get_origin(annotation) is Literal:
        choices += [str(a) for a in get_args(annotation)]
    return choices


def _option_error(key: str, value: str, exc: RulesError) -> Message:
    from belote_notation.game.rules import Ruleset

    name = key.strip().replace("-", "_").lower()
    if name not in Ruleset.option_names():
        return _meant(msg("unknown rule option %(option)s", option=repr(key)),
                      _closest(name, Ruleset.option_names()))
    return _meant(exc.reason, _closest(value, _option_values(name)))


def parse_options(texts: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """``KEY=VALUE`` (or ``KEY:VALUE``) texts as pairs.

    >>> parse_options(["target=500", " litige : keep "])
    (('target', '500'), ('litige', 'keep'))
    """
    pairs = []
    for text in texts:
        for sep in ("=", ":"):
            key, found, value = text.partition(sep)
            if found and key.strip():
                pairs.append((key.strip(), value.strip()))
                break
        else:
            raise ConfigError("options", msg("option %(option)s is not KEY=VALUE", option=repr(text)))
    return tuple(pairs)


@functools.lru_cache(maxsize=64)
def _ruleset(rules: str, options: tuple[tuple[str, str], ...]) -> Ruleset:
    from belote_notation.game.rules import RulesError, Ruleset

    try:
        ruleset = Ruleset.preset(rules)
    except RulesError as exc:
        raise ConfigError("rules", _meant(exc.reason, _closest_rules(rules))) from None
    for key, value in options:
        try:
            ruleset = ruleset.with_options({key: value})
        except RulesError as exc:
            raise ConfigError("options", _option_error(key, value, exc)) from None
    return ruleset


def checked_ruleset(rules: str | None, options: Sequence[tuple[str, str]] = (),
                    default: str = "classic") -> Ruleset:
    """The rule system ``rules`` (else ``default``) with ``options`` applied, or a
    :class:`ConfigError` saying what was meant: ``moroccn`` suggests ``moroccan``, ``traget``
    ``target``, a wrong value the closest allowed one."""
    return _ruleset(rules or default, tuple((str(k), str(v)) for k, v in options))


def checked_codes(field: Literal["select", "ignore"], codes: Iterable[str]) -> tuple[str, ...]:
    """Code prefixes as typed (comma-separated, any case; ``ALL`` is every code), each
    matching a known code, else a :class:`ConfigError`.

    >>> checked_codes("select", ["bel3, BEL605", "ALL"])
    ('BEL3', 'BEL605', 'ALL')
    >>> checked_codes("ignore", ["BEL3O3"])
    Traceback (most recent call last):
    ...
    belote_notation.check.suggest.ConfigError: no finding code starts with 'BEL3O3' (did you mean 'BEL303'?)
    """
    prefixes = tuple(c.strip().upper() for v in codes for c in v.split(",") if c.strip())
    for unknown in CodeSelection.unknown(prefixes):
        raise ConfigError(field, _meant(msg("no finding code starts with %(code)s", code=repr(unknown)),
                                        _closest(unknown, CODES)))
    return prefixes
