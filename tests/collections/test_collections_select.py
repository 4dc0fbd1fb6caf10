"""``select``: every filter, alone and combined, against a brute-force reference worked out from
``validate``'s JSON reports and the records themselves (not from the collections package)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from click.testing import CliRunner

from belote_notation.collections.facts import game_facts
from belote_notation.collections.query import Query, QueryError
from belote_notation.collections.select import SelectWork
from belote_notation.collections.work import run_serial
from belote_notation.notation.positions import content_key
from belote_notation.notation.read.reader import parse_text
from belote_notation.pipeline.inputs import Source
from belote_notation.pipeline.records import ReadGame
from belote_replay.main import cli
from tests.collections.collection_data import as_text, collection_games

FRENCH_TRUMPS = {"S": 0, "H": 1, "D": 2, "C": 3}
SPANISH_TRUMPS = {"E": 0, "C": 1, "O": 2, "B": 3}
KINDS = {"bid": "points", "capot": "capot", "generale": "generale"}


class Reference:
    """One game as the reference sees it: its record and its report of ``validate --format json``."""

    def __init__(self, game: Any, report: dict[str, Any]) -> None:
        self.game, self.report = game, report
        self.round = int(game.header("Round"))

    def tag(self, name: str) -> str | None:
        return next((h.value for h in reversed(self.game.headers) if h.name.lower() == name.lower()), None)

    def deal(self, position: int) -> dict[str, Any]:
        record, report = self.game.deals[position], self.report["deals"][position]
        trumps = SPANISH_TRUMPS if self.report["deck"] == "spanish" else FRENCH_TRUMPS
        contract = [b for b in record.bids if b.action in KINDS]
        kind = KINDS[contract[-1].action] if contract else ("take" if report["taker"] else None)
        credited = report["credited"]
        taker = "NESW".index(report["taker"]) if report["taker"] else None
        won = credited is not None and taker is not None and credited[taker % 2] > credited[1 - taker % 2]
        glyphs = {p.glyph for t in record.tricks for p in t.plays if p.glyph} | {b.glyph for b in record.bids
                                                                              if b.glyph}
        suit = contract[-1].suit if contract else trumps.get(report["trump"]) if report["trump"] else None
        return {"position": position + 1, "dealer": report["dealer"], "taker": report["taker"], "kind": kind,
                "value": contract[-1].value if contract else None, "trump": suit,
                "outcome": report["outcome"],
                "won": won, "glyphs": glyphs,
                "codes": {f["code"] for f in self.report["findings"] if f["deal"] == record.number}}

    def deals(self) -> list[dict[str, Any]]:
        return [self.deal(p) for p in range(len(self.game.deals))]

    @property
    def codes(self) -> set[str]:
        return {f["code"] for f in self.report["findings"]}

    @property
    def annotated(self) -> bool:
        items = [x for d in self.game.deals for x in [*d.bids, *(p for t in d.tricks for p in t.plays)]]
        return bool(self.game.comments) or any(x.glyph or x.nags or x.comments or x.variations for x in items)


def _outcome(deal: dict[str, Any], wanted: str) -> bool:
    if wanted == "made":
        return deal["outcome"] == "made" or (deal["outcome"] == "capot" and deal["won"])
    if wanted == "failed":
        return deal["outcome"] == "failed" or (deal["outcome"] == "capot" and not deal["won"])
    return deal["outcome"] == wanted


GAME_TESTS = {
    "tags": lambda ref, v: all(ref.tag(t.split("~")[0]) is not None and __import__("re").search(
        t.split("~")[1], ref.tag(t.split("~")[0])) for t in v),
    "players": lambda ref, v: any(ref.tag(s) and ref.tag(s).casefold() in {p.casefold() for p in v}
                                  for s in ("North", "East", "South", "West")),
    "teams": lambda ref, v: bool(ref.tag("Teams")) and any(t.strip().casefold() in {x.casefold() for x in v}
                                                           for t in ref.tag("Teams").split(" - ")),
    "date_from": lambda ref, v: ref.tag("Date")[:len(v)] >= v,
    "date_to": lambda ref, v: ref.tag("Date")[:len(v)] <= v,
    "rules": lambda ref, v: ref.report["rules"] in v,
    "results": lambda ref, v: (ref.game.result or "") in v,
    "has_codes": lambda ref, v: all(any(c.startswith(p) for c in ref.codes) for p in v),
    "lacks_codes": lambda ref, v: not any(c.startswith(p) for c in ref.codes for p in v),
    "annotated": lambda ref, v: ref.annotated == v,
    "games": lambda ref, v: int(v.split("-")[0]) <= ref.report["game"] <= int(v.split("-")[1]),
}
DEAL_TESTS = {
    "dealers": lambda d, v: d["dealer"] in v,
    "takers": lambda d, v: d["taker"] in v,
    "contracts": lambda d, v: d["kind"] in v or (d["value"] is not None and str(d["value"]) in v),
    "trumps": lambda d, v: d["trump"] in {({"H": 1, "S": 0, "D": 2, "C": 3, "sa": 4})[t] for t in v},
    "outcomes": lambda d, v: any(_outcome(d, o) for o in v),
    "glyphs": lambda d, v: bool(d["glyphs"] & set(v)),
    "deals": lambda d, v: int(v.split("-")[0]) <= d["position"] <= int(v.split("-")[1]),
}
CHOICES: dict[str, list[Any]] = {
    "tags": [["Event~^Club"], ["Event~Rif$"], ["Event~Open", "Round~^1"]],
    "players": [["Karim"], ["sara", "Hugo"]], "teams": [["Les As"], ["fra9i b"]],
    "date_from": ["2025.06", "2025.03.15"], "date_to": ["2025.04", "2025.10.02"],
    "rules": [["contree"], ["classic", "moroccan"]], "results": [["NS"], ["*"]],
    "has_codes": [["BEL503"], ["BEL5"]], "lacks_codes": [["BEL503"]], "annotated": [True, False],
    "games": ["3-9", "12-30"], "dealers": [["N"], ["E", "W"]], "takers": [["S"], ["N", "E"]],
    "contracts": [["take"], ["points"], ["capot", "generale"], ["80"], ["90", "100"]],
    "trumps": [["H"], ["S", "C"], ["sa"]], "outcomes": [["made"], ["failed"], ["capot", "dead"], ["litige"]],
    "glyphs": [["?"], ["!", "??"]], "deals": ["2-4", "1-1"],
}


def expected(refs: list[Reference], filters: dict[str, Any], invert: bool) -> tuple[list[int], list[tuple]]:
    """Brute force: (rounds of the games kept, (round, deal position) of the deals kept)."""
    games, deals = [], []
    for ref in refs:
        game_ok = all(GAME_TESTS[k](ref, v) for k, v in filters.items() if k in GAME_TESTS)
        dealt = [d for d in ref.deals()
                 if all(DEAL_TESTS[k](d, v) for k, v in filters.items() if k in DEAL_TESTS)]
        deal_filters = any(k in DEAL_TESTS for k in filters)
        if (game_ok and (bool(dealt) or not deal_filters)) != invert:
            games.append(ref.round)
        kept = {d["position"] for d in dealt} if game_ok else set()
        deals += [(ref.round, p) for p in range(1, len(ref.game.deals) + 1) if (p in kept) != invert]
    return games, deals


@pytest.fixture(scope="module")
def collection() -> dict[str, Any]:
    games = collection_games()
    text = as_text(games)
    done = CliRunner().invoke(cli, ["validate", "--format", "json", "-"], input=text.encode())
    assert done.exit_code == 1, done.output  # the planted BEL503 findings
    reports = json.loads(done.stdout)["files"][0]["games"]
    parsed = [p.game for p in parse_text(text)]
    refs = [Reference(g, r) for g, r in zip(parsed, reports, strict=True)]
    facts = [game_facts(ReadGame(g, i), "<stdin>") for i, g in enumerate(parsed, start=1)]
    return {"text": text, "refs": refs, "facts": facts}


def _build(filters: dict[str, Any], invert: bool) -> Query:
    return Query.build(**filters, invert=invert)


def _obtained(query: Query, facts: list) -> tuple[list[int], list[tuple]]:
    games = [int(f.tag("Round")) for f in facts if query.selects_game(f)]
    deals = [(int(f.tag("Round")), d.position) for f in facts for d in query.selected_deals(f)]
    return games, deals


SINGLE = [(name, value) for name, values in CHOICES.items() for value in values]


@pytest.mark.parametrize("invert", [False, True])
def test_every_filter_alone_matches_the_brute_force_reference(collection, invert):
    for name, value in SINGLE:
        want = expected(collection["refs"], {name: value}, invert)
        assert _obtained(_build({name: value}, invert), collection["facts"]) == want, (name, value)


def test_the_filters_are_not_vacuous(collection):
    """Each filter keeps some games and leaves some out, so the comparison above can fail."""
    for name in CHOICES:
        kept = [len(expected(collection["refs"], {name: v}, False)[1]) for v in CHOICES[name]]
        assert any(0 < k < 150 for k in kept), name


def test_random_combinations_match_the_reference(collection):
    rng = random.Random(7)
    for _ in range(120):
        names = rng.sample(sorted(CHOICES), rng.randint(2, 4))
        filters = {n: rng.choice(CHOICES[n]) for n in names}
        invert = rng.random() < 0.3
        assert _obtained(_build(filters, invert), collection["facts"]) == \
            expected(collection["refs"], filters, invert), filters


def test_the_work_reads_any_input_and_counts_what_it_writes(collection):
    source = Source("club.bel", data=collection["text"].encode())
    query = Query.build(rules=["classic", "contree"], outcomes=["made"])
    games = run_serial(SelectWork(query), [source])
    want_games, want_deals = expected(collection["refs"], {"rules": ["classic", "contree"],
                                                           "outcomes": ["made"]}, False)
    assert [int(g.header("Round")) for g in games] == want_games
    assert run_serial(SelectWork(query, deals=True, count=True), [source]) == len(want_deals)
    json_input = Source("club.json", data=CliRunner().invoke(
        cli, ["convert", "-", "--to", "json"], input=collection["text"].encode()).stdout_bytes)
    assert [content_key(g) == content_key(h) for g, h in zip(run_serial(SelectWork(query), [json_input]),
                                                             games, strict=True)].count(False) == 0


@pytest.mark.parametrize("deals", [False, True])
def test_select_output_validates_clean_and_round_trips(collection, tmp_path, deals):
    source = tmp_path / "club.bel"
    source.write_text(collection["text"], encoding="utf-8")
    out = tmp_path / "kept.bel"
    args = ["select", str(source), "--lacks", "BEL5", "--lacks", "BEL4", "--taker", "N", "--taker", "E",
            "-o", str(out)]
    done = CliRunner().invoke(cli, args + (["--output-deals"] if deals else []))
    assert done.exit_code == 0, done.output
    checked = CliRunner().invoke(cli, ["validate", "--format", "json", str(out)])
    assert checked.exit_code == 0, checked.output[-2000:]
    reports = json.loads(checked.stdout)["files"][0]["games"]
    assert reports and all(not r["findings"] for r in reports)
    kept = [p.game for p in parse_text(out.read_text(encoding="utf-8"))]
    by_round = {r.round: r.game for r in collection["refs"]}
    if not deals:
        assert all(content_key(g) == content_key(by_round[int(g.header("Round"))]) for g in kept)
    else:
        fingerprints = {d["fingerprint"] for r in reports for d in r["deals"]}
        originals = {d.fingerprint for f in collection["facts"] for d in f.deals}
        assert fingerprints <= originals and len(fingerprints) == len(kept)
    again = tmp_path / "again.bel"
    assert CliRunner().invoke(cli, ["select", str(out), "-o", str(again)]).exit_code == 0
    assert again.read_text(encoding="utf-8") == out.read_text(encoding="utf-8")


@pytest.mark.parametrize("args", [["--tag", "Event"], ["--tag", "Event~("], ["--games", "5-2"],
                                  ["--taker", "X"], ["--trump", "Z"], ["--date-from", "May"],
                                  ["--contract", "slam"], ["--to", "nosuch"]])
def test_a_filter_that_cannot_be_read_is_a_usage_error(collection, args):
    done = CliRunner().invoke(cli, ["select", "-", *args], input=b"deal 1\nend\n")
    assert done.exit_code == 2 and "Error:" in done.output and "Traceback" not in done.output


def test_a_query_error_names_the_option():
    with pytest.raises(QueryError, match="--dealer"):
        Query.build(dealers=["north"])
