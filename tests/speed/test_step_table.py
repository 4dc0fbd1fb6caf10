"""The compiled table of an auction's steps (``game/engine/_steps.c``): a mapping of key tuples
of a fixed width, looked up by the values themselves, equal to a dict fed the same steps."""

from __future__ import annotations

import gc
import random
import weakref

import pytest

from belote_notation.game.engine.auction import STEP_STATE
from belote_notation.game.engine.auction_table import step_table
from belote_notation.game.rules import Ruleset

_play = pytest.importorskip("belote_notation.game.engine._play")


def test_it_is_a_dict_of_the_same_steps() -> None:
    rng = random.Random(7)
    table, expected = _play.StepTable(5), {}
    for n in range(5_000):  # grows many times; the keys collide on purpose (few distinct values)
        key = (rng.randrange(4), rng.choice((None, 0, 1)), rng.choice(("bid", "pass", "coinche")),
               rng.choice((None, (80, "bid", 1, 2), (90, "bid", 0, 3))), rng.randrange(40))
        entry = ((rng.randrange(60), False, n),)
        table[key] = entry
        expected[key] = entry
    assert len(table) == len(expected)
    assert dict(table.items()) == expected
    for key, entry in expected.items():
        assert table[tuple(key)] is entry


def test_equal_values_that_are_other_objects_find_the_step() -> None:
    table = _play.StepTable(3)
    table[("bid", (80, "bid", 1, 2), 1)] = ((1, False, 2),)
    word = "".join(["b", "i", "d"])  # equal, not the same object
    assert table[(word, (80, "bid", 1, 2), 1)] == ((1, False, 2),)
    assert table[(word, (80, "bid", 1, 2), True)] == ((1, False, 2),)  # as a dict: 1 == True


def test_a_missing_step_a_wrong_width_and_an_unhashable_value() -> None:
    table = _play.StepTable(2)
    with pytest.raises(KeyError):
        table[(1, 2)]
    with pytest.raises(KeyError):
        table[(1, 2, 3)]
    with pytest.raises(KeyError):
        table[1]
    with pytest.raises(TypeError):
        table[([1], 2)] = ()
    with pytest.raises(TypeError):
        del table[(1, 2)]
    with pytest.raises(ValueError):
        _play.StepTable(0)


def test_cleared_it_is_empty_and_it_is_collected() -> None:
    table = _play.StepTable(1)
    for n in range(100):
        table[(n,)] = (n,)
    assert len(table) == 100 and table
    table.clear()
    assert len(table) == 0 and not table and table.items() == []

    class Held:
        pass

    cycle = _play.StepTable(1)
    held = Held()
    cycle[(0,)] = (held,)
    held.table = cycle  # type: ignore[attr-defined]
    gone = weakref.ref(held)
    del cycle, held
    gc.collect()
    assert gone() is None


def test_a_contree_rule_set_has_one_keyed_by_its_steps_values() -> None:
    table = step_table(Ruleset.preset("contree").with_options({"max_points_bid": 150}))
    assert isinstance(table, _play.StepTable)
    with pytest.raises(KeyError):
        table[(None,) * (len(STEP_STATE) + 4)]


def test_a_comparison_that_changes_the_table_does_not_break_it() -> None:
    table = _play.StepTable(1)

    class Clearing:
        """Equal to anything, hashing as 1, clearing the table when compared."""

        def __hash__(self) -> int:
            return 1

        def __eq__(self, other: object) -> bool:
            table.clear()
            return True

    table[(1,)] = "one"  # hash(1) == 1: the same chain
    with pytest.raises(KeyError):
        table[(Clearing(),)]  # compared with 1, which it takes away: then nothing is there
    table[(Clearing(),)] = "two"
    assert len(table) == 1 and table.items()[0][1] == "two"
