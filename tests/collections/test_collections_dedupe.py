"""``dedupe``: every planted duplicate found (an exact copy written another way, the same deal
in another match, a game cut short at a deal's end or in the middle of a deal), none missed,
no false positive; the in-memory and the on-disk table decide the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote_notation.collections.dedupe import DedupeWork
from belote_notation.collections.work import run_serial
from belote_notation.notation.fingerprint import game_fingerprint
from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.records import Game
from belote_notation.pipeline.inputs import Source
from belote_replay.main import cli
from tests.collections.collection_data import as_text, collection_games, cut_game


def _annotated(game: Game) -> Game:
    """The same play, written differently: a comment, tags reordered, a glyph."""
    copy = game.model_copy(deep=True)
    copy.headers = list(reversed(copy.headers))
    copy.comments.append("entered twice by the club")
    next(d for d in copy.deals if d.tricks).tricks[0].plays[0].glyph = "!?"
    return copy


@pytest.fixture(scope="module")
def planted(tmp_path_factory) -> dict:
    games = [g for g in collection_games() if len(g.deals) >= 4]
    a, b, c, d = games[0], games[1], games[2], games[3]
    # file 1: the originals, an exact copy written another way, a prefix BEFORE its game
    first = [cut_game(b, 2), *games, _annotated(a)]
    # file 2: an exact copy of c, a game cut in the middle of a deal, a new match replaying d's deal 2
    replayed = c.model_copy(update={"deals": [d.deals[1].model_copy(deep=True)], "result": None,
                                    "headers": [h.model_copy() for h in c.headers]})
    replayed.headers.append(replayed.headers[0].model_copy(update={"name": "Annotator", "value": "x"}))
    replayed = replayed.model_copy(update={"headers": [h for h in replayed.headers if h.name != "North"]})
    second = [c, cut_game(d, 2, tricks=3), replayed]
    folder = tmp_path_factory.mktemp("dedupe")
    one, two = folder / "one.bel", folder / "two.bel"
    one.write_text(as_text(first), encoding="utf-8")
    two.write_text(as_text(second), encoding="utf-8")
    n = len(first)
    want_dropped = {(str(one), 1, "prefix", str(one), 3),             # b's start, before b
                    (str(one), n, "exact", str(one), 2),              # a written again
                    (str(two), 1, "exact", str(one), 4),              # c in the other file
                    (str(two), 2, "prefix", str(one), 5)}             # d cut in its third deal
    want_repeated = {(str(two), 3, 1, str(one), 5, 2)}                # d's deal 2 in another match
    return {"one": one, "two": two, "dropped": want_dropped, "repeated": want_repeated,
            "games": n + len(second)}


@pytest.mark.parametrize("memory_rows", [1_000_000, 50])
def test_every_planted_duplicate_and_nothing_else(planted, memory_rows):
    sources = [Source(str(planted["one"])), Source(str(planted["two"]))]
    result = run_serial(DedupeWork(memory_rows=memory_rows), sources)
    assert result.on_disk == (memory_rows == 50)
    found = {(x.file, x.number, x.reason, x.other_file, x.other_number) for x in result.dropped()}
    assert found == planted["dropped"]
    assert {(x.file, x.number, x.deal, x.other_file, x.other_number, x.other_deal)
            for x in result.repeated_deals()} == planted["repeated"]
    assert result.games == planted["games"] and result.kept_count == planted["games"] - 4
    assert list(result.kept_flags()).count(False) == 4
    result.close()


def test_drop_deals_also_drops_the_replayed_deal(planted):
    sources = [Source(str(planted["one"])), Source(str(planted["two"]))]
    result = run_serial(DedupeWork(drop_deals=True), sources)
    assert sorted(x.reason for x in result.dropped()) == ["deal", "exact", "exact", "prefix", "prefix"]
    assert list(result.repeated_deals()) == []
    result.close()


def test_the_command_writes_the_unique_games_and_a_json_report(planted, tmp_path: Path):
    out, report = tmp_path / "unique.bel", tmp_path / "report.json"
    done = CliRunner().invoke(cli, ["dedupe", str(planted["one"]), str(planted["two"]), "-o", str(out),
                                    "--report", str(report), "--report-format", "json"])
    assert done.exit_code == 1, done.output
    data = json.loads(report.read_text(encoding="utf-8"))
    assert len(data["dropped"]) == 4 and data["kept"] == planted["games"] - 4
    kept = [p.game for p in parse_text(out.read_text(encoding="utf-8"))]
    assert len(kept) == planted["games"] - 4
    assert len({game_fingerprint(g) for g in kept}) == len(kept)
    again = CliRunner().invoke(cli, ["dedupe", str(out), "-o", str(tmp_path / "again.bel")])
    assert again.exit_code == 0, again.output  # nothing left to drop (the replayed deal is only reported)
    assert "1 repeated deals in kept games" in again.output


def test_dedupe_refuses_to_write_over_its_input(planted):
    done = CliRunner().invoke(cli, ["dedupe", str(planted["one"]), "-o", str(planted["one"])])
    assert done.exit_code == 2 and "one of the inputs" in done.output
