"""dedupe and select write a game read as text from its reading, no records (issue 32): the
text written so is the one the records give, byte for byte, on the samples, the corners of the
reading, the collection of these tests and generated games of every rule system (with comments
and tags the generator does not write); a game only its records can say goes through them."""

from __future__ import annotations

import io
import random
import tempfile
from pathlib import Path

import pytest

from belote_notation.collections.dedupe import DedupeWork
from belote_notation.collections.dedupe_texts import GameTexts, kept_output
from belote_notation.collections.query import Query
from belote_notation.collections.reading import InputGame
from belote_notation.collections.select import SelectWork
from belote_notation.collections.work import each_input
from belote_notation.formats.native import BelFormat
from belote_notation.game.rules import Ruleset, preset_names
from belote_notation.generator import generate_games
from belote_notation.notation.read.stream import iter_game_texts, text_source
from belote_notation.notation.write.writer import write_game, write_games
from belote_notation.pipeline.games import TextGame
from belote_notation.pipeline.inputs import Source
from tests.collections.collection_data import as_text, collection_games
from tests.collections.test_collections_one_road import CORNERS

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "samples").rglob("*.bel"))


def _compare(text: str, name: str) -> tuple[int, int]:
    """(games written from their reading, games in all); each such text equals the records'."""
    written = total = 0
    for game_text in iter_game_texts(text_source(text), name):
        read = InputGame(TextGame(game_text), name)
        total += 1
        ours = read.canonical_text()
        if ours is None:
            continue
        assert read.readable and read.game is not None
        assert ours == write_game(read.game), f"game {read.number}"
        written += 1
    return written, total


@pytest.mark.parametrize("path", SAMPLES)
def test_a_sample_is_written_from_its_reading_as_from_its_records(path: str) -> None:
    _compare((ROOT / path).read_text(encoding="utf-8"), path)


def test_the_samples_are_mostly_written_from_their_reading() -> None:
    written = total = 0
    for path in SAMPLES:
        here = _compare((ROOT / path).read_text(encoding="utf-8"), path)
        written, total = written + here[0], total + here[1]
    assert total > 40 and written > total // 3


@pytest.mark.parametrize("corner", sorted(CORNERS))
def test_a_corner_is_written_from_its_reading_as_from_its_records(corner: str) -> None:
    _compare(CORNERS[corner], "corner.bel")


def test_the_collection_is_written_from_its_reading_as_from_its_records() -> None:
    written, total = _compare(as_text(collection_games()), "club.bel")
    assert 5 < written < total


def _decorated(text: str, seed: int) -> str:
    """Generated games with comments before the tags and after them, and odd tag values."""
    rng = random.Random(seed)
    out = []
    for game in text.split("\n\n[Event"):
        game = game if game.startswith("[Event") else "[Event" + game
        if rng.random() < 0.3:
            game = "{before \\{the\\} tags}\n" + game
        if rng.random() < 0.3:
            tag = '[Note "a \\"quoted\\" \\\\ value"]'
            game = game.replace("\n\ndeal 1", f"\n{tag}\n\n{{a game comment}}\ndeal 1", 1)
        out.append(game)
    return "\n\n".join(out)


@pytest.mark.parametrize("rules", preset_names())
def test_generated_games_are_written_from_their_reading_as_from_their_records(rules: str) -> None:
    buffer = io.StringIO()
    write_games(generate_games(Ruleset.preset(rules), None, deals=120, seed=7), buffer)
    written, total = _compare(_decorated(buffer.getvalue(), 7), f"{rules}.bel")
    assert total > 5 and written == total  # a generated game needs no records to be written


def _bel(items: object) -> str:
    out = io.StringIO()
    assert list(BelFormat().write_texts(items, out)) == []  # type: ignore[arg-type]
    return out.getvalue()


def test_dedupe_writes_the_games_kept_as_the_records_road() -> None:
    text = as_text(collection_games())
    games = text.split("\n\n[")
    doubled = "\n\n[".join(games + games[1:4]) + "\n\n" + CORNERS["comments everywhere"]
    source = Source("club.bel", data=doubled.encode())
    work = DedupeWork()
    with tempfile.TemporaryDirectory() as folder, GameTexts(folder) as texts:
        with work.streamed(work.entries(g, texts) for g in each_input([source])) as result:
            kept = list(kept_output(result, texts, [source]))
            places = list(result.kept_places())
            assert 0 < len(kept) < result.games
    assert any(isinstance(k, str) for k in kept) and not all(isinstance(k, str) for k in kept)
    by_records = []
    for inputs in each_input([source]):
        by_records += [g.game for g in inputs if (inputs.name, g.number) in places]
    assert _bel(kept) == _bel(by_records)


@pytest.mark.parametrize("deals", [False, True])
def test_select_writes_what_it_keeps_as_the_records_road(deals: bool) -> None:
    source = Source("club.bel", data=as_text(collection_games()).encode())
    work = SelectWork(Query.build(takers=["N", "E"]), deals=deals)
    written = [x for inputs in each_input([source]) for x in work.written(inputs)]
    records = [x for inputs in each_input([source]) for x in work.select(inputs)]
    assert written and _bel(written) == _bel(records)
    assert deals or any(isinstance(x, str) for x in written)
