"""The vocabulary of the notation, taken from ``belote.lark`` through Lark's public API.

The grammar is the one definition of the syntax: every keyword, alias, terminal, comment and
string syntax the reader, the stream splitter and the error recovery use comes from here, and
here it comes from the grammar (``to_regexp()`` of Lark's terminals, shipped beside the grammar
as ``terminals.json``; the parsing tables are kept between runs as data:
:mod:`belote_notation.notation.grammar_cache`). Seat letters
and card names come from :mod:`belote_notation.game.cards`.

>>> sorted(keywords("TRICK_KW"))
['pli', 'trick']
>>> SEATS["w"], keyword_terminals()[:3]
(3, ('DEAL_KW', 'DEALER_KW', 'FIVE_KW'))
>>> card_table(Deck.FRENCH)["AS"], play_table(Deck.FRENCH)["N:AS"]
(7, (0, 7))
"""

from __future__ import annotations

import json
import re
import sys
import zlib
from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

from belote_notation.game.cards import (
    RANKS,
    SANS_ATOUT,
    SEAT_NAMES,
    SUITS,
    TOUT_ATOUT,
    CardError,
    Deck,
    card_name,
    make_card,
    parse_card,
)
from belote_notation.notation import grammar_cache
from belote_notation.notation.visitor import Action, Kind, Mark

if TYPE_CHECKING:  # lark is imported where a Lark instance is made (0.04 s of every start)
    from lark import Lark, Token

__all__ = [
    "SEATS",
    "call_words",
    "points_bid",
    "strain_word",
    "START_SYMBOLS",
    "card_table",
    "delimiters",
    "built_terminals",
    "grammar_text",
    "keywords",
    "kind_of",
    "mark_of",
    "parser",
    "pattern",
    "play_table",
    "regex",
    "keyword_terminals",
    "words_of",
]

START_SYMBOLS = ("head", "deal", "tail")
"""The rules the reader parses on their own: a game is read piece by piece."""

CANONICAL_WORDS = ("C_DEAL", "C_DEALER", "C_FIVE", "C_OFFER", "C_REST", "C_HAND", "C_ANNOUNCE", "C_KIND",
                   "C_WHEN_TRICK", "C_WHEN_BEFORE", "C_ROUND", "C_SEAT")
"""The grammar's terminals of the words of the canonical layout (``CANONICAL_DEAL``) that the
canonical readers read by name: each a word or a list of words (:func:`words_of`)."""

# Terminals that rules do not use directly (they are parts of the coarse terminals): Lark only
# keeps them when asked, through a post-lexer's ``always_accept``.
_PARTS = (
    "CARD", "SEAT", "PLAY", "BID", "SUIT", "KIND", "MARK_WORD", "PASS_WORD", "TAKE_WORD", "ROUND",
    "COINCHE_WORD", "SURCOINCHE_WORD", "CONTRACT_WORD", "POINTS_BID", "STRAIN", "STRAIN_CHAR",
    "NO_TRUMP_WORD", "ALL_TRUMP_WORD",
    "RANK", "SUIT_CHAR",
    "TAG_NAME", "STRING", "HEADER", "_HWS", "RESULT",
    *CANONICAL_WORDS, "C_HEADING", "C_CARD",
)
"""With them, every keyword terminal (:func:`keyword_terminals`)."""


class _KeepParts:
    """Keeps the part terminals in the instance :func:`built_terminals` reads (which never lexes
    anything): Lark's post-lexer interface (``lark.lark.PostLex``) without deriving from it, so
    that this module does not import lark."""

    def __init__(self) -> None:
        self.always_accept = (*_PARTS, *keyword_terminals())

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        return stream


@cache
def keyword_terminals() -> tuple[str, ...]:
    """The names of the grammar's keyword terminals (``DEAL_KW``, ``TRICK_KW``...: a name ending
    in ``_KW``), in the grammar's order: a keyword added to the grammar is known everywhere."""
    return tuple(re.findall(r"^(\w+_KW)\s*:", grammar_text(), re.MULTILINE))


@cache
def grammar_text() -> str:
    """The text of ``grammar/belote.lark`` as installed (the package ``belote_notation.grammar``),
    read by the package's loader (``pkgutil.get_data``: ``importlib.resources`` imports zipfile
    and tempfile, 0.01 s of every start)."""
    import pkgutil

    data = pkgutil.get_data("belote_notation.grammar", "belote.lark")
    if data is None:  # a loader that cannot read data files
        from importlib import resources

        return resources.files("belote_notation.grammar").joinpath("belote.lark").read_text("utf-8")
    return data.decode("utf-8")


_SHIPPED = "terminals.json"
"""The grammar's terminals as Lark gives them, shipped beside the grammar (``grammar/``):
written by ``tools/make_terminals.py``, held equal to what the installed Lark builds by
tests/notation/test_grammar_cache.py."""


def built_terminals() -> dict[str, Any]:
    """The table of :data:`_SHIPPED` as Lark builds it from the grammar: every terminal's
    regular expression (``to_regexp``), priority and widths, stamped by a CRC of the grammar."""
    from lark import Lark

    made = Lark(grammar_text(), parser="lalr", lexer="basic", postlex=_KeepParts(), start=["game"])
    return {"grammar_crc32": f"{zlib.crc32(grammar_text().encode()):08x}",
            "terminals": {t.name: t.pattern.to_regexp() for t in made.terminals},
            "priorities": {t.name: t.priority for t in made.terminals},
            "widths": {t.name: [t.pattern.min_width, t.pattern.max_width] for t in made.terminals}}


@cache
def _table() -> dict[str, Any]:
    """The shipped table of the grammar's terminals (:data:`_SHIPPED`), or, when it was not made
    from the installed grammar (a grammar being edited), the one Lark builds. Never read from
    the per-user cache (issue 38: a pattern planted there made ``validate`` exponential); read
    by the package's loader, with neither Lark, hashlib nor importlib.resources (0.05 s, 3 ms
    and 0.01 s of every start)."""
    import pkgutil

    try:
        data = pkgutil.get_data("belote_notation.grammar", _SHIPPED)
        shipped = json.loads(data) if data is not None else None
    except (OSError, ValueError):
        shipped = None
    if (isinstance(shipped, dict)
            and shipped.get("grammar_crc32") == f"{zlib.crc32(grammar_text().encode()):08x}"):
        return shipped
    return built_terminals()


def _terminals() -> dict[str, str]:
    """Every terminal of the grammar to its regular expression, as Lark gives it: the readers
    of canonical text need these words and not Lark (its import and tables were 0.05 s of
    every start)."""
    table: dict[str, str] = _table()["terminals"]
    return table


_CACHE_SCHEMA = "belote-notation/lark-tables/1"
"""What a parser file of the cache holds: ``made_from`` (a SHA-256 of the grammar, the options
and the versions of Lark and Python), and Lark's ``memo_serialize`` of the instance, as
:func:`grammar_cache.dumps` writes it."""


def _cached_lark(name: str, options: dict[str, Any]) -> Lark:
    """The Lark instance of the grammar with ``options``, loaded from the cache of
    :func:`grammar_cache.cache_dir` (building the LALR tables took 0.14-0.28 s of a start on
    the general path) or built and saved there. The file is named and stamped by a hash of
    the grammar, the options and the versions of Lark and Python, so a change to any of them
    builds it again. It is data, never a pickle; the options it holds are not read (ours are
    given), and the instance it makes is used only when its every terminal is the grammar's
    (:func:`_trusted`). A missing, refused or damaged cache is never an error."""
    import hashlib

    import lark
    from lark import Lark
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    said = json.dumps(options, sort_keys=True)
    spec = "\0".join([grammar_text(), name, said, lark.__version__, sys.version])
    stamp = hashlib.sha256(spec.encode()).hexdigest()
    folder = grammar_cache.cache_dir()
    path = folder / f"{name}-{stamp[:32]}.json" if folder is not None else None
    stored = grammar_cache.read(path) if path is not None else None
    if stored is not None:
        try:
            kept = grammar_cache.loads(stored)
            if kept["schema"] == _CACHE_SCHEMA and kept["made_from"] == stamp:
                data = dict(kept["data"])
                data["options"] = dict(options)
                loaded = Lark.load({"data": data, "memo": kept["memo"]})
                if _trusted(loaded):
                    return loaded
        except Exception:  # noqa: BLE001 - damaged or foreign: built again below
            pass
    made = Lark(grammar_text(), **options)
    if path is not None and _trusted(made):
        data, memo = made.memo_serialize([TerminalDef, Rule])
        grammar_cache.save(path, grammar_cache.dumps({"schema": _CACHE_SCHEMA, "made_from": stamp,
                                                      "data": data, "memo": memo}))
    return made


def _trusted(made: Lark) -> bool:
    """Whether every terminal of ``made`` is the grammar's (its pattern, priority and widths as
    the shipped table says) and it lexes as asked: what a cache file holds is checked, not
    believed."""
    from lark.lexer import PatternRE, PatternStr

    table = _table()
    for terminal in made.terminals:
        pattern, name = terminal.pattern, terminal.name
        if (type(pattern) not in (PatternStr, PatternRE)
                or table["terminals"].get(name) != pattern.to_regexp()
                or table["priorities"].get(name) != terminal.priority
                or table["widths"].get(name) != [pattern.min_width, pattern.max_width]):
            return False
    return bool(made.lexer_conf.lexer_type == made.options.lexer)


@cache
def parser() -> Lark:
    """The LALR parser of the grammar (contextual lexer), building parse trees for the
    general path. Parsing does not change it: one instance serves every reader. Its tables
    come from the cache of :func:`grammar_cache.cache_dir` when they are there."""
    return _cached_lark("parser", {"parser": "lalr", "lexer": "contextual", "start": list(START_SYMBOLS),
                                   "propagate_positions": False, "maybe_placeholders": False})


@cache
def pattern(name: str) -> str:
    """The Python regular expression of terminal ``name``, as a non-capturing group."""
    return "(?:" + _terminals()[name] + ")"


@cache
def regex(name: str) -> re.Pattern[str]:
    """Terminal ``name`` compiled."""
    return re.compile(pattern(name))


_GROUP = re.compile(r"\(\?i?:(.*?)\)(?:\(\?!|$)")
_CLASS = re.compile(r"\[([^\]]+)\]")
_RANGE = re.compile(r"(.)-(.)")


def _class_chars(body: str) -> str:
    """The characters of a class body such as ``1-9`` or ``eé``."""
    return _RANGE.sub(lambda m: "".join(map(chr, range(ord(m[1]), ord(m[2]) + 1))), body)


@cache
def words_of(name: str) -> tuple[str, ...]:
    """Every word terminal ``name`` matches, as written in the grammar, when it is a list of
    alternatives each with at most one character class (``(?i:a|b[cd])``, ``[SHDC]``)."""
    regexp = _terminals()[name]
    found = _GROUP.match(regexp)
    alternatives = found.group(1).split("|") if found is not None else [regexp]
    words: list[str] = []
    for alt in alternatives:
        klass = _CLASS.search(alt)
        if klass is None:
            words.append(alt)
            continue
        for char in _class_chars(klass.group(1)):
            words.append(alt[: klass.start()] + char + alt[klass.end():])
    return tuple(words)


@cache
def delimiters(name: str) -> tuple[str, str]:
    """The first and last characters of a delimited terminal (``COMMENT``: ``{`` and ``}``)."""
    regexp = _terminals()[name]
    first = regexp[1] if regexp[0] == "\\" else regexp[0]
    return first, regexp[-1]


@cache
def keywords(name: str) -> frozenset[str]:
    """The words of a keyword terminal ``(?i:a|b|c)``, lower-case."""
    return frozenset(word.lower() for word in words_of(name))


SEATS: dict[str, int] = {**{c: i for i, c in enumerate(SEAT_NAMES)},
                         **{c.lower(): i for i, c in enumerate(SEAT_NAMES)}}
"""Seat letters (either case) to seat numbers."""

def mark_of(word: str) -> Mark:
    """``belote`` or ``rebelote`` for a word of ``MARK_WORD`` (``re``, ``rebel``... say rebelote)."""
    return "rebelote" if word.lower().startswith("re") else "belote"


def kind_of(word: str) -> Kind:
    """``sequence``, ``carre`` or ``belote`` for a word of ``KIND``."""
    low = word.lower()
    if low.startswith(("carr", "square")):
        return "carre"
    return "belote" if low == "belote" else "sequence"


@cache
def card_table(deck: Deck) -> dict[str, int]:
    """Every card name the lenient form accepts in ``deck``, upper-case and as written in the
    canonical form, to its number."""
    table: dict[str, int] = {}
    for rank_word in words_of("RANK"):
        for suit_word in words_of("SUIT_CHAR"):
            try:
                table[(rank_word + suit_word).upper()] = parse_card(rank_word + suit_word, deck)
            except CardError:
                pass
    for suit in SUITS:
        for rank in RANKS:
            card = make_card(suit, rank)
            table[card_name(card, deck)] = card
    return table


@cache
def play_table(deck: Deck) -> dict[str, tuple[int | None, int]]:
    """Canonical play words of ``deck`` (``N:AS``, ``AS``) to (seat, card)."""
    table: dict[str, tuple[int | None, int]] = {}
    for card in range(32):
        name = card_name(card, deck)
        table[name] = (None, card)
        for seat, letter in enumerate(SEAT_NAMES):
            table[f"{letter}:{name}"] = (seat, card)
    return table


@cache
def call_words() -> dict[str, Action]:
    """Every call keyword (lower-case) to its action; a contrée bid of points is read by
    :func:`points_bid`.

    >>> call_words()["contre"], call_words()["générale"], call_words()["passe"]
    ('coinche', 'generale', 'pass')
    """
    table: dict[str, Action] = {}
    for action, name in (("pass", "PASS_WORD"), ("take", "TAKE_WORD"), ("coinche", "COINCHE_WORD"),
                         ("surcoinche", "SURCOINCHE_WORD")):
        for word in keywords(name):
            table[word] = action  # type: ignore[assignment]
    for word in keywords("CONTRACT_WORD"):
        table[word] = "capot" if word == "capot" else "generale"
    return table


def strain_word(word: str) -> int | None:
    """``SANS_ATOUT`` (4) or ``TOUT_ATOUT`` (5) for their words, ``None`` for anything else
    (a suit is read with the game's deck).

    >>> strain_word("SA"), strain_word("tout-atout"), strain_word("H")
    (4, 5, None)
    """
    low = word.lower()
    if low in keywords("NO_TRUMP_WORD"):
        return SANS_ATOUT
    if low in keywords("ALL_TRUMP_WORD"):
        return TOUT_ATOUT
    return None


_POINTS_BID = re.compile(r"([89]0|[1-9]\d0)(.*)", re.DOTALL)


def points_bid(word: str) -> tuple[int, str] | None:
    """The points of a contrée bid word and what follows them (its trump, or ``""`` when the
    trump is the next word).

    >>> points_bid("80H"), points_bid("110sa"), points_bid("90"), points_bid("pass")
    ((80, 'H'), (110, 'sa'), (90, ''), None)
    """
    found = _POINTS_BID.fullmatch(word)
    if found is None:
        return None
    return int(found.group(1)), found.group(2)
