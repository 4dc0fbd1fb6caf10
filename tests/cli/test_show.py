"""``belote-replay show``: the table diagram, bidding, tricks, scores and the match table."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote_notation.notation.read.reader import parse_text
from belote_replay.main import cli
from tests.support.validator import generated_text, played_deals, replace_at


def show(*args: str):
    return CliRunner().invoke(cli, ["show", *args], catch_exceptions=False)


@pytest.fixture()
def match_file(tmp_path: Path) -> Path:
    path = tmp_path / "m.bel"
    path.write_text(generated_text("classic"), encoding="utf-8")
    return path


def _first_played(path: Path):
    return played_deals(path.read_text(encoding="utf-8"))[0][1]


def test_one_deal_is_shown_in_full(match_file):
    deal = _first_played(match_file)
    result = show(str(match_file), "--deal", str(deal.number))
    assert result.exit_code == 0, result.output
    out = result.output
    assert f"Deal {deal.number}, dealer {'NESW'[deal.dealer]}" in out
    # the diagram: N above W/E above S, each with four suit lines
    lines = out.splitlines()
    n_at = next(i for i, row in enumerate(lines) if row.strip().startswith("N "))
    s_at = next(i for i, row in enumerate(lines) if row.strip().startswith("S ") and i > n_at)
    assert s_at - n_at == 10
    assert re.search(r"^W .*\s{2,}E ", lines[n_at + 5])
    assert "Offer: " in out and "Bidding, round 1: " in out and "Contract: " in out
    # eight tricks, the running N-S/E-W card points ending at the deal's card points
    rows = [row for row in lines if re.match(r"^  [1-8] ", row)]
    assert len(rows) == 8
    last = rows[-1].split()
    ns, ew = int(last[-2]), int(last[-1])
    assert ns + ew == 162 or "capot" in out
    points = sum(int(r.split()[-3]) for r in rows)
    assert points == ns + ew
    assert f"card points N-S {ns}, E-W {ew}" in out
    assert "Match:" in out and "Winner: " in out


def test_every_deal_and_the_match_table(match_file):
    result = show(str(match_file))
    assert result.exit_code == 0
    game = parse_text(match_file.read_text(encoding="utf-8"))[0].game
    assert result.output.count("\nDeal ") == len(game.deals)
    table = result.output.split("Match:")[1].splitlines()
    assert len([row for row in table if re.match(r"^\s+\d+\s", row)]) == len(game.deals)
    last_total = game.deals[-1].match_score
    assert re.search(rf"\s{last_total.ns}\s+{last_total.ew}$", [row for row in table if row.strip()][-2])


def test_ascii_fallback_and_stable_output(match_file):
    deal = _first_played(match_file)
    a = show(str(match_file), "--deal", str(deal.number), "--ascii")
    b = show(str(match_file), "--deal", str(deal.number), "--ascii")
    assert a.output == b.output
    assert not set("♠♥♦♣") & set(a.output)
    assert re.search(r"\b[NESW]:(10|[7-9JQKA])[SHDC]\b", a.output)
    unicode = show(str(match_file), "--deal", str(deal.number))
    assert set("♠♥♦♣") & set(unicode.output)


def test_spanish_deck_names(tmp_path):
    path = tmp_path / "m.bel"
    path.write_text(generated_text("moroccan"), encoding="utf-8")
    deal = _first_played(path)
    out = show(str(path), "--deal", str(deal.number), "--ascii").output
    assert re.search(r"\b[NESW]:(1|4|5|6|7|10|11|12)[ECOB]\b", out)
    assert "deck spanish" in out


def test_second_game(match_file):
    result = show(str(match_file), "--game", "2")
    assert result.exit_code == 0
    assert result.output.startswith("Game 2")


def test_findings_are_listed_with_the_deal(tmp_path):
    text = generated_text("classic")
    _, deal = played_deals(text)[0]
    score = deal.score
    path = tmp_path / "bad.bel"
    path.write_text(replace_at(text, score.line, score.col, f"score {score.ns} {score.ew}", "score 0 0"),
                    encoding="utf-8")
    out = show(str(path), "--deal", str(deal.number)).output
    assert f"{score.line}:{score.col}: error BEL503" in out
    assert "recorded deal score N-S 0, E-W 0" in out


@pytest.mark.parametrize("args,message", [(["--game", "99"], "no game 99"),
                                          (["--deal", "999"], "no deal 999")])
def test_asking_for_what_is_not_there(match_file, args, message):
    result = show(str(match_file), *args)
    assert result.exit_code == 2
    assert message in result.output


def test_missing_file(tmp_path):
    result = show(str(tmp_path / "nope.bel"))
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_partial_record_is_shown(tmp_path):
    text = "\n".join([
        '[Rules "classic"]', "", "deal 1 dealer N",
        "trick 1 E:AS S:7S W:8S N:9S", "end", ""])
    path = tmp_path / "p.bel"
    path.write_text(text, encoding="utf-8")
    result = show(str(path))
    assert result.exit_code == 0
    assert "Hands: not known" in result.output
    assert "BEL904" in result.output


def test_dead_deal_shows_the_first_five_cards(tmp_path):
    from belote_notation.game.rules import Ruleset
    from belote_notation.generator import generate_games
    from belote_notation.notation.write.writer import write_game

    game = next(g for g in generate_games(Ruleset.preset("moroccan"), matches=3, seed=4)
                if any(not d.tricks for d in g.deals))
    dead = next(d for d in game.deals if not d.tricks)
    path = tmp_path / "dead.bel"
    path.write_text(write_game(game), encoding="utf-8")
    result = show(str(path), "--deal", str(dead.number), "--ascii")
    assert result.exit_code == 0
    assert "First five cards:" in result.output
    assert "dead deal" in result.output
    diagram = result.output.split("First five cards:")[1].split("Offer:")[0]
    assert len(re.findall(r"\b(?:1|4|5|6|7|10|11|12)\b", diagram)) == 20


def _first_trick_plays(text: str, deal) -> str:
    """The plays of the deal's first trick as written, belote words included, e.g.
    ``E:7C S:7S belote W:QC N:JC``."""
    words = text.splitlines()[deal.tricks[0].line - 1].split()
    return " ".join(words[2:words.index("winner")])


def test_deals_sharing_a_number_each_show_their_own_cards(tmp_path):
    text = generated_text("classic")
    first, second = (deal for _, deal in played_deals(text)[:2])
    text = replace_at(text, second.line, second.col, f"deal {second.number}", f"deal {first.number}")
    path = tmp_path / "twice.bel"
    path.write_text(text, encoding="utf-8")
    result = show(str(path), "--ascii")
    assert result.exit_code == 0, result.output
    sections = result.output.split("\nDeal ")[1:]
    assert _first_trick_plays(text, first) in sections[first.number - 1]
    assert _first_trick_plays(text, second) in sections[second.number - 1]


# ----------------------------------------------------------------------------- every readable format
SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def _events_of(games_text: str, out: Path) -> Path:
    """The games of ``games_text`` written as an event log by the library's events format."""
    from belote_notation.formats import get_format

    events = get_format("events")
    assert events is not None
    with out.open("w", encoding="utf-8") as handle:
        assert list(events.write((p.game for p in parse_text(games_text)), handle)) == []
    return out


def test_an_event_log_shows_as_its_bel_does(tmp_path):
    text = generated_text("classic", deals=6, seed=11) + generated_text("moroccan", deals=3, seed=5)
    bel = tmp_path / "m.bel"
    bel.write_text(text, encoding="utf-8")
    log = _events_of(text, tmp_path / "m.events.jsonl")
    for game in ("1", "2"):
        from_bel = show("--ascii", "--game", game, str(bel))
        from_log = show("--ascii", "--game", game, str(log))
        assert from_log.exit_code == from_bel.exit_code == 0, from_log.output
        assert from_log.output == from_bel.output
        assert from_log.output.count("\nDeal ") == (6 if game == "1" else 3)
    anonymous = tmp_path / "log.txt"  # no telling name: known by its content
    anonymous.write_bytes(log.read_bytes())
    from_anonymous = show("--ascii", "--game", "2", str(anonymous))
    assert from_anonymous.output == show("--ascii", "--game", "2", str(bel)).output
    assert "no game 3" in show("--game", "3", str(log)).output


@pytest.mark.parametrize("sample", ["coinched-party.coinched.jsonl", "colver-deals.cfn",
                                    "coinche-server.coinche-ws.jsonl"])
def test_a_server_log_and_colver_deals_are_shown(sample):
    result = show("--ascii", str(SAMPLES / "formats" / sample))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Game 1\nRules: ")
    assert "\nDeal 1, dealer " in result.output and "\nTricks:\n" in result.output
    assert "Match:" in result.output


def test_a_finding_of_a_converted_input_is_located_in_that_input(tmp_path):
    text = generated_text("classic", deals=2, seed=3)
    log = _events_of(text, tmp_path / "m.events.jsonl")
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    first = next(i for i, event in enumerate(events) if event["type"] == "card")
    events[first + 1]["card"] = events[first]["card"]  # the second card of trick 1 played twice
    log.write_text("".join(json.dumps(event) + "\n" for event in events), encoding="utf-8")
    result = show("--format", "json", str(log))
    assert result.exit_code == 1
    document = json.loads(result.output)
    found = [(f["code"], f["file"], f["line"]) for d in document["deals"] for f in d["findings"]]
    assert ("BEL102", str(log), first + 2) in found, found


def test_what_cannot_be_read_is_said_without_a_traceback(tmp_path):
    broken = tmp_path / "broken.events.jsonl"
    broken.write_text('{"type": "game", "v": 1}\n{"type": "deal", "deal": "x"\n', encoding="utf-8")
    result = show(str(broken))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"{broken}: there is no game 1" in result.output
    folder = show(str(tmp_path))
    assert folder.exit_code == 2 and str(tmp_path) in folder.output
