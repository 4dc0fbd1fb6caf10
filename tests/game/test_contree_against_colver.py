"""Our contrée engine against colver, a contrée engine written by others (PyPI, a test
dependency): colver deals, bids and plays; its records, read with the matching options,
have no play finding, and its card points per team are ours.

colver counts a capot's last trick as 100 (152 + 100 = 252 for the team with all eight
tricks); we count the 10 of the last trick and give a capot ``capot_points`` in the *score*,
not in the card points. The comparison takes that into account: for a capot, colver's
points are our card points - 10 + 100.

The deal scores are compared too, under the options that read colver's scoring
(``tests/support/colver_games.py``: 162 on a failure, a double multiplying the contract with
everything to the winner, capot 252, a failed takers' belote to the defence, no rounding). The
one difference left is a belote held by the losing side of a coinched deal: colver gives it to
the winners, we leave it to its holders (lacontree.free.fr: "la belote éventuelle, qui est
« insaisissable »"); those deals are counted and skipped.
"""

from __future__ import annotations

import pytest

from belote_notation.check.validator import validate_game
from belote_notation.game.rules import Ruleset

colver = pytest.importorskip("colver")  # a test dependency (the ``test`` extra), not a library one

from tests.support.colver_games import play_deal  # noqa: E402

GAMES = 1000


@pytest.mark.parametrize("preset", ["contree", "coinche"])
def test_colver_games_validate_and_score_the_same_card_points(preset):
    rules = Ruleset.preset(preset)
    played = capots = belote_to_winner = 0
    for seed in range(GAMES):
        deal = play_deal(seed, rules)
        report = validate_game(deal.game)
        codes = [f.code for f in report.findings]
        assert not [c for c in codes if c.startswith(("BEL2", "BEL3", "BEL1"))], (seed, report.findings)
        result = report.deals[0]
        if result.outcome == "dead" or not deal.game.deals[0].tricks:
            continue
        played += 1
        ours = list(result.card_points)
        for team in (0, 1):
            if deal.tricks_won[team] == 8:
                ours[team] += 100 - 10
                capots += 1
        assert tuple(ours) == deal.points, (seed, ours, deal.points)
        takers = result.taker & 1
        loser = 1 - takers if result.outcome == "made" else takers
        if deal.doubled and result.belote[loser]:
            belote_to_winner += 1
            continue
        assert tuple(result.credited) == deal.score, (seed, result.credited, deal.score)
    assert played > GAMES // 2 and capots > 0
    assert belote_to_winner < GAMES // 100
