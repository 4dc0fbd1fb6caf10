"""Issue 38: ``dedupe`` never calls two different games "the same" or "the start" of another.

Near-twins planted: two club nights of the same four players recorded as scores only (no
cards), with other Event, Date and scores; two CSV score sheets with the teams' points
swapped; a live feed cut after one trick whose first trick is not the full game's. Each is
kept. The true duplicates beside them (an exact copy, a feed cut after a trick that agrees)
are still dropped."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.write.writer import write_game

PLAYERS = '[Rules "classic"]\n[North "Ali"]\n[East "Bea"]\n[South "Cyr"]\n[West "Dan"]\n'


def night(event: str, date: str, scores: list[tuple[int, int]]) -> str:
    deals = "".join(f"deal {n} dealer {'NESW'[(n - 1) % 4]}\nscore {a} {b}\n\n"
                    for n, (a, b) in enumerate(scores, 1))
    return f'[Event "{event}"]\n[Date "{date}"]\n{PLAYERS}\n{deals}end *\n'


def dedupe(tmp_path: Path, *inputs: Path) -> dict:
    report = tmp_path / "report.json"
    done = subprocess.run([sys.executable, "-m", "belote_replay", "dedupe", *map(str, inputs),
                           "-o", str(tmp_path / "unique.bel"), "--report", str(report),
                           "--report-format", "json"], capture_output=True, text=True, timeout=120)
    assert "Traceback" not in done.stderr and done.returncode in (0, 1), done.stderr
    data: dict = json.loads(report.read_text(encoding="utf-8"))
    return data


def test_two_club_nights_with_scores_only_are_two_games(tmp_path: Path) -> None:
    path = tmp_path / "nights.bel"
    first = night("Club night 1", "2026.03.06", [(102, 60), (80, 82), (162, 0)])
    second = night("Club night 2", "2026.03.13", [(90, 72), (0, 162), (110, 52)])
    path.write_text(first + "\n" + second + "\n" + first, encoding="utf-8")
    report = dedupe(tmp_path, path)
    assert report["kept"] == 2
    assert [(d["game"], d["reason"], d["other"]["game"]) for d in report["dropped"]] == [(3, "exact", 1)]


def test_a_score_sheet_typed_up_to_deal_two_is_the_start_of_the_night(tmp_path: Path) -> None:
    path = tmp_path / "nights.bel"
    whole = night("Club night 1", "2026.03.06", [(102, 60), (80, 82), (162, 0)])
    start = night("Club night 1", "2026.03.06", [(102, 60), (80, 82)])
    other = night("Club night 1", "2026.03.06", [(102, 60), (82, 80)])  # deal 2 differs
    path.write_text(start + "\n" + other + "\n" + whole, encoding="utf-8")
    report = dedupe(tmp_path, path)
    assert [(d["game"], d["reason"], d["other"]["game"]) for d in report["dropped"]] == [(1, "prefix", 3)]


def test_two_csv_sheets_with_the_points_swapped_are_two_games(tmp_path: Path) -> None:
    head = "Partie;Regles;Donne;Donneur;Preneur;Atout;Nous;Eux;Cumul NS;Cumul EO;Remarque\n"
    rows = [("S", "W", "coeur", 41, 141), ("W", "N", "pique", 0, 162), ("N", "E", "D", 90, 72)]

    def sheet(swapped: bool) -> str:
        lines, ns, ew = [head], 0, 0
        for number, (dealer, taker, trump, us, them) in enumerate(rows, 1):
            us, them = (them, us) if swapped else (us, them)
            ns, ew = ns + us, ew + them
            lines.append(f"1;classic;{number};{dealer};{taker};{trump};{us};{them};{ns};{ew};\n")
        return "".join(lines)

    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    one.write_text(sheet(False), encoding="utf-8")
    two.write_text(sheet(True), encoding="utf-8")
    report = dedupe(tmp_path, one, two)
    assert report["kept"] == 2 and report["dropped"] == []
    again = tmp_path / "again.csv"
    again.write_text(sheet(False), encoding="utf-8")
    assert dedupe(tmp_path, one, again)["counts"]["exact"] == 1  # the same sheet twice is one game


def test_a_feed_cut_after_a_trick_that_differs_is_not_the_start(tmp_path: Path) -> None:
    generated = tmp_path / "full.bel"
    subprocess.run([sys.executable, "-m", "belote_replay", "generate", "--deals", "2", "--seed", "5",
                    "-o", str(generated)], check=True, capture_output=True, timeout=120)
    [parsed] = parse_text(generated.read_text(encoding="utf-8"))
    full = parsed.game
    assert full.deals[0].five or full.deals[0].hands

    def cut(first_trick_changed: bool) -> str:
        game = full.model_copy(deep=True)
        deal = game.deals[0]
        deal.tricks, deal.score, deal.match_score = deal.tricks[:1], None, None
        if first_trick_changed:  # the same cards dealt, another first trick
            plays = deal.tricks[0].plays
            plays[1].card, plays[2].card = plays[2].card, plays[1].card
            deal.tricks[0].winner = None
        game.deals, game.result = [deal], None
        return write_game(game)

    path = tmp_path / "feeds.bel"
    path.write_text(cut(True) + "\n" + cut(False) + "\n" + write_game(full), encoding="utf-8")
    report = dedupe(tmp_path, path)
    assert [(d["game"], d["reason"], d["other"]["game"]) for d in report["dropped"]] == [(2, "prefix", 3)]
