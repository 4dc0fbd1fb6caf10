"""The commands' own words in the language asked (``--lang``, ``BELOTE_LANG``): ``show``'s
headings and tables, ``stats``' headings, the collection commands' summaries (issue 37). The
English output is pinned by tests/golden."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from belote_replay.main import cli
from tests.support.validator import generated_text

SAMPLES = Path(__file__).resolve().parent.parent.parent / "samples"
MOROCCAN = SAMPLES / "moroccan" / "club-match-1.bel"
ENGLISH_HEADINGS = ("Tricks:", "Match:", "Winner:", "Bidding, round", "Score:", "Rules:", "won by")


def run(*args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(cli, list(args), env=env, catch_exceptions=False)


@pytest.fixture(scope="module")
def classic(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("lang") / "club.bel"
    path.write_text(generated_text("classic", deals=12), encoding="utf-8")
    return path


def _match_table(out: str) -> list[str]:
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.endswith(":") and "deal" not in line
                 and lines[i + 1].lstrip().startswith(("donne", "التوزيعة", "deal")))
    return [line for line in lines[start + 2:] if line.startswith("  ")]


def test_show_in_french_speaks_french_with_the_french_deck(classic: Path) -> None:
    result = run("show", "--lang", "fr", str(classic))
    out = result.output
    assert "Règles : classic, jeu french" in out
    assert "Plis :" in out and "Feuille de marque :" in out and "Vainqueur : " in out
    assert "  #  entame cartes" in out or "  #  entame des cartes" in out
    assert "(donneur)" in out and "Donne 1, donneur " in out
    assert not [word for word in ENGLISH_HEADINGS if word in out]
    assert "V♥" in out or "V♠" in out or "V♦" in out or "V♣" in out  # valet, as French players write it
    rows = _match_table(out)
    assert len(rows) > 3 and len({len(row) for row in rows if "(" not in row}) == 1, rows  # aligned


def test_show_in_arabic_names_the_spanish_suits_as_players_do() -> None:
    out = run("show", "--lang", "ar", str(MOROCCAN)).output
    assert "التوزيعة 1، المفرّق E" in out and "الطروح:" in out and "ورقة التسجيل:" in out
    assert "الكوبا" in out and "(الربعة ديال الكوبا)" in out
    assert not [word for word in ENGLISH_HEADINGS if word in out]


def test_belote_lang_chooses_the_language_without_the_option() -> None:
    out = run("show", str(MOROCCAN), env={"BELOTE_LANG": "fr"}).output
    assert out.startswith("Partie 1 : Friday club match 1\n")


def test_show_says_what_is_not_there_in_the_language(classic: Path) -> None:
    result = CliRunner().invoke(cli, ["show", "--lang", "fr", str(classic), "--game", "9"])
    assert result.exit_code == 2 and "il n'y a pas de partie 9" in result.stderr
    result = CliRunner().invoke(cli, ["show", "--lang", "ar", str(classic), "--deal", "99"])
    assert result.exit_code == 2 and "اللعبة 1 ليس فيها التوزيعة 99" in result.stderr


def test_stats_in_arabic_and_french() -> None:
    out = run("stats", "--lang", "ar", str(MOROCCAN)).output
    assert out.startswith("لعبة واحدة، 6 توزيعات\n"), out
    heading = next(line for line in out.splitlines() if line.startswith("اللاعب"))
    assert "التوزيعات" in heading and "نقاط الآخذ" in heading and "points_as_taker" not in heading
    out = run("stats", "--lang", "fr", str(MOROCCAN)).output
    assert out.startswith("1 partie, 6 donnes\n")
    lines = out.splitlines()
    heading = next(line for line in lines if line.startswith("joueur"))
    assert "pts en preneur" in heading
    row = lines[lines.index(heading) + 1]
    assert len(row) == len(heading)  # the figures under their heading


def test_dedupe_says_its_decisions_and_summary_in_the_language(tmp_path: Path) -> None:
    text = MOROCCAN.read_text(encoding="utf-8")
    twice = tmp_path / "twice.bel"
    twice.write_text(text + "\n" + text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["dedupe", "--lang", "fr", str(twice), "-o", str(tmp_path / "one.bel")])
    assert result.exit_code == 1
    assert f"{twice} partie 2 : la même partie que {twice} partie 1" in result.output
    assert "2 parties, 12 donnes : gardées 1, doublons exacts 1," in result.output
    result = CliRunner().invoke(cli, ["dedupe", "--lang", "ar", str(tmp_path / "nope.bel")])
    assert result.exit_code == 2 and "تعذّرت القراءة" in result.stderr


def test_validate_fix_and_fmt_tell_their_outcome_in_the_language(tmp_path: Path) -> None:
    target = tmp_path / "score.bel"
    target.write_bytes((SAMPLES / "invalid" / "BEL503-wrong-deal-score.bel").read_bytes())
    result = CliRunner().invoke(cli, ["validate", "--lang", "fr", "--diff", "--show-fixes", str(target)])
    lines = result.stdout.strip().splitlines()
    assert lines[-1] == "1 erreur trouvée (corrigeables : 1, restantes : 0).", lines
    assert any(line.startswith("Corrigerait : ") for line in lines)
    result = CliRunner().invoke(cli, ["validate", "--lang", "ar", "--fix", str(target)])
    assert result.stdout.strip().splitlines()[-1] == "وُجد خطأ واحد (المصحَّحة: 1، المتبقية: 0)."
    result = CliRunner().invoke(cli, ["fmt", "--lang", "fr", str(target)])
    assert result.exit_code == 0 and result.stderr.strip().splitlines()[-1] == "reformatés : 1, inchangés : 0"
    missing = str(tmp_path / "no.bel")
    result = CliRunner().invoke(cli, ["fmt", "--lang", "ar", "--check", str(target), missing])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines()[-1] == "دون تغيير: 1، فيها أخطاء (تُركت كما هي): 1"


def test_the_stats_page_in_arabic_reads_right_to_left(tmp_path: Path) -> None:
    page = tmp_path / "stats.html"
    run("stats", "--lang", "ar", str(MOROCCAN), "--html", str(page))
    html = page.read_text(encoding="utf-8")
    assert '<html lang="ar" dir="rtl">' in html and "<h2>حسب اللاعب</h2>" in html
    assert '<p id="summary">لعبة واحدة، 6 توزيعات</p>' in html and "<th>نقاط الآخذ</th>" in html
    assert "By player" not in html and "points as taker" not in html
