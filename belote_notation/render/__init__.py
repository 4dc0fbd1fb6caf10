"""Replays people look at: a self-contained HTML replay page and SVG deal diagrams.

A layer like ``check``, on top of it: it takes the validator's replay of a game
(:func:`~belote_notation.check.replay.replay_game`: the records, the engine's trick winners
and points, the checks' scores, match sheet and findings) and draws it. No rule of the game
is decided here or in the page's script.

- :func:`game_view`: a replayed game as JSON-ready data (every step of every deal);
- :func:`write_page`: the HTML page of any number of games, written game by game;
- :func:`deal_svg`: a static SVG of a deal's hands and one trick;
- :func:`render_game`, :func:`game_document`: a replayed game as plain text (``belote-replay
  show``) or as its JSON document.

It reads no input: the games of a file, in any format, are replayed by the pipeline
(:func:`belote_notation.pipeline.records.replays_of`).
"""

from belote_notation.render.labels import LANGS, Lang
from belote_notation.render.page import write_page
from belote_notation.render.svg import DiagramError, deal_svg
from belote_notation.render.text import game_document, render_game
from belote_notation.render.view import game_view

__all__ = ["LANGS", "DiagramError", "Lang", "deal_svg", "game_document", "game_view", "render_game",
           "write_page"]
