"""``pipeline.pick``: one game of any input, with the findings of its reading, problems as data."""

from __future__ import annotations

import io
from pathlib import Path

from belote_notation.formats import get_format
from belote_notation.notation.reader import parse_text
from belote_notation.notation.writer import write_games
from belote_notation.pipeline.inputs import InputProblem, Source
from belote_notation.pipeline.pick import PickedGame, pick_game
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
        assert picked.name == str(path) and picked.findings == []
        assert [(d.number, [t.plays[0].card for t in d.tricks]) for d in picked.game.deals] == [
            (d.number, [t.plays[0].card for t in d.tricks]) for d in wanted.deals], name
        assert pick_game(Source("given", data=path.read_bytes()), 2).game.deals == picked.game.deals


def test_the_syntax_findings_are_those_of_the_game_picked() -> None:
    data = b"deal 1\ntrick 1 N:9O\nend\ndeal 1\ntrick 1 N:7S S:1Z\nend\n"
    first, second = pick_game(Source("t.bel", data=data), 1), pick_game(Source("t.bel", data=data), 2)
    assert isinstance(first, PickedGame) and isinstance(second, PickedGame)
    assert [(f.file, f.line, f.game) for f in first.findings] == [("t.bel", 2, 1)]
    assert {(f.file, f.line, f.game) for f in second.findings} == {("t.bel", 5, 2)}


def test_what_prevents_picking_is_a_problem_not_an_exception(tmp_path: Path) -> None:
    missing = pick_game(str(tmp_path / "nope.bel"), 1)
    assert isinstance(missing, InputProblem) and missing.path == str(tmp_path / "nope.bel")
    assert isinstance(pick_game(str(tmp_path), 1), InputProblem)
    beyond = pick_game(Source("t.bel", data=b"deal 1\nend\n"), 2)
    assert beyond == InputProblem("t.bel", "there is no game 2")
    broken = pick_game(Source("x.events.jsonl", data=b'{"type": "deal", "number": [\n'), 1)
    assert isinstance(broken, InputProblem) and broken.message.startswith("there is no game 1 (events: ")
