"""Sans-atout and tout-atout: the solver plays them as the engine does (issue 21).

Before, a sans-atout deal was solved as if clubs were trump (``set_contract(state, taker, -1)``
made trump ``-1 & 3``) and tout-atout was never searched as itself: ``solve`` printed "trump ♣"
with exit 0. Now the C search is given each strain's card values, trick order and obligations
from the engine, its values equal the plain minimax over the engine, and a contract it cannot
play is refused.
"""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from belote_notation.analysis import DoubleDummy, review_game
from belote_notation.analysis.reference import minimax_values
from belote_notation.analysis.tables import solver_for
from belote_notation.game.cards import SANS_ATOUT, TOUT_ATOUT
from belote_notation.game.engine import legal_cards, new_deal, set_contract, set_hands
from belote_notation.game.rules import PRESETS, Ruleset
from belote_notation.generator import generate_games
from belote_notation.notation.write.writer import write_game
from belote_replay.main import cli
from tests.analysis.positions import every_position, play_random, random_deal, solver_args

STRAINS = (SANS_ATOUT, TOUT_ATOUT)
VALUES = [{}, {"sans_atout_values": "plain", "tout_atout_values": "trump"}]


@pytest.mark.parametrize("values", VALUES, ids=["default values", "other values"])
@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=lambda r: r.name)
def test_sa_and_ta_endgames_equal_minimax(rules: Ruleset, values: dict[str, str]) -> None:
    rules = rules.with_options(values)
    rng = random.Random(21)
    dd = DoubleDummy()
    for _ in range(16):
        state = play_random(random_deal(rules, rng, STRAINS), rng.randrange(20, 30), rng)
        assert dd.values(state) == minimax_values(state), state


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=lambda r: r.name)
def test_sa_and_ta_legal_cards_are_the_engines(rules: Ruleset) -> None:
    rng = random.Random(4)
    for strain in STRAINS:
        solver = solver_for(rules, strain)
        for _ in range(15):
            for state in every_position(random_deal(rules, rng, (strain,)), rng):
                assert solver.legal(*solver_args(state)) == legal_cards(state)


def _file(deals: int) -> str:
    rules = Ruleset.preset("contree").with_options({"sans_atout": True, "tout_atout": True})
    return "\n".join(write_game(g) for g in generate_games(rules, deals=deals, seed=3))


def test_solve_names_sans_atout_and_solves_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 21 item 6: deal 2 (N:130SA, coinched) of seed 3 was solved as clubs."""
    path = tmp_path / "sa.bel"
    path.write_text(_file(4), encoding="utf-8")
    for deal, strain in (("2", "SA"), ("4", "TA")):
        result = CliRunner().invoke(cli, ["solve", str(path), "--deal", deal, "--at", "6.1"])
        assert result.exit_code == 0, result.output
        assert result.output.startswith(f"Deal {deal}: trump {strain},"), result.output
        assert "♣" not in result.output.splitlines()[0]


def test_solved_values_are_the_engines_on_the_generated_deals() -> None:
    """The SA and TA deals of the reproducer, from trick 6: every card's value is the minimax's."""
    from belote_notation.analysis.review import state_at
    from belote_notation.check.replay import replay_game
    from belote_notation.notation.read.reader import parse_text

    replay = replay_game(parse_text(_file(4))[0].game, "sa.bel")
    dd = DoubleDummy()
    strains = [state_at(deal, 6, 1).strain for deal in replay.deals]
    assert strains == [0, SANS_ATOUT, TOUT_ATOUT, TOUT_ATOUT]
    for deal in replay.deals:
        state = state_at(deal, 6, 1)
        assert dd.values(state) == minimax_values(state)


def test_annotate_reviews_sa_and_ta_deals() -> None:
    from belote_notation.notation.read.reader import parse_text

    review = review_game(parse_text(_file(4))[0].game)
    assert [d.skipped for d in review.deals] == [None] * 4
    assert all(d.cards for d in review.deals)


def test_a_contract_the_solver_cannot_play_is_refused() -> None:
    state = new_deal(Ruleset.preset("contree"), dealer=0)
    with pytest.raises(ValueError, match="trump -1"):
        set_contract(state, taker=0, trump=-1)  # was clubs
    set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])
    with pytest.raises(ValueError, match="trump is not known"):
        DoubleDummy().values(state)
    with pytest.raises(ValueError, match="trump 6"):
        solver_for(Ruleset.preset("contree"), 6)
