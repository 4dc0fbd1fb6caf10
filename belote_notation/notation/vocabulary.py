"""The vocabulary of the notation, taken from ``belote.lark`` through Lark's public API.

The grammar is the one definition of the syntax: every keyword, alias, terminal, comment and
string syntax the reader, the stream splitter and the error recovery use comes from here, and
here it comes from the grammar (``Lark.get_terminal(name).pattern.to_regexp()``, kept between
runs beside the parsing tables: :func:`cache_dir`). Seat letters
and card names come from :mod:`belote_notation.game.cards`.

>>> sorted(keywords("TRICK_KW"))
['pli', 'trick']
>>> SEATS["w"], section_of("Pli")
(3, 'trick')
>>> card_table(Deck.FRENCH)["AS"], play_table(Deck.FRENCH)["N:AS"]
(7, (0, 7))
"""

from __future__ import annotations

import json
import os
import re
import sys
import zlib
from collections.abc import Callable, Iterator
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

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
from belote_notation.notation.visitor import Action, Kind, Mark, Section

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
    "grammar_text",
    "keywords",
    "kind_of",
    "lark_release",
    "mark_of",
    "parser",
    "pattern",
    "play_table",
    "regex",
    "section_of",
    "sections",
    "words_of",
]

START_SYMBOLS = ("head", "deal", "tail")
"""The rules the reader parses on their own: a game is read piece by piece."""

# Terminals that rules do not use directly (they are parts of the coarse terminals): Lark only
# keeps them when asked, through a post-lexer's ``always_accept``.
_PARTS = (
    "CARD", "SEAT", "PLAY", "BID", "SUIT", "KIND", "MARK_WORD", "PASS_WORD", "TAKE_WORD", "ROUND",
    "COINCHE_WORD", "SURCOINCHE_WORD", "CONTRACT_WORD", "POINTS_BID", "STRAIN", "STRAIN_CHAR",
    "NO_TRUMP_WORD", "ALL_TRUMP_WORD",
    "RANK", "SUIT_CHAR",
    "TAG_NAME", "STRING", "HEADER", "_HWS", "RESULT",
    "DEAL_KW", "DEALER_KW", "FIVE_KW", "OFFER_KW", "SMSARA_KW", "REST_KW", "HAND_KW",
    "ANNOUNCE_KW", "TRICK_KW", "WINNER_KW", "SCORE_KW", "MATCH_KW", "POT_KW", "END_KW",
)


class _KeepParts:
    """Keeps the part terminals in the vocabulary instance (which never lexes anything).

    Lark's post-lexer interface (``lark.lark.PostLex``) without deriving from it, so that this
    module does not import lark; the stored instance names this class, so it keeps its name."""

    always_accept = _PARTS

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        return stream


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


def lark_release() -> str | None:
    """The installed Lark, as the names of the cached files tell it, found without importing it
    or ``importlib.metadata`` (0.05 s and 0.02 s of every start): the text of its ``__init__.py``,
    which holds its ``__version__`` (tests/notation/test_grammar_cache.py holds Lark to that);
    ``None`` when it cannot be read."""
    try:
        spec = find_spec("lark")
        if spec is None or spec.origin is None:
            return None
        with open(spec.origin, "rb") as module:
            return module.read().decode("utf-8", "replace")
    except (OSError, ImportError, ValueError):
        return None


CACHE_ENV = "BELOTE_NOTATION_CACHE"
"""The environment variable naming the folder of the grammar's cache (empty: no cache)."""


def cache_dir() -> Path | None:
    """The per-user folder where the grammar's parsing tables are kept between runs: the
    folder named by ``$BELOTE_NOTATION_CACHE`` (empty: no cache), else ``belote-notation``
    in the platform's cache folder (``$XDG_CACHE_HOME`` or ``~/.cache``, ``~/Library/Caches``,
    ``%LOCALAPPDATA%``). Not made here: a folder that cannot be made or written is no cache.

    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {CACHE_ENV: ""}):
    ...     cache_dir() is None
    True
    >>> with mock.patch.dict(os.environ, {CACHE_ENV: "/tmp/x"}):
    ...     cache_dir().name
    'x'
    """
    chosen = os.environ.get(CACHE_ENV)
    if chosen is not None:
        return Path(chosen) if chosen else None
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = str(Path.home() / "Library" / "Caches")
    else:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "belote-notation"


def _cached_lark(name: str, options: dict[str, Any], also: str = "") -> Lark:
    """The Lark instance of the grammar with ``options``, loaded from the cache (Lark's own
    ``save``/``load``: building the LALR tables took 0.28 s of every start) or built and saved
    there. The file is named by a hash of the grammar, the options and the versions of Lark
    and Python, so a change to any of them builds it again; it is written to a temporary and
    renamed (processes starting together never read half a file). A missing, read-only or
    damaged cache is never an error: the grammar is built as without one. ``also``: what
    else the instance depends on (an object among ``options`` is not part of the name)."""
    import hashlib

    import lark
    from lark import Lark

    said = sorted((key, repr(value)) for key, value in options.items() if key != "postlex")
    spec = "\0".join([grammar_text(), name, repr(said), also, lark.__version__, sys.version])
    folder = cache_dir()
    if folder is None:
        return Lark(grammar_text(), **options)
    path = folder / f"{name}-{hashlib.sha256(spec.encode()).hexdigest()[:32]}.lark"
    try:
        with open(path, "rb") as stored:
            return Lark.load(stored)
    except Exception:  # noqa: BLE001 - no file, not readable, or damaged: built again below
        pass
    made = Lark(grammar_text(), **options)
    _save(made.save, path)
    return made


def _save(write: Callable[[IO[Any]], object], path: Path) -> None:
    """What ``write`` writes to a binary file saved at ``path`` through a temporary renamed;
    nothing when it cannot be."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        import tempfile  # when a cache file is written: rarely

        handle, temporary = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(handle, "wb") as out:
                write(out)
            os.replace(temporary, path)
        finally:
            if os.path.exists(temporary):
                os.unlink(temporary)
    except OSError:
        pass                    # a read-only or missing folder: no cache this time


@cache
def parser() -> Lark:
    """The LALR parser of the grammar (contextual lexer), building parse trees for the
    general path. Parsing does not change it: one instance serves every reader. Its tables
    come from the cache of :func:`cache_dir` when they are there."""
    return _cached_lark("parser", {"parser": "lalr", "lexer": "contextual", "start": list(START_SYMBOLS),
                                   "propagate_positions": False, "maybe_placeholders": False})


@cache
def _vocabulary() -> Lark:
    # The post-lexer only makes Lark keep the part terminals (its always_accept): a loaded
    # instance has them, and this one never lexes.
    return _cached_lark("vocabulary", {"parser": "lalr", "lexer": "basic", "postlex": _KeepParts(),
                                       "start": ["game"]}, also=repr(_PARTS))


@cache
def _terminals() -> dict[str, str]:
    """Every terminal of the grammar to its regular expression, as Lark gives it
    (``to_regexp``), kept in the cache of :func:`cache_dir` beside the parsing tables: the
    readers of canonical text need these words and not Lark, whose import and tables were
    0.05 s of every start. The file keeps what the table was made from (the grammar, the part
    terminals, the installed Lark: :func:`lark_release`, asked without importing it, and
    Python's version), compared when it is read, and is named by a CRC of it (a name that
    keeps apart the files of several installs; SHA-256 needed hashlib, 3 ms of every start);
    a missing, damaged, other or unwritable one is built from the grammar through Lark, as
    without a cache."""
    folder = cache_dir()
    path = None
    made_from = ""
    if folder is not None:
        lark = lark_release()
        if lark is not None:
            made_from = "\0".join([grammar_text(), "terminals", repr(_PARTS), lark, sys.version])
            path = folder / f"terminals-{zlib.crc32(made_from.encode()):08x}.json"
            try:
                with open(path, "rb") as stored:
                    kept = json.load(stored)
                table = kept["terminals"]
                if (kept["made_from"] == made_from and isinstance(table, dict)
                        and all(isinstance(v, str) for v in table.values())
                        and all(name in table for name in _PARTS)):
                    return table
            except Exception:  # noqa: BLE001 - no file, not readable, or damaged: built again below
                pass
    made = {terminal.name: terminal.pattern.to_regexp() for terminal in _vocabulary().terminals}
    if path is not None:
        data = json.dumps({"made_from": made_from, "terminals": made}, ensure_ascii=False,
                          sort_keys=True).encode("utf-8")
        _save(lambda out: out.write(data), path)
    return made


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

_SECTION_KEYWORDS: tuple[tuple[str, Section], ...] = (
    ("FIVE_KW", "five"), ("OFFER_KW", "offer"), ("SMSARA_KW", "bidding"), ("REST_KW", "rest"),
    ("HAND_KW", "hand"), ("ANNOUNCE_KW", "announce"), ("TRICK_KW", "trick"),
    ("SCORE_KW", "scores"), ("MATCH_KW", "scores"), ("POT_KW", "scores"),
)


@cache
def sections() -> dict[str, Section]:
    """The keywords that start a section line (as written in the grammar, and lower-case)."""
    return {word: section for name, section in _SECTION_KEYWORDS
            for word in keywords(name) | set(words_of(name))}


def section_of(word: str) -> Section | None:
    """The section a line starting with keyword ``word`` belongs to (``None``: not one)."""
    table = sections()
    found = table.get(word)
    return found if found is not None else table.get(word.lower())


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
