"""Issue 13, one regression test per reproducer (built in the test from tests/hostile/reproducers.py)
and the linear-time checks: doubling a hostile input at most about doubles the time, measured
as a ratio in one run (best of several, CPU time), never against an absolute time."""

from __future__ import annotations

import io
import json
import tracemalloc
from collections.abc import Callable

import pytest

from belote_notation.notation.limits import MAX_DEPTH, MAX_ITEMS_PER_GAME
from belote_notation.notation.positions import same_records
from belote_notation.notation.read.jsonio import JsonReadError, read_json_games
from belote_notation.notation.read.reader import iter_games, parse_text
from belote_notation.notation.write.jsonio import JsonWriteError, game_to_json, write_json_games
from belote_notation.notation.write.writer import NotationWriteError, write_game
from tests.hostile import reproducers as rep
from tests.hostile.timing import doubling_ratio


def _codes(text: str) -> list[tuple[str, int, int]]:
    return [(e.code, e.line, e.col) for e in parse_text(text)[0].errors]


def _doubling_ratio(make: Callable[[int], object], use: Callable[[object], object], n: int) -> float:
    small, large = make(n), make(2 * n)
    return doubling_ratio(lambda: use(small), lambda: use(large))


def _read(data: object) -> object:
    return list(iter_games(io.BytesIO(data)))  # type: ignore[arg-type]


LINEAR = {
    "open-braces": (rep.open_braces, _read, 20_000),
    "quote-escapes": (rep.quote_escapes, _read, 20_000),
    "tag-pairs": (rep.tag_pairs, _read, 10_000),
    "nags": (rep.many_nags, _read, 10_000),
    "comments": (rep.many_comments, _read, 10_000),
    "nested-bel-read": (rep.nested_bel, _read, 1_000),
    "escapes": (lambda n: ('[A "' + '\\"' * n + '"]\nend\n').encode(), _read, 10_000),
    "long-comment": (lambda n: ("deal 1\n{" + "x" * n + "}\nend\n").encode(), _read, 200_000),
    "nested-bel-write": (lambda n: parse_text(rep.nested_bel(n).decode())[0].game, write_game, 1_000),
    "nested-json": (rep.nested_json, lambda d: list(read_json_games(io.BytesIO(d))), 40),  # type: ignore[arg-type]
    "json-games": (rep.json_many_tricks, lambda d: sum(1 for _ in read_json_games(io.BytesIO(d))), 400),  # type: ignore[arg-type]
}


@pytest.mark.slow
@pytest.mark.timing  # a CPU ratio: run alone by .ci/run (-n 0), not beside other tests
@pytest.mark.parametrize("name", sorted(LINEAR))
def test_doubling_the_input_about_doubles_the_time(name: str) -> None:
    make, use, n = LINEAR[name]
    assert _doubling_ratio(make, use, n) < 3.0


# ----------------------------------------------------------------------------- 1, 2: the reader
def test_unclosed_braces_are_one_finding_and_the_play_is_kept() -> None:
    parsed = parse_text(rep.open_braces(5_000).decode())[0]
    assert [(e.code, e.line, e.col) for e in parsed.errors] == [("BEL002", 2, 14)]
    assert parsed.game.deals[0].tricks[0].plays[0].card == 7


def test_quote_escapes_are_one_finding_and_the_play_is_kept() -> None:
    parsed = parse_text(rep.quote_escapes(5_000).decode())[0]
    assert [e.code for e in parsed.errors] == ["BEL001"]
    assert parsed.game.deals[0].tricks[0].plays[0].card == 7


def test_a_deal_after_an_unclosed_quote_or_brace_is_still_cut_there() -> None:
    text = 'deal 1\ntrick 1 N:AS "oops\ndeal 2\ntrick 1 N:7S {never closed\ndeal 3\nend\n'
    parsed = parse_text(text)[0]
    assert [d.number for d in parsed.game.deals] == [1, 2, 3]


@pytest.mark.parametrize("text", ["deal 1\n{" + "x" * 1_000_000 + "}\nend\n",
                                  '[A "' + '\\"' * (MAX_ITEMS_PER_GAME + 1) + '"]\nend\n'])
def test_long_comments_and_escapes_take_little_memory(text: str) -> None:
    """`(?:a|b)*` in a regular expression kept ~400 bytes per character: 466 MB for a 1 MB
    comment; escapes are items of the game (BEL013 past the limit)."""
    tracemalloc.start()
    try:
        parse_text(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 40 * len(text)


def test_tag_pairs_keep_their_positions() -> None:
    headers = parse_text(rep.tag_pairs(3_000).decode())[0].game.headers
    assert [(h.line, h.col) for h in headers[::1000]] == [(1, 1), (1001, 1), (2001, 1)]


# ----------------------------------------------------------------------------- 3-6: variations
def test_nested_json_reads_in_linear_time_and_equal() -> None:
    game = parse_text(rep.nested_bel(MAX_DEPTH).decode())[0].game
    out = io.StringIO()
    write_json_games([game], out)
    assert list(read_json_games(out.getvalue())) == [game]


def test_the_writer_writes_any_depth_and_it_reads_back() -> None:
    game = parse_text(rep.nested_bel(3_000).decode())[0].game
    text = write_game(game)
    back = parse_text(text)[0]
    assert back.errors == [] and same_records(back.game, game) and write_game(back.game) == text


def test_the_json_twin_refuses_a_depth_past_its_limit_plainly() -> None:
    game = parse_text(rep.nested_bel(MAX_DEPTH + 1).decode())[0].game
    with pytest.raises(JsonWriteError, match="nested more than 100"):
        game_to_json(game)
    with pytest.raises(JsonReadError, match="line 1 column 12: .*nested more than 100"):
        list(read_json_games(rep.nested_json(MAX_DEPTH + 1).decode()))


# ----------------------------------------------------------------------------- 7-10: numbers, JSON
def test_long_numbers_are_located_findings_and_the_game_is_kept() -> None:
    parsed = parse_text(rep.long_numbers(5_000).decode())[0]
    assert [(e.code, e.line, e.col) for e in parsed.errors] == [
        ("BEL012", 1, 6), ("BEL012", 2, 7), ("BEL012", 2, 5014), ("BEL012", 3, 31), ("BEL012", 4, 7)]
    deal = parsed.game.deals[0]
    assert (deal.number, deal.tricks[0].number, deal.tricks[0].plays[0].card) == (1, 1, 7)
    assert deal.announcements[0].trick is None and deal.score is None


@pytest.mark.parametrize("data, words", [
    (rep.json_long_number(5_000), "line 1 column 12: a number of 5,000 digits"),
    (rep.json_deep(5_000), "line 1 column 424: JSON nested more than"),
    (rep.json_surrogate(0), "headers.0.value: .* lone surrogate"),
    (b'{"games": [{"deals": []}, {"deals": [{"number": "x"}]}]}', "line 1 column 27: .*deals.0.number"),
    (b'{"games": [{}, \xff]}', "not UTF-8 text \\(byte 15\\)"),
    # found by the fuzzer: a control character in a key of the top-level object
    (b'{"g\x00ames": []}', "line 1 column 2: not JSON \\(Invalid control character"),
])
def test_bad_json_is_a_located_read_error(data: bytes, words: str) -> None:
    with pytest.raises(JsonReadError, match=words):
        list(read_json_games(io.BytesIO(data)))


def test_json_is_read_one_game_at_a_time() -> None:
    data = rep.json_many_tricks(2_000)

    class Counting(io.BytesIO):
        consumed = 0

        def read(self, size: int | None = -1) -> bytes:
            chunk = super().read(size)
            self.consumed += len(chunk)
            return chunk

    source = Counting(data)
    games = read_json_games(source)
    next(games)
    assert source.consumed < len(data) / 10
    assert sum(1 for _ in games) == 1_999


# ----------------------------------------------------------------------------- 12: items per game
@pytest.mark.parametrize("make", [rep.many_nags, rep.many_comments])
def test_items_past_the_limit_stop_the_game_there_and_keep_the_rest(make: Callable[[int], bytes]) -> None:
    parsed = parse_text(make(MAX_ITEMS_PER_GAME + 10).decode())[0]
    assert [e.code for e in parsed.errors] == ["BEL013"]
    play = parsed.game.deals[0].tricks[0].plays[0]
    assert MAX_ITEMS_PER_GAME - 10 <= len(play.nags) + len(play.comments) <= MAX_ITEMS_PER_GAME


def test_a_game_after_a_game_too_many_items_is_read() -> None:
    text = rep.many_nags(MAX_ITEMS_PER_GAME + 10).decode() + "deal 1\ntrick 1 N:7S\nend\n"
    second = parse_text(text)[1]
    assert second.errors == [] and second.game.deals[0].tricks[0].plays[0].card == 0


# ----------------------------------------------------------------------------- 13, 14: no silent change
@pytest.mark.parametrize("data, words", [
    (rep.json_negative(1), "deal number -1"),
    (rep.json_crlf_comment(0), "deck 'tarot' is unknown"),
    (json.dumps({"comments": ["a\r\nb"]}).encode(), "CR LF"),
    (json.dumps({"deals": [{"number": 1, "tricks": [{"number": 10 ** 16}]}]}).encode(), "digits"),
])
def test_what_text_cannot_hold_is_refused_by_the_writer(data: bytes, words: str) -> None:
    try:
        games = list(read_json_games(io.BytesIO(data)))
    except JsonReadError as exc:
        assert "digits" in str(exc)
        return
    with pytest.raises(NotationWriteError, match=words):
        write_game(games[0])


# ----------------------------------------------------------------------------- 15: BEL007 columns
def test_bad_utf8_is_placed_from_the_start_of_its_line() -> None:
    """The line is read in pieces of 1 MiB: columns used to count from the piece's start
    (837,321 for 3,000,002)."""
    parsed = list(iter_games(io.BytesIO(rep.bad_utf8_far(3_000_000))))[0]
    assert [(e.code, e.line, e.col) for e in parsed.errors] == [("BEL007", 2, 3_000_002)]
    # one bad byte every 1,001: each piece's first is reported, at its own column
    data = b"deal 1\n{" + (b"x" * 1000 + b"\xff") * 3000 + b"}\nend\n"
    cols = [e.col for e in list(iter_games(io.BytesIO(data)))[0].errors]
    assert len(cols) == 3 and cols[0] == 1002 and all((col - 2) % 1001 == 1000 for col in cols)
