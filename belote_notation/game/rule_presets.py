"""The presets of the rule systems: where each differs from the defaults, and its source.

The values only (option name -> value), from the rule texts named beside each: the rule systems
are made from them by :mod:`belote_notation.game.rules` (``PRESETS``), and ``docs/rules.md``
says where each default comes from, and why where a text is silent: keep both in step.

>>> PRESET_OPTIONS["moroccan"]["target"], PRESET_OPTIONS["coinche"]["announcements"]
(500, True)
"""

from __future__ import annotations

from typing import Any

from belote_notation.game.cards import RULE_SYSTEM_DECKS

__all__ = ["PRESET_OPTIONS"]

PRESET_OPTIONS: dict[str, dict[str, Any]] = {
    # moroccan-balote.fr.txt / moroccan-balote.en.txt (the same rules in two languages)
    "moroccan": dict(
        name="moroccan",
        deck=RULE_SYSTEM_DECKS["moroccan"],
        direction="counterclockwise",
        first_bidder="right",
        first_lead="after_taker",
        next_dealer="right",
        forced_take_on_top_trump=True,
        overtrump_when_ruffing=False,
        partner_master_trumping_must_overtrump=False,
        announce_deadline="before_second_card",
        announcement_ranking="length",
        belote_requires_declaration=False,
        contract_basis="card_points",
        capot_points=None,
        litige="pot",
        target=500,
    ),
    # classic-bsfyi.fr.txt
    "classic": dict(
        name="classic",
        deck=RULE_SYSTEM_DECKS["classic"],
        direction="clockwise",
        first_bidder="left",
        first_lead="dealer_left",
        next_dealer="left",
        announce_deadline="before_first_card",
        announcement_ranking="value",
        belote_requires_declaration=True,
        contract_basis="totals",
        capot_points=250,
        litige="pot",
        target=1000,
    ),
    # gameduell.fr.txt
    "gameduell": dict(
        name="gameduell",
        deck=RULE_SYSTEM_DECKS["gameduell"],
        direction="clockwise",
        bidding_direction="counterclockwise",
        first_bidder="right",
        first_lead="dealer_left",
        next_dealer="left",
        announce_deadline="before_first_card",
        announcement_ranking="value_then_dealer",
        announcement_tie="closest_to_dealer",
        failure_announcements="defence_keeps_own",
        belote_requires_declaration=False,
        contract_basis="over_81",
        capot_points=252,
        litige="takers_lose",
        target=1000,
    ),
    # traditional-wikipedia.fr.txt
    "traditional": dict(
        name="traditional",
        deck=RULE_SYSTEM_DECKS["traditional"],
        direction="counterclockwise",
        first_bidder="right",
        first_lead="dealer_right",
        next_dealer="right",
        announce_deadline="before_first_card",
        announcement_ranking="value",
        belote_requires_declaration=True,
        contract_basis="totals",
        capot_points=252,
        litige="pot",
        target=1000,
    ),
}

# Contrée: public descriptions of the game (contree.org, contree.net, shua.fr, nimbustier.net,
# lacontree.free.fr, the French Wikipedia article); each default's source is in docs/rules.md.
PRESET_OPTIONS["contree"] = dict(
    name="contree",
    deck=RULE_SYSTEM_DECKS["contree"],
    bidding="contree",
    direction="counterclockwise",
    first_bidder="right",
    first_lead="dealer_right",
    next_dealer="right",
    overtrump_partner_when_trump_led=False,
    partner_master_trumping_must_overtrump=False,
    must_undertrump=True,
    announcements=False,
    announce_deadline="before_first_card",
    announcement_ranking="value",
    belote_requires_declaration=True,
    capot_points=250,
    round_scores_to_ten=True,
    target=1000,
)
# Coinche: the same game played with the announcements (shua.fr: "« Coinche » quand on joue
# avec les annonces").
PRESET_OPTIONS["coinche"] = {**PRESET_OPTIONS["contree"], "name": "coinche", "announcements": True,
                              "deck": RULE_SYSTEM_DECKS["coinche"]}
