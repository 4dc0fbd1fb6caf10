"""``belote-replay generate``: write seeded random, fully legal matches in the notation.

Every bid, announcement and card is drawn from what the rules engine says is legal, so the
output validates clean under its rules. Games are written one by one as they are produced
(flat memory, whatever ``--deals``).
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

import click

from belote_notation.game.lang import Number, msg, msg_n
from belote_notation.game.lang.render import say
from belote_notation.pipeline.files import replacing
from belote_replay.lang import lang_option
from belote_replay.progress import ProgressDisplay
from belote_replay.suggest import Refused, check_rules

if TYPE_CHECKING:
    from belote_notation.notation.records import Game

__all__ = ["command"]


def _counted(games: Iterable[Game], display: ProgressDisplay) -> Iterator[Game]:
    done = count = 0
    for game in games:
        count += 1
        done += len(game.deals)
        display.update(done, say(msg_n("%(n)s game", "%(n)s games", "n", n=count)))
        yield game


@click.command(name="generate")
@click.option("--rules", "rules_name", default="classic", show_default=True, metavar="NAME",
              help="Rule system: moroccan, classic, gameduell, traditional, contree or coinche.")
@click.option("--matches", type=click.IntRange(min=1), default=None,
              help="Number of complete matches (default 1 unless --deals is given).")
@click.option("--deals", type=click.IntRange(min=1), default=None,
              help="Stop after this many deals in all (the last match may be cut short: result *).")
@click.option("--seed", type=int, default=0, show_default=True, help="Random seed (same seed, same file).")
@click.option("--option", "options", multiple=True, metavar="NAME=VALUE",
              help="Override one rule option (repeatable), e.g. --option target=500.")
@click.option("-o", "--output", default="-", show_default=True, metavar="FILE",
              help="Where to write; '-' for standard output.")
@click.option("--progress/--no-progress", default=None,
              help="Progress display on stderr (default: when stderr is a terminal).")
@lang_option
def command(rules_name: str, matches: int | None, deals: int | None, seed: int,
            options: tuple[str, ...], output: str, progress: bool | None) -> None:
    """Write seeded random but fully legal matches (.bel) for testing importers and tools."""
    rules, _ = check_rules(rules_name, options)
    from belote_notation.generator import MAX_TARGET, generate_games

    if rules.target > MAX_TARGET:  # the match would outgrow what the reader reads back
        out_of_range = msg("target=%(target)s is out of range: generate writes matches to at most "
                           "%(most)s points (longer ones would not read back)",
                           target=Number(rules.target), most=Number(MAX_TARGET))
        raise Refused(say(out_of_range), param_hint="--option")
    from belote_notation.notation.write.writer import write_games

    display = ProgressDisplay(say(msg("generating")), deals or 0, say(msg("deals")), progress)
    games = _counted(generate_games(rules, matches=matches, deals=deals, seed=seed), display)
    if output == "-":
        # .bel is UTF-8 whatever the locale: the bytes go to stdout's buffer
        stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", newline="\n",
                                  line_buffering=False, write_through=False)
        try:
            with display:
                write_games(games, stdout)
                stdout.flush()
        except BrokenPipeError:  # e.g. piped into `head`: stop quietly
            _silence_stdout()
        finally:
            stdout.detach()
        return
    try:  # a temporary renamed: OUT appears whole, or stays as it was (issue 38)
        with replacing(output) as handle, display:
            count = write_games(games, handle)
    except OSError as exc:
        refused = msg("Error: cannot write %(file)s: %(error)s", file=output, error=str(exc.strerror or exc))
        click.echo(say(refused), err=True)
        sys.exit(2)
    # English keeps its one form, "game(s)"; a catalogue counts by its rule
    wrote = msg_n("wrote %(n)s game(s) to %(file)s", "wrote %(n)s game(s) to %(file)s", "n",
                  n=count, file=output)
    click.echo(say(wrote), err=True)


def _silence_stdout() -> None:
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except OSError:
        pass
