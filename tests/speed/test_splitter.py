"""The compiled cut of a block of games (issue 23) against the splitter's own, in Python.

``cut_game`` (notation/read/_canon.c) finds where a game stops in a block of clean lines of one
byte a character, as ``stream._block_cut`` does (the line feeds before the cut too): both must
agree at every line of any such block.
"""

from __future__ import annotations

import io
import random

import pytest

from belote_notation.notation.read import stream
from belote_notation.notation.read.canon import compiled_cut

pytestmark = pytest.mark.skipif(compiled_cut() is None, reason="the C extensions are not built")

_LINES = ['[Event "a"]', '[Site "end"]', '[Rules "classic"]', '  [Deck "x"]', "deal 1 dealer N", "deal 2",
          "trick 1 N:AS E:7S S:8S W:9S", "score 0 0", "", " ", "\t", "\xa0", "\x85", "end", "END NS", "End *",
          "\tdeal 3", "\xa0x", " \x85y", "\x0bscore 1 2", "\xa0end", ' \t[Site "b"]', "fin", "FIN", "end:",
          "x end", "x:end", "_end", "end_", "ending", "endé", "éend", "send", "fine", 'x "end" y',
          'x "a" end',
          '"end', "µ end", "[end]", "x [y", "] end [", "1end", "end1", "fi", "en"]


def _block(rng: random.Random) -> str:
    lines = [rng.choice(_LINES) if rng.random() < 0.8 else "".join(rng.choice(" eEnNdDfFiI:_\"[]xé")
                                                                      for _ in range(rng.randint(1, 8)))
             for _ in range(rng.randint(1, 14))]
    return "\n".join(lines) + "\n"


def test_the_compiled_cut_is_the_splitters() -> None:
    cut = stream._CUT
    assert cut is not None
    rng = random.Random(11)
    compared = ends = 0
    for _ in range(3000):
        block = _block(rng)
        starts = [0] + [i + 1 for i, c in enumerate(block) if c == "\n" and i + 1 < len(block)]
        for pos in starts:
            for body in (False, True):
                compiled = cut(block, pos, body)
                assert compiled == stream._block_cut(block, block.lower(), pos, body), (block, pos, body)
                compared += 1
                ends += compiled is not None and compiled[1]
    assert compared > 20_000 and ends > 1000


def test_a_block_of_wider_characters_is_left_to_python() -> None:
    """Lowering a character of one byte never changes the text's length nor makes an ASCII
    letter (what the compiled cut relies on); a wider block is cut by the Python code."""
    for code in range(128, 256):
        lowered = chr(code).lower()
        assert len(lowered) == 1 and not lowered.isascii(), hex(code)
    cut = stream._CUT
    assert cut is not None and cut("deal 1 — x\nend\n", 0, False) is None
    text = '[Event "Fès — été"]\ndeal 1\nEND\n\n[Event "b"]\ndeal 1\nend\n'
    games = list(stream.iter_game_texts(io.BytesIO(text.encode())))
    firsts = [(g.first_line, g.text.split("\n")[0]) for g in games]
    assert firsts == [(1, '[Event "Fès — été"]'), (5, '[Event "b"]')]
