"""``stats``: figures per player, per team, per rule system, contract and trump.

Every figure comes from the checks' replay of each game (:mod:`.facts`) and, for reviewed
games, from the review written into the record (:mod:`.review_figures`). A player is named by
the seat tags (``North``...), an unnamed seat is left out; a team by the ``Teams`` tag, else
by its two players (``Ana & Bob``). Figures of a player:

* ``deals``: deals played (dead deals included); ``takes``, ``made``, ``failed`` (a capot
  counts for the side that made it), ``capots`` (capots their side made), ``dead``;
* ``belotes`` and ``announcements``: deals where their side scored a belote, announcements;
* ``points_as_taker`` / ``points_as_defender``: points credited to their side, per deal
  they (their side, for a team) took / defended;
* ``findings_per_100``: findings placed on their seat per 100 deals;
* for a rule system, contract or trump the same figures seen from the takers (``capots``: any
  capot; ``belotes``, ``announcements``: deals where either side scored one; the findings of
  every seat);
* where reviewed: ``review_cards``, ``points_lost`` (and per reviewed deal), ``inaccuracies``,
  ``mistakes``, ``blunders``, ``accuracy``.

A part is a :class:`Stats` (sums), merged by adding; figures are worked out at the end.

>>> from belote_notation.pipeline.inputs import Source
>>> from belote_notation.collections.work import run_serial
>>> from belote_notation.generator import generate_games
>>> from belote_notation.notation.write.writer import write_games
>>> from belote_notation.game.rules import Ruleset
>>> import io
>>> text = io.StringIO()
>>> _ = write_games(generate_games(Ruleset.preset("classic"), None, deals=30, seed=4), text)
>>> stats = run_serial(StatsWork(), [Source("club.bel", data=text.getvalue().encode())])
>>> sum(row["takes"] for row in stats.table("player")) == 30 - stats.rows["rules"]["classic"].dead
True
>>> stats.games, stats.deal_count
(4, 30)
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from belote_notation.check.checker import DEFAULT_CONFIG
from belote_notation.check.setup import ValidationConfig
from belote_notation.collections.facts import DealFacts, GameFacts, game_facts
from belote_notation.collections.reading import InputGame
from belote_notation.collections.review_figures import CardFigures, is_reviewed, review_figures
from belote_notation.collections.work import input_name
from belote_notation.formats.table import SafeCsvWriter
from belote_notation.game.lang import msg, msg_n
from belote_notation.game.lang.render import say

__all__ = ["GROUPS", "Stats", "StatsWork", "Tally", "counted"]

GROUPS = ("player", "team", "rules", "contract", "trump")
TRUMP_NAMES = ("♠", "♥", "♦", "♣", "SA", "TA")


@dataclass(slots=True)
class Tally:
    """Sums for one player, team, rule system, contract or trump."""

    deals: int = 0
    takes: int = 0
    made: int = 0
    failed: int = 0
    litige: int = 0
    capots: int = 0
    dead: int = 0
    belotes: int = 0
    announcements: int = 0
    taker_points: int = 0
    taker_deals: int = 0
    defender_points: int = 0
    defender_deals: int = 0
    findings: int = 0
    reviewed_deals: int = 0
    review: CardFigures = field(default_factory=CardFigures)

    def add(self, other: Tally) -> None:
        for name in _SUMMED:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.review.add(other.review)

    def figures(self) -> dict[str, Any]:
        """The figures of the module's text."""
        out: dict[str, Any] = {
            "deals": self.deals, "takes": self.takes, "made": self.made, "failed": self.failed,
            "litige": self.litige, "capots": self.capots, "dead": self.dead, "belotes": self.belotes,
            "announcements": self.announcements,
            "points_as_taker": _ratio(self.taker_points, self.taker_deals),
            "points_as_defender": _ratio(self.defender_points, self.defender_deals),
            "findings_per_100": _ratio(100 * self.findings, self.deals),
        }
        if self.review.cards:
            out.update({"review_cards": self.review.cards, "points_lost": self.review.points_lost,
                        "points_lost_per_deal": _ratio(self.review.points_lost, self.reviewed_deals),
                        "inaccuracies": self.review.inaccuracies, "mistakes": self.review.mistakes,
                        "blunders": self.review.blunders,
                        "accuracy": round(self.review.accuracy or 0.0, 1)})
        return out


_SUMMED = tuple(f.name for f in fields(Tally) if f.name != "review")
"""The fields of a :class:`Tally` that are sums."""


def _ratio(a: int, b: int) -> float | None:
    return round(a / b, 2) if b else None


@dataclass(slots=True)
class Stats:
    """The tallies of a collection by group (:data:`GROUPS`) and name; games and deals seen."""

    games: int = 0
    deal_count: int = 0
    rows: dict[str, dict[str, Tally]] = field(default_factory=lambda: {g: {} for g in GROUPS})

    def tally(self, group: str, name: str) -> Tally:
        found = self.rows[group].get(name)
        if found is None:
            found = self.rows[group][name] = Tally()
        return found

    def add(self, other: Stats) -> None:
        self.games += other.games
        self.deal_count += other.deal_count
        for group, named in other.rows.items():
            for name, tally in named.items():
                self.tally(group, name).add(tally)

    def table(self, group: str) -> list[dict[str, Any]]:
        """One row per name of ``group`` (sorted by deals, then name), its figures."""
        named = sorted(self.rows[group].items(), key=lambda item: (-item[1].deals, item[0]))
        return [{group: name, **tally.figures()} for name, tally in named]

    def to_dict(self) -> dict[str, Any]:
        return {"games": self.games, "deals": self.deal_count, **{g: self.table(g) for g in GROUPS}}

    def csv(self) -> str:
        """Every table in one CSV: ``group,name`` then the figures (empty when not given)."""
        columns: list[str] = []
        rows = [(g, row) for g in GROUPS for row in self.table(g)]
        for _, row in rows:
            columns += [k for k in row if k not in columns and k not in GROUPS]
        out = io.StringIO()
        writer = SafeCsvWriter(out)  # a player's name is never run as a formula
        writer.writerow(["group", "name", *columns])
        for group, row in rows:
            writer.writerow([group, row[group], *("" if row.get(c) is None else row[c] for c in columns)])
        return out.getvalue()

    def text(self) -> str:
        """Tables for people: one per group, the main figures, headed in the language asked
        (``--lang``; the names of players, teams, rule systems and contracts as written)."""
        lines = [counted(self)]
        for group in GROUPS:
            table = self.table(group)
            if not table:
                continue
            shown = [k for k in _TEXT_FIGURES if any(k in row for row in table)]
            heads = [say(_TEXT_FIGURES[k]) for k in shown]
            widths = [max(6, len(head)) for head in heads]
            title = say(_GROUP_WORDS[group])
            width = max(len(title), *(len(str(row[group])) for row in table))
            lines += ["", f"{title:<{width}}  " + "  ".join(
                f"{head:>{w}}" for head, w in zip(heads, widths, strict=True))]
            for row in table:
                cells = ["-" if row.get(k) is None else str(row[k]) for k in shown]
                lines.append(f"{str(row[group]):<{width}}  " + "  ".join(
                    f"{c:>{w}}" for c, w in zip(cells, widths, strict=True)))
        return "\n".join(lines) + "\n"


_GROUP_WORDS = {"player": msg("player"), "team": msg("team"), "rules": msg("rules"),
                "contract": msg("contract"), "trump": msg("trump")}
"""The heading of each group's table in :meth:`Stats.text` (the English word is the group's key)."""
_TEXT_FIGURES = {
    "deals": msg("deals"), "takes": msg("takes"), "made": msg("made"), "failed": msg("failed"),
    "capots": msg("capots"), "dead": msg("dead"), "points_as_taker": msg("points_as_taker"),
    "points_as_defender": msg("points_as_defender"), "findings_per_100": msg("findings_per_100"),
    "points_lost_per_deal": msg("points_lost_per_deal"), "mistakes": msg("mistakes"),
    "blunders": msg("blunders"), "accuracy": msg("accuracy"),
}
"""The figures :meth:`Stats.text` shows, in order, each with its heading (in English the key, as
the JSON and CSV name it)."""


def counted(stats: Stats) -> str:
    """``4 games, 24 deals`` in the language asked (the English words plural whatever the
    count, as the table and the page have always said them)."""
    games = msg_n("%(n)s games", "%(n)s games", "n", n=stats.games)
    deals = msg_n("%(n)s deals", "%(n)s deals", "n", n=stats.deal_count)
    return say(msg("%(games)s, %(deals)s", games=games, deals=deals))


def _team_names(facts: GameFacts) -> tuple[str | None, str | None]:
    names: list[str | None] = []
    for team in (0, 1):
        if facts.teams[team]:
            names.append(facts.teams[team])
            continue
        players = [facts.players[team], facts.players[team + 2]]
        names.append(" & ".join(p for p in players if p) or None)
    return names[0], names[1]


def _add_deal(out: Tally, deal: DealFacts, team: int, seats: Sequence[int]) -> None:
    """One deal seen from ``team``, added to ``out``: ``seats`` (a player's, or both of a
    team's) are whose takes and findings count; the points as defender are those of the deals
    the other side took. (Added field by field: this runs six times a deal.)"""
    outcome = deal.outcome
    out.deals += 1
    if outcome == "dead":
        out.dead += 1
    elif outcome == "litige":
        out.litige += 1
    taker = deal.taker
    took = taker in seats
    if took:
        out.takes += 1
        out.made += deal.made
        out.failed += deal.failed
    credited = deal.credited
    if outcome == "capot" and credited is not None and credited[team] > credited[1 - team]:
        out.capots += 1
    if deal.belote and deal.belote[team]:
        out.belotes += 1
    if deal.announcements and deal.announcements[team]:
        out.announcements += 1
    if credited is not None and taker is not None:
        if took:
            out.taker_points += credited[team]
            out.taker_deals += 1
        elif taker & 1 != team:
            out.defender_points += credited[team]
            out.defender_deals += 1
    if deal.findings:
        out.findings += sum(1 for f in deal.findings if f.seat in seats)


def _add_group(out: Tally, deal: DealFacts) -> None:
    """One deal added to a group of deals (rules, contract, trump): the takers' view."""
    outcome, taker, credited = deal.outcome, deal.taker, deal.credited
    out.deals += 1
    if outcome == "dead":
        out.dead += 1
    elif outcome == "litige":
        out.litige += 1
    elif outcome == "capot":
        out.capots += 1
    if taker is not None:
        out.takes += 1
    out.made += deal.made
    out.failed += deal.failed
    out.findings += len(deal.findings)
    if deal.belote and any(deal.belote):
        out.belotes += 1
    if deal.announcements and any(deal.announcements):
        out.announcements += 1
    if taker is not None and credited is not None:
        out.taker_points += credited[taker & 1]
        out.taker_deals += 1
        out.defender_points += credited[1 - (taker & 1)]
        out.defender_deals += 1


@dataclass(frozen=True, slots=True)
class StatsWork:
    """The :class:`Stats` of a collection."""

    config: ValidationConfig = DEFAULT_CONFIG

    def add_game(self, stats: Stats, facts: GameFacts) -> None:
        stats.games += 1
        stats.deal_count += len(facts.deals)
        teams = _team_names(facts)
        replay = facts.replay  # a reviewed game is read through its records (facts.py)
        figures = review_figures(replay) if replay is not None and is_reviewed(replay) else None
        players: list[tuple[Tally, int, tuple[int, ...]]] = []
        sides: list[tuple[Tally, int, tuple[int, ...]]] = []
        if facts.deals:  # no row for a game without deals (the review's below)
            players = [(stats.tally("player", p), s & 1, (s,)) for s, p in enumerate(facts.players) if p]
            sides = [(stats.tally("team", n), t, (t, t + 2)) for t, n in enumerate(teams) if n]
        for deal in facts.deals:
            for tally, team, seats in players:
                _add_deal(tally, deal, team, seats)
            for tally, team, seats in sides:
                _add_deal(tally, deal, team, seats)
            _add_group(stats.tally("rules", facts.rules or "?"), deal)
            _add_group(stats.tally("contract", deal.contract_kind or "none"), deal)
            trump = TRUMP_NAMES[deal.trump] if deal.trump is not None else "none"
            _add_group(stats.tally("trump", trump), deal)
        if figures is not None:
            judged = len(facts.deals)
            for seat, player in enumerate(facts.players):
                if player:
                    tally = stats.tally("player", player)
                    tally.review.add(figures[seat])
                    tally.reviewed_deals += judged
            for team, name in enumerate(teams):
                if name:
                    tally = stats.tally("team", name)
                    tally.review.add(figures[team])
                    tally.review.add(figures[team + 2])
                    tally.reviewed_deals += judged

    def map(self, games: Iterable[InputGame]) -> Stats:
        stats = Stats()
        file = input_name(games)
        for read in games:
            if read.has_game:
                self.add_game(stats, game_facts(read, file, self.config))
        return stats

    def merge(self, parts: Iterable[Stats]) -> Stats:
        total = Stats()
        for part in parts:
            total.add(part)
        return total
