"""The deal parts' own fields (``_canon.part_fields``, ``notation/read/_parts.c``).

Compiled, each of ``check/facts.py``'s part classes is a subclass with no slot of its own of
a type of the reader's extension holding one object field per name; the reader fills a part
of such a class where that type puts its fields (no member descriptor's setter call each).
The parts must behave as the plain slotted classes of the pure-Python path: the same names,
unset fields, pickling, copying, the collector's view of their references.
"""

from __future__ import annotations

import copy
import gc
import io
import os
import pickle
import subprocess
import sys

import pytest

from belote_notation.check import facts
from belote_notation.check.checker import GameChecker
from belote_notation.check.setup import ValidationConfig
from belote_notation.notation.read.canon import compiled_reader
from belote_notation.notation.read.reader import iter_game_texts, read_game_events
from tests.speed.corpus import corpus_text

pytestmark = pytest.mark.skipif(compiled_reader() is None, reason="the C extensions are not built")

PARTS = (facts.HandFact, facts.OfferFact, facts.BidFact, facts.AnnouncementFact, facts.TrickFact,
         facts.ScoreFact, facts.DealFacts)


def _names(cls: type) -> tuple[str, ...]:
    return tuple(name for klass in cls.__mro__ for name in vars(klass).get("__slots__", ()))


@pytest.mark.parametrize("cls", PARTS, ids=lambda cls: cls.__name__)
def test_each_part_class_keeps_its_fields_in_a_type_of_the_reader(cls: type) -> None:
    from belote_notation.notation.read import _canon

    base = cls.__mro__[1]
    assert cls.__slots__ == () and base.__module__ == "belote_notation.notation.read._canon"
    assert _canon.part_fields(base.__slots__) is base  # the same names: the same type
    assert sorted(_names(cls)) == sorted(base.__slots__) and len(set(base.__slots__)) == len(base.__slots__)


def test_the_pure_python_classes_have_the_same_slots() -> None:
    code = ("from belote_notation.check import facts as f; "
            "print([(c.__mro__[1] is object, sorted(c.__slots__)) for c in "
            "(f.HandFact, f.OfferFact, f.BidFact, f.AnnouncementFact, f.TrickFact, f.ScoreFact, "
            "f.DealFacts)])")
    env = {**os.environ, "BELOTE_PURE_PYTHON": "1"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          check=True)
    assert done.stdout.strip() == repr([(True, sorted(_names(cls))) for cls in PARTS])


def test_a_part_behaves_as_a_plain_slotted_object() -> None:
    bid = facts.BidFact(1, "take", 2, 1, 7, 3)
    assert (bid.seat, bid.action, bid.suit, bid.round, bid.line, bid.col, bid.value, bid.variations) == (
        1, "take", 2, 1, 7, 3, None, None)
    for other in (pickle.loads(pickle.dumps(bid, protocol=pickle.HIGHEST_PROTOCOL)), copy.copy(bid),
                  copy.deepcopy(bid)):
        assert type(other) is facts.BidFact
        assert [getattr(other, name) for name in _names(facts.BidFact)] == [
            getattr(bid, name) for name in _names(facts.BidFact)]
    del bid.value
    with pytest.raises(AttributeError):
        bid.value  # noqa: B018  (an unset field, as an unset slot)
    with pytest.raises(AttributeError):
        bid.nope = 1  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        facts.BidFact.__mro__[1](1)  # the fields' type takes no arguments, as object


def test_the_collector_sees_and_breaks_a_cycle_through_a_part() -> None:
    finalized: list[bool] = []

    class Mark:
        def __del__(self) -> None:
            finalized.append(True)

    trick = facts.TrickFact(1, 2, 3)
    trick.cards = [trick, Mark()]
    assert trick.cards in gc.get_referents(trick)
    del trick
    gc.collect()
    assert finalized == [True]


class _Noted(facts.BidFact):
    """A part class with a slot of its own: filled through its descriptors, as any class."""

    __slots__ = ("note",)


class _NotedChecker(GameChecker):
    DEAL_PARTS = GameChecker.DEAL_PARTS._replace(call=_Noted)  # type: ignore[union-attr]

    def __init__(self, kept: list[facts.DealFacts]) -> None:
        super().__init__(ValidationConfig(keep_deals=False), "corpus.bel")
        self.kept = kept

    def visit_deal_parts(self, deal: facts.DealFacts) -> None:
        self.kept.append(deal)
        super().visit_deal_parts(deal)


def test_a_subclass_with_slots_of_its_own_is_filled_through_its_descriptors() -> None:
    kept: list[facts.DealFacts] = []
    text = next(iter(corpus_text(3, seed=5, rate=0.0)))
    for game in iter_game_texts(io.BytesIO(text.encode()), name="corpus.bel"):
        read_game_events(game, _NotedChecker(kept), "corpus.bel")
    bids = [bid for deal in kept for bid in deal.bids]
    assert kept and bids and all(type(bid) is _Noted and bid.note is None and bid.variations is None
                                 for bid in bids)
    assert all(type(hand) is facts.HandFact for deal in kept for hand in deal.hands + deal.five + deal.rest)


def test_the_engine_reads_the_facts_it_is_handed_at_their_fields() -> None:
    assert facts.READ_IN_PLACE == (True, True, True)


class _Swapped:
    __slots__ = ("a", "b")


class _Hidden(facts.ScoreFact):
    __slots__ = ()

    @property
    def ew(self) -> int:  # type: ignore[override]
        return 0


@pytest.mark.parametrize(("cls", "names"), [
    (_Swapped, ("b", "a")),  # the fields elsewhere than the names say
    (facts.ScoreFact, ("ew", "col", "line", "ns")),  # a part's fields elsewhere than the names say
    (_Swapped, ("a", "b")),  # slots of Python's layout, not the reader's: never read in place
    (facts.ScoreFact, ("col", "ew", "line", "ns", "more")),  # more fields than the object holds
    (_Hidden, ("col", "ew", "line", "ns")),  # a field behind a property
    (dict, ("a",)),  # no such field
    (facts.ScoreFact, ("col", 1, "line", "ns")),  # a name that is not a str
])
def test_a_class_the_probe_does_not_find_in_place_is_read_through_getattr(cls: type, names: tuple[str, ...]
                                                                          ) -> None:
    from belote_notation.game.engine import _play

    assert _play.record_fields(cls, names) is False
