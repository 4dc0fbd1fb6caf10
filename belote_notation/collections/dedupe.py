"""``dedupe``: the games of a collection told apart by what was played (fingerprints).

A game is dropped when it is

* ``exact``: its game fingerprint is an earlier game's (the same players, rules and deals,
  however written: ``notation/fingerprint.py``); the first copy is kept;
* ``prefix``: its deals are the first deals of a longer game with the same rules and players
  (a live feed stopped early); its last deal may be cut short, and is then recognised by its
  dealt cards (dealer, first five cards and offer, else the 8-card hands; a record of the
  tricks only: its first trick, when complete);
* ``deal`` (only with ``drop_deals``): a deal of it was played in an earlier kept game (the
  same deal replayed in another match). Without ``drop_deals`` these are reported, not dropped.

Deals without any card recorded have no meaningful fingerprint and are never compared.

Reading is the pipeline's (any readable format); no game is checked: fingerprints read the
records. The fingerprints go into a :class:`~.table.FingerprintTable` (memory, then disk), so
memory stays bounded whatever the number of deals. As a :class:`~.work.CollectionWork` a part
is the list of one piece's :class:`GameEntry` values (about 40 bytes a deal), merged into a
:class:`DedupeResult`.

>>> from belote_notation.pipeline.inputs import Source
>>> from belote_notation.collections.work import run_serial
>>> game = "[North \\"A\\"]\\ndeal 1 dealer N\\ntrick 1 N:AS E:KS S:QS W:JS\\nend\\n"
>>> longer = game.replace("end", "deal 2 dealer E\\ntrick 1 E:AH S:KH W:QH N:JH\\nend")
>>> result = run_serial(DedupeWork(), [Source("a.bel", data=(game + game + longer).encode())])
>>> [(d.number, d.reason, d.other_number) for d in result.dropped]
[(1, 'prefix', 3), (2, 'exact', 1)]
>>> result.kept_count, result.games
(1, 3)
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from belote_notation.collections.table import MEMORY_ROWS, FingerprintTable, GameRow
from belote_notation.collections.work import input_name
from belote_notation.notation.fingerprint import deal_fingerprint, game_fingerprint, game_text
from belote_notation.notation.records import Deal, Game
from belote_notation.pipeline.records import ReadGame

__all__ = ["DedupeResult", "DedupeWork", "Dropped", "GameEntry", "Deduper", "game_entry"]

_BATCH = 2_000
_WHOLE, _CUT = "whole", "cut"


def _digest(fingerprint: str) -> bytes:
    return bytes.fromhex(fingerprint.partition(":")[2])


def _has_cards(deal: Deal) -> bool:
    return bool(deal.five or deal.hands or deal.tricks)


def _complete(deal: Deal) -> bool:
    return len(deal.tricks) == 8 and all(len(t.plays) == 4 for t in deal.tricks)


def _dealt(deal: Deal) -> bytes | None:
    """What starts a deal, to recognise it cut short: its dealt cards (dealer, first five,
    offer; else its 8-card hands); for a record of the tricks only, its first trick when
    complete; ``None`` when the deal has none of these."""
    hands = deal.five or deal.hands
    if hands:
        held = sorted((h.seat, tuple(sorted(h.cards))) for h in hands)
        offer = deal.offer.card if deal.offer is not None else None
        return repr((deal.dealer, held, offer)).encode()
    if deal.tricks and len(deal.tricks[0].plays) == 4:
        return repr((deal.dealer, [(p.seat, p.card) for p in deal.tricks[0].plays])).encode()
    return None


@dataclass(frozen=True, slots=True)
class GameEntry:
    """What ``dedupe`` keeps of one game: its place, fingerprints and prefix keys."""

    file: str
    number: int
    fingerprint: bytes
    deals: tuple[bytes, ...]
    """The fingerprints of the deals with cards (empty bytes for a deal without any)."""
    whole: tuple[str, bytes] | None
    """The kind and key of the game's whole play (``None``: nothing to compare)."""
    length: int
    """Deals × 64 + cards played in the last deal: a longer game has a longer length."""
    prefixes: tuple[tuple[str, bytes], ...]
    """The keys of every shorter game this one continues."""


def game_entry(game: Game, file: str, number: int) -> GameEntry:
    """The entry of one game (fingerprints over its records, no check)."""
    basis = game_text(((h.name, h.value) for h in game.headers), ()).encode()
    running = hashlib.blake2b(basis, digest_size=16)
    prefixes: list[tuple[str, bytes]] = []
    deals: list[bytes] = []
    for position, deal in enumerate(game.deals):
        dealt = _dealt(deal)
        if dealt is not None:
            cut = running.copy()
            cut.update(b"cut" + dealt)
            prefixes.append((_CUT, cut.digest()))
        if position > 0:
            prefixes.append((_WHOLE, running.digest()))
        fingerprint = deal_fingerprint(deal) if _has_cards(deal) else ""
        deals.append(_digest(fingerprint) if fingerprint else b"")
        running.update(fingerprint.encode() or b"-")
    whole: tuple[str, bytes] | None = (_WHOLE, running.digest()) if game.deals else None
    if game.deals and not _complete(game.deals[-1]):
        whole = next(((k, v) for k, v in reversed(prefixes) if k == _CUT), None) \
            if _dealt(game.deals[-1]) is not None else None
    last = game.deals[-1] if game.deals else None
    cards = min(63, sum(len(t.plays) for t in last.tricks)) if last is not None else 0
    return GameEntry(file, number, _digest(game_fingerprint(game)), tuple(deals), whole,
                     64 * len(game.deals) + cards, tuple(prefixes))


@dataclass(frozen=True, slots=True)
class Dropped:
    """A game left out, and why: ``exact``, ``prefix`` or ``deal`` (its deal ``deal``,
    1-based, is deal ``other_deal`` of the other game)."""

    file: str
    number: int
    reason: str
    other_file: str
    other_number: int
    deal: int | None = None
    other_deal: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.file, "game": self.number, "reason": self.reason,
                "other": {"file": self.other_file, "game": self.other_number, "deal": self.other_deal},
                "deal": self.deal}

    def __str__(self) -> str:
        where = f"{self.file} game {self.number}"
        other = f"{self.other_file} game {self.other_number}"
        if self.reason == "exact":
            return f"{where}: the same game as {other}"
        if self.reason == "prefix":
            return f"{where}: the start of {other}"
        verb = "dropped" if self.deal is not None and self.reason == "deal" else "kept"
        return f"{where}: deal {self.deal} is deal {self.other_deal} of {other} ({verb})"


@dataclass(slots=True)
class DedupeResult:
    """The games kept (by file and number, in input order, as a set of ``(file index,
    number)``), what was dropped and the deals seen in two games."""

    files: list[str] = field(default_factory=list)
    kept: set[tuple[int, int]] = field(default_factory=set)
    dropped: list[Dropped] = field(default_factory=list)
    repeated_deals: list[Dropped] = field(default_factory=list)
    games: int = 0
    deals: int = 0
    on_disk: bool = False

    @property
    def kept_count(self) -> int:
        return len(self.kept)

    def keeps(self, file: str, number: int) -> bool:
        return (self.files.index(file) if file in self.files else -1, number) in self.kept

    def to_dict(self) -> dict[str, Any]:
        return {"games": self.games, "deals": self.deals, "kept": self.kept_count,
                "dropped": [d.to_dict() for d in self.dropped],
                "repeated_deals": [d.to_dict() for d in self.repeated_deals]}

    def text(self) -> str:
        lines = [str(d) for d in self.dropped] + [str(d) for d in self.repeated_deals]
        counts = {r: sum(d.reason == r for d in self.dropped) for r in ("exact", "prefix", "deal")}
        lines.append(f"{self.games} games, {self.deals} deals: {self.kept_count} kept, "
                     f"{counts['exact']} exact duplicates, {counts['prefix']} prefixes of a longer game, "
                     f"{counts['deal']} dropped for a repeated deal; "
                     f"{len(self.repeated_deals)} repeated deals in kept games")
        return "\n".join(lines) + "\n"


class Deduper:
    """Entries in input order in (:meth:`add`), the decisions out (:meth:`result`)."""

    def __init__(self, drop_deals: bool = False, memory_rows: int = MEMORY_ROWS) -> None:
        self.drop_deals = drop_deals
        self.table = FingerprintTable(memory_rows)
        self.files: list[str] = []
        self.count = self.deals = 0

    def add(self, entries: Iterable[GameEntry]) -> None:
        rows: list[tuple[str, bytes, int, int]] = []
        games: list[GameRow] = []
        for entry in entries:
            if not self.files or self.files[-1] != entry.file:
                self.files.append(entry.file)
            game = self.count
            self.count += 1
            self.deals += len(entry.deals)
            rows.append(("game", entry.fingerprint, game, 0))
            rows.extend((kind, key, game, entry.length) for kind, key in entry.prefixes)
            kind, key = entry.whole if entry.whole is not None else ("", None)
            games.append((game, len(self.files) - 1, entry.number, entry.fingerprint, kind, key, entry.length,
                          b"".join(d or b"\0" * 16 for d in entry.deals)))
            if len(games) >= _BATCH:
                self.table.add_many(rows)
                self.table.add_games(games)
                rows, games = [], []
        self.table.add_many(rows)
        self.table.add_games(games)

    def result(self) -> DedupeResult:
        out = DedupeResult(self.files, games=self.count, deals=self.deals)
        start = 0
        while batch := self.table.games(start, _BATCH):
            for row in batch:
                self._decide(row, out)
            start = batch[-1][0] + 1
        out.on_disk = self.table.on_disk
        self.table.close()
        return out

    def _where(self, game: int) -> tuple[str, int]:
        row = self.table.db.execute("SELECT input, number FROM games WHERE game = ?", (game,)).fetchone()
        return self.files[row[0]], int(row[1])

    def _decide(self, row: GameRow, out: DedupeResult) -> None:
        game, input_index, number, fingerprint, kind, key, length, deals = row
        file = self.files[input_index]
        same = self.table.first("game", fingerprint, other_than=game)
        if same is not None and same[0] < game:
            out.dropped.append(Dropped(file, number, "exact", *self._where(same[0])))
            return
        if key is not None:
            longer = self.table.first(kind, key, other_than=game, value_above=length)
            if longer is not None:
                out.dropped.append(Dropped(file, number, "prefix", *self._where(longer[0])))
                return
        repeated = []
        fingerprints = [deals[i:i + 16] for i in range(0, len(deals), 16)]
        for position, deal in enumerate(fingerprints, start=1):
            if deal == b"\0" * 16:
                continue
            seen = self.table.first("seen", deal)
            if seen is not None:
                other_file, other_number = self._where(seen[0])
                repeated.append(Dropped(file, number, "deal", other_file, other_number, position, seen[1]))
        if repeated and self.drop_deals:
            out.dropped.append(repeated[0])
            return
        out.repeated_deals.extend(repeated)
        self.table.add_many(("seen", deal, game, position)
                            for position, deal in enumerate(fingerprints, start=1) if deal != b"\0" * 16)
        out.kept.add((input_index, number))


@dataclass(frozen=True, slots=True)
class DedupeWork:
    """The entries of a collection's games, decided together (``drop_deals``: drop a game
    that repeats a deal of an earlier kept game)."""

    drop_deals: bool = False
    memory_rows: int = MEMORY_ROWS

    def entries(self, games: Iterable[ReadGame]) -> Iterator[GameEntry]:
        file = input_name(games)
        for read in games:
            if read.game is not None:
                yield game_entry(read.game, file, read.number)

    def map(self, games: Iterable[ReadGame]) -> list[GameEntry]:
        return list(self.entries(games))

    def merge(self, parts: Sequence[Sequence[GameEntry]]) -> DedupeResult:
        deduper = Deduper(self.drop_deals, self.memory_rows)
        for part in parts:
            deduper.add(part)
        return deduper.result()
