"""The live page (``/web/live/{id}``) in a real headless Chromium at a phone's size (390×844):
it shows the game's acts as they are played over the WebSocket, hides the hands from a
spectator, runs only this site's script, and ends with a link to the stored game's replay."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from belote_notation.check.live import acts_of_text
from belote_notation.service.app import create_app
from belote_notation.service.live_client import record_opening
from belote_notation.service.settings import Settings
from belote_notation.service.tokens import create_token
from tests.service.support import SAMPLES, served_in_thread

MATCH = SAMPLES / "moroccan" / "club-match-1.bel"
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    folder: Path = tmp_path_factory.mktemp("live-page")
    settings = Settings(database_url=f"sqlite:///{folder / 'live.db'}", access_log=False,
                        rate_per_minute=0)
    app = create_app(settings, migrate=True)
    with served_in_thread(app) as url:
        yield {"url": url, "token": create_token(app.state.service.engine, "club", "write")}


def _phone_page(browser: Any, served: dict[str, Any]) -> tuple[Any, Any, dict[str, Any], list[str]]:
    """A live game opened with the club match's opening, and a phone's page in a new browser
    context: (the context, the page, the opening's answer, the page's script errors)."""
    import httpx

    opening = record_opening(MATCH.read_text(encoding="utf-8"), MATCH.name)
    opened = httpx.post(served["url"] + "/v1/live", json=opening,
                        headers={"Authorization": f"Bearer {served['token']}"}).json()
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return context, page, opened, errors


def _send(ws: Any, acts: list[dict[str, Any]], first: int) -> None:
    """``acts`` sent over the table's socket numbered from ``first``, each accepted."""
    for number, act in enumerate(acts, first):
        ws.send(json.dumps({**act, "seq": number}))
        assert json.loads(ws.recv())["accepted"]


def test_the_live_page_follows_a_game_on_a_phone(browser: Any, served: dict[str, Any],
                                                 screenshot: Any) -> None:
    from websockets.sync.client import connect

    context, page, opened, errors = _phone_page(browser, served)
    items = [data for data, _ in acts_of_text(MATCH.read_text(encoding="utf-8"))]
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    answer = page.goto(f"{served['url']}/web/live/{opened['id']}")
    assert answer is not None and "script-src 'self'" in answer.headers["content-security-policy"]
    page.wait_for_selector("#status:has-text('Live')")  # (no wait_for_function: the policy forbids eval)
    url = served["url"].replace("http", "ws") + f"/v1/live/{opened['id']}/play?token={opened['token']}"
    with connect(url) as ws:
        ws.recv()
        _send(ws, items[:12], 1)
        page.wait_for_selector("#acts li:nth-child(12)")
        assert page.text_content("#status") == "Live: 12 acts"
        assert "object" not in page.text_content("#position")
        hands = page.locator(".hand").all_text_contents()
        assert hands and all(line.endswith(" cards") for line in hands), hands  # a spectator's view
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # no sideways scroll
        screenshot(page, "live-page-phone-in-progress.png")
        _send(ws, items[12:], 13)
    page.wait_for_selector("#status a")
    assert page.get_attribute("#status a", "href").endswith("/replay")
    assert page.locator("#acts li").count() == len(items)
    screenshot(page, "live-page-phone-finished.png")
    assert errors == [] and all(u.startswith(served["url"]) for u in requests), (errors, requests)
    context.close()


def test_the_live_script_is_handed_its_words_in_the_language(served: dict[str, Any]) -> None:
    """Every text ``live.js`` writes (``t("...")``, and the phases it shows) is handed to the
    French and Arabic pages as a JSON block of the catalogue's translations; none in English."""
    import re

    import httpx

    script = (Path(__file__).resolve().parents[2] / "belote_notation" / "service" / "static" / "live.js")
    written = set(re.findall(r'\bt\("((?:[^"\\]|\\.)*)"', script.read_text("utf-8")))
    assert len(written) >= 6
    for lang in ("fr", "ar", "en"):
        html = httpx.get(f"{served['url']}/web/live/nope?lang={lang}").text
        found = re.search(r'<script type="application/json" id="labels">(.*?)</script>', html)
        if lang == "en":
            assert found is None
            continue
        assert found is not None
        labels = json.loads(found.group(1))
        assert written <= set(labels) and all(labels[text] != text for text in written), labels
        assert "%(count)s" in labels["Live: %(count)s acts"] and labels["bidding"] != "bidding"


def _counted(words: str, lang: str) -> bool:
    """``words`` is the catalogue's plural form for the count of cards it says (``5 cartes``)."""
    from belote_notation.game.lang import Message, render

    forms = {render(Message("%(count)s card", (("count", n),), "%(count)s cards", "count"), lang): n
             for n in range(9)}
    digits = "".join(c for c in words if c.isdigit())
    return words in forms and (not digits or forms[words] == int(digits))


@pytest.mark.parametrize("lang,live,phase,hand,rtl", [
    ("fr", "En direct — actes joués : 12", "jeu de la carte", " cartes", False),
    ("ar", "مباشر — الأفعال الملعوبة: 12", "اللعب", " أوراق", True)])
def test_a_spectator_page_in_french_and_arabic(browser: Any, served: dict[str, Any], screenshot: Any,
                                               lang: str, live: str, phase: str, hand: str,
                                               rtl: bool) -> None:
    from websockets.sync.client import connect

    context, page, opened, errors = _phone_page(browser, served)
    items = [data for data, _ in acts_of_text(MATCH.read_text(encoding="utf-8"))]
    page.goto(f"{served['url']}/web/live/{opened['id']}?lang={lang}")
    page.wait_for_selector("#status:has-text('" + live[:6] + "')")
    url = served["url"].replace("http", "ws") + f"/v1/live/{opened['id']}/play?token={opened['token']}"
    with connect(url) as ws:
        ws.recv()
        _send(ws, items[:12], 1)
        page.wait_for_selector("#acts li:nth-child(12)")
        assert page.text_content("#status") == live
        assert page.text_content("#phase") == phase
        hands = page.locator(".hand").all_text_contents()
        assert hands and all(line.endswith(hand) for line in hands), hands  # a spectator's view, in words
        assert all(_counted(line.split(": ", 1)[1], lang) for line in hands), hands
        seen = page.evaluate("""() => ({dir: document.documentElement.dir,
            direction: getComputedStyle(document.getElementById('status')).direction,
            width: document.documentElement.scrollWidth})""")
        assert (seen["dir"] == "rtl") is rtl and (seen["direction"] == "rtl") is rtl, seen
        assert seen["width"] <= PHONE["width"]
        screenshot(page, f"live-page-phone-{lang}.png")
        _send(ws, items[12:], 13)
    page.wait_for_selector("#status a")
    assert page.text_content("#status a") == ("son rejeu" if lang == "fr" else "إعادة عرضها"), \
        page.text_content("#status")
    assert errors == [], errors
    context.close()
