"""A hostile ``.bel`` (script in its tags, comments and player names) served as a replay page and
in the web front's list runs no script, in a real headless Chromium; the front's pages load
nothing from elsewhere."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from belote_notation.service.app import create_app
from belote_notation.service.settings import Settings
from belote_notation.service.tokens import create_token
from tests.service.support import free_port, sample

ATTACKS = [
    "<script>window.__pwned='tag';alert(1)</script>",
    "<img src=x onerror=\"window.__pwned='img';alert(2)\">",
    "\"><svg onload=\"window.__pwned='svg';alert(3)\">",
    "</script><script>window.__pwned='comment';alert(4)</script><!--",
]


def _tag(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def hostile_game() -> bytes:
    """Partie 1 with an attack in its event, three player names and a comment."""
    text = sample("classic/partie-1.bel").decode()
    for (old, name), attack in zip((("Partie 1", "Event"), ("Hugo", "North"), ("Ines", "East"),
                                    ("Youssef", "West")), ATTACKS, strict=True):
        text = text.replace(f'[{name} "{old}"]', f'[{name} "{_tag(attack)}"]')
    return text.replace("trick 1 S:7D", f"{{{ATTACKS[3]}}}\ntrick 1 S:7D", 1).encode()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """The application served by uvicorn in a thread on a free port of 127.0.0.1."""
    import uvicorn

    folder: Path = tmp_path_factory.mktemp("live")
    settings = Settings(database_url=f"sqlite:///{folder / 'live.db'}", access_log=False)
    app = create_app(settings, migrate=True)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    token = create_token(app.state.service.engine, "alice", "write")
    yield {"url": f"http://127.0.0.1:{port}", "token": token}
    server.should_exit = True
    thread.join(10)


def _watch(page: Any) -> dict[str, list[str]]:
    seen: dict[str, list[str]] = {"dialogs": [], "requests": [], "errors": []}
    page.on("dialog", lambda dialog: (seen["dialogs"].append(dialog.message), dialog.dismiss()))
    page.on("request", lambda request: seen["requests"].append(request.url))
    page.on("pageerror", lambda error: seen["errors"].append(str(error)))
    return seen


def test_a_hostile_game_runs_no_script_in_the_replay_or_the_list(browser: Any, live: dict[str, Any]) -> None:
    import httpx

    body = hostile_game()
    headers = {"Authorization": f"Bearer {live['token']}"}
    stored = httpx.post(live["url"] + "/v1/games", content=body, headers=headers)
    game_id = stored.json()["imported"][0]["id"]
    context = browser.new_context()
    page = context.new_page()
    seen = _watch(page)
    answer = page.goto(f"{live['url']}/v1/games/{game_id}/replay")
    assert answer.status == 200 and "default-src 'none'" in answer.headers["content-security-policy"]
    page.wait_for_selector(".card")  # the viewer ran: the page's own script is allowed, nothing else
    assert ATTACKS[0] in page.text_content("#title")  # shown as text
    assert page.evaluate("window.__pwned") is None
    # the web front: sign in with the token, then the list shows the hostile event as text
    page.goto(live["url"] + "/web")
    page.fill("input[name=token]", live["token"])
    page.click("button")
    page.wait_for_url("**/web/games")
    assert ATTACKS[0] in page.text_content("table")
    assert page.evaluate("window.__pwned") is None
    assert page.evaluate("document.scripts.length") == 0
    page.goto(live["url"] + "/web/games?code=BEL3")
    assert seen["dialogs"] == [] and page.evaluate("window.__pwned") is None
    assert all(url.startswith(live["url"]) for url in seen["requests"]), seen["requests"]
    assert page.evaluate("getComputedStyle(document.body).margin") == "0px"  # its own stylesheet loaded
    context.close()


def test_the_upload_page_stores_a_file(browser: Any, live: dict[str, Any], tmp_path: Path) -> None:
    upload = tmp_path / "night.bel"
    upload.write_bytes(sample("classic/partie-2.bel") + b"\n" + sample("invalid/BEL303-did-not-follow.bel"))
    context = browser.new_context()
    page = context.new_page()
    seen = _watch(page)
    page.goto(live["url"] + "/web")
    page.fill("input[name=token]", live["token"])
    page.click("button")
    page.goto(live["url"] + "/web/upload")
    page.set_input_files("input[type=file]", str(upload))
    page.click("main button")
    page.wait_for_url("**/web/upload")
    assert "2 imported, 0 already stored, 0 rejected" in page.text_content("main")
    page.goto(live["url"] + "/web/games?has_findings=true")
    rows = page.locator("tbody tr")
    assert rows.count() == 1 and "BEL303" not in rows.first.text_content()
    assert rows.first.locator("td.errors").text_content() == "1"
    assert seen["dialogs"] == [] and seen["errors"] == []
    context.close()
