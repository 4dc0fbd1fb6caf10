"""A game's cost outside its deals (issue 33): the tag pairs handed at once, the common tail read
as one token, the blanks skipped without the grammar's expression where there are none. Each
short cut gives the events, reports and findings of the way it replaces."""

from __future__ import annotations

import re

import pytest

from belote_notation.check.as_read import AsReadChecker
from belote_notation.check.checker import GameChecker
from belote_notation.check.validator import validate_text
from belote_notation.notation import vocabulary as vocab
from belote_notation.notation.read.canonical import heading_starts
from belote_notation.notation.read.reader import read_game_events
from belote_notation.notation.visitor import Visitor

HEAD = '[Event "club"]\n[Rules "contree"]\n[Deck "french"]\n[Dealer "E"]\n[Result "NS"]\n'
DEAL = ("deal 1 dealer E\nsmsara 1 N:pass W:pass S:pass E:pass\nhand N 8S 9S JS 8H 7D QD 7C 9C\n"
        "hand E QS 9H 10H 8D 9D KD 10C QC\nhand S 7S AS 7H QH KH 10D AD AC\n"
        "hand W 10S KS JH AH JD 8C JC KC\nscore 0 0\nmatch 0 0\n")


class Events(Visitor[list[tuple[object, ...]]]):
    """The game's events, but its deals (the tag pairs one by one, the result, the comments)."""

    def __init__(self) -> None:
        self.seen: list[tuple[object, ...]] = []

    def visit_header(self, name: str, value: str, line: int, col: int) -> None:
        self.seen.append(("tag", name, value, line, col))

    def visit_result(self, result: str | None, line: int, col: int) -> None:
        self.seen.append(("result", result, line, col))

    def visit_comment(self, text: str, line: int, col: int) -> None:
        self.seen.append(("comment", text, line, col))

    def visit_error(self, issue: object) -> None:
        self.seen.append(("error", issue))

    def result(self) -> list[tuple[object, ...]]:
        return self.seen


@pytest.mark.parametrize("tail", ["end NS", "end", "end *", "END ew", "fin ns", 'end "N-S \\"won\\""',
                                  "end   NS", "end\tNS"])
@pytest.mark.parametrize("after", ["\n", "", "\n\n  \n"])
def test_the_common_tail_is_read_as_the_general_way_reads_it(tail: str, after: str) -> None:
    """A tail with a comment after it is read the general way (its pieces cut): its result is
    the same event, at the same place, as without the comment (the short cut)."""
    text = HEAD + DEAL + tail + after
    short = read_game_events(text, Events())
    general = read_game_events(HEAD + DEAL + tail + " {after}" + after, Events())
    assert short == [e for e in general if e[0] != "comment"]
    assert short[-1][0] == "result"


def test_every_blank_of_the_grammar_is_a_space_for_python() -> None:
    """The reader asks the grammar's ``WS`` only where ``str.isspace`` says a blank is: it must hold
    for every character ``WS`` matches (the basic multilingual plane holds every Unicode space)."""
    blank = re.compile(vocab.pattern("WS"))
    assert all(c.isspace() for c in map(chr, range(0x10000)) if blank.fullmatch(c))


def test_a_canonical_heading_starts_with_a_deal_keyword() -> None:
    """The head's end is known by a canonical heading before the grammar's keywords are asked."""
    keyword = re.compile(vocab.pattern("DEAL_KW"))
    assert heading_starts() and all(keyword.match(start) for start in heading_starts())


def test_tag_pairs_at_once_are_the_events_one_by_one() -> None:
    """A visitor that reads each tag pair (its own ``visit_header``) gets them one by one from the
    laid-out head, at their places."""
    seen = read_game_events(HEAD + DEAL + "end NS\n", Events())
    assert [e for e in seen if e[0] == "tag"] == [
        ("tag", "Event", "club", 1, 1), ("tag", "Rules", "contree", 2, 1), ("tag", "Deck", "french", 3, 1),
        ("tag", "Dealer", "E", 4, 1), ("tag", "Result", "NS", 5, 1)]


def test_a_checker_that_reads_each_tag_gets_each_tag() -> None:
    """A subclass of the checks with its own ``visit_header`` is not passed by (the batch falls back
    to one call a tag pair), and the store's checker keeps every pair as read."""

    class Counting(GameChecker):
        __slots__ = ("count",)

        def visit_header(self, name: str, value: str, line: int, col: int) -> None:
            self.count = getattr(self, "count", 0) + 1
            super().visit_header(name, value, line, col)

    counting = Counting(file="t.bel")
    report = read_game_events(HEAD + DEAL + "end NS\n", counting)
    assert counting.count == 5 and report.rules == "contree" and report.result == "NS"
    as_read = AsReadChecker(file="t.bel")
    read_game_events(HEAD + DEAL + "end NS\n", as_read)
    assert as_read.tag_pairs == [("Event", "club"), ("Rules", "contree"), ("Deck", "french"), ("Dealer", "E"),
                                 ("Result", "NS")]


def test_games_with_the_same_tags_are_set_up_alike_and_their_findings_placed() -> None:
    """The rules resolved once for a file's games that repeat their tags: every game gets its own
    options, and a tag with a finding is said in every game, at its own place."""
    good = HEAD.replace('[Result "NS"]\n', '[Option "target=600"]\n') + DEAL + "end\n\n"
    bad = HEAD.replace('[Result "NS"]\n', '[Option "bogus"]\n') + DEAL + "end\n\n"
    reports = validate_text(good + bad + good + bad, "t.bel")
    assert [r.options for r in reports] == [{"target": 600}, {}, {"target": 600}, {}]
    reports[0].options["target"] = 1  # a report's own dict
    assert validate_text(good, "t.bel")[0].options == {"target": 600}
    bad_options = [(r.game, f.code, f.line) for r in reports for f in r.findings if f.code == "BEL702"]
    first_bad = good.count("\n") + 5
    assert bad_options == [(2, "BEL702", first_bad), (4, "BEL702", 2 * good.count("\n") + first_bad)]
