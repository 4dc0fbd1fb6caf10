"""``dedupe`` in two stages (the fingerprints partitioned by hash, ``dedupe_shards.py``): the same
decisions, report and kept texts as the serial run, on duplicates of every kind planted among
games cut into ranges of one game and of a few, over one partition and many (run here, on the
in-process backend: the same tasks a cluster runs)."""

from __future__ import annotations

import io
import tempfile
from collections.abc import Iterable

import pytest

from belote_notation.collections.dedupe import DedupeWork
from belote_notation.collections.dedupe_shards import DedupeShardWork
from belote_notation.collections.dedupe_texts import GameTexts, kept_output
from belote_notation.collections.spread import run_shuffled
from belote_notation.collections.work import each_input
from belote_notation.formats.registry import get_format
from belote_notation.notation.records import Game
from belote_notation.pipeline.executor import Backend
from belote_notation.pipeline.inputs import Source
from belote_notation.pipeline.ranges import ByteRange
from tests.collections.collection_data import as_text, collection_games, cut_game


def other_first_trick(game: Game, deals: int) -> Game:
    """``game`` cut in deal ``deals + 1`` after two tricks whose first two plays swapped seats'
    cards: dealt the same, played otherwise (not the start of ``game``)."""
    cut = cut_game(game, deals, tricks=2)
    plays = cut.deals[-1].tricks[0].plays
    plays[0].card, plays[1].card = plays[1].card, plays[0].card
    return cut


@pytest.fixture(scope="module")
def planted(tmp_path_factory) -> list[Source]:
    games = [g for g in collection_games() if len(g.deals) >= 4]
    first = [cut_game(games[1], 2), *games[:14], games[3], cut_game(games[5], 1, tricks=3),
             other_first_trick(games[6], 1), cut_game(games[7], 2, tricks=0)]
    replayed = games[8].model_copy(update={"deals": [games[9].deals[1].model_copy(deep=True),
                                                     games[2].deals[0].model_copy(deep=True)]})
    again = games[11].model_copy(update={"deals": [games[9].deals[1].model_copy(deep=True)]})
    twice = games[10].model_copy(update={"deals": [games[10].deals[0].model_copy(deep=True)] * 2})
    second = [games[4], replayed, twice, again, *games[14:], cut_game(games[18], 3), games[12],
              cut_game(games[20], 1, 2)]
    folder = tmp_path_factory.mktemp("shards")
    (folder / "one.bel").write_text(as_text(first), encoding="utf-8")
    (folder / "two.bel").write_text(as_text(second), encoding="utf-8")
    return [Source(str(folder / "one.bel")), Source(str(folder / "two.bel"))]


class FixedPartitions(DedupeShardWork):
    """The work with its partitions as given, whatever the workers."""

    def sized(self, workers: int) -> DedupeShardWork:
        return self


def written(kept: Iterable[Game | str]) -> str:
    """The kept games as the command writes them (``.bel``)."""
    out = io.StringIO()
    assert list(get_format("bel").write_texts(kept, out)) == []  # type: ignore[attr-defined]
    return out.getvalue()


def serial_run(sources: list[Source], drop_deals: bool, folder: str) -> tuple[str, str]:
    work = DedupeWork(drop_deals)
    with GameTexts(folder) as texts:
        with work.streamed(work.entries(games, texts) for games in each_input(sources)) as result:
            return result.text(), written(kept_output(result, texts, sources))


ONE_GAME = 64
"""A range target (bytes) below the size of any planted game: every range holds one game (the
test says so). A target of 1 did the same, but planning surveys the input once per ``target``
bytes: 12 s of CPU a test instead of 0.4."""


def game_count(sources: list[Source]) -> int:
    return sum(len(list(games)) for games in each_input(sources))


@pytest.fixture(scope="module")
def serial(planted, tmp_path_factory) -> dict[bool, tuple[str, str]]:
    """The serial run's report and kept text, with and without ``drop_deals``: computed once for
    the module, each test compares its own run with them."""
    return {drop: serial_run(planted, drop, str(tmp_path_factory.mktemp("serial"))) for drop in (False, True)}


@pytest.mark.parametrize("drop_deals", [False, True])
@pytest.mark.parametrize(("target", "partitions"), [(ONE_GAME, 1), (ONE_GAME, 7), (5000, 3), (5000, 256)])
def test_the_shards_decide_as_the_serial_run(planted, serial, drop_deals, target, partitions):
    want_report, want_kept = serial[drop_deals]
    assert want_report.count("the same game as") >= 3
    assert "the start of" in want_report and " is deal " in want_report
    ranges: list[ByteRange] = []
    with tempfile.TemporaryDirectory() as folder:
        work = FixedPartitions(drop_deals, texts=True, folder=folder, partitions=partitions)
        done = run_shuffled(work, planted, Backend.serial(), ranges.append, target=target)
        assert done.texts is not None
        if target == ONE_GAME:
            assert len(ranges) == game_count(planted)
        with done.result, done.texts:
            assert done.result.text() == want_report
            assert written(kept_output(done.result, done.texts, planted)) == want_kept
    assert not done.unread


def test_every_range_of_a_single_game_and_no_texts(planted, serial):
    want_report, _ = serial[False]
    ranges: list[ByteRange] = []
    done = run_shuffled(DedupeShardWork(), planted, Backend.processes(2), ranges.append, target=ONE_GAME)
    assert len(ranges) == game_count(planted)
    assert done.texts is None
    with done.result:
        assert done.result.text() == want_report
