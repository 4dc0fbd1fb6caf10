"""The seed corpus, made on demand (nothing large is stored): every sample of ``samples/``,
its JSON twin, and the reproducers of issues 13 and 22 at small sizes (``importers``: the files
of samples/formats/ and samples converted to each format, behind the byte that selects it).

``python -m fuzz.corpus DIR`` writes one directory per target under ``DIR``.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path

from belote_notation.formats import get_format
from belote_notation.notation.read.reader import iter_games
from belote_notation.notation.write.jsonio import JsonWriteError, write_json_games
from belote_notation.notation.write.writer import NotationWriteError
from tests.hostile.reproducers import REPRODUCERS
from tests.hostile.reproducers22 import COMMAND_REPRODUCERS, IMPORTER_REPRODUCERS

ROOT = Path(__file__).resolve().parent.parent

__all__ = ["seeds", "write_corpus"]


def _json_twin(data: bytes) -> bytes | None:
    out = io.StringIO()
    try:
        write_json_games((parsed.game for parsed in iter_games(io.BytesIO(data))), out)
    except JsonWriteError:
        return None
    return out.getvalue().encode()


def _imported_seeds() -> Iterator[tuple[str, bytes]]:
    """The ``importers`` target's seeds: a selector byte (the format's place in
    :data:`~fuzz.targets.IMPORTED`) and the format's bytes: samples/formats/, a few samples
    converted to each writable format, and the issue-22 reproducers of each importer."""
    from fuzz.targets import IMPORTED

    by_suffix = {".events.jsonl": "events", ".csv": "csv", ".cfn": "cfn", ".coinched.jsonl": "coinched",
                 ".coinche-ws.jsonl": "coinche-ws"}
    for path in sorted((ROOT / "samples" / "formats").iterdir()):
        for suffix, name in by_suffix.items():
            if path.name.endswith(suffix):
                yield path.name, bytes([IMPORTED.index(name)]) + path.read_bytes()
    samples = sorted((ROOT / "samples").rglob("*.bel"))[:6]
    for name in IMPORTED:
        fmt = get_format(name)
        if fmt is None or not fmt.can_write:
            continue
        for path in samples:
            out = io.StringIO()
            try:
                list(fmt.write((parsed.game for parsed in iter_games(path)), out))
            except (NotationWriteError, ValueError):
                continue
            yield f"{path.stem}.{name}", bytes([IMPORTED.index(name)]) + out.getvalue().encode()
    for rep in IMPORTER_REPRODUCERS:
        yield f"issue22-{rep.name}", bytes([IMPORTED.index(rep.format)]) + rep.make(rep.small)


def seeds(target: str) -> Iterator[tuple[str, bytes]]:
    """(name, bytes) of the seeds of ``target``."""
    if target == "importers":
        yield from _imported_seeds()
        return
    if target == "fix":  # the first byte chooses the unsafe fixes too (fuzz/fix_target.py)
        club = ROOT / "tests" / "pipeline" / "data" / "club-night-fix.bel"
        for name, data in [(club.name, club.read_bytes()), *seeds("checks")]:
            yield name, b"\x00" + data
            yield "unsafe-" + name, b"\x01" + data
        return
    if target == "config":
        from fuzz.config_target import seeds as config_seeds

        yield from config_seeds()
        return
    samples = sorted((ROOT / "samples").rglob("*.bel"))
    for path in samples:
        data = path.read_bytes()
        if target in ("json", "render"):
            twin = _json_twin(data)
            if twin is not None:
                yield path.stem + ".json", twin
        if target != "json":
            yield path.stem + ".bel", data
    if target == "speed":  # flawed generated games: canonical deals, what the compiled path reads
        from fuzz.speed import seeds as speed_seeds

        yield from speed_seeds()
    for rep in REPRODUCERS:
        if (rep.suffix == ".json") == (target == "json") or target in ("writer", "render"):
            yield f"issue13-{rep.item:02d}-{rep.name}{rep.suffix}", rep.make(min(rep.size, 300))
    if target == "render":
        for rep22 in COMMAND_REPRODUCERS:
            if rep22.suffix in (".bel", ".json"):
                yield f"issue22-{rep22.name}{rep22.suffix}", rep22.make(rep22.small)


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
