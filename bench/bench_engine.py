"""Benchmark: replay generated deals through the rules engine (no parsing) and print deals/s.

Deals are generated first (not timed), then replayed with every legality check and the
scoring of each deal and of the match (timed)::

    .venv/bin/python bench/bench_engine.py --deals 20000 --rules all

Target (issue 2): at least 15,000 deals per second on one core.
"""

from __future__ import annotations

import argparse
import gc
import random
import time

from belote_notation.engine import (
    add_deal, announce, apply_bid, deal_five, deal_rest, new_deal, new_match, play_card, score_deal,
)
from belote_notation.generator import random_deal
from belote_notation.rules import PRESETS, Ruleset


def replay(rules: Ruleset, scripts) -> int:
    """Replay every script; returns the number of violations found (0 for generated deals)."""
    found = 0
    match = new_match(rules, scripts[0].dealer if scripts else 0)
    for script in scripts:
        state = new_deal(rules, script.dealer)
        found += len(deal_five(state, script.five, script.offer))
        for seat, action, suit in script.bids:
            found += len(apply_bid(state, seat, action, suit))
        if script.rest is not None:
            found += len(deal_rest(state, script.rest))
            anns = script.announcements
            a = 0
            n = len(anns)
            i = 0
            for seat, card, mark in script.plays:
                while a < n and anns[a][3] == i:
                    s, kind, mask, _ = anns[a]
                    found += len(announce(state, s, kind, mask))
                    a += 1
                v = play_card(state, seat, card, mark)
                if v:
                    found += len(v)
                i += 1
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
        best = float("inf")
        gc.collect()
        for _ in range(args.repeat):
            start = time.perf_counter()
            found = replay(rules, scripts)
            best = min(best, time.perf_counter() - start)
        print(f"{name:12s} {args.deals / best:10,.0f} deals/s  ({args.deals} deals, "
              f"{best * 1e6 / args.deals:.1f} µs/deal, {found} violations)")


if __name__ == "__main__":
    main()
