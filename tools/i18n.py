"""The message catalogues (docs/languages.md): Babel's extract, update and compile, in one command.

    python tools/i18n.py            # extract the msgids, update every .po, compile every .mo
    python tools/i18n.py --check    # fail when a .pot, .po or .mo is not what the code gives

The msgids are the English texts of ``msg(...)`` and ``msg_n(...)`` in the library
(the engine, the checks, the reader, the formats, the pipeline, the service, the page, the
collections and the review) and the command line's own words (``cli/belote_replay``), and
the web front's templates' ``{% trans %}`` and ``_(...)`` (``babel.cfg``: Jinja2's extractor);
the catalogues are ``belote_notation/game/lang/locale/<lang>/LC_MESSAGES/belote.po``, compiled next to them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "belote_notation" / "game" / "lang" / "locale"
POT = LOCALE / "belote.pot"
SOURCES = ["belote_notation/game", "belote_notation/check", "belote_notation/notation",
           "belote_notation/formats", "belote_notation/pipeline", "belote_notation/service",
           "belote_notation/render", "belote_notation/collections",
           "belote_notation/analysis", "cli/belote_replay"]


def _babel(*args: str) -> None:
    pybabel = Path(sys.executable).with_name("pybabel")
    subprocess.run([str(pybabel), "-q", *args], cwd=ROOT, check=True)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    before = {p: p.read_bytes() for p in LOCALE.rglob("*") if p.suffix in (".pot", ".po", ".mo")}
    _babel("extract", "--no-default-keywords", "-k", "msg", "-k", "msg_n:1,2", "-k", "msg_p:1c,2", "-k", "_",
           "-k", "gettext", "-k", "ngettext:1,2", "-k", "pgettext:1c,2", "-F", "babel.cfg", "--project",
           "belote-notation", "--version", "0.1.0", "--no-location", "--sort-output", "--width", "1000",
           "--omit-header", "-o", str(POT), *SOURCES)
    _babel("update", "-D", "belote", "-i", str(POT), "-d", str(LOCALE), "--no-fuzzy-matching",
           "--width", "1000", "--ignore-pot-creation-date")
    _babel("compile", "-D", "belote", "-d", str(LOCALE), "--statistics")
    if check:
        changed = [str(p.relative_to(ROOT)) for p, data in before.items() if p.read_bytes() != data]
        if changed:
            print("out of date (run python tools/i18n.py and commit):", *changed, sep="\n  ")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
