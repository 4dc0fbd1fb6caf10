"""``stats``: every figure equal to a reference worked out from ``validate --format json`` (and,
for reviewed games, from ``annotate --format json``), never from the collections package."""

from __future__ import annotations

import csv
import io
import json
from collections import defaultdict
from typing import Any

import pytest
from click.testing import CliRunner

from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from belote_notation.notation.read.reader import parse_text
from belote_replay.main import cli
from tests.collections.collection_data import as_text, collection_games

SEATS = "NESW"
SPANISH = {"E": "♠", "C": "♥", "O": "♦", "B": "♣"}
FRENCH = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
KINDS = {"bid": "points", "capot": "capot", "generale": "generale"}


def _ratio(a: float, b: int) -> float | None:
    return round(a / b, 2) if b else None


def _blank() -> dict[str, Any]:
    return defaultdict(int)


def _view(row: dict, deal: dict, seats: tuple[int, ...], team: int, findings: list[dict]) -> None:
    taker = SEATS.index(deal["taker"]) if deal["taker"] else None
    credited = deal["credited"]
    won = credited is not None and taker is not None and credited[taker % 2] > credited[1 - taker % 2]
    row["deals"] += 1
    row["dead"] += deal["outcome"] == "dead"
    row["litige"] += deal["outcome"] == "litige"
    if taker in seats:
        row["takes"] += 1
        row["made"] += deal["outcome"] == "made" or (deal["outcome"] == "capot" and won)
        row["failed"] += deal["outcome"] == "failed" or (deal["outcome"] == "capot" and not won)
    row["capots"] += deal["outcome"] == "capot" and credited[team] > credited[1 - team]
    row["belotes"] += bool(deal["belote"] and deal["belote"][team])
    row["announcements"] += bool(deal["announcements"] and deal["announcements"][team])
    if credited is not None and taker is not None:
        if taker in seats:
            row["tp"] += credited[team]
            row["tp_def"] += credited[1 - team]
            row["td"] += 1
        elif taker % 2 != team:
            row["dp"] += credited[team]
            row["dd"] += 1
    row["findings"] += sum(1 for f in findings if f["deal"] == deal["deal"] and f["seat"]
                           and SEATS.index(f["seat"]) in seats)


def reference(reports: list[dict], games: list) -> dict[str, dict[str, dict]]:
    tables: dict[str, dict[str, dict]] = {g: defaultdict(_blank) for g in ("player", "team", "rules", "trump",
                                                                          "contract")}
    for report, game in zip(reports, games, strict=True):
        names = [game.header(s) for s in ("North", "East", "South", "West")]
        teams = (game.header("Teams") or "").split(" - ") if game.header("Teams") else \
            [f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"]
        suits = SPANISH if report["deck"] == "spanish" else FRENCH
        for record, deal in zip(game.deals, report["deals"], strict=True):
            for seat in range(4):
                _view(tables["player"][names[seat]], deal, (seat,), seat % 2, report["findings"])
            for team in (0, 1):
                _view(tables["team"][teams[team].strip()], deal, (team, team + 2), team, report["findings"])
            contract = [b for b in record.bids if b.action in KINDS]
            kind = KINDS[contract[-1].action] if contract else ("take" if deal["taker"] else "none")
            trump = contract[-1].suit if contract else None
            trump_name = ("♠", "♥", "♦", "♣", "SA", "TA")[trump] if trump is not None else \
                suits.get(deal["trump"], "none")
            for group, name in (("rules", report["rules"]), ("contract", kind), ("trump", trump_name)):
                row = tables[group][name]
                taker = SEATS.index(deal["taker"]) if deal["taker"] else None
                _view(row, deal, (taker,) if taker is not None else (), taker % 2 if taker is not None else 0,
                      report["findings"])
                row["findings_all"] += sum(1 for f in report["findings"] if f["deal"] == deal["deal"])
                row["any_belote"] += bool(deal["belote"] and any(deal["belote"]))
                row["any_announcement"] += bool(deal["announcements"] and any(deal["announcements"]))
                row["any_capot"] += deal["outcome"] == "capot"
    return tables


def _figures(row: dict, group: str) -> dict[str, Any]:
    out = {k: row[k] for k in ("deals", "takes", "made", "failed", "litige", "dead", "belotes",
                               "announcements")}
    out["points_as_taker"] = _ratio(row["tp"], row["td"])
    if group in ("player", "team"):
        out.update(capots=row["capots"], points_as_defender=_ratio(row["dp"], row["dd"]),
                   findings_per_100=_ratio(100 * row["findings"], row["deals"]))
    else:
        out.update(findings_per_100=_ratio(100 * row["findings_all"], row["deals"]), capots=row["any_capot"],
                   belotes=row["any_belote"], announcements=row["any_announcement"],
                   points_as_defender=_ratio(row["tp_def"], row["td"]))
    return out


@pytest.fixture(scope="module")
def collection() -> dict[str, Any]:
    text = as_text(collection_games())
    done = CliRunner().invoke(cli, ["validate", "--format", "json", "-"], input=text.encode())
    reports = json.loads(done.stdout)["files"][0]["games"]
    stats = CliRunner().invoke(cli, ["stats", "--format", "json", "-"], input=text.encode())
    assert stats.exit_code == 0, stats.output
    return {"text": text, "reports": reports, "games": [p.game for p in parse_text(text)],
            "stats": json.loads(stats.stdout)}


@pytest.mark.parametrize("group", ["player", "team", "rules", "contract", "trump"])
def test_every_figure_equals_the_reference_from_validate_json(collection, group):
    want = reference(collection["reports"], collection["games"])[group]
    got = {row[group]: row for row in collection["stats"][group]}
    assert sorted(got) == sorted(want)
    for name, row in want.items():
        expected = _figures(row, group)
        assert {k: got[name][k] for k in expected} == expected, (group, name)
    assert sum(r["deals"] for r in collection["stats"]["rules"]) == collection["stats"]["deals"] == 150


def test_the_figures_say_something(collection):
    players = collection["stats"]["player"]
    assert sum(r["takes"] for r in players) > 0 and any(r["findings_per_100"] for r in players)
    assert {r["contract"] for r in collection["stats"]["contract"]} >= {"take", "points"}


def test_csv_holds_the_json_figures(collection):
    done = CliRunner().invoke(cli, ["stats", "--format", "csv", "-"], input=collection["text"].encode())
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    by_key = {(r["group"], r["name"]): r for r in rows}
    for row in collection["stats"]["player"]:
        assert int(by_key[("player", row["player"])]["takes"]) == row["takes"]
    groups = ("player", "team", "rules", "contract", "trump")
    assert len(rows) == sum(len(collection["stats"][g]) for g in groups)


def test_review_figures_equal_annotate_json(tmp_path):
    games = list(generate_games(Ruleset.preset("classic"), None, deals=3, seed=8))
    source = tmp_path / "match.bel"
    source.write_text(as_text(games), encoding="utf-8")
    reviewed = tmp_path / "reviewed.bel"
    assert CliRunner().invoke(cli, ["annotate", str(source), "-o", str(reviewed)]).exit_code == 0
    figures = json.loads(CliRunner().invoke(cli, ["annotate", str(source), "--format", "json"]).stdout)
    stats = json.loads(CliRunner().invoke(cli, ["stats", "--format", "json", str(reviewed)]).stdout)
    rows = {r["player"]: r for r in stats["player"]}
    for player in figures["players"]:
        row = rows[player["name"]]
        ours = (row["review_cards"], row["points_lost"], row["inaccuracies"], row["mistakes"],
                row["blunders"], row["accuracy"])
        assert ours == (player["cards"], player["points_lost"], player["inaccuracies"], player["mistakes"],
                        player["blunders"], player["accuracy"])
    assert sum(p["points_lost"] for p in figures["players"]) > 0
    plain = json.loads(CliRunner().invoke(cli, ["stats", "--format", "json", str(source)]).stdout)
    assert all("points_lost" not in r for r in plain["player"])  # not reviewed: no review figures
