"""Issue 31: a ``[Contract]`` tag that disagrees with the recorded auction is a located error
from ``validate`` (BEL713), as ``convert --to cfn`` already refused it (BEL810)."""

from __future__ import annotations

import pytest

from belote_notation.check.validator import validate_text
from tests.cli.cli_support import run_belote
from tests.daily.support import SAMPLES

MATCH = (SAMPLES / "contree" / "match-1.bel").read_text(encoding="utf-8")
ONE_DEAL = MATCH.split("\n\ndeal 2")[0].replace('[Result "EW"]', '[Result "*"]') + "\n\nend *\n"
"""Deal 1 of a contrée match: N bids 100 hearts, E-W pass."""


def _tagged(value: str) -> str:
    return ONE_DEAL.replace('[Result "*"]', f'[Result "*"]\n[Contract "{value}"]', 1)


@pytest.mark.parametrize("value", ["100hNS", "100HN", "100hns"])
def test_a_tag_that_says_what_the_auction_says_is_clean(value: str) -> None:
    assert [f.code for r in validate_text(_tagged(value)) for f in r.findings] == []


@pytest.mark.parametrize(("value", "says"), [
    ("100sNS", "100 ♠ by N-S"), ("110hNS", "110 ♥ by N-S"), ("100hEW", "100 ♥ by E-W"),
    ("100hS", "100 ♥ by N-S (S)"), ("100hNSx", "100 ♥ by N-S, coinché"), ("250hNS", "capot ♥ by N-S"),
])
def test_a_tag_that_disagrees_is_an_error_at_the_tag(value: str, says: str) -> None:
    text = _tagged(value)
    found = [(f.code, f.line, f.col, f.message) for r in validate_text(text, "c.bel") for f in r.findings]
    line = text.splitlines().index(f'[Contract "{value}"]') + 1
    assert found == [("BEL713", line, 1, f"the Contract tag says {says}; the recorded auction gives "
                      "100 ♥ by N-S (N)")]


def test_validate_exits_1_on_it(tmp_path) -> None:
    path = tmp_path / "c.bel"
    path.write_text(_tagged("100sNS"), encoding="utf-8")
    done = run_belote("validate", path)
    assert done.returncode == 1 and "BEL713" in done.stdout
