"""``belote_notation.validate``: any input a program holds, checked through the pipeline.

>>> from belote_notation.pipeline.api import validate
>>> reports = validate(b'[Rules "classic"]\\ndeal 1 dealer N\\nend\\n', "mine.bel")
>>> [str(f) for f in reports[0].findings][:1]
['mine.bel:2:1: info BEL903 could not check the bidding: no bids recorded']
>>> [f.message for f in validate("no/such.bel")[0].findings]
['cannot read: no such file or folder']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from belote_notation.check.checker import DEFAULT_CONFIG
from belote_notation.check.report import GameReport
from belote_notation.check.setup import ValidationConfig
from belote_notation.check.validator import no_game_report, validate_game
from belote_notation.game.lang import Message, msg
from belote_notation.notation.records import Game
from belote_notation.pipeline.games import check_input
from belote_notation.pipeline.inputs import (
    InputLike,
    InputProblem,
    Source,
    discover,
    open_input,
    problem_msg,
)

__all__ = ["iter_reports", "validate"]


def validate(what: Game | InputLike, name: str | None = None, *, rules: str | None = None,
             options: Mapping[str, str] | None = None,
             config: ValidationConfig | None = None) -> list[GameReport]:
    """Check a game's records, or every game of an input in any readable format (a path, a
    folder, the bytes of a file, an open binary or text stream): one report per game.

    ``rules`` overrides the games' ``Rules`` tags and ``options`` their options, as ``--rules``
    and ``--option`` do (or give a whole ``config``). ``name`` is the input's name in the
    findings. An input that cannot be read gives one report whose finding says why
    (``BEL901``), never an exception.

    >>> from belote_notation.notation.records import Deal, Game, Header
    >>> game = Game(headers=[Header(name="Rules", value="classic")], deals=[Deal(number=2)])
    >>> [(f.code, f.message) for f in validate(game)[0].findings][:1]
    [('BEL705', 'deal numbered 2, expected 1')]
    """
    if config is None:
        config = ValidationConfig(rules=rules, options=tuple((options or {}).items()))
    if isinstance(what, Game):
        return [validate_game(what, name or "<game>", 1, config)]
    return list(iter_reports(what, name, config))


def iter_reports(what: InputLike, name: str | None = None,
                 config: ValidationConfig = DEFAULT_CONFIG) -> Iterator[GameReport]:
    """The reports of every game of ``what``, one at a time (flat memory); see :func:`validate`."""
    found = discover([what])
    for problem in found.problems:
        yield no_game_report(name or problem.path, 1, 0, _unreadable(problem))
    for source in found.sources:
        if name is not None and len(found.sources) == 1:
            source = Source(source.path, source.size, source.data, name)
        yield from _reports(source, config)


def _reports(source: Source, config: ValidationConfig) -> Iterator[GameReport]:
    opened = open_input(source)
    if isinstance(opened, InputProblem):
        yield no_game_report(opened.path, 1, 0, _unreadable(opened))
        return
    with opened:
        try:
            yield from check_input(opened, config)
        except (OSError, UnicodeError, MemoryError) as exc:
            yield no_game_report(opened.name, 0, 0, problem_msg(exc))



def _unreadable(problem: InputProblem) -> Message:
    """BEL901's message: the problem's reason, said as one that stops reading."""
    if problem.msg is None:  # a problem told in English only
        return msg("cannot read: %(error)s", error=problem.message.removeprefix("cannot read: "))
    if problem.message.startswith("cannot read"):
        return problem.msg
    return msg("cannot read: %(error)s", error=problem.msg)
