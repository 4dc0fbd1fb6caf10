"""A generated collection for the collection commands' tests: three rule systems, tags that
vary (dates, events, teams), review material, and a few findings planted (a wrong claimed
score, a belote on a card that is none), each game tagged with its own ``Round`` so that an output
can be traced back."""

from __future__ import annotations

import io
import random

from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from belote_notation.notation.records import Game, Header, Score
from belote_notation.notation.write.writer import write_games

RULES = (("classic", 60, 1), ("moroccan", 45, 2), ("contree", 45, 3))
EVENTS = ("Club Atlas", "Club Rif", "Open Agadir")
TEAMS = ("Les As - Les Rois", "Fra9i A - Fra9i B")
GLYPHS = ("!", "?", "!!", "??", "!?", "?!")


def _vary(game: Game, index: int, rng: random.Random) -> Game:
    headers = [h for h in game.headers if h.name not in ("Event", "Date")]
    headers += [Header(name="Event", value=EVENTS[index % 3]), Header(name="Round", value=str(index + 1)),
                Header(name="Date", value=f"2025.{1 + index % 12:02d}.{1 + index % 28:02d}")]
    if index % 2 == 0:
        headers.append(Header(name="Teams", value=TEAMS[index % 4 // 2]))
    game = game.model_copy(update={"headers": headers})
    for deal in game.deals:
        if deal.tricks and rng.random() < 0.25:
            play = rng.choice(rng.choice(deal.tricks).plays)
            play.glyph = rng.choice(GLYPHS)
        if deal.tricks and rng.random() < 0.1:  # a belote said on a card that is none: BEL407, on a seat
            play = rng.choice(rng.choice(deal.tricks).plays)
            if play.mark is None and play.card & 7 not in (5, 6):
                play.mark = "belote"
        if deal.score is not None and rng.random() < 0.08:
            deal.score = Score(ns=deal.score.ns + 10, ew=deal.score.ew)
    if index % 5 == 0:
        game.comments.append("typed from the score sheet")
    return game


def collection_games(scale: int = 1) -> list[Game]:
    """The games of the collection (``scale`` times the deals of each rule system)."""
    rng = random.Random(19)
    games: list[Game] = []
    for rules, deals, seed in RULES:
        games += generate_games(Ruleset.preset(rules), None, deals=deals * scale, seed=seed)
    return [_vary(g, i, rng) for i, g in enumerate(games)]


def as_text(games: list[Game]) -> str:
    out = io.StringIO()
    write_games(games, out)
    return out.getvalue()


def cut_game(game: Game, deals: int, tricks: int | None = None) -> Game:
    """The first ``deals`` deals of ``game``; with ``tricks``, one more deal cut after them."""
    kept = [d.model_copy(deep=True) for d in game.deals[:deals]]
    if tricks is not None:
        partial = game.deals[deals].model_copy(deep=True)
        partial.tricks, partial.score, partial.match_score = partial.tricks[:tricks], None, None
        kept.append(partial)
    return game.model_copy(update={"deals": kept, "result": None})
