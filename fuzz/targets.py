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
* ``importers`` (issue 22): any bytes read as one importer's format (events, csv, cfn, the two
  coinche servers' logs, the JSON twin and JSON Lines, chosen by the first byte) through the
  pipeline: nothing raises, no internal error, every game within the reader's limits.
* ``render`` (issue 22): any bytes drawn as the replay page and SVG diagrams: the page's
  skeleton parses as XML with only the template's elements (nothing from the record became
  markup), one valid JSON data block per game; every SVG parses as XML without scripts or
  event attributes.

Time per input is bounded by the fuzzer (``-timeout``, docs/fuzzing.md); every stage is linear.
"""

from __future__ import annotations

import functools
import io
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable

from belote_notation.check.validator import validate_source
from belote_notation.formats import get_format
from belote_notation.notation.positions import same_records
from belote_notation.notation.read.jsonio import JsonReadError, read_json_games
from belote_notation.notation.read.reader import iter_games, parse_text
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
from belote_notation.notation.write.jsonio import JsonWriteError, game_to_json, write_json_games
from belote_notation.notation.write.writer import NotationWriteError, write_game
from belote_notation.pipeline import records as pipeline_records
from belote_notation.pipeline.games import check_input
from belote_notation.pipeline.inputs import InputProblem, OpenInput, Source, open_input
from belote_notation.render import DiagramError, deal_svg, write_page
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


# ------------------------------------------------------------------ issue 22: importers, render
IMPORTED = ("events", "csv", "cfn", "coinched", "coinche-ws", "json", "jsonl")
"""The formats the ``importers`` target reads (the first byte of an input chooses one)."""


def _opened(data: bytes, suffix: str) -> OpenInput:
    opened = open_input(Source(f"fuzz{suffix}", data=data))
    if isinstance(opened, InputProblem):
        raise PropertyFailed(f"bytes given as data could not be opened: {opened.message}")
    return opened


def importers(data: bytes) -> None:
    """Any bytes read as one importer's format (the first byte chooses it): reading never raises,
    checking never reports BEL099 or BEL911, every game read stays within the reader's limits
    (its canonical text reads back without BEL008, BEL012 or BEL013), or the writer refuses it."""
    if not data:
        return
    fmt = get_format(IMPORTED[data[0] % len(IMPORTED)])
    assert fmt is not None
    body = data[1:]
    with _opened(body, fmt.extensions[0]) as opened:
        for read in pipeline_records.records_of(opened):
            codes = {f.code for f in read.findings}
            _check(not codes & {"BEL099", "BEL911"}, f"internal error: {codes}")
            if read.game is None:
                continue
            try:
                text = write_game(read.game)
            except NotationWriteError:
                continue
            back = {e.code for parsed in parse_text(text) for e in parsed.errors}
            _check(not back & {"BEL008", "BEL012", "BEL013", "BEL099"},
                   f"{fmt.name} built a game past the reader's limits: {sorted(back)}")
    with _opened(body, fmt.extensions[0]) as opened:
        for report in check_input(opened):
            codes = {finding.code for finding in report.findings}
            _check(not codes & {"BEL099", "BEL911"}, f"internal error in the checks: {codes}")


_GAME_DATA = re.compile(r'<script type="application/json" class="belote-game">(.*?)</script>\n', re.S)
_RAW_TEXT = re.compile(r"(<(style|script)\b[^>]*>).*?(</\2>)", re.S)
_VOID = re.compile(r"<(meta)\b([^>]*?)/?>")


def _page_skeleton(page: str) -> ET.Element:
    """The page as XML: its raw-text elements (style, scripts) emptied, the void elements closed."""
    body = page.removeprefix("<!doctype html>\n")
    body = _VOID.sub(r"<\1\2/>", _RAW_TEXT.sub(r"\1\3", body))
    return ET.fromstring(body)


def render(data: bytes) -> None:
    """Any bytes (``.bel``, or the JSON twin when they start with ``{``) drawn as the replay page
    and as an SVG diagram of every deal: nothing raises; the page's skeleton parses as XML with
    exactly its own elements (nothing the record wrote became markup), one data block per game,
    each valid JSON; every SVG parses as XML, with no script and no event attribute."""
    suffix = ".json" if data.lstrip()[:1] == b"{" else ".bel"
    with _opened(data, suffix) as opened:
        replays = []
        for read in pipeline_records.records_of(opened):
            if read.game is not None and read.too_deep(opened.name) is None:
                replays.append(read.replay(opened.name))
    out = io.StringIO()
    count = write_page(out, replays, "fuzz <title> & \"quotes\"")
    page = out.getvalue()
    blocks = _GAME_DATA.findall(page)
    _check(count == len(replays) == len(blocks), f"{len(replays)} games, {len(blocks)} data blocks")
    for block in blocks:
        json.loads(block)  # raises on a block an escaping mistake has cut or broken
    skeleton = _page_skeleton(page)
    tags = sorted(element.tag for element in skeleton.iter())
    _check(tags == sorted(_empty_page_tags(len(blocks))),
           f"the page holds elements of its own: {tags}")
    for replay in replays[:2]:
        for position in range(min(len(replay.deals), 3)):
            for trick in (None, 1, 8):
                try:
                    svg = deal_svg(replay, position, trick)
                except DiagramError:
                    continue
                root = ET.fromstring(svg)
                for element in root.iter():
                    _check(not element.tag.endswith("script"), "a script in the SVG")
                    _check(not any(name.lower().startswith("on") for name in element.attrib),
                           f"an event attribute in the SVG: {element.attrib}")


def _empty_page_tags(games: int) -> list[str]:
    """The elements of the page of ``games`` games: the template's, and one script per game."""
    return _template_tags() + ["script"] * games


@functools.cache
def _template_tags() -> list[str]:
    out = io.StringIO()
    write_page(out, [], "fuzz <title> & \"quotes\"")
    return [element.tag for element in _page_skeleton(out.getvalue()).iter()]


TARGETS["importers"] = importers
TARGETS["render"] = render
TARGETS["fix"] = __import__("fuzz.fix_target", fromlist=["fix"]).fix  # fuzz/fix_target.py
TARGETS["config"] = __import__("fuzz.config_target", fromlist=["config"]).config  # fuzz/config_target.py
