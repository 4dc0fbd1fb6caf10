"""Reading to records with the compiled path (issue 23 item 3): the same records as the
pure-Python path, positions included, and records equal to what pydantic's validation makes of
their own data (the builder skips validation because the reader checked every value)."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path

from pydantic import BaseModel

from belote_notation.game.compiled import PURE_PYTHON_VARIABLE
from belote_notation.notation.read.reader import iter_games
from tests.speed.corpus import corpus_text

_DUMP = """
import json, sys
from belote_notation.notation.read.reader import iter_games
for parsed in iter_games(open(sys.argv[1], "rb"), name="c.bel"):
    print(json.dumps([parsed.game.model_dump(mode="json"), [str(e) for e in parsed.errors]]))
"""


def _corpus(tmp_path: Path) -> Path:
    path = tmp_path / "records.bel"
    path.write_text("\n".join(corpus_text(60, seed=11, rate=0.02)), encoding="utf-8")
    return path


def _dump(path: Path, pure_python: bool) -> list[object]:
    env = {**os.environ, PURE_PYTHON_VARIABLE: "1" if pure_python else "0"}
    out = subprocess.run([sys.executable, "-c", _DUMP, str(path)], capture_output=True, env=env, check=True)
    return [json.loads(line) for line in out.stdout.decode().splitlines()]


def test_both_paths_read_the_same_records(tmp_path: Path) -> None:
    path = _corpus(tmp_path)
    fast, pure = _dump(path, False), _dump(path, True)
    assert len(fast) > 6 and fast == pure
    assert any(errors for _, errors in pure)  # the flaws were read, and reported alike


def _records(record: BaseModel) -> list[BaseModel]:
    out, stack = [], [record]
    while stack:
        item = stack.pop()
        out.append(item)
        for name in type(item).model_fields:
            value = getattr(item, name)
            for v in value if isinstance(value, list) else [value]:
                if isinstance(v, BaseModel):
                    stack.append(v)
    return out


def test_records_read_equal_their_validated_twins(tmp_path: Path) -> None:
    """Every record, built without validation, equals the record pydantic validates from its
    data: same fields, same values, same set of fields."""
    text = _corpus(tmp_path).read_bytes()
    rng = random.Random(5)
    checked = 0
    for parsed in iter_games(io.BytesIO(text), name="c.bel"):
        for record in _records(parsed.game):
            if rng.random() < 0.2:
                twin = type(record).model_validate(record.model_dump())
                assert twin == record and twin.model_fields_set == record.model_fields_set
                checked += 1
    assert checked > 1000


def test_the_compiled_record_constructor_equals_the_python_one() -> None:
    """``_canon.new_record`` (used by the builder when built) makes the record
    :func:`~belote_notation.notation.read.build.new_record` makes, and refuses what is not a class
    and a dictionary with a TypeError, not a crash."""
    import pytest

    from belote_notation.notation.read.build import new_record
    from belote_notation.notation.read.canon import compiled_new_record
    from belote_notation.notation.records import Hand

    compiled = compiled_new_record()
    if compiled is None:
        pytest.skip("the C extension is not built")
    data = {"line": 3, "col": 1, "seat": 2, "cards": [1, 2], "positions": [(3, 8), (3, 11)]}
    made, twin = compiled(Hand, dict(data)), new_record(Hand, dict(data))
    assert type(made) is Hand and made == twin and made.model_fields_set == twin.model_fields_set
    assert made == Hand.model_validate(data)
    with pytest.raises(TypeError):
        compiled(Hand, [("line", 1)])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        compiled("Hand", data)  # type: ignore[arg-type]
