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

__all__ = ["HINTS", "Refused", "check_rules", "usage_error"]

HINTS = {"rules": "--rules", "options": "--option", "select": "--select", "ignore": "--ignore"}
"""The option of the command line each field of a configuration comes from."""


class Refused(click.BadParameter):
    """Click's usage error on an option, said in the language asked when it is raised (click
    shows it after the command's context, and its language, are gone): ``Invalid value for
    --rules: ...`` is click's English; in French or Arabic the catalogue's (click's ``Error:``
    and usage lines stay its own)."""

    def __init__(self, message: str, ctx: click.Context | None = None, param: click.Parameter | None = None,
                 param_hint: str | None = None) -> None:
        from belote_notation.game.lang.render import chosen_lang

        super().__init__(message, ctx, param, param_hint)
        self.lang = chosen_lang()

    def format_message(self) -> str:
        from belote_notation.game.lang import msg, render

        if self.lang == "en" or self.param is not None or not isinstance(self.param_hint, str | None):
            return super().format_message()
        if self.param_hint is None:
            return render(msg("Invalid value: %(reason)s", reason=self.message), self.lang)
        invalid = msg("Invalid value for %(option)s: %(reason)s", option=self.param_hint, reason=self.message)
        return render(invalid, self.lang)


def usage_error(exc: ConfigError, hint: str | None = None) -> click.BadParameter:
    """``exc`` as click's usage error on its option (or ``hint``: a configuration file's key), its
    reason in the language asked."""
    from belote_notation.game.lang.render import said

    return Refused(said(exc.reason, exc.message), param_hint=hint or HINTS[exc.field])


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
