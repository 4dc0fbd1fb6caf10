"""Property tests over seeded random legal deals (see belote_notation.generator)."""

import random

import pytest

from belote_notation.game.engine import (
    announce,
    apply_bid,
    codes,
    deal_five,
    deal_rest,
    legal_cards,
    new_deal,
    play_card,
    to_play,
)
from belote_notation.game.rules import Ruleset
from belote_notation.generator import DealScript, random_deal, replay_script
from tests.support.engine import SMSARA_PRESETS

PRESET_NAMES = list(SMSARA_PRESETS)
SEEDS = {name: 1000 + i for i, name in enumerate(sorted(SMSARA_PRESETS))}
"""One fixed seed per rule system: the same deals on every run."""
PLAY_CODES = {codes.NOT_FOLLOWED, codes.NOT_TRUMPED, codes.NOT_OVERTRUMPED, codes.NOT_UNDERTRUMPED}


def _scripts(name: str, n: int, seed: int) -> list[DealScript]:
    rules = Ruleset.preset(name)
    rng = random.Random(seed)
    return [random_deal(rules, rng.randrange(4), rng) for _ in range(n)]


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_generated_deals_replay_clean_and_hold_162(name):
    rules = Ruleset.preset(name)
    outcomes = set()
    for script in _scripts(name, 1000, seed=SEEDS[name]):
        result, found = replay_script(rules, script)
        assert found == [], found
        assert result == script.result
        outcomes.add(result.outcome)
        if result.outcome == "dead":
            assert result.credited == (0, 0)
            continue
        assert sum(result.card_points) == 162
        assert result.complete and sum(result.tricks_won) == 8
        T, D = result.taker_team, 1 - result.taker_team
        extras = sum(result.announcements) + sum(result.belote)
        if result.outcome in ("made",) or (result.outcome == "litige" and rules.litige == "both_score"):
            assert sum(result.credited) == 162 + extras
        elif result.outcome == "capot":
            assert rules.capot_points is not None
            winner = result.capot_team
            assert result.credited[winner] >= rules.capot_points
            assert result.credited[1 - winner] <= 20 + result.announcements[1 - winner]
        elif result.outcome == "failed":
            assert result.credited[T] == result.belote[T]
            assert result.credited[D] >= 162
        else:  # litige
            assert result.credited[D] == result.totals[D]
    assert {"made", "failed"} <= outcomes


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_capot_scored_as_the_preset_says(name):
    rules = Ruleset.preset(name)
    seen = 0
    for script in _scripts(name, 3000, seed=7):
        r = script.result
        if r.capot_team is None:
            continue
        seen += 1
        if rules.capot_points is None:
            assert r.outcome in ("made", "failed")
            assert r.card_points[r.capot_team] == 162
        else:
            assert r.outcome == "capot"
            base = r.credited[r.capot_team] - r.belote[r.capot_team]
            assert base - rules.capot_points in (r.announcements[r.capot_team], sum(r.announcements),
                                                 sum(r.announcements_declared))
    assert seen > 0


def _distributed(rules, script: DealScript):
    """A fresh deal state after the script's dealing, bidding and rest of the distribution."""
    state = new_deal(rules, script.dealer)
    deal_five(state, script.five, script.offer)
    for seat, action, suit in script.bids:
        apply_bid(state, seat, action, suit)
    deal_rest(state, script.rest)
    return state


def _replay_with_swap(rules, script: DealScript, at: int, illegal: int):
    """Replay ``script`` with the card played at ``at`` replaced by ``illegal`` (and the
    player's later ``illegal`` replaced by the original card)."""
    seat, original, _ = script.plays[at]
    plays = list(script.plays)
    plays[at] = (seat, illegal, None)
    for j in range(at + 1, 32):
        if plays[j][1] == illegal:
            plays[j] = (plays[j][0], original, None)
    return replay_script(rules, script._replace(plays=tuple(plays)))


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_one_illegal_card_is_reported_at_its_trick_and_seat(name):
    rules = Ruleset.preset(name)
    rng = random.Random(99)
    checked = 0
    for script in _scripts(name, 400, seed=3):
        if script.rest is None:
            continue
        # find the plays where the player held an illegal card
        state = _distributed(rules, script)
        candidates = []
        a = 0
        for i, (seat, card, mark) in enumerate(script.plays):
            while a < len(script.announcements) and script.announcements[a][3] == i:
                announce(state, *script.announcements[a][:3])
                a += 1
            assert to_play(state) == seat
            illegal = state.hands[seat] & ~legal_cards(state)
            if illegal:
                candidates.append((i, seat, illegal))
            play_card(state, seat, card, mark)
        if not candidates:
            continue
        i, seat, illegal = rng.choice(candidates)
        bad = (illegal & -illegal).bit_length() - 1
        _, found = _replay_with_swap(rules, script, i, bad)
        assert found, (i, seat, bad)
        first = found[0]
        assert first.code in PLAY_CODES
        assert (first.trick, first.index, first.seat) == (i // 4 + 1, i % 4, seat)
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_legal_cards_never_empty_and_within_hand(name):
    rules = Ruleset.preset(name)
    for script in _scripts(name, 150, seed=21):
        if script.rest is None:
            continue
        state = _distributed(rules, script)
        for seat, card, mark in script.plays:
            legal = legal_cards(state)
            hand = state.hands[to_play(state)]
            assert legal and legal & ~hand == 0
            assert (legal >> card) & 1
            play_card(state, seat, card, mark)
        assert legal_cards(state) == 0
