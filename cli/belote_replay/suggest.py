"""The library's configuration checks (:mod:`belote_notation.check.suggest`) as usage errors:
a :class:`ConfigError` becomes click's error on the option it is about, with the library's
message (``--rules moroccn`` suggests ``moroccan``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:  # imported when used: `rule` and a mistyped command start without pydantic
    from belote_notation.check.setup import ValidationConfig
    from belote_notation.check.suggest import ConfigError
    from belote_notation.game.rules import Ruleset

__all__ = ["HINTS", "check_rules", "usage_error"]

HINTS = {"rules": "--rules", "options": "--option", "select": "--select", "ignore": "--ignore"}
"""The option of the command line each field of a configuration comes from."""


def usage_error(exc: ConfigError, hint: str | None = None) -> click.BadParameter:
    """``exc`` as click's usage error on its option (or ``hint``: a configuration file's key)."""
    return click.BadParameter(exc.message, param_hint=hint or HINTS[exc.field])


def check_rules(rules: str | None, options: Iterable[str],
                default: str = "classic") -> tuple[Ruleset, ValidationConfig]:
    """The ruleset of ``--rules``/``--option`` (on ``default``) and the configuration they make,
    or a usage error saying what was meant."""
    from belote_notation.check.setup import ValidationConfig
    from belote_notation.check.suggest import ConfigError, checked_ruleset, parse_options

    try:
        pairs = parse_options(options)
        return checked_ruleset(rules, pairs, default), ValidationConfig(rules=rules, options=pairs)
    except ConfigError as exc:
        raise usage_error(exc) from None
