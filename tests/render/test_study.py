"""The replay page's study tools in headless Chromium (issue 20, "lichess study's habits"): the
move list, the findings panel, the seat view, the hidden-hands quiz, the solver's values, the
labelled alternative lines, the five-then-three distribution; and the CSP that lets only the
viewer's own script run (issue 22 item 11). The expected values come from the library (the
validator's replay, the solver's review), never from this file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from belote_notation.analysis.review import CardJudgement, review_game
from belote_notation.check.replay import GameReplay, replay_game
from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.write.writer import write_game
from belote_notation.pipeline.records import iter_replays
from belote_notation.render import game_view, write_page
from tests.render.test_browser import ORIGIN, Watched, open_page, served  # noqa: F401  (a shared fixture)

ROOT = Path(__file__).resolve().parents[2]
REVIEW = ROOT / "samples/review/annotated-classic.bel"
MOROCCAN = ROOT / "samples/moroccan/forced-take-dead-deal-litige-pot.bel"


def _page(tmp_path: Path, source: Path, name: str, lang: str = "en") -> Path:
    out = tmp_path / f"{name}.html"
    with out.open("w", encoding="utf-8") as handle:
        write_page(handle, iter_replays(str(source)), name, lang)  # type: ignore[arg-type]
    return out


@pytest.fixture(scope="module")
def reviewed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, GameReplay, list[CardJudgement]]:
    """Deal 1 of the coach's sample reviewed by the solver (``annotate``'s library call), as a
    ``.bel`` file, its replay and the solver's judgement of every card it judged."""
    game = parse_text(REVIEW.read_text(encoding="utf-8"))[0].game
    game.deals = game.deals[:1]
    review = review_game(game)
    path = tmp_path_factory.mktemp("study") / "reviewed.bel"
    path.write_text(write_game(review.game), encoding="utf-8")
    noted = [j for j in review.deals[0].cards if j.loss > 0]
    assert noted
    return path, replay_game(review.game), noted


def _go(view: Watched, anchor: str) -> None:
    view.page.evaluate(f"location.hash = '{anchor}'")
    view.page.wait_for_function(f"() => location.hash === '{anchor}'")


# ----------------------------------------------------------------------------- the move list
def test_the_move_list_goes_to_every_call_and_card(open_page: Any, tmp_path: Path) -> None:  # noqa: F811
    replay = next(iter_replays(str(MOROCCAN)))
    deal = replay.deals[0]
    view = open_page(_page(tmp_path, MOROCCAN, "moves"))
    links = view.page.eval_on_selector_all("#moves a", "as => as.map(a => a.dataset.at)")
    expected = [f"0,{k}" for k in range(1, len(deal.deal.bids) + 1)]
    expected += [f"{t},{c}" for t, trick in enumerate(deal.tricks, start=1)
                 for c in range(1, len(trick.cards) + 1)]
    assert links == expected
    view.page.click('#moves a[data-at="3,2"]')
    state = view.state()
    assert state["hash"] == "#d1t3c2" and state["trick"] == list(deal.tricks[2].cards[:2])
    assert view.page.get_attribute('#moves a[data-at="3,2"]', "aria-current") == "step"
    # from the keyboard: focus a move and press Enter
    view.page.focus('#moves a[data-at="0,2"]')
    assert view.key("Enter")["hash"] == "#d1b2"
    assert view.problems() == []


# ----------------------------------------------------------------------------- the findings panel
def test_the_findings_panel_counts_and_steps_through_the_findings(open_page: Any, tmp_path: Path) -> None:  # noqa: F811
    text = MOROCCAN.read_text(encoding="utf-8")
    for right, wrong in (("S:1C E:12C winner S", "S:1C E:12C winner E"), ("W:7O winner E", "W:7O winner W"),
                         ("E:1O N:6B W:11O S:4O winner N", "E:1O N:6B W:11O S:4O winner S")):
        assert right in text
        text = text.replace(right, wrong, 1)  # a wrong trick winner in deals 1, 3 and 6
    source = tmp_path / "findings.bel"
    source.write_text(text, encoding="utf-8")
    data = game_view(next(iter_replays(str(source))))
    stops = []
    for d, deal in enumerate(data["deals"], start=1):  # type: ignore[arg-type]
        for at in sorted({tuple(f["at"]) for f in deal["findings"] if f["at"]}):
            stops.append(f"#d{d}" + (f"t{at[0]}c{at[1]}" if at[0] else f"b{at[1]}" if at[1] else ""))
    assert len(stops) >= 2
    view = open_page(_page(tmp_path, source, "findings"))
    head = view.page.locator("#findings-count")
    first = data["deals"][0]["findings"]  # type: ignore[index]
    assert head.get_attribute("data-count") == str(len(first))
    assert f"({len(first)})" in (head.text_content() or "")
    total = len(data["findings"]) + sum(len(deal["findings"]) for deal in data["deals"])  # type: ignore
    assert head.get_attribute("data-total") == str(total)
    seen = [view.key("n")["hash"] for _ in stops]
    assert seen == stops
    assert view.page.is_disabled("#next-finding")
    assert view.key("Shift+N")["hash"] == stops[-2]
    view.page.click("#next-finding")
    assert view.state()["hash"] == stops[-1]
    assert view.state()["findings"]  # the finding is shown where the panel led
    assert view.problems() == []


# ----------------------------------------------------------------------------- seat view
def test_the_table_turns_to_any_seat(open_page: Any, tmp_path: Path) -> None:  # noqa: F811
    replay = next(iter_replays(str(MOROCCAN)))
    view = open_page(_page(tmp_path, MOROCCAN, "seats"), "#d1t2c4")
    at_bottom = "() => +document.querySelector('#table .seat[data-pos=\"2\"]').dataset.seat"
    assert view.page.evaluate(at_bottom) == 2  # South, as a diagram is drawn
    view.key("f")
    assert view.page.evaluate(at_bottom) == 3
    for seat in (0, 1, 2, 3):
        view.page.click(f"#view-{seat}")
        assert view.page.evaluate(at_bottom) == seat
        assert view.page.get_attribute(f"#view-{seat}", "aria-pressed") == "true"
        # the card each seat played sits on its side of the table
        trick = replay.deals[0].tricks[1]
        mine = trick.cards[trick.seats.index(seat)]
        assert view.page.evaluate("+document.querySelector('#trick .slot2 .card').dataset.card") == mine
    assert view.state()["trick"] and view.problems() == []


# ----------------------------------------------------------------------------- the quiz
def test_the_quiz_hides_the_hands_asks_and_reveals_the_best_card(open_page: Any, tmp_path: Path,  # noqa: F811
                                                                 reviewed: Any, screenshot: Any) -> None:
    path, replay, judged = reviewed
    judgement = judged[0]
    trick = replay.deals[0].tricks[judgement.trick - 1]
    card = judgement.index + 1  # the judgement counts from 0 in the trick, the page from 1
    before = f"#d1t{judgement.trick}c{judgement.index}" if judgement.index > 0 else (
        f"#d1t{judgement.trick - 1}c4" if judgement.trick > 1 else f"#d1b{len(replay.deals[0].deal.bids)}")
    view = open_page(_page(tmp_path, path, "quiz"), before)
    view.page.click(f"#view-{judgement.seat}")
    view.key("h")
    assert view.page.get_attribute("#quiz", "aria-pressed") == "true"
    hands = view.state()["hands"]
    assert [bool(cards) for cards in hands] == [seat == judgement.seat for seat in range(4)]
    hidden = view.page.eval_on_selector_all(".hand.hidden",
                                            "hs => hs.map(h => h.querySelectorAll('.back').length)")
    assert len(hidden) == 3 and all(count > 0 for count in hidden)
    assert "What would you play?" in (view.page.text_content("#quiz-panel") or "")
    # no spoiler: the move list stops at the position shown
    moves = view.page.eval_on_selector_all("#moves a", "as => as.map(a => a.dataset.at)")
    last = before[3:].replace("t", "").replace("c", ",") if "t" in before else f"0,{before[4:]}"
    assert moves[-1] == last
    shown = hands[judgement.seat]
    wrong = next(card for card in shown if card not in (judgement.best_card, judgement.card))
    screenshot(view.page, "render-quiz.png")
    view.key(str(shown.index(wrong) + 1))  # 1-8: the n-th card of the hand
    state = view.state()
    assert state["hash"] == f"#d1t{judgement.trick}c{card}"
    assert state["trick"][-1] == trick.cards[judgement.index] == judgement.card
    assert view.page.get_attribute("#quiz-panel", "data-result") == "other"
    assert view.page.get_attribute("#quiz-best", "data-card") == str(judgement.best_card)
    assert f"makes {judgement.best_points}" in (view.page.text_content("#quiz-best") or "")
    # again, choosing the best card with the mouse
    view.key("ArrowLeft")
    view.page.click(f'#table button.pick:has([data-card="{judgement.best_card}"])')
    assert view.page.get_attribute("#quiz-panel", "data-result") == "best"
    # → without choosing shows the card played (the quiz never blocks stepping)
    view.key("ArrowLeft")
    assert view.key("ArrowRight")["hash"] == f"#d1t{judgement.trick}c{card}"
    view.key("h")
    assert all(view.state()["hands"][seat] for seat in range(4))
    assert view.problems() == []


# ----------------------------------------------------------------------------- solver values, lines
def test_the_solvers_values_and_the_labelled_lines(open_page: Any, tmp_path: Path, reviewed: Any,  # noqa: F811
                                                   screenshot: Any) -> None:
    path, replay, judged = reviewed
    view = open_page(_page(tmp_path, path, "values"))
    for judgement in judged:
        _go(view, f"#d1t{judgement.trick}c{judgement.index + 1}")
        values = view.page.locator("#notes .solver-values")
        assert values.get_attribute("data-played") == str(judgement.points)
        assert values.get_attribute("data-best") == str(judgement.best_card)
        assert values.get_attribute("data-best-value") == str(judgement.best_points)
        assert view.page.locator("#notes .line-solver").count() >= 1
        link = view.page.locator(f'#moves a[data-at="{judgement.trick},{judgement.index + 1}"] .value')
        assert link.text_content() == str(judgement.points)
    # the coach's line on West's 10 of trump (trick 4) and the solver's one, each labelled
    _go(view, "#d1t4c1")
    labels = view.page.eval_on_selector_all(
        "#notes .line", "ls => ls.map(l => [l.dataset.by, l.querySelector('.by').textContent])")
    assert ["coach", "coach's line"] in labels and ["solver", "solver's line"] in labels
    screenshot(view.page, "render-study.png")
    assert view.problems() == []


# ----------------------------------------------------------------------------- five, then three
def test_the_first_five_cards_then_the_rest(open_page: Any, tmp_path: Path) -> None:  # noqa: F811
    replay = next(iter_replays(str(MOROCCAN)))
    deal = replay.deals[0]
    five = {hand.seat: sorted(hand.cards) for hand in deal.deal.five}
    view = open_page(_page(tmp_path, MOROCCAN, "five"))
    assert [sorted(h) for h in view.state()["hands"]] == [five[s] for s in range(4)]
    assert view.page.text_content("#dealt") == "First five cards (tafr9a)"
    assert view.page.locator("#trick .card").count() == 1  # the offer, face up
    view.key("End")
    view.key("Home")
    for _ in deal.deal.bids:
        state = view.key("ArrowRight")
    full = [sorted(c for c in range(32) if mask >> c & 1) for mask in deal.start_hands or []]
    assert [sorted(h) for h in state["hands"]] == full
    assert view.page.text_content("#dealt") == "Rest dealt"
    assert deal.deal.offer is not None and deal.deal.offer.card in full[deal.report.taker]  # type: ignore[union-attr]
    assert view.problems() == []


# ----------------------------------------------------------------------------- French, Spanish
def test_the_french_page_speaks_french(open_page: Any, tmp_path: Path) -> None:  # noqa: F811
    view = open_page(_page(tmp_path, REVIEW, "fr", lang="fr"), "#d1t8c4")
    ranks = set(view.page.eval_on_selector_all("#table .card .rank", "rs => rs.map(r => r.textContent)"))
    assert ranks & {"V", "D", "R"} and not ranks & {"J", "Q", "K"}
    assert "Règles : classique" in (view.page.text_content("#meta") or "")
    assert "Coups" in (view.page.text_content("#moves h2") or "")
    spanish = open_page(_page(tmp_path, MOROCCAN, "es", lang="fr"))
    names = spanish.page.eval_on_selector_all(".hand .card",
                                              "cs => cs.map(c => c.getAttribute('aria-label'))")
    assert names and all(" de " in name for name in names)
    assert view.problems() == [] and spanish.problems() == []


# ----------------------------------------------------------------------------- CSP
def test_an_inline_script_slipped_into_the_page_does_not_run(browser: Any, tmp_path: Path) -> None:
    page = _page(tmp_path, REVIEW, "csp")
    html = page.read_text(encoding="utf-8")
    slipped = html.replace("<nav id=\"games\"", "<script>window.slipped = 1;</script>"
                           "<img src=x onerror=\"window.slipped = 2\"><nav id=\"games\"", 1)
    assert slipped != html
    page.write_text(slipped, encoding="utf-8")
    context = browser.new_context()
    try:
        view = Watched(context.new_page())
        view.page.goto(page.as_uri())
        assert view.page.evaluate("window.slipped === undefined")
        assert view.key("ArrowRight")["hash"] == "#d1b1"  # the viewer's own script runs
        blocked = [text for kind, text in view.problems()]
        assert blocked and all("Content Security Policy" in text for text in blocked)
    finally:
        context.close()


def test_the_study_tools_stay_inside_the_page(browser: Any, tmp_path: Path, reviewed: Any) -> None:
    html = _page(tmp_path, reviewed[0], "inside").read_text(encoding="utf-8")
    with served(browser, html) as (view, seen):
        for key in ("h", "f", *["ArrowRight"] * 4, "1", "n", "N", "f", "h", "End"):
            view.key(key)
        view.page.click("#moves a >> nth=5")
        view.page.wait_for_timeout(200)
        assert seen == [ORIGIN] and view.requests == [ORIGIN]
        assert view.problems() == []
