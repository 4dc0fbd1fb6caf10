"""The page's data, the page's shape, the SVG and the ``render`` command, without a browser."""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote_notation.check.replay import GameReplay, replay_game
from belote_notation.check.validator import validate_game
from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from belote_notation.notation.read.reader import parse_text
from belote_notation.pipeline.records import iter_replays
from belote_notation.render import DiagramError, deal_svg, game_view, write_page
from belote_notation.render.labels import card_label, deck_faces
from belote_replay.main import cli

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
MOROCCAN = SAMPLES / "moroccan/forced-take-dead-deal-litige-pot.bel"
REVIEW = SAMPLES / "review/annotated-classic.bel"
INVALID = SAMPLES / "invalid/BEL303-did-not-follow.bel"
SVG = "{http://www.w3.org/2000/svg}"


def _replay(path: Path) -> GameReplay:
    return next(iter_replays(str(path)))


def _games(text: str) -> list[dict[str, object]]:
    blocks = re.findall(r'<script type="application/json" class="belote-game">(.*?)</script>', text, re.S)
    return [json.loads(block) for block in blocks]


# ----------------------------------------------------------------------------- the data is the checks'
@pytest.mark.parametrize("sample", sorted(SAMPLES.glob("*/*.bel")), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_sample_renders_with_the_validators_numbers(sample: Path) -> None:
    for replay in iter_replays(str(sample)):
        view = game_view(replay)
        assert view["sheet"] == [
            {"number": d.number, "dealer": d.dealer, "taker": d.taker, "trump": d.trump, "outcome": d.outcome,
             "credited": d.credited, "potIn": d.pot_in, "potClaimed": d.pot_claimed, "pot": d.pot,
             "totals": d.totals, "totalsTyped": d.claimed_totals} for d in replay.report.deals]
        for deal, shown in zip(replay.deals, view["deals"], strict=True):  # type: ignore[call-overload]
            traced = [(t.winner, t.points, list(t.running)) for t in deal.tricks]
            assert [(t["winner"], t["points"], t["running"]) for t in shown["tricks"]][:len(traced)] == traced
        json.dumps(view)


def test_the_view_agrees_with_an_independent_validation() -> None:
    game = next(generate_games(Ruleset.preset("moroccan"), matches=1, deals=None, seed=11))
    view = game_view(replay_game(game))
    report = validate_game(game)
    assert view["totals"] == report.totals and view["winner"] == report.winner
    assert [row["totals"] for row in view["sheet"]] == [d.totals for d in report.deals]  # type: ignore[index]


def test_a_finding_is_placed_on_its_card() -> None:
    view = game_view(_replay(INVALID))
    placed = [(f["code"], f["at"], f["card"]) for d in view["deals"] for f in d["findings"]]  # type: ignore[attr-defined]
    assert placed == [("BEL303", [2, 3], True)]


def test_a_wrong_trick_winner_is_placed_at_the_end_of_its_trick_not_on_a_card() -> None:
    view = game_view(_replay(SAMPLES / "invalid/BEL501-wrong-trick-winner.bel"))
    (finding,) = [f for d in view["deals"] for f in d["findings"] if f["code"] == "BEL501"]  # type: ignore[attr-defined]
    assert finding["at"][1] == 4 and finding["card"] is False


def test_review_material_is_carried() -> None:
    view = game_view(_replay(REVIEW))
    deal = view["deals"][0]  # type: ignore[index]
    instead = {"seat": 0, "action": "pass", "suit": None,
               "notes": {"symbols": ["="], "comments": [], "variations": [], "solver": None}}
    comment = "light: no heart in hand but the offer"
    assert deal["bids"][2]["notes"] == {"symbols": ["?!"], "comments": [comment], "solver": None,
                                        "variations": [{"comments": [], "items": [instead], "by": "coach"}]}
    fourth = deal["tricks"][3]
    assert fourth["comments"] == ["West leads trump."]
    # W:10H?? $4: a blunder written twice is one symbol (issue 20 item 1)
    assert fourth["notes"][0]["symbols"] == ["??"]
    assert fourth["notes"][3]["symbols"] == ["!!"]


def test_spanish_and_french_faces() -> None:
    spanish = deck_faces("spanish", "en")
    assert spanish["suits"] == ["espadas", "copas", "oros", "bastos"]
    assert spanish["ranks"] == ["4", "5", "6", "7", "10", "11", "12", "1"]
    assert card_label(23, "spanish", "en") == "as de oros"  # a Spanish card in Spanish, never "as of oros"
    assert card_label(0, "french", "fr") == "sept de pique"
    assert game_view(_replay(MOROCCAN))["deck"] == "spanish"
    assert game_view(_replay(REVIEW))["deck"] == "french"


# ----------------------------------------------------------------------------- the page
def test_the_page_is_self_contained() -> None:
    out = io.StringIO()
    assert write_page(out, iter_replays(str(REVIEW)), "annotated", "en") == 1
    html = out.getvalue()
    assert "Content-Security-Policy" in html and "default-src 'none'" in html
    urls = set(re.findall(r"https?://[^\s\"'<>)]+", html))
    assert urls == {"http://www.w3.org/2000/svg"}  # a namespace name, never fetched
    assert not re.search(r"<(link|img|iframe|object|embed)\b|\bsrc=|@import|url\(", html)
    assert len(_games(html)) == 1


def test_text_cannot_break_out_of_the_data_block() -> None:
    text = '[Event "</script><script>alert(1)</script>"]\ndeal 1 dealer N {<!-- </script>}\nend\n'
    out = io.StringIO()
    write_page(out, iter_replays(io.StringIO(text), "x.bel"), "x")
    html = out.getvalue()
    assert html.count("</script>") == 3  # the labels, the one game, the viewer
    (game,) = _games(html)
    assert game["title"] == "</script><script>alert(1)</script>"


def test_the_page_streams_one_game_at_a_time() -> None:
    """Each game is written before the next is read: the page never holds the file."""
    text = "deal 1 dealer N\nend\n" * 5
    out = io.StringIO()
    produced: list[int] = []

    def replays() -> Iterator[GameReplay]:
        for replay in iter_replays(io.StringIO(text), "five.bel"):
            produced.append(replay.report.game)
            assert len(_games(out.getvalue())) == len(produced) - 1
            yield replay

    assert write_page(out, replays()) == 5
    assert [g["number"] for g in _games(out.getvalue())] == [1, 2, 3, 4, 5]


# ----------------------------------------------------------------------------- the SVG
def test_the_svg_is_well_formed_and_shows_the_hands_and_the_trick() -> None:
    replay = _replay(REVIEW)
    root = ET.fromstring(deal_svg(replay, 0, trick=4, lang="fr"))
    assert root.tag == f"{SVG}svg"
    trick = [int(g.get("data-card", -1)) for g in root.iter(f"{SVG}g") if g.get("class") == "trick-card"]
    assert trick == list(replay.deals[0].tricks[3].cards)
    hands = [g for g in root.iter(f"{SVG}g") if g.get("class") == "hand"]
    assert len(hands) == 4
    # before trick 4, each seat holds 5 cards; every card of the deal is in a hand or was played
    spoken = " ".join(t.text or "" for t in root.iter(f"{SVG}title"))
    assert spoken.count(" de ") >= 20 + 4
    assert "Donne 1" in spoken
    assert "href" not in deal_svg(replay, 0).replace('href="#', "")


def test_the_svg_of_a_spanish_deal_draws_the_suits() -> None:
    root = ET.fromstring(deal_svg(_replay(MOROCCAN), 0))
    symbols = {s.get("id") for s in root.iter(f"{SVG}symbol")}
    assert symbols == {"oros", "copas", "espadas", "bastos"}


def test_the_svg_refuses_a_deal_or_trick_that_is_not_there() -> None:
    replay = replay_game(parse_text("deal 1 dealer N\nend\n")[0].game)
    with pytest.raises(DiagramError):
        deal_svg(replay, 3)
    with pytest.raises(DiagramError, match="no trick 2"):
        deal_svg(replay, 0, trick=2)


# ----------------------------------------------------------------------------- the command
def test_render_writes_a_page_and_an_svg(tmp_path: Path) -> None:
    runner = CliRunner()
    page = tmp_path / "m.html"
    result = runner.invoke(cli, ["render", str(MOROCCAN), "-o", str(page), "--lang", "fr"])
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    assert '<html lang="fr">' in html and len(_games(html)) == 1
    result = runner.invoke(cli, ["render", str(MOROCCAN), "--svg", "--deal", "3", "--trick", "2"])
    assert result.exit_code == 0, result.output
    ET.fromstring(result.output)


def test_render_reads_stdin_and_picks_a_game() -> None:
    text = (SAMPLES / "classic/partie-1.bel").read_text(encoding="utf-8") * 2
    result = CliRunner().invoke(cli, ["render", "-", "--game", "2"], input=text)
    assert result.exit_code == 0, result.output
    assert [g["number"] for g in _games(result.output)] == [2]


@pytest.mark.parametrize("args, message", [
    (["--svg"], "--svg needs --deal"),
    (["--deal", "1"], "go with --svg"),
    (["--svg", "--deal", "99"], "has no deal 99"),
    (["--svg", "--deal", "1", "--trick", "9"], "has no trick 9"),
    (["--game", "7"], "there is no game 7"),
    (["--rules", "nope"], "--rules"),
])
def test_render_says_what_is_wrong(args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["render", str(MOROCCAN), *args])
    assert result.exit_code == 2
    assert message in result.output


def test_render_of_a_missing_file() -> None:
    result = CliRunner().invoke(cli, ["render", "no/such/file.bel"])
    assert result.exit_code == 2 and "no/such/file.bel" in result.output


# ----------------------------------------------------------------------------- the documentation
def test_the_docs_examples_run_and_their_images_exist(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    doc = (ROOT / "docs/render.md").read_text(encoding="utf-8")
    for image in re.findall(r"\]\((images/[^)]+)\)", doc):
        assert (ROOT / "docs" / image).stat().st_size > 1000, image
    (tmp_path / "samples").symlink_to(SAMPLES)
    monkeypatch.chdir(tmp_path)
    snippets = re.findall(r"```python\n(.*?)```", doc, re.S)
    assert len(snippets) == 2
    for snippet in snippets:
        exec(compile(snippet, "docs/render.md", "exec"), {})
    ET.fromstring(deal_svg(_replay(SAMPLES / "moroccan/club-match-1.bel"), 2, trick=4))
    assert len(_games((tmp_path / "match.html").read_text(encoding="utf-8"))) == 1


def test_bidding_and_announcement_findings_are_placed_at_their_act() -> None:
    bid = game_view(_replay(SAMPLES / "invalid/BEL201-bid-out-of-turn.bel"))
    assert [(f["code"], f["at"]) for d in bid["deals"] for f in d["findings"]] == [  # type: ignore[attr-defined]
        ("BEL201", [0, 1])]
    held = game_view(_replay(SAMPLES / "invalid/BEL401-announced-cards-not-held.bel"))
    (deal,) = [d for d in held["deals"] if d["findings"]]  # type: ignore[attr-defined]
    (announcement,) = [a for a in deal["announcements"]]
    assert deal["findings"][0]["at"] == announcement["at"]
