"""What a table may say now in a live game, and its score sheet as the engine counts it.

A recording page (or an app) shows buttons at the right moments: the announcements the seat to
play may make now, the belote word due with a trump king or queen, and, once a deal's last
trick is played, the deal's score line and the running totals to write down. None of it is a
rule restated: each is read from the engine's state of the deal in progress
(:attr:`LiveGame.deal_replay <belote_notation.check.live.LiveGame.deal_replay>`: its
:func:`~belote_notation.game.engine.find_announcements`, :func:`~belote_notation.game.engine.belote_holder`,
:func:`~belote_notation.game.engine.belote_marks.belote_word_due`) or from ``validate``'s own
report of the record (:meth:`LiveGame.report`: each deal's credited points, the pot, the totals,
the match's winner). What the table then sends is checked like any act.

>>> from belote_notation.check.live import LiveGame
>>> game = LiveGame("classic")
>>> hands = {"N": "7S 8S 9S 10S JS QS KS AS".split(), "E": "7H 8H 9H 10H JH QH KH AH".split(),
...          "S": "7D 8D 9D 10D JD QD KD AD".split(), "W": "7C 8C 9C 10C JC QC KC AC".split()}
>>> game.play({"act": "deal", "dealer": "W", "hands": hands}).position["to_move"]
'N'
>>> game.play({"act": "call", "seat": "N", "call": "take S"}).accepted
True
>>> [(a["kind"], a["cards"][0], len(a["cards"])) for a in offers(game)["announcements"]]
[('sequence', '7S', 8)]
>>> offers(game)["belote"]
{'QS': 'belote', 'KS': 'belote'}
>>> score_sheet(game)["due"] is None  # the deal is not over
True
"""

from __future__ import annotations

from typing import Any

from belote_notation.check.live import LiveGame
from belote_notation.check.live_acts import ScoreAct
from belote_notation.game.cards import KING, QUEEN, SEAT_NAMES, card_name, cards_of
from belote_notation.game.engine import announcement_value, belote_holder, cards_played, find_announcements
from belote_notation.game.engine.belote_marks import belote_word_due

__all__ = ["offers", "score_sheet"]

OVER = ("over", "dead")
"""The phases in which a deal waits for its score line."""


def offers(game: LiveGame) -> dict[str, Any]:
    """What the seat to play may say with its next card: ``announcements`` (each ``{"seat",
    "kind", "cards"}``, as an ``announce`` act takes it: the sequences and carrés of its hand
    worth points, not announced yet, while the rules' deadline allows) and ``belote`` (card ->
    the word due with it, for the trump king and queen of the seat that holds both)."""
    out: dict[str, Any] = {"seq": game.seq, "announcements": [], "belote": {}}
    replay = game.deal_replay
    position = game.position
    seat_name = position.get("to_move")
    state = replay.state if replay is not None else None
    if state is None or position.get("phase") != "play" or seat_name is None or not state.hands_known:
        return out
    seat = SEAT_NAMES.index(seat_name)
    rules, deck = state.rules, state.deck
    late = cards_played(state, seat) > (rules.announce_deadline != "before_first_card")
    if rules.announcements and not late:
        made = [(kind, mask) for who, kind, mask in state.announcements if who == seat]
        for kind, mask in find_announcements(state.full_hands[seat]):
            if announcement_value(kind, mask) and not any(k == kind and m & mask == mask for k, m in made):
                out["announcements"].append({"seat": seat_name, "kind": kind,
                                             "cards": [card_name(c, deck) for c in cards_of(mask)]})
    if belote_holder(state) == seat:
        for card in cards_of(state.hands[seat]):
            if card >> 3 == state.trump and (card & 7) in (QUEEN, KING):
                out["belote"][card_name(card, deck)] = belote_word_due(state, card)
    return out


def score_sheet(game: LiveGame) -> dict[str, Any]:
    """The score sheet as ``validate`` counts it: ``deals`` (each deal's ``deal``, ``taker``,
    ``trump``, ``outcome``, the ``score`` recorded, what it should be, ``scored``, and the engine's
    running ``totals``), ``winner`` (``NS``, ``EW``; ``None`` while the match goes on) and
    ``due``: the ``score`` act to send for a deal over without its score line yet (``None``
    otherwise), as :class:`~.live_acts.ScoreAct` takes it."""
    report = game.report()
    deals = []
    for deal in report.get("deals", []):
        credited = deal.get("credited")
        claimed = deal.get("pot_claimed") or [0, 0]
        scored = None if credited is None else [credited[0] + claimed[0], credited[1] + claimed[1]]
        deals.append({"deal": deal["deal"], "taker": deal.get("taker"), "trump": deal.get("trump"),
                      "outcome": deal.get("outcome"), "scored": scored, "totals": deal.get("totals"),
                      "pot": deal.get("pot"), "recorded": (deal.get("recorded") or {}).get("score")})
    out: dict[str, Any] = {"seq": game.seq, "deals": deals, "winner": report.get("winner"), "due": None}
    acts = game.acts
    if (game.position.get("phase") in OVER and deals and deals[-1]["scored"] is not None
            and acts and not isinstance(acts[-1], ScoreAct)):
        last = deals[-1]
        pot = last["pot"] if last["pot"] or any(report["deals"][-1].get("pot_claimed") or ()) else None
        out["due"] = ScoreAct(score=tuple(last["scored"]), match=tuple(last["totals"]),
                              pot=pot).model_dump(mode="json", exclude_none=True)
    return out
