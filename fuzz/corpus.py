"""The seed corpus, made on demand (nothing large is stored): every sample of ``samples/``,
its JSON twin, and the reproducers of issue 13 at small sizes.

``python -m fuzz.corpus DIR`` writes one directory per target under ``DIR``.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path

from belote_notation.notation.jsonio import JsonWriteError, write_json_games
from belote_notation.notation.reader import iter_games
from tests.hostile.reproducers import REPRODUCERS

ROOT = Path(__file__).resolve().parent.parent

__all__ = ["seeds", "write_corpus"]


def _json_twin(data: bytes) -> bytes | None:
    out = io.StringIO()
    try:
        write_json_games((parsed.game for parsed in iter_games(io.BytesIO(data))), out)
    except JsonWriteError:
        return None
    return out.getvalue().encode()


def seeds(target: str) -> Iterator[tuple[str, bytes]]:
    """(name, bytes) of the seeds of ``target``."""
    samples = sorted((ROOT / "samples").rglob("*.bel"))
    for path in samples:
        data = path.read_bytes()
        if target == "json":
            twin = _json_twin(data)
            if twin is not None:
                yield path.stem + ".json", twin
        else:
            yield path.stem + ".bel", data
    if target == "speed":  # flawed generated games: canonical deals, what the compiled path reads
        from fuzz.speed import seeds as speed_seeds

        yield from speed_seeds()
    for rep in REPRODUCERS:
        if (rep.suffix == ".json") == (target == "json") or target == "writer":
            yield f"issue13-{rep.item:02d}-{rep.name}{rep.suffix}", rep.make(min(rep.size, 300))


def write_corpus(directory: Path) -> dict[str, Path]:
    """One seed directory per target under ``directory``; returns them."""
    from fuzz.targets import TARGETS

    made = {}
    for target in TARGETS:
        folder = directory / target
        folder.mkdir(parents=True, exist_ok=True)
        for name, data in seeds(target):
            (folder / name).write_bytes(data)
        made[target] = folder
    return made


if __name__ == "__main__":
    for target, folder in write_corpus(Path(sys.argv[1])).items():
        print(target, folder)
