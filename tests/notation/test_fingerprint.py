"""Fingerprints of deals and games: over what was played, the same from records and from the
checks' fast path, unchanged by review material, layout, tag order and deck names."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from belote_notation.check.validator import validate_game, validate_text
from belote_notation.game.rules import Ruleset, preset_names
from belote_notation.generator import generate_games
from belote_notation.notation.fingerprint import deal_fingerprint, game_fingerprint
from belote_notation.notation.positions import content_key, same_records
from belote_notation.notation.read.jsonio import game_from_json
from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.records import Deal, Game, Header, Play, Trick, Variation
from belote_notation.notation.write.jsonio import game_to_json
from belote_notation.notation.write.writer import write_game

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "samples").rglob("*.bel"))


def _game(rules: str, seed: int = 3, deals: int = 6) -> Game:
    return next(iter(generate_games(Ruleset.preset(rules), deals=deals, seed=seed)))


def _with_deck(game: Game, deck: str) -> Game:
    headers = [h for h in game.headers if h.name != "Deck"] + [Header(name="Deck", value=deck)]
    return game.model_copy(update={"headers": headers})


def _assert_same_both_ways(text: str, name: str = "<string>") -> None:
    """The checks' fingerprints of every game of ``text`` equal those of its records."""
    parsed = parse_text(text, name)
    reports = validate_text(text, name)
    assert len(parsed) == len(reports)
    for game, report in zip(parsed, reports, strict=True):
        assert report.fingerprint == game_fingerprint(game.game), name
        assert validate_game(game.game).fingerprint == report.fingerprint
        kept = [d.fingerprint for d in report.deals]
        assert kept == [deal_fingerprint(d) for d in game.game.deals][:len(kept)], name


@pytest.mark.parametrize("rules", preset_names())
@pytest.mark.parametrize("deck", ["french", "spanish"])
def test_records_and_the_fast_path_agree_on_generated_games(rules: str, deck: str) -> None:
    game = _with_deck(_game(rules), deck)
    _assert_same_both_ways(write_game(game))
    report = validate_game(game)
    assert report.fingerprint == game_fingerprint(game)
    assert [d.fingerprint for d in report.deals] == [deal_fingerprint(d) for d in game.deals]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: str(p.relative_to(ROOT)))
def test_records_and_the_fast_path_agree_on_the_samples(path: Path) -> None:
    _assert_same_both_ways(path.read_text(encoding="utf-8"), str(path))


def test_both_decks_give_the_same_fingerprints() -> None:
    game = _game("classic")
    french, spanish = (parse_text(write_game(_with_deck(game, d)))[0].game for d in ("french", "spanish"))
    assert write_game(french) != write_game(spanish)
    assert game_fingerprint(french) == game_fingerprint(spanish) == game_fingerprint(game)
    assert [deal_fingerprint(d) for d in french.deals] == [deal_fingerprint(d) for d in spanish.deals]


def _reviewed(game: Game, rng: random.Random) -> Game:
    """The same game with review material and other tags, in another tag order."""
    headers = [*game.headers, Header(name="Annotator", value="coach"), Header(name="Event", value="again")]
    rng.shuffle(headers)
    deals = []
    for deal in game.deals:
        deal = deal.model_copy(update={"comments": ["a deal to remember"]}, deep=True)
        for trick in deal.tricks:
            trick.comments.append("look at this trick")
            for play in trick.plays:
                play.glyph, play.nags, play.comments = "!?", [5], ["why?"]
                play.variations = [Variation(items=[play.model_copy()])]
        for bid in deal.bids:
            bid.glyph = "?"
        deals.append(deal)
    return game.model_copy(update={"headers": headers, "deals": deals, "comments": ["reviewed"]})


def test_review_material_tag_order_layout_and_positions_do_not_count() -> None:
    game = parse_text(write_game(_game("moroccan")))[0].game
    other = _reviewed(game, random.Random(5))
    text = write_game(other)
    moved = "\n\n" + text.replace("\n", "\r\n").replace("deal ", "deal  ")
    for changed in (other, parse_text(text)[0].game, parse_text(moved)[0].game,
                    game_from_json(game_to_json(other))):
        assert game_fingerprint(changed) == game_fingerprint(game)
        assert [deal_fingerprint(d) for d in changed.deals] == [deal_fingerprint(d) for d in game.deals]
    assert validate_text(moved)[0].fingerprint == game_fingerprint(game)


def test_what_the_record_claims_does_not_count() -> None:
    game = _game("classic")
    deal = game.deals[0]
    claims = deal.model_copy(update={"score": None, "match_score": None, "pot": 7, "number": 9})
    for trick in claims.tricks:
        trick.winner = None
    assert deal_fingerprint(claims) == deal_fingerprint(deal)
    assert game_fingerprint(game.model_copy(update={"result": None})) == game_fingerprint(game)


def test_one_card_changed_changes_both_fingerprints() -> None:
    game = _game("classic")
    played = next(d for d in game.deals if d.tricks)
    index = game.deals.index(played)
    changed = played.model_copy(deep=True)
    play = changed.tricks[0].plays[0]
    play.card = (play.card + 1) % 32
    other = game.model_copy(update={"deals": [*game.deals[:index], changed, *game.deals[index + 1:]]})
    assert deal_fingerprint(changed) != deal_fingerprint(played)
    assert game_fingerprint(other) != game_fingerprint(game)
    assert validate_game(other).fingerprint == game_fingerprint(other)


def test_the_same_deal_in_two_matches() -> None:
    deal = _game("classic").deals[2]
    one = Game(headers=[Header(name="Rules", value="classic")], deals=[deal])
    two = _game("classic", seed=8)
    two = two.model_copy(update={"deals": [*two.deals, deal.model_copy(update={"number": 40})]})
    prints = {deal_fingerprint(d) for d in two.deals}
    assert deal_fingerprint(one.deals[0]) in prints
    assert game_fingerprint(one) != game_fingerprint(two)


def test_the_tags_that_count() -> None:
    base = [Header(name="Rules", value="classic"), Header(name="North", value="Sara")]
    game = Game(headers=base, deals=[Deal(number=1, dealer=0)])

    def with_tag(name: str, value: str) -> str:
        return game_fingerprint(game.model_copy(update={"headers": [*base, Header(name=name, value=value)]}))

    for name in ("Event", "Site", "Date", "Round", "Source", "Annotator", "Result", "Whatever"):
        assert with_tag(name, "x") == game_fingerprint(game), name
    for name, value in (("Rules", "moroccan"), ("Option", "target=1000"), ("Target", "701"),
                        ("Dealer", "E"), ("East", "Karim"), ("Teams", "A - B"), ("North", "Ines")):
        assert with_tag(name, value) != game_fingerprint(game), name
    assert with_tag("Target", "1000") == with_tag("Option", "Target = 1000")
    assert with_tag("Option", "litige-rule=pot") == with_tag("Options", "LITIGE_RULE=Pot")
    assert with_tag("Dealer", "e") == with_tag("FirstDealer", "E")
    no_rules = Game(headers=[Header(name="Deck", value="spanish")])
    moroccan = Game(headers=[Header(name="Rules", value="moroccan")])
    assert game_fingerprint(no_rules) == game_fingerprint(moroccan)
    assert game_fingerprint(Game()) == game_fingerprint(Game(headers=[Header(name="Rules", value="classic")]))


PINNED = """[Event "pinned"]
[Rules "classic"]
[North "A"]
[East "B"]
[South "C"]
[West "D"]

deal 1 dealer N
hand N 7S 8S 9S 10S JS QS KS AS
hand E 7H 8H 9H 10H JH QH KH AH
hand S 7D 8D 9D 10D JD QD KD AD
hand W 7C 8C 9C 10C JC QC KC AC
smsara 1 E:pass S:pass W:pass N:take
trick 1 E:7H S:7D W:7C N:7S

deal 2 dealer E
tafr9a N 7S 8S 9S 10S JS
offer AS
smsara S:pass W:pass
end *
"""


def test_pinned_values() -> None:
    """A change of definition must be a new prefix (bel2:), never new values under bel1:."""
    game = parse_text(PINNED)[0].game
    assert [deal_fingerprint(d) for d in game.deals] == [
        "bel1:917fa37cdb0f30945f433473f5077b76",
        "bel1:02a4b6873e48522878544222434fc80a",
    ]
    assert game_fingerprint(game) == "bel1:764ad0d43aaa2eaf2c447b01839a112b"
    assert validate_text(PINNED)[0].fingerprint == game_fingerprint(game)


# ------------------------------------------------------------------ records equal apart from positions
def test_content_key_ignores_positions_only() -> None:
    game = _game("traditional")
    text = write_game(game)
    moved = parse_text("\n\n\n" + text.replace("\n", "\r\n"))[0].game
    assert moved != game and content_key(moved) == content_key(game) and same_records(moved, game)
    commented = game.model_copy(update={"comments": ["another word"]})
    assert content_key(commented) != content_key(game) and not same_records(commented, game)
    assert game_fingerprint(commented) == game_fingerprint(game)  # a comment is not play


def test_content_keys_group_records_in_one_pass() -> None:
    games = [_game("classic", seed=s) for s in (1, 2, 1, 3, 2)]
    copies = [parse_text(write_game(g))[0].game for g in games]
    groups: dict[tuple[object, ...], list[int]] = {}
    for index, game in enumerate(copies):
        groups.setdefault(content_key(game), []).append(index)
    assert sorted(groups.values()) == [[0, 2], [1, 4], [3]]


def test_content_key_of_deeply_nested_lines() -> None:
    def nested(card: int) -> Deal:
        play = Play(seat=0, card=card)
        top = play
        for _ in range(20_000):
            inner = Play(seat=1, card=card)
            play.variations = [Variation(items=[inner])]
            play = inner
        return Deal(number=1, tricks=[Trick(number=1, plays=[top])])

    assert content_key(nested(3)) == content_key(nested(3)) != content_key(nested(4))
    assert hash(content_key(nested(3))) == hash(content_key(nested(3)))


def test_seats_not_written_and_values_out_of_range_take_the_slow_spelling() -> None:
    text = "[Rules \"classic\"]\ndeal 1 dealer N\ntrick 1 7H 7D KH belote 7S\nend *\n"
    _assert_same_both_ways(text)
    game = parse_text(text)[0].game
    assert game.deals[0].tricks[0].plays[0].seat is None
    seated = game.deals[0].model_copy(deep=True)
    seated.tricks[0].plays[0].seat = 0
    assert deal_fingerprint(seated) != deal_fingerprint(game.deals[0])
    odd = Deal.model_construct(number=1, dealer=None, five=[], offer=None, bids=[], rest=[], hands=[],
                               announcements=[], tricks=[Trick.model_construct(
                                   number=1, plays=[Play.model_construct(seat=9, card=300, mark=None)])])
    assert deal_fingerprint(odd).startswith("bel1:")
