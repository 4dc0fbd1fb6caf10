"""BEL805 "kept as tags" (issue 31): every unknown field of an event log's ``match_start`` is
kept (as a tag when its name can be one and is not set yet, else as a comment), the message
names each field where it was kept, and it names no field that was dropped."""

from __future__ import annotations

import io
import json
import re

from belote_notation.formats import get_format
from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.write.writer import write_game
from tests.pipeline.test_every_format import CLEAN, as_format

FIELDS = {
    "venue": "Club Agdal",
    "my field": "with a space",
    'say "hi"': 'a "quoted" value',
    "lieu_été": "Rabat ☀",
    "Rules": "moroccan",          # the log's own rules say classic: a field never overrides them
    "Venue": "a second venue",    # the same tag name as `venue`, another case
    "table-no.": 7,
}


def log_with_fields(drop: bool = False) -> tuple[list, list]:
    lines = as_format(CLEAN, "events").splitlines()
    start = json.loads(lines[0])
    assert start["type"] == "match_start"
    start.update(FIELDS)
    text = "\n".join([json.dumps(start, ensure_ascii=False), *lines[1:]]) + "\n"
    fmt = get_format("events")
    assert fmt is not None
    if drop:
        fmt = fmt.dropping_unknown()
    items = list(fmt.read(io.StringIO(text), "app.events.jsonl"))
    games = [i for i in items if not hasattr(i, "code")]
    issues = [i for i in items if hasattr(i, "code") and i.code == "BEL805"]
    return games, issues


def test_every_field_is_kept_and_said_where() -> None:
    games, issues = log_with_fields()
    assert len(games) == 1 and len(issues) == 1
    written = write_game(games[0])
    again = parse_text(written)[0]
    assert again.errors == []
    game = again.game
    tags = [(h.name, h.value) for h in game.headers]
    comments = [*game.preamble, *game.comments]
    message = issues[0].message
    named = re.findall(r'"((?:[^"\\]|\\.)*)"', message.split("kept as comments", 1)[-1])
    as_tags = message.split("; ")[0].removeprefix("fields kept as tags: ").split(", ")
    for name, value in FIELDS.items():
        text = value if isinstance(value, str) else json.dumps(value)
        if (name, text) in tags:
            assert name in as_tags, name
        else:
            assert f"{name}={text}" in comments, (name, comments)
            assert json.loads(json.dumps(name)) in [json.loads(f'"{n}"') for n in named], (name, named)
    assert sum(n in as_tags for n in FIELDS) + len(named) == len(FIELDS)  # each named once, none else
    assert game.header("Rules") == "classic" and ("venue", "Club Agdal") in tags


def test_drop_unknown_keeps_none_and_says_none() -> None:
    games, issues = log_with_fields(drop=True)
    assert issues == []
    tags = {h.name for h in games[0].headers}
    assert not tags & set(FIELDS) - {"Rules"} and not any("=" in c for c in games[0].preamble)
