"""``annotate``'s work in the library: the games of an input read whole one at a time, each
game's judgements written into it (the reviewed copy) and its figures (what ``belote-replay
annotate --format json`` prints, and the players' figures the service's review job answers).
The judgements come from :mod:`~belote_notation.pipeline.review` (or a cluster's runner).

>>> from belote_notation.analysis.review import DealJudgement
>>> from belote_notation.game.lang import render
>>> from belote_notation.notation.read.reader import parse_text
>>> game = parse_text("[South \\"Ana\\"]\\ndeal 1 dealer N\\nend\\n")[0].game
>>> done = annotated(game, [DealJudgement(0, skipped="no contract")], "g.bel", 1)
>>> [render(note, "fr") for note in done.notes()]
['donne 1 : pas analysée : no contract']
>>> figures = done.figures("cards")
>>> figures["game"], figures["players"][2]["name"], figures["cards"], figures["skipped"], figures["value"]
(1, 'Ana', [], [{'deal': 1, 'why': 'no contract'}], 'cards')
>>> print(figures_document([{"game": 1}]))
{
  "game": 1
}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from belote_notation.analysis.review import DealJudgement, Review, apply_review, skipped_messages
from belote_notation.check.findings import Finding
from belote_notation.check.replay import replay_game
from belote_notation.game.cards import SEAT_NAMES, Deck, card_name
from belote_notation.game.lang import Message
from belote_notation.notation.records import Game
from belote_notation.pipeline.inputs import OpenInput
from belote_notation.pipeline.records import records_of
from belote_notation.pipeline.unread import why_not_whole

__all__ = ["AnnotatedGame", "GamesUntilUnread", "annotated", "figures_document"]


class GamesUntilUnread:
    """The games of ``opened`` one at a time (any readable format), as long as every game so far
    was read whole. A game that was not has the findings that say why
    (:func:`~belote_notation.pipeline.unread.why_not_whole`) told to ``on_unread``; from then on
    no game is given, the rest is read only to tell its findings, and :attr:`unread` counts the
    games not read whole (``annotate`` then refuses the input)."""

    def __init__(self, opened: OpenInput, on_unread: Callable[[Finding], None]) -> None:
        self.opened, self.on_unread, self.unread = opened, on_unread, 0

    def games(self) -> Iterator[Game]:
        for read in records_of(self.opened):
            if not read.readable:
                self.unread += 1
                for finding in why_not_whole(read):
                    self.on_unread(finding)
            elif not self.unread and read.game is not None:
                yield read.game


@dataclass(frozen=True, slots=True)
class AnnotatedGame:
    """Game ``number`` of an input with its review written into it, and the deck its cards are
    named in."""

    number: int
    review: Review
    deck: Deck

    @property
    def game(self) -> Game:
        """The reviewed copy: glyphs, NAGs, comments and the best cards."""
        return self.review.game

    def notes(self) -> list[Message]:
        """What the review left out, one line a deal (said on stderr by ``annotate``)."""
        return skipped_messages(self.review)

    def players(self) -> list[dict[str, Any]]:
        """Every player's figures: cards with a choice, points lost, mistakes, accuracy."""
        return [p.to_dict() for p in self.review.players]

    def figures(self, value: str) -> dict[str, Any]:
        """The game's figures as ``annotate --format json`` gives them: the players', every
        card that lost points, the deals left out, and what a value counts (``value``)."""
        review, deck = self.review, self.deck
        cards = []
        for dj in review.deals:
            deal = review.game.deals[dj.position]
            for j in dj.cards:
                if j.loss <= 0 and not j.expected_loss:
                    continue
                item: dict[str, Any] = {
                    "deal": deal.number, "trick": j.trick, "index": j.index + 1, "seat": SEAT_NAMES[j.seat],
                    "card": card_name(j.card, deck), "best": card_name(j.best_card, deck),
                    "points": j.points, "best_points": j.best_points, "loss": j.loss, "glyph": j.glyph}
                if j.flipped:
                    item["outcome"] = j.flipped
                if j.expected_loss is not None:
                    item["expected_loss"] = round(j.expected_loss, 1)
                cards.append(item)
        return {"game": self.number, "players": self.players(), "cards": cards,
                "skipped": [{"deal": review.game.deals[d.position].number, "why": d.skipped}
                            for d in review.deals if d.skipped],
                "value": value}


def annotated(game: Game, judgements: list[DealJudgement], file: str, number: int) -> AnnotatedGame:
    """``game`` (game ``number`` of ``file``) with ``judgements`` written into it: changed in
    place (pass a copy to keep the record as it was)."""
    deck = replay_game(game, file, number).deck
    return AnnotatedGame(number, apply_review(game, deck, judgements), deck)


def figures_document(figures: list[dict[str, Any]]) -> str:
    """The figures of an input's games as ``annotate --format json`` prints them: one game's
    object alone, else the list."""
    return json.dumps(figures if len(figures) != 1 else figures[0], ensure_ascii=False, indent=2)
