"""Did you mean ...?" for what a user types: command names, rule systems, rule options, codes.

The close matches come from :func:`difflib.get_close_matches` over the known names, so a
suggestion is only made when one name is close enough to be the likely intent::

    >>> did_you_mean("moroccn", ["moroccan", "classic"])
    " (did you mean 'moroccan'?)"
    >>> did_you_mean("xyz", ["moroccan", "classic"])
    ''
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal, get_args, get_origin

import click

if TYPE_CHECKING:  # imported when used: `rule` and a mistyped command start without pydantic
    from belote_notation.check.setup import ValidationConfig
    from belote_notation.game.rules import RulesError, Ruleset

__all__ = ["check_rules", "did_you_mean"]


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``choices``, or an empty string."""
    names = {str(c).lower(): str(c) for c in choices}
    close = difflib.get_close_matches(word.lower(), list(names), n=1, cutoff=0.6)
    return f" (did you mean {names[close[0]]!r}?)" if close else ""


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


def _option_error(key: str, value: str, exc: RulesError) -> str:
    from belote_notation.game.rules import Ruleset

    name = key.strip().replace("-", "_").lower()
    if name not in Ruleset.option_names():
        return f"unknown rule option {key!r}{did_you_mean(name, Ruleset.option_names())}"
    return f"{exc}{did_you_mean(value, _option_values(name))}"


def check_rules(rules: str | None, options: tuple[str, ...],
                default: str = "classic") -> tuple[Ruleset, ValidationConfig]:
    """The ruleset of ``--rules``/``--option`` (on ``default``), or a usage error saying
    what was meant: ``--rules moroccn`` suggests ``moroccan``, ``--option traget=500``
    suggests ``target``, a wrong value the closest allowed one."""
    from belote_notation.check.setup import ValidationConfig, parse_option
    from belote_notation.game.rules import RulesError, Ruleset, preset_names

    pairs: list[tuple[str, str]] = []
    for text in options:
        try:
            pairs.append(parse_option(text))
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--option") from None
    try:
        ruleset = Ruleset.preset(rules or default)
    except RulesError as exc:
        raise click.BadParameter(f"{exc}{did_you_mean(rules or '', preset_names())}",
                                 param_hint="--rules") from None
    for key, value in pairs:
        try:
            ruleset = ruleset.with_options({key: value})
        except RulesError as exc:
            raise click.BadParameter(_option_error(key, value, exc), param_hint="--option") from None
    return ruleset, ValidationConfig(rules=rules, options=tuple(pairs))
