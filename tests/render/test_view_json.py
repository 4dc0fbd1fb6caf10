"""The page's data written straight (``render/view_json.py``) is the encoder's text of
``game_view`` byte for byte, on the one-pass replay (canonical deals kept as parts, no records)
and on a replay of records, for the samples and generated games of every rule system; a
canonical deal's records made on demand are the records read."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from belote_notation.check.findings import Finding
from belote_notation.check.replay import GameReplay, replay_game, replay_text
from belote_notation.game.rules import Ruleset, preset_names
from belote_notation.generator import generate_games
from belote_notation.notation.read.reader import parse_game_text
from belote_notation.notation.read.stream import iter_game_texts, text_source
from belote_notation.notation.write.writer import write_games
from belote_notation.render.view import game_view
from belote_notation.render.view_json import game_json

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "samples").rglob("*.bel"))


def _encoded(replay: GameReplay) -> str:
    """What the page held before: the encoder's text of ``game_view``."""
    return json.dumps(game_view(replay), ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def _check(text: str, file: str = "g.bel") -> int:
    """Every game of ``text``: the text written straight equals the encoder's, on both replays."""
    games = 0
    for game in iter_game_texts(text_source(text), file):
        once = replay_text(game, file)
        written = game_json(once.replay)
        assert written == _encoded(replay_text(game, file).replay)
        parsed = parse_game_text(game, file)
        number = game.index + 1
        records = replay_game(parsed.game, file, number,
                              syntax=[Finding.from_issue(i, file, number) for i in parsed.errors])
        assert game_json(records) == _encoded(records)
        assert once.replay.game == parsed.game  # the records made on demand
        games += 1
    return games


def _generated(rules: str, seed: int, deals: int) -> str:
    out = io.StringIO()
    write_games(generate_games(Ruleset.preset(rules), matches=None, deals=deals, seed=seed), out)
    return out.getvalue()


def test_samples_are_written_as_encoded() -> None:
    assert sum(_check(path.read_text(encoding="utf-8"), path.name) for path in SAMPLES) >= len(SAMPLES)


@pytest.mark.parametrize("rules", preset_names())
def test_generated_games_are_written_as_encoded(rules: str) -> None:
    text = _generated(rules, 11, 60)
    assert _check(text) >= 1
    # a wrong recorded winner and score (findings: the encoder's way for those deals), belote
    # words left out, seats left out (the parts named by the checks: records at once)
    text = re.sub(r"winner ([NESW])", lambda m: "winner " + "ESWN"["NESW".index(m.group(1))], text, count=2)
    text = re.sub(r"\nscore (\d+)", lambda m: f"\nscore {int(m.group(1)) + 10}", text, count=2)
    text = re.sub(r" (?:belote|rebelote)\b", "", text, count=3)
    text = re.sub(r"(trick \d+) [NESW]:", r"\1 ", text, count=3)
    assert _check(text) >= 1


def test_unusual_deals_are_written_as_encoded() -> None:
    """Hands given whole, a deal cut short, a dead deal, review material, a player's name and a
    comment with markup, a seatless trick."""
    text = ('[Event "<b>club</b>"]\n[North "A</script>"]\n{a <!-- comment}\n'
            "deal 1 dealer N\nhand N 7S 8S 9S 10S JS QS KS AS\nhand E 7H 8H 9H 10H JH QH KH AH\n"
            "hand S 7D 8D 9D 10D JD QD KD AD\nhand W 7C 8C 9C 10C JC QC KC AC\nsmsara 1 E:take S\n"
            "trick 1 E:AH S:7D W:7C N:7S\ntrick 2 E:KH! {sure} S:8D W:8C N:8S\nend\n\n"
            "deal 1 dealer E\ntafr9a N 9S JS 8H 7D 7C\ntafr9a E 8S 9H 8D QD 9C\ntafr9a S QS 10H 9D KD QC\n"
            "tafr9a W AS 7H KH AD 10C\noffer 10D\nsmsara 1 S:pass W:pass N:pass E:pass\n"
            "smsara 2 S:pass W:pass N:pass E:pass\nscore 0 0\nmatch 0 0\nend\n")
    assert _check(text) == 2
