"""How fast ``belote-replay render`` is: a 500-point Moroccan match, and a large file.

    .venv/bin/python bench/bench_render.py                  # best of --repeat 5
    .venv/bin/python bench/bench_render.py --matches 200    # the large file

- one match: a seeded random Moroccan match (the preset plays to 500 points) written as
  text, then, in this process, read, replayed by the checks, turned into the page's data and
  written as the HTML page (what ``render`` does after start-up); the page's size;
- the same as a user runs it, a fresh ``belote-replay render`` process (start-up included);
- a file of ``--matches`` matches rendered game by game: seconds, pages bytes, and the peak
  of traced Python memory (flat: one game at a time).

It prints figures and the calibration line; it asserts nothing.
"""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from calibration import calibration_line  # bench/ is on sys.path when run as a script

from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from belote_notation.notation.write.writer import write_games
from belote_notation.pipeline.records import iter_replays
from belote_notation.render import write_page


def _match_text(matches: int, seed: int) -> str:
    out = io.StringIO()
    write_games(generate_games(Ruleset.preset("moroccan"), matches=matches, seed=seed), out)
    return out.getvalue()


class _Sink(io.StringIO):
    """Counts the page's bytes and keeps nothing (the command writes to disk as it goes)."""

    size = 0

    def write(self, text: str) -> int:
        self.size += len(text.encode("utf-8"))
        return len(text)


def _render(text: str | Path) -> int:
    out = _Sink()
    source = str(text) if isinstance(text, Path) else io.StringIO(text)
    write_page(out, iter_replays(source, "bench.bel"), "bench")
    return out.size


def _best(repeat: int, run) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(calibration_line())

    text = _match_text(1, args.seed)
    deals = text.count("\ndeal ")
    size = _render(text)
    seconds = _best(args.repeat, lambda: _render(text))
    print(f"500-point Moroccan match ({deals} deals): page {size / 1024:.1f} KiB, "
          f"rendered in {seconds * 1000:.1f} ms (in process, best of {args.repeat})")

    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "match.bel"
        source.write_text(text, encoding="utf-8")
        page = Path(folder) / "m.html"
        command = [sys.executable, "-m", "belote_replay", "render", str(source), "-o", str(page)]
        seconds = _best(args.repeat, lambda: subprocess.run(command, check=True))
        print(f"  as a command (fresh process, start-up included): {seconds * 1000:.0f} ms")

    with tempfile.TemporaryDirectory() as folder:
        big = Path(folder) / "big.bel"
        big.write_text(_match_text(args.matches, args.seed), encoding="utf-8")
        text_size, deals = big.stat().st_size, big.read_text(encoding="utf-8").count("\ndeal ")
        start = time.perf_counter()
        size = _render(big)
        seconds = time.perf_counter() - start
        tracemalloc.start()
        _render(big)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    print(f"{args.matches} matches ({deals} deals, {text_size / 1e6:.1f} MB of text) read from a file: "
          f"{seconds:.2f} s, {seconds / args.matches * 1000:.1f} ms a match, page {size / 1e6:.1f} MB; "
          f"traced peak {peak / 1e6:.2f} MB")

if __name__ == "__main__":
    main()
