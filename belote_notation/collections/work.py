"""The work of a collection command, runnable here or on a cluster.

A command over a collection (``select``, ``dedupe``, ``stats``, ``export``) is a picklable
object with two methods (:class:`CollectionWork`):

* ``map(games)``: the games of one piece of the inputs (every game of an input here, the
  games of one byte range on a cluster), in input order, as the collections read them
  (:class:`~belote_notation.collections.reading.InputGame`: a ``.bel`` game's text, read into
  the checks as ``validate`` reads it, its records built only when asked for), to a part ``P``;
* ``merge(parts)``: the parts in input order to the result ``R``.

:func:`run_serial` runs a work in this process; ``belote_notation.cluster.run_work(work,
sources, address)`` runs the same work on Dask and gives the same result. The games handed to
``map`` come as :class:`InputGames`, an iterable that also says which input they are from
(a report names the file of a game): a caller that has bare games may pass any iterable of
them, and :func:`input_name` gives ``"<input>"``.

>>> class CountDeals:
...     def map(self, games):
...         return sum(len(g.game.deals) for g in games if g.game is not None)
...     def merge(self, parts):
...         return sum(parts)
>>> from belote_notation.pipeline.inputs import Source
>>> run_serial(CountDeals(), [Source("a.bel", data=b"deal 1\\ndeal 2\\nend\\ndeal 1\\nend\\n"),
...                           Source("b.bel", data=b"deal 1\\nend\\n")])
4
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from belote_notation.collections.reading import InputGame
from belote_notation.pipeline.games import GameToCheck, RecordGame, games_of
from belote_notation.pipeline.inputs import InputProblem, Source, discover, open_input
from belote_notation.pipeline.unread import Unread

__all__ = ["CollectionWork", "InputGames", "InputsUnreadable", "WholeGames", "each_input", "input_games",
           "input_name", "run_serial", "sources_of", "whole_games"]

P = TypeVar("P")
R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)


class CollectionWork(Protocol[P, R_co]):
    """What a collection command does: one part per piece of its inputs, parts merged in order."""

    def map(self, games: Iterable[InputGame]) -> P:
        """The part of the games of one piece of the inputs (in input order)."""

    def merge(self, parts: Iterable[P]) -> R_co:
        """The result of every part, the parts in input order (taken in one pass, as they come)."""


@dataclass(frozen=True, slots=True)
class InputGames:
    """The games of one input (or of one byte range of it) and the input's name."""

    name: str
    games: Iterable[InputGame]

    def __iter__(self) -> Iterator[InputGame]:
        return iter(self.games)


def input_name(games: Iterable[InputGame]) -> str:
    """The name of the input ``games`` come from (``"<input>"`` when they do not say).

    >>> input_name(InputGames("club.bel", [])), input_name([])
    ('club.bel', '<input>')
    """
    return games.name if isinstance(games, InputGames) else "<input>"


class InputsUnreadable(Exception):
    """An input could not be opened or read: ``problems`` says which and why."""

    def __init__(self, problems: Sequence[InputProblem]) -> None:
        super().__init__("; ".join(f"{p.path}: {p.message}" for p in problems))
        self.problems = tuple(problems)


def sources_of(paths: Sequence[str], notes: list[str] | None = None) -> list[Source]:
    """The inputs of a command (files, folders, ``-``) as the pipeline discovers them; raises
    :class:`InputsUnreadable` when one cannot be read. ``notes`` (a list), when given, receives
    the line saying which files of the folders were not read (not ``.bel``)."""
    found = discover(list(paths))
    if found.problems:
        raise InputsUnreadable(found.problems)
    left_out = found.left_out_line()
    if notes is not None and left_out is not None:
        notes.append(left_out)
    return list(found.sources)


def each_input(sources: Iterable[Source], unread: Unread | None = None, tricks: bool = False
               ) -> Iterator[InputGames]:
    """The games of each input in turn, read one at a time while the caller goes through
    them (the input is closed when the next one starts); an input that cannot be opened
    raises :class:`InputsUnreadable`. With ``unread``, only the games read whole are given,
    the others counted there (a collection never uses part of a game silently)."""
    for source in sources:
        opened = open_input(source)
        if isinstance(opened, InputProblem):
            raise InputsUnreadable([opened])
        with opened:
            games = input_games(games_of(opened), opened.name, tricks)
            yield InputGames(opened.name, games if unread is None else whole_games(games, unread))


def input_games(items: Iterable[GameToCheck], file: str, tricks: bool = False) -> Iterator[InputGame]:
    """The games of an input (or of a byte range of it) as the collections read them, none
    read yet (``tricks``: to be read with their tricks); an empty input gives none (as
    :func:`~belote_notation.pipeline.records.records_of`)."""
    for item in items:
        if isinstance(item, RecordGame) and item.game is None and not item.issues:
            return
        yield InputGame(item, file, tricks)


def whole_games(games: Iterable[InputGame], unread: Unread, tricks: bool = False) -> Iterator[InputGame]:
    """The games of ``games`` read whole, in order; the others are counted in ``unread``
    (``tricks``: each read with its tricks, when the work needs them: one reading)."""
    for game in games:
        if tricks:
            game.tricks = True
        if game.readable:
            yield game
        else:
            unread.add(game.records())


@dataclass(frozen=True, slots=True)
class WholeGames:
    """``work`` over the games read whole only; each part and the result also say which games
    were not (:class:`~belote_notation.pipeline.unread.Unread`), here or on a cluster.

    >>> class Count:
    ...     def map(self, games):
    ...         return sum(1 for _ in games)
    ...     def merge(self, parts):
    ...         return sum(parts)
    >>> total, unread = run_serial(WholeGames(Count()), [Source("t.bel", data=b"deal 1\\nend\\n{\\n")])
    >>> total, unread.games, [f.code for f in unread.findings]
    (1, 1, ['BEL002', 'BEL006'])
    """

    work: CollectionWork[Any, Any]

    def map(self, games: Iterable[InputGame]) -> tuple[Any, Unread]:
        unread = Unread()
        tricks = getattr(self.work, "reads_tricks", False)  # a work that needs each deal's tricks says so
        return self.work.map(InputGames(input_name(games), whole_games(games, unread, tricks))), unread

    def merge(self, parts: Iterable[tuple[Any, Unread]]) -> tuple[Any, Unread]:
        unread = Unread()

        def each() -> Iterator[Any]:  # one pass: the parts may come as the cluster hands them back
            for part, seen in parts:
                unread.join(seen)
                yield part

        return self.work.merge(each()), unread


def run_serial(work: CollectionWork[P, R], sources: Iterable[Source]) -> R:
    """``work`` over ``sources`` in this process: one ``map`` per input, in order, one game in
    memory at a time (the part holds what the work keeps), then ``merge``. An input that
    cannot be opened raises :class:`InputsUnreadable`."""
    return work.merge([work.map(games) for games in each_input(sources)])
