"""Words that need a context, and counts with plural forms (issue 37): ``msg_p`` is gettext's
``pgettext`` (``show``'s column heading ``cards`` is *cartes*, not the *des cartes* read from a
file), and the live page's hidden hands are counted by each catalogue's plural rule."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote_notation.game.lang import Message, msg, msg_p, render
from belote_notation.game.lang.render import message_key, positional
from belote_replay.main import cli

ROOT = Path(__file__).resolve().parents[2]
MATCH = ROOT / "samples" / "moroccan" / "club-match-1.bel"


def test_a_word_with_a_context_has_its_own_translation() -> None:
    heading, read = msg_p("column", "cards"), msg("cards")
    assert [render(heading), render(read)] == ["cards", "cards"]  # English as the msgid
    assert [render(heading, "fr"), render(read, "fr")] == ["cartes", "des cartes"]
    assert render(heading, "ar") == "الأوراق"
    assert message_key(heading) != message_key(read) and positional(heading, "fr")[0] == "cartes"
    nested = msg("%(what)s", what=heading)
    back = Message.from_json(nested.id, nested.args_json())
    assert back == nested and render(back, "fr") == "cartes"


@pytest.mark.parametrize(("lang", "heading"), [("fr", "cartes"), ("ar", "الأوراق"), ("en", "cards")])
def test_shows_trick_table_heads_its_cards_column_with_the_context(lang: str, heading: str) -> None:
    out = CliRunner().invoke(cli, ["show", "--lang", lang, str(MATCH)]).output
    head = next(line for line in out.splitlines() if line.strip().startswith("#"))
    assert re.search(rf"(^|\s){heading}(\s|$)", head), head
    assert "des cartes" not in head


def test_the_live_pages_hand_counts_follow_each_catalogues_plural_rule() -> None:
    from fastapi.testclient import TestClient

    from belote_notation.service.app import create_app
    from belote_notation.service.settings import Settings

    app = create_app(Settings(database_url="sqlite://", access_log=False), migrate=True)
    labels = {}
    with TestClient(app) as client:
        for lang in ("fr", "ar", "en"):
            html = client.get(f"/web/live/nope?lang={lang}").text
            found = re.search(r'<script type="application/json" id="labels">(.*?)</script>', html)
            labels[lang] = json.loads(found.group(1))["%(count)s cards"] if found else None
    assert labels["en"] is None  # the script's own words in English, as before
    assert labels["fr"] == ["%(count)s carte"] * 2 + ["%(count)s cartes"] * 7
    assert labels["ar"] == ["%(count)s ورقة", "ورقة واحدة", "ورقتان"] + ["%(count)s أوراق"] * 6
