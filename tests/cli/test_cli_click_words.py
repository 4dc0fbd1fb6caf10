"""click's own words (``Usage:``, ``Try ... for help.``, ``Error:``, a choice refused, a missing
argument, an unknown option or command) and the words of ``serve``, ``live`` and ``follow`` in
the language chosen (issue 37): ``--lang`` read before the error, ``BELOTE_LANG``, the
configuration file; English left to click, byte for byte; gettext's global state untouched."""

from __future__ import annotations

import gettext
import os
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from belote_notation.game.lang.render import using_lang
from belote_notation.service.live_client import describe
from belote_replay.main import cli


def run(*args: str, lang: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), env={"BELOTE_LANG": lang}, prog_name="belote-replay")


FRAME = {"fr": ("Utilisation : belote-replay validate [OPTIONS] PATH...",
                "Essayez 'belote-replay validate --help' pour obtenir de l'aide.", "Erreur : "),
         "ar": ("الاستعمال: belote-replay validate [OPTIONS] PATH...",
                "جرّب 'belote-replay validate --help' للمساعدة.", "خطأ: ")}


def test_english_is_clicks_own() -> None:
    said = run("validate", "--format", "xx", "x.bel")
    assert said.exit_code == 2
    assert said.output.startswith("Usage: belote-replay validate [OPTIONS] PATH...\n"
                                  "Try 'belote-replay validate --help' for help.\n\n")
    assert said.output.endswith("Error: Invalid value for '--format': 'xx' is not one of 'text', 'json', "
                                "'jsonl', 'github', 'sarif', 'junit'.\n")
    assert run("valdate").output.endswith("Error: No such command 'valdate' (did you mean 'validate'?).\n")


@pytest.mark.parametrize("lang", ["fr", "ar"])
def test_a_usage_error_is_framed_in_the_language(lang: str) -> None:
    said = run("validate", "--format", "xx", "x.bel", lang=lang)
    usage, hint, error = FRAME[lang]
    assert said.exit_code == 2
    assert said.output.splitlines()[:3] == [usage, hint, ""]
    assert said.output.splitlines()[3].startswith(error)
    assert "Usage" not in said.output and "Try" not in said.output and "Error" not in said.output


@pytest.mark.parametrize(("args", "fr", "ar"), [
    (["validate", "--format", "xx", "x.bel"],
     "Valeur invalide pour '--format' : 'xx' n'est pas l'une des valeurs possibles : 'text', 'json', "
     "'jsonl', 'github', 'sarif', 'junit'.",
     "قيمة غير صالحة لـ '--format': القيمة 'xx' ليست واحدة من القيم 'text', 'json', 'jsonl', 'github', "
     "'sarif', 'junit'."),
    (["export", "--to", "csv", "x.bel"],
     "Valeur invalide pour '--to' : 'csv' n'est pas la valeur attendue, 'parquet'.",
     "قيمة غير صالحة لـ '--to': القيمة 'csv' ليست القيمة المقبولة 'parquet'."),
    (["render"], "Argument manquant : 'FILE'.", "وسيط ناقص: 'FILE'."),
    (["valdate"], "Commande inconnue 'valdate' (vouliez-vous dire 'validate' ?).",
     "أمر غير معروف 'valdate' (هل تقصد 'validate'؟)."),
    (["live", "x.bel"], None, None),
])
def test_clicks_sentences_are_said_in_the_language(args: list[str], fr: str | None, ar: str | None) -> None:
    for lang, words in (("fr", fr), ("ar", ar)):
        said = run(*args, lang=lang)
        assert said.exit_code == 2, said.output
        last = said.output.splitlines()[-1]
        assert last.startswith(FRAME[lang][2]), said.output
        if words is not None:
            assert last == FRAME[lang][2] + words


def test_an_unknown_option_is_said_in_the_language_when_click_words_it_as_we_do() -> None:
    english = run("validate", "--bogus", "x.bel").output.splitlines()[-1]
    french = run("validate", "--bogus", "x.bel", lang="fr").output.splitlines()[-1]
    if english == "Error: No such option '--bogus'. Did you mean '--jobs'?":  # click >= 8.2
        assert french == "Erreur : Option inconnue '--bogus'. Vouliez-vous dire '--jobs' ?"
    else:  # click words it otherwise: its own sentence, never one it did not mean
        assert french == "Erreur : " + english.removeprefix("Error: ")


def test_the_lang_option_read_before_the_error_counts() -> None:
    said = run("validate", "--lang", "ar", "--format", "xx", "x.bel", lang="fr")
    assert said.output.startswith(FRAME["ar"][0]) and "القيمة 'xx'" in said.output
    refused = run("validate", "--lang", "xx", "x.bel", lang="fr")  # the environment's, then
    assert refused.output.splitlines()[-1] == ("Erreur : Valeur invalide pour '--lang' : 'xx' n'est pas "
                                               "l'une des valeurs possibles : 'en', 'fr', 'ar'.")


def test_the_configuration_files_language_counts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "belote-replay.toml").write_text('lang = "fr"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("BELOTE_LANG", raising=False)
    assert run("valdate").output.splitlines()[-1].startswith("Erreur : Commande inconnue 'valdate'")
    (tmp_path / "belote-replay.toml").write_text("lang = [\n", encoding="utf-8")  # unreadable: English
    assert run("valdate").output.splitlines()[-1].startswith("Error: No such command 'valdate'")


def test_nothing_global_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BELOTE_LANG", raising=False)
    domain = gettext.textdomain()
    run("validate", "--lang", "fr", "--format", "xx", "x.bel")
    run("valdate", lang="ar")
    assert gettext.textdomain() == domain and gettext.gettext("Usage:") == "Usage:"
    assert "BELOTE_LANG" not in os.environ  # --lang's language put back after a usage error too
    with pytest.raises(click.UsageError) as refused:  # a caller of the group gets click's error
        cli.main(["validate", "--format", "xx", "x.bel"], prog_name="belote-replay", standalone_mode=False)
    assert type(refused.value) is click.BadParameter and "show" not in vars(refused.value)


def test_a_groups_help_when_called_bare_is_left_alone() -> None:
    said = run("serve", "token", lang="fr")
    assert "Usage:" in said.output or "Commands" in said.output  # click's help: --help is not translated


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "belote-replay follow: http://x/v1/xx: not the address of a live game (.../v1/live/ID)"),
    ("fr", "belote-replay follow: http://x/v1/xx : ce n'est pas l'adresse d'une partie en direct "
           "(.../v1/live/ID)"),
    ("ar", "belote-replay follow: http://x/v1/xx: ليس عنوان لعبة مباشرة (.../v1/live/ID)")])
def test_follow_says_its_refusal_in_the_language(lang: str, words: str) -> None:
    said = run("follow", "--lang", lang, "http://x/v1/xx")
    assert said.exit_code == 2 and said.output.strip() == words


def test_follow_describes_the_events_in_the_language() -> None:
    state = {"type": "state", "id": "L1", "rules": "moroccan", "seq": 2, "state": "playing",
             "acts": [{"seq": 1, "act": {"act": "deal", "number": 1, "dealer": "N"}}]}
    assert describe(state) == "live game L1 (moroccan): 2 acts, playing\n1. deal number=1 dealer=N"
    assert describe({"type": "undo", "seq": 4}) == "undo: back to act 4"
    with using_lang("fr"):
        assert describe(state) == ("partie en direct L1 (moroccan) : 2 actes, playing\n"
                                   "1. deal number=1 dealer=N")
        assert describe({"type": "end", "state": "over"}) == "fin : over"
    with using_lang("ar"):
        assert describe({"type": "undo", "seq": 4}) == "تراجع: العودة إلى الفعل 4"


def test_serve_says_its_lines_in_the_language(tmp_path: Path) -> None:
    pytest.importorskip("sqlalchemy")
    database = f"sqlite:///{tmp_path / 'games.db'}"
    runner = CliRunner()
    token = ["serve", "--database", database, "token"]
    english = runner.invoke(cli, ["serve", "--database", database, "migrate"])
    assert english.exit_code == 0 and english.output.startswith("applied ")
    again = runner.invoke(cli, ["serve", "--database", database, "migrate", "--lang", "fr"])
    assert again.output == "0 migration appliquée ; la base est à jour\n"
    created = runner.invoke(cli, [*token, "create", "alice", "--lang", "ar"])
    assert created.exit_code == 0
    listed = runner.invoke(cli, [*token, "list", "--lang", "fr"])
    assert listed.output.splitlines()[0] == "id\tpropriétaire\tportée\tcréé\texpire\tdernier usage"
    assert listed.output.splitlines()[1].endswith("\tjamais")
    missing = runner.invoke(cli, [*token, "revoke", "zzzzzzzz", "--lang", "ar"])
    assert missing.exit_code == 1 and "لا يوجد رمز" in missing.output
    bad = runner.invoke(cli, [*token, "create", "bob", "--expires", "5x", "--lang", "fr"])
    assert bad.exit_code == 2 and bad.output.splitlines()[-1] == (
        "Erreur : Valeur invalide pour --expires : '5x' : écrivez un nombre suivi de d, h ou m "
        "(90d, 12h, 30m)")
