"""``belote-replay live FILE`` prints each refusal at the file's line and column, as ``validate
FILE`` does, not at the live game's own record (check/live_record.py, service/live_client.py).

The verdicts come from :class:`LiveGame` in-process: the service answers with its verdicts as
they are; the mapping back to the file is the client's (:func:`placed_answer`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from belote_notation.check.live import LiveGame, recorded_games
from belote_notation.check.validator import validate_text
from belote_notation.service.live_client import finding_lines, placed_answer

INVALID = Path(__file__).resolve().parents[2] / "samples" / "invalid"
NOT_REFUSED = {
    "BEL004-unknown-card.bel": "the unknown card is no act: the file cannot send it",
    "BEL501-wrong-trick-winner.bel": "a live game writes each trick's winner itself",
}
SAMPLES = sorted(p for p in INVALID.glob("*.bel") if p.name not in NOT_REFUSED)


def _first_refusal(text: str, name: str) -> tuple[int, dict]:
    """The first refused act's number (1-based) and its answer, placed in the file."""
    game = next(recorded_games(text))
    live = LiveGame(game.rules, tags=game.tags, options=game.options)
    for number, (act, place) in enumerate(zip(game.acts, game.places, strict=True), 1):
        verdict = live.play(act)
        if not verdict.accepted:
            return number, placed_answer({"type": "verdict", **verdict.to_dict()}, place, name)
    raise AssertionError(f"{name}: no act refused")


def _validate_first(text: str, name: str) -> dict:
    [report] = validate_text(text, name)
    return next(f.to_dict() for f in report.findings if f.severity == "error")


def _wider(text: str) -> str:
    """The same game with every card, call and score shifted right (``validate`` follows)."""
    words = ("trick ", "smsara ", "score ", "match ", "pot ", "tafr9a ", "hand ", "rest ")
    lines = []
    for line in text.splitlines():
        for word in words:
            if line.startswith(word):
                line = word + "   " + line[len(word):]
        lines.append(line)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
@pytest.mark.parametrize("shape", ["as-is", "wider"])
def test_a_refusal_is_where_validate_says_in_the_file(path: Path, shape: str):
    text = path.read_text(encoding="utf-8")
    text = _wider(text) if shape == "wider" else text
    expected = _validate_first(text, path.name)
    number, answer = _first_refusal(text, path.name)
    codes = [f["code"] for f in answer["findings"]]
    assert expected["code"] in codes
    found = next(f for f in answer["findings"] if f["code"] == expected["code"])
    place = ("file", "line", "col")
    assert [found[k] for k in place] == [expected[k] for k in place]
    printed = finding_lines(path.name, number, answer)
    assert f"{path.name}:{expected['line']}:{expected['col']}: error {expected['code']} " \
           f"{expected['message']}" in printed


def test_the_wider_file_moves_validate_s_columns():
    """The shifted copy is a real test of columns: validate's places move with it."""
    text = (INVALID / "BEL303-did-not-follow.bel").read_text(encoding="utf-8")
    assert _validate_first(_wider(text), "x")["col"] == _validate_first(text, "x")["col"] + 3
