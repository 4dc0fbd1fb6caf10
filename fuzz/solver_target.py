"""The ``solver`` fuzz target: the solver's Python entry points on anything the bytes make.

Properties:

* the C searcher (``_dds.Solver``) given arguments made from the bytes (any ints, huge and
  negative ones, wrong types, wrong lengths, the same card twice, made with ``__new__`` and
  never initialised) raises only ``TypeError``, ``ValueError`` or its ``SearchLimit``, and never
  crashes the interpreter (run under AddressSanitizer and UBSan: docs/fuzzing.md);
* on a legal position of a random deal of any rule system and strain (sans-atout and
  tout-atout included) its values equal the plain minimax over the engine once at most 12
  cards are left, its value is the best of its values, its legal cards are the engine's, and a
  question stopped by the budget leaves the next answer exact.

The bytes are read by :class:`fuzz.targets._Bytes`'s rule (mostly small numbers, sometimes huge
ones); a short input reads as zeros.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from belote_notation.analysis.reference import minimax_values
from belote_notation.analysis.solver import DoubleDummy, SearchTooLong
from belote_notation.analysis.tables import solver_for, solver_limit, solver_type
from belote_notation.game.engine import legal_cards, new_deal, play_card, set_contract, set_hands, to_play
from belote_notation.game.rules import PRESETS

__all__ = ["solver"]

_PRESETS = sorted(PRESETS)


class PropertyFailed(AssertionError):
    """A property of the solver target does not hold for an input."""


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise PropertyFailed(message)


class _Source:
    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def byte(self) -> int:
        self.pos += 1
        return self.data[self.pos - 1] if self.pos <= len(self.data) else 0

    def number(self) -> int:
        """Mostly small, sometimes a mask, sometimes beyond any C integer."""
        kind = self.byte()
        if kind < 160:
            return kind % 40
        if kind < 230:
            return int.from_bytes(bytes(self.byte() for _ in range(4)), "little")
        value = int.from_bytes(bytes(self.byte() for _ in range(self.byte() % 20 + 1)), "little")
        return -value if kind % 2 else value

    def value(self) -> object:
        """An argument: a number mostly, sometimes another type."""
        kind = self.byte() % 16
        if kind == 0:
            return None
        if kind == 1:
            return str(self.number())
        if kind == 2:
            return float(self.number() % 1000) + 0.5
        if kind == 3:
            return [self.number() for _ in range(self.byte() % 6)]
        return self.number()

    def sequence(self, usual: int) -> object:
        kind = self.byte() % 8
        if kind == 0:
            return self.value()
        length = usual if kind > 2 else self.byte() % 8
        items = [self.value() if self.byte() % 9 == 0 else self.number() for _ in range(length)]
        return tuple(items) if kind == 1 else items


_EXPECTED = (TypeError, ValueError, OverflowError)


def _raw_calls(source: _Source) -> None:
    """Arguments of any shape: an exception of the documented kinds, or an answer."""
    limit = solver_limit()
    if source.byte() % 4 == 0:
        bare = solver_type().__new__(solver_type())
        for call in (bare.clear, lambda: bare.values([0, 0, 0, 0], [], 0, 0, 0, 8, 0)):
            try:
                call()
            except ValueError:
                continue
            raise PropertyFailed("an uninitialised Solver answered")
    rules = PRESETS[_PRESETS[source.byte() % len(_PRESETS)]]
    searcher = solver_for(rules, source.byte() % 6)
    try:
        searcher.budget = source.value()  # type: ignore[assignment]
    except _EXPECTED:
        pass
    if searcher.budget == 0 or searcher.budget > 200_000:
        searcher.budget = 200_000  # the fuzzer's time per input stays short
    for _ in range(source.byte() % 4 + 1):
        args = (source.sequence(4), source.sequence(source.byte() % 4), source.value(), source.value(),
                source.value(), source.value(), source.value())
        method: Callable[..., object] = getattr(searcher, ("values", "value", "legal")[source.byte() % 3])
        try:
            method(*args)
        except (*_EXPECTED, limit):
            pass


def _legal_position(source: _Source) -> None:
    """A random legal position: the solver's answers are the engine's."""
    rng = random.Random(int.from_bytes(bytes(source.byte() for _ in range(8)), "little"))
    rules = PRESETS[_PRESETS[source.byte() % len(_PRESETS)]]
    deck = list(range(32))
    rng.shuffle(deck)
    state = new_deal(rules, rng.randrange(4))
    strain = source.byte() % 6
    set_contract(state, rng.randrange(4), strain)
    set_hands(state, [sum(1 << c for c in deck[i * 8:(i + 1) * 8]) for i in range(4)])
    for _ in range(20 + source.byte() % 11):
        legal = legal_cards(state)
        play_card(state, to_play(state), rng.choice([c for c in range(32) if legal >> c & 1]))
    dd = DoubleDummy(budget=1 + source.byte() * 40 if source.byte() % 3 == 0 else 10_000_000)
    try:
        values = dd.values(state)
    except SearchTooLong:
        dd.budget = 10_000_000
        values = DoubleDummy().values(state)
        _check(dd.values(state) == values, "an answer after a stopped question differs")
    _check(values == minimax_values(state), f"values differ from the minimax: {values}")
    mask = sum(1 << c for c in values)
    _check(mask == legal_cards(state), "the solver's legal cards are not the engine's")
    searcher = solver_for(rules, strain)
    leader = state.trick_seats[0] if state.trick_cards else to_play(state)
    args = (state.hands, state.trick_cards, leader, state.points[0], state.points[1], *state.tricks_won)
    best = max(values.values()) if to_play(state) & 1 == 0 else min(values.values())
    _check(searcher.value(*args) == best, "value() is not the best of values()")
    _check(searcher.legal(*args) == mask, "legal() is not the cards values() gives")


def solver(data: bytes) -> None:
    source = _Source(data)
    if source.byte() % 2:
        _raw_calls(source)
    else:
        _legal_position(source)


def replay_random(seconds: float, seed: int = 0) -> int:
    """Random inputs for ``seconds`` (no atheris: what the sanitizer run uses); the count."""
    import time

    rng = random.Random(seed)
    end = time.monotonic() + seconds
    count = 0
    while time.monotonic() < end:
        solver(bytes(rng.randrange(256) for _ in range(rng.randrange(200))))
        count += 1
    return count


if __name__ == "__main__":
    import sys

    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 60.0
    print(f"solver target: {replay_random(seconds)} random inputs in {seconds:g} s, no failure")
