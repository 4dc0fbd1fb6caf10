"""The review's glyphs on constructed deals whose best play is known by hand.

The deal (classic, trump ♠, N takes, E leads): N holds every spade but the ace, and 7♦;
W holds A♠ and seven clubs; E every heart; S the other diamonds and 7♣. N-S take every trick
if N draws W's A♠ with J♠ or 9♠ before anything else: only N can go wrong. At trick 2 N leads
7♦ instead: W ruffs with A♠ and E-W make a trick, N-S lose the capot (250) and the points of
that trick: a blunder. E, seeing (double dummy) that W will ruff, drops 8♥ where A♥ gives
11 more points: an inaccuracy. No other card changes anything.
"""

from __future__ import annotations

from belote_notation.analysis.review import Thresholds, judge_deal, review_game, state_at
from belote_notation.analysis.solver import DoubleDummy
from belote_notation.check.replay import replay_game
from belote_notation.notation.reader import parse_text
from belote_notation.notation.records import Game
from belote_notation.notation.writer import write_game

DEAL = """\
[Rules "classic"]
[North "Nadia"]
[East "Eric"]

deal 1 dealer N
hand N 7S 8S 9S 10S JS QS KS 7D
hand E 7H 8H 9H 10H JH QH KH AH
hand S 8D 9D 10D JD QD KD AD 7C
hand W AS 8C 9C 10C JC QC KC AC
smsara E:pass S:pass W:pass N:take S
trick 1 E:7H S:7C W:8C N:7S winner N
trick 2 N:7D E:8H S:8D W:AS winner W
trick 3 W:9C N:8S E:9H S:9D winner N
trick 4 N:9S E:10H S:10D W:10C winner N
trick 5 N:10S E:JH S:JD W:JC winner N
trick 6 N:JS E:QH S:QD W:QC winner N
trick 7 N:QS E:KH S:KD W:KC winner N
trick 8 N:KS E:AH S:AD W:AC winner N

end
"""


def _game(text: str = DEAL) -> Game:
    return parse_text(text)[0].game


def _glyphs(game: Game) -> dict[tuple[int, int], str | None]:
    tricks = game.deals[0].tricks
    return {(t.number, i + 1): p.glyph for t in tricks for i, p in enumerate(t.plays) if p.glyph}


def test_the_deal_is_legal() -> None:
    assert not [f for f in replay_game(_game()).report.findings if f.severity == "error"]


def test_the_blunder_and_the_inaccuracy_get_their_glyphs() -> None:
    review = review_game(_game())
    assert _glyphs(review.game) == {(2, 1): "??", (2, 2): "?!"}
    blunder = review.game.deals[0].tricks[1].plays[0]
    assert blunder.nags == [4]
    assert blunder.comments == ["DD: loses 110 points: 9♠ wins the trick and makes 250, this card 140 "
                                "[%dd best=250 value=140 loss=110]"]
    assert [(p.seat, p.card) for v in blunder.variations for p in v.items] == [(0, 2)]  # N:9S
    fattening = review.game.deals[0].tricks[1].plays[1]
    assert fattening.comments == ["DD: loses 11 points: A♥ makes 22, this card 11 "
                                  "[%dd best=22 value=11 loss=11]"]


def test_the_players_figures() -> None:
    north, east, south, west = review_game(_game()).players
    assert (north.points_lost, north.blunders, north.mistakes) == (110, 1, 0)
    assert (east.points_lost, east.inaccuracies) == (11, 1)
    assert south.points_lost == west.points_lost == 0
    assert south.accuracy == west.accuracy == 100.0


def test_thresholds_are_settable() -> None:
    strict = review_game(_game(), Thresholds(inaccuracy=1, mistake=5, blunder=200))
    assert _glyphs(strict.game) == {(2, 1): "?", (2, 2): "?"}


def test_annotating_twice_adds_nothing() -> None:
    once = write_game(review_game(_game()).game)
    assert write_game(review_game(parse_text(once)[0].game).game) == once
    assert "{DD review: N Nadia: 110 points lost, 0 mistakes, 1 blunder," in once


def test_a_coach_glyph_and_comment_stay() -> None:
    text = DEAL.replace("trick 2 N:7D", "trick 2 N:7D? {too early} (N:JS)")
    play = review_game(_game(text)).game.deals[0].tricks[1].plays[0]
    assert play.glyph == "?"  # the coach's glyph is kept; the review adds its NAG and comment
    assert play.comments[0] == "too early" and play.comments[1].startswith("DD: loses 110")
    assert [[(p.seat, p.card) for p in v.items] for v in play.variations] == [[(0, 4)], [(0, 2)]]


def test_the_take_note() -> None:
    # The same play with W taking spades: the table shows N-S make the capot against E-W.
    game = _game(DEAL.replace("smsara E:pass S:pass W:pass N:take S", "smsara E:pass S:pass W:take S"))
    replay = replay_game(game)
    assert not [f for f in replay.report.findings if f.severity == "error"]
    assert judge_deal(replay.deals[0], 0).bid_notes == {
        2: "DD: this take fails double dummy: E-W make 0 card points"}


def test_sampling_is_seeded_and_reports_the_expected_loss() -> None:
    replay = replay_game(_game())
    first = judge_deal(replay.deals[0], 0, samples=4, seed=3)
    again = judge_deal(replay.deals[0], 0, samples=4, seed=3)
    assert [c.expected_loss for c in first.cards] == [c.expected_loss for c in again.cards]
    blunder = next(c for c in first.cards if (c.trick, c.index) == (2, 0))
    # N could not see W's void in diamonds: in most deals N saw, 7♦ loses little or nothing
    assert blunder.expected_loss is not None and blunder.expected_loss < blunder.loss == 110
    assert blunder.glyph == Thresholds().glyph(blunder.expected_loss)


def test_state_at_and_the_table() -> None:
    replay = replay_game(_game()).deals[0]
    state = state_at(replay, 2, 1)
    values = {v.card: v.points for v in DoubleDummy().card_values(state)}
    assert values[2] == values[4] == 250 and values[16] == 140  # 9♠, J♠ capot; 7♦ not
    table = DoubleDummy().table(state.rules, state.full_hands, state.dealer)
    spades = next(e for e in table if e.trump == 0)
    assert spades.points == (250, 0) and spades.leader == 1


def test_sampled_deals_keep_every_card_played_legal() -> None:
    from belote_notation.analysis.sampling import Seen

    final = replay_game(_game()).deals[0].state
    assert final is not None
    seen = Seen(final, offer=None)
    for seat, card in zip(final.tricks[0][0], final.tricks[0][1], strict=True):  # E:7H S:7C W:8C N:7S
        seen.played(seat, card, led=1)
    real = state_at(replay_game(_game()).deals[0], 2, 1).hands
    assert seen.consistent(real)
    assert seen.voids == [0xFF00, 0, 0xFF00, 0xFF00]  # N, S, W showed no heart
    # S holding a trump (8♠, swapped with N's 8♦) would have had to ruff E's 7♥: not a deal N could see
    swapped = list(real)
    swapped[0] = swapped[0] & ~(1 << 1) | 1 << 17
    swapped[2] = swapped[2] & ~(1 << 17) | 1 << 1
    assert not seen.consistent(swapped)


def test_a_card_that_loses_the_deal_is_at_least_a_mistake() -> None:
    from belote_notation.analysis.card_judgement import (
        _flip,  # ranks for the takers: 4 capot .. 0 capot against
    )
    from belote_notation.game.rules import Ruleset
    from belote_notation.generator import generate_games

    assert _flip(3, 1, taker_side=True) == _flip(1, 3, taker_side=False) == "made->failed"
    assert _flip(1, 0, taker_side=True) == _flip(3, 4, taker_side=False) == "failed->capot"
    assert _flip(4, 3, taker_side=True) is None and _flip(1, 0, taker_side=False) is None
    game = next(generate_games(Ruleset.preset("classic"), matches=None, deals=10, seed=12))
    flipped = [j for d in review_game(game).deals for j in d.cards if j.flipped]
    assert any(j.loss < Thresholds().mistake for j in flipped)  # small losses that still lose the deal
    assert flipped and all(j.glyph in ("?", "??") for j in flipped)


def test_a_glyph_from_the_expected_loss_says_so_and_never_offers_the_card_played() -> None:
    """Issue 31: with sampling, a card that loses nothing in the real deal but 12.25 points on
    expectation gets its ``?!`` from the expectation: the comment says so (not "loses 0
    points") and names the card best on expectation, whose line is the better line; the card
    played is never offered as the better line."""
    from belote_notation.game.cards import Deck, card_symbol_name
    from belote_notation.game.rules import Ruleset
    from belote_notation.generator import generate_games

    game = next(generate_games(Ruleset.preset("classic"), matches=None, deals=3, seed=4))
    reviewed = review_game(game, samples=6, seed=1).game
    play = reviewed.deals[0].tricks[0].plays[2]        # deal 1, trick 1, the third card
    assert (play.card, play.glyph) == (22, "?!")
    (comment,) = [c for c in play.comments if c.startswith("DD:")]
    assert "loses 0 points" not in comment and "loses nothing in this deal" in comment
    assert "on expectation over the deals the player could see it loses 12.2" in comment
    assert f"{card_symbol_name(23, Deck.FRENCH)} is best there (the glyph ?! is for that)" in comment
    assert [[p.card for p in v.items] for v in play.variations] == [[23]]
    for deal in reviewed.deals:                         # nowhere the card played as its better line
        for trick in deal.tricks:
            for p in trick.plays:
                assert all([q.card for q in v.items] != [p.card] for v in p.variations)
                if p.glyph is not None:
                    assert any(c.startswith("DD:") for c in p.comments)


def test_a_card_that_loses_nothing_anywhere_gets_no_glyph() -> None:
    from belote_notation.game.rules import Ruleset
    from belote_notation.generator import generate_games

    game = next(generate_games(Ruleset.preset("classic"), matches=None, deals=3, seed=4))
    replay = replay_game(game)
    for position, deal in enumerate(replay.deals):
        for j in judge_deal(deal, position, samples=6, seed=1).cards:
            if j.loss == 0 and j.expected_loss == 0:
                assert j.glyph is None
