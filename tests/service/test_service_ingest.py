"""The store's road (issue 32): a ``.bel`` upload read straight into the checks, its columns
taken from the same pass; what it stores is what the records' road stored, and two score
sheets of the same players are two games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import column, insert, select, table

from belote_notation.check.setup import ValidationConfig
from belote_notation.check.validator import validate_game
from belote_notation.notation.records import Deal, Game
from belote_notation.pipeline.inputs import Source, open_input
from belote_notation.pipeline.records import records_of
from belote_notation.service.db import make_engine, now, writing
from belote_notation.service.ingest import read_upload
from belote_notation.service.schema import DEALS, GAMES, TAGS
from tests.service.support import Service

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
BEL_SAMPLES = sorted(SAMPLES.glob("*/*.bel"))
SHEET = """[Event "{event}"]
[Rules "classic"]
[North "Sara"]
[East "Karim"]
[South "Ines"]
[West "Youssef"]

deal 1
score {ns} {ew}
deal 2
score 80 82
end
"""


def _contract(deal: Deal) -> str | None:
    """The contract column as the records' road wrote it (the oracle)."""
    for bid in reversed(deal.bids):
        if bid.action == "bid":
            return str(bid.value)
        if bid.action in ("capot", "generale", "take"):
            return bid.action
    return None


def _as_records(path: Path) -> list[tuple[Game, Any]]:
    """Each game of ``path`` read to records and checked from them (the store's road before)."""
    with open_input(Source(path.name, data=path.read_bytes())) as opened:  # type: ignore[union-attr]
        return [(read.game, validate_game(read.game, path.name, read.number, ValidationConfig(),
                                          syntax=read.findings))
                for read in records_of(opened) if read.game is not None]


@pytest.mark.parametrize("path", BEL_SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_bel_upload_stores_what_its_records_said(path: Path) -> None:
    """Every sample read by the text road: the same report (to the byte, as JSON), and the same
    tags, Event, Date and contracts as the records of the same text give."""
    checked = list(read_upload(path.read_bytes(), path.name))
    expected = _as_records(path)
    assert len(checked) == len(expected)
    for game, (records, report) in zip(checked, expected, strict=True):
        assert game.report.to_dict() == report.to_dict()
        if game.rejected:
            continue
        assert game.columns is not None and game.bel is not None
        assert list(game.columns.tags) == [(h.name, h.value) for h in records.headers]
        values = game.columns.tag_values()
        assert (values.get("event"), values.get("date")) == (records.header("Event"), records.header("Date"))
        for deal in report.deals:
            first = next(d for d in records.deals if d.number == deal.number)
            assert game.columns.contracts.get(deal.number) == _contract(first)


def test_contracts_are_stored_for_every_auction(service: Service) -> None:
    """A contrée bid of points, a coinche sample's capot or générale and the classic take all
    reach the filter ``contract``, from deals read by the compiled reader and by the others."""
    client, alice = service.client, service.alice
    for sample in ("contree/points-bid.bel", "coinche/generale-and-180.bel", "classic/partie-1.bel"):
        answer = client.post("/v1/games", content=(SAMPLES / sample).read_bytes(), headers=alice,
                             params={"name": Path(sample).name})
        assert answer.status_code == 200 and answer.json()["imported"], sample
    counts = {c: client.get("/v1/games/count", params={"contract": c}, headers=alice).json()["count"]
              for c in ("take", "generale", "100", "nothing")}
    assert counts["take"] >= 1 and counts["generale"] >= 1 and counts["nothing"] == 0
    assert any(client.get("/v1/games/count", params={"contract": str(points)},
                          headers=alice).json()["count"] for points in range(80, 170, 10))


def test_two_score_sheets_of_the_same_players_are_two_games(service: Service) -> None:
    """Score lines only, no card: what was played is nothing, so both nights have the same
    fingerprint; their claimed scores and Event tell them apart. The same sheet again is a
    duplicate, in another upload or in the same one."""
    client, alice = service.client, service.alice
    monday = SHEET.format(event="Monday", ns=100, ew=62)
    tuesday = SHEET.format(event="Tuesday", ns=62, ew=100)
    first = client.post("/v1/games", content=monday, headers=alice).json()
    both = client.post("/v1/games", content=f"{tuesday}\n{monday}\n{tuesday}", headers=alice).json()
    assert [len(first[k]) for k in ("imported", "duplicates", "rejected")] == [1, 0, 0]
    assert [len(both[k]) for k in ("imported", "duplicates", "rejected")] == [1, 2, 0]
    monday_id, tuesday_id = first["imported"][0]["id"], both["imported"][0]["id"]
    assert monday_id != tuesday_id
    assert first["imported"][0]["fingerprint"] == both["imported"][0]["fingerprint"]
    assert [d["id"] for d in both["duplicates"]] == [monday_id, tuesday_id]
    assert client.get("/v1/games/count", headers=alice).json()["count"] == 2
    # one night made private leaves the other as it was
    assert client.patch(f"/v1/games/{monday_id}", json={"private": True}, headers=alice).status_code == 200
    assert client.get(f"/v1/games/{tuesday_id}").status_code == 200


def test_the_migration_gives_stored_score_sheets_their_key(database_url: str) -> None:
    """r0004 on a database of r0003 with a score sheet stored: the sheet gets its key (read from
    its text), so uploading it again is a duplicate and another night is a game of its own."""
    from alembic import command

    from belote_notation.service.migrate import alembic_config, upgrade
    from belote_notation.service.storing import prepare, store_checked

    command.upgrade(alembic_config(database_url), "0003")
    monday = SHEET.format(event="Monday", ns=100, ew=62)
    [checked] = list(read_upload(monday.encode(), "monday.bel"))
    row = prepare(checked).row
    assert row is not None
    old = {k: v for k, v in row.items() if k != "recorded"}
    engine = make_engine(database_url)
    try:
        with writing(engine) as conn:  # as the store of r0003 kept it, without the key
            legacy = table("games", *(column(c.name, c.type) for c in GAMES.c if c.name != "recorded"))
            conn.execute(insert(legacy), [{**old, "owner": "club", "private": False, "created_at": now()}])
        upgrade(database_url)
        with engine.connect() as conn:
            assert conn.execute(select(GAMES.c.recorded)).scalar_one() == row["recorded"] != ""
        tuesday = SHEET.format(event="Tuesday", ns=62, ew=100)
        games = [prepare(g) for text in (monday, tuesday) for g in read_upload(text.encode(), "n.bel")]
        with writing(engine) as conn:
            result = store_checked(conn, "club", games, False)
        assert [r.id for r in result.duplicates] == [row["id"]] and len(result.imported) == 1
        with engine.connect() as conn:
            assert conn.execute(select(TAGS.c.game_id).where(TAGS.c.name == "event")).all()
            assert conn.execute(select(DEALS.c.contract)).scalars().all() == [None, None]
    finally:
        engine.dispose()
