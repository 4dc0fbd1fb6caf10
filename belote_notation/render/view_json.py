"""A replayed game's page data as JSON text, the common deal written straight from the replay.

:func:`game_json` is ``json.dumps(game_view(replay))`` as the page embeds it (compact, UTF-8,
every ``<`` written ``\\u003c``), byte for byte. A *plain* deal (replayed to its last trick,
no finding, no review material: what programs write and ``generate`` makes) is written from
the replay (its engine state, trick traces and report) and the deal as read (the compiled
reader's parts of a canonical deal, or its records) through a few fixed templates, without
the dictionaries of :func:`~belote_notation.render.view.game_view` and the generic encoder:
its data is made of small numbers and a few fixed words, which ``%d`` spells as JSON does. Any
other deal, and the game's own data, go through :func:`game_view`'s functions and the encoder.

>>> import json
>>> from belote_notation.check.replay import replay_game
>>> from belote_notation.game.rules import Ruleset
>>> from belote_notation.generator import generate_games
>>> from belote_notation.render.view import game_view
>>> replay = replay_game(next(generate_games(Ruleset.preset("classic"), matches=1, deals=4, seed=3)))
>>> game_json(replay) == json.dumps(game_view(replay), ensure_ascii=False, separators=(",", ":"))
True
"""

from __future__ import annotations

import json
from typing import Any

from belote_notation.check.judged import is_judged
from belote_notation.check.replay import DealReplay, GameReplay
from belote_notation.check.report import DealReport
from belote_notation.check.traces import TRICK_NUMBERS, TraceRow
from belote_notation.game.cards import card_list
from belote_notation.render.fill import template
from belote_notation.render.view import deal_view, game_head, game_tail, sheet_row

__all__ = ["game_json", "script_json"]


def script_json(data: Any) -> str:
    """JSON safe inside ``<script>``: every ``<`` written ``\\u003c``, so no ``</script>`` or
    ``<!--`` in a player's name or a comment can end or confuse the block."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def game_json(replay: GameReplay) -> str:
    """The page's JSON text of one replayed game (see the module docstring)."""
    head = script_json(game_head(replay))
    reports = replay.report.deals
    tails = {id(report): _tail(report) for report in reports}  # a deal's score and its sheet row end alike
    deals = ",".join([_deal_json(d, tails) for d in replay.deals])
    sheet = ",".join([_sheet_json(report, tails[id(report)]) for report in reports])
    tail = script_json(game_tail(replay))
    return f'{head[:-1]},"deals":[{deals}],"sheet":[{sheet}],{tail[1:]}'


def _deal_json(replay: DealReplay, tails: dict[int, str | None]) -> str:
    return _plain_deal(replay, tails) or script_json(deal_view(replay))


_NUMBER = {None: "null", True: "true", False: "false"}
_MARK = {None: "null", "belote": '"belote"', "rebelote": '"rebelote"'}


def _value(value: Any) -> str:
    """``value`` as the encoder writes it: an int and ``None`` here, anything else encoded."""
    if type(value) is int:
        return str(value)
    if value is None:
        return "null"
    return script_json(value)


def _pair(value: Any) -> str:
    """A list of two ints (``[a,b]``), ``None``, or anything else encoded."""
    if type(value) is list and len(value) == 2 and type(value[0]) is int and type(value[1]) is int:
        return "[%d,%d]" % (value[0], value[1])
    return _value(value)


_SHEET = ('{"number":%s,"dealer":%s,"taker":%s,"trump":%s,"outcome":%s,"credited":%s,"potIn":%s,'
          '"potClaimed":%s,"pot":%s,"totals":%s,"totalsTyped":%s}')
_SCORE = ('{"outcome":%s,"cardPoints":%s,"announcements":%s,"belote":%s,"credited":%s,"potIn":%s,'
          '"potClaimed":%s,"pot":%s,"totals":%s,"totalsTyped":%s}')
_TAIL = template('"credited":[%d,%d],"potIn":%d,"potClaimed":[%d,%d],"pot":%d,"totals":[%d,%d],'
                 '"totalsTyped":[%d,%d]}')
_SHEET_HEAD = template('{"number":%d,"dealer":%d,"taker":%d,"trump":%d,"outcome":"%s",')
_SCORE_HEAD = template('{"outcome":"%s","cardPoints":[%d,%d],"announcements":[%d,%d],"belote":[%d,%d],')


def _tail(report: DealReport) -> str | None:
    """The keys that end a deal's score and its row of the sheet alike (``credited`` to
    ``totalsTyped``) as JSON text, when their values are ints and pairs of ints; else ``None``."""
    pairs: Any = (report.credited, report.pot_claimed, report.totals, report.claimed_totals)
    try:
        (a, b), (c, d), (e, f), (g, h) = pairs
    except (TypeError, ValueError):  # None, or not two values
        return None
    pot_in, pot = report.pot_in, report.pot
    if type(a) is type(b) is type(c) is type(d) is type(e) is type(f) is type(g) is type(h) is type(pot_in) \
            is type(pot) is int:
        return _TAIL((a, b, pot_in, c, d, pot, e, f, g, h))
    return None


def _sheet_json(report: DealReport, tail: str | None) -> str:
    """:func:`~belote_notation.render.view.sheet_row` as JSON text (``tail``: its :func:`_tail`)."""
    outcome = report.outcome
    if outcome is not None and not outcome.isalpha():  # a word to escape: the encoder's own way
        return script_json(sheet_row(report))
    number, dealer, taker, trump = report.number, report.dealer, report.taker, report.trump
    if tail is not None and outcome is not None \
            and type(number) is type(dealer) is type(taker) is type(trump) is int:
        return _SHEET_HEAD((number, dealer, taker, trump, outcome)) + tail
    return _SHEET % (
        _value(number), _value(dealer), _value(taker), _value(trump),
        _word(outcome), _pair(report.credited), _value(report.pot_in), _pair(report.pot_claimed),
        _value(report.pot), _pair(report.totals), _pair(report.claimed_totals))


def _score_json(report: DealReport | None, tail: str | None) -> str | None:
    """:func:`~belote_notation.render.view.deal_view`'s ``score`` as JSON text (``tail``: its
    :func:`_tail`; ``None``: a value the templates do not spell)."""
    if report is None:
        return "null"
    outcome = report.outcome
    if outcome is not None and not outcome.isalpha():
        return None
    if tail is not None and outcome is not None:
        pairs: Any = (report.card_points, report.announcements, report.belote)
        try:
            (a, b), (c, d), (e, f) = pairs
        except (TypeError, ValueError):  # None, or not two values: each value its own way
            pass
        else:
            if type(a) is type(b) is type(c) is type(d) is type(e) is type(f) is int:
                return _SCORE_HEAD((outcome, a, b, c, d, e, f)) + tail
    return _SCORE % (
        _word(outcome), _pair(report.card_points), _pair(report.announcements), _pair(report.belote),
        _pair(report.credited), _value(report.pot_in), _pair(report.pot_claimed), _value(report.pot),
        _pair(report.totals), _pair(report.claimed_totals))


def _word(word: str | None) -> str:
    """A word of letters (nothing to escape) or ``None``."""
    return "null" if word is None else f'"{word}"'


_TRICK = ('{"number":%d,"seats":[%d,%d,%d,%d],"cards":[%d,%d,%d,%d],"marks":[%s,%s,%s,%s],"winner":%d,'
          '"points":%d,"running":[%d,%d],"notes":[null,null,null,null],"comments":[]}')
_PLAIN_TRICK = _TRICK.replace("%s", "null")
_PLAIN_TRICKS = tuple(template(",".join([_PLAIN_TRICK] * count)) for count in range(9))
"""The text of 0 to 8 tricks without a belote word, one template each."""
_MARKED_TRICKS = tuple(template(",".join([_TRICK] * count)) for count in range(9))
"""The text of 0 to 8 tricks with their belote words, one template each."""
_NO_MARKS = [None, None, None, None]
_NO_WORDS = (None, None, None, None)
_BID = '{"seat":%d,"action":"%s","suit":%s,"round":%d,"notes":null}'
_ANNOUNCEMENT = '{"seat":%d,"kind":"%s","cards":[%s],"at":[%d,%d],"notes":null}'
_WORDS = {word: word for word in ("pass", "take", "bid", "capot", "generale", "coinche", "surcoinche",
                                   "sequence", "carre", "belote")}
"""The calls' and announcements' words, written as they are (another: KeyError, the encoder's way)."""


def _plain_deal(replay: DealReplay, tails: dict[int, str | None]) -> str | None:
    """The JSON text of a plain deal (see the module docstring); ``None`` for any other."""
    if replay.findings or replay.state is None:
        return None
    parts = replay.parts  # a canonical deal as the compiled reader gave it: no review material
    deal = parts if parts is not None else replay.deal
    if parts is None and not _plain_record(deal):
        return None
    try:
        return _plain_text(replay, deal, tails)
    except (KeyError, TypeError, ValueError):  # a value the templates do not spell: the encoder's way
        return None


def _plain_text(replay: DealReplay, deal: Any, tails: dict[int, str | None]) -> str | None:
    traced = _tricks(replay, deal.tricks)
    if traced is None:
        return None
    tricks, held = traced  # the text, and the cards in each trick
    bids = [_BID % (b.seat, _WORDS[b.action], _value(b.suit), b.round) for b in deal.bids]
    report = replay.report
    if report is not None and id(report) not in tails:  # a report that is not the sheet's
        tails[id(report)] = _tail(report)
    score = _score_json(report, tails[id(report)] if report is not None else None)
    announcements = _announcements(deal.announcements, held) if deal.announcements else ""
    five = _five(deal.five)
    if score is None or five is None:
        return None
    hands = replay.start_hands
    taken = replay.contract
    offer = deal.offer
    return _DEAL((
        deal.number, _value(replay.dealer), "null" if hands is None else _hands(hands),
        _NUMBER[replay.hands_complete], _NUMBER[is_judged(replay)], five,
        "null" if offer is None else "%d" % offer.card, ",".join(bids),
        "null" if taken is None else _contract(taken.taker, taken.trump), _NUMBER[replay.dead], announcements,
        tricks, score))


_DEAL = template(
    '{"number":%d,"dealer":%s,"hands":%s,"complete":%s,"judged":%s,"five":%s,"offer":%s,"bids":[%s],'
    '"contract":%s,"dead":%s,"announcements":[%s],"tricks":[%s],"score":%s,"findings":[],"comments":[]}')


def _tricks(replay: DealReplay, tricks: list[Any]) -> tuple[str, list[int]] | None:
    """The tricks' JSON text (their numbers as written) and how many cards the checks traced in
    each; ``None`` when they traced another count of tricks."""
    plain = replay.plain_tricks()
    if plain is None:  # traced trick by trick
        rows = replay.trick_rows()
        if len(rows) != len(tricks):
            return None
        made = [_trick_json(t.number, row) for t, row in zip(tricks, rows, strict=True)]
        return ",".join(made), [len(row[2]) for row in rows]
    numbers, read = plain
    count = len(read)
    if count != len(tricks) or len(numbers) != count * TRICK_NUMBERS:
        return None
    for trick in read:
        if trick.marks != _NO_WORDS:  # a belote word said: the words in each trick's template
            return _marked(numbers, read), [4] * count
    return _PLAIN_TRICKS[count](numbers), [4] * count  # a closed trick holds four cards


def _marked(numbers: list[int], read: list[Any]) -> str:
    """The text of tricks with their belote words (:func:`_tricks`' numbers, 13 a trick)."""
    values: list[Any] = []
    for i, trick in zip(range(0, len(numbers), TRICK_NUMBERS), read, strict=True):
        values += numbers[i:i + 9]
        values += [_MARK[mark] for mark in trick.marks[:4]]
        values += numbers[i + 9:i + TRICK_NUMBERS]
    return _MARKED_TRICKS[len(read)](values)


def _trick_json(number: int, row: TraceRow) -> str:
    """A trick of four cards traced by the checks (its number as written)."""
    _, seats, cards, marks, winner, points, running = row
    if marks == _NO_MARKS:
        return _PLAIN_TRICK % (number, *seats, *cards, winner, points, *running)
    return _TRICK % (number, *seats, *cards, *[_MARK[mark] for mark in marks], winner, points, *running)


def _plain_record(deal: Any) -> bool:
    """No review material in the records of ``deal`` (four plays a trick, as the parts are
    checked by :func:`_trick_json`)."""
    if deal.comments or not all(_no_notes(b) for b in deal.bids) \
            or not all(_no_notes(a) for a in deal.announcements):
        return False
    return all(not t.comments and all(_no_notes(p) for p in t.plays) for t in deal.tricks)


def _no_notes(item: Any) -> bool:
    return item.glyph is None and not item.nags and not item.comments and not item.variations


def _announcements(announcements: list[Any], traced: list[int]) -> str:
    out = []
    for a in announcements:
        trick, before = a.trick, a.before_card
        if trick is None or not 1 <= trick <= len(traced):
            at = (0, 0)
        else:  # shown from the card it was made with (render/view.py _announced_at)
            count = traced[trick - 1]
            at = (trick, min(max(before or 1, 1), count)) if count else (0, 0)
        cards = ",".join(["%d" % c for c in a.cards])
        out.append(_ANNOUNCEMENT % (a.seat, _WORDS[a.kind], cards, *at))
    return ",".join(out)


def _five(five: list[Any]) -> str | None:
    """The first five cards of each seat when all four are given, else ``null``."""
    if len(five) == 4 and five[0].seat == 0 and five[1].seat == 1 and five[2].seat == 2 and five[3].seat == 3:
        try:  # the usual order: one template
            return _FIVE((*five[0].cards, *five[1].cards, *five[2].cards, *five[3].cards))
        except TypeError:  # not five cards each: the general way
            pass
    held = {h.seat: h.cards for h in five}
    try:
        if sorted(held) != [0, 1, 2, 3] or any(len(cards) != 5 for cards in held.values()):
            return "null"
        return _FIVE(tuple(card for seat in range(4) for card in held[seat]))
    except TypeError:  # not the numbers a hand holds: the encoder's way
        return None


_FIVE = template("[%s]" % ",".join(["[%d,%d,%d,%d,%d]"] * 4))
_BYTES = tuple(tuple("".join([f"{card}," for card in card_list(value << 8 * byte)]) for value in range(256))
               for byte in range(4))
"""The cards of each byte of a hand's mask as the list's text, each card followed by a comma
(from :func:`card_list`): a hand is the four bytes' texts, its last comma left out."""
_HANDS = template("[[%s],[%s],[%s],[%s]]")


def _hands(masks: list[int]) -> str:
    low, b1, b2, high = _BYTES
    if len(masks) != 4:
        return "[%s]" % ",".join(["[%s]" % (low[m & 255] + b1[m >> 8 & 255] + b2[m >> 16 & 255]
                                            + high[m >> 24 & 255])[:-1] for m in masks])
    n, e, s, w = masks  # the four hands, as almost always: one template, no loop
    return _HANDS(((low[n & 255] + b1[n >> 8 & 255] + b2[n >> 16 & 255] + high[n >> 24 & 255])[:-1],
                     (low[e & 255] + b1[e >> 8 & 255] + b2[e >> 16 & 255] + high[e >> 24 & 255])[:-1],
                     (low[s & 255] + b1[s >> 8 & 255] + b2[s >> 16 & 255] + high[s >> 24 & 255])[:-1],
                     (low[w & 255] + b1[w >> 8 & 255] + b2[w >> 16 & 255] + high[w >> 24 & 255])[:-1]))


def _contract(taker: int, trump: int | None) -> str:
    return '{"taker":%d,"trump":%s}' % (taker, _value(trump))
