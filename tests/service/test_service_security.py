"""Security: writes need a write token, another owner's private games stay invisible, tokens
are stored hashed, every query is built with bound parameters."""

from __future__ import annotations

import ast
from pathlib import Path

from sqlalchemy import func, select

from belote_notation.service.schema import GAMES, TAGS, TOKENS
from tests.service.support import Service, make_service, sample

PARTIE_1 = sample("classic/partie-1.bel")
SERVICE_SOURCE = Path(__file__).resolve().parents[2] / "belote_notation" / "service"


def _store(service: Service, private: bool) -> str:
    answer = service.client.post("/v1/games", content=PARTIE_1, params={"private": str(private).lower()},
                                 headers=service.alice)
    game_id: str = answer.json()["imported"][0]["id"]
    return game_id


def test_no_write_without_a_write_token(service: Service) -> None:
    game_id = _store(service, private=False)
    post, delete = service.client.post, service.client.delete
    for answer in (post("/v1/games", content=PARTIE_1), delete(f"/v1/games/{game_id}"),
                   post(f"/v1/games/{game_id}/review")):
        assert answer.status_code == 401 and answer.json()["code"] == "unauthorized"
        assert answer.headers["www-authenticate"] == "Bearer"
    for answer in (post("/v1/games", content=PARTIE_1, headers=service.reader),
                   delete(f"/v1/games/{game_id}", headers=service.reader)):
        assert answer.status_code == 403 and answer.json()["code"] == "forbidden"
    assert service.client.get("/v1/games", headers=service.reader).json()["games"][0]["id"] == game_id
    assert service.client.get("/v1/games/count").status_code == 401


def test_another_owner_cannot_read_or_delete_a_private_game(service: Service) -> None:
    game_id = _store(service, private=True)
    paths = [f"/v1/games/{game_id}", f"/v1/games/{game_id}/report", f"/v1/games/{game_id}/replay",
             f"/v1/games/{game_id}/deals/1.svg"]
    for path in paths:
        for headers in ({}, service.bob):
            answer = service.client.get(path, headers=headers)
            assert answer.status_code == 404 and answer.json()["code"] == "not-found", path
        assert service.client.get(path, headers=service.alice).status_code == 200
    assert service.client.delete(f"/v1/games/{game_id}", headers=service.bob).status_code == 404
    assert service.client.post(f"/v1/games/{game_id}/review", headers=service.bob).status_code == 404
    assert service.client.get("/v1/games", headers=service.bob).json()["games"] == []
    assert service.client.get(f"/v1/games/{game_id}", headers=service.alice).status_code == 200  # still there


def test_a_link_game_is_read_by_its_id_but_only_its_owner_changes_it(service: Service) -> None:
    game_id = _store(service, private=False)
    assert service.client.get(f"/v1/games/{game_id}").text == PARTIE_1.decode()
    assert service.client.delete(f"/v1/games/{game_id}", headers=service.bob).status_code == 404
    assert service.client.post(f"/v1/games/{game_id}/review", headers=service.bob).status_code == 404
    assert service.client.get("/v1/games/count", headers=service.bob).json() == {"count": 0}


def test_tokens_are_stored_hashed(service: Service) -> None:
    secret = service.alice["Authorization"].split()[1]
    with service.engine.connect() as conn:
        rows = [tuple(map(str, row)) for row in conn.execute(select(TOKENS))]
    assert rows and not any(secret in value for row in rows for value in row)


HOSTILE = ["' OR '1'='1", "%", "_", "\"; DROP TABLE games; --", "x') OR 1=1 --"]


def test_filters_are_bound_parameters(service: Service) -> None:
    _store(service, private=False)
    for hostile in HOSTILE:
        for name in ("player", "team", "rules", "result", "contract"):
            answer = service.client.get("/v1/games/count", params={name: hostile}, headers=service.alice)
            assert answer.json() == {"count": 0} or answer.json()["code"] == "invalid", name  # too long: 422
        tag = {"tag": f"Event={hostile}"}
        answer = service.client.get("/v1/games/count", params=tag, headers=service.alice)
        assert answer.json() == {"count": 0}
    with service.engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(GAMES)).scalar() == 1


def test_hostile_tags_are_stored_as_written(service: Service) -> None:
    hostile = "Robert'); DROP TABLE games;--"
    body = PARTIE_1.replace(b'[Site "bs.fyi"]', f'[Site "{hostile}"]'.encode())
    service.client.post("/v1/games", content=body, headers=service.alice)
    answer = service.client.get("/v1/games/count", params={"tag": f"Site={hostile}"}, headers=service.alice)
    assert answer.json() == {"count": 1}
    with service.engine.connect() as conn:
        assert conn.execute(select(TAGS.c.value).where(TAGS.c.name == "site")).scalar() == hostile


def test_no_query_is_assembled_from_text() -> None:
    """``text()`` and ``exec_driver_sql`` only ever get a literal: nothing of a request can reach SQL but
    through a bound parameter of a query built from the tables."""
    assembled = []
    for path in SERVICE_SOURCE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
                if name in ("text", "exec_driver_sql", "execute") and node.args:
                    first = node.args[0]
                    if isinstance(first, ast.JoinedStr | ast.BinOp) or (
                            name != "execute" and not isinstance(first, ast.Constant)):
                        assembled.append(f"{path.name}:{node.lineno}")
    assert assembled == []


def test_games_per_request_are_bounded(database_url: str) -> None:
    for service in make_service(database_url, max_games=1):
        two = PARTIE_1 + b"\n" + PARTIE_1.replace(b"Partie 1", b"Partie 1 bis")
        for path, headers in (("/v1/validate", {}), ("/v1/games", service.alice)):
            answer = service.client.post(path, content=two, headers=headers)
            assert answer.status_code == 413 and "more than 1 games" in answer.json()["detail"], path
        with service.engine.connect() as conn:
            assert conn.execute(select(func.count()).select_from(GAMES)).scalar() == 0  # nothing half stored
