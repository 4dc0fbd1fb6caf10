"""Throughput of the .bel reader: deals/s, MB/s and peak memory at two file sizes.

    .venv/bin/python bench/bench_parse.py [--deals 20000] [--preset moroccan]

Builds a file of ``--deals`` generated deals (``belote_notation.generator``), then times the
streaming reader three ways, best of ``--repeat`` each, alternated:

* records: ``iter_games`` (the events through ``RecordBuilder``, full pydantic records);
* events: ``read_games`` with a visitor that only counts the plays (the reader alone);
* headers: ``read_games`` with ``HeadersVisitor`` (the body of each game is not read).

Peak memory is measured in a fresh child process per size (``ru_maxrss``), at the full size
and at a quarter of it: if the reader streams, the two peaks are about the same.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from calibration import calibration_line

from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from belote_notation.notation.read.reader import iter_games, read_games
from belote_notation.notation.visitor import HeadersVisitor, Visitor
from belote_notation.notation.write.writer import write_game


def build_file(path: Path, deals: int, preset: str, seed: int) -> tuple[int, str]:
    """Write about ``deals`` deals to ``path``; returns (deals written, corpus description)."""
    games = generate_games(Ruleset.preset(preset), matches=None, deals=deals, seed=seed)
    source = f"belote_notation.generator ({preset})"
    written = 0
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        first = True
        for game in games:
            if not first:
                out.write("\n")
            out.write(write_game(game))
            first = False
            written += len(game.deals)
            if written >= deals:
                break
    return written, source


def parse_file(path: Path) -> tuple[int, int, int]:
    """(games, deals, syntax issues) read from ``path`` by the streaming reader."""
    games = deals = issues = 0
    for parsed in iter_games(path):
        games += 1
        deals += len(parsed.game.deals)
        issues += len(parsed.errors)
    return games, deals, issues


class PlayCounter(Visitor[int]):
    """The cheapest useful visitor: counts the plays."""

    def __init__(self) -> None:
        self.plays = 0

    def visit_play(self, seat: object, card: int, mark: object, line: int, col: int) -> None:
        self.plays += 1

    def visit_trick(self, number: int, line: int, col: int, seats: object, cards: Sequence[int],
                    marks: object, positions: object, winner: object, winner_pos: object) -> None:
        self.plays += len(cards)    # the batch event, as the checks read it

    def result(self) -> int:
        return self.plays


def read_events(path: Path) -> int:
    """Plays counted from the events of every game of ``path``."""
    return sum(read_games(path, PlayCounter))


def read_headers(path: Path) -> int:
    """Tag pairs of every game of ``path`` (bodies skipped)."""
    return sum(len(tags) for tags in read_games(path, HeadersVisitor))


def child_peak(path: Path) -> float:
    """Peak resident memory (MB) of a fresh process that parses ``path``."""
    out = subprocess.run([sys.executable, __file__, "--child", str(path)], check=True,
                         capture_output=True, text=True).stdout
    return float(out.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=20000, help="deals in the large file")
    ap.add_argument("--preset", default="moroccan", help="rule system of the generated games")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="timed runs (the best is shown)")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()

    if args.child:
        parse_file(Path(args.child))
        peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(peak_kb / 1024)
        return

    with tempfile.TemporaryDirectory() as tmp:
        big, small = Path(tmp) / "big.bel", Path(tmp) / "small.bel"
        t0 = time.perf_counter()
        deals, source = build_file(big, args.deals, args.preset, args.seed)
        small_deals, _ = build_file(small, max(1, args.deals // 4), args.preset, args.seed + 1)
        print(f"corpus: {source}; built in {time.perf_counter() - t0:.1f} s")
        size_mb = big.stat().st_size / 1e6
        print(f"file: {deals} deals, {size_mb:.1f} MB")

        runs = {"records": lambda: parse_file(big), "events": lambda: read_events(big),
                "headers": lambda: read_headers(big)}
        best = {name: (float("inf"), float("inf")) for name in runs}
        for _ in range(args.repeat):
            for name, run in runs.items():     # alternated: load changes hit all three alike
                w0, c0 = time.perf_counter(), time.process_time()
                got = run()
                wall, cpu = time.perf_counter() - w0, time.process_time() - c0
                best[name] = (min(best[name][0], wall), min(best[name][1], cpu))
                if name == "records":
                    assert got[1] == deals and got[2] == 0, (got, deals)
        print(f"streaming reader, best of {args.repeat} (deals/s, wall and cpu):")
        for name, (wall, cpu) in best.items():
            print(f"  {name:<8} wall: {deals / wall:>9,.0f} deals/s {size_mb / wall:6.2f} MB/s ({wall:.2f} s)"
                  f"   cpu: {deals / cpu:>9,.0f} deals/s")
        print(f"  events / records: {best['records'][1] / best['events'][1]:.2f}x faster (cpu)")
        print(f"  load average while measuring: {os.getloadavg()[0]:.2f} (other processes share the cores)")
        print(f"  {calibration_line()}")

        peak_big, peak_small = child_peak(big), child_peak(small)
        print("peak memory of a process that parses the file (ru_maxrss):")
        print(f"  {small_deals:>7} deals ({small.stat().st_size / 1e6:.1f} MB): {peak_small:.1f} MB")
        print(f"  {deals:>7} deals ({size_mb:.1f} MB): {peak_big:.1f} MB")
        print(f"  growth for {deals / max(small_deals, 1):.0f}x the file: {peak_big - peak_small:+.1f} MB")


if __name__ == "__main__":
    main()
