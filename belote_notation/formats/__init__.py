"""Formats in and out: every format the converter knows, built-in or from a plugin.

A format reads a byte stream into records (and the findings of what it could not read) and
writes records to a text stream. The built-in ones (``bel``, ``json``, ``jsonl``, ``events``,
``csv``, ``cfn``, ``coinched``, ``coinche-ws``) use the same interface as a plugin's:
:class:`~belote_notation.formats.base.Format`, found by name through
:func:`~belote_notation.formats.registry.get_format` (entry-point group
``belote_notation.formats``).

The layer: formats sit beside ``check`` above ``notation``; they may use ``notation`` and
``game.cards`` only (no legality: what a record claims is for the checks to judge).
"""

from __future__ import annotations

from belote_notation.formats.base import Format, FormatIssue, ReadItem
from belote_notation.formats.registry import all_formats, get_format, guess_format

__all__ = ["Format", "FormatIssue", "ReadItem", "all_formats", "get_format", "guess_format"]
