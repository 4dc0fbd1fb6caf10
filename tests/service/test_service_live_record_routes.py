"""The recording page's routes without a browser: opening a table from the form (the table's
token in a cookie of the game's path), and the table's offers (``/web/live/{id}/offers``: the
score sheet brought at each deal's end, the score line due the record's)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from belote_notation.check.live import acts_of_text
from tests.service.support import SAMPLES, bearer

CLASSIC = SAMPLES / "classic" / "capot-and-belote.bel"


def test_opening_a_table_from_the_form(web_service: Any) -> None:
    """The form's values checked as ``POST /v1/live`` checks them; the table token kept in a
    cookie of the game's path only, handed to the page of that game and no other."""
    client = web_service.client
    bad = client.post("/web/live/new", data={"rules": "poker", "N": "Hugo"})
    assert bad.status_code == 422 and "rules" in bad.text and "set-cookie" not in bad.headers
    bad = client.post("/web/live/new", data={"rules": "classic", "N": "a\x01b"})
    assert bad.status_code == 422 and "players.N" in bad.text
    opened = client.post("/web/live/new", data={"rules": "coinche", "N": "Hugo", "event": "Club final"},
                         follow_redirects=False)
    assert opened.status_code == 303
    live_id = opened.headers["location"].split("/")[3]
    cookie = opened.headers["set-cookie"]
    assert f"Path=/web/live/{live_id}" in cookie and "HttpOnly" in cookie and "SameSite=strict" in cookie
    secret = client.cookies.get(f"belote_table_{live_id}")
    record = client.get(f"/web/live/{live_id}/record")
    assert record.status_code == 200 and f'data-token="{secret}"' in record.text
    assert 'data-deck="french"' in record.text
    state = client.get(f"/v1/live/{live_id}").json()
    assert state["rules"] == "coinche"
    assert state["tags"]["North"] == "Hugo" and state["tags"]["Event"] == "Club final"
    offered = client.get(f"/web/live/{live_id}/offers?sheet=true")  # the engine's offers, the sheet
    assert offered.status_code == 200 and offered.headers["cache-control"] == "no-store"
    assert offered.json() == {"seq": 0, "announcements": [], "belote": {},
                              "sheet": {"seq": 0, "deals": [], "winner": None, "due": None}}
    client.cookies.delete(f"belote_table_{live_id}")
    assert client.get(f"/web/live/{live_id}/record").status_code == 403
    assert client.get(f"/web/live/{live_id}/offers").status_code == 403
    client.cookies.delete("belote_token")
    assert client.get("/web/live/new", follow_redirects=False).headers["location"] == "/web"


def test_the_offers_bring_the_sheet_at_each_deals_end(web_service: Any) -> None:
    """Three deals of a classic match played over HTTP with the table's token: at each deal's
    end the table's offers bring the sheet by themselves, the score line due the one the record
    has; once written, nothing is due, and no team has won yet."""
    client = web_service.client
    opened = client.post("/web/live/new", data={"rules": "classic"}, follow_redirects=False)
    live_id = opened.headers["location"].split("/")[3]
    table = bearer(str(client.cookies.get(f"belote_table_{live_id}")))
    acts = [act for act, _ in acts_of_text(CLASSIC.read_text(encoding="utf-8"))]

    def post(first: int, last: int) -> None:
        lines = "".join(json.dumps({**act, "seq": n + 1}) + "\n"
                        for n, act in enumerate(acts[first:last], first))
        answers = client.post(f"/v1/live/{live_id}/acts", content=lines, headers=table).text.splitlines()
        assert len(answers) == last - first and all(json.loads(line)["accepted"] for line in answers), answers

    start = 0
    for at in [n for n, act in enumerate(acts) if act["act"] == "score"][:3]:
        post(start, at)
        sheet = client.get(f"/web/live/{live_id}/offers").json()["sheet"]  # a deal over: the sheet comes
        assert sheet["due"] == {"act": "score", "score": acts[at]["score"], "match": acts[at]["match"]}
        post(at, at + 1)
        start = at + 1
    sheet = client.get(f"/web/live/{live_id}/offers?sheet=true").json()["sheet"]
    assert sheet["due"] is None and sheet["winner"] is None and len(sheet["deals"]) == 3
    assert [deal["recorded"] for deal in sheet["deals"]] == [deal["scored"] for deal in sheet["deals"]]


@pytest.fixture
def web_service(tmp_path: Path) -> Iterator[Any]:
    from tests.service.support import make_service

    for service in make_service(f"sqlite:///{tmp_path / 'web.db'}"):
        service.client.cookies.set("belote_token", service.alice["Authorization"].split()[1])
        yield service
