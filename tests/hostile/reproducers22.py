"""The hostile inputs of issue 22, generated at any size (nothing large is stored).

Each maker takes a size ``n`` (what is repeated) and returns the bytes of a file.
:data:`COMMAND_REPRODUCERS` names them with the suffix the file needs, a size for the
command-line test (tests/hostile/test_commands.py) and a small size for the fuzz seeds
(fuzz/corpus.py); :data:`IMPORTER_REPRODUCERS` are those of an importer (item 7), with the
format that reads them.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[2]
PARTIE = ROOT / "samples" / "classic" / "partie-1.bel"
CAPOT = ROOT / "samples" / "classic" / "capot-and-belote.bel"
BIG = "9" * 5000


def json_twin(n: int) -> bytes:
    """1: the JSON twin of samples/classic/partie-1.bel (annotate read it as .bel: 244 bytes left)."""
    from belote_notation.notation.read.reader import iter_games
    from belote_notation.notation.write.jsonio import write_json_games

    out = io.StringIO()
    write_json_games((parsed.game for parsed in iter_games(PARTIE)), out)
    return out.getvalue().encode()


def bel_bad_tail(n: int) -> bytes:
    """1: a clean match followed by a game with a syntax error (annotate dropped it silently)."""
    return PARTIE.read_bytes() + b"\ndeal 1\ntrick 1 N:ZZ\nend\n"


def many_games(n: int) -> bytes:
    """2: ``n`` generated matches (render big.bel -o big.bel wrote 11 games over 800)."""
    from belote_notation.game.rules import Ruleset
    from belote_notation.generator import generate_games
    from belote_notation.notation.write.writer import write_games

    out = io.StringIO()
    write_games(generate_games(Ruleset.preset("classic"), matches=n, seed=22), out)
    return out.getvalue().encode()


def rest_lines(n: int) -> bytes:
    """4: ``n`` identical ``rest`` lines (validate was quadratic, every finding on one line)."""
    text = CAPOT.read_text("utf-8")
    line = "rest N KS KD 10C\n"
    at = text.index(line)
    return (text[:at] + line * n + text[at:]).encode()


def short_deals(n: int) -> bytes:
    """4: one game of ``n`` two-card deals (show/render/annotate placed each finding by scanning
    every deal)."""
    return ("".join(f"deal {k + 1} dealer N\ntrick 1 N:AS E:AS\n" for k in range(n)) + "end\n").encode()


def formula_tags(n: int) -> bytes:
    """6: tag values a spreadsheet would run (convert --to csv wrote them raw)."""
    return ('[Rules "=HYPERLINK(\\"http://example.invalid\\")"]\n[Event "+1+1"]\n[Site "@SUM(A1)"]\n\n'
            "deal 1\nend\n").encode()


def json_malformed(n: int) -> bytes:
    """8, 12: malformed JSON (solve printed a JsonReadError traceback; validate exited 1)."""
    return b'{"games": [{"deals": [{"number": 1,,]}]}'


def cfn_long_number(n: int) -> bytes:
    """7: a CFN contract of ``n`` digits (a ValueError traceback)."""
    first = (ROOT / "samples" / "formats" / "colver-deals.cfn").read_text("utf-8").splitlines()[0]
    return (first.replace(" 130h", f" {'9' * n}h") + "\n").encode()


def coinche_ws_long_number(n: int) -> bytes:
    """7: a coinche-server bid of ``n`` digits."""
    log = (ROOT / "samples" / "formats" / "coinche-server.coinche-ws.jsonl").read_text("utf-8")
    return log.replace('"score": "80"', f'"score": "{"9" * n}"', 1).encode()


def csv_long_number(n: int) -> bytes:
    """7: a score-sheet cell of ``n`` digits."""
    return f"deal,dealer,taker,trump,score_ns,score_ew\n1,S,W,H,{'9' * n},141\n".encode()


def events_long_game(n: int) -> bytes:
    """7: an events log of one game of ``n`` deals (24.6 MB took 361 MB and made a game the
    reader refuses)."""
    from belote_notation.formats import get_format
    from belote_notation.notation.read.reader import iter_games

    fmt = get_format("events")
    assert fmt is not None
    out = io.StringIO()
    list(fmt.write([next(iter_games(CAPOT)).game], out))
    lines = out.getvalue().splitlines(keepends=True)
    deals = [k for k, line in enumerate(lines) if '"type": "deal"' in line]
    head, deal = lines[:deals[0]], lines[deals[0]:deals[1]]
    body = [line.replace('"number": 1,', f'"number": {k + 1},', 1) if j == 0 else line
            for k in range(n) for j, line in enumerate(deal)]
    return "".join(head + body).encode()


def csv_many_rows(n: int) -> bytes:
    """7: a score sheet of one game of ``n`` rows (16.7 MB took 1.16 GB)."""
    return ("deal,dealer,taker,trump,score_ns,score_ew\n"
            + "".join(f"{k},N,E,H,100,62\n" for k in range(1, n + 1))).encode()


def csv_open_quote(n: int) -> bytes:
    """7: a score sheet with one open quote, then ``n`` rows (452 MB)."""
    return ('deal,dealer,taker,trump,score_ns,score_ew\n1,N,"E,H,100,62\n'
            + "2,N,E,H,100,62\n" * n).encode()


def events_long_line(n: int) -> bytes:
    """7: an event log line of ``n`` bytes without its end."""
    return (b'{"type": "deal", "number": 1}\n{"type": "comment", "text": "' + b"x" * n
            + b'"}\n{"type": "card", "seat": "N", "card": "AS"}\n')


class Reproducer22(NamedTuple):
    item: int
    name: str
    make: Callable[[int], bytes]
    suffix: str
    size: int
    """The size of the command-line test: shows the old problem, keeps the test short."""
    small: int
    """The size of the fuzz seed."""
    format: str = ""
    """The importer that reads it (item 7), else empty."""
    finding: str = ""
    """The code ``validate`` must report, located, or empty when the input is clean."""


COMMAND_REPRODUCERS: tuple[Reproducer22, ...] = (
    Reproducer22(1, "json-twin", json_twin, ".json", 0, 0),
    Reproducer22(1, "bel-bad-tail", bel_bad_tail, ".bel", 0, 0, finding="BEL001"),
    Reproducer22(2, "many-games", many_games, ".bel", 8, 1),
    Reproducer22(4, "rest-lines", rest_lines, ".bel", 2000, 20, finding="BEL102"),
    Reproducer22(4, "short-deals", short_deals, ".bel", 2000, 20, finding="BEL102"),
    Reproducer22(6, "formula-tags", formula_tags, ".bel", 0, 0, finding="BEL"),
    Reproducer22(8, "json-malformed", json_malformed, ".json", 0, 0, finding="BEL801"),
    # issue 31: a CFN line that is not read is that game lost (BEL801, an error; was BEL803)
    Reproducer22(7, "cfn-long-number", cfn_long_number, ".cfn", 5000, 40, "cfn", "BEL801"),
    Reproducer22(7, "coinche-ws-long-number", coinche_ws_long_number, ".coinche-ws.jsonl", 5000, 40,
                 "coinche-ws", "BEL805"),
    Reproducer22(7, "csv-long-number", csv_long_number, ".csv", 5000, 40, "csv", "BEL803"),
    Reproducer22(7, "events-long-game", events_long_game, ".events.jsonl", 1500, 2, "events", "BEL801"),
    Reproducer22(7, "csv-many-rows", csv_many_rows, ".csv", 60_000, 30, "csv", "BEL801"),
    Reproducer22(7, "csv-open-quote", csv_open_quote, ".csv", 60_000, 30, "csv", "BEL801"),
    Reproducer22(7, "events-long-line", events_long_line, ".events.jsonl", 9_000_000, 300, "events",
                 "BEL801"),
)

IMPORTER_REPRODUCERS = tuple(r for r in COMMAND_REPRODUCERS if r.format)

__all__ = ["COMMAND_REPRODUCERS", "IMPORTER_REPRODUCERS", "Reproducer22"]
