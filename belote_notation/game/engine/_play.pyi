"""Type stub of the engine's compiled play loops and deal set-up (game/engine/_play.c)."""

from collections.abc import Callable, Sequence
from typing import Any

def bind(legal_for: Callable[..., int], python_play_cards: Callable[..., int],
         python_play_tricks_batch: Callable[..., int], obligation_table: Callable[[Any, int], bytes | None],
         higher_trump: Sequence[int], suit_masks: Sequence[int], queen: int, king: int, last_trick_bonus: int,
         belote_words: tuple[str, str], phase_play: int, phase_done: int, /) -> None: ...
def play_cards(state: Any, seats: Sequence[int | None], cards: Sequence[int], marks: Sequence[str | None],
               start: int = 0, /) -> int: ...
def play_tricks_batch(state: Any, tricks: Sequence[Any], start: int = 0, /) -> int: ...
def bind_setup(bidding_turns: Callable[[Any, int], bytes | None],
               bidding_calls: Callable[[Any, int], bytes | None],
               start_play: Callable[[Any, Sequence[int]], None], pass_word: str, take_word: str,
               first_cards: int, first_dealt: int, hand_cards: int, taker_rest: int,
               phase_new: int, /) -> None: ...
def setup_deal(state: Any, five: Sequence[Any], offer: object, calls: Sequence[Any], rest: Sequence[Any],
               hands: Sequence[Any], /) -> int: ...
def copy_deal(state: Any, /) -> Any: ...
