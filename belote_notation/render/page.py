"""The self-contained HTML replay: one file, inline style and script, no network.

The page is written as the games are read (:func:`write_page` takes an iterable of replays
and writes each game's data as soon as it is replayed), so a large file costs the memory of
one game. Its shape::

    <head> inline CSS, a Content-Security-Policy allowing nothing from outside, and no script
           but the viewer's own (by its SHA-256 hash) </head>
    <body> the empty frame of the viewer
           <script type="application/json" id="belote-labels"> words and card faces </script>
           <script type="application/json" class="belote-game"> one per game </script> ...
           <script> the viewer (viewer.js) </script>

>>> import io
>>> from belote_notation.check.replay import replay_game
>>> from belote_notation.notation.read.reader import parse_text
>>> out = io.StringIO()
>>> write_page(out, [replay_game(parse_text("deal 1 dealer N\\nend\\n")[0].game)], title="t")
1
>>> html = out.getvalue()
>>> html.startswith("<!doctype html>"), html.count('class="belote-game"'), "://" in html.replace(SVG_NS, "")
(True, 1, False)
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Iterable
from functools import cache
from html import escape
from importlib.resources import files
from typing import Any, TextIO

from belote_notation.check.replay import GameReplay
from belote_notation.game.lang.render import using_lang
from belote_notation.render.labels import Lang, deck_faces, texts
from belote_notation.render.view_json import game_json

__all__ = ["SVG_NS", "content_policy", "page_data", "viewer_script", "write_page"]

SVG_NS = "http://www.w3.org/2000/svg"
"""The one URL the page holds: the SVG namespace (a name, never fetched)."""
RIGHT_TO_LEFT = frozenset({"ar"})
"""The languages written from the right: their page is ``dir="rtl"``, with viewer-rtl.css (the
table and the cards still drawn as the players see them)."""

def content_policy(script: str) -> str:
    """The page's Content-Security-Policy: nothing may be loaded from anywhere (the page is its
    own world), and the only script that may run is ``script``, named by its SHA-256 hash (the
    text between ``<script>`` and ``</script>``, hashed when the page is written, so an edit of
    viewer.js keeps working). An inline script slipped in through a player's name or a comment
    would not run even if an escaping mistake let it into the page (issue 22).

    >>> policy = content_policy("alert(1)")
    >>> [part for part in policy.split("; ") if part.startswith("script-src")]
    ["script-src 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"]
    >>> policy.startswith("default-src 'none';")
    True
    """
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    return (f"default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-{digest}'; img-src data:; "
            "base-uri 'none'; form-action 'none'")


def viewer_script() -> str:
    """The text of the page's one script element (the viewer, between its tags)."""
    return f"\n{_asset('viewer.js')}"


@cache
def _asset(name: str) -> str:
    return files("belote_notation.render").joinpath(name).read_text(encoding="utf-8")


def _script_json(data: Any) -> str:
    """JSON safe inside ``<script>``: every ``<`` written ``\\u003c``, so no ``</script>`` or
    ``<!--`` in a player's name or a comment can end or confuse the block."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def page_data(lang: Lang) -> dict[str, Any]:
    """The words of the viewer and the faces of both decks, in ``lang``."""
    return {"texts": texts(lang), "decks": {deck: deck_faces(deck, lang) for deck in ("french", "spanish")}}


def write_page(out: TextIO, replays: Iterable[GameReplay], title: str = "Belote replay",
               lang: Lang = "en") -> int:
    """Write the page of ``replays`` to ``out``, game by game; returns how many games."""
    words = texts(lang)
    script = viewer_script()
    rtl = lang in RIGHT_TO_LEFT
    direction = ' dir="rtl"' if rtl else ""
    out.write(
        f'<!doctype html>\n<html lang="{lang}"{direction}>\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{content_policy(script)}">\n'
        f"<title>{escape(title)}</title>\n<style>\n{_asset('viewer.css')}"
        f"{_asset('viewer-rtl.css') if rtl else ''}</style>\n</head>\n<body>\n"
        f'<header><h1 id="title">{escape(title)}</h1><p class="meta" id="meta"></p></header>\n'
        f'<nav id="games" aria-label="{escape(words["games"])}"></nav>\n'
        f'<main>\n<section id="table" aria-label="{escape(words["table"])}"></section>\n'
        f'<section id="controls" aria-label="{escape(words["step"])}"></section>\n'
        f'<section id="info"></section>\n'
        f'<section id="sheet" class="panel" aria-label="{escape(words["match"])}"></section>\n'
        f'<nav id="deal-list" class="panel" aria-label="{escape(words["deals"])}"></nav>\n</main>\n'
        f'<script type="application/json" id="belote-labels">{_script_json(page_data(lang))}</script>\n')
    count = 0
    for replay in replays:
        count += 1
        with using_lang(lang):  # the findings in the page's language, whoever calls
            data = game_json(replay)  # the page's data of the game, its plain deals written straight
        out.write(f'<script type="application/json" class="belote-game">{data}</script>\n')
    out.write(f"<script>{script}</script>\n</body>\n</html>\n")
    return count
