"""Benchmark: replay generated deals through the rules engine (no parsing) and print deals/s.

Deals are generated first (not timed), then replayed with every legality check and the
scoring of each deal and of the match (timed)::

    .venv/bin/python bench/bench_engine.py --deals 20000 --rules all

Target (issue 2): at least 15,000 deals per second on one core. Both wall-clock and CPU-time
rates are printed (best of ``--repeat`` runs): on a machine shared with other work the CPU
rate is the one-core figure.
"""

from __future__ import annotations

import argparse
import gc
import random
import time

from calibration import calibration_line  # bench/ is on sys.path when run as a script

from belote_notation.game.engine import (
    add_deal,
    announce,
    apply_bid,
    deal_five,
    deal_rest,
    new_deal,
    new_match,
    play_card,
    score_deal,
    set_hands,
)
from belote_notation.game.rules import PRESETS, Ruleset
from belote_notation.generator import random_deal


def replay(rules: Ruleset, scripts) -> int:
    """Replay every script; returns the number of violations found (0 for generated deals)."""
    found = 0
    match = new_match(rules, scripts[0].dealer if scripts else 0)
    for script in scripts:
        state = new_deal(rules, script.dealer)
        if script.hands is not None:  # contrée: eight cards each, then the auction
            found += len(set_hands(state, script.hands))
            for (seat, action, suit), value in zip(script.bids, script.values, strict=True):
                found += len(apply_bid(state, seat, action, suit, value))
        else:
            found += len(deal_five(state, script.five, script.offer))
            for seat, action, suit in script.bids:
                found += len(apply_bid(state, seat, action, suit))
            if script.rest is not None:
                found += len(deal_rest(state, script.rest))
        if script.plays:
            plays = script.plays
            start = 0
            for s, kind, mask, before in script.announcements:
                for seat, card, mark in plays[start:before]:
                    v = play_card(state, seat, card, mark)
                    if v:
                        found += len(v)
                start = before
                found += len(announce(state, s, kind, mask))
            for seat, card, mark in plays[start:]:
                v = play_card(state, seat, card, mark)
                if v:
                    found += len(v)
        result = score_deal(state)
        found += len(result.violations)
        add_deal(match, result)
        if match.over:
            match = new_match(rules, script.dealer)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000, help="deals per rule system")
    parser.add_argument("--rules", default="all", help="preset name, or 'all'")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="timed runs; the best is shown")
    args = parser.parse_args()
    names = list(PRESETS) if args.rules == "all" else [args.rules]
    for name in names:
        rules = Ruleset.preset(name)
        rng = random.Random(args.seed)
        scripts = [random_deal(rules, rng.randrange(4), rng) for _ in range(args.deals)]
        best = best_cpu = float("inf")
        gc.collect()
        for _ in range(args.repeat):
            start, start_cpu = time.perf_counter(), time.process_time()
            found = replay(rules, scripts)
            best = min(best, time.perf_counter() - start)
            best_cpu = min(best_cpu, time.process_time() - start_cpu)
        print(f"{name:12s} {args.deals / best:10,.0f} deals/s wall, {args.deals / best_cpu:10,.0f} "
              f"deals/s CPU  ({args.deals} deals, {best * 1e6 / args.deals:.1f} µs/deal, "
              f"{found} violations)")
    print(calibration_line())


if __name__ == "__main__":
    main()
