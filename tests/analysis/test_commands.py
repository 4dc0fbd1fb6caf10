"""``belote-replay solve`` and ``belote-replay annotate`` on the constructed deal of test_review."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote_replay.main import cli
from tests.analysis.test_review import DEAL


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.fixture()
def deal_file(tmp_path: Path) -> Path:
    path = tmp_path / "deal.bel"
    path.write_text(DEAL, encoding="utf-8")
    return path


def test_solve_text(deal_file: Path) -> None:
    result = run("solve", str(deal_file), "--at", "2.1", "--table")
    assert result.exit_code == 0
    assert "N to play; card points N-S make" in result.output
    assert "  9♠    250  best" in result.output and "  7♦    140  -110" in result.output
    assert "Best line: N:9S" in result.output
    assert "  ♠      N E S W   E        250     0" in result.output


def test_solve_json(deal_file: Path) -> None:
    report = json.loads(run("solve", str(deal_file), "--at", "2.1", "--table", "--format", "json").output)
    assert report["to_play"] == "N" and report["at"] == "2.1"
    assert {v["card"]: v["loss"] for v in report["values"]}["7D"] == 110
    assert len(report["best_line"]) == 28 and len(report["table"]) == 4


def test_solve_refuses_a_point_past_the_record(deal_file: Path) -> None:
    result = CliRunner().invoke(cli, ["solve", str(deal_file), "--at", "9.1"])
    assert result.exit_code != 0 and "TRICK.CARD" in result.output


def test_annotate_writes_and_is_idempotent(deal_file: Path, tmp_path: Path) -> None:
    once, twice = tmp_path / "once.bel", tmp_path / "twice.bel"
    assert run("annotate", str(deal_file), "-o", str(once)).exit_code == 0
    assert run("annotate", str(once), "-o", str(twice)).exit_code == 0
    assert once.read_text(encoding="utf-8") == twice.read_text(encoding="utf-8")
    written = once.read_text(encoding="utf-8")
    assert ("N:7D?? $4 {DD: loses 110 points: 9♠ wins the trick and makes 250, this card 140 "
            "\\[%dd best=250 value=140 loss=110]} (N:9S {DD: makes 250 \\[%dd value=250]})") in written
    assert run("validate", str(once)).exit_code == 0


def test_annotate_json_jobs_and_samples(deal_file: Path) -> None:
    report = json.loads(run("annotate", str(deal_file), "--format", "json", "--jobs", "2").output)
    lost = [(p["seat"], p["points_lost"]) for p in report["players"]]
    assert lost == [("N", 110), ("E", 11), ("S", 0), ("W", 0)]
    assert [(c["trick"], c["index"], c["glyph"]) for c in report["cards"]] == [(2, 1, "??"), (2, 2, "?!")]
    sampled = json.loads(run("annotate", str(deal_file), "--format", "json", "--samples", "3").output)
    assert all("expected_loss" in c for c in sampled["cards"])


def test_annotate_thresholds_must_grow(deal_file: Path) -> None:
    result = CliRunner().invoke(cli, ["annotate", str(deal_file), "--mistake", "50"])
    assert result.exit_code != 0


def test_solve_by_score_says_so(deal_file: Path) -> None:
    text = run("solve", str(deal_file), "--at", "2.1", "--value", "score").output
    assert "N to play; points the deal scores N-S make" in text
    assert "  9♠    270  best" in text and "  7♦    160  -110" in text  # the capot 250 + belote 20
    report = json.loads(run("solve", str(deal_file), "--at", "2.1", "--format", "json").output)
    assert report["value"] == "cards"
    scored = json.loads(run("solve", str(deal_file), "--at", "2.1", "--value", "score", "--format",
                            "json").output)
    assert scored["value"] == "score" and scored["values"][0]["points"] == 270


def test_annotate_by_score_says_so(deal_file: Path) -> None:
    assert json.loads(run("annotate", str(deal_file), "--format", "json").output)["value"] == "cards"
    report = json.loads(run("annotate", str(deal_file), "--format", "json", "--value", "score").output)
    assert report["value"] == "score"
    first = report["cards"][0]
    assert (first["card"], first["points"], first["best_points"]) == ("7D", 160, 270)
    result = CliRunner().invoke(cli, ["annotate", str(deal_file), "--value", "score"])
    assert result.exit_code == 0 and "values by the deal's score" in result.stderr


def test_an_unknown_value_is_refused_on_the_command_line(deal_file: Path) -> None:
    result = CliRunner().invoke(cli, ["solve", str(deal_file), "--value", "tricks"])
    assert result.exit_code == 2 and "'tricks' is not one of" in result.output


def test_annotate_by_score_skips_a_generale_and_says_why(tmp_path: Path) -> None:
    """A générale's score depends on which player of the side won each trick: by score its deal
    is not reviewed, with a note naming the deal, and the rest of the file is."""
    path = tmp_path / "generale.bel"
    made = run("generate", "--rules", "contree", "--option", "generale_bid=true", "--deals", "60",
               "--seed", "3", "-o", str(path))
    assert made.exit_code == 0 and " W:generale H " in path.read_text(encoding="utf-8")
    result = CliRunner().invoke(cli, ["annotate", str(path), "--value", "score", "--format", "json"],
                                catch_exceptions=False)
    assert result.exit_code == 0
    assert f"{path}: game 5, deal 1: not reviewed: a générale is not valued by score" in result.stderr
    games = json.loads(result.stdout)
    assert len(games) == 15 and all(game["value"] == "score" for game in games)
