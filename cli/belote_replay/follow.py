"""``belote-replay follow URL``: a live game printed as it is played (docs/live.md). The work is
in :mod:`belote_notation.service.live_client`; this module only wires the options."""

from __future__ import annotations

import click

from belote_notation.game.lang.render import say
from belote_replay.lang import lang_option

__all__ = ["command"]


@click.command("follow")
@click.argument("url")
@click.option("--token", envvar="BELOTE_TOKEN", default=None,
              help="A token of the game's owner (a private game; the hands while it is played).")
@click.option("--json", "as_json", is_flag=True, help="Print each event as a JSON line.")
@lang_option
def command(url, token, as_json):
    """Print the live game at URL (https://HOST/v1/live/ID) as it goes, until it ends."""
    import json

    from belote_notation.service.live_client import LiveError, describe, follow

    try:
        for event in follow(url, token, timeout=120.0):
            click.echo(json.dumps(event) if as_json else describe(event))
    except LiveError as exc:
        click.echo(f"belote-replay follow: {say(exc.reason)}", err=True)
        raise SystemExit(2) from None
