"""``ordered_map``: results in input order over worker processes, a bounded number in flight."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest

from belote_notation.pipeline.ordered import ordered_map


def slow_when_even(item: int) -> tuple[int, int]:
    """Even items take longer: a pool that kept finishing order would reorder them."""
    time.sleep(0.02 if item % 2 == 0 else 0.0)
    return item, os.getpid()


def refuse_three(item: int) -> int:
    if item == 3:
        raise ValueError("three")
    return item


def test_results_come_in_input_order_from_several_processes() -> None:
    results = list(ordered_map(slow_when_even, range(20), jobs=2))
    assert [item for item, _ in results] == list(range(20))
    assert len({pid for _, pid in results}) == 2


def test_items_are_taken_only_as_results_are_used() -> None:
    taken: list[int] = []

    def items() -> Iterator[int]:
        for item in range(1000):
            taken.append(item)
            yield item

    results = ordered_map(abs, items(), jobs=2, in_flight=4)
    assert next(results) == 0 and len(taken) <= 5
    assert next(results) == 1 and len(taken) <= 6
    results.close()  # stopping early leaves nothing running
    assert len(taken) < 10


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_error_comes_out_at_its_item(jobs: int) -> None:
    results = ordered_map(refuse_three, range(10), jobs=jobs)
    assert [next(results) for _ in range(3)] == [0, 1, 2]
    with pytest.raises(ValueError, match="three"):
        next(results)
