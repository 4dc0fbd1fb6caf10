"""One symbol per meaning (issue 20 item 1), the render parts of item 7 and the page's CSP
(issue 22 item 11), without a browser: the page's data, the SVG, ``show`` and ``fmt``."""

from __future__ import annotations

import base64
import hashlib
import io
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from click.testing import CliRunner

from belote_notation.analysis.review import review_game
from belote_notation.check.replay import replay_game
from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.write.writer import write_game
from belote_notation.pipeline.records import iter_replays
from belote_notation.render import deal_svg, game_view, render_game, write_page
from belote_notation.render.page import content_policy
from belote_replay.main import cli

ROOT = Path(__file__).resolve().parents[2]
INVALID = ROOT / "samples/invalid/BEL303-did-not-follow.bel"
REVIEW = ROOT / "samples/review/annotated-classic.bel"

MOROCCAN = ROOT / "samples/moroccan/forced-take-dead-deal-litige-pot.bel"
PLAIN = "trick 4 W:10O S:1O E:5O N:12O winner S"
# A Moroccan trick typed by a coach: a blunder written twice plus a NAG of its own ($14), a
# NAG that disagrees with the glyph ($4 on a "?"), a NAG written twice, a mistake written twice.
NOTED = "trick 4 W:10O?? $4 $14 S:1O? $4 E:5O $6 $6 N:12O? $2 winner S"
DOUBLED = MOROCCAN.read_text(encoding="utf-8").replace(PLAIN, NOTED, 1)
assert NOTED in DOUBLED
SVG_NS = "{http://www.w3.org/2000/svg}"


def _replay(text: str = DOUBLED):  # type: ignore[no-untyped-def]
    return replay_game(parse_text(text)[0].game)


def test_the_page_data_holds_one_symbol_per_meaning() -> None:
    notes = game_view(_replay())["deals"][0]["tricks"][3]["notes"]  # type: ignore[index]
    assert [n["symbols"] for n in notes] == [["??", "⩲"], ["?", "??"], ["?!"], ["?"]]


def test_show_writes_one_symbol_per_meaning_and_keeps_a_different_nag() -> None:
    text = render_game(_replay(), 1, ascii_only=True)
    assert "W:10O??" in text and "S:1O?" in text and "N:12O?" in text
    assert "$2" not in text and "$4 $14" not in text and "$6 $6" not in text
    notes = [line.strip() for line in text.splitlines() if "$" in line]
    assert "W:10O?? $14" in notes and "S:1O? $4" in notes and "E:5O $6" in notes


def test_fmt_keeps_every_glyph_and_nag_as_written() -> None:
    """The decision (docs/render.md, docs/notation.md): ``fmt`` never changes what a record
    says; the glyph and an equal NAG both stay, so parsing its output gives the same NAGs."""
    result = CliRunner().invoke(cli, ["fmt", "-"], input=DOUBLED)
    assert result.exit_code == 0, result.output
    assert NOTED in result.output
    again = parse_text(result.output)[0].game.deals[0].tricks[3].plays
    original = parse_text(DOUBLED)[0].game.deals[0].tricks[3].plays
    assert [(p.glyph, p.nags) for p in again] == [(p.glyph, p.nags) for p in original]


def test_the_svg_shows_one_symbol_per_meaning_beside_each_card() -> None:
    svg = ET.fromstring(deal_svg(_replay(), 0, trick=4))
    shown = [" ".join(t.text or "" for t in g.iter(SVG_NS + "text") if t.get("class") == "symbols")
             for g in svg.iter(SVG_NS + "g") if (g.get("class") or "").startswith("trick-card")]
    assert shown == ["?? ⩲", "? ??", "?!", "?"]


def test_annotates_cards_show_their_glyph_once_everywhere() -> None:
    game = parse_text(REVIEW.read_text(encoding="utf-8"))[0].game
    game.deals = game.deals[:1]
    reviewed = review_game(game).game
    judged = [p for t in reviewed.deals[0].tricks for p in t.plays if p.glyph and p.nags]
    assert judged, "annotate writes a glyph and its NAG on the cards it judges"
    view = game_view(replay_game(reviewed))
    symbols = [n["symbols"] for t in view["deals"][0]["tricks"] for n in t["notes"] if n]  # type: ignore[index]
    assert symbols and all(len(s) == len(set(s)) for s in symbols)
    assert not any(s in (["?", "?"], ["??", "??"], ["?!", "?!"]) for s in symbols)


def test_the_svg_frames_a_card_a_finding_is_about_in_red() -> None:
    replay = next(iter_replays(str(INVALID)))
    (finding,) = [f for f in replay.report.findings if f.severity == "error"]
    position, trick = next((p, t) for p, deal in enumerate(replay.game.deals)
                           for t, tr in enumerate(deal.tricks, start=1)
                           for play in tr.plays if (play.line, play.col) == (finding.line, finding.col))
    svg = ET.fromstring(deal_svg(replay, position, trick=trick))
    groups = [g for g in svg.iter(SVG_NS + "g") if (g.get("class") or "").startswith("trick-card")]
    illegal = [g for g in groups if g.get("class") == "trick-card illegal"]
    assert len(illegal) == 1
    title = illegal[0].find(SVG_NS + "title")
    assert title is not None and finding.code in (title.text or "") and finding.message in (title.text or "")
    assert illegal[0].find(SVG_NS + "rect").get("stroke") == "#b00020"  # type: ignore[union-attr]
    other = deal_svg(replay, position, trick=trick - 1 if trick > 1 else trick + 1)
    assert "illegal" not in other


def test_french_rank_letters_in_french() -> None:
    replay = next(iter_replays(str(REVIEW)))
    french = deal_svg(replay, 0, lang="fr")
    english = deal_svg(replay, 0, lang="en")
    hand_text = lambda svg: " ".join(  # noqa: E731
        t.text or "" for t in ET.fromstring(svg).iter(SVG_NS + "text") if t.get("fill") == "#111111")
    assert re.search(r"\b[VDR]\b", hand_text(french)) and not re.search(r"\b[JQK]\b", hand_text(french))
    assert re.search(r"\b[JQK]\b", hand_text(english))
    out = io.StringIO()
    write_page(out, [replay], "t", "fr")
    assert '"ranks":["7","8","9","10","V","D","R","A"]' in out.getvalue()
    assert '"rules:classic":"classique"' in out.getvalue()


def test_the_policy_allows_only_the_viewers_script_by_its_hash() -> None:
    out = io.StringIO()
    write_page(out, iter_replays(str(REVIEW)), "t")
    html = out.getvalue()
    (policy,) = re.findall(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html)
    script_src = next(part.strip() for part in policy.split(";") if part.strip().startswith("script-src"))
    assert "unsafe-inline" not in script_src and "unsafe-eval" not in script_src
    executable = re.findall(r"<script>(.*?)</script>", html, flags=re.S)
    assert len(executable) == 1 and len(executable[0]) > 1000
    digest = base64.b64encode(hashlib.sha256(executable[0].encode("utf-8")).digest()).decode()
    assert script_src == f"script-src 'sha256-{digest}'"
    # the hash follows the script: another viewer text gets its own
    assert content_policy(executable[0] + " ") != policy


def test_a_game_written_again_keeps_its_review_material() -> None:
    game = parse_text(DOUBLED)[0].game
    assert write_game(parse_text(write_game(game))[0].game) == write_game(game)
