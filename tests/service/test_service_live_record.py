"""The recording page (``/web/live/new``, then ``/web/live/{id}/record``) in a real headless
Chromium at a phone's size (390×844), one browser for the module. A signed-in owner opens a
Moroccan table and records a whole generated deal dealt as the Moroccan deal is (*tafr9a*, the
card face up, the take, the rest), with an announcement and the belote words, by clicks and by
the keyboard; a card the rules refuse is refused with the same words as :class:`LiveGame`
gives; the deal's score line goes on the sheet from the engine's count. The next deal is dealt
at random, the page reloaded in its middle (the sheet and the position come back from the
server), played out and the game ended: the stored game is the record of the acts, which
``validate`` accepts. Then a whole classic deal (``samples/classic/capot-and-belote.bel``, with
its announcement and belote) and its ending, a result the match does not give refused."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from belote_notation.check.live import LiveGame, acts_of_text, recorded_games
from belote_notation.check.validator import validate_text
from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from belote_notation.notation.write.writer import write_game
from belote_notation.service.app import create_app
from belote_notation.service.settings import Settings
from belote_notation.service.tokens import create_token
from tests.service.support import SAMPLES, bearer, served_in_thread

CLASSIC = SAMPLES / "classic" / "capot-and-belote.bel"
PHONE = {"width": 390, "height": 844}
PLAYERS = ("Leila", "Ines", "Karim", "Emma")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    folder: Path = tmp_path_factory.mktemp("record-page")
    settings = Settings(database_url=f"sqlite:///{folder / 'live.db'}", access_log=False, rate_per_minute=0)
    app = create_app(settings, migrate=True)
    engine = app.state.service.engine
    with served_in_thread(app) as url:
        yield {"url": url, "write": create_token(engine, "club", "write"),
               "read": create_token(engine, "club", "read")}


def deal_acts(acts: list[dict[str, Any]], wanted: Any) -> list[dict[str, Any]]:
    """The acts of the first deal of ``acts`` for which ``wanted(deal's acts)`` holds."""
    starts = [i for i, act in enumerate(acts) if act["act"] == "deal"] + [len(acts)]
    deals = [acts[a:b] for a, b in zip(starts, starts[1:], strict=False)]
    found = next((deal for deal in deals if wanted(deal)), None)
    assert found is not None, "no such deal"
    return [{key: value for key, value in found[0].items() if key != "number"}, *found[1:]]  # the table's 1st


def full_deal(deal: list[dict[str, Any]]) -> bool:
    """Dealt as the Moroccan deal is, taken, with an announcement and both belote words."""
    kinds = [act["act"] for act in deal]
    return ("tafr9a" in deal[0] and "rest" in kinds and "announce" in kinds and "score" in kinds
            and sum(1 for act in deal if act.get("belote")) == 2)


def moroccan_deal() -> list[dict[str, Any]]:
    game = next(generate_games(Ruleset.preset("moroccan"), seed=1))
    return deal_acts(next(iter(recorded_games(write_game(game)))).acts, full_deal)


def classic_deal() -> list[dict[str, Any]]:
    return deal_acts([act for act, _ in acts_of_text(CLASSIC.read_text(encoding="utf-8"))], full_deal)


class Flaky:
    """The table's WebSocket through the test: with ``lose`` set, the next act the page sends
    (``"act"``) or the next verdict the service answers (``"verdict"``) is lost, and the
    connection with it, as when a phone sleeps or its network drops."""

    def __init__(self) -> None:
        self.lose: str | None = None

    def route(self, page_side: Any) -> None:
        server = page_side.connect_to_server()

        def cut() -> None:
            self.lose = None
            page_side.close()
            server.close()

        def up(message: Any) -> None:
            if self.lose == "act":
                return cut()
            server.send(message)

        def down(message: Any) -> None:
            if self.lose == "verdict" and '"verdict"' in str(message):
                return cut()
            page_side.send(message)

        page_side.on_message(up)
        server.on_message(down)


def settle(page: Any) -> None:
    """Wait until the page has its answers: no act unanswered, nothing asked of the server."""
    page.wait_for_selector("#record[data-idle='true']")


def sign_in(page: Any, url: str, token: str) -> None:
    page.goto(url + "/web")
    page.fill("input[name=token]", token)
    page.click("main button")
    page.wait_for_url("**/web/games")


def open_table(page: Any, served: dict[str, Any], rules: str) -> str:
    """Opens a table of ``rules`` from the form; its live id."""
    page.goto(served["url"] + "/web/live/new")
    page.select_option("select[name=rules]", rules)
    for seat, name in zip("NESW", PLAYERS, strict=True):
        page.fill(f"input[name={seat}]", name)
    with page.expect_response(lambda response: response.url.endswith("/record")) as opened:
        page.click("text=Open the table")
    policy = opened.value.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "connect-src 'self'" in policy and "unsafe" not in policy
    page.wait_for_selector("#deal:not([hidden])")
    settle(page)
    return page.url.split("/")[-2]


def type_deal(page: Any, deal: dict[str, Any], screenshot: Any = None) -> None:
    page.select_option("#dealer", deal["dealer"])
    five = "tafr9a" in deal
    page.select_option("#shape", "five" if five else "eight")
    for seat in "NESW":
        page.fill(f"#hand-{seat}", " ".join((deal["tafr9a"] if five else deal["hands"])[seat]))
    if five:
        page.fill("#offer", deal["offer"])
    if screenshot is not None:
        screenshot(page, "live-record-deal.png")
    page.click("#deal-button")


def tap(page: Any, act: dict[str, Any], keyboard: bool) -> None:
    """One act entered as the table does: a tap (or the keyboard: Tab reaches it, Enter or
    Space presses it), or the rest typed."""
    kind = act["act"]
    if kind == "rest":
        page.wait_for_selector("#rest:not([hidden])")
        for seat in "NESW":
            page.fill(f"#rest-{seat}", " ".join(act["hands"][seat]))
        page.click("#rest-button")
        return
    if kind == "call":
        target = page.locator(f"#calls button[title='{act['seat']} {act['call']}']")
    elif kind == "announce":
        named = f"{act['seat']} announces {act['kind']} {' '.join(act['cards'])}"
        target = page.locator(f"#announce button[title='{named}']")
    else:
        word = f" saying {act['belote']}" if act.get("belote") else ""
        target = page.locator(f"#cards button[title='{act['seat']} plays {act['card']}{word}']")
    if keyboard:
        target.focus()
        page.keyboard.press("Enter" if act.get("card", "").startswith(("1", "K", "Q")) else " ")
    else:
        target.click()


def sheet_rows(page: Any) -> list[list[str]]:
    return [row.locator("td").all_text_contents() for row in page.locator("#sheet tbody tr").all()]


def seen(page: Any) -> tuple[Any, ...]:
    """What the page shows of the game: the sheet, the status, the buttons."""
    return (sheet_rows(page), page.text_content("#status"), page.text_content("#where"),
            page.locator("#record button:visible").all_text_contents())


def play_deal(page: Any, check: LiveGame, deal: list[dict[str, Any]], screenshot: Any = None,
              refuse: bool = False) -> dict[str, Any]:
    """Enters ``deal`` on the page, each act's verdict compared with ``check``'s (the same acts
    into a :class:`LiveGame`); ``refuse``: one card the rules refuse is tapped first. The
    deal's ``score`` act (what the sheet must show)."""
    start, *acts = deal
    type_deal(page, start, screenshot)
    settle(page)
    assert check.play(start).accepted and page.is_hidden("#refusal"), page.text_content("#refusal")
    for number, act in enumerate(acts):
        if act["act"] == "score":
            return act
        shown = check.position
        if refuse and act["act"] == "card":
            wrong = [card for card in shown["hands"][act["seat"]] if card not in shown["legal"]]
            if wrong:
                page.click(f"#cards button[title='{act['seat']} plays {wrong[0]}']")
                settle(page)
                expected = check.play({"act": "card", "seat": act["seat"], "card": wrong[0]})
                assert not expected.accepted
                finding = next(f for f in expected.findings if f["severity"] == "error")
                assert page.text_content("#refusal") == f"Refused: {finding['code']} {finding['message']}"
                assert page.is_visible("#refusal")
                if screenshot is not None:
                    screenshot(page, "live-record-refused.png")
                refuse = False
        if screenshot is not None and act["act"] == "announce":
            screenshot(page, "live-record-announce.png")
        tap(page, act, keyboard=number % 4 == 1)
        settle(page)
        assert check.play(act).accepted
        assert page.is_hidden("#refusal"), page.text_content("#refusal")
    raise AssertionError("the deal has no score line")


def test_a_moroccan_game_is_recorded_by_taps_on_a_phone(browser: Any, served: dict[str, Any],
                                                          screenshot: Any) -> None:
    deal = moroccan_deal()
    check = LiveGame("moroccan", tags=dict(zip(("North", "East", "South", "West"), PLAYERS, strict=True)))
    context = browser.new_context(viewport=PHONE)
    flaky = Flaky()
    context.route_web_socket(re.compile(r".*/v1/live/.*/play.*"), flaky.route)
    page = context.new_page()
    errors: list[str] = []
    requests: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda line: errors.append(f"{line.text} {line.location}")  # a CSP refusal too
            if line.type == "error" and not line.location["url"].endswith("/favicon.ico") else None)
    page.on("request", lambda request: requests.append(request.url))
    sign_in(page, served["url"], served["write"])
    live_id = open_table(page, served, "moroccan")
    score = play_deal(page, check, deal, screenshot, refuse=True)
    # The score line goes by itself, from the engine's count: the deal's, as the record has it.
    assert check.play({**score, "match": score["score"]}).accepted
    made = check.report()["deals"][0]
    contract = f"{made['taker']} {made['trump']} {made['outcome']}"
    assert sheet_rows(page) == [["1", contract, *[str(points) for points in score["score"]]]]
    totals = [page.text_content("#total-ns"), page.text_content("#total-ew")]
    assert totals == [str(points) for points in score["score"]]
    assert page.is_visible("#next") and "is over" in page.text_content("#status")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # no sideways scroll
    screenshot(page, "live-record-scored.png")
    page.click("#next")  # the next deal: its dealer the seat that spoke first
    assert page.input_value("#dealer") == next(act["seat"] for act in deal if act["act"] == "call")
    page.click("#shuffle")
    page.click("#deal-button")
    settle(page)
    while page.locator("#calls button:text-is('take')").count() == 0:
        page.click("#calls button:text-is('pass')")
        settle(page)
    page.click("#calls button:text-is('take')")
    settle(page)
    page.click("#rest-shuffle")
    page.click("#rest-button")
    settle(page)
    for _ in range(6):
        page.locator("#cards button.legal").first.click()
        settle(page)
    before = seen(page)
    page.reload()  # a phone that slept: the page comes back from the server's state
    page.wait_for_selector("#table:not([hidden])")
    settle(page)
    after = seen(page)
    assert after == before and len(after[0]) == 2, (before, after)
    screenshot(page, "live-record-reloaded.png")
    # The phone slept just after a tap: the act went, its answer did not come back. The page
    # kept it (and the table's token) for this tab, and sends it again with its number.
    seat, _, card = page.locator("#cards button.legal").first.get_attribute("title").split()
    held = httpx.get(f"{served['url']}/v1/live/{live_id}", headers=bearer(served["read"])).json()["seq"]
    sent = {"seq": held + 1, "act": {"act": "card", "seat": seat, "card": card}}
    stored = page.evaluate("([id, value]) => { sessionStorage.setItem('belote_pending_' + id, value); "
                           "return sessionStorage.getItem('belote_table_' + id); }",
                           [live_id, json.dumps(sent)])
    assert stored.startswith("bt_")
    page.reload()
    page.wait_for_selector("#table:not([hidden])")
    settle(page)
    state = httpx.get(f"{served['url']}/v1/live/{live_id}", headers=bearer(served["read"])).json()
    assert state["seq"] == held + 1 and state["acts"][-1]["act"] == sent["act"]
    assert page.is_hidden("#refusal") and card not in page.locator("#cards button").all_text_contents()
    for lost in ("verdict", "act"):  # the connection drops: the page connects again by itself
        held = httpx.get(f"{served['url']}/v1/live/{live_id}", headers=bearer(served["read"])).json()["seq"]
        flaky.lose = lost
        page.locator("#cards button.legal").first.click()
        settle(page)
        state = httpx.get(f"{served['url']}/v1/live/{live_id}", headers=bearer(served["read"])).json()
        assert flaky.lose is None and state["seq"] == held + 1, (lost, held, state["seq"])  # taken once
        assert page.is_hidden("#refusal") and "to play" in page.text_content("#status")
    while page.is_hidden("#next"):
        page.locator("#cards button.legal").first.click()
        settle(page)
    rows = sheet_rows(page)
    assert [row[0] for row in rows] == ["1", "2"]
    assert page.text_content("#total-ns") == str(int(rows[0][2]) + int(rows[1][2]))
    page.click("#ending button[title='end *']")
    page.wait_for_selector("#done a")
    game_id = page.get_attribute("#done a", "href").split("/")[3]
    assert errors == [] and all(u.startswith(served["url"]) for u in requests), (errors, requests)
    context.close()
    state = httpx.get(f"{served['url']}/v1/live/{live_id}", headers=bearer(served["read"])).json()
    acts = [item["act"] for item in state["acts"]]
    assert LiveGame.from_acts("moroccan", check.tags, acts[:check.seq]).text() == check.text()  # deal 1
    text = httpx.get(f"{served['url']}/v1/games/{game_id}", headers={**bearer(served["read"]),
                                                                       "Accept": "text/x-bel"}).text
    assert text == LiveGame.from_acts("moroccan", check.tags, acts).text()
    report = validate_text(text)[0]
    assert not [f for f in report.findings if f.severity == "error"] and report.deal_count == 2


def test_a_classic_deal_is_recorded_and_ended(browser: Any, served: dict[str, Any]) -> None:
    deal = classic_deal()
    check = LiveGame("classic", tags=dict(zip(("North", "East", "South", "West"), PLAYERS, strict=True)))
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    sign_in(page, served["url"], served["write"])
    open_table(page, served, "classic")
    score = play_deal(page, check, deal)
    assert check.play({**score, "match": score["score"]}).accepted
    assert sheet_rows(page)[0][2:] == [str(v) for v in score["score"]]
    page.click("#undo")  # the score line taken back: not sent again by itself, a button writes it
    settle(page)
    assert page.locator("#sheet tbody tr.playing").count() == 1 and page.is_hidden("#next")
    assert page.text_content("#score").endswith(f"N-S {score['score'][0]}, E-W {score['score'][1]}")
    page.click("#score")
    settle(page)
    assert sheet_rows(page)[0][2:] == [str(v) for v in score["score"]] and page.is_visible("#next")
    page.click("#ending button[title='end NS']")  # a result the match does not give: refused
    settle(page)
    expected = check.play({"act": "end", "result": "NS"})
    assert not expected.accepted
    assert page.text_content("#refusal").startswith("Refused: " + expected.findings[0]["code"])
    page.click("#ending button[title='end *']")
    page.wait_for_selector("#done a")
    assert check.play({"act": "end", "result": "*"}).accepted
    stored = page.get_attribute("#done a", "href").split("/")[3]
    text = httpx.get(f"{served['url']}/v1/games/{stored}", headers={**bearer(served["read"]),
                                                                      "Accept": "text/x-bel"}).text
    assert text == check.text()
    context.close()


def test_the_recording_page_is_for_the_table_that_opened_it(browser: Any, served: dict[str, Any]) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    sign_in(page, served["url"], served["read"])
    page.goto(served["url"] + "/web/live/new")
    page.click("text=Open the table")
    assert "needs a write token" in page.text_content("main")
    answer = page.goto(served["url"] + "/web/live/AAAAAAAAAAAAAAAAAAAAAA/record")
    assert answer is not None and answer.status == 403
    context.close()


def test_a_moroccan_take_names_its_trump(browser: Any, served: dict[str, Any]) -> None:
    """A deal dealt whole has no face-up card: the page offers a take in each suit (Spanish here)."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    sign_in(page, served["url"], served["write"])
    page.goto(served["url"] + "/web/live/new")
    page.click("text=Open the table")  # moroccan, the first rules of the list
    page.wait_for_selector("#deal:not([hidden])")
    page.select_option("#shape", "eight")
    page.click("#shuffle")
    hands = [page.input_value(f"#hand-{seat}").split() for seat in "NESW"]
    assert sorted(card for hand in hands for card in hand) == sorted(
        rank + suit for suit in "ECOB" for rank in ("4", "5", "6", "7", "10", "11", "12", "1"))
    page.click("#deal-button")
    settle(page)
    takes = page.locator("#calls button").all_text_contents()
    assert takes == ["pass", "take E", "take C", "take O", "take B"], takes
    page.click("#calls button:text-is('take O')")
    settle(page)
    assert page.text_content("#status").endswith("to play") and "contract W O" in page.text_content("#where")
    assert page.locator("#cards button").count() == 8
    context.close()
