"""pydantic's words for a value it refuses, as messages of the catalogues: a schema's 422 of the
service, an act of a live game refused (docs/languages.md).

pydantic writes its errors in English only; each error also has a ``type`` and the values of
its sentence (``ctx``). For the commonest types the sentence is a message here whose English is
pydantic's own, byte for byte (checked when the error is read: a pydantic that words it
otherwise keeps its words); any other error keeps pydantic's words as a parameter.

>>> from belote_notation.game.lang import render
>>> error = {"type": "missing", "loc": ("query", "limit"), "msg": "Field required"}
>>> said = said_of_error(error)
>>> render(said), render(said, "fr")
('Field required', 'Champ requis')
>>> render(said_of_errors([("query.limit", error), ("query.lang", error)]), "fr")
'query.limit : Champ requis ; query.lang : Champ requis'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from belote_notation.game.lang.message import Message, msg, msg_n
from belote_notation.game.lang.render import render

__all__ = ["said_of_error", "said_of_errors"]

_WORDS: dict[str, Callable[[Mapping[str, Any]], Message]] = {
    "missing": lambda ctx: msg("Field required"),
    "extra_forbidden": lambda ctx: msg("Extra inputs are not permitted"),
    "int_parsing": lambda ctx: msg("Input should be a valid integer, unable to parse string as an integer"),
    "int_type": lambda ctx: msg("Input should be a valid integer"),
    "bool_parsing": lambda ctx: msg("Input should be a valid boolean, unable to interpret input"),
    "string_type": lambda ctx: msg("Input should be a valid string"),
    "list_type": lambda ctx: msg("Input should be a valid list"),
    "string_pattern_mismatch": lambda ctx: msg("String should match pattern '%(pattern)s'",
                                               pattern=str(ctx.get("pattern", ""))),
    "greater_than_equal": lambda ctx: msg("Input should be greater than or equal to %(ge)s",
                                          ge=str(ctx.get("ge"))),
    "less_than_equal": lambda ctx: msg("Input should be less than or equal to %(le)s", le=str(ctx.get("le"))),
    "greater_than": lambda ctx: msg("Input should be greater than %(gt)s", gt=str(ctx.get("gt"))),
    "string_too_long": lambda ctx: msg_n("String should have at most %(n)s character",
                                         "String should have at most %(n)s characters", "n",
                                         n=int(ctx.get("max_length", 0))),
    "string_too_short": lambda ctx: msg_n("String should have at least %(n)s character",
                                          "String should have at least %(n)s characters", "n",
                                          n=int(ctx.get("min_length", 0))),
    "too_long": lambda ctx: msg_n("%(field_type)s should have at most %(n)s item after validation, not "
                                  "%(actual)s", "%(field_type)s should have at most %(n)s items after "
                                  "validation, not %(actual)s", "n",
                                  field_type=str(ctx.get("field_type", "")), n=int(ctx.get("max_length", 0)),
                                  actual=str(ctx.get("actual_length", ""))),
}
"""pydantic's sentences by error type (its English as the msgid); ``field_type`` (``List``) and
the values stay as pydantic writes them."""


def said_of_error(error: Mapping[str, Any]) -> Message:
    """One pydantic error as a message: its sentence from the catalogue when it is one of
    :data:`_WORDS` and its English is pydantic's word for word, else pydantic's words as they are
    (a parameter of a message that is only that parameter)."""
    english = str(error.get("msg", ""))
    words = _WORDS.get(str(error.get("type", "")))
    if words is not None:
        try:
            said = words(error.get("ctx") or {})
        except (TypeError, ValueError):
            said = None
        if said is not None and render(said) == english:
            return said
    return msg("%(error)s", error=english)


def said_of_errors(errors: Sequence[tuple[str, Mapping[str, Any]]]) -> Message:
    """``field: sentence`` for each (field, error), joined by ``; `` (the English a 422's
    ``detail`` has always had)."""
    parts = [msg("%(field)s: %(error)s", field=field, error=said_of_error(error)) for field, error in errors]
    said = parts[-1] if parts else msg("invalid request")
    for part in reversed(parts[:-1]):
        said = msg("%(first)s; %(rest)s", first=part, rest=said)
    return said
