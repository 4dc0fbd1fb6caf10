"""Write ``grammar/terminals.json``: the grammar's terminals as the installed Lark builds them.

Run from the repository root after changing ``grammar/belote.lark``:
``.venv/bin/python tools/make_terminals.py``. The readers of canonical text take the terminals'
patterns from this file (no Lark on their start), and a parser loaded from the per-user cache
is used only when its terminals are these (issue 38). Until it is written again, a changed
grammar is read through Lark at every start, and tests/notation/test_grammar_cache.py fails.
"""

from __future__ import annotations

import json
from pathlib import Path

from belote_notation.notation.vocabulary import built_terminals

TARGET = Path(__file__).resolve().parents[1] / "grammar" / "terminals.json"


def shipped_text() -> str:
    """The text of ``grammar/terminals.json`` for the installed grammar and Lark."""
    return json.dumps(built_terminals(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    TARGET.write_text(shipped_text(), encoding="utf-8")
    print(f"wrote {TARGET}")
