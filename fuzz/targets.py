"""The fuzz targets: one function per part, each taking the fuzzer's bytes and raising
:class:`PropertyFailed` (or any exception) when a property does not hold.

Properties:

* ``reader``: reading any bytes never raises and never reports BEL099; a game read without
  issues is written canonically, and that text reads back with no issue into the same records
  and the same text (the round trip).
* ``checks``: validating any bytes never raises, never reports BEL099 or BEL911.
* ``writer``: records built from the bytes (any text in comments and tag values, numbers of
  any size and sign, variations of any depth) are either refused by the writer
  (``NotationWriteError``) or written as text that reads back without issue into the same
  records.
* ``json``: reading any bytes as JSON raises nothing but ``JsonReadError``; a game read is
  written as JSON and read back equal, and written as .bel (or refused) as for ``writer``.

Time per input is bounded by the fuzzer (``-timeout``, docs/fuzzing.md); every stage is linear.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from belote_notation.check.validator import validate_source
from belote_notation.notation.jsonio import (
    JsonReadError,
    JsonWriteError,
    game_to_json,
    read_json_games,
    write_json_games,
)
from belote_notation.notation.positions import same_records
from belote_notation.notation.reader import iter_games, parse_text
from belote_notation.notation.records import (
    Announcement,
    Bid,
    Deal,
    Game,
    Header,
    Play,
    Score,
    Trick,
    Variation,
)
from belote_notation.notation.writer import NotationWriteError, write_game
from fuzz import speed

__all__ = ["TARGETS", "PropertyFailed"]


class PropertyFailed(AssertionError):
    """A property of a target does not hold for an input."""


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise PropertyFailed(message)


def _round_trip(game: Game) -> None:
    """``game`` is refused by the writer, or its text reads back as the same records."""
    try:
        text = write_game(game)
    except NotationWriteError:
        return
    back = parse_text(text)
    _check(len(back) == 1 and not back[0].errors,
           f"the writer's text does not read back cleanly: {[str(e) for e in back[0].errors][:3]}")
    _check(same_records(back[0].game, game), "the writer's text reads back as other records")
    _check(write_game(back[0].game) == text, "the canonical text is not a fixed point")


def reader(data: bytes) -> None:
    for parsed in iter_games(io.BytesIO(data), "fuzz.bel"):
        codes = {issue.code for issue in parsed.errors}
        _check("BEL099" not in codes, f"internal error: {parsed.errors}")
        if not parsed.errors:
            _round_trip(parsed.game)


def checks(data: bytes) -> None:
    for report in validate_source(io.BytesIO(data), "fuzz.bel"):
        codes = {finding.code for finding in report.findings}
        _check(not codes & {"BEL099", "BEL911"}, f"internal error: {codes}")


def json_reader(data: bytes) -> None:
    try:
        games = list(read_json_games(io.BytesIO(data)))
    except JsonReadError:
        return
    for game in games:
        try:
            out = io.StringIO()
            write_json_games([game], out)
        except JsonWriteError:
            continue
        again = list(read_json_games(out.getvalue()))
        _check(again == [game], "the JSON twin does not read back equal")
        _check(game_to_json(again[0]) == game_to_json(game), "the JSON twin changes on a second trip")
        _round_trip(game)


class _Bytes:
    """Values taken from the fuzzer's bytes (a small FuzzedDataProvider, usable without atheris)."""

    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def byte(self) -> int:
        self.pos += 1
        return self.data[self.pos - 1] if self.pos <= len(self.data) else 0

    def int(self, scale: int = 1) -> int:
        """Mostly small numbers, sometimes huge or negative ones."""
        kind = self.byte()
        if kind < 200:
            return kind % 40
        digits = self.byte() % 24 + 1
        value = int("".join(str(self.byte() % 10) for _ in range(digits)) or "0")
        return -value if kind % 2 else value

    def text(self) -> str:
        """A short string of any code points (brackets, quotes, CR, LF, surrogates included)."""
        length = self.byte() % 12
        alphabet = '{}[]()"\\;\r\n\t $!?ab1 deal end trick winner N:AS\x00\u00e9\u2665\ud800'
        out = []
        for _ in range(length):
            b = self.byte()
            out.append(alphabet[b % len(alphabet)] if b < 240 else chr(self.byte() * 256 + self.byte()))
        return "".join(out)

    def more(self, limit: int = 4) -> range:
        return range(self.byte() % (limit + 1))


def _item(source: _Bytes, depth: int) -> Bid | Play:
    # model_construct: the writer must cope with values the records' validation would refuse
    # (seat 4, cards 32 and 33), as a program building records without validation may hand it.
    if source.byte() % 3 == 0:
        item: Bid | Play = Bid.model_construct(seat=source.byte() % 5 or None,
                                               action="take" if source.byte() % 2 else "pass")
    else:
        item = Play.model_construct(seat=source.byte() % 4, card=source.byte() % 34)
    _review(item, source, depth)
    return item


def _review(item: Bid | Play | Announcement, source: _Bytes, depth: int) -> None:
    for _ in source.more(2):
        item.nags.append(source.int())
    for _ in source.more(2):
        item.comments.append(source.text())
    if source.byte() % 7 == 0:
        item.glyph = "!?"
    # a long chain sometimes: variations of any depth must be written and read back
    chain = source.byte() % 4 if source.byte() < 250 else source.byte() * 4
    current = item
    for _ in range(min(chain, 2000 - depth)):
        inner = Play(seat=source.byte() % 4, card=source.byte() % 32)
        comments = [source.text()] if source.byte() < 20 else []
        current.variations.append(Variation(items=[inner], comments=comments))
        current = inner


def records_of(data: bytes) -> Game:
    """A game built from the bytes (the writer target's input)."""
    source = _Bytes(data)
    game = Game(headers=[Header(name=source.text() if source.byte() < 10 else "Event", value=source.text())
                         for _ in source.more(3)],
                comments=[source.text() for _ in source.more(2)])
    for _ in source.more(3):
        deal = Deal(number=source.int(), dealer=source.byte() % 4)
        for _ in source.more(4):
            trick = Trick(number=source.int(), comments=[source.text() for _ in source.more(1)])
            for _ in source.more(4):
                play = _item(source, 0)
                if isinstance(play, Play):
                    trick.plays.append(play)
                else:
                    deal.bids.append(play)
            deal.tricks.append(trick)
        if source.byte() % 3 == 0:
            deal.score = Score(ns=source.int(), ew=source.int())
        if source.byte() % 5 == 0:
            deal.pot = source.int()
        if source.byte() % 5 == 0:
            ann = Announcement(seat=source.byte() % 4, kind="belote", cards=[6, 5], trick=source.int())
            _review(ann, source, 0)
            deal.announcements.append(ann)
        game.deals.append(deal)
    if source.byte() % 2:
        game.result = "NS" if source.byte() % 2 else source.text()
    return game


def writer(data: bytes) -> None:
    _round_trip(records_of(data))


TARGETS: dict[str, Callable[[bytes], None]] = {
    "reader": reader,
    "checks": checks,
    "writer": writer,
    "json": json_reader,
    "speed": speed.both_paths,  # the compiled path against the pure-Python path (fuzz/speed.py)
    "solver": __import__("fuzz.solver_target", fromlist=["solver"]).solver,  # fuzz/solver_target.py
}
