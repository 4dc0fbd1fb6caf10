"""``belote-replay show FILE [--game N] [--deal N] [--ascii] [--format json]``: a readable replay.

The wiring only: a game of FILE picked, replayed by the checks
(:func:`~belote_notation.check.replay.replay_game`) and written by the library's text replay
(:mod:`belote_notation.render.text`: the hands as a table diagram, the bidding, the tricks, the
review notes, the scores, the match table), plain and stable, so it reads the same in a
terminal, a pipe or a test. ``--format json`` gives the records, the replay and the report
for programs. FILE may be a ``.bel`` file or its JSON twin (by extension or content), or ``-``.
Exit codes: 0 shown, 1 shown with errors among its findings, 2 nothing to show.
"""

from __future__ import annotations

import io
import json
import re
import sys
from typing import Any, NamedTuple

import click

from belote_notation.check.findings import Finding
from belote_notation.check.replay import replay_game
from belote_notation.notation.records import Game
from belote_notation.render.text import game_document, render_game, shown_findings

__all__ = ["PickedGame", "command", "pick_game"]

# ----------------------------------------------------------------------------- the command
def _read_bytes(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as handle:
        return handle.read()


_JSON_START = re.compile(r'\s*(\{\s*"|\[\s*[{\]])')
"""JSON text starts with an object key or a list of objects; a ``.bel`` file with a tag pair
``[Event "``, a comment ``{...}`` or a keyword."""


def _is_json(path: str, text: str) -> bool:
    return path.lower().endswith((".json", ".jsonl")) or _JSON_START.match(text) is not None


class PickedGame(NamedTuple):
    """A game of a file and its syntax findings (none for the JSON twin)."""

    game: Game
    syntax: list[Finding]


def pick_game(path: str, number: int) -> PickedGame | None:
    """Game ``number`` of the file (a .bel file or its JSON twin) and its syntax findings."""
    from belote_notation.notation.jsonio import read_json_games
    from belote_notation.notation.reader import iter_games

    data = _read_bytes(path)
    if _is_json(path, data[:64].decode("utf-8-sig", errors="replace")):
        for index, game in enumerate(read_json_games(data.decode("utf-8-sig", errors="replace"))):
            if index + 1 == number:
                return PickedGame(game, [])
        return None
    for index, parsed in enumerate(iter_games(io.BytesIO(data), name="<stdin>" if path == "-" else path)):
        if index + 1 == number:
            return PickedGame(parsed.game, [Finding.from_issue(i, path, number) for i in parsed.errors])
    return None


@click.command("show")
@click.argument("file", metavar="FILE")
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
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="text for people, json for programs.")
def command(file: str, game_number: int, deal_number: int | None, ascii_only: bool,
            rules: str | None, options: tuple[str, ...], output_format: str) -> None:
    """Replay FILE (.bel or its JSON twin): hands, bidding, tricks, review notes, scores, match.

    Exits 1 when what is shown holds errors (syntax or rules), 2 when there is nothing to show.
    """
    from belote_notation.notation.jsonio import JsonReadError
    from belote_replay.suggest import check_rules

    _, config = check_rules(rules, options)
    try:
        picked = pick_game(file, game_number)
    except OSError as exc:
        click.echo(f"belote-replay: {file}: {exc.strerror or exc}", err=True)
        sys.exit(2)
    except JsonReadError as exc:
        click.echo(f"belote-replay: {file}: {exc}", err=True)
        sys.exit(2)
    if picked is None:
        click.echo(f"belote-replay: {file}: there is no game {game_number}", err=True)
        sys.exit(2)
    game, syntax = picked
    replay = replay_game(game, file, game_number, config, syntax)
    if deal_number is not None and all(d.deal.number != deal_number for d in replay.deals):
        click.echo(f"belote-replay: {file}: game {game_number} has no deal {deal_number}", err=True)
        sys.exit(2)
    if output_format == "json":
        click.echo(json.dumps(game_document(replay, deal_number), ensure_ascii=False, indent=1))
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
