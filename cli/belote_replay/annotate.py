"""``belote-replay annotate FILE [-o OUT]``: a reviewed copy of a record, from the solver.

Every card that had a choice is valued double dummy; a card losing points against the best
card gets a glyph (``?!``, ``?``, ``??`` by ``--inaccuracy/--mistake/--blunder`` points), its
NAG, a comment and the best card as an alternative line; a take or pass the double-dummy table
shows to lose gets a note; each game gets a line with every player's points lost, mistakes,
blunders and accuracy. Everything already in the record stays; running it on its own output
adds nothing. ``--samples N`` also judges each card over N deals consistent with what the
player knew (seeded) and gives the glyph on that expected loss. ``--jobs N`` spreads deals
over processes (the pipeline's :func:`~belote_notation.pipeline.review.judge_games`).

FILE is in any readable format (``belote-replay formats``), opened through the pipeline's one
detector; the reviewed copy is written as ``.bel``. A FILE that could not be read whole (syntax
errors, format issues of severity error) is refused: its findings on stderr at their place in
FILE, exit 1, nothing written.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import click

from belote_notation.analysis.review import DealJudgement, Thresholds, apply_review, skipped_notes
from belote_notation.analysis.solver import SolverUnavailable
from belote_notation.check.replay import GameReplay, replay_game
from belote_notation.game.cards import SEAT_NAMES, card_name
from belote_notation.notation.records import Game
from belote_notation.notation.writer import write_game
from belote_notation.pipeline.files import replacing
from belote_notation.pipeline.inputs import InputProblem, Source, open_input
from belote_notation.pipeline.records import records_of
from belote_notation.pipeline.review import ReviewSettings, judge_games
from belote_replay.cluster import checked_cluster, cluster_option

__all__ = ["command"]

_DEFAULT = Thresholds()


def _games(path: str) -> list[Game]:
    """The games of FILE, in any readable format (the pipeline's one detector); a FILE that could
    not be read whole (syntax errors, format issues of severity error) is refused: its findings
    on stderr, at their place in FILE, and exit 1 before anything is written."""
    opened = open_input(Source(path))
    if isinstance(opened, InputProblem):
        raise click.ClickException(f"cannot read {opened.path}: {opened.message}")
    with opened:
        try:
            read = list(records_of(opened))
        except UnicodeError as exc:
            raise click.ClickException(f"cannot read {opened.name}: {exc}") from None
    unread = [game for game in read if not game.readable]
    if unread:
        errors = [f for game in unread for f in game.findings if f.severity == "error" or game.game is None]
        for finding in errors:
            click.echo(str(finding), err=True)
        click.echo(f"belote-replay: {opened.name}: not annotated: it could not be read whole (the errors "
                   "above; `belote-replay validate` tells more); nothing was written", err=True)
        raise SystemExit(1)
    return [game.game for game in read if game.game is not None]


class _Progress:
    """A progress bar on a terminal (stderr), nothing elsewhere. It starts with the first deal
    judged: its thread must not run yet when the worker processes are forked."""

    def __init__(self, total: int) -> None:
        self.bar: Any = None
        self.total, self.shown = total, sys.stderr.isatty()

    def advance(self) -> None:
        if self.shown and self.bar is None:
            from rich.progress import Progress

            self.bar = Progress(transient=True)
            self.bar.start()
            self.task = self.bar.add_task("annotating deals", total=self.total)
        if self.bar is not None:
            self.bar.advance(self.task)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def _judge_all(games: list[Game], thresholds: Thresholds, samples: int, seed: int, jobs: int,
               file: str, cluster: str | None = None) -> tuple[list[GameReplay], list[list[DealJudgement]]]:
    """Every deal of every game judged (over ``jobs`` processes, by the pipeline, or on the
    cluster at ``cluster``), with a progress bar on a terminal."""
    replays = [replay_game(game, file, index + 1) for index, game in enumerate(games)]
    progress = _Progress(sum(len(r.deals) for r in replays))
    results: list[list[DealJudgement]] = [[] for _ in games]
    settings = ReviewSettings(thresholds, samples, seed)
    if cluster is not None:
        from belote_notation.cluster.annotate import judge_on_cluster

        judged = judge_on_cluster(Source(file), settings, cluster)
    else:
        judged = judge_games(games, file, settings, jobs)
    try:
        for index, judgement in judged:
            results[index].append(judgement)
            progress.advance()
    finally:
        progress.close()
    return replays, results


def _json(index: int, review, deck) -> dict:
    cards = []
    for dj in review.deals:
        deal = review.game.deals[dj.position]
        for j in dj.cards:
            if j.loss <= 0 and not j.expected_loss:
                continue
            item = {"deal": deal.number, "trick": j.trick, "index": j.index + 1, "seat": SEAT_NAMES[j.seat],
                    "card": card_name(j.card, deck), "best": card_name(j.best_card, deck),
                    "points": j.points, "best_points": j.best_points, "loss": j.loss, "glyph": j.glyph}
            if j.flipped:
                item["outcome"] = j.flipped
            if j.expected_loss is not None:
                item["expected_loss"] = round(j.expected_loss, 1)
            cards.append(item)
    return {"game": index + 1, "players": [p.to_dict() for p in review.players], "cards": cards,
            "skipped": [{"deal": review.game.deals[d.position].number, "why": d.skipped}
                        for d in review.deals if d.skipped]}


@click.command("annotate")
@click.argument("file", metavar="FILE")
@click.option("-o", "--output", "out", default=None, metavar="OUT",
              help="Write the reviewed record here (default: standard output; nothing with --format json).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="json: the per-player figures and every card that lost points, on standard output.")
@click.option("--samples", type=click.IntRange(min=0), default=0, show_default=True,
              help="Also judge each card over N deals consistent with what the player knew.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sampled deals.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes (deals are spread over them).")
@click.option("--inaccuracy", type=click.IntRange(min=1), default=_DEFAULT.inaccuracy, show_default=True,
              help="Points lost from which a card gets ?!")
@click.option("--mistake", type=click.IntRange(min=1), default=_DEFAULT.mistake, show_default=True,
              help="Points lost from which a card gets ?")
@click.option("--blunder", type=click.IntRange(min=1), default=_DEFAULT.blunder, show_default=True,
              help="Points lost from which a card gets ??")
@cluster_option("Judge the games on a Dask cluster, a game per task: local:N or tcp://HOST:PORT "
                "(docs/scale.md). Not with --jobs.")
def command(file: str, out: str | None, fmt: str, samples: int, seed: int, jobs: int, inaccuracy: int,
            mistake: int, blunder: int, cluster: str | None) -> None:
    """Write a reviewed copy of FILE: glyphs, NAGs, comments and the best cards from the solver."""
    cluster = checked_cluster(cluster)
    if not inaccuracy <= mistake <= blunder:
        raise click.BadParameter("the thresholds must grow: --inaccuracy <= --mistake <= --blunder")
    thresholds = Thresholds(inaccuracy, mistake, blunder)
    try:
        games = _games(file)
    except OSError as exc:
        raise click.ClickException(f"cannot read {file}: {exc.strerror or exc}") from None
    try:
        replays, results = _judge_all(games, thresholds, samples, seed, min(jobs, os.cpu_count() or 1), file,
                                      cluster)
    except OSError as exc:  # on a cluster: the scheduler not reached, the file not read by the workers
        click.echo(f"belote-replay: {exc}", err=True)
        raise SystemExit(2) from None
    except SolverUnavailable as exc:  # installed without a C compiler: one line, exit 2
        click.echo(f"belote-replay: {exc}", err=True)
        raise SystemExit(2) from None
    reviews = [apply_review(game.model_copy(deep=True), replays[g].deck, results[g])
               for g, game in enumerate(games)]
    for g, review in enumerate(reviews):  # which deals were left out, and why (also in the copy)
        for note in skipped_notes(review):
            click.echo(f"{file}: game {g + 1}, {note}", err=True)
    text = "\n".join(write_game(review.game) for review in reviews)
    if out is not None:
        try:
            with replacing(out) as handle:  # OUT appears whole, or stays as it was
                handle.write(text)
        except OSError as exc:
            raise click.ClickException(f"cannot write {out}: {exc.strerror or exc}") from None
    elif fmt == "text":
        click.echo(text, nl=False)
    if fmt == "json":
        payload = [_json(g, review, replays[g].deck) for g, review in enumerate(reviews)]
        click.echo(json.dumps(payload if len(payload) != 1 else payload[0], ensure_ascii=False, indent=2))
