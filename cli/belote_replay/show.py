"""``belote-replay show FILE [--game N] [--deal N] [--ascii] [--format json]``: a readable replay.

The wiring only: a game of FILE picked, replayed by the checks
(:func:`~belote_notation.check.replay.replay_game`) and written by the library's text replay
(:mod:`belote_notation.render.text`: the hands as a table diagram, the bidding, the tricks, the
review notes, the scores, the match table), plain and stable, so it reads the same in a
terminal, a pipe or a test. ``--format json`` gives the records, the replay and the report
for programs. FILE may be any input the pipeline reads (``belote-replay formats``: ``.bel``, its
JSON twin, an event log, a server's log, colver's deals; by extension, then content), or ``-``.
Exit codes: 0 shown, 1 shown with errors among its findings, 2 nothing to show.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from belote_notation.check.findings import Finding
from belote_notation.check.replay import replay_game
from belote_notation.game.lang import msg
from belote_notation.game.lang.render import said, say
from belote_notation.pipeline.inputs import InputProblem
from belote_notation.pipeline.records import pick_game
from belote_notation.render.text import game_document, render_game, shown_findings
from belote_replay.click_words import Choice
from belote_replay.lang import lang_option

__all__ = ["command"]


@click.command("show")
@click.argument("file", metavar="FILE")
@lang_option
@click.option("--game", "game_number", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which game (match) of the file, counting from 1.")
@click.option("--deal", "deal_number", type=int, default=None,
              help="Only this deal (its number); default: every deal of the game.")
@click.option("--ascii", "ascii_only", is_flag=True,
              help="Card names as written in the notation and suits in words, no symbols.")
@click.option("--rules", "rules", metavar="NAME", default=None,
              help="Rule system overriding the file's Rules header.")
@click.option("--option", "options", metavar="KEY=VALUE", multiple=True,
              help="Override one rule option (repeatable), as validate does.")
@click.option("--format", "output_format", type=Choice(["text", "json"]), default="text",
              show_default=True, help="text for people, json for programs.")
def command(file: str, game_number: int, deal_number: int | None, ascii_only: bool,
            rules: str | None, options: tuple[str, ...], output_format: str) -> None:
    """Replay FILE (any readable format): hands, bidding, tricks, review notes, scores, match.

    Exits 1 when what is shown holds errors (syntax or rules), 2 when there is nothing to show.
    """
    from belote_replay.suggest import check_rules

    _, config = check_rules(rules, options)
    held: list[Finding] = []  # what an input without a game holds (malformed JSON...)
    picked = pick_game(file, game_number, held, replay=config)  # a .bel game: read once, replayed as read
    for finding in held:
        click.echo(str(finding), err=True)
    if picked is None or isinstance(picked, InputProblem):
        why = said(picked.msg, picked.message) if picked is not None else say(
            msg("there is no game %(game)s", game=game_number))
        click.echo(f"belote-replay: {file}: {why}", err=True)
        sys.exit(2)
    replay = picked.replay or replay_game(picked.game, file, game_number, config, picked.syntax)
    if deal_number is not None and all(d.deal.number != deal_number for d in replay.deals):
        missing = msg("game %(game)s has no deal %(deal)s", game=game_number, deal=deal_number)
        click.echo(f"belote-replay: {file}: {say(missing)}", err=True)
        sys.exit(2)
    if output_format == "json":
        stream = sys.stdout  # written in pieces: no whole-document copy in memory
        pieces: list[str] = []
        encoder = json.JSONEncoder(ensure_ascii=False, indent=1)
        for piece in encoder.iterencode(game_document(replay, deal_number)):
            pieces.append(piece)
            if len(pieces) == 8192:
                stream.write("".join(pieces))
                pieces.clear()
        stream.write("".join(pieces) + "\n")
    else:
        click.echo(render_game(replay, deal_number, ascii_only or not _can_encode(sys.stdout)), nl=False)
    if any(f.severity == "error" for f in shown_findings(replay, deal_number)):
        sys.exit(1)


def _can_encode(stream: Any) -> bool:
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "♠♥♦♣".encode(encoding)
        return True
    except (UnicodeEncodeError, LookupError):
        return False
