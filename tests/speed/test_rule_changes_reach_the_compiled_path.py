"""Issue 33: a rule changed through the rule set changes the compiled path's results as it
changes the pure-Python path's, with no line of C touched.

The compiled loop (``game/engine/_play.c``) has no second definition of the last trick's bonus
nor of the belote order: it asks the engine (``play.last_trick_bonus`` once per rule set,
``belote_marks.track_belote_card`` and ``belote_word_due`` on the state itself). Generated
classic games are validated with an ``[Option]`` tag flipping ``last_trick_bonus`` (10 -> 30)
or ``belote_king_first`` (false -> true): the recorded scores, written under the preset, are
then wrong in some deals, and both paths must find exactly the same (the same reports, game by
game), while without the tag both find nothing. Likewise a contrée auction (set up by
``setup_auction`` from a table of the engine's own steps, per rule set): ``max_points_bid``,
``capot_bid`` and ``raise_own_bid`` flipped through the rule set change both paths alike.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from belote_notation.game.engine import new_deal, play_card, set_contract, set_hands
from belote_notation.game.engine.play import PYTHON_PLAY_CARDS, play_cards
from belote_notation.game.rules import Ruleset
from belote_notation.notation.read.canon import compiled_reader
from tests.speed.corpus import _games_text, compare_paths

needs_compiled = pytest.mark.skipif(compiled_reader() is None, reason="the C extensions are not built")


def _with_option(text: str, option: str | None, system: str = "classic") -> str:
    if option is None:
        return text
    return text.replace(f'[Rules "{system}"]\n', f'[Rules "{system}"]\n[Option "{option}"]\n')


@pytest.fixture(scope="module")
def games() -> str:
    return _games_text(Ruleset.preset("classic"), 300, seed=33)


@needs_compiled
@pytest.mark.parametrize("option", [None, "last_trick_bonus=30", "belote_king_first=true"])
def test_a_rule_flipped_through_the_rule_set_changes_both_paths_alike(tmp_path: Path, games: str,
                                                                       option: str | None) -> None:
    path = tmp_path / "games.bel"
    path.write_text(_with_option(games, option), encoding="utf-8")
    assert option is None or f'[Option "{option}"]' in path.read_text(encoding="utf-8")
    count, findings = compare_paths(path)  # both paths: the same reports, game by game
    assert count > 10
    if option is None:
        assert findings == 0
    else:
        assert findings > 0  # the rule changed the results: the preset's recorded scores are wrong


@pytest.fixture(scope="module")
def contree_games() -> str:
    return _games_text(Ruleset.preset("contree"), 300, seed=34)


@needs_compiled
@pytest.mark.parametrize("option", [None, "max_points_bid=100", "capot_bid=false", "raise_own_bid=false"])
def test_a_contree_auction_rule_flipped_changes_both_paths_alike(tmp_path: Path, contree_games: str,
                                                                 option: str | None) -> None:
    path = tmp_path / "games.bel"
    path.write_text(_with_option(contree_games, option, "contree"), encoding="utf-8")
    assert option is None or f'[Option "{option}"]' in path.read_text(encoding="utf-8")
    count, findings = compare_paths(path)
    assert count > 10
    if option is None:
        assert findings == 0
    else:
        assert findings > 0  # bids the rule set now forbids


def _last_trick(rules: Ruleset, loop: object) -> tuple[list[int], int | None]:
    """Eight tricks played with ``loop`` (a play_cards) on a deal of ``rules``: the points."""
    state = new_deal(rules, dealer=3)
    set_contract(state, taker=0, trump=0)
    set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])  # N all clubs: N leads and wins every trick
    for trick in range(8):
        cards = [7 - trick, 15 - trick, 23 - trick, 31 - trick]
        assert loop(state, [0, 1, 2, 3], cards, [None] * 4) == 4  # type: ignore[operator]
    assert play_card(state, 0, 0)  # an error after the eighth trick: play is over
    return state.points, state.last_trick_team


@pytest.mark.parametrize("bonus", [0, 10, 37])
def test_the_compiled_loop_adds_the_bonus_the_rule_set_says(bonus: int) -> None:
    """play_cards (compiled where built) against the Python loop, on a rule set made here: the
    same points, and the bonus the option says on top of the cards."""
    rules = Ruleset.preset("classic").with_options({"last_trick_bonus": bonus})
    points, team = _last_trick(rules, play_cards)
    assert (points, team) == _last_trick(rules, PYTHON_PLAY_CARDS)
    no_bonus, _ = _last_trick(Ruleset.preset("classic").with_options({"last_trick_bonus": 0}), play_cards)
    assert team == 0 and points[0] == no_bonus[0] + bonus and points[1] == no_bonus[1]
