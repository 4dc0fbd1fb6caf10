"""The live game's messages, undo, rebuild and samples (check/live.py, check/live_acts.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote_notation.check import live
from belote_notation.check.live import LiveGame, acts_of_text, recorded_games
from belote_notation.check.live_acts import ActError, parse_act
from belote_notation.check.suggest import ConfigError
from belote_notation.check.validator import validate_text
from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.write.writer import write_game

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
HANDS = {seat: [rank + suit for rank in ("7", "8", "9", "10", "J", "Q", "K", "A")]
         for seat, suit in zip("NESW", "SHDC", strict=True)}


def _started() -> LiveGame:
    game = LiveGame("classic", tags={"Event": "club", "North": "Amine"})
    assert game.play({"act": "deal", "dealer": "N", "hands": HANDS}).accepted
    assert game.play({"act": "call", "seat": "E", "call": "take S"}).accepted
    return game


@pytest.mark.parametrize(("data", "code", "pointer"), [
    ({"act": "card", "seat": "X", "card": "AH"}, "bad-act", "/seat"),
    ({"act": "card", "seat": "N"}, "bad-act", "/card"),
    ({"act": "card", "seat": "N", "card": "AH", "colour": "red"}, "bad-act", "/colour"),
    ({"act": "shuffle"}, "bad-act", ""),
    ({"seat": "N"}, "bad-act", ""),
    ({"act": "call", "seat": "N", "call": "take", "round": 3}, "bad-act", "/round"),
    ({"act": "score", "score": [1]}, "bad-act", "/score/1"),
])
def test_a_bad_message_is_an_act_error_with_its_place(data, code, pointer):
    with pytest.raises(ActError) as caught:
        parse_act(data)
    assert (caught.value.code, caught.value.pointer) == (code, pointer)
    assert caught.value.message


def test_a_message_that_is_no_object():
    with pytest.raises(ActError):
        parse_act(["card"])  # type: ignore[arg-type]


@pytest.mark.parametrize(("data", "code", "pointer"), [
    ({"act": "card", "seat": "E", "card": "12O"}, "bad-card", "/card"),
    ({"act": "call", "seat": "S", "call": "take Z"}, "bad-call", "/call"),
    ({"act": "call", "seat": "S", "call": "fold"}, "bad-call", "/call"),
    ({"act": "call", "seat": "S", "call": "capot"}, "bad-call", "/call"),
    ({"act": "call", "seat": "S", "call": "take SA"}, "bad-call", "/call"),
    ({"act": "announce", "seat": "E", "kind": "sequence", "cards": ["AH", "KX"]}, "bad-card", "/cards/1"),
])
def test_words_the_game_cannot_read_are_act_errors(data, code, pointer):
    game = _started()
    text = game.text()
    with pytest.raises(ActError) as caught:
        game.play(data)
    assert (caught.value.code, caught.value.pointer) == (code, pointer)
    assert game.text() == text and game.seq == 2


def test_no_card_before_a_deal_and_no_act_after_the_end():
    game = LiveGame("moroccan")
    with pytest.raises(ActError, match="no-deal"):
        game.play({"act": "card", "seat": "N", "card": "1O"})
    assert game.play({"act": "end", "result": "*"}).accepted
    assert game.finished and game.position["phase"] == "end"
    with pytest.raises(ActError, match="game-over"):
        game.play({"act": "end"})


def test_an_unknown_rule_system_is_refused_with_a_suggestion():
    with pytest.raises(ConfigError, match="moroccan"):
        LiveGame("moroccn")


def test_the_position_after_each_act():
    game = _started()
    position = game.position
    assert (position["phase"], position["to_move"]) == ("play", "E")
    assert position["contract"] == {"taker": "E", "trump": "S", "kind": None, "value": None, "doubled": 0}
    assert position["legal"] == HANDS["E"] and position["hands"]["E"] == HANDS["E"]
    verdict = game.play({"act": "card", "seat": "E", "card": "AH"})
    assert verdict.position["trick_so_far"] == ["E:AH"] and verdict.position["to_move"] == "S"
    assert json.loads(json.dumps(verdict.to_dict())) == verdict.to_dict()


def test_a_refused_card_is_not_kept_and_says_what_validate_says():
    game = _started()
    game.play({"act": "card", "seat": "E", "card": "AH"})
    before = game.text()
    verdict = game.play({"act": "card", "seat": "S", "card": "8S"})
    assert not verdict.accepted and verdict.seq == 3 and game.text() == before
    [finding] = verdict.findings
    whole = before.replace("trick 1 E:AH", "trick 1 E:AH S:8S")
    whole = whole.replace('[Result "*"]', '[Termination "unterminated"]')  # a game in progress
    [said] = [f.to_dict() for f in validate_text(whole, "<live>")[0].findings if f.code == finding["code"]]
    assert finding == said


def test_undo_takes_back_a_card_a_call_a_deal_and_the_end():
    game = _started()
    start = (game.text(), game.position)
    game.play({"act": "card", "seat": "E", "card": "AH"})
    assert game.undo().seq == 2 and (game.text(), game.position) == start
    game.undo()
    assert game.position["phase"] == "bidding" and game.position["to_move"] == "E"
    game.undo()
    assert game.seq == 0 and game.position["phase"] == "start"
    with pytest.raises(ActError, match="nothing-to-undo"):
        game.undo()
    game = LiveGame("contree", tags={"Termination": "unterminated"})  # it may end in mid-deal
    game.play({"act": "deal", "dealer": "N", "hands": HANDS})
    kept = (game.text(), game.position)
    verdict = game.play({"act": "end", "result": "*"})
    assert verdict.accepted and game.finished and game.position["phase"] == "end"
    assert game.undo().position == kept[1] and not game.finished and game.text() == kept[0]


def test_the_end_in_mid_deal_is_refused():
    game = _started()
    verdict = game.play({"act": "end", "result": "*"})
    assert not verdict.accepted and "BEL309" in [f["code"] for f in verdict.findings]


def test_undo_of_a_deal_goes_back_into_the_deal_before():
    text = write_game(next(generate_games(Ruleset.preset("contree"), matches=None, deals=3, seed=2)))
    acts = [data for data, _ in acts_of_text(text)]
    second = [i for i, data in enumerate(acts) if data["act"] == "deal"][1]
    game = LiveGame.from_acts("contree", {}, acts[:second])
    before = (game.text(), game.position)
    game.play(acts[second])
    assert game.undo().position == before[1] and game.text() == before[0]
    for data in acts[second:]:
        verdict = game.play(data)
        assert verdict.accepted and not verdict.findings, data
    assert game.report() == LiveGame.from_acts("contree", {}, acts).report()
def test_to_json_rebuilds_the_same_game():
    game = _started()
    game.play({"act": "card", "seat": "E", "card": "AH"})
    kept = json.loads(json.dumps(game.to_json()))
    again = LiveGame.from_acts(kept["rules"], kept["tags"], kept["acts"])
    assert again.text() == game.text() and again.position == game.position and again.seq == game.seq


def _tags(text: str) -> tuple[dict[str, str], dict[str, str]]:
    """The tag pairs of a record's text, and its options."""
    tags, options = {}, {}
    for line in text.splitlines():
        if line.startswith("["):
            name, _, value = line[1:-1].partition(" ")
            if name == "Option":
                key, _, option = value.strip('"').partition("=")
                options[key] = option
            else:
                tags[name] = value.strip('"')
    return tags, options


@pytest.mark.parametrize("path", sorted(p for p in SAMPLES.glob("*/*.bel")
                                        if p.parent.name not in ("invalid", "partial")),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_recorded_sample_played_act_by_act(path):
    """Each act of a sample is taken as validate took the file: refused exactly when the file
    has an error there; the clean samples come back whole. (Not the partial records: without
    the hands, an announcement made before the cards are seen is refused, BEL401.)"""
    text = path.read_text("utf-8")
    [report] = validate_text(text, str(path))
    tags, options = _tags(text)
    game = LiveGame(report.rules or "moroccan", tags=tags, options=options)
    refused = [data for data, _ in acts_of_text(text) if not game.play(data).accepted]
    errors = [f for f in report.findings if f.severity == "error"]
    assert bool(refused) == bool(errors), (refused, errors)
    if not errors:
        assert game.report()["findings"] == [
            f.to_dict() for f in validate_text(game.text(), "<live>")[0].findings]


@pytest.mark.parametrize("path", sorted(p for p in SAMPLES.glob("invalid/BEL[1-6]*.bel")
                                        if "BEL501" not in p.name), ids=lambda p: p.name)
def test_the_first_fault_of_an_invalid_sample_is_refused_with_its_code(path):
    """(Not BEL501, a wrong recorded winner: a live game records the engine's winner.)"""
    text = path.read_text("utf-8")
    [report] = validate_text(text, str(path))
    first = min((f for f in report.findings if f.severity == "error"), key=lambda f: (f.line, f.col))
    game = LiveGame(report.rules or "moroccan", tags={"Rules": report.rules or "moroccan"})
    for data, _ in acts_of_text(text):
        verdict = game.play(data)
        if not verdict.accepted:
            assert first.code in [f["code"] for f in verdict.findings], (data, verdict.findings, first)
            assert first.message in [f["message"] for f in verdict.findings]
            return
    pytest.fail(f"no act refused; validate says {first}")


def test_the_examples_of_docs_live_md_are_what_the_game_says():
    page = (SAMPLES.parent / "docs" / "live.md").read_text("utf-8")
    moroccan, contree, verdict = re.findall(r"```json\n(.*?)```", page, re.S)[:3]
    [record] = re.findall(r"```bel\n(.*?)```", page, re.S)
    game = LiveGame("moroccan", tags={"North": "Hamza", "East": "Emma", "South": "Julie", "West": "Omar"})
    acts = [json.loads(line) for line in moroccan.splitlines()]
    for data in acts:
        said = game.play(data)
        assert said.accepted and not said.findings, data
    assert game.text() == record
    coinche = LiveGame("coinche")
    assert all(coinche.play(json.loads(line)).accepted for line in contree.splitlines())
    early = LiveGame.from_acts("moroccan", game.tags, acts[:4])
    refused = early.play({"act": "card", "seat": "S", "card": "6E"}).to_dict()
    shown = json.loads(verdict)
    assert refused["findings"] == shown["findings"] and refused["seq"] == shown["seq"]
    assert {k: v for k, v in refused["position"].items() if k != "hands"} == \
        {k: v for k, v in shown["position"].items() if k != "hands"}


def test_undo_further_than_the_states_kept(monkeypatch):
    monkeypatch.setattr(live, "UNDO_KEPT", 2)
    game = _started()
    texts = []
    for place, card in enumerate(("AH", "AD", "AC", "AS")):
        texts.append(game.text())
        verdict = game.play({"act": "card", "seat": "ESWN"[place], "card": card})
        assert verdict.accepted and verdict.seq == 3 + place
    while texts:
        assert game.undo().seq == 1 + len(texts)
        assert game.text() == texts.pop()
    assert game.position["to_move"] == "E" and game.play({"act": "card", "seat": "E", "card": "KH"}).accepted


_CARDS = st.sampled_from(["AH", "7S", "10D", "KC", "12O", "1E", "ZZ", "", "AH AS"])
_SEATS = st.sampled_from(["N", "E", "S", "W", None, "X"])
_HANDS = st.dictionaries(_SEATS.filter(lambda s: s is not None), st.lists(_CARDS, max_size=10), max_size=5)
_ACTS = st.one_of(
    st.fixed_dictionaries({"act": st.just("deal"), "dealer": _SEATS, "number": st.integers(-1, 10**18),
                           "hands": _HANDS, "tafr9a": _HANDS, "offer": _CARDS}),
    st.fixed_dictionaries({"act": st.just("call"), "seat": _SEATS, "call": st.sampled_from(
        ["pass", "take", "take O", "take H", "80H", "170SA", "capot TA", "coinche", "surcoinche",
         "generale S", "", "9999H", "take SA H"]), "round": st.sampled_from([1, 2, None])}),
    st.fixed_dictionaries({"act": st.just("rest"), "hands": _HANDS}),
    st.fixed_dictionaries({"act": st.just("card"), "seat": _SEATS, "card": _CARDS,
                           "belote": st.sampled_from(["belote", "rebelote", None])}),
    st.fixed_dictionaries({"act": st.just("announce"), "seat": _SEATS, "kind": st.sampled_from(
        ["sequence", "carre", "belote", "tierce"]), "cards": st.lists(_CARDS, max_size=9)}),
    st.fixed_dictionaries({"act": st.just("score"), "pot": st.integers(-5, 10**6),
                           "score": st.lists(st.integers(-10**20, 10**20), max_size=3)}),
    st.fixed_dictionaries({"act": st.sampled_from(["end", "undo"]),
                           "result": st.sampled_from(["NS", "EW", "*", "x"])}),
)


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["moroccan", "coinche"]), st.lists(_ACTS, min_size=1, max_size=25))
def test_any_messages_give_verdicts_or_act_errors(rules, messages):
    """Nothing a client sends makes a traceback: a verdict, or an ActError."""
    game = LiveGame(rules)
    for data in messages:
        try:
            if data["act"] == "undo":
                game.undo()
                continue
            verdict = game.play({k: v for k, v in data.items() if v is not None})
        except ActError:
            continue
        assert verdict.seq == game.seq and json.dumps(verdict.to_dict())
        assert verdict.accepted == (not any(f["severity"] == "error" for f in verdict.findings))
    assert game.report()["game"] == 1


def test_recorded_games_open_and_play_each_game_of_a_file():
    text = "\n".join(write_game(g) for g in generate_games(Ruleset.preset("coinche"), matches=2, seed=4))
    games = list(recorded_games(text))
    assert len(games) == 2
    for recorded, original in zip(games, parse_text(text), strict=True):
        game = LiveGame.from_acts(recorded.rules, recorded.tags, recorded.acts, options=recorded.options)
        assert game.finished and game.seq == len(recorded.acts)
        assert game.report()["findings"] == [] and game.report()["totals"] == \
            validate_text(write_game(original.game))[0].totals
