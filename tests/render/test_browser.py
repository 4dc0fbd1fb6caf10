"""The replay page driven in a real headless Chromium: what it shows at each step is what the
validator computed (the expected numbers come from the library's replay, not from this file)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from belote_notation.check.findings import Finding
from belote_notation.check.replay import GameReplay
from belote_notation.pipeline.records import iter_replays
from belote_notation.render import deal_svg, write_page

ROOT = Path(__file__).resolve().parents[2]
MOROCCAN = ROOT / "samples/moroccan/forced-take-dead-deal-litige-pot.bel"
REVIEW = ROOT / "samples/review/annotated-classic.bel"
INVALID = ROOT / "samples/invalid/BEL303-did-not-follow.bel"

STATE_JS = """() => {
  const q = (s) => Array.from(document.querySelectorAll(s));
  const cards = (s) => q(s).map((c) => +c.dataset.card);
  const running = document.getElementById("running-points");
  const score = document.getElementById("score");
  const notes = document.getElementById("notes");
  return {
    hash: location.hash,
    trick: cards("#trick .played .card"),
    winner: cards("#trick .card.winner"),
    illegal: cards("#trick .card.illegal"),
    hands: [0, 1, 2, 3].map((s) => cards(`.hand[data-seat="${s}"] .card`)),
    running: running ? [+running.dataset.ns, +running.dataset.ew] : null,
    score: score ? Object.fromEntries(q("#score tr").map((tr) => Array.from(tr.cells, (c) => c.textContent)))
                 : null,
    sheet: q("#sheet-table tbody tr").map((tr) => Array.from(tr.cells, (c) => c.textContent)),
    findings: q("#findings-here .finding").map((f) => f.dataset.code),
    notes: notes ? notes.textContent : null,
    calls: q("#bidding li").map((li) => li.textContent).filter((t) => t.includes(":")),
    contract: document.getElementById("contract").textContent,
    position: document.getElementById("position").textContent,
  };
}"""


def _replay(path: Path) -> GameReplay:
    return next(iter_replays(str(path)))


def _page_file(tmp_path: Path, sample: Path, lang: str = "en") -> Path:
    out = tmp_path / (sample.stem + ".html")
    with out.open("w", encoding="utf-8") as handle:
        write_page(handle, iter_replays(str(sample)), sample.name, lang)  # type: ignore[arg-type]
    return out


class Watched:
    """A page with every request and console message recorded."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.requests: list[str] = []
        self.console: list[tuple[str, str]] = []
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("console", lambda message: self.console.append((message.type, message.text)))
        page.on("pageerror", lambda error: self.console.append(("pageerror", str(error))))

    def state(self) -> dict[str, Any]:
        result: dict[str, Any] = self.page.evaluate(STATE_JS)
        return result

    def key(self, key: str) -> dict[str, Any]:
        self.page.keyboard.press(key)
        return self.state()

    def problems(self) -> list[tuple[str, str]]:
        return [(kind, text) for kind, text in self.console if kind in ("error", "warning", "pageerror")]


@pytest.fixture
def open_page(browser: Any) -> Iterator[Any]:
    contexts = []

    def opener(path: Path, anchor: str = "", **options: Any) -> Watched:
        context = browser.new_context(**options)
        contexts.append(context)
        watched = Watched(context.new_page())
        watched.page.goto(path.as_uri() + anchor)
        return watched

    yield opener
    for context in contexts:
        context.close()


def _pair(values: list[int]) -> str:
    return f"N-S {values[0]}, E-W {values[1]}"


# ----------------------------------------------------------------------------- a whole deal, step by step
def test_a_whole_deal_stepped_through_shows_the_validators_numbers(open_page: Any, tmp_path: Path) -> None:
    replay = _replay(MOROCCAN)
    deal = replay.deals[0]
    assert deal.report is not None and deal.report.outcome == "litige"  # the pot is used below
    view = open_page(_page_file(tmp_path, MOROCCAN))
    state = view.state()
    assert state["hash"] == "#d1" and state["trick"] == []
    # the Moroccan distribution as it happened (issue 20): the first five cards while the bidding
    # goes on, the whole hands once the rest is dealt after the last call
    five = {hand.seat: sorted(hand.cards) for hand in deal.deal.five}
    assert [sorted(hand) for hand in state["hands"]] == [five[seat] for seat in range(4)]
    calls = deal.deal.bids
    for k, call in enumerate(calls, start=1):
        state = view.key("ArrowRight")
        assert state["hash"] == f"#d1b{k}" and state["trick"] == []
        assert len(state["calls"]) == k and state["calls"][-1].startswith(f"{'NESW'[call.seat or 0]}: ")
        if k < len(calls):
            assert [sorted(hand) for hand in state["hands"]] == [five[seat] for seat in range(4)]
    dealt = [sorted(hand) for hand in state["hands"]]
    assert dealt == [sorted(c for c in range(32) if mask >> c & 1) for mask in deal.start_hands or []]
    taker = deal.report.taker
    assert state["contract"].startswith(f"Contract: {('North', 'East', 'South', 'West')[taker or 0]} takes")
    played: set[int] = set()
    for t, traced in enumerate(deal.tricks, start=1):
        for c, card in enumerate(traced.cards, start=1):
            state = view.key("ArrowRight")
            played.add(card)
            assert state["hash"] == f"#d1t{t}c{c}"
            assert state["trick"] == list(traced.cards[:c])
            assert not played & {card for hand in state["hands"] for card in hand}
            assert sum(len(hand) for hand in state["hands"]) == 32 - len(played)
            if c < len(traced.cards):
                assert state["winner"] == []
            else:
                winner_card = traced.cards[traced.seats.index(traced.winner)]
                assert state["winner"] == [winner_card]
                assert state["running"] == list(traced.running)
    report = deal.report
    assert report.totals is not None and report.credited is not None
    assert state["score"]["total"] == _pair(report.totals)
    assert state["score"]["credited"] == _pair(report.credited)
    assert state["score"]["into the pot"] == str(report.pot_in)
    assert state["score"]["pot"] == str(report.pot)
    assert state["sheet"][0][5:7] == [str(v) for v in report.credited]
    assert view.key("ArrowRight")["hash"] == state["hash"]  # the end of the deal stays put
    assert view.problems() == []


def test_the_match_sheet_deal_by_deal_is_the_checks_sheet(open_page: Any, tmp_path: Path,
                                                          screenshot: Any) -> None:
    replay = _replay(MOROCCAN)
    view = open_page(_page_file(tmp_path, MOROCCAN))
    for position, report in enumerate(replay.report.deals):
        state = view.key("End")
        rows = state["sheet"]
        assert len(rows) == position + 1
        claimed = report.pot_claimed or [0, 0]
        assert rows[-1][0] == str(report.number)
        assert rows[-1][4:] == [
            report.outcome, *(str(v) for v in report.credited or ["-", "-"]), str(report.pot_in),
            f"{claimed[0]}/{claimed[1]}", str(report.pot), *(str(v) for v in report.totals or ["-", "-"])]
        if position + 1 < len(replay.report.deals):
            assert view.key("PageDown")["hash"] == f"#d{position + 2}"
    winner = view.page.text_content("#winner")
    assert winner is not None and ("N-S", "E-W")[replay.report.winner or 0] in winner
    shot = screenshot(view.page, "render-moroccan.png")
    assert shot.stat().st_size > 10_000
    assert view.problems() == []


def test_the_sheet_shows_a_typed_total_beside_the_engine_s(open_page: Any, tmp_path: Path) -> None:
    """Issue 20 item 5: one slip in a running total shows the typed number beside the engine's."""
    text = MOROCCAN.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("match "))
    ns, ew = (int(v) for v in line.split()[1:3])
    slipped = tmp_path / "slip.bel"
    slipped.write_text(text.replace(line, f"match {ns + 10} {ew}", 1), encoding="utf-8")
    view = open_page(_page_file(tmp_path, slipped))
    rows = view.key("End")["sheet"]
    assert rows[0][-2] == f"{ns} (typed {ns + 10})" and rows[0][-1] == str(ew)
    assert view.problems() == []


# ----------------------------------------------------------------------------- keyboard, links, buttons
def test_keyboard_navigation_and_links(open_page: Any, tmp_path: Path) -> None:
    replay = _replay(MOROCCAN)
    tricks = replay.deals[2].tricks
    view = open_page(_page_file(tmp_path, MOROCCAN), "#d3t2c3")
    assert view.state()["trick"] == list(tricks[1].cards[:3])
    assert view.key("Shift+ArrowRight")["hash"] == "#d3t3c1"
    assert view.key("Shift+ArrowLeft")["hash"] == "#d3t2c1"
    assert view.key("Shift+ArrowLeft")["hash"] == "#d3t1c1"
    assert view.key("ArrowLeft")["hash"] == f"#d3b{len(replay.deals[2].deal.bids)}"
    assert view.key("Shift+ArrowLeft")["hash"] == "#d3"
    last = len(tricks[-1].cards)
    assert view.key("End")["hash"] == f"#d3t{len(tricks)}c{last}"
    assert view.key("Home")["hash"] == "#d3"
    assert view.key("PageUp")["hash"] == "#d2"
    assert view.key("PageDown")["hash"] == "#d3"
    # the buttons are reachable and work from the keyboard, and are labelled for a screen reader
    view.page.focus("#next")
    assert view.key("Enter")["hash"] == "#d3b1"
    labels = view.page.eval_on_selector_all("#controls button",
                                            "bs => bs.map(b => b.getAttribute('aria-label'))")
    assert all(labels) and "Next card" in labels
    cards = view.page.eval_on_selector_all(".hand .card", "cs => cs.map(c => c.getAttribute('aria-label'))")
    assert cards and all(" de " in label and " of " not in label for label in cards)  # rey de oros (issue 20)
    assert any(word in " ".join(cards) for word in ("oros", "copas", "espadas", "bastos"))
    # the deal list and a typed link move to the position they name
    view.page.click("#deal-list a >> text='5'")
    assert view.state()["hash"] == "#d5"
    view.page.evaluate("location.hash = '#d4t8c4'")
    view.page.wait_for_function("document.getElementById('position').textContent.includes('8')")
    assert view.state()["trick"] == list(replay.deals[3].tricks[7].cards)
    assert view.problems() == []


# ----------------------------------------------------------------------------- findings and review material
def _at_card(replay: GameReplay, finding: Finding) -> tuple[int, int, int]:
    """(deal position, trick, card) of the play the finding's position names, from the records."""
    for position, deal in enumerate(replay.game.deals):
        for t, trick in enumerate(deal.tricks, start=1):
            for c, play in enumerate(trick.plays, start=1):
                if (play.line, play.col) == (finding.line, finding.col):
                    return position, t, c
    raise AssertionError(f"no play at {finding.line}:{finding.col}")


def test_a_finding_is_shown_at_its_card(open_page: Any, tmp_path: Path) -> None:
    replay = _replay(INVALID)
    (finding,) = [f for f in replay.report.findings if f.severity == "error"]
    position, trick, card = _at_card(replay, finding)
    page = _page_file(tmp_path, INVALID)
    view = open_page(page, f"#d{position + 1}t{trick}c{card}")
    state = view.state()
    played = replay.deals[position].tricks[trick - 1].cards[card - 1]
    assert state["findings"] == [finding.code]
    assert state["illegal"] == [played]
    assert finding.message in (view.page.text_content("#findings-here") or "")
    before = view.key("ArrowLeft")
    assert before["findings"] == [] and before["illegal"] == []
    after = view.key("ArrowRight")
    assert after["findings"] == [finding.code]
    assert card < len(replay.deals[position].tricks[trick - 1].cards)
    later = view.key("ArrowRight")
    assert later["findings"] == [] and later["illegal"] == [played]  # marked while on the table
    assert view.problems() == []


def test_comments_glyphs_nags_and_variations_at_their_card(open_page: Any, tmp_path: Path) -> None:
    replay = _replay(REVIEW)
    deal = replay.game.deals[0]
    noted = [(t, c, play) for t, trick in enumerate(deal.tricks, start=1)
             for c, play in enumerate(trick.plays, start=1) if play.comments or play.glyph]
    assert len(noted) >= 3
    view = open_page(_page_file(tmp_path, REVIEW, lang="fr"))
    for t, c, play in noted:
        view.page.evaluate(f"location.hash = '#d1t{t}c{c}'")
        view.page.wait_for_function(f"location.hash === '#d1t{t}c{c}' && !!document.getElementById('notes')")
        notes = view.state()["notes"]
        for comment in play.comments:
            assert comment in notes
        if play.glyph:
            assert play.glyph in notes
        for variation in play.variations:
            inner = [comment for item in variation.items for comment in item.comments]
            summary = view.page.locator("#notes details summary").first
            assert summary.text_content() == "variante"
            body = view.page.locator("#notes details div").first
            assert not body.is_visible()
            summary.click()
            assert body.is_visible()
            for comment in inner:
                assert comment in (body.text_content() or "")
    # a comment does not linger on the next card
    first = noted[0]
    view.page.evaluate(f"location.hash = '#d1t{first[0]}c{first[1]}'")
    view.page.wait_for_function("!!document.getElementById('notes')")
    assert first[2].comments[0] not in (view.key("ArrowRight")["notes"] or "")
    # the NAG of the bidding is drawn as its symbol, the page speaks French
    bids = view.page.text_content("#bidding") or ""
    assert "=" in bids and "Enchères" in bids
    assert view.problems() == []


# ----------------------------------------------------------------------------- no network, a phone, the SVG
ORIGIN = "https://replay.invalid/page.html"


@contextmanager
def served(browser: Any, html: str) -> Iterator[tuple[Watched, list[str]]]:
    """The page served at :data:`ORIGIN` with every request routed and recorded (all but the
    page aborted): yields the watched page, opened, and the list of the URLs requested."""
    seen: list[str] = []
    context = browser.new_context()
    try:
        def handle(route: Any) -> None:
            seen.append(route.request.url)
            if route.request.url == ORIGIN:
                route.fulfill(status=200, content_type="text/html; charset=utf-8", body=html)
            else:
                route.abort()

        context.route("**/*", handle)
        watched = Watched(context.new_page())
        watched.page.goto(ORIGIN)
        yield watched, seen
    finally:
        context.close()


def test_no_request_leaves_the_page(browser: Any, tmp_path: Path) -> None:
    html = _page_file(tmp_path, REVIEW).read_text(encoding="utf-8")
    with served(browser, html) as (watched, seen):
        for key in ("End", "PageDown", "ArrowRight", "End", "PageDown"):
            watched.key(key)
        watched.page.wait_for_timeout(300)
        assert seen == [ORIGIN]
        assert watched.requests == [ORIGIN]
        assert watched.problems() == []


def test_readable_on_a_phone(open_page: Any, tmp_path: Path, screenshot: Any) -> None:
    view = open_page(_page_file(tmp_path, MOROCCAN), "#d1t3c2",
                     viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                     has_touch=True)
    overflow = view.page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    box = view.page.locator("#next").bounding_box()
    assert box is not None and box["width"] >= 40 and box["height"] >= 40  # a finger can hit it
    view.page.tap("#next")
    assert view.state()["hash"] == "#d1t3c3"
    screenshot(view.page, "render-phone.png")
    assert view.problems() == []


def test_the_svg_renders_in_the_browser(open_page: Any, tmp_path: Path) -> None:
    replay = _replay(MOROCCAN)
    svg = tmp_path / "deal.svg"
    svg.write_text(deal_svg(replay, 0, trick=3), encoding="utf-8")
    view = open_page(svg)
    sizes = view.page.evaluate("""() => Array.from(document.querySelectorAll('g.trick-card, g.hand'),
        (g) => { const b = g.getBBox(); return [g.getAttribute('class'), b.width, b.height]; })""")
    assert [kind for kind, _, _ in sizes].count("trick-card") == 4
    assert [kind for kind, _, _ in sizes].count("hand") == 4
    assert all(width > 10 and height > 10 for _, width, height in sizes)
    cards = view.page.evaluate("Array.from(document.querySelectorAll('g.trick-card'), g => +g.dataset.card)")
    assert cards == list(replay.deals[0].tricks[2].cards)
    assert view.requests == [svg.as_uri()]
    assert view.problems() == []


def test_the_page_data_is_the_library_view(open_page: Any, tmp_path: Path) -> None:
    """The JSON in the page parses back to the view of every game, deal count included."""
    page = _page_file(tmp_path, MOROCCAN)
    view = open_page(page)
    blocks = view.page.eval_on_selector_all("script.belote-game", "ss => ss.map(s => s.textContent)")
    data = [json.loads(block) for block in blocks]
    assert [len(game["deals"]) for game in data] == [len(_replay(MOROCCAN).deals)]


# ----------------------------------------------------------------------------- every sample opens
@pytest.mark.parametrize("sample", sorted((ROOT / "samples").glob("*/*.bel")),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_sample_steps_through_without_an_error(browser: Any, tmp_path: Path, sample: Path) -> None:
    """Partial records, invalid ones, reviewed ones: every deal stepped to its end, no error."""
    page_file = _page_file(tmp_path, sample)
    context = browser.new_context()
    try:
        view = Watched(context.new_page())
        view.page.goto(page_file.as_uri())
        games = view.page.evaluate("document.querySelectorAll('script.belote-game').length")
        for game in range(1, games + 1):
            if game > 1:
                view.page.evaluate(f"location.hash = '#g{game}d1'")
            deals = view.page.evaluate("document.querySelectorAll('#deal-list li').length")
            for _ in range(deals):
                view.key("ArrowRight")
                view.key("End")
                view.key("PageDown")
        assert view.problems() == []
        assert view.requests == [page_file.as_uri()]
    finally:
        context.close()


def test_a_page_of_several_games(open_page: Any, tmp_path: Path) -> None:
    text = "".join((ROOT / "samples/classic" / name).read_text(encoding="utf-8")
                    for name in ("partie-1.bel", "partie-2.bel"))
    source = tmp_path / "two.bel"
    source.write_text(text, encoding="utf-8")
    second = list(iter_replays(str(source)))[1]
    view = open_page(_page_file(tmp_path, source), "#g2d2t1c1")
    assert view.state()["trick"] == list(second.deals[1].tricks[0].cards[:1])
    assert view.page.text_content("#title") == second.game.header("Event")
    view.page.click("#games li:first-child a")
    assert view.state()["hash"] == "#g1d1"
    assert view.problems() == []


def test_a_bidding_finding_is_shown_at_its_call(open_page: Any, tmp_path: Path) -> None:
    sample = ROOT / "samples/invalid/BEL201-bid-out-of-turn.bel"
    replay = _replay(sample)
    (finding,) = [f for f in replay.report.findings if f.severity == "error"]
    where = (finding.line, finding.col)
    ((position, call),) = [(p, k) for p, deal in enumerate(replay.game.deals)
                           for k, bid in enumerate(deal.bids, start=1) if (bid.line, bid.col) == where]
    view = open_page(_page_file(tmp_path, sample), f"#d{position + 1}b{call}")
    assert view.state()["findings"] == [finding.code]
    marked = view.page.eval_on_selector_all("#bidding li.finding", "ls => ls.length")
    assert marked == 1
    assert view.key("ArrowRight")["findings"] == []
    assert view.problems() == []
