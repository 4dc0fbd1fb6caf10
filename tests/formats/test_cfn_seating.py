""".bel -> CFN -> .bel under every contrée seating: CFN gives back the very deal, or the deal is
refused (BEL810); never another deal. colver reads what we write as the same deal.

CFN plays N E S W in turn, the seat after the dealer leading (docs/formats/cfn.md). The presets
turn counter-clockwise, so their deals are refused; with colver's seating every played deal of a
suit contract CFN can write (80 to 160 and capot) is written.
"""

from __future__ import annotations

import itertools

import colver
import pytest

from belote_notation.check.replay import replay_game
from belote_notation.formats.cfn import colver_card
from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from tests.formats.helpers import read, write

SEATINGS = [dict(zip(("direction", "first_bidder", "first_lead"), seating, strict=True))
            for seating in itertools.product(("clockwise", "counterclockwise"), ("left", "right"),
                                             ("dealer_left", "dealer_right", "after_taker"))]
VARIANTS = {
    "defaults": {},
    "sa-ta": {"sans_atout": True, "tout_atout": True},
    "generale": {"generale_bid": True},
    "to-180": {"max_points_bid": 180},
}
COLVER_SEATING = {"direction": "clockwise", "first_bidder": "left", "first_lead": "dealer_left"}


def games_of(preset: str, options: dict[str, object], deals: int, seed: int) -> list:
    rules = Ruleset.preset(preset).with_options({k: str(v).lower() for k, v in options.items()})
    return list(generate_games(rules, matches=None, deals=deals, seed=seed))


def seated(deal) -> tuple[dict[int, list[int]], list[list[tuple[int | None, int]]]]:
    return ({h.seat: sorted(h.cards) for h in deal.hands},
            [[(p.seat, p.card) for p in t.plays] for t in deal.tricks])


def one_deal_games(games: list) -> list:
    """Each deal of ``games`` as a game of its own (what one CFN line holds), its tags kept."""
    return [g.model_copy(update={"deals": [d]}) for g in games for d in g.deals]


@pytest.mark.parametrize("preset", ["contree", "coinche"])
@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("seating", SEATINGS, ids=lambda s: "-".join(s.values()))
def test_cfn_gives_back_the_same_deal_or_refuses_it(preset: str, variant: str, seating: dict) -> None:
    games = one_deal_games(games_of(preset, {**VARIANTS[variant], **seating}, deals=8, seed=7))
    written = refused = 0
    for game in games:
        text, lost = write("cfn", [game])
        if not text:
            assert [i.code for i in lost] == ["BEL810"]
            refused += 1
            continue
        assert lost == []
        written += 1
        (back,), _ = read("cfn", text)
        replay = replay_game(game).deals[0]
        hands, tricks = seated(back.deals[0])
        assert hands == {s: sorted(c for c in range(32) if m >> c & 1)
                         for s, m in enumerate(replay.hands_to_show().masks)}
        assert tricks == [[(s, c) for s, c in zip(t.seats, t.cards, strict=True)] for t in replay.tricks]
        assert back.deals[0].dealer == game.deals[0].dealer
    if seating == COLVER_SEATING and variant == "defaults":
        assert refused == 0 and written == len(games)
    if seating["direction"] == "counterclockwise":
        assert written == 0


def test_the_presets_own_seating_is_refused_with_a_located_bel810() -> None:
    """Issue 21's reproducer: `generate --rules contree --deals 3 --seed 5`, deal 1."""
    (game,) = games_of("contree", {}, deals=3, seed=5)
    text, lost = write("cfn", [game])
    assert text == ""
    assert [(i.code, i.line) for i in lost] == [("BEL810", d.line) for d in game.deals]
    assert "counter-clockwise" in str(lost[0])


@pytest.mark.parametrize("variant", ["defaults", "generale", "to-180"])
def test_the_contract_comes_from_the_auction(variant: str) -> None:
    games = one_deal_games(games_of("contree", {**VARIANTS[variant], **COLVER_SEATING}, deals=20, seed=11))
    for game in games:
        replay = replay_game(game).deals[0]
        text, lost = write("cfn", [game])
        taken = replay.contract
        if replay.dead:
            assert text.split()[-1] == "0"
            continue
        if taken.kind == "generale" or (taken.value or 0) > 160 and taken.kind == "points":
            assert text == "" and [i.code for i in lost] == ["BEL810"]
            continue
        value = 250 if taken.kind == "capot" else taken.value
        assert text.split()[-1] == f"{value}{'shdc'[taken.trump]}{('NS', 'EW')[taken.taker & 1]}" + \
            "x" * taken.doubled


def test_sans_atout_and_tout_atout_are_refused() -> None:
    games = one_deal_games(games_of("contree", {**VARIANTS["sa-ta"], **COLVER_SEATING}, deals=40, seed=3))
    strains = set()
    for game in games:
        replay = replay_game(game).deals[0]
        if replay.contract is None or replay.contract.trump is None:
            continue
        text, lost = write("cfn", [game])
        strains.add(replay.contract.trump)
        if replay.contract.trump > 3:
            assert text == "" and "sans-atout or tout-atout" in str(lost[0])
    assert {4, 5} & strains


@pytest.mark.parametrize("preset", ["contree", "coinche"])
def test_colver_reads_our_cfn_as_the_same_deal(preset: str) -> None:
    games = one_deal_games(games_of(preset, COLVER_SEATING, deals=25, seed=21))
    checked = 0
    for game in games:
        text, _ = write("cfn", [game])
        if not text or text.split()[-1] == "0":
            continue
        env = colver.Env.from_cfn(text.strip())
        replay = replay_game(game).deals[0]
        assert env.get_dealer() == game.deals[0].dealer
        played = [colver_card(c) for t in replay.tricks for c in t.cards]
        assert list(env.get_play_order()) == played
        masks = replay.hands_to_show().masks
        start = [sorted(colver_card(c) for c in range(32) if m >> c & 1) for m in masks]
        gone = set(played)
        assert [sorted(h) for h in env.get_hands()] == [[c for c in h if c not in gone] for h in start]
        contract = env.get_contract()
        taken = replay.contract
        assert contract["trump"] == taken.trump and contract["coinche"] == taken.doubled
        checked += 1
    assert checked >= 15


def test_the_imported_contract_checks_the_play_against_the_trump() -> None:
    """Item 3: a CFN deal read back is checked against its trump (no BEL904), and a card that
    breaks the trump obligations is found."""
    (game,) = one_deal_games(games_of("contree", COLVER_SEATING, deals=1, seed=2))[:1]
    text, _ = write("cfn", [game])
    (back,), issues = read("cfn", text)
    assert issues == []
    from belote_notation.check.validator import validate_game

    report = validate_game(back, "back.bel")
    assert "BEL904" not in [f.code for f in report.findings]
    original = replay_game(game).report.deals[0]
    assert (report.deals[0].outcome, report.deals[0].credited) == (original.outcome, original.credited)
    assert original.outcome in ("made", "failed")
