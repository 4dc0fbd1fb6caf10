"""The compiled reader of canonical deals (the optional C extension ``_canon``).

``notation/read/_canon.c`` reads a deal in the canonical layout (as ``fmt`` writes it and
programs emit it) exactly as :meth:`~.canonical.CanonicalReader.canonical_deal` does, with the same
tables (this module hands them over: the words are defined once, in
:mod:`belote_notation.notation.vocabulary` and :mod:`.quick_words`), and gives the same events,
or, for a visitor that takes a deal at once
(:attr:`~belote_notation.notation.visitor.Visitor.DEAL_PARTS`), its parts made of that
visitor's classes as :data:`~belote_notation.notation.visitor.PART_FIELDS` says
(:func:`part_spec`); whatever it cannot read gives ``None`` and the Python reader reads the deal.
The positions of a line's cards come as a ``LinePositions`` (the line once and the columns, a
sequence of ``(line, col)`` equal to the Python reader's list of tuples). It is built by
``setup.py`` when a C compiler works; without it (or with ``BELOTE_PURE_PYTHON=1`` in the
environment, read once at import: :mod:`belote_notation.game.compiled`) everything runs on the
Python path, which gives the same results.

The same extension makes the Play records of a trick for the record builder
(:func:`compiled_plays`) and any other record (:func:`compiled_new_record`), as :mod:`.build`
makes them.

>>> compiled_reader() is None or callable(compiled_reader())
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, partial
from typing import Any

from belote_notation.game.cards import Deck
from belote_notation.game.compiled import compiled
from belote_notation.notation import vocabulary as vocab
from belote_notation.notation.limits import MAX_DIGITS
from belote_notation.notation.read.quick_words import (
    points_bid_reader,
    quick_calls,
    quick_rounds,
    quick_score_words,
    quick_strains,
    quick_suits,
)
from belote_notation.notation.visitor import PART_FIELDS, DealParts

__all__ = ["canonical_cards", "canonical_tables", "canonical_words", "compiled_cut", "compiled_new_record",
           "compiled_plays", "compiled_reader", "compiled_tags", "part_spec", "static_tables",
           "tag_characters"]

Scan = Callable[..., "tuple[int, int | None, Any, int, int, int] | None"]
MakePlays = Callable[..., list[Any]]
NewRecord = Callable[[type, dict[str, Any]], Any]
ReadTags = Callable[..., "tuple[list[tuple[str, str]], int, tuple[str, ...]] | None"]
CutGame = Callable[..., "tuple[int, bool, int, int] | None"]
_KINDS = {"hand": 1, "offer": 2, "calls": 3, "trick": 4, "score": 5, "announce": 6}


def _load() -> tuple[Scan, MakePlays, NewRecord, ReadTags, CutGame]:
    from belote_notation.notation.read._canon import (
        LinePositions,
        cut_game,
        make_plays,
        new_record,
        read_tags,
        scan_deal,
    )

    Sequence.register(LinePositions)
    return scan_deal, make_plays, new_record, read_tags, cut_game


_SCAN, _MAKE_PLAYS, _NEW_RECORD, _READ_TAGS, _CUT_GAME = compiled(_load) or (None, None, None, None, None)


def compiled_reader() -> Scan | None:
    """``scan_deal`` of the C extension, ``None`` when it is not built or switched off."""
    return _SCAN


def compiled_plays() -> MakePlays | None:
    """``make_plays`` of the C extension (the Play records of a trick, made as
    :meth:`~.build.RecordBuilder.visit_trick` makes them), ``None`` when not built or switched off."""
    return _MAKE_PLAYS


def compiled_new_record() -> NewRecord | None:
    """``new_record`` of the C extension (:func:`.build.new_record` without a Python frame),
    ``None`` when not built or switched off."""
    return _NEW_RECORD


def compiled_cut() -> CutGame | None:
    """``cut_game`` of the C extension (the splitter's ``_block_cut`` of a block of one byte a
    character), ``None`` when not built or switched off."""
    return _CUT_GAME


def compiled_tags() -> ReadTags | None:
    """``read_tags`` of the C extension with the grammar's characters (:func:`tag_characters`):
    ``(text, pos, last)`` -> the tag pairs from ``pos`` in the layout ``fmt`` writes, the offset
    after them and their names (``last``: an earlier answer, or ``None``; a name or value spelled
    as its pair's at the same index is that very string, the pair itself when both are, and the
    names its names tuple when all are), ``None`` for any other layout; ``None`` when not built
    or switched off."""
    return None if _READ_TAGS is None else _tags_reader()


@cache
def _tags_reader() -> ReadTags:
    assert _READ_TAGS is not None
    return partial(_READ_TAGS, *tag_characters())


@cache
def tag_characters() -> tuple[bytes, bytes, bytes]:
    """The ASCII characters a tag name may start with, those it may hold after its first, and
    those of a quoted value without escapes, as flags by code: probed with the grammar's own
    ``TAG_NAME`` and ``STRING`` expressions (a name is its first character and any number of
    the others: tests/speed/test_deal_facts.py holds the grammar to that shape)."""
    name, string = vocab.regex("TAG_NAME"), vocab.regex("STRING")
    chars = [chr(code) for code in range(128)]
    first = bytes(name.fullmatch(c) is not None for c in chars)
    start = chr(first.index(1)) if 1 in first else ""
    rest = bytes(bool(start) and name.fullmatch(start + c) is not None for c in chars)
    value = bytes(c != '"' and string.fullmatch(f'"{c}"') is not None for c in chars)
    return first, rest, value


PartSpec = tuple[tuple[type, tuple[str, ...], tuple[str, ...]], ...]


@cache
def part_spec(parts: DealParts | None) -> PartSpec | None:
    """What ``scan_deal`` takes of a visitor's
    :class:`~belote_notation.notation.visitor.DealParts`: each part's class with the slots it
    fills (:data:`~belote_notation.notation.visitor.PART_FIELDS`) and its other slots (set to
    ``None``), in the order of the parts.

    >>> class Score:
    ...     __slots__ = ("ns", "ew", "line", "col", "note")
    >>> part_spec(None) is None, part_spec(DealParts(*[Score] * 7))[5][1:]
    (True, (('ns', 'ew', 'line', 'col'), ('note',)))
    """
    if parts is None:
        return None
    return tuple((cls, PART_FIELDS[name], _other_slots(cls, PART_FIELDS[name]))
                 for name, cls in zip(DealParts._fields, parts, strict=True))


def _other_slots(cls: type, fields: tuple[str, ...]) -> tuple[str, ...]:
    """The slots of ``cls`` and its bases (their ``__slots__``) that ``fields`` does not name."""
    names: list[str] = []
    for klass in cls.__mro__:
        slots = vars(klass).get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name.startswith("__") and not name.endswith("__"):  # a private name, as Python mangles it
                name = f"_{klass.__name__.lstrip('_')}{name}"
            if name not in fields and name not in names and name not in ("__dict__", "__weakref__"):
                names.append(name)
    return tuple(names)


@cache
def canonical_words(name: str) -> tuple[str, ...]:
    """The words of the grammar's terminal ``name`` of the canonical layout
    (:data:`~belote_notation.notation.vocabulary.CANONICAL_WORDS`: ``C_DEAL``, ``C_KIND``...).

    >>> canonical_words("C_DEAL"), canonical_words("C_KIND"), canonical_words("C_SEAT")
    (('deal',), ('sequence', 'carre', 'belote'), ('N', 'E', 'S', 'W'))
    """
    if name not in vocab.CANONICAL_WORDS:
        raise ValueError(f"{name} is not a terminal of the canonical layout's words")
    return vocab.words_of(name)


@cache
def canonical_cards(deck: Deck) -> dict[str, int]:
    """The card names of ``deck`` in the shape of the grammar's ``C_CARD`` (the canonical
    layout's offer and announcement cards), to their numbers: the card table filtered by it.

    >>> french = canonical_cards(Deck.FRENCH)
    >>> french["10S"], "TS" in french, "TS" in vocab.card_table(Deck.FRENCH)
    (3, False, True)
    """
    shape = vocab.regex("C_CARD")
    return {word: card for word, card in vocab.card_table(deck).items() if shape.fullmatch(word)}


@cache
def canonical_tables(deck: Deck) -> tuple[Any, ...]:
    """The compiled reader's tables of the canonical layout's own words, all from the grammar:
    the heading's keywords (``C_DEAL``, ``C_DEALER``), its seats (``C_SEAT``) to their numbers,
    the offer and announcement cards (:func:`canonical_cards`), the kinds of an announcement
    (``C_KIND``) to theirs, the rounds of a bidding line (``C_ROUND``) to their numbers, and
    the prefixes of an announcement's ``trick=`` and ``before=`` (one word each)."""
    trick, before = canonical_words("C_WHEN_TRICK"), canonical_words("C_WHEN_BEFORE")
    if len(trick) != 1 or len(before) != 1:
        raise ValueError("the grammar's C_WHEN_TRICK and C_WHEN_BEFORE must be one word each")
    return (frozenset(canonical_words("C_DEAL")), frozenset(canonical_words("C_DEALER")),
            {letter: vocab.SEATS[letter] for letter in canonical_words("C_SEAT")}, canonical_cards(deck),
            {word: vocab.kind_of(word) for word in canonical_words("C_KIND")},
            quick_rounds(), trick[0], before[0])


@cache
def static_tables(deck: Deck, line_kinds: tuple[tuple[str, str], ...],
                  hands: tuple[tuple[str, str], ...]) -> tuple[Any, ...]:
    """The tables of the words the C reader reads, for ``deck`` (the ones ``scan_deal`` takes
    first, in its order): ``line_kinds`` maps the first word of a line to its kind (``hand``,
    ``other``, ``calls``, ``trick``, ``score``), ``hands`` a hand keyword to its section."""
    marks = {word: vocab.mark_of(word) for word in vocab.keywords("MARK_WORD")}
    no_marks = tuple((None,) * n for n in range(9))
    return ({word: _KINDS[kind] for word, kind in line_kinds}, dict(hands), vocab.SEATS,
            vocab.card_table(deck), vocab.keywords("SMSARA_KW"), quick_calls(), quick_suits(deck),
            quick_strains(deck), points_bid_reader(deck), vocab.keywords("TRICK_KW"),
            vocab.keywords("WINNER_KW"), vocab.play_table(deck), marks, quick_score_words(), no_marks,
            MAX_DIGITS, *canonical_tables(deck))
