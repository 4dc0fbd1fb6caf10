"""A head's tag pairs given at once (``visit_tag_pairs``: the checker keeps them as pairs and
makes a ``Tag`` only when asked) check alike given one by one (``visit_header``): the same
reports, findings at the same places, whatever the head, its repeats and the games around it."""

from __future__ import annotations

import itertools
from dataclasses import asdict

from belote_notation.check.checker import GameChecker
from belote_notation.check.report import GameReport
from belote_notation.check.setup import ValidationConfig
from belote_notation.notation.read.reader import read_game_events

_DEAL = ("deal 1 dealer E\nsmsara 1 N:pass W:pass S:pass E:pass\nhand N 8S 9S JS 8H 7D QD 7C 9C\n"
         "hand E QS 9H 10H 8D 9D KD 10C QC\nhand S 7S AS 7H QH KH 10D AD AC\n"
         "hand W 10S KS JH AH JD 8C JC KC\nscore 0 0\nmatch 0 0\n\n")
_HEADS = [
    '[Event "x"]\n[Rules "contree"]\n[Deck "french"]\n[Dealer "E"]\n[Result "NS"]\n',
    '[Rules "contree"]\n[Result "EW"]\n[Result "*"]\n[Dealer "S"]\n[Dealer "E"]\n',
    '[Rules "clasic"]\n[Option "nonsense"]\n[Deck "tarot"]\n[Result "NS"]\n',
    '[Event "x"]\n[Contract "80 H by N"]\n[Termination "unterminated"]\n',
    '[Termination "Unterminated"]\n[Rules "classic"]\n[Target "500"]\n',
    '[Event "no rules"]\n',
    '[Rules "contree"]\n{a comment}\n[Result "NS"]\n[Dealer "E"]\n',
    '[Rules "contree"]\n[Result "NS" ]\n[Dealer "E"]\n',
    '',
]
_TAILS = ["end NS\n", "end *\n", "end EW\n", "end\n", ""]


class OneByOne(GameChecker):
    """The checker given each tag pair alone (its own ``visit_header``: no batch)."""

    def visit_header(self, name: str, value: str, line: int, col: int) -> None:
        super().visit_header(name, value, line, col)


def _report(text: str, checker: GameChecker) -> dict[str, object]:
    report: GameReport = read_game_events(text, checker, "h.bel")
    return asdict(report)


def test_tag_pairs_at_once_check_as_one_by_one() -> None:
    for keep in (False, True):
        config = ValidationConfig(keep_deals=keep)
        for head, deals, tail in itertools.product(_HEADS, (0, 1), _TAILS):
            text = head + "\n" + _DEAL * deals + tail
            for _ in range(2):  # the second time from the memories
                at_once = _report(text, GameChecker(config, "h.bel"))
                assert at_once == _report(text, OneByOne(config, "h.bel")), text


def test_the_deck_inferred_after_a_head_at_once() -> None:
    """A head with no Deck or Rules tag and cards in Spanish: the inferred deck's tag comes
    after the head's pairs (``visit_deck``), as one by one."""
    text = ('[Event "x"]\n[Result "*"]\n\ndeal 1 dealer N\nsmsara 1 E:pass S:pass W:pass N:pass\n'
            "hand N 1O 3O 6O 7O 10O 11O 12O 1C\n")
    for config in (ValidationConfig(), ValidationConfig(keep_deals=False)):
        at_once = _report(text, GameChecker(config, "h.bel"))
        assert at_once == _report(text, OneByOne(config, "h.bel"))
        assert at_once["deck"] == "spanish"
