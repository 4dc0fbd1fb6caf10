"""A property of ``--fix`` (issue 31): on random legal games (the project's generator) with one
injected illegal act and one injected slip in a running total, ``--fix`` never changes a line
whose typed value equals what the legal record implies, and it puts the slip right."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from belote_notation.notation.write.writer import write_game
from belote_notation.pipeline.api import validate
from belote_notation.pipeline.fix import fix_text

_PLAY = re.compile(r"\b([NESW]):(\S+)")


def _legal(rules: str, seed: int) -> list[str]:
    game = next(generate_games(Ruleset.preset(rules), matches=None, deals=4, seed=seed))
    return write_game(game).splitlines(keepends=True)


def _swap(lines: list[str], deal: int, pick: int) -> list[str] | None:
    """The lines with one seat's cards of two tricks of deal ``deal`` swapped (cards of two
    suits): an illegal act the real game did not have. ``None`` when the deal has no such pair."""
    starts = [i for i, line in enumerate(lines) if line.startswith("deal ")]
    if deal >= len(starts):
        return None
    end = starts[deal + 1] if deal + 1 < len(starts) else len(lines)
    tricks = [i for i in range(starts[deal], end) if lines[i].startswith("trick ")]
    pairs = []
    for a in tricks:
        for b in tricks:
            if a < b:
                cards_a, cards_b = dict(_PLAY.findall(lines[a])), dict(_PLAY.findall(lines[b]))
                pairs += [(a, b, s) for s in cards_a if s in cards_b and cards_a[s][-1] != cards_b[s][-1]]
    if not pairs:
        return None
    a, b, seat = pairs[pick % len(pairs)]
    out = list(lines)
    ca, cb = dict(_PLAY.findall(lines[a]))[seat], dict(_PLAY.findall(lines[b]))[seat]
    out[a] = lines[a].replace(f"{seat}:{ca}", f"{seat}:{cb}")
    out[b] = lines[b].replace(f"{seat}:{cb}", f"{seat}:{ca}")
    return out


@settings(max_examples=20, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.sampled_from(["moroccan", "classic"]), st.integers(0, 10_000), st.integers(0, 3),
       st.integers(0, 50), st.integers(0, 3), st.integers(1, 30))
def test_fix_never_touches_a_right_line(rules: str, seed: int, deal: int, pick: int, slipped: int,
                                        delta: int) -> None:
    legal = _legal(rules, seed)
    broken = _swap(legal, deal, pick)
    assume(broken is not None)
    assert broken is not None
    totals = [i for i, line in enumerate(broken) if line.startswith("match ")]
    assume(slipped < len(totals))
    at = totals[slipped]
    ns, ew = map(int, broken[at].split()[1:3])
    broken[at] = f"match {ns + delta} {ew}\n"
    text = "".join(broken)
    codes = {f.code for r in validate(text.encode("utf-8"), "p.bel") for f in r.findings}
    assume(codes & {"BEL301", "BEL302", "BEL303", "BEL304", "BEL305", "BEL306"})
    fixed = fix_text(text, "p.bel").text.splitlines(keepends=True)
    for i, (before, after) in enumerate(zip(broken, fixed, strict=True)):
        if before != after:
            assert before != legal[i], f"line {i + 1} was right and became {after!r}"
    assert fixed[at] == legal[at], "the slip of addition was not put right"
