"""The validator on generated files: clean for every preset, and each injected fault found
at the exact line and column of the token that carries it."""

from __future__ import annotations

import pytest

from belote_notation.check import codes as R
from belote_notation.check.codes import HANDS_DERIVED, NO_BIDDING, NO_TRUMP
from belote_notation.check.findings import code_registry
from belote_notation.check.setup import ValidationConfig
from belote_notation.check.validator import validate_text
from belote_notation.game.cards import Deck, card_name
from belote_notation.game.engine import codes as C
from belote_notation.game.rules import Ruleset
from belote_notation.notation.read.reader import parse_text
from tests.support.validator import (
    PRESET_NAMES,
    errors_of,
    findings_of,
    generated_text,
    played_deals,
    replace_at,
    reports,
)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_generated_files_validate_clean(preset):
    text = generated_text(preset)
    found = findings_of(text)
    assert found == []
    games = reports(text)
    assert sum(r.deal_count for r in games) == 40
    # every complete match has its winner recomputed, and it is the recorded one
    for report in games:
        if report.result in ("NS", "EW"):
            assert report.winner == ("NS", "EW").index(report.result)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_recomputed_scores_add_up(preset):
    for report in reports(generated_text(preset)):
        totals = [0, 0]
        for deal in report.deals:
            assert deal.outcome in ("made", "failed", "litige", "capot", "dead")
            if deal.outcome == "dead":
                assert deal.credited == [0, 0]
                continue
            assert sum(deal.card_points) in (162, 0) or deal.outcome == "capot"
            totals = [totals[0] + deal.credited[0] + deal.pot_claimed[0],
                      totals[1] + deal.credited[1] + deal.pot_claimed[1]]
            assert deal.totals == totals
            assert deal.claimed_totals == totals


def _deck(preset: str) -> Deck:
    return Ruleset.preset(preset).deck


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_wrong_recorded_score(preset):
    text = generated_text(preset)
    _, deal = played_deals(text)[0]
    score = deal.score
    old = f"score {score.ns} {score.ew}"
    bad = replace_at(text, score.line, score.col, old, f"score {score.ns + 10} {score.ew - 10}")
    errors = errors_of(bad)
    assert [(f.code, f.line, f.col) for f in errors] == [(R.DEAL_SCORE, score.line, score.col)]
    assert f"N-S {score.ns}, E-W {score.ew}" in errors[0].message
    assert errors[0].deal == deal.number and errors[0].game == 1


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_wrong_match_totals(preset):
    text = generated_text(preset)
    _, deal = played_deals(text)[0]
    total = deal.match_score
    old = f"match {total.ns} {total.ew}"
    bad = replace_at(text, total.line, total.col, old, f"match {total.ns + 1} {total.ew}")
    codes = [(f.code, f.line) for f in errors_of(bad)]
    assert (R.MATCH_TOTALS, total.line) in codes


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_bid_out_of_turn(preset):
    text = generated_text(preset)
    for _, deal in played_deals(text):
        if len(deal.bids) >= 2 and deal.bids[0].line == deal.bids[1].line:
            break
    first, second = deal.bids[0], deal.bids[1]
    seat_letters = "NESW"
    # the second bidder speaks first: swap the seats of the first two calls
    a = f"{seat_letters[first.seat]}:{first.action}"
    b = f"{seat_letters[second.seat]}:{second.action}"
    bad = replace_at(text, second.line, second.col, b, f"{seat_letters[first.seat]}:{second.action}")
    bad = replace_at(bad, first.line, first.col, a, f"{seat_letters[second.seat]}:{first.action}")
    errors = errors_of(bad)
    assert errors, "a bid out of turn must be reported"
    assert (errors[0].code, errors[0].line, errors[0].col) == (C.BID_OUT_OF_TURN, first.line, first.col)
    assert errors[0].seat == second.seat


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_card_duplicated_in_the_distribution(preset):
    text = generated_text(preset)
    deck = _deck(preset)
    _, deal = played_deals(text)[0]
    rest = deal.rest[0]
    other = next(h for h in deal.five if h.seat != rest.seat)
    line, col = rest.positions[0]
    bad = replace_at(text, line, col, card_name(rest.cards[0], deck), card_name(other.cards[0], deck))
    errors = errors_of(bad)
    assert errors[0].code == C.DUPLICATE_CARD
    assert (errors[0].line, errors[0].col) == (line, col)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_card_changed_to_one_not_held(preset):
    text = generated_text(preset)
    deck = _deck(preset)
    _, deal = played_deals(text)[1]
    trick = deal.tricks[2]
    play = trick.plays[1]
    # a card that another seat plays later in the deal
    later = next(p for t in deal.tricks[3:] for p in t.plays if p.seat != play.seat)
    old = f"{'NESW'[play.seat]}:{card_name(play.card, deck)}"
    bad = replace_at(text, play.line, play.col, old, f"{'NESW'[play.seat]}:{card_name(later.card, deck)}")
    errors = errors_of(bad)
    assert (errors[0].code, errors[0].line, errors[0].col) == (C.CARD_NOT_HELD, play.line, play.col)
    assert errors[0].trick == 3 and errors[0].seat == play.seat
    # replay went on: the real holder playing it later is reported too, at its own place
    assert any(f.code == C.DUPLICATE_CARD and (f.line, f.col) == (later.line, later.col) for f in errors)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_revoke_is_found_at_the_card(preset):
    """A follower's card swapped with one of its own later cards of another suit."""
    text = generated_text(preset, deals=60)
    deck = _deck(preset)
    for _, deal in played_deals(text):
        for t_index, trick in enumerate(deal.tricks[:6]):
            led = trick.plays[0].card >> 3
            for play in trick.plays[1:]:
                if play.card >> 3 != led:
                    continue
                later = [p for t in deal.tricks[t_index + 1:] for p in t.plays
                         if p.seat == play.seat and p.card >> 3 != led]
                if later:
                    swap = later[0]
                    seat = "NESW"[play.seat]
                    bad = replace_at(text, play.line, play.col, f"{seat}:{card_name(play.card, deck)}",
                                     f"{seat}:{card_name(swap.card, deck)}")
                    errors = errors_of(bad)
                    assert (errors[0].code, errors[0].line, errors[0].col) == \
                        (C.NOT_FOLLOWED, play.line, play.col)
                    assert "did not follow" in errors[0].message
                    return
    pytest.fail("no follower found to make revoke")


def test_findings_are_registered_codes():
    registry = code_registry()
    text = generated_text("classic")
    _, deal = played_deals(text)[0]
    score = deal.score
    bad = replace_at(text, score.line, score.col, f"score {score.ns} {score.ew}", "score 1 2")
    for f in findings_of(bad):
        assert f.code in registry


# ----------------------------------------------------------------------------- partial records
def _game_with(preset: str, change) -> str:
    """The generated file with ``change`` applied to every deal of every game."""
    from belote_notation.notation.write.writer import write_game

    out = []
    for parsed in parse_text(generated_text(preset)):
        assert not parsed.errors
        for deal in parsed.game.deals:
            change(deal)
        out.append(write_game(parsed.game))
    return "\n".join(out)


def _eight_card_hands(deal):
    """The complete hands of a deal recorded with its distribution (five + offer + rest)."""
    hands = {h.seat: list(h.cards) for h in deal.five}
    for h in deal.rest:
        hands[h.seat] += h.cards
    taker = next(b.seat for b in deal.bids if b.action == "take")
    hands[taker].append(deal.offer.card)
    return [type(deal.five[0])(seat=s, cards=sorted(hands[s])) for s in range(4)]


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_hands_instead_of_distribution(preset):
    def change(deal):
        if deal.rest:
            deal.hands = _eight_card_hands(deal)
            deal.rest = []
            deal.five = []

    text = _game_with(preset, change)
    assert errors_of(text) == []


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_tricks_and_bidding_only(preset):
    def change(deal):
        deal.five, deal.rest = [], []

    text = _game_with(preset, change)
    found = findings_of(text)
    assert [f for f in found if f.severity != "info"] == []
    assert any(f.code == HANDS_DERIVED for f in found)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_tricks_only_with_seats_left_out(preset):
    def change(deal):
        deal.five, deal.rest, deal.offer = [], [], None
        for trick in deal.tricks:
            for play in trick.plays:
                play.seat = None

    text = _game_with(preset, change)
    found = findings_of(text)
    # Without the offer a round-1 take names no trump (an info); a round-2 take does, and then
    # the seats come from turn order and trick winners and the hands from the cards played.
    assert [f for f in found if f.severity != "info"] == []
    codes = {f.code for f in found}
    assert HANDS_DERIVED in codes


def test_tricks_only_no_trump_is_an_info_not_an_error():
    def change(deal):
        deal.five, deal.rest, deal.offer, deal.bids = [], [], None, []

    text = _game_with("classic", change)
    found = findings_of(text)
    assert found and all(f.severity == "info" for f in found)
    codes = {f.code for f in found}
    assert NO_BIDDING in codes and NO_TRUMP in codes


def test_seat_omitted_is_inferred_from_turn_order():
    def change(deal):
        for trick in deal.tricks:
            for play in trick.plays:
                play.seat = None

    text = _game_with("classic", change)
    assert errors_of(text) == []


# ----------------------------------------------------------------------------- rules and headers
def test_cli_rules_override_the_header():
    text = generated_text("classic")
    assert findings_of(text) == []
    errors = errors_of(text, config=ValidationConfig(rules="moroccan"))
    assert errors, "classic records do not follow the Moroccan rules"


def test_bad_headers_are_findings_at_the_header():
    text = generated_text("classic").replace('[Rules "classic"]',
                                             '[Rules "whist"]\n[Option "litige=maybe"]', 1)
    lines = text.split("\n")
    rules_line = lines.index('[Rules "whist"]') + 1
    option_line = lines.index('[Option "litige=maybe"]') + 1
    found = findings_of(text)
    codes = [(f.code, f.line, f.col) for f in found if f.game == 1 and f.line <= 12]
    assert ("BEL701", rules_line, 1) in codes
    assert ("BEL702", option_line, 1) in codes


def test_option_header_changes_the_rules():
    text = generated_text("classic")
    # with a target of 10 000 no match is over: every recorded winner becomes wrong
    text = text.replace('[Rules "classic"]', '[Rules "classic"]\n[Option "target=10000"]')
    codes = {f.code for f in errors_of(text)}
    assert R.MATCH_WINNER in codes


@pytest.mark.parametrize("text,codes", [
    ("", {"BEL009"}),
    ("\x00\x01 junk ((((", {"BEL001", "BEL006"}),
    ("deal 1\ntrick 1 N:AS N:AS N:AS N:AS N:AS\nend\n", {"BEL904", "BEL102", "BEL301"}),
    ("[Rules \"classic\"]\ndeal 1 dealer N\nsmsara 1 N:take\ntrick 1 N:AS\nend\n", {"BEL904"}),
])
def test_empty_and_junk_never_raise(text, codes):
    found = {f.code for report in validate_text(text, "x.bel") for f in report.findings}
    assert codes <= found, found
    assert not any("internal error" in f.message for r in validate_text(text, "x.bel") for f in r.findings)


@pytest.mark.parametrize("preset,options", [
    ("classic", {"target": "501", "litige": "pot"}),
    ("moroccan", {"target": "1000", "announcement_tie": "closest_to_dealer"}),
    ("gameduell", {"capot_points": "250", "belote_requires_declaration": "true"}),
])
def test_generated_files_with_option_tags_validate_clean(preset, options):
    """Option tags written by the generator are read back: the same rules are checked."""
    import io

    from belote_notation.generator import generate_games
    from belote_notation.notation.write.writer import write_games

    rules = Ruleset.preset(preset).with_options(options)
    out = io.StringIO()
    write_games(generate_games(rules, matches=None, deals=25, seed=11), out)
    text = out.getvalue()
    assert "[Option " in text or "[Target " in text
    assert findings_of(text) == []
    # each game reports the options it was checked with
    reports_ = validate_text(text, "t.bel")
    assert all(r.options == rules.changed_options() for r in reports_)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_generator_records_validate_clean_without_the_parser(preset):
    """Records built in code (positions 0) go straight to the validator."""
    from belote_notation.check.validator import validate_game
    from belote_notation.generator import generate_games

    games = list(generate_games(Ruleset.preset(preset), matches=2, seed=5))
    for number, game in enumerate(games, 1):
        report = validate_game(game, "memory", number)
        assert report.findings == []
        assert report.winner == ("NS", "EW").index(game.result)
        assert report.totals == [game.deals[-1].match_score.ns, game.deals[-1].match_score.ew]


def test_hand_built_deal_with_a_revoke():
    """A deal written in code: the revoke is found at the play's position."""
    from belote_notation.check.validator import validate_game
    from belote_notation.generator import generate_games

    game = next(generate_games(Ruleset.preset("classic"), matches=1, seed=9))
    deal = next(d for d in game.deals if len(d.tricks) == 8)
    # find a follower whose later card is of another suit, and swap the two cards
    for t_index, trick in enumerate(deal.tricks[:7]):
        led = trick.plays[0].card >> 3
        for play in trick.plays[1:]:
            later = [p for t in deal.tricks[t_index + 1:] for p in t.plays
                     if p.seat == play.seat and p.card >> 3 != led]
            if play.card >> 3 == led and later:
                play.card, later[0].card = later[0].card, play.card
                play.line, play.col = 99, 7
                found = validate_game(game, "memory").findings
                first = next(f for f in found if f.severity == "error")
                assert (first.code, first.line, first.col) == (C.NOT_FOLLOWED, 99, 7)
                assert first.deal == deal.number and first.trick == t_index + 1
                return
    pytest.fail("no follower found")


def test_round_one_missing_a_call():
    text = generated_text("classic", deals=60)
    for _, deal in played_deals(text):
        round2 = [b for b in deal.bids if b.round == 2]
        if round2 and len(deal.bids) >= 5:
            break
    else:
        pytest.fail("no deal with a round 2")
    last = deal.bids[3]  # the fourth call of round 1: remove it
    word = f" {'NESW'[last.seat]}:{last.action}"
    bad = replace_at(text, last.line, last.col - 1, word, "")
    errors = errors_of(bad)
    first = round2[0]
    assert (errors[0].code, errors[0].line) == ("BEL710", first.line)
    assert f"{'NESW'[last.seat]} did not speak" in errors[0].message
    # read as a pass, the rest of the deal is exactly what was recorded: nothing else to say
    assert [e.code for e in errors] == ["BEL710"]


def test_alternative_lines_are_replayed_on_a_copy():
    from pathlib import Path

    sample = Path(__file__).resolve().parents[2] / "samples" / "review" / "annotated-classic.bel"
    if not sample.exists():
        pytest.skip("the reviewed sample is not there")
    text = sample.read_text(encoding="utf-8")
    assert findings_of(text) == []  # legal alternative lines, and the main line untouched
    game = parse_text(text)[0].game
    play, deal, t_index = next((p, d, i) for d in game.deals for i, t in enumerate(d.tricks)
                               for p in t.plays if p.variations)
    alt = play.variations[0].items[0]
    seat = "NESW"[alt.seat]
    deck = Deck.FRENCH
    # make the alternative card one that another player still holds (plays it later)
    other = next(p.card for t in deal.tricks[t_index + 1:] for p in t.plays if p.seat != alt.seat)
    bad = replace_at(text, alt.line, alt.col, f"{seat}:{card_name(alt.card, deck)}",
                     f"{seat}:{card_name(other, deck)}")
    found = findings_of(bad)
    assert [(f.code, f.severity, f.line, f.col) for f in found] == \
        [("BEL711", "warning", alt.line, alt.col)]
    assert "BEL302" in found[0].message


def test_hand_lines_must_agree_with_the_distribution():
    def change(deal):
        if deal.rest:
            deal.hands = _eight_card_hands(deal)

    text = _game_with("classic", change)
    assert findings_of(text) == []  # distribution and hands both given, and in agreement
    game = parse_text(text)[0].game
    deal = next(d for d in game.deals if d.hands)
    hand = deal.hands[0]
    other = deal.hands[1]
    deck = Deck.FRENCH
    line, col = hand.positions[0]
    bad = replace_at(text, line, col, card_name(hand.cards[0], deck), card_name(other.cards[0], deck))
    errors = [f for f in errors_of(bad) if f.code == "BEL712"]
    assert [(f.line, f.col, f.seat) for f in errors] == [(hand.line, hand.col, hand.seat)]
