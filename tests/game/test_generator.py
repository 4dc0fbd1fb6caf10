"""The generator: seeded, complete, legal records; and the `generate` command."""


import pytest
from click.testing import CliRunner

from belote_notation.game.engine import (
    add_deal,
    announce,
    apply_bid,
    deal_five,
    deal_rest,
    new_deal,
    new_match,
    play_card,
    score_deal,
    set_hands,
)
from belote_notation.game.rules import PRESETS, Ruleset
from belote_notation.generator import generate_games, rule_headers


def _masks(hands):
    out = [0, 0, 0, 0]
    for h in hands:
        for c in h.cards:
            out[h.seat] |= 1 << c
    return out


def _replay_game(rules, game):
    """Replay a generated record through the engine; returns violations and checks scores."""
    found = []
    dealer = "NESW".index(game.header("Dealer"))
    match = new_match(rules, dealer)
    step = None
    for deal in game.deals:
        assert deal.dealer == match.dealer
        state = new_deal(rules, deal.dealer)
        if deal.hands:  # contrée: eight cards each at once
            found += set_hands(state, _masks(deal.hands))
        else:
            found += deal_five(state, _masks(deal.five), deal.offer.card)
        for bid in deal.bids:
            found += apply_bid(state, bid.seat, bid.action, bid.suit, bid.value)
        if deal.rest:
            found += deal_rest(state, _masks(deal.rest))
        anns = list(deal.announcements)
        for trick in deal.tricks:
            for play in trick.plays:
                while anns and anns[0].trick == trick.number and \
                        anns[0].before_card == state.cards_played(anns[0].seat) + 1 and \
                        anns[0].seat == play.seat:
                    a = anns.pop(0)
                    found += announce(state, a.seat, a.kind, sum(1 << c for c in a.cards))
                found += play_card(state, play.seat, play.card, play.mark)
            assert trick.winner == state.tricks[-1][2]
        assert not anns
        result = score_deal(state)
        found += result.violations
        step = add_deal(match, result)
        assert (deal.score.ns, deal.score.ew) == step.credited
        assert (deal.match_score.ns, deal.match_score.ew) == step.totals
        assert (deal.pot or 0) == step.pot
    return found, match


@pytest.mark.parametrize("name", list(PRESETS))
def test_generated_matches_are_legal_and_complete(name):
    rules = Ruleset.preset(name)
    games = list(generate_games(rules, matches=3, deals=None, seed=11))
    assert len(games) == 3
    for game in games:
        assert game.header("Rules") == name
        assert game.header("Deck") == rules.deck.value
        for tag in ("Event", "Date", "North", "East", "South", "West", "Dealer", "Result"):
            assert game.header(tag)
        found, match = _replay_game(rules, game)
        assert found == []
        assert match.winner is not None
        assert game.result == ("NS" if match.winner == 0 else "EW") == game.header("Result")
        last = game.deals[-1].match_score
        assert max(last.ns, last.ew) >= rules.target


def test_records_hold_every_part():
    rules = Ruleset.preset("classic")
    deals = [d for g in generate_games(rules, None, 300, seed=4) for d in g.deals]  # seed 4: six litige pots
    assert len(deals) == 300
    played = [d for d in deals if d.tricks]
    dead = [d for d in deals if not d.tricks]
    assert dead and all(len(d.bids) == 8 for d in dead)
    for d in played:
        assert [len(h.cards) for h in d.five] == [5, 5, 5, 5]
        assert d.offer is not None and len(d.tricks) == 8
        assert all(len(t.plays) == 4 for t in d.tricks)
        counts = sorted(len(h.cards) for h in d.rest)
        assert counts == [2, 3, 3, 3]
    assert any(d.announcements for d in played)
    assert any(p.mark == "belote" for d in played for t in d.tricks for p in t.plays)
    assert any(d.pot for d in deals)


def test_forced_take_respected_in_moroccan_records():
    rules = Ruleset.preset("moroccan")
    seen = 0
    for game in generate_games(rules, None, 400, seed=2):
        for d in game.deals:
            if (d.offer.card & 7) == 4:  # the Spanish 10 (French jack) face up
                assert d.bids[0].action == "take"
                seen += 1
    assert seen > 0


def test_seed_and_limits():
    rules = Ruleset.preset("gameduell")
    a = list(generate_games(rules, None, 30, seed=3))
    b = list(generate_games(rules, None, 30, seed=3))
    assert a == b
    assert sum(len(g.deals) for g in a) == 30
    assert a[-1].result in ("NS", "EW", "*")
    c = list(generate_games(rules, None, 30, seed=4))
    assert c != a
    assert len(list(generate_games(rules, 2, 5, seed=3))) <= 2


def test_option_headers():
    rules = Ruleset.preset("classic").with_options({"target": "501", "litige": "both_score"})
    tags = rule_headers(rules)
    assert ("Target", "501") in tags and ("Option", "litige=both_score") in tags
    game = next(generate_games(rules, 1, None, seed=1))
    assert game.header("Target") == "501"


def test_generate_command(tmp_path):
    from belote_replay.generate import command
    runner = CliRunner()
    out = tmp_path / "m.bel"
    result = runner.invoke(command, ["--rules", "moroccan", "--deals", "4", "--seed", "9", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert '[Rules "moroccan"]' in text and '[Deck "spanish"]' in text
    again = runner.invoke(command, ["--rules", "moroccan", "--deals", "4", "--seed", "9"])
    assert again.exit_code == 0 and again.output == text
    bad = runner.invoke(command, ["--rules", "whist"])
    assert bad.exit_code == 2 and "unknown rule system" in bad.output
    bad = runner.invoke(command, ["--option", "target=lots"])
    assert bad.exit_code == 2
