"""``belote-replay schema``: print the JSON Schema of the JSON twin."""

from __future__ import annotations

import json

import click

from belote_notation.notation.write.jsonio import json_schema

__all__ = ["command"]


@click.command("schema")
def command() -> None:
    """Print the JSON Schema of the JSON twin of a .bel file (generated from the records)."""
    click.echo(json.dumps(json_schema(), indent=2, ensure_ascii=False))
