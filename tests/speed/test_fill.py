"""The page's templates filled in C (``render/_fill.c``) give Python's ``%``: the same text, or
the same exception, for every value, and the page's JSON is the same on both paths."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from typing import Any

import pytest

from belote_notation.game.compiled import PURE_PYTHON_VARIABLE
from belote_notation.render import fill

pytestmark = pytest.mark.skipif(not fill.COMPILED, reason="the _fill extension is not built")

_TEMPLATES = ['{"a":%d,"b":[%d,%d],"c":%s}', "%d", "%s", "", "x", "%s%s%d", '"%s":[%s]']
_VALUES: list[Any] = [0, -1, 7, 255, -(2**63), 2**63 - 1, 2**63, -(2**63) - 1, 10**40, True, False,
                      1.5, None, "", "null", "é", "日本", "\ud800", "<b>", b"x", [1], 3.0]


def _python(text: str, values: Any) -> tuple[str, Any]:
    try:
        return "text", text % tuple(values)
    except Exception as exc:  # noqa: BLE001  (the exception itself is what is compared)
        return "raised", (type(exc), str(exc))


def _compiled(text: str, values: Any) -> tuple[str, Any]:
    try:
        return "text", fill.template(text)(values)
    except Exception as exc:  # noqa: BLE001
        return "raised", (type(exc), str(exc))


def test_every_value_is_filled_as_python_fills_it() -> None:
    rng = random.Random(5)
    for _ in range(5000):
        text = rng.choice(_TEMPLATES)
        fields = text.count("%")
        count = fields if rng.random() < 0.9 else rng.randrange(0, fields + 2)
        values = [rng.choice(_VALUES) if rng.random() < 0.3 else rng.randrange(-300, 300)
                  for _ in range(count)]
        shape = tuple if rng.random() < 0.5 else list
        assert _compiled(text, shape(values)) == _python(text, values), (text, values)


def test_a_long_fill_outgrows_the_buffer() -> None:
    text = "[%s]" + ",%d" * 3000
    values = ["é" * 5000, *range(-1500, 1500)]
    assert fill.template(text)(values) == text % tuple(values)


def test_a_template_is_ascii_and_its_fields_d_or_s() -> None:
    for text in ("%x", "100%", "é%d"):
        with pytest.raises(ValueError):
            fill.template(text)


_PAGE = """
import sys
from belote_notation.check.replay import replay_game
from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from belote_notation.render.fill import COMPILED
from belote_notation.render.view_json import game_json
games = generate_games(Ruleset.preset(sys.argv[1]), matches=3, deals=6, seed=9)
print(COMPILED, "".join(game_json(replay_game(game)) for game in games))
"""


@pytest.mark.parametrize("rules", ["classic", "contree", "coinche"])
def test_the_page_json_is_the_same_without_the_extension(rules: str) -> None:
    pages = []
    for pure in ("0", "1"):
        env = {**os.environ, PURE_PYTHON_VARIABLE: pure}
        out = subprocess.run([sys.executable, "-c", _PAGE, rules], capture_output=True, env=env, check=True)
        pages.append(out.stdout.decode("utf-8"))
    compiled, pure_python = pages
    assert compiled.startswith("True ") and pure_python.startswith("False ")
    assert compiled[5:] == pure_python[6:]
