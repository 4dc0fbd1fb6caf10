"""The API suite, run against SQLite and PostgreSQL (``database_url`` in conftest.py): every
answer checked against what the library itself computes for the same input."""

from __future__ import annotations

import json

import pytest

import belote_notation as bn
from belote_notation.check.report import GameReport
from belote_notation.notation.fingerprint import game_fingerprint
from belote_notation.notation.read.reader import parse_text
from tests.service.support import Service, make_service, sample

PARTIE_1 = sample("classic/partie-1.bel")
PARTIE_2 = sample("classic/partie-2.bel")
INVALID = sample("invalid/BEL303-did-not-follow.bel")


def upload(service: Service, body: bytes, name: str = "up.bel", **params: str) -> dict:
    answer = service.client.post("/v1/games", content=body, params={"name": name, **params},
                                 headers=service.alice)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_validate_gives_the_pipeline_report(service: Service) -> None:
    answer = service.client.post("/v1/validate", content=INVALID, params={"name": "x.bel"})
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("application/json")
    games = answer.json()["files"][0]["games"]
    expected = [f.to_dict() for r in bn.validate(INVALID, "x.bel") for f in r.findings]
    assert [g["findings"] for g in games] == [expected]
    assert expected[0]["code"] == "BEL303" and expected[0]["line"] == 43


@pytest.mark.parametrize(("accept", "media", "marker"), [
    ("application/sarif+json", "application/sarif+json", '"version": "2.1.0"'),
    ("application/junit+xml", "application/junit+xml", "<testsuites"),
    ("application/x-ndjson", "application/x-ndjson", '"type":"summary"'),
    ("text/plain", "text/plain", "BEL303"),
])
def test_validate_answers_by_accept(service: Service, accept: str, media: str, marker: str) -> None:
    answer = service.client.post("/v1/validate", content=INVALID, headers={"Accept": accept})
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith(media)
    assert marker in answer.text


def test_validate_reads_any_format_by_query_content_type_or_content(service: Service) -> None:
    game = parse_text(INVALID.decode())[0].game
    twin = json.dumps({"games": [game.model_dump(mode="json")]}).encode()
    for params, headers in (({"format": "json"}, {}), ({}, {"Content-Type": "application/vnd.belote.json"}),
                            ({}, {"Content-Type": "application/json"})):
        answer = service.client.post("/v1/validate", content=twin, params=params, headers=headers)
        codes = [f["code"] for g in answer.json()["files"][0]["games"] for f in g["findings"]]
        assert "BEL303" in codes, (params, headers)


def test_validate_options_and_selection(service: Service) -> None:
    ignored = service.client.post("/v1/validate", content=INVALID, params={"ignore": "BEL3"})
    assert ignored.json()["summary"]["errors"] == 0
    bad = service.client.post("/v1/validate", content=INVALID, params={"option": "traget=500"})
    assert bad.status_code == 400 and bad.headers["content-type"] == "application/problem+json"
    assert bad.json()["code"] == "bad-request" and "target" in bad.json()["detail"]
    assert service.client.post("/v1/validate", content=INVALID, params={"format": "nope"}).status_code == 415
    refused = service.client.post("/v1/validate", content=INVALID, headers={"Accept": "image/png"}).json()
    assert refused["code"] == "not-acceptable" and "application/json, " in refused["detail"]
    arabic = service.client.post("/v1/validate", content=INVALID, params={"lang": "ar"},
                                 headers={"Accept": "image/png"}).json()
    assert arabic["detail"] == refused["detail"] and "application/json، " in arabic["message"]


def test_upload_stores_once_per_owner_with_findings(service: Service) -> None:
    first = upload(service, PARTIE_1 + b"\n" + INVALID)
    assert [g["game"] for g in first["imported"]] == [1, 2] and first["duplicates"] == []
    fingerprint = game_fingerprint(parse_text(PARTIE_1.decode())[0].game)
    assert first["imported"][0]["fingerprint"] == fingerprint
    again = upload(service, PARTIE_1)
    assert again["imported"] == [] and again["duplicates"][0]["id"] == first["imported"][0]["id"]
    other = service.client.post("/v1/games", content=PARTIE_1, headers=service.bob).json()
    assert other["imported"][0]["id"] != first["imported"][0]["id"]  # stored once per owner
    report = service.client.get(f"/v1/games/{first['imported'][1]['id']}/report").json()
    alone = bn.validate(INVALID, "up.bel")[0]
    assert [(f.code, f.message) for f in GameReport.from_dict(report).findings] == \
        [(f.code, f.message) for f in alone.findings]
    in_upload = alone.findings[0].line + PARTIE_1.count(b"\n") + 1
    assert report["findings"][0]["line"] == in_upload  # the line in the file as uploaded
    assert report["totals"] == bn.validate(INVALID)[0].totals


def test_upload_rejects_a_game_not_read_whole(service: Service) -> None:
    broken = b'[Rules "classic"]\ndeal 1 dealer N\ntrick 1 N:ZZ\nend\n'
    result = upload(service, PARTIE_2 + b"\n" + broken)
    assert len(result["imported"]) == 1 and len(result["rejected"]) == 1
    rejected = result["rejected"][0]
    assert rejected["id"] is None and rejected["game"] == 2
    assert {f["code"] for f in rejected["findings"]} & {"BEL004", "BEL001"}
    assert rejected["findings"][0]["line"] > PARTIE_2.count(b"\n")  # located in the uploaded file


def test_list_filters_count_and_cursor(service: Service) -> None:
    upload(service, PARTIE_1 + b"\n" + PARTIE_2 + b"\n" + INVALID)
    get = service.client.get
    assert get("/v1/games/count", headers=service.alice).json() == {"count": 3}
    assert get("/v1/games/count", params={"rules": "classic"}, headers=service.alice).json() == {"count": 2}
    assert get("/v1/games/count", params={"code": "BEL303"}, headers=service.alice).json() == {"count": 1}
    assert get("/v1/games/count", params={"has_findings": "true"}, headers=service.alice).json()["count"] == 1
    assert get("/v1/games/count", params={"player": "Youssef"}, headers=service.alice).json()["count"] >= 1
    assert get("/v1/games/count", params={"tag": "Site=bs.fyi"}, headers=service.alice).json()["count"] == 2
    assert get("/v1/games/count", params={"taker": "N"}, headers=service.alice).json()["count"] >= 1
    seen, cursor = [], None
    while True:
        page = get("/v1/games", params={"limit": 1, **({"cursor": cursor} if cursor else {})},
                   headers=service.alice).json()
        seen += [g["id"] for g in page["games"]]
        cursor = page["next"]
        if cursor is None:
            break
    assert len(seen) == len(set(seen)) == 3
    assert get("/v1/games", params={"limit": 10_000}, headers=service.alice).json()["code"] == "invalid"
    # the cursor's form is in the document now: another form is refused as a parameter out of its bounds
    refused = get("/v1/games", params={"cursor": "garbage"}, headers=service.alice)
    assert (refused.status_code, refused.json()["code"]) == (422, "invalid")
    assert get("/v1/games", headers=service.bob).json()["games"] == []


def test_one_game_in_each_form(service: Service) -> None:
    game_id = upload(service, PARTIE_1)["imported"][0]["id"]
    get = service.client.get
    assert get(f"/v1/games/{game_id}").text == PARTIE_1.decode()
    twin = get(f"/v1/games/{game_id}", headers={"Accept": "application/json"}).json()
    assert [r.fingerprint for r in bn.validate(json.dumps(twin).encode(), "t.json")] == \
        [game_fingerprint(parse_text(PARTIE_1.decode())[0].game)]
    events = get(f"/v1/games/{game_id}", headers={"Accept": "application/x-ndjson"}).text.splitlines()
    assert json.loads(events[0])["type"] == "match_start"
    page = get(f"/v1/games/{game_id}/replay")
    assert page.headers["content-security-policy"].startswith("default-src 'none'")
    assert 'class="belote-game"' in page.text
    svg = get(f"/v1/games/{game_id}/deals/2.svg", params={"trick": 3})
    assert svg.headers["content-type"] == "image/svg+xml" and svg.text.startswith("<svg")
    assert get(f"/v1/games/{game_id}/deals/99.svg").status_code == 404
    exported = get("/v1/games/export", headers=service.alice).text
    assert exported == PARTIE_1.decode().rstrip("\n") + "\n"
    lines = get("/v1/games/export", params={"format": "jsonl"}, headers=service.alice).text.splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["deals"]


def test_delete_by_owner(service: Service) -> None:
    game_id = upload(service, PARTIE_1)["imported"][0]["id"]
    assert service.client.delete(f"/v1/games/{game_id}", headers=service.bob).status_code == 404
    assert service.client.delete(f"/v1/games/{game_id}", headers=service.alice).status_code == 204
    assert service.client.get(f"/v1/games/{game_id}").json()["code"] == "not-found"
    assert upload(service, PARTIE_1)["imported"]  # gone, so stored again


def test_review_job_stores_a_new_version(service: Service) -> None:
    from belote_notation.service.jobs import work_one
    from belote_notation.service.work import RUNNERS

    one_deal = sample("invalid/BEL203-forced-take-refused.bel")
    game_id = upload(service, one_deal)["imported"][0]["id"]
    queued = service.client.post(f"/v1/games/{game_id}/review", headers=service.alice, json={"seed": 1})
    assert queued.status_code == 202
    job = queued.json()["url"]
    assert service.client.get(job, headers=service.alice).json()["state"] == "queued"
    assert service.client.get(job, headers=service.bob).status_code == 404
    assert work_one(service.engine, service.settings, "test-worker", RUNNERS)
    done = service.client.get(job, headers=service.alice).json()
    assert done["state"] == "done" and done["progress"] == 1.0, done
    reviewed = service.client.get(done["result"]["url"]).text
    assert "review:" in reviewed
    listed = service.client.get("/v1/games", params={"annotated": "true"}, headers=service.alice).json()
    assert [g["parent"] for g in listed["games"]] == [game_id]


def test_large_upload_becomes_an_import_job(database_url: str) -> None:
    from belote_notation.service.jobs import work_one
    from belote_notation.service.work import RUNNERS

    for service in make_service(database_url, job_threshold=100):
        answer = service.client.post("/v1/games", content=PARTIE_1, headers=service.alice)
        assert answer.status_code == 202
        assert work_one(service.engine, service.settings, "w", RUNNERS)
        done = service.client.get(answer.json()["url"], headers=service.alice).json()
        assert done["state"] == "done" and len(done["result"]["imported"]) == 1


def test_limits(database_url: str) -> None:
    limits = {"max_body": 2000, "max_games": 1, "rate_per_minute": 6, "cpu_seconds": 1e-9}
    for service in make_service(database_url, **limits):
        post = service.client.post
        too_big = post("/v1/validate", content=b"x" * 3000)
        assert too_big.status_code == 413 and too_big.json()["code"] == "too-large"
        slow = post("/v1/validate", content=INVALID[:1900])
        # issue 35 item 12: the same body always fails the same way: 413, not 503, saying what to send
        assert slow.status_code == 413 and slow.json()["code"] == "cpu-limit", slow.text
        assert "(line " in slow.json()["detail"] and "send games" in slow.json()["detail"]
        assert "retry-after" not in slow.headers
        assert service.client.get("/healthz").status_code == 200  # still serving
        statuses = [post("/v1/validate", content=b"").status_code for _ in range(8)]
        assert 429 in statuses
        limited = post("/v1/validate", content=b"")
        assert limited.status_code == 429 and int(limited.headers["retry-after"]) >= 1
        assert service.client.get("/readyz").json() == {"status": "ready"}  # never limited


def test_every_error_is_a_problem(service: Service) -> None:
    for answer in (service.client.get("/v1/nowhere"), service.client.get("/v1/games"),
                   service.client.get("/v1/games/not_an_id"), service.client.put("/v1/validate"),
                   service.client.get("/v1/games/x", headers={"Authorization": "Bearer nope"})):
        body = answer.json()
        assert answer.headers["content-type"] == "application/problem+json"
        assert set(body) >= {"type", "title", "status", "detail", "code"}
        assert body["status"] == answer.status_code


def test_the_shipped_openapi_is_the_served_one(service: Service) -> None:
    from belote_notation.service.openapi import shipped

    assert service.client.get("/v1/openapi.json").json() == shipped()


def test_the_docs_curl_only_what_the_api_has() -> None:
    """Every ``curl`` of docs/service.md names an operation of the OpenAPI document (or the front)."""
    import re
    from pathlib import Path

    from belote_notation.service.openapi import shipped

    page = (Path(__file__).resolve().parents[2] / "docs" / "service.md").read_text(encoding="utf-8")
    paths = [re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", p) + "$") for p in shipped()["paths"]]
    used = re.findall(r"curl [^\n]*?http://127\.0\.0\.1:8000(/[^\s'?]*)", page)
    assert len(used) >= 15
    assert [u for u in used if not any(p.match(u) for p in paths) and u != "/v1/nothing"] == []
