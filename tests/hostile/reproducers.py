"""The hostile inputs of issue 13, generated at any size (nothing large is stored).

Each maker takes a size ``n`` (what is repeated: braces, tag pairs, nesting levels, digits,
items) and returns the bytes of a file; :data:`REPRODUCERS` names them with the suffix the
file needs (``.bel`` or ``.json``) and a size small enough for the command-line test. The fuzz
seed corpus (fuzz/make_corpus.py) and the measurements of the report use the same makers.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import NamedTuple

DEAL = "deal 1\ntrick 1 N:AS "


def open_braces(n: int) -> bytes:
    """1: an unclosed ``{`` repeated (each one rescanned the rest of the game)."""
    return (DEAL + "{" * n + "\nend\n").encode()


def quote_escapes(n: int) -> bytes:
    """1: ``"\\`` pairs on one line (each quote opened a string scanned to the line's end)."""
    return (DEAL + '"\\' * n + "\nend\n").encode()


def tag_pairs(n: int) -> bytes:
    """2: ``n`` tag pairs in one game (each one counted line breaks from the first)."""
    return ("".join(f'[T{i} "v"]\n' for i in range(n)) + "\n" + DEAL + "\nend\n").encode()


def nested_bel(n: int) -> bytes:
    """3-6: ``n`` nested alternative lines, each inside the one before."""
    return ("deal 1\ntrick 1 N:AS " + "(E:7S " * n + ")" * n + "\nend\n").encode()


def _nested_game(n: int) -> dict[str, object]:
    play: dict[str, object] = {"seat": 1, "card": 7}
    for _ in range(n):
        play = {"seat": 1, "card": 7, "variations": [{"items": [play]}]}
    return {"deals": [{"number": 1, "tricks": [{"number": 1, "plays": [play]}]}]}


def nested_json(n: int) -> bytes:
    """3, 9: the JSON twin of ``n`` nested alternative lines."""
    return json.dumps({"games": [_nested_game(n)]}).encode()


def long_numbers(n: int) -> bytes:
    """7: numbers of ``n`` digits everywhere a number is written."""
    big = "9" * n
    return (f"deal {big}\ntrick {big} N:AS ${big}\nannounce N belote KS QS trick={big}\n"
            f"score {big} 0\nend\n").encode()


def json_long_number(n: int) -> bytes:
    """8: JSON with an ``n``-digit integer."""
    return ('{"games": [{"deals": [{"number": ' + "9" * n + "}]}]}").encode()


def json_deep(n: int) -> bytes:
    """9: JSON nested ``n`` deep."""
    return ('{"games": [' + "[" * n + "]" * n + "]}").encode()


def json_surrogate(n: int) -> bytes:
    """10: a lone surrogate in a header value (``n`` unused)."""
    return b'{"games": [{"headers": [{"name": "Event", "value": "\\ud800"}]}]}'


def json_many_tricks(n: int) -> bytes:
    """11: one JSON file of ``n`` games of 8 tricks (read whole, it took GBs)."""
    trick = {"number": 1, "plays": [{"seat": s, "card": 8 * s + 7} for s in range(4)]}
    game = json.dumps({"deals": [{"number": 1, "tricks": [trick] * 8}]})
    return ('{"games": [' + ",\n".join([game] * n) + "]}\n").encode()


def many_nags(n: int) -> bytes:
    """12: one game of ``n`` NAGs after one card."""
    return (DEAL + " $1" * n + "\nend\n").encode()


def many_comments(n: int) -> bytes:
    """12: one game of ``n`` comments after one card."""
    return (DEAL + " {c}" * n + "\nend\n").encode()


def json_negative(n: int) -> bytes:
    """13: schema-valid JSON with a negative deal and trick number."""
    return json.dumps({"games": [{"deals": [{"number": -1, "tricks": [
        {"number": -n, "plays": [{"seat": 0, "card": 7}]}]}]}]}).encode()


def json_crlf_comment(n: int) -> bytes:
    """14: a comment holding CR LF, and an unknown deck name."""
    return json.dumps({"games": [{"headers": [{"name": "Deck", "value": "tarot"}],
                                  "comments": ["a\r\nb"]}]}).encode()


def bad_utf8_far(n: int) -> bytes:
    """15: an invalid byte at column ``n`` of a long line."""
    return b"deal 1\n{" + b"x" * n + b"\xff}\nend\n"


def show_syntax_error(n: int) -> bytes:
    """16: a syntax error (``show`` must not exit 0)."""
    return b"deal 1\ntrick 1 N:ZZ\nend\n"


class Reproducer(NamedTuple):
    item: int
    name: str
    make: Callable[[int], bytes]
    suffix: str
    size: int
    """A size that shows the old problem yet keeps the command-line test short."""


REPRODUCERS: tuple[Reproducer, ...] = (
    Reproducer(1, "open-braces", open_braces, ".bel", 32_000),
    Reproducer(1, "quote-escapes", quote_escapes, ".bel", 32_000),
    Reproducer(2, "tag-pairs", tag_pairs, ".bel", 100_000),
    Reproducer(3, "nested-json-24", nested_json, ".json", 24),
    Reproducer(4, "nested-bel-330", nested_bel, ".bel", 330),
    Reproducer(5, "nested-bel-255", nested_bel, ".bel", 255),
    Reproducer(6, "nested-bel-2000", nested_bel, ".bel", 2000),
    Reproducer(7, "long-numbers", long_numbers, ".bel", 5000),
    Reproducer(8, "json-long-number", json_long_number, ".json", 5000),
    Reproducer(9, "json-deep", json_deep, ".json", 5000),
    Reproducer(10, "json-surrogate", json_surrogate, ".json", 0),
    Reproducer(11, "json-many-tricks", json_many_tricks, ".json", 20_000),
    Reproducer(12, "many-nags", many_nags, ".bel", 1_000_000),
    Reproducer(12, "many-comments", many_comments, ".bel", 500_000),
    Reproducer(13, "json-negative", json_negative, ".json", 1),
    Reproducer(14, "json-crlf-comment", json_crlf_comment, ".json", 0),
    Reproducer(15, "bad-utf8-far", bad_utf8_far, ".bel", 3_000_000),
    Reproducer(16, "show-syntax-error", show_syntax_error, ".bel", 0),
)
