"""What the review writes on a card it judged: the glyph and its NAG, the ``DD`` comment, the
better line (:func:`annotate_play`); every comment starts with :data:`MARK`.

The comment says what the card cost in the real deal (``DD: loses N points: 8♠ makes 108,
this card 39``, words for people, followed by the values as a command, ``[%dd best=108
value=39 loss=69]``, which the page and ``stats`` read: :mod:`belote_notation.notation.review_command`)
and, with sampling, on
expectation over the deals the player could see; when the glyph comes from the expectation
the comment says so and the better line is the card best on expectation. The card played is
never offered as the better line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from belote_notation.game.cards import Deck, card_symbol_name
from belote_notation.notation.assessment import GLYPH_NAGS
from belote_notation.notation.records import Play, Variation
from belote_notation.notation.review_command import DDValues, read_dd, write_dd

if TYPE_CHECKING:
    from belote_notation.analysis.card_judgement import CardJudgement

__all__ = ["MARK", "NAGS", "add_once", "annotate_play", "comment"]

NAGS = {glyph: GLYPH_NAGS[glyph] for glyph in ("?!", "?", "??")}
"""The PGN numeric annotation glyph of each glyph the review gives ($6 dubious, $2 mistake, $4 blunder)."""
MARK = "DD"
"""Every comment the review writes starts with this word (the coach's own stay apart)."""


def comment(j: CardJudgement, deck: Deck) -> str:
    """What the card cost: in this deal (``DD: loses N points: ...``, its values in a ``[%dd …]``
    command at the end, what the page and ``stats`` read), and with sampling on expectation,
    which then gives the glyph and names its own best card."""
    best = card_symbol_name(j.best_card, deck)
    how = " wins the trick and" if j.wins_trick else ""
    if j.loss > 0:
        text = f"{MARK}: loses {j.loss} points: {best}{how} makes {j.best_points}, this card {j.points}"
    else:  # the glyph is the expectation's: this deal has nothing to say against the card
        text = f"{MARK}: loses nothing in this deal (this card makes {j.points})"
    if j.flipped == "made->failed":
        text += "; the deal is lost"
    elif j.flipped == "failed->capot":
        text += "; capot"
    command = write_dd(DDValues(j.points, j.best_points, j.loss)) if j.loss > 0 else None
    if j.expected_loss is not None and j.expected_best is not None:
        if j.expected_best == j.card or j.expected_loss <= 0:
            text += "; on expectation over the deals the player could see it loses nothing"
        else:
            text += (f"; on expectation over the deals the player could see it loses "
                     f"{j.expected_loss:.1f}: {card_symbol_name(j.expected_best, deck)} is best there")
            if j.glyph is not None:
                text += f" (the glyph {j.glyph} is for that)"
    return text if command is None else f"{text} {command}"


def add_once(items: list[str], text: str) -> None:
    if text not in items:
        items.append(text)


def put_values(items: list[str], text: str) -> None:
    """Add the review's comment carrying values, in place of one an earlier review wrote there
    (its prose alone, from before the ``[%dd …]`` commands, or other values): annotating a file
    annotated before the commands upgrades its comments instead of doubling them."""
    earlier = [i for i, c in enumerate(items) if c.startswith(f"{MARK}:") and read_dd([c]) is not None]
    if not earlier:
        add_once(items, text)
        return
    items[earlier[0]] = text
    for i in reversed(earlier[1:]):
        del items[i]


def annotate_play(play: Play, j: CardJudgement, deck: Deck) -> None:
    """The glyph, the comment and the better line: the card best on expectation when the glyph
    is the expectation's, else the best card of this deal; never the card played."""
    if j.glyph is None and j.loss <= 0:
        return
    if j.glyph is not None:
        if play.glyph is None:
            play.glyph = j.glyph
        if NAGS[j.glyph] not in play.nags:
            play.nags.append(NAGS[j.glyph])
    text = comment(j, deck)
    (put_values if j.loss > 0 else add_once)(play.comments, text)
    if j.glyph is not None and j.expected_best is not None and j.expected_best != j.card:
        best = Play(seat=j.seat, card=j.expected_best, comments=[f"{MARK}: best on expectation"])
    elif j.loss > 0 and j.best_card != j.card:
        line = f"{MARK}: makes {j.best_points} {write_dd(DDValues(j.best_points))}"
        best = Play(seat=j.seat, card=j.best_card, comments=[line])
    else:
        return
    key = [(j.seat, best.card)]
    same = [v for v in play.variations if [(p.seat, p.card) for p in v.items if isinstance(p, Play)] == key]
    if not same:
        play.variations.append(Variation(items=[best]))
    elif best.comments[0].startswith(f"{MARK}: makes "):  # the solver's line of an earlier review
        for item in same[0].items:
            if any(c.startswith(f"{MARK}:") and read_dd([c]) is not None for c in item.comments):
                put_values(item.comments, best.comments[0])
