"""The checks fed straight from the reader's events give the reports the records give."""

from __future__ import annotations

from pathlib import Path

import pytest

from belote_notation.check.validator import validate_parsed, validate_text
from belote_notation.notation.read.reader import parse_text
from tests.check.test_validator_fuzz import mutate
from tests.support.validator import generated_text

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "samples").rglob("*.bel"))


def _via_records(text: str, name: str) -> list[dict]:
    return [validate_parsed(p, name, i + 1).to_dict() for i, p in enumerate(parse_text(text, name))]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_samples(path):
    text = path.read_text(encoding="utf-8")
    assert [r.to_dict() for r in validate_text(text, path.name)] == _via_records(text, path.name)


@pytest.mark.parametrize("seed", range(40))
def test_mutated_generated_files(seed):
    base = generated_text(("classic", "moroccan")[seed % 2], deals=12, seed=3)
    pieces = ["N:", "take", "(", ")", "{", "deal 3", "trick 9", "end", "\n", "KH", "score"]
    mutations = [("insert", (seed * 0.137) % 1, 0.0, [pieces[seed % len(pieces)]]),
                 ("duplicate_line", (seed * 0.071) % 1, 0.0, ["x"])]
    text = mutate(base, mutations)
    assert [r.to_dict() for r in validate_text(text, "m.bel")] == _via_records(text, "m.bel")
