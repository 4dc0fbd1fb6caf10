"""Every command that prints words says them in the language asked (issue 37): ``annotate``,
``solve``, ``render``, ``convert``, ``fmt``, ``generate``, ``rule``, ``formats`` and the
``belote-replay:`` lines of ``validate``, by ``--lang``, ``BELOTE_LANG`` or the configuration
file's ``lang``. The English output is pinned by tests/golden.

The check that a French or Arabic run prints no English sentence: the words of three letters or
more that the English run and the other run both print, once the data the user gave is taken out
(paths, quoted and back-quoted text, options, codes, format and file names), are none but the
record's and the programs' own tokens (:data:`NOT_WORDS`).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from belote_replay.main import cli

SAMPLES = Path(__file__).resolve().parent.parent.parent / "samples"
MOROCCAN = SAMPLES / "moroccan" / "club-match-1.bel"
UNKNOWN_CARD = SAMPLES / "invalid" / "BEL004-unknown-card.bel"
NOT_FOLLOWED = SAMPLES / "invalid" / "BEL303-did-not-follow.bel"
NOT_WORDS = frozenset({
    "json", "jsonl", "ndjson", "lines", "websocket", "cfn", "colver", "coinched", "coinche", "server",
    "csv", "events", "bel", "include", "exclude", "target", "espadas", "copas", "oros", "bastos",
    "fmt", "generate", "annotate", "validate", "convert", "render", "solve", "rule", "belote", "replay",
    "trick", "card", "code", "out", "file", "budget", "inaccuracy", "mistake", "blunder", "svg", "deal",
    "errno", "games", "error", "warning", "info", "moroccan", "classic", "gameduell",
    "traditional", "contree",
    "format", "notation", "messages", "points", "table",
})
"""Tokens both runs print: format, command and rule system names, Spanish suit words, option
words written in capitals (``TRICK.CARD``), the severity word of a finding line (as ``validate``
prints it), the ``{"games": [...]}`` of a JSON twin, and words French writes as English does."""


def run(*args: str, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), env=env)


def words(text: str, *data: str) -> set[str]:
    """The words of ``text`` that are the program's, not the user's data."""
    for given in data:
        text = text.replace(given, " ")
    text = "\n".join(line for line in text.splitlines()
                     if not line.startswith(("Usage: ", "Try '")))  # click's own usage lines
    text = text.replace("Error: ", " ")  # click's prefix of a usage error (its own word)
    text = re.sub(r"`[^`]*`|'[^']*'|--?[a-z][\w-]*|\S*/\S*|\S+\.(?:bel|md|json|html|svg|csv)\b|BEL\d+",
                  " ", text)
    return {word.lower() for word in re.findall(r"[A-Za-z]{3,}", text)}


def english_left(args: list[str], lang: str, tmp_path: Path, *data: str) -> set[str]:
    """The words of the English run of ``args`` still printed by its run in ``lang``."""
    english = run(*args, "--lang", "en")
    other = run(*args, "--lang", lang)
    assert english.exit_code == other.exit_code, (english.output, other.output)
    said = words(english.output, str(tmp_path), *data)
    assert said - NOT_WORDS, english.output  # the English run says something of its own
    return (said & words(other.output, str(tmp_path), *data)) - NOT_WORDS


COMMANDS = {
    "formats": ["formats"],
    "solve": ["solve", str(MOROCCAN), "--table"],
    "solve-refused": ["solve", str(MOROCCAN), "--deal", "99"],
    "solve-bad-point": ["solve", str(MOROCCAN), "--at", "9.9"],
    "rule-unknown": ["rule", "BEL30"],
    "rule-usage": ["rule"],
    "render-not-whole": ["render", str(UNKNOWN_CARD), "-o", "{tmp}/page.html"],
    "render-usage": ["render", str(MOROCCAN), "--svg"],
    "render-no-deal": ["render", str(MOROCCAN), "--svg", "--deal", "99"],
    "render-no-trick": ["render", str(MOROCCAN), "--svg", "--deal", "1", "--trick", "9"],
    "render-bad-rules": ["render", str(MOROCCAN), "--rules", "moroccn"],
    "convert-errors": ["convert", str(UNKNOWN_CARD), "-o", "{tmp}/out.json"],
    "convert-no-writer": ["convert", str(MOROCCAN), "-o", "{tmp}/out.xyz"],
    "convert-missing": ["convert", "{tmp}/missing.bel"],
    "annotate": ["annotate", str(NOT_FOLLOWED), "-o", "{tmp}/review.bel"],
    "annotate-thresholds": ["annotate", str(NOT_FOLLOWED), "--mistake", "1", "--inaccuracy", "5"],
    "annotate-not-whole": ["annotate", str(UNKNOWN_CARD), "-o", "{tmp}/review.bel"],
    "generate": ["generate", "--deals", "2", "-o", "{tmp}/generated.bel"],
    "generate-target": ["generate", "--option", "target=999999"],
    "fmt": ["fmt", "{tmp}/copy.bel", "{tmp}/sheet.csv"],
    "validate-left-out": ["validate", "--isolated", "{tmp}/folder"],
    "validate-bad-rules": ["validate", "--isolated", "--rules", "moroccn", str(MOROCCAN)],
}


def _args(name: str, tmp_path: Path) -> list[str]:
    (tmp_path / "copy.bel").write_text(MOROCCAN.read_text(encoding="utf-8").replace("\n\n", "\n\n\n", 1),
                                       encoding="utf-8")
    (tmp_path / "sheet.csv").write_text("x,y\n", encoding="utf-8")
    (tmp_path / "folder").mkdir(exist_ok=True)
    (tmp_path / "folder" / "game.bel").write_bytes(MOROCCAN.read_bytes())
    (tmp_path / "folder" / "scores.csv").write_text("x,y\n", encoding="utf-8")
    return [arg.replace("{tmp}", str(tmp_path)) for arg in COMMANDS[name]]


@pytest.mark.parametrize("lang", ["fr", "ar"])
@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_command_prints_no_english_sentence(name: str, lang: str, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no configuration file of the repository
    monkeypatch.delenv("BELOTE_LANG", raising=False)
    assert not english_left(_args(name, tmp_path), lang, tmp_path)


def test_the_check_sees_english_words() -> None:
    """The words compared are the program's: a path, a quoted value, an option, a code are not."""
    assert words("/tmp/x/a.bel:3:4: error BEL004 not read 'moroccn' --deal `belote-replay fmt`") == {
        "error", "not", "read"}


def test_plurals_of_the_commands_follow_each_catalogue(tmp_path: Path) -> None:
    out = tmp_path / "g.bel"
    said = {(lang, deals): run("generate", "--lang", lang, "--deals", str(deals), "--matches", "3",
                               "-o", str(out)).stderr.strip()
            for lang in ("en", "fr", "ar") for deals in (1,)}
    assert said[("en", 1)] == f"wrote 1 game(s) to {out}"  # English as before
    assert said[("fr", 1)] == f"1 partie écrite dans {out}"
    assert said[("ar", 1)] == f"كُتبت لعبة واحدة في {out}"
    from belote_notation.pipeline.unread import Unread

    for games, arabic in ((1, "لعبة واحدة"), (2, "لعبتان"), (3, "3 ألعاب"), (11, "11 لعبةً")):
        unread = Unread(games=games)
        monkey = pytest.MonkeyPatch()
        monkey.setenv("BELOTE_LANG", "ar")
        try:
            line = list(unread.lines())[-1]
        finally:
            monkey.undo()
        assert line.startswith(arabic + " لم"), line
    assert list(Unread(games=2).lines())[-1].startswith("2 games could not be read whole (left out)")


def test_the_configuration_files_lang_is_honoured_by_every_command(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "belote-replay.toml").write_text('lang = "fr"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("BELOTE_LANG", raising=False)
    assert "lecture/écriture" in run("formats").output
    assert "Donne 1 : atout copas" in run("solve", str(MOROCCAN)).output
    assert "code de constat inconnu" in run("rule", "BEL30").stderr
    # BELOTE_LANG comes before the file, --lang before both (validate as every other command)
    assert "قراءة/كتابة" in run("formats", env={"BELOTE_LANG": "ar"}).output
    assert "read/write" in run("formats", "--lang", "en", env={"BELOTE_LANG": "ar"}).output
    gone = str(tmp_path / "gone.bel")
    assert "لا يوجد ملف" in run("validate", gone, env={"BELOTE_LANG": "ar"}).output
    (tmp_path / "belote-replay.toml").write_text('lang = "de"\n', encoding="utf-8")
    refused = run("formats")
    assert refused.exit_code == 2 and "'lang' should be one of en, fr, ar, not 'de'" in refused.stderr


def test_render_takes_the_language_of_the_environment_for_the_page(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    result = run("render", str(MOROCCAN), "-o", str(page), env={"BELOTE_LANG": "ar"})
    assert result.exit_code == 0, result.output
    assert '<html lang="ar" dir="rtl">' in page.read_text(encoding="utf-8")
