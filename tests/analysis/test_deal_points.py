"""Issue 31: the solver's points per deal come from the rule set, not a fixed 162.

Before the last trick each side's card points are decided: the solver's must be validate's
(the engine's count) on every preset and on contrée's sans-atout/tout-atout value options
(``sans_atout_values=plain``: 130 a deal, ``tout_atout_values=trump``: 258).
"""

from __future__ import annotations

import pytest

from belote_notation.analysis.review import state_at
from belote_notation.analysis.solver import DoubleDummy
from belote_notation.check.replay import replay_game
from belote_notation.game.engine import to_play
from belote_notation.game.rules import PRESETS, Ruleset
from belote_notation.generator import generate_games

SA_TA = {"sans_atout": True, "tout_atout": True}
CASES = [*((name, {}) for name in PRESETS), *(
    (name, {**SA_TA, "sans_atout_values": sa, "tout_atout_values": ta})
    for name in ("contree", "coinche") for sa in ("ace_19", "plain") for ta in ("scaled", "trump"))]


IDS = [f"{name}-{'-'.join(map(str, options.values()))}" for name, options in CASES]


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_the_solver_counts_the_card_points_validate_counts(name: str, options: dict[str, object]) -> None:
    rules = Ruleset.preset(name).with_options(options) if options else Ruleset.preset(name)
    solver, checked, strains = DoubleDummy(), 0, set()
    for number, game in enumerate(generate_games(rules, matches=None, deals=12, seed=3), 1):
        for deal in replay_game(game, number=number).deals:
            report = deal.report
            if report is None or report.card_points is None or report.outcome == "dead":
                continue
            state = state_at(deal, 8, 1)
            (value,) = solver.card_values(state)  # one card left each: the end is decided
            team = to_play(state) & 1
            wanted = report.card_points[team]
            if rules.capot_points is not None and len({trick.winner & 1 for trick in deal.tricks}) == 1:
                wanted = rules.capot_points if wanted else 0  # the solver counts a capot as capot_points
            assert value.points == wanted, (number, report.number)
            checked += 1
            strains.add(report.trump)
    assert checked >= 8
    if options:  # the deals drawn reach the contracts whose values the options change
        assert {4, 5} <= strains, strains  # sans-atout and tout-atout


def test_the_issues_deal_agrees_with_validate() -> None:
    """``generate --rules contree`` with SA/TA ``plain``/``trump``, seed 3: deal 2 of game 1 at
    8.1, E-W make 103 (the solver said 119); game 10 deal 1, by score: the takers N-S 0, the
    contract failed (it said 500)."""
    rules = Ruleset.preset("contree").with_options({**SA_TA, "sans_atout_values": "plain",
                                                    "tout_atout_values": "trump"})
    games = list(generate_games(rules, matches=None, deals=40, seed=3))
    deal = replay_game(games[0]).deals[1]
    state = state_at(deal, 8, 1)
    assert [v.points for v in DoubleDummy().card_values(state)] == [103] == [deal.report.card_points[1]]
    deal = replay_game(games[9], number=10).deals[0]
    state = state_at(deal, 8, 1)
    assert deal.report.credited == [0, 500]
    assert [v.points for v in DoubleDummy(value="score").card_values(state)] == [0]
