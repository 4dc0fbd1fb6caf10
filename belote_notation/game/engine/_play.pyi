"""Type stub of the engine's compiled play_cards (belote_notation/game/engine/_play.c)."""

from collections.abc import Callable, Sequence
from typing import Any

def bind(legal_for: Callable[..., int], belote_card: Callable[..., Any], close_trick: Callable[[Any], None],
         python_play_cards: Callable[..., int], /) -> None: ...
def play_cards(state: Any, seats: Sequence[int | None], cards: Sequence[int], marks: Sequence[str | None],
               start: int = 0, /) -> int: ...
