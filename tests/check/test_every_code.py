"""One test per finding code: each is raised from a minimal record, at the exact line and column.

The records are small edits of one correct deal (the example deal of ``docs/findings.md``) or
of a second deal given by its eight-card hands (built so that a trick of ruffs and the belote
are a line away). Everything goes through the public entry points only:
``belote_notation.check.validator.validate_text`` (and ``validate_source`` for what only a byte
stream can show), so the tests survive rewrites of the reader, the engine and the checks.

The last tests keep the table honest: every code of the registry is raised here, or listed in
:data:`NOT_FROM_A_RECORD` with the reason it cannot come from a record.
"""

from __future__ import annotations

import importlib
import io
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from belote_notation.check import validator
from belote_notation.check.validator import validate_source, validate_text

try:
    from belote_notation.check.validator import ValidationConfig
except ImportError:  # the configuration's one home
    from belote_notation.check.setup import ValidationConfig


# ----------------------------------------------------------------------------- the records
EXAMPLE = """\
[Rules "classic"]
[Dealer "S"]

deal 1 dealer S
tafr9a N QS 9H 7C QC AC
tafr9a E 7H JH KH AD 10C
tafr9a S 7S 8H AH KD JC
tafr9a W AS 10D JD QD KC
offer QH
smsara 1 W:take
rest N 9S KS 8C
rest E 8S 7D 9D
rest S 10S 10H 8D
rest W JS 9C
announce W sequence 10D JD QD trick=1 before=1
trick 1 W:QH N:9H E:JH S:10H winner E
trick 2 E:8S S:7S W:JS N:KS winner N
trick 3 N:QS E:KH S:10S W:AS winner E
trick 4 E:AD S:KD W:JD N:8C winner E
trick 5 E:7D S:8D W:10D N:9S winner W
trick 6 W:KC N:QC E:10C S:JC winner E
trick 7 E:9D S:AH W:QD N:7C winner S
trick 8 S:8H W:9C N:AC E:7H winner S
score 41 141
match 41 141

end *
"""
"""A correct classic deal: trump ♥, W takes the offered Q♥, E-W make 141 against 41."""

HANDS = """\
[Rules "classic"]
[Dealer "S"]

deal 1 dealer S
hand N JH 8H AS KS QS JS 10S 9S
hand E 9H 7H 8S 7S AC KC QC JC
hand S AH 10H 8D 7D 10C 9C 8C 7C
hand W KH QH AD KD QD JD 10D 9D
smsara W:take H
trick 1 W:KH belote N:JH E:9H S:AH winner N
trick 2 N:AS E:8S S:8D W:QH rebelote winner W
trick 3 W:AD N:8H E:7H S:7D winner N
trick 4 N:KS E:7S S:7C W:9D winner N
trick 5 N:QS E:JC S:8C W:10D winner N
trick 6 N:JS E:QC S:9C W:JD winner N
trick 7 N:10S E:KC S:10C W:QD winner N
trick 8 N:9S E:AC S:10H W:KD winner S

end *
"""
"""A deal given by its eight-card hands and the contract only (W takes ♥): N and E are void
in diamonds and hold trumps, W holds the belote (K♥ Q♥) and says it."""


CONTREE = """\
[Rules "contree"]
[Dealer "S"]

deal 1 dealer S
smsara 1 E:100S N:pass W:pass S:pass
hand N 10S JS 8D QD AD JC QC AC
hand E 8S KS 7H KH KD 7C 9C KC
hand S QS 8H JH QH AH JD 8C 10C
hand W 7S 9S AS 9H 10H 7D 9D 10D
trick 1 E:KH N:JS W:10H S:JH winner N
trick 2 N:AD W:9D S:JD E:KD winner N
trick 3 N:JC W:7S S:10C E:7C winner W
trick 4 W:10D S:QS E:KS N:8D winner E
trick 5 E:KC N:QC W:9H S:8C winner E
trick 6 E:7H N:10S W:AS S:QH winner W
trick 7 W:7D S:8H E:9C N:QD winner N
trick 8 N:AC W:9S S:AH E:8S winner W
score 60 210
match 60 210

end *
"""
"""A contrée deal (eight cards each at once, an auction of points): E bids 100 spades."""
CONTREE_AUCTION = "smsara 1 E:100S N:pass W:pass S:pass"


def edit(base: str, *changes: tuple[str, str]) -> str:
    """``base`` with each whole line ``old`` replaced by ``new`` ("" deletes it, "\\n" adds lines)."""
    lines = base.split("\n")
    for old, new in changes:
        assert lines.count(old) == 1, f"{old!r} is not one line of the record"
        at = lines.index(old)
        lines[at:at + 1] = new.split("\n") if new else []
    return "\n".join(lines)


def only_trick(base: str, trick: str) -> str:
    """``base`` with its tricks replaced by the one line ``trick``."""
    lines = base.split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("trick "))
    rest = [line for line in lines[first:] if not line.startswith("trick ")]
    return "\n".join([*lines[:first], trick, *rest])


def without_hands(base: str) -> str:
    """``base`` without its ``hand`` lines: the hands are then worked out from the plays."""
    return "\n".join(line for line in base.split("\n") if not line.startswith("hand "))


@dataclass(frozen=True)
class Case:
    """A record that raises its code at ``line``:``col`` (with ``options`` as ``--option``)."""

    text: str
    line: int
    col: int
    options: tuple[tuple[str, str], ...] = ()


TRICK_1 = "trick 1 W:QH N:9H E:JH S:10H winner E"
TRICK_2 = "trick 2 E:8S S:7S W:JS N:KS winner N"
TRICK_4 = "trick 4 E:AD S:KD W:JD N:8C winner E"
TRICK_8 = "trick 8 S:8H W:9C N:AC E:7H winner S"
ANNOUNCE = "announce W sequence 10D JD QD trick=1 before=1"
ROUND_1_PASSED = "smsara 1 W:pass N:pass E:pass S:pass"
ROUND_2_PASSED = "smsara 2 W:pass N:pass E:pass S:pass"
SEVENS = "announce E carre 7S 7H 7D 7C trick=1 before=1"
HANDS_TRICK_1 = "trick 1 W:KH belote N:JH E:9H S:AH winner N"
HANDS_TRICK_2 = "trick 2 N:AS E:8S S:8D W:QH rebelote winner W"
HANDS_TRICK_8 = "trick 8 N:9S E:AC S:10H W:KD winner S"
UNREADABLE_CARD = edit(EXAMPLE, (TRICK_4, "trick 4 E:AD S:KD W:JD N:8X winner E"))

CASES: dict[str, Case] = {
    # ---- syntax (the reader)
    "BEL001": Case(UNREADABLE_CARD, 19, 24),
    "BEL002": Case(edit(EXAMPLE, ("score 41 141", "score 41 141 {never closed")), 24, 14),
    "BEL003": Case(edit(EXAMPLE, ('[Dealer "S"]', '[Dealer "S"]\n[Event "x')), 3, 1),
    "BEL004": Case(edit(EXAMPLE, ("rest N 9S KS 8C", "rest N 9S 12E 8C")), 11, 11),
    "BEL005": Case(edit(EXAMPLE, ('[Dealer "S"]', '[Dealer "S"]\n[Deck "tarot"]')), 3, 1),
    "BEL006": Case(edit(EXAMPLE, ("end *", "")), 25, 13),  # just after the last text
    "BEL009": Case("", 1, 1),
    "BEL010": Case(edit(EXAMPLE, (TRICK_1, "trick 1 W:QH ! ! N:9H E:JH S:10H winner E")), 16, 16),
    "BEL011": Case('[Rules "classic"]\n\n' + "".join(f"deal {n}\ntrick 1 N:8X\n" for n in range(1, 110))
                   + "\nend *\n", 204, 9),  # the 101st error, in the 101st deal
    "BEL012": Case(edit(EXAMPLE, ("score 41 141", "score 41 " + "1" * 22)), 24, 10),
    # 50,000 NAGs after the first card: at the one that is the game's 50,001st item (the words
    # of the tag pairs and sections before it count)
    "BEL013": Case(edit(EXAMPLE, (TRICK_1, "trick 1 W:QH" + " $1" * 50_000 + " N:9H E:JH S:10H winner E")),
                   16, 149_822),
    # ---- contrée auction
    "BEL210": Case(edit(CONTREE, (CONTREE_AUCTION, "smsara 1 E:100S N:100H W:pass S:pass E:pass")), 5, 17),
    "BEL211": Case(edit(CONTREE, (CONTREE_AUCTION, "smsara 1 E:170S N:pass W:pass S:pass")), 5, 10),
    "BEL212": Case(edit(CONTREE, (CONTREE_AUCTION, "smsara 1 E:100S N:pass W:coinche S:pass")), 5, 24),
    "BEL213": Case(edit(CONTREE, (CONTREE_AUCTION, "smsara 1 E:100S N:surcoinche W:pass S:pass")), 5, 17),
    "BEL214": Case(edit(CONTREE, (CONTREE_AUCTION, "smsara 1 E:100S N:coinche W:110S S:pass E:pass N:pass")),
                   5, 27),
    "BEL215": Case(edit(CONTREE, (CONTREE_AUCTION,
                                  "smsara 1 E:100S N:110H W:pass S:pass E:120S N:pass W:pass S:pass")),
                   5, 38, (("raise_own_bid", "false"),)),
    "BEL216": Case(edit(CONTREE, ("deal 1 dealer S", "deal 1 dealer S\noffer QS")), 5, 7),
    # ---- deck integrity
    "BEL101": Case(edit(EXAMPLE, ("tafr9a N QS 9H 7C QC AC", "tafr9a N QS 9H 7C QC")), 5, 1),
    "BEL102": Case(edit(EXAMPLE, ("rest N 9S KS 8C", "rest N 9S KS 7S")), 11, 14),
    "BEL103": Case(edit(EXAMPLE, ("rest E 8S 7D 9D", "rest E 8S 7D")), 12, 1),
    "BEL104": Case(edit(HANDS, ("hand N JH 8H AS KS QS JS 10S 9S", "hand N JH 8H AS KS QS JS 10S")), 5, 1),
    "BEL106": Case(edit(EXAMPLE, ("offer QH", "offer QS")), 9, 7),
    "BEL108": Case(edit(EXAMPLE, ("tafr9a N QS 9H 7C QC AC", "tafr9a N QS 9H 7C QC")), 4, 1),
    # ---- bidding
    "BEL201": Case(edit(EXAMPLE, ("smsara 1 W:take", "smsara 1 N:pass W:take")), 10, 10),
    "BEL202": Case(edit(EXAMPLE, ("smsara 1 W:take", "smsara 1 W:take N:pass")), 10, 17),
    "BEL203": Case(edit(EXAMPLE, ("tafr9a E 7H JH KH AD 10C", "tafr9a E 7H QH KH AD 10C"),
                        ("offer QH", "offer JH"), ("smsara 1 W:take", "smsara 1 W:pass N:take")),
                   10, 10, (("forced_take_on_top_trump", "true"),)),
    "BEL204": Case(edit(EXAMPLE, ("smsara 1 W:take", ROUND_1_PASSED + "\nsmsara 2 W:take H")), 11, 10),
    "BEL205": Case(edit(EXAMPLE, ("smsara 1 W:take", "smsara 1 W:take S")), 10, 10),
    "BEL206": Case(edit(EXAMPLE, ("smsara 1 W:take", ROUND_1_PASSED + "\nsmsara 2 W:take")), 11, 10),
    "BEL207": Case(edit(EXAMPLE, ("smsara 1 W:take", "smsara 1 W:pass N:pass")), 16, 9),
    "BEL208": Case(edit(EXAMPLE, ("smsara 1 W:take", ROUND_1_PASSED + "\n" + ROUND_2_PASSED)), 17, 9),
    # ---- play
    "BEL301": Case(edit(EXAMPLE, (TRICK_2, "trick 2 E:8S W:JS S:7S N:KS winner N")), 17, 14),
    "BEL302": Case(edit(EXAMPLE, (TRICK_2, "trick 2 E:8S S:7S W:JS N:9C winner N")), 17, 24),
    "BEL303": Case(edit(EXAMPLE, (TRICK_2, "trick 2 E:8S S:7S W:JS N:8C winner N")), 17, 24),
    "BEL304": Case(only_trick(HANDS, "trick 1 W:AD N:AS E:AC S:8D winner W"), 10, 14),
    "BEL305": Case(only_trick(HANDS, "trick 1 W:AD N:8H E:7H S:8D winner N"), 10, 19),
    "BEL306": Case(only_trick(HANDS, "trick 1 W:AD N:JH E:AC S:8D winner N"), 10, 19),
    "BEL307": Case(edit(EXAMPLE, (TRICK_1, "trick 1 N:9H E:JH S:10H W:QH winner E")), 16, 9),
    "BEL308": Case(edit(EXAMPLE, (TRICK_8, TRICK_8 + "\ntrick 9 S:8H W:9C N:AC E:7H")), 24, 9),
    "BEL309": Case(edit(EXAMPLE, (TRICK_8, "")), 22, 1),
    # ---- announcements and belote
    "BEL401": Case(edit(EXAMPLE, (ANNOUNCE, "announce W sequence 9D 10D JD trick=1 before=1")), 15, 1),
    "BEL402": Case(edit(EXAMPLE, (ANNOUNCE, "announce W sequence 10D JD KC trick=1 before=1")), 15, 1),
    "BEL403": Case(edit(EXAMPLE, (ANNOUNCE, "announce W sequence 10D JD QD trick=2 before=2")), 15, 1),
    "BEL404": Case(EXAMPLE, 15, 1, (("announcements", "false"),)),
    "BEL405": Case(edit(EXAMPLE, (ANNOUNCE, ANNOUNCE + "\n" + ANNOUNCE)), 16, 1),
    "BEL406": Case(edit(EXAMPLE, (TRICK_1, "trick 1 W:QH belote N:9H E:JH S:10H winner E")), 16, 9),
    "BEL407": Case(edit(EXAMPLE, (TRICK_2, "trick 2 E:8S S:7S W:JS N:KS belote winner N")), 17, 24),
    "BEL408": Case(edit(HANDS, (HANDS_TRICK_1, "trick 1 W:KH rebelote N:JH E:9H S:AH winner N"),
                        (HANDS_TRICK_2, "trick 2 N:AS E:8S S:8D W:QH belote winner W")), 10, 9),
    "BEL409": Case(edit(HANDS, (HANDS_TRICK_1, "trick 1 W:KH N:JH E:9H S:AH winner N"),
                        (HANDS_TRICK_2, "trick 2 N:AS E:8S S:8D W:QH winner W")), 10, 9),
    "BEL410": Case(only_trick(edit(HANDS,
                                   ("hand E 9H 7H 8S 7S AC KC QC JC", "hand E 9H 7H 8S 7S AC KC 7D 7C"),
                                   ("hand S AH 10H 8D 7D 10C 9C 8C 7C", "hand S AH 10H 8D QC 10C 9C 8C JC"),
                                   ("smsara W:take H", "smsara W:take H\n" + SEVENS)),
                              "trick 1 W:AD N:8H E:7C S:8D winner N"), 10, 1),
    # ---- deal scoring
    "BEL501": Case(edit(EXAMPLE, (TRICK_2, "trick 2 E:8S S:7S W:JS N:KS winner S")), 17, 36),
    "BEL503": Case(edit(EXAMPLE, ("score 41 141", "score 40 142")), 24, 1),
    "BEL504": Case(edit(EXAMPLE, ("match 41 141", "match 41 141\npot 20")), 26, 5),
    # ---- match
    "BEL601": Case(edit(EXAMPLE, ("match 41 141", "match 41 140")), 25, 1),
    "BEL602": Case(edit(EXAMPLE, ("deal 1 dealer S", "deal 1 dealer N")), 4, 1),
    "BEL603": Case(edit(EXAMPLE, ("end *", "end NS")), 27, 5),
    "BEL604": Case(edit(EXAMPLE, ("end *", "deal 2 dealer W\n\nend EW")), 27, 1, (("target", "100"),)),
    "BEL605": Case(edit(EXAMPLE, ("end *", "deal 2 dealer W\nscore 0 0\nmatch 41 141\n\nend")), 1, 1),
    "BEL606": Case(edit(EXAMPLE, ("end *", "deal 2 dealer W\nscore 0 162\nmatch 41 300\n\nend *")), 29, 1),
    "BEL607": Case(edit(EXAMPLE, ("end *", "deal 2 dealer W\nmatch 41 100\n\nend *")), 28, 1),
    # ---- the record
    "BEL701": Case(edit(EXAMPLE, ('[Rules "classic"]', '[Rules "whist"]')), 1, 1),
    "BEL702": Case(edit(EXAMPLE, ('[Dealer "S"]', '[Dealer "S"]\n[Option "litige=maybe"]')), 3, 1),
    "BEL704": Case(edit(EXAMPLE, ('[Dealer "S"]', '[Dealer "S"]\n[Result "NS"]')), 3, 1),
    "BEL705": Case(edit(EXAMPLE, ("deal 1 dealer S", "deal 2 dealer S")), 4, 1),
    "BEL706": Case(edit(EXAMPLE, ("trick 3 N:QS E:KH S:10S W:AS winner E",
                                  "trick 4 N:QS E:KH S:10S W:AS winner E")), 18, 1),
    "BEL709": Case(edit(EXAMPLE, (TRICK_8, "trick 8 S:8H W:9C N:AC winner S")), 23, 1),
    "BEL710": Case(edit(EXAMPLE, ("smsara 1 W:take", "smsara 1 W:pass N:pass E:pass\nsmsara 2 W:take S")),
                   11, 10),
    "BEL711": Case(edit(EXAMPLE, (TRICK_2, "trick 2 E:8S S:7S W:JS N:KS (N:9C) winner N")), 17, 30),
    "BEL712": Case(edit(EXAMPLE, ("rest W JS 9C", "rest W JS 9C\nhand N QS 9H 7C QC AC 9S KS 7S")), 15, 1),
    "BEL713": Case(edit(CONTREE, ('[Rules "contree"]', '[Rules "contree"]\n[Contract "100HNS"]')), 2, 1),
    # ---- could not check
    "BEL902": Case('[Rules "classic"]\n\ndeal 1 dealer S\nsmsara 1 W:take\nscore 0 0\n\nend *\n', 3, 1),
    "BEL903": Case(HANDS, 9, 8),  # the contract
    "BEL904": Case(edit(HANDS, ("smsara W:take H", "")), 4, 1),
    "BEL905": Case(without_hands(HANDS), 4, 1),
    "BEL906": Case(edit(HANDS, (HANDS_TRICK_8, "")), 4, 1),
    "BEL907": Case(edit(HANDS, ('[Dealer "S"]', ""), ("deal 1 dealer S", "deal 1"), ("smsara W:take H", "")),
                   3, 1),
    "BEL909": Case(edit(HANDS, (HANDS_TRICK_8, ""), ("end *", "end NS")), 18, 5),
    "BEL910": Case(UNREADABLE_CARD, 4, 1),
    "BEL912": Case(edit(EXAMPLE, ('[Rules "classic"]', "")), 1, 1),
    "BEL913": Case(edit(EXAMPLE, ("end *", "deal 2 dealer W\nscore 0 162\nmatch 41 303\n\nend *")), 27, 1),
}

STREAM_CASES: dict[str, tuple[bytes, int, int]] = {
    # Only a byte stream can hold bytes that are not UTF-8, or a game too large to buffer.
    "BEL007": (edit(EXAMPLE, ('[Dealer "S"]', '[Dealer "S"]\n{caf\u00e9}')).encode("latin-1"), 3, 5),
    "BEL008": (b'[Event "big"]\n{' + b"x" * 8_100_000 + b"}\n\nend *\n", 1, 1),
}
"""Codes raised while cutting a byte stream into games: ``validate_source`` on the bytes."""

RAISED_WHEN_BROKEN = {
    "BEL099": "internal error of the reader: raised when the parser itself fails (test below)",
    "BEL911": "the engine stopped on a deal: raised when an engine function fails (test below)",
}
PROGRAM_RECORDS = {
    "BEL703": "unknown deck in a record built by a program; from text the reader says BEL005 (test below)",
}
FROM_A_CONVERTER = {code: "raised by an importer or exporter of belote_notation.formats, not by "
                    "a record: tests/formats/test_format_codes.py raises it at its place"
                    for code in ("BEL801", "BEL802", "BEL803", "BEL804", "BEL805", "BEL806",
                                 "BEL807", "BEL810")}
NOT_FROM_A_RECORD = {
    "BEL107": "the reader refuses a card outside the deck first (BEL004); records hold cards as numbers",
    "BEL209": "the reader and the records only know take and pass",
    "BEL708": "the reader always yields a game for an input (an empty one gets BEL009)",
    "BEL901": "raised by the command line when a worker process fails on a game, not by a record",
}
"""Registered codes that no record raises, each with the reason."""


def _findings(reports: Iterable[Any]) -> list[tuple[str, int, int]]:
    return [(f.code, f.line, f.col) for report in reports for f in report.findings]


@pytest.mark.parametrize("code", sorted(CASES))
def test_code_is_raised_at_its_token(code: str) -> None:
    case = CASES[code]
    reports = validate_text(case.text, "t.bel", ValidationConfig(options=case.options))
    found = _findings(reports)
    assert (code, case.line, case.col) in found, found


@pytest.mark.parametrize("code", sorted(STREAM_CASES))
def test_code_is_raised_from_a_byte_stream(code: str) -> None:
    data, line, col = STREAM_CASES[code]
    found = _findings(validate_source(io.BytesIO(data), "t.bel"))
    assert (code, line, col) in found, found[:10]


def test_unknown_deck_in_a_record_built_by_a_program() -> None:
    from belote_notation.notation.records import Game, Header

    game = Game(headers=[Header(name="Deck", value="tarot", line=1, col=1)])
    assert ("BEL703", 1, 1) in _findings([validator.validate_game(game, "program")])


def _boom(*args: object, **kwargs: object) -> Any:
    raise RuntimeError("boom")


def test_an_engine_failure_is_a_note_and_the_next_game_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    import belote_notation.game.engine as engine

    # The checks may have imported the functions under their names: patch every binding of the
    # card-by-card act and of its batch forms (a trick's cards, a deal's plain tricks).
    for act in ("play_card", "play_cards", "play_tricks_batch"):
        original = getattr(engine, act)
        for name, module in list(sys.modules.items()):
            if name.startswith("belote_notation") and getattr(module, act, None) is original:
                monkeypatch.setattr(module, act, _boom)
    found = _findings(validate_text(EXAMPLE + "\n" + EXAMPLE, "t.bel"))
    assert [f for f in found if f[0] == "BEL911"] == [("BEL911", 4, 1), ("BEL911", 32, 1)]


def test_a_reader_failure_is_a_finding(monkeypatch: pytest.MonkeyPatch) -> None:
    import lark

    monkeypatch.setattr(lark.Lark, "parse", _boom)
    monkeypatch.setattr(lark.Lark, "parse_interactive", _boom)
    reports = validate_text(UNREADABLE_CARD, "t.bel")  # not canonical: the grammar must read it
    assert "BEL099" in [code for code, _, _ in _findings(reports)]


# ----------------------------------------------------------------------------- the table is complete
def registered_codes() -> set[str]:
    """Every code of the registry: the static table ``check.codes`` if there is one, else
    ``check.findings.code_registry()``."""
    try:
        table = importlib.import_module("belote_notation.check.codes")
    except ModuleNotFoundError as exc:
        if exc.name != "belote_notation.check.codes":
            raise
        table = importlib.import_module("belote_notation.check.findings")
    registry = getattr(table, "code_registry", None)
    if callable(registry):
        return set(registry())
    tables = [{str(key) for key in value} for value in vars(table).values()
              if isinstance(value, Mapping) and value and all(str(key).startswith("BEL") for key in value)]
    assert tables, f"no table of codes in {table.__name__}"
    return max(tables, key=len)


def test_every_registered_code_is_raised_here_or_excused() -> None:
    covered = {*CASES, *STREAM_CASES, *RAISED_WHEN_BROKEN, *PROGRAM_RECORDS, *NOT_FROM_A_RECORD,
               *FROM_A_CONVERTER}
    assert sorted(registered_codes() - covered) == []


def test_retired_codes_are_gone_for_good() -> None:
    from belote_notation.check.codes import CODES, RETIRED

    assert RETIRED == {"BEL105", "BEL502", "BEL505"}
    assert not RETIRED & set(CODES)


def test_every_code_here_is_registered() -> None:
    listed = [*CASES, *STREAM_CASES, *RAISED_WHEN_BROKEN, *PROGRAM_RECORDS, *NOT_FROM_A_RECORD]
    assert len(listed) == len(set(listed)), "a code is listed twice"
    assert sorted(set(listed) - registered_codes()) == []
