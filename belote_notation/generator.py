"""Seeded random but fully legal matches, as records (and as plain deal scripts).

Every choice is drawn from what the engine says is legal (:func:`legal_bids`,
:func:`legal_cards`, :func:`find_announcements`), so a generated record replays without a
single finding under its rules::

    >>> from belote_notation.game.rules import Ruleset
    >>> game = next(generate_games(Ruleset.preset("moroccan"), matches=1, deals=None, seed=7))
    >>> game.header("Rules")
    'moroccan'

The deals as plain integers, dealt and played through the engine, are made by
:mod:`belote_notation.game.random_deals` (the game layer: no records); this module turns them
into records, and its names stay importable from here.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from belote_notation.game.cards import SEAT_NAMES, cards_of
from belote_notation.game.engine import (
    MatchStep,
    add_deal,
    new_match,
    trick_winner,
)
from belote_notation.game.random_deals import (
    DealHook,
    DealScript,
    generate_scripts,
    random_deal,
    replay_script,
)
from belote_notation.game.rules import PRESETS, Ruleset
from belote_notation.notation import records as R

__all__ = [
    "DealHook",
    "DealScript",
    "MAX_DEALS",
    "MAX_TARGET",
    "deal_record",
    "generate_games",
    "generate_scripts",
    "random_deal",
    "replay_script",
    "rule_headers",
]

PLAYER_NAMES = ("Amine", "Sara", "Youssef", "Nadia", "Karim", "Leila", "Hamza", "Ines", "Omar",
                "Julie", "Marc", "Claire", "Paul", "Lucie", "Hugo", "Emma")


def _cards(mask: int) -> list[int]:
    return list(cards_of(mask))


# model_construct is used for speed; every field with a default factory is passed explicitly
# (pydantic inspects the factory each time it has to call one, which is slow).
def _notes() -> dict[str, Any]:
    return {"glyph": None, "nags": [], "comments": [], "variations": []}


def _hands(masks: Sequence[int]) -> list[R.Hand]:
    return [R.Hand.model_construct(seat=s, cards=_cards(masks[s]), positions=[]) for s in range(4)]


def deal_record(number: int, script: DealScript, step: MatchStep) -> R.Deal:
    """The record of a generated deal, with the scores the engine gives (``score`` is what
    the deal credits, the litige pot claimed included; ``pot`` only when not empty)."""
    if script.hands is not None:
        bids = [R.Bid.model_construct(seat=seat, action=action, suit=suit, value=value, round=1, **_notes())
                for (seat, action, suit), value in zip(script.bids, script.values, strict=True)]
    else:
        bids = [R.Bid.model_construct(seat=seat, action=action, suit=suit, value=None,
                                      round=1 if i < 4 else 2, **_notes())
                for i, (seat, action, suit) in enumerate(script.bids)]
    anns = []
    ann_at: dict[int, list[tuple[int, str, int]]] = {}
    for seat, kind, mask, at in script.announcements:
        ann_at.setdefault(at, []).append((seat, kind, mask))
    counts = [0, 0, 0, 0]
    tricks = []
    plays = script.plays
    for t in range(len(plays) // 4):
        trick_plays = []
        for j in range(4):
            i = t * 4 + j
            seat, card, mark = plays[i]
            for a_seat, kind, mask in ann_at.get(i, ()):
                anns.append(R.Announcement.model_construct(
                    seat=a_seat, kind=kind, cards=_cards(mask), positions=[], trick=t + 1,
                    before_card=counts[a_seat] + 1, **_notes()))
            counts[seat] += 1
            trick_plays.append(R.Play.model_construct(seat=seat, card=card, mark=mark, **_notes()))
        cards = [plays[t * 4 + j][1] for j in range(4)]
        trump = script.result.trump
        assert trump is not None, "a played deal has a trump"
        winner = plays[t * 4 + trick_winner(cards, trump)][0]
        tricks.append(R.Trick.model_construct(number=t + 1, plays=trick_plays, winner=winner,
                                              comments=[]))
    contree = script.hands is not None
    return R.Deal.model_construct(
        number=number, dealer=script.dealer, five=[] if contree else _hands(script.five),
        offer=None if contree else R.CardRef.model_construct(card=script.offer), bids=bids,
        rest=_hands(script.rest) if script.rest is not None else [], announcements=anns,
        tricks=tricks, score=R.Score.model_construct(ns=step.credited[0], ew=step.credited[1]),
        match_score=R.Score.model_construct(ns=step.totals[0], ew=step.totals[1]),
        pot=step.pot or None, hands=_hands(script.hands) if script.hands is not None else [], comments=[],
    )


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(getattr(value, "value", value))


def rule_headers(rules: Ruleset) -> list[tuple[str, str]]:
    """``Rules`` and ``Deck`` tags, then ``Target`` and one ``Option`` tag per option that
    differs from the preset."""
    preset = rules.name if rules.name in PRESETS else "classic"
    out = [("Rules", preset), ("Deck", rules.deck.value)]
    base = PRESETS[preset]
    for key in Ruleset.option_names():
        value = getattr(rules, key)
        if key == "deck" or value == getattr(base, key):
            continue
        if key == "target":
            out.append(("Target", str(value)))
        else:
            out.append(("Option", f"{key}={_option_text(value)}"))
    return out


def generate_games(rules: Ruleset, matches: int | None = 1, deals: int | None = None,
                   seed: int = 0) -> Iterator[R.Game]:
    """Seeded random legal matches as records, one game at a time (flat memory).

    Stops after ``matches`` complete matches or ``deals`` deals in all, whichever comes first
    (a match cut short by ``deals`` has result ``*``). Both ``None``: one match.
    """
    if matches is None and deals is None:
        matches = 1
    rng = random.Random(seed)
    made_matches = 0
    made_deals = 0
    tags = rule_headers(rules)
    while (matches is None or made_matches < matches) and (deals is None or made_deals < deals):
        first_dealer = rng.randrange(4)
        match = new_match(rules, first_dealer)
        names = rng.sample(PLAYER_NAMES, 4)
        headers = [("Event", f"Generated match {made_matches + 1}"), ("Site", "belote-replay generate"),
                   ("Date", "2026.01.01"), *tags]
        headers += [(label, names[i]) for i, label in enumerate(("North", "East", "South", "West"))]
        headers.append(("Dealer", SEAT_NAMES[first_dealer]))
        headers.append(("Source", f"belote-replay generate, seed {seed}"))
        game_deals = []
        number = 0
        while not match.over and (deals is None or made_deals < deals) and number < MAX_DEALS:
            number += 1
            script = random_deal(rules, match.dealer, rng)
            step = add_deal(match, script.result)
            game_deals.append(deal_record(number, script, step))
            made_deals += 1
        result = "*" if match.winner is None else ("NS" if match.winner == 0 else "EW")
        headers.append(("Result", result))
        yield R.Game.model_construct(
            headers=[R.Header.model_construct(name=k, value=v) for k, v in headers],
            deals=game_deals, result=result, comments=[])
        made_matches += 1


MAX_DEALS = 300
"""A generated match stops there even without a winner (result ``*``): 300 deals of about 130
items each stay within the reader's 50,000 items per game (docs/notation.md, "Limits of the
reader"), so every generated game reads back (1,000 deals made games the reader refused)."""

MAX_TARGET = 10_000
"""The highest target score ``generate`` accepts: a match to it ends well within
:data:`MAX_DEALS` (about 80 points a deal to the winner)."""
