"""Issue 20 item 5: one score-sheet slip is one finding, and `show` prints the typed total."""

from __future__ import annotations

from belote_notation.check.validator import validate_text
from tests.cli.cli_support import run_belote
from tests.daily.support import SAMPLES

CLUB = (SAMPLES / "moroccan" / "club-match-1.bel").read_text(encoding="utf-8")
SHEET = """[Rules "classic"]
[Dealer "S"]

deal 1 dealer S
score 41 121
match 41 121

deal 2 dealer W
score 0 162
match 41 283

deal 3 dealer N
score 90 72
match 131 355

end *
"""


def _findings(text: str) -> list[tuple[str, int, str]]:
    return [(f.code, f.line, f.message) for r in validate_text(text) for f in r.findings if f.code < "BEL9"]


def test_one_slip_in_a_running_total_is_one_finding() -> None:
    slipped = CLUB.replace("match 205 159", "match 205 169", 1)
    found = _findings(slipped)
    assert [(c, ln) for c, ln, _ in found] == [("BEL601", 60)]
    assert "should be N-S 205, E-W 159" in found[0][2]


def test_a_slip_carried_on_is_one_finding_too() -> None:
    carried = CLUB.replace("match 205 159", "match 205 169", 1).replace("match 227 299", "match 227 309", 1)
    assert [(c, ln) for c, ln, _ in _findings(carried)] == [("BEL601", 60)]


def test_two_slips_are_two_findings() -> None:
    two = CLUB.replace("match 205 159", "match 205 169", 1).replace("match 409 299", "match 409 298", 1)
    assert [(c, ln) for c, ln, _ in _findings(two)] == [("BEL601", 60), ("BEL601", 104)]


def test_a_score_sheet_slip_is_one_finding() -> None:
    assert _findings(SHEET) == []
    slipped = SHEET.replace("match 41 283", "match 41 293")
    assert [(c, ln) for c, ln, _ in _findings(slipped)] == [("BEL606", 10)]


def test_show_prints_the_typed_total_beside_the_engines(tmp_path) -> None:
    path = tmp_path / "slip.bel"
    path.write_text(CLUB.replace("match 205 159", "match 205 169", 1), encoding="utf-8")
    done = run_belote("show", path)
    row = [line for line in done.stdout.splitlines() if line.startswith("     2  N       N")]
    assert row and row[0].rstrip().endswith("205        159  (typed 205 169)")
