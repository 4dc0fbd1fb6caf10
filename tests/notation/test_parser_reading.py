"""What the parser reads: sections, lenient forms, decks, rounds, review material, positions."""

from __future__ import annotations

from belote_notation.check.setup import ValidationConfig, resolve_setup
from belote_notation.game.cards import Deck, card_name, parse_card
from belote_notation.notation.headers import game_deck, rule_overrides
from belote_notation.notation.positions import same_records
from belote_notation.notation.read.reader import parse_text


def one(text: str):
    games = parse_text(text)
    assert len(games) == 1
    return games[0]


def test_a_complete_deal_in_spanish_names() -> None:
    pg = one('[Rules "moroccan"]\ndeal 2 dealer E\ntafr9a N 1O 4O 5C 7E 12B\noffer 10O\n'
             "smsara 1 N:take\nrest N 11B 6O\nannounce N sequence 4O 5O 6O trick=1 before=1\n"
             "trick 1 W:1B N:12B belote E:4B S:5B winner N\nscore 120 42\nmatch 120 42\npot 0\nend NS\n")
    assert pg.errors == []
    deal = pg.game.deals[0]
    assert (deal.number, deal.dealer) == (2, 1)
    assert [card_name(c, Deck.SPANISH) for c in deal.five[0].cards] == ["1O", "4O", "5C", "7E", "12B"]
    assert deal.offer.card == parse_card("10O", Deck.SPANISH)
    assert (deal.bids[0].seat, deal.bids[0].action, deal.bids[0].round) == (0, "take", 1)
    assert deal.announcements[0].kind == "sequence" and deal.announcements[0].trick == 1
    trick = deal.tricks[0]
    assert [p.seat for p in trick.plays] == [3, 0, 1, 2]
    assert trick.plays[1].mark == "belote" and trick.winner == 0
    assert (deal.score.ns, deal.score.ew, deal.match_score.ns, deal.pot) == (120, 42, 120, 0)
    assert pg.game.result == "NS"


def test_positions_of_cards_bids_announcements_and_headers() -> None:
    pg = one('[Event "x"]\n\ndeal 1\n  smsara 1 W:pass  S:take\ntafr9a N AS KS\n'
             "announce E carre JS JH JD JC\ntrick 1\n  N:AS\n  E:7S\nend\n")
    deal = pg.game.deals[0]
    assert (pg.game.headers[0].line, pg.game.headers[0].col) == (1, 1)
    assert [(b.line, b.col) for b in deal.bids] == [(4, 12), (4, 20)]
    assert deal.five[0].positions == [(5, 10), (5, 13)]
    assert deal.announcements[0].positions[0] == (6, 18)
    assert [(p.line, p.col) for p in deal.tricks[0].plays] == [(8, 3), (9, 3)]


def test_lenient_form_reads_like_the_canonical_one() -> None:
    lenient = one('[Rules "classic"]\nDONNE 7 DONNEUR s ; typed\ncinq n 7♥ 8♥ d♥ d♦ v♣\n'
                  "retourne t♣\nEnchères w:Passe n:PRENDS\npli 1 8♦ d♦ 7♦ 9♦ gagne n\n"
                  "pli r♥ bel 9♥ a♥ v♥\nMarque 64 98\nfin *\n")
    canonical = one('[Rules "classic"]\ndeal 7 dealer S\n{typed}\ntafr9a N 7H 8H QH QD JC\n'
                    "offer 10C\nsmsara W:pass N:take\ntrick 1 8D QD 7D 9D winner N\n"
                    "trick 2 KH belote 9H AH JH\nscore 64 98\nend *\n")
    assert lenient.errors == [] and canonical.errors == []
    assert same_records(lenient.game, canonical.game)


def test_suit_names_and_symbols_after_take() -> None:
    pg = one('[Deck "spanish"]\ndeal 1\nsmsara 2 N:take oros E:take ♠ S:take C W:take bastos\nend\n')
    assert pg.errors == []
    assert [b.suit for b in pg.game.deals[0].bids] == [2, 0, 1, 3]


def test_unnumbered_bidding_takes_rounds_from_the_place_of_each_call() -> None:
    pg = one("deal 1\nsmsara pass pass pass pass pass take D\nend\n")
    assert [b.round for b in pg.game.deals[0].bids] == [1, 1, 1, 1, 2, 2]
    assert pg.game.deals[0].bids[-1].suit == 2


def test_deck_resolution() -> None:
    from belote_notation.notation.records import Header
    assert game_deck([Header(name="Rules", value="moroccan")]) is Deck.SPANISH
    assert game_deck([Header(name="Rules", value="moroccan"), Header(name="Deck", value="fr")]) is Deck.FRENCH
    assert game_deck([Header(name="Rules", value="nonsense")]) is Deck.FRENCH
    assert game_deck([]) is Deck.FRENCH
    # the same text means different cards in the two decks
    fr = one('[Deck "french"]\ndeal 1\ntrick 1 10C\nend\n').game.deals[0].tricks[0].plays[0].card
    es = one('[Deck "spanish"]\ndeal 1\ntrick 1 10C\nend\n').game.deals[0].tricks[0].plays[0].card
    assert card_name(fr, Deck.FRENCH) == "10C" and card_name(es, Deck.FRENCH) == "JH"


def test_rule_options_from_tags() -> None:
    pg = one('[Rules "moroccan"]\n[Option "target=1000"]\n[Option "litige = takers_lose"]\n'
             '[Target "1500"]\nend\n')
    assert [(n, v) for _, n, v in rule_overrides(pg.game.headers)] == [
        ("target", "1000"), ("litige", "takers_lose"), ("target", "1500")]
    rules = resolve_setup(pg.game, ValidationConfig()).rules
    assert rules.target == 1500 and rules.litige == "takers_lose" and rules.name == "moroccan"


def test_review_material_attaches_to_the_item_before_it() -> None:
    pg = one("{game note}\ndeal 1\n{deal note}\nsmsara 1 W:pass!? $3 {hmm} (W:take $1 (W:pass)) S:pass\n"
             "trick 1 {lead} N:AS?? ; oops\n E:7S (E:KS! {better}) winner N\nend\n")
    assert pg.errors == []
    deal = pg.game.deals[0]
    assert pg.game.comments == ["game note"] and deal.comments == ["deal note"]
    bid = deal.bids[0]
    assert (bid.glyph, bid.nags, bid.comments) == ("!?", [3], ["hmm"])
    var = bid.variations[0]
    assert var.items[0].action == "take" and var.items[0].nags == [1]
    assert var.items[0].variations[0].items[0].action == "pass"
    trick = deal.tricks[0]
    assert trick.comments == ["lead"]
    assert (trick.plays[0].glyph, trick.plays[0].comments) == ("??", ["oops"])  # `; x` is `x` (issue 20)
    assert trick.plays[1].variations[0].items[0].glyph == "!"


def test_variation_round_switch() -> None:
    pg = one("deal 1\nsmsara 2 N:pass (N:take S smsara 1 E:pass) E:pass\nend\n")
    items = pg.game.deals[0].bids[0].variations[0].items
    assert [(b.action, b.round) for b in items] == [("take", 2), ("pass", 1)]


def test_comment_escapes_and_header_escapes() -> None:
    pg = one('[Event "a \\"b\\" \\\\ c\\nd"]\ndeal 1\ntrick 1 N:AS {x \\} y \\{ \\[ \\\\ \\q}\nend\n')
    assert pg.errors == []
    assert pg.game.headers[0].value == 'a "b" \\ c\nd'
    assert pg.game.deals[0].tricks[0].plays[0].comments == ["x } y { [ \\ \\q"]


def test_deal_and_trick_numbers_may_be_left_out() -> None:
    pg = one("deal 4\ndeal\ntrick N:AS\ntrick E:7S\nend\n")
    assert [d.number for d in pg.game.deals] == [4, 5]
    assert [t.number for t in pg.game.deals[1].tricks] == [1, 2]


def _check_positions(text: str) -> int:
    """Every recorded position points at the text of its item; returns how many were checked."""
    from belote_notation.notation.headers import game_deck
    rows = text.split("\n")
    checked = 0
    for parsed in parse_text(text):
        assert parsed.errors == []
        deck = game_deck(parsed.game.headers)

        def at(line: int, col: int, expected: str) -> None:
            nonlocal checked
            assert rows[line - 1][col - 1:col - 1 + len(expected)] == expected, (line, col, expected)
            checked += 1

        for deal in parsed.game.deals:
            at(deal.line, deal.col, "deal")
            for hand in deal.five + deal.rest + deal.hands:
                for card, (line, col) in zip(hand.cards, hand.positions, strict=True):
                    at(line, col, card_name(card, deck))
            if deal.offer is not None:
                at(deal.offer.line, deal.offer.col, card_name(deal.offer.card, deck))
            for bid in deal.bids:
                at(bid.line, bid.col, ("NESW"[bid.seat] + ":" if bid.seat is not None else "") + bid.action)
            for ann in deal.announcements:
                at(ann.line, ann.col, "announce")
                for card, (line, col) in zip(ann.cards, ann.positions, strict=True):
                    at(line, col, card_name(card, deck))
            for trick in deal.tricks:
                at(trick.line, trick.col, "trick")
                for play in trick.plays:
                    seat = "NESW"[play.seat] + ":" if play.seat is not None else ""
                    at(play.line, play.col, seat + card_name(play.card, deck))
                if trick.winner is not None:
                    at(*trick.winner_pos, "NESW"[trick.winner])
            for score, word in ((deal.score, "score"), (deal.match_score, "match")):
                if score is not None:
                    at(score.line, score.col, word)
            if deal.pot is not None:
                at(*deal.pot_pos, str(deal.pot))
        if parsed.game.result is not None:
            at(*parsed.game.result_pos, parsed.game.result)
    return checked


def test_positions_point_at_the_items_on_the_fast_path_and_the_general_path() -> None:
    from belote_notation import generator
    from belote_notation.game.rules import Ruleset
    from belote_notation.notation.write.writer import write_game
    for preset in ("moroccan", "classic"):
        game = next(iter(generator.generate_games(Ruleset.preset(preset), matches=1, deals=6, seed=3)))
        canonical = write_game(game)
        assert _check_positions(canonical) > 100
        # the same deals with a comment in each trick line take the general path
        spread = canonical.replace(" winner", " {c} winner").replace("tafr9a N", "tafr9a  N")
        assert _check_positions(spread) > 100


def test_winner_pot_and_result_positions_point_at_their_tokens() -> None:
    canonical = ("deal 1 dealer N\ntrick 1 N:AS E:7S S:8S W:9S winner N\n"
                 "trick 2 N:KS E:8H S:9H W:10H winner N\nscore 0 0\npot 162\n\nend EW\n")
    lenient = ("deal 1\n  pli 1 n:as E:7S {c} S:8S W:9S gagne\n   n\ntrick 2 N:KS E:8H S:9H W:10H  won  N\n"
               "  litige   162 {x}\n  fin   ns\n")
    quoted = 'deal 1\ntrick 1 N:AS winner E\npot -5\nend "abandoned"\n'
    for text in (canonical, lenient, quoted):
        rows = text.split("\n")
        parsed = parse_text(text)
        assert parsed[0].errors == [], text
        game = parsed[0].game
        deal = game.deals[0]
        for trick in deal.tricks:
            line, col = trick.winner_pos
            assert rows[line - 1][col - 1].upper() == "NESW"[trick.winner], (text, trick.winner_pos)
        line, col = deal.pot_pos
        assert rows[line - 1][col - 1:].startswith(str(deal.pot)), (text, deal.pot_pos)
        line, col = game.result_pos
        word = rows[line - 1][col - 1:].split(" ")[0]
        assert word.strip('"').upper() == game.result.upper(), (text, game.result_pos)
    assert _check_positions(canonical) > 10


def test_new_positions_are_none_when_not_written() -> None:
    game = parse_text("deal 1\ntrick 1 N:AS\nend\n")[0].game
    assert (game.result_pos, game.deals[0].pot_pos, game.deals[0].tricks[0].winner_pos) == \
        (None, None, None)


def test_canonical_games_do_not_need_lark(monkeypatch) -> None:
    from belote_notation.notation import vocabulary

    def no_lark() -> None:
        raise AssertionError("Lark was used for a canonical game")

    monkeypatch.setattr(vocabulary, "parser", no_lark)
    text = ('[Rules "classic"]\n\ndeal 1 dealer N\ntrick 1 N:AS E:7S S:8S W:9S winner N\n'
            'pot 3\n\nend NS\n')
    parsed = parse_text(text)
    assert parsed[0].errors == [] and parsed[0].game.deals[0].pot == 3
