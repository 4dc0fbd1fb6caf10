"""Generated games of every rule system, some made wrong on purpose: the corpus of the
differential test and the fuzz target (the compiled path against the pure-Python path).

The flaws are the ones a record really has: an illegal card (two plays swapped, a card from
another trick), a wrong recorded winner, a wrong score or total, a call changed, a card of a
hand replaced, a word nobody knows, a comment, an alternative line, a doubled space, a line
cut short. Most deals are left whole, so that the compiled path is taken and compared too.
"""

from __future__ import annotations

import io
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from belote_notation.game.compiled import PURE_PYTHON_VARIABLE
from belote_notation.game.rules import Ruleset, preset_names
from belote_notation.generator import generate_games
from belote_notation.notation.write.writer import write_games

__all__ = ["FLAWS", "compare_paths", "corpus_text", "flawed", "validate_json"]

BIN = Path(sys.executable).parent / "belote-replay"
_SEATS = "NESW"
_PLAY = re.compile(r"[NESW]:\S+")
_NUMBER = re.compile(r"(?<= )-?\d+")


def _swap_plays(line: str, rng: random.Random) -> str:
    """Two cards of the line change places (their seats stay): mostly an illegal card."""
    words = line.split(" ")
    plays = [i for i, word in enumerate(words) if _PLAY.fullmatch(word)]
    if len(plays) < 2:
        return line
    i, j = rng.sample(plays, 2)
    words[i], words[j] = words[i][:2] + words[j][2:], words[j][:2] + words[i][2:]
    return " ".join(words)


def _other_winner(line: str, rng: random.Random) -> str:
    if " winner " not in line:
        return line
    head, seat = line.rsplit(" ", 1)
    return f"{head} {rng.choice([s for s in _SEATS if s != seat] or ['N'])}"


def _number_changed(line: str, rng: random.Random) -> str:
    found = list(_NUMBER.finditer(line))
    if not found:
        return line
    m = rng.choice(found)
    return line[:m.start()] + str(int(m.group()) + rng.choice([-10, -1, 1, 10, 162])) + line[m.end():]


def _call_changed(line: str, rng: random.Random) -> str:
    words = line.split(" ")
    if len(words) < 3:
        return line
    i = rng.randrange(2, len(words))
    words[i] = rng.choice(["N:pass", "E:take", "S:take H", "W:pass", "pass", "N:coinche", "80S", "E:capot S"])
    return " ".join(words)


def _card_replaced(line: str, rng: random.Random) -> str:
    words = line.split(" ")
    if len(words) < 3:
        return line
    words[rng.randrange(2, len(words))] = rng.choice(["AS", "7H", "JD", "10C", "9S", "KH"])
    return " ".join(words)


def _unknown_word(line: str, rng: random.Random) -> str:
    words = line.split(" ")
    words.insert(rng.randrange(1, len(words) + 1), rng.choice(["zz", "N:ZZ", "11H", "trick", "{", "belote"]))
    return " ".join(words)


def _comment(line: str, rng: random.Random) -> str:
    return line + rng.choice([" { a note }", " ; rest of line", " {unclosed"])


def _variation(line: str, rng: random.Random) -> str:
    plays = _PLAY.findall(line)
    return line + (f" ( {plays[0]} )" if plays else " ( N:pass )")


def _double_space(line: str, rng: random.Random) -> str:
    return line.replace(" ", "  ", 1)


def _repeated(line: str, rng: random.Random) -> str:
    """The line twice: a second offer in the deal, an announcement declared twice."""
    return f"{line}\n{line}"


def _card_of_another_deck(line: str, rng: random.Random) -> str:
    """A card-shaped word that is not a card of every deck: 1E and 12O are Spanish, 10S and
    QH French, 11H is neither."""
    words = line.split(" ")
    first_card = 1 if words[0] == "offer" else 3 if words[0] == "announce" else 2
    if len(words) <= first_card:
        return line
    words[rng.randrange(first_card, len(words))] = rng.choice(["1E", "12O", "11H", "10S", "QH", "7B"])
    return " ".join(words)


def _when_swapped(line: str, rng: random.Random) -> str:
    """``before=`` ahead of ``trick=``: not the canonical order."""
    words = line.split(" ")
    when = [w for w in words if "=" in w]
    return " ".join([w for w in words if "=" not in w] + when[::-1]) if len(when) == 2 else line + " trick=99"


def _cut(line: str, rng: random.Random) -> str:
    return line[: rng.randrange(len(line))] if line else line


Flaw = Callable[[str, random.Random], str]
FLAWS: dict[str, tuple[tuple[str, ...], Flaw]] = {
    "illegal card": (("trick",), _swap_plays),
    "wrong winner": (("trick",), _other_winner),
    "wrong score": (("score", "match"), _number_changed),
    "call changed": (("smsara",), _call_changed),
    "card replaced": (("tafr9a", "rest", "hand"), _card_replaced),
    "unknown word": (("trick", "smsara", "tafr9a", "rest", "hand", "score", "announce", "offer"),
                     _unknown_word),
    "comment": (("trick", "smsara", "hand", "score"), _comment),
    "variation": (("trick", "smsara"), _variation),
    "double space": (("trick", "smsara", "hand", "rest", "tafr9a"), _double_space),
    "cut line": (("trick", "smsara", "hand", "announce", "offer"), _cut),
    "line repeated": (("offer", "announce"), _repeated),
    "card of another deck": (("offer", "announce", "tafr9a"), _card_of_another_deck),
    "when swapped": (("announce",), _when_swapped),
}
"""Each flaw: the first words of the lines it applies to, and how it changes one."""


def flawed(text: str, rng: random.Random, rate: float) -> str:
    """``text`` with about ``rate`` of its deal lines given one flaw each (a line whose first
    word a flaw does not apply to stays as it is)."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if not line or rng.random() >= rate:
            continue
        first = line.split(" ", 1)[0]
        choices = [flaw for words, flaw in FLAWS.values() if first in words]
        if choices:
            lines[i] = rng.choice(choices)(line, rng)
    return "\n".join(lines)


def _games_text(rules: Ruleset, deals: int, seed: int) -> str:
    out = io.StringIO()
    write_games(generate_games(rules, matches=None, deals=deals, seed=seed), out)
    return out.getvalue()


def corpus_text(deals_per_system: int, seed: int, rate: float) -> Iterator[str]:
    """Generated games of every preset rule system (``deals_per_system`` deals each, seeded),
    flawed at ``rate``; one text per rule system."""
    for k, name in enumerate(preset_names()):
        rng = random.Random(seed * 1000 + k)
        yield flawed(_games_text(Ruleset.preset(name), deals_per_system, seed * 1000 + k), rng, rate)


def validate_json(path: Path, pure_python: bool) -> dict[str, Any]:
    """``belote-replay validate --format json`` of ``path`` on one path (a fresh process): the
    document, its timing left out."""
    import json

    env = dict(os.environ)
    env[PURE_PYTHON_VARIABLE] = "1" if pure_python else "0"
    args = [str(BIN), "validate", "--jobs", "1", "--no-progress", "--format", "json", str(path)]
    proc = subprocess.run(args, capture_output=True, env=env, check=False)
    assert proc.returncode in (0, 1), proc.stderr.decode(errors="replace")
    document: dict[str, Any] = json.loads(proc.stdout)
    document["summary"].pop("seconds", None)
    return document


def compare_paths(path: Path) -> tuple[int, int]:
    """Validate ``path`` on both paths and assert that the reports are identical, game by game
    (codes, positions, messages, recomputed scores, fingerprints); (games, findings) compared."""
    fast, pure = validate_json(path, False), validate_json(path, True)
    games = findings = 0
    for fast_file, pure_file in zip(fast["files"], pure["files"], strict=True):
        for fast_game, pure_game in zip(fast_file["games"], pure_file["games"], strict=True):
            assert fast_game == pure_game, f"game {pure_game.get('game')} of {path} differs"
            games += 1
            findings += len(pure_game["findings"])
    assert fast == pure
    return games, findings
