from collections.abc import Sequence
from typing import Any

def fill(text: str, pieces: tuple[bytes, ...], kinds: bytes, values: Sequence[Any], /) -> str: ...
