"""Hypothesis strategies for random records (any values the notation can hold)."""

from __future__ import annotations

from hypothesis import strategies as st

from belote_notation.notation.records import (
    Announcement,
    Bid,
    CardRef,
    Deal,
    Game,
    Hand,
    Header,
    Play,
    Score,
    Trick,
    Variation,
)

# Text with the characters that usually break notations: quotes, backslashes, braces,
# brackets, semicolons, keywords, line feeds, tabs, non-ASCII. CR is excluded (line ends
# are normalised: docs/notation.md, "Lexical rules").
TRICKY = st.text(
    alphabet=st.one_of(
        st.sampled_from(list('"\\{}[]();$!?:\n\t end fin deal trick N:AS ♠ é 10O')),
        st.characters(blacklist_categories=("Cs",), blacklist_characters="\r"),
    ),
    max_size=20,
)
SEAT = st.integers(0, 3)
CARD = st.integers(0, 31)
SMALL = st.integers(0, 999)
SIGNED = st.integers(-999, 9999)
GLYPH = st.sampled_from(["!", "?", "!!", "??", "!?", "?!"])


def _annotated(draw, depth: int) -> dict:
    return {
        "glyph": draw(st.none() | GLYPH),
        "nags": draw(st.lists(st.integers(0, 255), max_size=2)),
        "comments": draw(st.lists(TRICKY, max_size=2)),
        "variations": draw(st.lists(variations(depth + 1), max_size=1)) if depth < 2 else [],
    }


@st.composite
def plays(draw, depth: int = 0) -> Play:
    return Play(seat=draw(st.none() | SEAT), card=draw(CARD),
                mark=draw(st.none() | st.sampled_from(["belote", "rebelote"])),
                **_annotated(draw, depth))


@st.composite
def bids(draw, depth: int = 0, rnd: int | None = None) -> Bid:
    action = draw(st.sampled_from(["pass", "take"]))
    suit = draw(st.none() | st.integers(0, 3)) if action == "take" else None
    return Bid(seat=draw(st.none() | SEAT), action=action, suit=suit,
               round=rnd if rnd is not None else draw(st.sampled_from([1, 2])),
               **_annotated(draw, depth))


@st.composite
def variations(draw, depth: int = 1) -> Variation:
    items = draw(st.lists(st.one_of(plays(depth), bids(depth)), max_size=3))
    return Variation(items=items, comments=draw(st.lists(TRICKY, max_size=1)))


def hands(max_cards: int = 8):
    return st.builds(Hand, seat=SEAT, cards=st.lists(CARD, max_size=max_cards))


@st.composite
def tricks(draw) -> Trick:
    return Trick(number=draw(SMALL), plays=draw(st.lists(plays(), max_size=4)),
                 winner=draw(st.none() | SEAT), comments=draw(st.lists(TRICKY, max_size=1)))


@st.composite
def announcements(draw) -> Announcement:
    return Announcement(seat=draw(SEAT), kind=draw(st.sampled_from(["sequence", "carre", "belote"])),
                        cards=draw(st.lists(CARD, max_size=5)),
                        trick=draw(st.none() | st.integers(0, 9)),
                        before_card=draw(st.none() | st.integers(0, 9)),
                        **_annotated(draw, 1))


@st.composite
def deals(draw) -> Deal:
    return Deal(
        number=draw(SMALL), dealer=draw(st.none() | SEAT),
        five=draw(st.lists(hands(5), max_size=4)),
        offer=draw(st.none() | st.builds(CardRef, card=CARD)),
        bids=draw(st.lists(bids(), max_size=5)),
        rest=draw(st.lists(hands(3), max_size=2)),
        hands=draw(st.lists(hands(), max_size=2)),
        announcements=draw(st.lists(announcements(), max_size=2)),
        tricks=draw(st.lists(tricks(), max_size=3)),
        score=draw(st.none() | st.builds(Score, ns=SIGNED, ew=SIGNED)),
        match_score=draw(st.none() | st.builds(Score, ns=SIGNED, ew=SIGNED)),
        pot=draw(st.none() | SIGNED),
        comments=draw(st.lists(TRICKY, max_size=2)),
    )


TAG_NAMES = st.sampled_from(["Event", "Site", "Date", "Round", "North", "East", "South", "West",
                             "Teams", "Source", "Result", "Annotator", "X_tag.1", "_x-y"])


@st.composite
def games(draw) -> Game:
    headers = draw(st.lists(st.builds(Header, name=TAG_NAMES, value=TRICKY), max_size=4))
    deck_tags = draw(st.sampled_from([[], [("Deck", "spanish")], [("Deck", "french")],
                                      [("Rules", "moroccan")], [("Rules", "classic")],
                                      [("Rules", "moroccan"), ("Option", "target=1000")]]))
    headers += [Header(name=n, value=v) for n, v in deck_tags]
    return Game(
        headers=headers,
        deals=draw(st.lists(deals(), max_size=2)),
        result=draw(st.none() | st.sampled_from(["NS", "EW", "*"]) | TRICKY),
        comments=draw(st.lists(TRICKY, max_size=2)),
    )
