"""Type stub of the engine's compiled play loops (belote_notation/game/engine/_play.c)."""

from collections.abc import Callable, Sequence
from typing import Any

def bind(legal_for: Callable[..., int], python_play_cards: Callable[..., int],
         python_play_tricks_batch: Callable[..., int], obligation_table: Callable[[Any, int], bytes | None],
         higher_trump: Sequence[int], suit_masks: Sequence[int], queen: int, king: int, last_trick_bonus: int,
         phase_play: int, phase_done: int, /) -> None: ...
def play_cards(state: Any, seats: Sequence[int | None], cards: Sequence[int], marks: Sequence[str | None],
               start: int = 0, /) -> int: ...
def play_tricks_batch(state: Any, tricks: Sequence[Any], start: int = 0, /) -> int: ...
