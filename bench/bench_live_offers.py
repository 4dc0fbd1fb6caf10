"""What the recording page asks of the service beside the acts, in CPU time: ``offers`` after
each act (the announcements and belote word of the seat to play), and ``score_sheet`` at each
deal's end and on a reload (``validate``'s report of the whole record so far), side by side
with ``LiveGame.play`` of the same acts, over a long generated Moroccan match.

    .venv/bin/python bench/bench_live_offers.py                 # a match to 5,000 points, seed 1
    .venv/bin/python bench/bench_live_offers.py --target 1000 --rounds 5

Each round plays the whole match act by act and times (``time.process_time``, user + sys of
this process) each ``play``, each ``offers`` after it, and each ``score_sheet`` where the page
asks for it (a deal over without its score line); the rounds alternate nothing else, and the
figures are the median over the rounds of each round's median (``play``, ``offers``) and the
sheet's cost at the first deal, the middle one and the last. It prints figures and the
calibration line; it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

from calibration import calibration_line  # bench/ is on sys.path when run as a script

from belote_notation.check.live import LiveGame, recorded_games
from belote_notation.check.live_offers import offers, score_sheet
from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from belote_notation.notation.write.writer import write_game


def one_round(recorded: Any) -> dict[str, Any]:
    game = LiveGame(recorded.rules, tags=recorded.tags, options=recorded.options)
    acts = recorded.acts
    plays, offered, sheets = [], [], []
    for act in acts:
        if act["act"] == "score":
            start = time.process_time()
            due = score_sheet(game)["due"]
            sheets.append(time.process_time() - start)
            assert due is not None and due["score"] == act["score"], (due, act)
        start = time.process_time()
        game.play(act)
        plays.append(time.process_time() - start)
        if act["act"] != "end":
            start = time.process_time()
            offers(game)
            offered.append(time.process_time() - start)
    return {"play": statistics.median(plays), "offers": statistics.median(offered), "sheets": sheets,
            "acts": len(acts)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--target", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    ruleset = Ruleset.preset("moroccan").with_options({"target": str(args.target)})
    recorded = next(iter(recorded_games(write_game(next(generate_games(ruleset, seed=args.seed))))))
    acts = recorded.acts
    print(calibration_line())
    print(f"load average {os.getloadavg()[0]:.1f}; a Moroccan match to {args.target}: {len(acts)} acts, "
          f"{sum(1 for a in acts if a['act'] == 'score')} deals")
    rounds = [one_round(recorded) for _ in range(args.rounds)]
    ms = 1000.0
    play = statistics.median(r["play"] for r in rounds) * ms
    offered = statistics.median(r["offers"] for r in rounds) * ms
    print(f"per act (median): LiveGame.play {play:.2f} ms cpu, offers after it {offered:.3f} ms cpu")
    sheets = [statistics.median(r["sheets"][i] for r in rounds) * ms for i in range(len(rounds[0]["sheets"]))]
    middle = len(sheets) // 2
    print(f"score_sheet at a deal's end (median): deal 1 {sheets[0]:.1f} ms, deal {middle + 1} "
          f"{sheets[middle]:.1f} ms, deal {len(sheets)} {sheets[-1]:.1f} ms cpu")
    print(calibration_line())


if __name__ == "__main__":
    main()
