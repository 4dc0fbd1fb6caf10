"""``belote-replay render FILE``: a self-contained HTML replay, or an SVG diagram of a deal.

    belote-replay render match.bel -o match.html [--game N] [--lang en|fr]
    belote-replay render match.bel --svg --deal 3 [--trick 5] -o deal3.svg

FILE is in any readable format of ``belote-replay formats`` (``.bel``, the JSON twin, an events
log, CFN, a CSV score sheet, a server's log...), read through the pipeline's one detector; the
findings of its reading are shown at their place in FILE. The page holds every game of FILE (or
game N), each written as soon as it is replayed; it opens from disk with no network. Without
``-o`` the page or the SVG goes to stdout, else to a temporary file renamed over OUT once
the page is whole; OUT may not be FILE itself (the same file under any name). A game whose
alternative lines are nested more than 100 deep (the JSON twin's limit) is left out with a
located BEL810 finding. A game that could not be read whole is drawn as far as it was read,
its findings on the page and on stderr. Exit codes: 0 written, 1 written with games left out or
not read whole, 2 nothing written (FILE missing or unreadable, no such game or deal, OUT the
input or not writable).
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import chain
from typing import NoReturn, TextIO

import click

from belote_notation.check.replay import GameReplay
from belote_notation.check.setup import ValidationConfig
from belote_notation.game.lang import msg
from belote_notation.game.lang.render import chosen_lang, said, say
from belote_notation.pipeline.files import replacing, same_file
from belote_notation.pipeline.inputs import InputProblem, OpenInput, Source, open_input
from belote_notation.pipeline.records import records_of
from belote_notation.pipeline.unread import Unread
from belote_notation.render import DiagramError, Lang, deal_svg, write_page
from belote_replay.lang import lang_option
from belote_replay.suggest import Refused

__all__ = ["command"]


def _fail(message: str) -> NoReturn:
    click.echo(f"belote-replay: {message}", err=True)
    sys.exit(2)


@click.command("render")
@click.argument("file", metavar="FILE")
@click.option("-o", "--output", "output", metavar="OUT", default="-", show_default=True,
              help="Where to write the page (or the SVG); - is stdout.")
@click.option("--game", "game_number", type=click.IntRange(min=1), default=None,
              help="Only this game (match) of the file, counting from 1 (default: all; with --svg: 1).")
@lang_option
@click.option("--svg", "svg", is_flag=True, help="A static SVG diagram of one deal instead of the page.")
@click.option("--deal", "deal_number", type=int, default=None, help="With --svg: the deal (its number).")
@click.option("--trick", "trick", type=click.IntRange(min=1), default=None,
              help="With --svg: show this trick in the middle and the hands before it.")
@click.option("--rules", "rules", metavar="NAME", default=None,
              help="Rule system overriding the file's Rules header.")
def command(file: str, output: str, game_number: int | None, svg: bool, deal_number: int | None,
            trick: int | None, rules: str | None) -> None:
    """Render FILE as a self-contained HTML replay (or, with --svg, a diagram of one deal)."""
    from belote_notation.game.rules import RulesError, Ruleset

    lang: Lang = chosen_lang()  # --lang, else BELOTE_LANG, else the configuration's: the page's and findings'

    if rules:
        try:
            Ruleset.preset(rules)
        except RulesError as exc:
            raise Refused(said(exc.reason, str(exc)), param_hint="--rules") from None
    if not svg and (deal_number is not None or trick is not None):
        raise click.UsageError(say(msg("--deal and --trick go with --svg (the page holds every deal)")))
    if svg and deal_number is None:
        raise click.UsageError(say(msg("--svg needs --deal N")))
    # the page shows no fingerprint: none is made (the deal reports are, for the replay)
    config = ValidationConfig(rules=rules, keep_deals=False)
    if same_file(file, output):
        _fail(say(msg("%(out)s is FILE itself: not rendered (the page would replace the record it is read "
                      "from); write it to another file", out=output)))
    opened = open_input(Source(file))
    if isinstance(opened, InputProblem):
        _fail(f"{opened.path}: {said(opened.msg, opened.message)}")
    left = _Left()
    with opened:
        try:
            if svg:
                _write(output, _svg(opened, config, game_number or 1, deal_number or 0, trick, lang, left))
            else:
                _page(opened, config, game_number, output, lang, left)
        except (OSError, UnicodeError) as exc:
            where = getattr(exc, "filename", None) or opened.name
            _fail(f"{where}: {getattr(exc, 'strerror', None) or exc}")
    for line in left.unread.lines(msg("drawn as far as it was read")):
        click.echo(line, err=True)
    if left.count:
        sys.exit(1)


class _Left:
    """How many games were left out of the output (nested too deep to draw) or not read whole
    (drawn as far as they were read), in this run."""

    def __init__(self) -> None:
        self.count = 0
        self.unread = Unread()


def _replays(opened: OpenInput, config: ValidationConfig, game: int | None,
             left: _Left) -> Iterator[GameReplay]:
    """The games of FILE replayed, whatever its format; an input that holds findings but no game
    has them listed on stderr. A game whose alternative lines are nested deeper than the page
    holds (the JSON twin's limit) is left out, its located finding on stderr. A ``.bel`` game is
    read once into its records and its replay."""
    for read in records_of(opened, game, config):
        if not read.has_game:
            for finding in read.findings:
                click.echo(str(finding), err=True)
            continue
        if not left.unread.add(read):  # drawn as far as it was read: its errors on the page, and listed
            left.count += 1
        too_deep = read.too_deep(opened.name)
        if too_deep is not None:
            left_out = say(msg("left out"))
            click.echo(f"{too_deep} ({left_out})", err=True)
            left.count += 1
            continue
        yield read.replay(opened.name, config)


def _svg(opened: OpenInput, config: ValidationConfig, game: int, deal: int, trick: int | None,
         lang: Lang, left: _Left) -> str:
    name = opened.name
    replay = next(_replays(opened, config, game, left), None)
    if replay is None:
        _fail(f"{name}: " + say(msg("there is no game %(game)s", game=game)))
    positions = [i for i, d in enumerate(replay.deals) if d.deal.number == deal]
    if not positions:
        _fail(f"{name}: " + say(msg("game %(game)s has no deal %(deal)s", game=game, deal=deal)))
    try:
        return deal_svg(replay, positions[0], trick, lang)
    except DiagramError as exc:
        _fail(f"{name}: {say(exc.reason)}")


def _page(opened: OpenInput, config: ValidationConfig, game: int | None, output: str, lang: Lang,
          left: _Left) -> None:
    name = opened.name
    title = name if name == "<stdin>" else name.replace("\\", "/").rsplit("/", 1)[-1]
    replays = _replays(opened, config, game, left)
    first = next(replays, None)  # an unreadable FILE fails here, before OUT is created
    if first is None:
        none = msg("there is no game %(game)s", game=game) if game else msg("no game found")
        _fail(f"{name}: {say(none)}")
    with _opened(output) as out:
        write_page(out, chain([first], replays), title, lang)


def _write(output: str, text: str) -> None:
    with _opened(output) as out:
        out.write(text)


@contextmanager
def _opened(output: str) -> Iterator[TextIO]:
    """``output`` opened for UTF-8 text; ``-`` is stdout, in UTF-8 whatever its locale says
    (the page and the SVG declare UTF-8)."""
    if output != "-":
        with replacing(output) as out:  # OUT appears whole, or stays as it was
            yield out
        return
    stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", newline="\n")
    try:
        yield stdout
    finally:
        stdout.flush()
        stdout.detach()
