"""Which deals a review judges: the one rule read by ``annotate``, ``stats``, the service's
review job and the page.

A deal is judged when it has a contract, every hand is known, its eight tricks are played and
its play has no error. Errors of the score sheet alone (the recorded trick winners, scores,
pots and totals: areas :data:`SCORE_SHEET_AREAS`, BEL5xx and BEL6xx) leave the play to judge,
since the replay recomputes them: one wrong total does not take a deal out of the review.

>>> from belote_notation.check.replay import replay_game
>>> from belote_notation.notation.read.reader import parse_text
>>> deal = replay_game(parse_text("deal 1\\nend\\n")[0].game).deals[0]
>>> why_not_judged(deal), is_judged(deal)
('not a complete deal with a contract and known hands', False)
"""

from __future__ import annotations

from belote_notation.check.findings import Finding
from belote_notation.check.replay import DealReplay
from belote_notation.game.code_table import area_of
from belote_notation.game.lang import Listed, Message, msg, render

__all__ = ["SCORE_SHEET_AREAS", "is_judged", "why_not_judged", "why_not_judged_msg"]

SCORE_SHEET_AREAS = frozenset({"scoring", "match"})
"""Areas of the errors that leave a deal's play to judge: the recorded trick winners, scores,
pots and totals (BEL5xx, BEL6xx), which the replay recomputes."""


def why_not_judged(replay: DealReplay) -> str | None:
    """Why a review leaves the deal out, in English (written as the deal's ``DD not reviewed:``
    comment: a file's words), ``None`` for a deal it judges."""
    why = why_not_judged_msg(replay)
    return None if why is None else render(why)


def why_not_judged_msg(replay: DealReplay) -> Message | None:
    """:func:`why_not_judged` as a message of the catalogues (said on stderr by ``annotate`` in
    the language asked)."""
    final = replay.state
    if not _played_out(replay):
        nobody_took = final is not None and final.taker is None and bool(replay.read_deal.bids)
        return (msg("nobody took: no play to review") if nobody_took
                else msg("not a complete deal with a contract and known hands"))
    in_play = _play_errors(replay)
    if in_play:
        where = [msg("%(code)s in trick %(trick)s", code=f.code, trick=f.trick) if f.trick else f.code
                 for f in in_play[:3]]
        if len(in_play) > 3:
            return msg("its play has errors (%(where)s and %(more)s more; see belote-replay validate)",
                       where=Listed(tuple(where)), more=len(in_play) - 3)
        return msg("its play has errors (%(where)s; see belote-replay validate)", where=Listed(tuple(where)))
    return None


def is_judged(replay: DealReplay) -> bool:
    """Whether a review judges the deal's cards (:func:`why_not_judged` has nothing against it;
    answered without the deal's records, which the page may not have made)."""
    return _played_out(replay) and not _play_errors(replay)


def _played_out(replay: DealReplay) -> bool:
    """A contract, every hand known, the eight tricks played."""
    final = replay.state
    return final is not None and final.taker is not None and final.trick_no >= 8 and replay.hands_complete


def _play_errors(replay: DealReplay) -> list[Finding]:
    """The errors about the deal outside the score sheet."""
    return [f for f in replay.findings if f.severity == "error" and area_of(f.code) not in SCORE_SHEET_AREAS]
