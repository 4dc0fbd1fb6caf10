"""Parse throughput of the .bel reader: deals/s, MB/s and peak memory at two file sizes.

    .venv/bin/python bench/bench_parse.py [--deals 20000] [--preset moroccan]

Builds a file of ``--deals`` generated deals (``belote_notation.generator`` when present,
else random records written by the canonical writer), then times the streaming reader
(``iter_games`` on the path, records included). Peak memory is measured in a fresh child
process per size (``ru_maxrss``), at the full size and at a quarter of it: if the reader
streams, the two peaks are about the same.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from belote_notation.notation.reader import iter_games  # noqa: E402
from belote_notation.notation.records import Bid, CardRef, Deal, Game, Hand, Header, Play, Score, Trick  # noqa: E402
from belote_notation.game.rules import Ruleset  # noqa: E402
from belote_notation.notation.writer import write_game  # noqa: E402
from calibration import calibration_line  # noqa: E402  (bench/ is on sys.path when run as a script)


def _random_games(deals: int, seed: int, per_game: int = 25):
    """Fallback corpus: shuffled deals with complete sections (not legal play)."""
    rng = random.Random(seed)
    made = 0
    while made < deals:
        records = []
        for number in range(1, min(per_game, deals - made) + 1):
            cards = list(range(32))
            rng.shuffle(cards)
            held = [sorted(cards[s * 5:s * 5 + 5] + cards[20 + s * 3:23 + s * 3]) for s in range(4)]
            records.append(Deal(
                number=number, dealer=number % 4,
                five=[Hand(seat=s, cards=cards[s * 5:s * 5 + 5]) for s in range(4)],
                offer=CardRef(card=cards[31]),
                bids=[Bid(seat=(number + i) % 4, action="pass") for i in range(3)]
                + [Bid(seat=(number + 3) % 4, action="take")],
                rest=[Hand(seat=s, cards=cards[20 + s * 3:23 + s * 3]) for s in range(4)],
                tricks=[Trick(number=t + 1, winner=t % 4, plays=[
                    Play(seat=(t + s) % 4, card=held[(t + s) % 4][t]) for s in range(4)])
                    for t in range(8)],
                score=Score(ns=rng.randint(0, 162), ew=rng.randint(0, 162)),
                match_score=Score(ns=number * 81, ew=number * 81)))
        made += len(records)
        yield Game(headers=[Header(name="Rules", value="classic")], deals=records, result="*")


def build_file(path: Path, deals: int, preset: str, seed: int) -> tuple[int, str]:
    """Write about ``deals`` deals to ``path``; returns (deals written, corpus description)."""
    try:
        from belote_notation.generator import generate_games
        games = generate_games(Ruleset.preset(preset), matches=None, deals=deals, seed=seed)
        source = f"belote_notation.generator ({preset})"
    except ImportError:
        games = _random_games(deals, seed)
        source = "random records (generator not available)"
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

        best_wall = best_cpu = float("inf")
        for _ in range(args.repeat):
            w0, c0 = time.perf_counter(), time.process_time()
            games, read, issues = parse_file(big)
            best_wall = min(best_wall, time.perf_counter() - w0)
            best_cpu = min(best_cpu, time.process_time() - c0)
        assert read == deals and issues == 0, (read, deals, issues)
        print(f"parse (streaming, records included), best of {args.repeat}:")
        print(f"  wall: {deals / best_wall:,.0f} deals/s  {size_mb / best_wall:.2f} MB/s  ({best_wall:.2f} s)")
        print(f"  cpu:  {deals / best_cpu:,.0f} deals/s  {size_mb / best_cpu:.2f} MB/s  ({best_cpu:.2f} s)")
        print(f"  load average while measuring: {os.getloadavg()[0]:.2f} (other processes share the cores)")
        print(f"  {calibration_line()}")

        peak_big, peak_small = child_peak(big), child_peak(small)
        print("peak memory of a process that parses the file (ru_maxrss):")
        print(f"  {small_deals:>7} deals ({small.stat().st_size / 1e6:.1f} MB): {peak_small:.1f} MB")
        print(f"  {deals:>7} deals ({size_mb:.1f} MB): {peak_big:.1f} MB")
        print(f"  growth for {deals / max(small_deals, 1):.0f}x the file: {peak_big - peak_small:+.1f} MB")


if __name__ == "__main__":
    main()
