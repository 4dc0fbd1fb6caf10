"""A doubled or redoubled contract made with all eight tricks scores one way: the capot's value
(``capot_points``) stands in for the deal's 160/162 in the doubled path as in the undoubled one.

Checked against colver (a test dependency): its coinched capot ``250sNSx`` scores 252 + 2 x 250
(+ the belote), where our doubled path used to put a fixed 162 in the capot's place (662).
"""

from __future__ import annotations

import pytest

from belote_notation.check.setup import ValidationConfig
from belote_notation.check.validator import validate_game
from belote_notation.game.rules import Ruleset
from tests.formats.helpers import read
from tests.support.colver_games import COLVER_OPTIONS

colver = pytest.importorskip("colver")

RANKS = "AKQJT987"
N_TRUMPS_ALL = "/".join(f"{r}s{r}h{r}d{r}c" for r in RANKS)
"""N holds the eight spades (and leads: the dealer is W), E the hearts, S the diamonds, W the
clubs: N-S take all eight tricks whatever the contract in spades; N holds the belote."""
N_HEARTS_ALL = "/".join(f"{r}h{r}s{r}d{r}c" for r in RANKS)
"""The same with N's hearts led against a heart contract of E-W: the defence takes all eight."""

CASES = [
    (N_TRUMPS_ALL, "250sNS"), (N_TRUMPS_ALL, "250sNSx"), (N_TRUMPS_ALL, "250sNSxx"),
    (N_TRUMPS_ALL, "80sNSx"), (N_TRUMPS_ALL, "160sNSxx"), (N_TRUMPS_ALL, "120sNS"),
    (N_HEARTS_ALL, "80hEWx"), (N_HEARTS_ALL, "250hEWx"), (N_HEARTS_ALL, "100hEW"),
]


def our_score(cfn: str, options: dict[str, str]) -> tuple[str, tuple[int, int]]:
    (game,), issues = read("cfn", cfn)
    assert issues == []
    config = ValidationConfig(options=tuple(options.items()))
    report = validate_game(game, "capot.cfn", config=config)
    assert [f for f in report.findings if f.severity != "info"] == []
    deal = report.deals[0]
    return deal.outcome, tuple(deal.credited)


@pytest.mark.parametrize(("tricks", "contract"), CASES)
def test_colver_and_we_score_a_capot_the_same_doubled_or_not(tricks: str, contract: str) -> None:
    cfn = f"W:-/-/-/- {tricks} {contract}"
    env = colver.Env.from_cfn(cfn)
    assert env.is_terminal()
    theirs = tuple(int(x) for x in env.rewards())
    _, ours = our_score(cfn, COLVER_OPTIONS)
    assert ours == theirs


def test_the_issue_s_figure_752_for_a_coinched_capot_without_belote() -> None:
    """``250sNSx`` made with all eight tricks and ``capot_points=252``: 252 + 2 x 250 = 752
    (the belote aside), not 162 + 500 = 662."""
    options = {**COLVER_OPTIONS, "belote_survives_failure": "true"}
    outcome, (ns, ew) = our_score(f"W:-/-/-/- {N_TRUMPS_ALL} 250sNSx", options)
    assert outcome == "made" and (ns - 20, ew) == (752, 0)


@pytest.mark.parametrize("doubled", ["", "x", "xx"])
def test_under_the_preset_the_capot_value_is_doubled_with_the_contract(doubled: str) -> None:
    """``double_multiplies=all`` (the preset): the winners score (capot + contract) x the
    multiplier, the capot's 250 in the place of 160."""
    rules = Ruleset.preset("contree")
    (game,), _ = read("cfn", f"W:-/-/-/- {N_TRUMPS_ALL} 250sNS{doubled}")
    report = validate_game(game, "capot.cfn")
    mult = (1, rules.double_multiplier, rules.redouble_multiplier)[len(doubled)]
    expected = (250 + 250) * mult + 20 if doubled else 250 + 250 + 20
    assert tuple(report.deals[0].credited) == (expected, 0)
