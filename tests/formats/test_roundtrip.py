"""Round trips: .bel -> each writable format -> .bel gives the same records, for every sample
the format can express; this table says which."""

from __future__ import annotations

from pathlib import Path

import pytest

from belote_notation.formats import all_formats
from belote_notation.formats.registry import BUILTINS
from belote_notation.notation.positions import same_records
from belote_notation.notation.records import Game
from tests.formats.helpers import FIXTURES, ROOT, SAMPLES, bel_games, read, write

EXPRESSES: dict[str, str] = {
    "bel": "every sample",
    "json": "every sample",
    "jsonl": "every sample",
    "events": "every sample",
    "csv": "score-sheet records only (a deal's contract and claimed scores): those read from a score sheet",
    "cfn": "contrée deals with 8-card hands and a CFN contract only: those read from colver's CFN",
}
"""What each writable format can express (a new writable format must say it here)."""


def test_every_writable_format_says_what_it_can_express() -> None:
    built_in = {f.name for f in all_formats() if f.name in BUILTINS and f.can_write}
    assert built_in == set(EXPRESSES)


def _same(a: list[Game], b: list[Game]) -> bool:
    return len(a) == len(b) and all(same_records(x, y) for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize("name", ["bel", "json", "jsonl", "events"])
@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: str(p.relative_to(ROOT / "samples")))
def test_every_sample_round_trips(name: str, path: Path) -> None:
    games = bel_games(path)
    text, lost = write(name, games)
    assert lost == []
    back, issues = read(name, text)
    assert issues == []
    assert _same(games, back)


def test_score_sheets_round_trip() -> None:
    games, _ = read("csv", (FIXTURES / "club-score-sheet.csv").read_bytes())
    assert len(games) == 1 and len(games[0].deals) == 3
    text, lost = write("csv", games)
    assert lost == []
    again, issues = read("csv", text)
    # the derived columns of our own table are empty for a score sheet: nothing to keep
    assert [i.code for i in issues] == ["BEL805"]
    stripped = [g.model_copy(update={"deals": [d.model_copy(update={"comments": []}) for d in g.deals]})
                for g in games]
    assert _same(stripped, again)


def test_colver_cfn_round_trips() -> None:
    source = (FIXTURES / "colver-deals.cfn").read_text(encoding="utf-8")
    games, issues = read("cfn", source)
    assert len(games) == len(source.splitlines())
    assert issues == []  # every contract is a Contract tag the checks use: nothing lost
    text, lost = write("cfn", games)
    assert lost == [] and text == source
    back, _ = read("cfn", text)
    assert _same(games, back)
    # and through .bel: the tag keeps the contract
    bel, _ = write("bel", games)
    again, _ = read("bel", bel)
    assert write("cfn", again)[0] == source
