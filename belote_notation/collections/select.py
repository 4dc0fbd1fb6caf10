"""``select``: the games or deals of a collection that match a :class:`~.query.Query`.

One pass, one game in memory at a time: :meth:`SelectWork.select` yields what is kept as
records (a deal is kept as a game of its own: the game's tags, without its result, with a
``Dealer`` tag for that deal, the deal numbered 1 and no match totals, so that it validates
on its own), to be written in any writable format. As a :class:`~.work.CollectionWork` a
part is the list of kept records (or their count) of one piece of the inputs.

>>> from belote_notation.pipeline.inputs import Source
>>> from belote_notation.collections.query import Query
>>> from belote_notation.collections.work import run_serial
>>> from belote_notation.generator import generate_games
>>> from belote_notation.notation.write.writer import write_games
>>> import io
>>> from belote_notation.game.rules import Ruleset
>>> text = io.StringIO()
>>> _ = write_games(generate_games(Ruleset.preset("classic"), None, deals=40, seed=2), text)
>>> source = Source("club.bel", data=text.getvalue().encode())
>>> games = run_serial(SelectWork(Query.build(takers=["N"])), [source])
>>> deals = run_serial(SelectWork(Query.build(takers=["N"]), deals=True), [source])
>>> all(d.deals[0].number == 1 for d in deals), len(deals) >= len(games) > 0
(True, True)
>>> run_serial(SelectWork(Query.build(takers=["N"]), deals=True, count=True), [source]) == len(deals)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from belote_notation.check.checker import DEFAULT_CONFIG
from belote_notation.check.setup import ValidationConfig
from belote_notation.collections.facts import DealFacts, GameFacts, game_facts
from belote_notation.collections.query import Query
from belote_notation.collections.reading import InputGame
from belote_notation.collections.work import input_name
from belote_notation.game.cards import SEAT_NAMES
from belote_notation.notation.records import Game, Header
from belote_notation.notation.write.writer import NotationWriteError, write_game

__all__ = ["SelectWork", "deal_as_game"]

_DROPPED_TAGS = ("result", "dealer", "firstdealer")


def deal_as_game(game: Game, facts: DealFacts) -> Game:
    """Deal ``facts.position`` of ``game`` as a game of its own (see the module's text)."""
    deal = game.deals[facts.position - 1]
    headers = [h for h in game.headers if h.name.lower() not in _DROPPED_TAGS]
    dealer = facts.dealer if facts.dealer is not None else deal.dealer
    if dealer is not None:
        headers.append(Header(name="Dealer", value=SEAT_NAMES[dealer]))
    alone = deal.model_copy(update={"number": 1, "match_score": None, "pot": None})
    return game.model_copy(update={"headers": headers, "deals": [alone], "result": None})


@dataclass(frozen=True, slots=True)
class SelectWork:
    """The games (or, with ``deals``, the deals) that ``query`` keeps; with ``count`` only
    how many."""

    query: Query
    deals: bool = False
    count: bool = False
    config: ValidationConfig = DEFAULT_CONFIG
    texts: bool = False
    """A part holds what is kept as ``.bel`` text, written where it was mapped (a cluster's
    worker: :meth:`texts_of`), so that the process that writes the output only copies it."""

    def kept(self, facts: GameFacts) -> list[Game]:
        """What is kept of one game."""
        if not self.deals:
            return [facts.records()] if self.query.selects_game(facts) else []
        selected = self.query.selected_deals(facts)
        if not selected:
            return []
        game = facts.records()  # built for the games written only
        return [deal_as_game(game, d) for d in selected]

    def how_many(self, facts: GameFacts) -> int:
        """How many games (or deals) are kept of one game (no record built)."""
        if not self.deals:
            return int(self.query.selects_game(facts))
        return len(self.query.selected_deals(facts))

    def _facts(self, games: Iterable[InputGame]) -> Iterator[GameFacts]:
        file = input_name(games)
        for read in games:
            if read.has_game:  # games with no record are skipped
                yield game_facts(read, file, self.config)

    def select(self, games: Iterable[InputGame]) -> Iterator[Game]:
        """What is kept, one game read at a time."""
        for facts in self._facts(games):
            yield from self.kept(facts)

    def written(self, games: Iterable[InputGame]) -> Iterator[Game | str]:
        """:meth:`select` for a ``.bel`` output: a game kept whole and read as text comes as its
        canonical text, written from its reading (no records:
        :meth:`~.reading.InputGame.canonical_text`), when the reading can say it."""
        for facts in self._facts(games):
            read = facts.read
            if self.deals or facts.replay is not None or not isinstance(read, InputGame):
                yield from self.kept(facts)
            elif self.query.selects_game(facts):
                text = read.canonical_text()
                yield text if text is not None else facts.records()

    def texts_of(self, games: Iterable[InputGame]) -> list[Game | str]:
        """:meth:`written`, every game kept as its ``.bel`` text (a game the writer refuses left
        as its records: the output says so at its place in the output, as for a serial run)."""
        out: list[Game | str] = []
        for kept in self.written(games):
            if isinstance(kept, Game):
                try:
                    kept = write_game(kept)
                except NotationWriteError:
                    pass
            out.append(kept)
        return out

    def map(self, games: Iterable[InputGame]) -> list[Game | str] | int:
        if self.count:
            return sum(map(self.how_many, self._facts(games)))
        return self.texts_of(games) if self.texts else list(self.select(games))

    def merge(self, parts: Iterable[list[Game | str] | int]) -> list[Game | str] | int:
        if self.count:
            return sum(p for p in parts if isinstance(p, int))
        return [g for p in parts if isinstance(p, list) for g in p]
