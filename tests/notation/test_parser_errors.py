"""Bad input: clear syntax issues with positions, recovery, and never a traceback."""

from __future__ import annotations

import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote_notation.notation.read.reader import iter_game_texts, iter_games, parse_game_text, parse_text
from belote_notation.notation.write.writer import write_game

GOOD = ('[Rules "classic"]\n\ndeal 1 dealer S\ntafr9a N 7H 8H QH QD JC\noffer 10C\n'
        "smsara 1 W:take\ntrick 1 W:8D N:QD E:7D S:9D winner N\nscore 64 98\n\n"
        "deal 2 dealer W\ntrick 1 N:AS E:7S S:8S W:9S\n\nend *\n")


def codes(text: str) -> list[str]:
    return [e.code for g in parse_text(text) for e in g.errors]


@pytest.mark.parametrize("text, code, line, col, words", [
    # issue 31: BEL001 names the unknown card, with a did-you-mean from the deck
    ("deal 1\ntrick 1 N:AS E:7X\nend\n", "BEL001", 2, 14, ["unknown card `7X`", "`E:7X`", "did you mean 7S"]),
    ('[Deck "spanish"]\ndeal 1\ntafr9a N 9O\nend\n', "BEL004", 3, 10, ["unknown card `9O`", "spanish"]),
    ("deal 1\ntrick 1 N:5S\nend\n", "BEL004", 2, 11, ["unknown card `5S`", "french"]),
    ('[Event "a \\q b"]\nend\n', "BEL003", 1, 11, ["bad escape"]),
    ('[Event "never closed]\nend\n', "BEL003", 1, 1, ["tag pair"]),
    ("deal 1\ntrick 1 N:AS {never closed\nend\n", "BEL002", 2, 14, ["never closed"]),
    ('[Deck "italian"]\nend\n', "BEL005", 1, 1, ["unknown deck"]),
    ("deal 1\nsmsara 3 N:pass\nend\n", "BEL005", 2, 8, ["rounds 1 and 2"]),
    ("deal 1\ntrick 1 N:AS\n", "BEL006", 2, 13, ["does not end with `end`"]),
    ("", "BEL009", 1, 1, ["empty"]),
    ("deal 1\nsmsara 1 ! N:pass\nend\n", "BEL010", 2, 10, ["glyph"]),
])
def test_each_error_is_reported_in_plain_words(text, code, line, col, words) -> None:
    errors = [e for g in parse_text(text, "f.bel") for e in g.errors]
    assert errors, text
    first = errors[0]
    assert (first.code, first.line, first.col) == (code, line, col), errors
    for word in words:
        assert word in first.message
    assert str(first).startswith(f"f.bel:{line}:{col}: {code} ")


def test_a_broken_deal_does_not_hide_the_next_one() -> None:
    text = GOOD.replace("W:8D N:QD", "W:8D N:Q?D")
    (parsed,) = parse_text(text)
    assert [e.code for e in parsed.errors] == ["BEL001"]
    assert [d.number for d in parsed.game.deals] == [1, 2]
    assert len(parsed.game.deals[1].tricks[0].plays) == 4
    # what could be read of the broken deal is kept
    assert parsed.game.deals[0].five[0].cards and parsed.game.result == "*"


def test_a_broken_game_does_not_hide_the_next_one() -> None:
    text = GOOD.replace("end *\n", "") + "\n" + GOOD
    games = parse_text(text)
    assert len(games) == 2
    assert [e.code for e in games[0].errors] == ["BEL006"]
    assert games[1].errors == [] and len(games[1].game.deals) == 2


def test_an_unclosed_comment_stops_at_the_next_game() -> None:
    text = GOOD.replace("score 64 98", "score 64 98 {oops") + GOOD
    games = parse_text(text)
    assert len(games) == 2
    assert "BEL002" in [e.code for e in games[0].errors]
    assert games[1].errors == []


def test_game_texts_know_their_first_line_and_index() -> None:
    text = "\n\n" + GOOD + "\n" + GOOD
    pieces = list(iter_game_texts(io.StringIO(text)))
    assert [(p.first_line, p.index) for p in pieces] == [(3, 0), (17, 1)]
    second = parse_game_text(pieces[1].text, "x.bel", pieces[1].first_line)
    assert second.game.deals[0].line == 19


def test_invalid_utf8_and_binary_junk() -> None:
    data = GOOD.encode() + b"\xff\xfe\x00junk\x80\n" + GOOD.encode()
    games = list(iter_games(io.BytesIO(data), "bin.bel"))
    all_codes = [e.code for g in games for e in g.errors]
    assert "BEL007" in all_codes
    assert games[-1].game.deals and games[-1].errors == []


def test_a_huge_single_line_is_bounded_and_reported(monkeypatch) -> None:
    from belote_notation.notation.read import stream as notation_stream
    monkeypatch.setattr(notation_stream, "MAX_LINE", 1000)
    data = b"x" * 200_000 + b"\nend\n" + GOOD.encode()
    texts = list(notation_stream.iter_game_texts(io.BytesIO(data), "big.bel", max_game_chars=50_000))
    assert texts[0].text == "" and texts[0].issues[0].code == "BEL008"
    games = [parse_game_text(t, "big.bel") for t in texts]
    assert games[0].errors[0].code == "BEL008"
    assert games[-1].errors == [] and len(games[-1].game.deals) == 2


def test_streaming_reads_lazily() -> None:
    class CountingReader(io.BytesIO):
        def __init__(self, data: bytes) -> None:
            super().__init__(data)
            self.bytes_read = 0

        def read(self, size: int = -1) -> bytes:
            chunk = super().read(size)
            self.bytes_read += len(chunk)
            return chunk

    one_game = GOOD.encode()
    source = CountingReader(one_game * 2000)
    first = next(iter_games(source, "many.bel"))
    assert first.errors == [] and len(first.game.deals) == 2
    assert source.bytes_read < len(one_game) * 2000 / 5


def test_unreadable_path_raises_oserror_and_nothing_else(tmp_path) -> None:
    with pytest.raises(OSError):
        list(iter_games(tmp_path / "missing.bel"))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_random_bytes_never_raise(data: bytes) -> None:
    for parsed in iter_games(io.BytesIO(data), "fuzz.bel"):
        for issue in parsed.errors:
            assert issue.code.startswith("BEL0") and issue.code != "BEL099"
            assert issue.line >= 1 and issue.col >= 1


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_records_never_raise(data) -> None:
    text = GOOD
    for _ in range(data.draw(st.integers(1, 4))):
        pos = data.draw(st.integers(0, len(text)))
        action = data.draw(st.sampled_from(["delete", "insert", "truncate"]))
        if action == "delete":
            text = text[:pos] + text[pos + data.draw(st.integers(1, 8)):]
        elif action == "insert":
            text = text[:pos] + data.draw(st.sampled_from(
                ["{", "}", "(", ")", '"', "\\", "[", "]", "deal", "end", "!", "$", ";", "N:", "take",
                 "\n", "trick", "X", "\x00", "é", "10"])) + text[pos:]
        else:
            text = text[:pos]
    games = parse_text(text)
    for parsed in games:
        for issue in parsed.errors:
            assert issue.code != "BEL099", issue
        if not parsed.errors:
            # whatever was read cleanly can be written and read back the same
            again = parse_text(write_game(parsed.game))
            assert again[0].errors == []


def test_crlf_line_ends_and_a_byte_order_mark_read_like_lf() -> None:
    data = ("\ufeff" + GOOD).replace("\n", "\r\n").encode("utf-8")
    (crlf,) = list(iter_games(io.BytesIO(data), "win.bel"))
    (lf,) = parse_text(GOOD)
    assert crlf.errors == []
    assert crlf.game == lf.game          # positions included


def test_a_game_without_deals_and_an_empty_game() -> None:
    games = parse_text('[Event "x"]\nend\nend\n')
    assert [p.errors for p in games] == [[], []]
    assert games[0].game.headers[0].value == "x" and games[1].game.headers == []


def test_game_boundaries_are_the_same_on_the_block_path_and_the_line_path() -> None:
    games = ['[Event "Istanbul end"]\n\ndeal 1\ntrick 1 N:AS\n\nend *\n',
             '[Event "x"]\ndeal 1\ntrick 1 N:AS\n',            # no `end`: cut at the next `[`
             '[Event "fin"] \n\n\ndeal 2\n [Site "late"]\nend NS\n', "\n\n"]
    text = "\n".join(games)
    # a clean text is split block by block; "İ" (which lower-cases to two characters)
    # sends the same text through the line-by-line path
    for variant in (text, text.replace("Istanbul", "İstanbul")):
        pieces = list(iter_game_texts(io.StringIO(variant)))
        assert [p.first_line for p in pieces] == [1, 8, 12]
        assert pieces[1].text == games[1] + "\n"
        assert pieces[2].text.endswith("end NS\n")
        parsed = [parse_game_text(p) for p in pieces]
        assert [[e.code for e in p.errors] for p in parsed] == [[], ["BEL006"], ["BEL001"]]


def test_control_characters_are_shown_escaped_in_messages() -> None:
    (parsed,) = parse_text("\x01\x02abc\x07 x\nend *\n")
    messages = [e.message for e in parsed.errors]
    assert any("`\\x01\\x02abc\\x07`" in m for m in messages), messages
    assert all(ch.isprintable() for m in messages for ch in m)
