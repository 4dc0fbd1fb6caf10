"""``belote-replay live FILE --url URL``: a recorded game played into a live game act by act
(docs/live.md), each refusal printed as ``validate`` prints a finding; exit 1 if any. The work is
in :mod:`belote_notation.service.live_client`; this module only wires the options."""

from __future__ import annotations

import click

from belote_notation.game.lang import msg, msg_n
from belote_notation.game.lang.render import say
from belote_replay.lang import lang_option

__all__ = ["command"]


@click.command("live")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--url", required=True, help="The service (a new live game is opened there) or a live game "
              "(https://HOST/v1/live/ID, played with its table token).")
@click.option("--token", envvar="BELOTE_TOKEN", required=True,
              help="A write token of the service, or the live game's table token (default: $BELOTE_TOKEN).")
@click.option("--quiet", "-q", is_flag=True, help="Print the refusals only.")
@lang_option
def command(file, url, token, quiet):
    """Play FILE into a live game act by act; each refusal printed as validate prints a finding."""
    from belote_notation.service.live_client import LiveError, finding_lines, play_file

    try:
        with open(file, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise click.FileError(file, str(exc)) from None

    def opened(live_id, address):
        if not quiet:
            opening = msg("live game %(game)s: follow it with belote-replay follow %(address)s", game=live_id,
                          address=address)
            click.echo(say(opening), err=True)

    def answered(number, answer):
        for line in finding_lines(file, number, answer):
            click.echo(line)

    try:
        result = play_file(text, file, url, token, answered, opened)
    except LiveError as exc:
        click.echo(f"belote-replay live: {say(exc.reason)}", err=True)
        raise SystemExit(2) from None
    if not quiet:
        counts = {"n": result.acts, "refused": len(result.refused)}
        if result.game:
            played = msg_n("%(n)s acts played, %(refused)s refused; stored as %(game)s",
                           "%(n)s acts played, %(refused)s refused; stored as %(game)s", "n",
                           game=result.game, **counts)
        else:
            played = msg_n("%(n)s acts played, %(refused)s refused", "%(n)s acts played, %(refused)s refused",
                           "n", **counts)
        click.echo(say(played), err=True)
    raise SystemExit(1 if result.refused else 0)
