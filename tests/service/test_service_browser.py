"""A hostile ``.bel`` (script in its tags, comments and player names) served as a replay page and
in the web front's list runs no script, in a real headless Chromium; the front's pages load
nothing from elsewhere. A club treasurer's evening on the web front of a real ``serve``
process (issue 35): sign in (not from another site), filters, a paste with a typo, the replay
opened at the first finding, a review, a deletion, tokens; screenshots in the artifacts folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from belote_notation.service.app import create_app
from belote_notation.service.settings import Settings
from belote_notation.service.tokens import create_token
from tests.service.support import Server, sample, served_in_thread

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
    folder: Path = tmp_path_factory.mktemp("live")
    settings = Settings(database_url=f"sqlite:///{folder / 'live.db'}", access_log=False)
    app = create_app(settings, migrate=True)
    with served_in_thread(app) as url:
        yield {"url": url, "token": create_token(app.state.service.engine, "alice", "write")}


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


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """``belote-replay serve`` (a web process and a job worker) on an SQLite file, and a token."""
    from belote_notation.service.db import make_engine

    folder: Path = tmp_path_factory.mktemp("served")
    url = f"sqlite:///{folder / 'club.db'}"
    server = Server(url, folder, "--jobs", "1").start()
    engine = make_engine(url)
    token = create_token(engine, "club", "write")
    engine.dispose()
    try:
        yield {"url": server.url, "token": token}
    finally:
        assert server.stop() == 0


def _sign_in(page: Any, url: str, token: str) -> None:
    page.goto(url + "/web")
    page.fill("input[name=token]", token)
    page.click("main button")
    page.wait_for_url("**/web/games")


def _no_script_ran(page: Any, seen: dict[str, list[str]], url: str) -> None:
    assert page.evaluate("document.scripts.length") == 0
    assert seen["dialogs"] == [] and seen["errors"] == []
    assert all(u.startswith((url, "http://evil.test")) for u in seen["requests"]), seen["requests"]


def test_a_club_evening_on_the_web_front(browser: Any, served: dict[str, Any], screenshot: Any) -> None:
    url, token = served["url"], served["token"]
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    page = context.new_page()
    seen = _watch(page)
    # another site's form cannot sign this browser in (login CSRF)
    evil = (f'<form method="post" action="{url}/web/session"><input name="token" value="{token}">'
            '<button>Win a prize</button></form>')
    context.route("http://evil.test/**", lambda route: route.fulfill(content_type="text/html", body=evil))
    page.goto("http://evil.test/")
    with page.expect_response(url + "/web/session") as refused:
        page.click("button")
    assert refused.value.status == 403 and "not sent from this site" in page.text_content("main")
    assert [c for c in context.cookies() if c["name"] == "belote_token"] == []
    _sign_in(page, url, token)
    # the filter form sends its empty fields: they are no filter
    with page.expect_response(lambda r: "/web/games?" in r.url) as listed:
        page.click("form.filters button")
    assert listed.value.status == 200 and "0 games" in page.text_content("main")
    # a paste: a clean game, one with a revoke, one with a typo
    page.goto(url + "/web/upload")
    typo = sample("classic/partie-2.bel").decode().replace("trick 3", "trik 3", 1)
    games = [sample(name).decode() for name in ("classic/partie-1.bel", "invalid/BEL303-did-not-follow.bel")]
    page.fill("textarea[name=text]", "\n".join([*games, typo]))
    page.click("form[action='/web/upload'] button")
    main = page.text_content("main")
    assert "pasted: 2 imported, 0 already stored, 1 rejected." in main
    assert "N did not follow" in main and "line 339, column 1" in main and "BEL001" in main
    screenshot(page, "web-upload-result.png")
    # a bad filter value is explained on the form
    page.goto(url + "/web/games")
    page.fill("input[name=date_from]", "31/01/2026")
    with page.expect_response(lambda r: "/web/games?" in r.url) as listed:
        page.click("form.filters button")
    assert listed.value.status == 422
    assert "“31/01/2026” is not a date like 2026.01.31" in page.text_content("form.filters")
    assert page.get_attribute("input[name=date_from]", "aria-invalid") == "true"
    screenshot(page, "web-filter-explained.png")
    page.fill("input[name=date_from]", "")
    page.select_option("select[name=has_findings]", "true")
    page.click("form.filters button")
    assert "1 game" in page.text_content("main") and page.locator("tbody tr").count() == 1
    _no_script_ran(page, seen, url)
    # the finding link opens the replay at the first finding: deal 2, trick 2, card 3
    report = page.get_attribute("tbody tr td a", "href")
    page.click("text=replay at first finding")
    page.wait_for_selector(".card")
    assert page.url.endswith("#d2t2c3")
    assert page.text_content("#position") == "Deal 2 · Trick 2 · card 3"
    screenshot(page, "web-replay-at-first-finding.png")
    # the report as a page; a review; then the original deleted
    page.goto(url + report)
    assert "N did not follow" in page.text_content("ol.findings")
    assert page.get_attribute("ol.findings a", "href").endswith("/replay#d2t2c3")
    screenshot(page, "web-report.png")
    page.click("form[action$='/review'] button")
    page.wait_for_selector("text=The reviewed game", timeout=120_000)  # the page reloads itself
    assert "Review done" in page.text_content("h2")
    assert page.locator("tbody tr").count() == 4  # each player's figures
    screenshot(page, "web-review-done.png")
    page.goto(url + report)
    page.click("text=Delete…")
    page.click("button.danger")
    page.wait_for_url("**/web/games?deleted=1")
    assert "The game was deleted." in page.text_content("main")
    screenshot(page, "web-deleted.png")
    # tokens: one made, then revoked
    page.goto(url + "/web/tokens")
    page.select_option("select[name=scope]", "read")
    page.click("text=Create")
    secret = page.text_content("code.secret")
    assert secret.startswith("bn_") and page.locator("tbody tr").count() == 2
    screenshot(page, "web-token-created.png")
    page.locator("tbody tr", has_not_text="this session").locator("button").click()
    page.wait_for_url("**/web/tokens")
    assert page.locator("tbody tr").count() == 1 and secret not in page.content()
    _no_script_ran(page, seen, url)
    context.close()
