"""Benchmark: the double-dummy solver against colver's, side by side on the same full deals.

Each deal is solved from the first lead with every opening card valued, by colver's
``solve_scores`` and by this library's solver (a fresh searcher per deal, as colver's), in
the same run so both see the same machine load::

    .venv/bin/python bench/bench_solver.py --deals 40

Target (issue 11): median at most 2x colver's. Both CPU time (the one-core figure, what the
target is read on: both solvers run in this process) and wall-clock time are printed; on the
shared machine wall-clock time mostly measures the other tenants. The values are compared
too (they must be equal; a difference is printed and fails the run). The same deals are then
solved by this solver at sans-atout and tout-atout (contrée's values and obligations), which
colver does not play: their times are printed beside the suit contracts' (issue 21).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from calibration import calibration_line  # bench/ is on sys.path when run as a script

from belote_notation.analysis.peers import COLVER_RULES, from_colver_card
from belote_notation.analysis.solver import side_points
from belote_notation.analysis.tables import solver_for
from belote_notation.game.cards import SANS_ATOUT, TOUT_ATOUT
from belote_notation.game.rules import Ruleset

STRAIN_RULES = Ruleset.preset("contree").with_options({"sans_atout": True, "tout_atout": True})


def _figures(times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (f"median {statistics.median(ordered) * 1000:7.1f} ms   p90 {p90 * 1000:7.1f} ms   "
            f"max {ordered[-1] * 1000:7.1f} ms")


def main() -> int:
    import colver

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(calibration_line())
    rng = random.Random(args.seed)
    ours: list[float] = []
    theirs: list[float] = []
    ours_wall: list[float] = []
    theirs_wall: list[float] = []
    differ = 0
    nodes = 0
    strains: dict[int, list[float]] = {SANS_ATOUT: [], TOUT_ATOUT: []}
    for n in range(args.deals):
        env = colver.Env.deal(dealer=n % 4, seed=args.seed + n)
        trump = rng.randrange(4)
        env.set_contract(trump, 80, rng.randrange(2), 0)
        env.set_phase_playing()
        hands = [sum(1 << from_colver_card(c) for c in hand) for hand in env.get_hands()]
        leader = env.current_player()
        wall, cpu = time.perf_counter(), time.process_time()
        expected = env.solve_scores()["scores"]
        theirs.append(time.process_time() - cpu)
        theirs_wall.append(time.perf_counter() - wall)
        solver = solver_for(COLVER_RULES, trump)
        wall, cpu = time.perf_counter(), time.process_time()
        found = solver.values(hands, [], leader, 0, 0, 0, 0)
        ours.append(time.process_time() - cpu)
        ours_wall.append(time.perf_counter() - wall)
        nodes += solver.nodes
        for strain, times in strains.items():
            cpu = time.process_time()
            solver_for(STRAIN_RULES, strain).values(hands, [], leader, 0, 0, 0, 0)
            times.append(time.process_time() - cpu)
        mine = {card: side_points(diff, COLVER_RULES, trump)[0] for card, diff in found}
        if mine != {from_colver_card(card): points for card, points in expected}:
            differ += 1
            print(f"deal {n}: values differ: {mine} vs colver {expected}", file=sys.stderr)
    print(f"{args.deals} full deals, every opening card valued (trump drawn at random)")
    print("CPU time:")
    print(f"  this solver  {_figures(ours)}   ({nodes / args.deals:,.0f} nodes a deal)")
    print(f"  colver       {_figures(theirs)}")
    print(f"  ratio of medians {statistics.median(ours) / statistics.median(theirs):.2f} (target <= 2)")
    print(f"  sans-atout   {_figures(strains[SANS_ATOUT])}   (this solver only: colver plays suits)")
    print(f"  tout-atout   {_figures(strains[TOUT_ATOUT])}")
    print("Wall-clock time:")
    print(f"  this solver  {_figures(ours_wall)}")
    print(f"  colver       {_figures(theirs_wall)}")
    print(f"  ratio of medians {statistics.median(ours_wall) / statistics.median(theirs_wall):.2f}")
    print(f"  values equal on {args.deals - differ} of {args.deals} deals")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
