"""The web front without a browser (issue 35): forms refused from other sites (sign-in
included), the upload checked before its body is read, filters that ignore empty fields and
explain bad values, the upload's answer with each game's findings and the rejected ones
located, a lost game of a JSON twin listed, the report page, review and delete, the tokens
page, and no page that can be framed. The same in Chromium: test_service_browser.py."""

from __future__ import annotations

import ast
import io
import re
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from belote_notation.service.tokens import create_token, identify
from tests.service.support import Server, Service, make_service, sample

SERVICE_SOURCE = Path(__file__).resolve().parents[2] / "belote_notation" / "service"
PARTIE_1 = sample("classic/partie-1.bel").decode()
BEL303 = sample("invalid/BEL303-did-not-follow.bel").decode()
TYPO = sample("classic/partie-2.bel").decode().replace("trick 3", "trik 3", 1)
EVIL = {"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}


@pytest.fixture
def web(database_url: str) -> Iterator[Service]:
    """The application with alice signed in (her write token in the cookie), on SQLite and on
    PostgreSQL (the ``postgres`` marker)."""
    for service in make_service(database_url):
        service.client.cookies.set("belote_token", service.alice["Authorization"].split()[1])
        yield service


def _upload(web: Service, text: str, **headers: str) -> object:
    return web.client.post("/web/upload", data={"text": text}, files={"file": ("", b"")}, headers=headers)


def _game_ids(html: str, link: str = "report") -> list[str]:
    return re.findall(r'href="/web/games/([A-Za-z0-9_-]+)">' + link, html)


def test_no_form_is_taken_from_another_site(web: Service) -> None:
    """Login CSRF: a page elsewhere cannot sign a browser in (nor upload, delete, sign out)."""
    token = create_token(web.engine, "mallory", "write")
    client = web.client
    for headers in (EVIL, {"Origin": "https://evil.example"}, {"Sec-Fetch-Site": "cross-site"},
                    {"Origin": "null"}):
        answer = client.post("/web/session", data={"token": token}, headers=headers, follow_redirects=False)
        assert answer.status_code == 403 and "set-cookie" not in answer.headers
        assert "not sent from this site" in answer.text
    game_id = _game_ids(_upload(web, PARTIE_1).text)[0]  # type: ignore[attr-defined]
    for path in ("/web/upload", f"/web/games/{game_id}/delete", f"/web/games/{game_id}/review", "/web/tokens",
                 "/web/signout", "/web/live/new"):
        assert client.post(path, data={"text": PARTIE_1}, headers=EVIL).status_code == 403, path
    assert client.get(f"/web/games/{game_id}").status_code == 200  # still there
    same = {"Origin": str(client.base_url), "Sec-Fetch-Site": "same-origin"}
    answer = client.post("/web/session", data={"token": token}, headers=same, follow_redirects=False)
    assert answer.status_code == 303 and "belote_token=" in answer.headers["set-cookie"]


def test_every_page_refuses_framing(web: Service) -> None:
    game_id = _game_ids(_upload(web, BEL303).text)[0]  # type: ignore[attr-defined]
    paths = ["/web", "/web/games", "/web/games?taker=Q", "/web/upload", "/web/tokens",
             f"/web/games/{game_id}", f"/web/games/{game_id}/delete", f"/web/games/{game_id}/first-finding",
             "/web/games/nothing", "/web/jobs/nothing", "/web/site.css", "/", f"/v1/games/{game_id}/replay",
             f"/v1/games/{game_id}/deals/1.svg", "/web/live/new", "/web/live/nothing/record"]
    for path in paths:
        answer = web.client.get(path, follow_redirects=False)
        assert "frame-ancestors 'none'" in answer.headers["content-security-policy"], path
        assert answer.headers["x-frame-options"] == "DENY", path


def test_filters_ignore_empty_fields_and_explain_bad_values(web: Service) -> None:
    _upload(web, PARTIE_1 + "\n" + BEL303)
    empty = "&".join(f"{name}=" for name in ("player", "team", "rules", "date_from", "date_to", "result",
                                              "taker", "trump", "contract", "code", "has_findings"))
    answer = web.client.get("/web/games?" + empty)
    assert answer.status_code == 200 and "2 games" in answer.text
    answer = web.client.get("/web/games?" + empty.replace("code=", "code=BEL3"))
    assert answer.status_code == 200 and "1 game<" in answer.text
    answer = web.client.get("/web/games?date_from=31/01/2026&taker=Q&player=")
    assert answer.status_code == 422 and "application/json" not in answer.headers["content-type"]
    assert "“31/01/2026” is not a date like 2026.01.31" in answer.text
    assert "“Q” is not one seat: N, E, S or W" in answer.text
    assert 'value="31/01/2026"' in answer.text  # the form keeps what was typed


def test_a_paste_with_a_typo_stores_the_games_that_read(web: Service) -> None:
    answer = _upload(web, PARTIE_1 + "\n" + BEL303 + "\n" + TYPO)
    assert answer.status_code == 200  # type: ignore[attr-defined]
    html = answer.text  # type: ignore[attr-defined]
    assert "2 imported, 0 already stored, 1 rejected." in html
    assert "BEL303" in html and "N did not follow" in html  # an imported game's findings are shown
    rejected = html[html.index('id="game-3"'):]
    assert "rejected" in rejected and "BEL001" in rejected and "line 339, column 1" in rejected
    first = re.findall(r'href="/web/games/([A-Za-z0-9_-]+)/first-finding"', html)
    assert len(first) == 1
    answer = web.client.get(f"/web/games/{first[0]}/first-finding", follow_redirects=False)
    assert answer.headers["location"] == f"/v1/games/{first[0]}/replay#d2t2c3"  # deal 2, trick 2, card 3


def test_a_json_twin_with_a_typo_lists_the_lost_game(web: Service, tmp_path: Path) -> None:
    from belote_notation.formats.registry import get_format
    from belote_notation.notation.read.reader import parse_text

    games = [parse_text(text)[0].game for text in (PARTIE_1, BEL303)]
    jsonl = get_format("jsonl")
    assert jsonl is not None
    out = io.StringIO()
    list(jsonl.write(games, out))
    lines = out.getvalue().splitlines()
    lines.insert(1, lines[0].replace('"Partie 1"', '"Partie 1', 1))  # a quote lost: line 2 is not JSON
    answer = web.client.post("/web/upload", data={"text": "\n".join(lines) + "\n", "name": "night.jsonl"},
                             files={"file": ("", b"")})
    html = answer.text
    assert "2 imported, 0 already stored, 1 rejected." in html
    lost = html[html.index('id="game-2"'):html.index('id="game-3"')]
    assert "BEL801" in lost and "line 2," in lost
    stored = web.client.post("/v1/games?name=again.jsonl", content="\n".join(lines) + "\n",
                             headers=web.bob).json()  # the API lists it too
    assert [ref["game"] for ref in stored["imported"]] == [1, 3]
    assert [(ref["game"], ref["findings"][0]["code"], ref["findings"][0]["line"])
            for ref in stored["rejected"]] == [(2, "BEL801", 2)]


def test_the_report_page_review_and_delete(web: Service) -> None:
    game_id = _game_ids(_upload(web, BEL303).text)[0]  # type: ignore[attr-defined]
    html = web.client.get(f"/web/games/{game_id}").text
    assert f'href="/v1/games/{game_id}/replay#d2t2c3">show in the replay' in html
    assert "N did not follow" in html and "<h3>Deals</h3>" in html and "Review" in html
    answer = web.client.post(f"/web/games/{game_id}/review", data={"samples": "0"}, follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"].startswith("/web/jobs/")
    job = web.client.get(answer.headers["location"])
    assert "queued" in job.text and 'http-equiv="refresh"' in job.text
    assert web.client.post(f"/web/games/{game_id}/review", data={"samples": "99"}).status_code == 422
    assert "Delete" in web.client.get(f"/web/games/{game_id}/delete").text
    answer = web.client.post(f"/web/games/{game_id}/delete", follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == "/web/games?deleted=1"
    assert web.client.get(f"/web/games/{game_id}").status_code == 404
    assert "The game was deleted." in web.client.get("/web/games?deleted=1").text


def test_the_tokens_page_creates_and_revokes(web: Service) -> None:
    answer = web.client.post("/web/tokens", data={"scope": "read"})
    secrets = re.findall(r"bn_[A-Za-z0-9_-]{40,}", answer.text)
    assert answer.status_code == 200 and len(secrets) == 1
    made = identify(web.engine, secrets[0])
    assert made is not None and (made.owner, made.scope) == ("alice", "read")
    assert made.token_id in answer.text and secrets[0] not in web.client.get("/web/tokens").text
    answer = web.client.post(f"/web/tokens/{made.token_id}/revoke", follow_redirects=False)
    assert answer.status_code == 303 and identify(web.engine, secrets[0]) is None
    assert web.client.post("/web/tokens/nothing/revoke").status_code == 404
    web.client.cookies.set("belote_token", web.reader["Authorization"].split()[1])
    # a read token creates no write token
    assert web.client.post("/web/tokens", data={"scope": "write"}).status_code == 403
    bob = identify(web.engine, web.bob["Authorization"].split()[1])
    assert bob is not None and web.client.post(f"/web/tokens/{bob.token_id}/revoke").status_code == 404


def test_the_web_front_builds_no_html_by_hand() -> None:
    """Every page comes from a template that escapes: no ``escape()``, no HTML in an f-string."""
    for path in SERVICE_SOURCE.glob("web*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
                assert not re.search(r"<[a-z/!]", text), (path.name, node.lineno)
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "escape":
                raise AssertionError(f"{path.name}:{node.lineno}: escape()")


def _raw(url: str, request: bytes, wait: float = 10) -> tuple[bytes, float]:
    """Send ``request`` on a socket to ``url``'s server; the first bytes of the answer and
    how long they took (the body the headers announce is never sent)."""
    host, port = url.removeprefix("http://").split(":")
    started = time.monotonic()
    with socket.create_connection((host, int(port)), timeout=wait) as sock:
        sock.sendall(request)
        answer = sock.recv(4096)
    return answer, time.monotonic() - started


@pytest.mark.server
def test_an_upload_is_refused_before_its_body_is_read(tmp_path: Path) -> None:
    """Issue 35 item 4: 200 MiB announced, without a cookie or above the limit: answered at
    once from the headers (before: the server waited for the whole body and wrote it to disk)."""
    from belote_notation.service.db import make_engine

    url = f"sqlite:///{tmp_path / 'serve.db'}"
    server = Server(url, tmp_path).start()
    try:
        engine = make_engine(url)
        token = create_token(engine, "club", "write")
        engine.dispose()
        head = (f"POST /web/upload HTTP/1.1\r\nHost: {server.url[7:]}\r\n"
                "Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 209715200\r\n")
        answer, took = _raw(server.url, (head + "\r\n").encode() + b"--x\r\n")
        assert answer.startswith(b"HTTP/1.1 303") and b"location: /web\r\n" in answer.lower() and took < 5
        signed_in = head + f"Cookie: belote_token={token}\r\n\r\n"
        answer, took = _raw(server.url, signed_in.encode() + b"--x\r\n")
        assert answer.startswith(b"HTTP/1.1 413") and took < 5
        answer, took = _raw(server.url, (head + "Origin: https://evil.example\r\n\r\n").encode())
        assert answer.startswith(b"HTTP/1.1 403") and took < 5
    finally:
        assert server.stop() == 0


def test_a_large_upload_becomes_a_job_whose_page_shows_the_games(tmp_path: Path) -> None:
    from belote_notation.service.jobs import work_one
    from belote_notation.service.work import RUNNERS

    for web in make_service(f"sqlite:///{tmp_path / 'jobs.db'}", job_threshold=1000):
        web.client.cookies.set("belote_token", web.alice["Authorization"].split()[1])
        night = ("night.bel", (PARTIE_1 + "\n" + BEL303).encode())
        answer = web.client.post("/web/upload", files={"file": night}, follow_redirects=False)
        assert answer.status_code == 303 and answer.headers["location"].startswith("/web/jobs/")
        page = web.client.get(answer.headers["location"])
        assert "queued" in page.text and 'http-equiv="refresh"' in page.text
        assert work_one(web.engine, web.settings, "test-worker", RUNNERS)
        page = web.client.get(answer.headers["location"])
        assert "Import done" in page.text and 'http-equiv="refresh"' not in page.text
        assert "2 imported, 0 already stored, 0 rejected." in page.text and "N did not follow" in page.text
        assert len(re.findall(r'/web/games/[A-Za-z0-9_-]+/first-finding', page.text)) == 1


def test_a_paste_is_one_input(web: Service) -> None:
    """A file and pasted text at once are refused whole (neither is dropped); pasted JSON is
    recognised without a name; an empty form says what to do."""
    answer = web.client.post("/web/upload", data={"text": PARTIE_1},
                             files={"file": ("night.bel", BEL303.encode())})
    assert answer.status_code == 400 and "one at a time" in answer.text
    assert "0 games" in web.client.get("/web/games").text
    assert "Choose a file" in _upload(web, "  \n").text  # type: ignore[attr-defined]
    from belote_notation.formats.registry import get_format
    from belote_notation.notation.read.reader import parse_text

    twin = get_format("json")
    assert twin is not None
    out = io.StringIO()
    list(twin.write([parse_text(BEL303)[0].game], out))
    assert "1 imported" in _upload(web, out.getvalue()).text  # type: ignore[attr-defined]


def test_a_game_is_replayed_once_for_its_pages(web: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    """The report page and the first-finding link place the findings by a replay of the game,
    made once per game (a stored game never changes), not on every visit."""
    from belote_notation.service import web_games

    calls: list[str] = []
    places = web_games._places
    monkeypatch.setattr(web_games, "_places", lambda bel: calls.append(bel) or places(bel))
    game_id = _game_ids(_upload(web, BEL303).text)[0]  # type: ignore[attr-defined]
    for _ in range(3):
        assert "#d2t2c3" in web.client.get(f"/web/games/{game_id}").text
        assert web.client.get(f"/web/games/{game_id}/first-finding", follow_redirects=False).headers[
            "location"].endswith("#d2t2c3")
    assert len(calls) == 1


def test_an_upload_without_a_length_stops_at_the_limit(tmp_path: Path) -> None:
    """A chunked upload (no ``Content-Length``) is cut off as soon as it passes the body limit."""
    for web in make_service(f"sqlite:///{tmp_path / 'limit.db'}", max_body=100_000):
        web.client.cookies.set("belote_token", web.alice["Authorization"].split()[1])

        def chunks() -> Iterator[bytes]:
            yield b"--x\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\n"
            for _ in range(1000):  # 8 MB offered
                yield b"x" * 8192

        answer = web.client.post("/web/upload", content=chunks(),
                                 headers={"Content-Type": "multipart/form-data; boundary=x"})
        assert answer.status_code == 413 and "larger than" in answer.text
        assert "0 games" in web.client.get("/web/games").text
