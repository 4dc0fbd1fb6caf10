"""``pipeline.records.pick_game``: one game of any input, with the findings of its reading, problems
as data (what ``show`` and ``solve`` replay)."""

from __future__ import annotations

import io
from pathlib import Path

from belote_notation.formats import get_format
from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.write.writer import write_games
from belote_notation.pipeline.inputs import InputProblem
from belote_notation.pipeline.records import PickedGame, pick_game
from tests.support.validator import generated_text

TEXT = generated_text("classic", deals=3, seed=2) + generated_text("moroccan", deals=2, seed=9)


def _written(format_name: str) -> bytes:
    out = io.StringIO()
    games = [p.game for p in parse_text(TEXT)]
    if format_name == "bel":
        write_games(games, out)
    else:
        found = get_format(format_name)
        assert found is not None
        assert list(found.write(games, out)) == []
    return out.getvalue().encode("utf-8")


def test_the_same_game_is_picked_from_every_format_it_is_written_in(tmp_path: Path) -> None:
    wanted = parse_text(TEXT)[1].game
    for name, suffix in (("bel", ".bel"), ("json", ".json"), ("events", ".events.jsonl")):
        path = tmp_path / f"games{suffix}"
        path.write_bytes(_written(name))
        picked = pick_game(str(path), 2)
        assert isinstance(picked, PickedGame), (name, picked)
        assert picked.syntax == []
        assert [(d.number, [t.plays[0].card for t in d.tricks]) for d in picked.game.deals] == [
            (d.number, [t.plays[0].card for t in d.tricks]) for d in wanted.deals], name
        given = pick_game(path.read_bytes(), 2)
        assert isinstance(given, PickedGame) and given.game.deals == picked.game.deals


def test_the_syntax_findings_are_those_of_the_game_picked(tmp_path: Path) -> None:
    path = tmp_path / "t.bel"
    path.write_bytes(b"deal 1\ntrick 1 N:9O\nend\ndeal 1\ntrick 1 N:7S S:1Z\nend\n")
    first, second = pick_game(str(path), 1), pick_game(str(path), 2)
    assert isinstance(first, PickedGame) and isinstance(second, PickedGame)
    assert [(f.file, f.line, f.col, f.game) for f in first.syntax] == [(str(path), 2, 11, 1)]
    assert {(f.file, f.line, f.game) for f in second.syntax} == {(str(path), 5, 2)}


def test_what_prevents_picking_is_a_problem_not_an_exception(tmp_path: Path) -> None:
    missing = pick_game(str(tmp_path / "nope.bel"), 1)
    assert isinstance(missing, InputProblem) and missing.path == str(tmp_path / "nope.bel")
    assert isinstance(pick_game(str(tmp_path), 1), InputProblem)
    assert pick_game(b"deal 1\nend\n", 2) is None
    broken = tmp_path / "x.events.jsonl"
    broken.write_bytes(b'{"type": "deal", "number": [\n')
    assert pick_game(str(broken), 1) is None
