"""The live game (check/live.py) against ``validate``: every verdict, and the finished report.

Generated games of the six rule systems are played act by act, with faults injected before some
acts (a card not held or out of turn, a call out of turn or not allowed, a wrong score, a
wrong dealer, a wrong announcement, a wrong result). The oracle is the public ``validate``
(check/validator.py ``validate_text``) of the record's text with the act as its last one, the
game in progress said as PGN says it (``[Termination "unterminated"]`` in place of the
``Result`` tag, so that no line moves): the verdict's findings are the findings that text has
and the text before did not, at the same places; the act is refused when one is an error. The
finished record's report is ``validate``'s of its text.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from typing import Any

import pytest

from belote_notation.check.live import LiveGame, acts_of_text
from belote_notation.check.live_acts import apply_act, parse_act
from belote_notation.check.validator import validate_text
from belote_notation.game.cards import Deck, card_name, suit_name
from belote_notation.game.rules import Ruleset, preset_names
from belote_notation.generator import generate_games
from belote_notation.notation.headers import game_deck
from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.write.writer import write_game

SYSTEMS = preset_names()
MATCH_RESULT = "BEL605"
"""The match stops before its end: said of a game in progress by no verdict (its ``end`` is to come)."""


@functools.lru_cache(maxsize=16)  # the deals over are the same for every act of a deal
def _validate(text: str) -> list[dict[str, Any]]:
    return [f.to_dict() for f in validate_text(text, "<live>")[0].findings]


@functools.lru_cache(maxsize=8)  # the text after an act is the text before the next one
def _oracle(text: str, live: bool) -> list[dict[str, Any]]:
    """``validate``'s findings of a record's text; ``live``: as a game in progress (docs/live.md):
    the deals over checked as a finished record has them (the record cut before the last deal),
    the last deal as a position (``[Termination "unterminated"]`` in place of ``Result``: no line
    moves), without the infos that it could not be checked yet (BEL9xx) and the match's result."""
    if not live:
        return _validate(text)
    lines = text.split("\n")
    starts = [n for n, line in enumerate(lines) if line.startswith("deal ")]
    last = starts[-1] if starts else len(lines) - 2
    lines = ["end" if line.startswith("end") else line for line in lines]
    closed = ['[Annotator "live"]' if line.startswith("[Result ") else line for line in lines[:last]]
    position = ['[Termination "unterminated"]' if line.startswith("[Result ") else line for line in lines]
    over = [f for f in _validate("\n".join([*closed, "end", ""])) if f["line"] <= last]
    now = [f for f in _validate("\n".join(position)) if f["line"] > last and not f["code"].startswith("BEL9")]
    return [f for f in over + now if f["code"] != MATCH_RESULT]


def _key(f: dict[str, Any]) -> tuple[Any, ...]:
    return f["code"], f["message"], f["deal"], f["trick"], f["seat"]


def _new(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[dict[str, Any]]:
    left = Counter(_key(f) for f in before)
    out = []
    for f in after:
        if left[_key(f)]:
            left[_key(f)] -= 1
        else:
            out.append(f)
    return out


def _text_with(text: str, act: Any, rules: str) -> str:
    """The record's text with ``act`` added, made from the text (not from the live game)."""
    game = parse_text(text)[0].game
    apply_act(game, act, game_deck(game.headers), Ruleset.preset(rules).bidding == "contree")
    return write_game(game)


def _expected(live: LiveGame, act: Any) -> list[dict[str, Any]]:
    before = live.text()
    ends = act.act == "end"
    return _new(_oracle(before, True), _oracle(_text_with(before, act, live.rules), not ends))


def _faults(acts: list[dict[str, Any]], at: int, deck: Deck, contree: bool,
            rng: random.Random) -> list[dict[str, Any]]:
    """Wrong versions of an act, as a table gets them wrong (or the next deal, too early)."""
    data = acts[at]
    kind = data["act"]
    if kind == "card" and rng.random() < 0.1:
        return [next((a for a in acts[at:] if a["act"] == "deal"), {"act": "end", "result": "*"})]
    seats = "NESW"
    seat = data.get("seat")
    other = {**data, "seat": seats[(seats.index(seat) + rng.randrange(1, 4)) % 4]} if seat else None
    if kind == "card":
        card = card_name(rng.randrange(32), deck)
        return [f for f in ({**data, "card": card} if card != data["card"] else None, other,
                            {**data, "belote": "rebelote"} if data.get("belote") is None else None) if f]
    if kind == "call":
        suit = suit_name(rng.randrange(4), deck)
        calls = [f"80{suit}", f"90{suit}", "coinche", "capot SA", "pass"] if contree else ["take",
                                                                                          f"take {suit}"]
        return [f for f in ({**data, "call": rng.choice(calls)}, other) if f and f != data]
    if kind == "deal":
        dealer = data.get("dealer")
        number = [{**data, "number": data["number"] + 1}] if data.get("number") else []  # a warning: kept
        return number + ([{**data, "dealer": seats[(seats.index(dealer) + 1) % 4]}] if dealer else [])
    if kind == "score" and data.get("score"):
        return [{**data, "score": [data["score"][0] + 10, data["score"][1]]}]
    if kind == "announce":
        return [{**data, "cards": data["cards"][1:] + [card_name(rng.randrange(32), deck)]}]
    if kind == "end" and data.get("result") in ("NS", "EW"):
        return [{**data, "result": "EW" if data["result"] == "NS" else "NS"}]
    return []


def _play_checked(live: LiveGame, data: dict[str, Any]) -> Any:
    act = parse_act(data)
    expected = _expected(live, act)
    before = live.text()
    verdict = live.play(data)
    assert verdict.findings == expected, (data, verdict.findings, expected)
    assert verdict.accepted == (not any(f["severity"] == "error" for f in expected)), data
    if not verdict.accepted:
        assert live.text() == before and verdict.seq == len(live.acts)
    return verdict


def _play_game(rules: str, text: str, rng: random.Random, rate: float) -> int:
    """Plays a generated game act by act with faults; the number of faults injected."""
    game = parse_text(text)[0].game
    deck, contree = game_deck(game.headers), Ruleset.preset(rules).bidding == "contree"
    live = LiveGame(rules, tags={h.name: h.value for h in game.headers})
    faults = 0
    acts = [data for data, _ in acts_of_text(text)]
    for at, data in enumerate(acts):
        if rng.random() < rate:
            wrong = _faults(acts, at, deck, contree, rng)
            if wrong:
                faults += 1
                seq, kept, position = live.seq, live.text(), live.position
                if _play_checked(live, rng.choice(wrong)).accepted:  # kept with its warning: taken back
                    undone = live.undo()
                    assert (undone.seq, live.text(), undone.position) == (seq, kept, position)
        verdict = _play_checked(live, data)
        assert verdict.accepted and not verdict.findings, (data, verdict)
    assert live.finished and live.text() == text
    assert live.report() == validate_text(text, "<live>")[0].to_dict()
    return faults


def _games(rules: str, deals: int, seed: int) -> list[str]:
    made = generate_games(Ruleset.preset(rules), matches=None, deals=deals, seed=seed)
    return [write_game(game) for game in made]


@pytest.mark.parametrize("rules", SYSTEMS)
def test_every_verdict_is_validates(rules):
    rng = random.Random(rules)
    faults = sum(_play_game(rules, text, rng, 0.3) for text in _games(rules, 2, 11))
    assert faults > 10


@pytest.mark.slow
@pytest.mark.parametrize("rules", SYSTEMS)
def test_a_thousand_deals_with_faults(rules):
    rng = random.Random(rules)
    faults = sum(_play_game(rules, text, rng, 0.05) for text in _games(rules, 1000, 36))
    assert faults > 1000
