"""A recorded ``.bel`` file as a live game plays it: each game's opening and its acts, each act
with its place in the file, so that a refusal is printed where ``validate`` of the file says.

A live game's findings name places in the live game's own record (its canonical text, whose
lines are not the file's); :meth:`ActPlace.of` maps a finding on an act back to the file: a
card, a call or an announcement to its token, a hand's card to that card, a score line to the
line it names, the end to the ``Result`` tag (or the result after ``end``).

>>> text = '[Rules "classic"]\\n\\ndeal 1 dealer N\\nsmsara N:pass E:take S\\nend *\\n'
>>> [(data["act"], place.line, place.col) for data, _, place in placed_acts_of_text(text)]
[('deal', 3, 1), ('call', 4, 8), ('call', 4, 15), ('end', 5, 5)]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

from belote_notation.check.live_acts import Act, DealAct, EndAct, RestAct, ScoreAct, sourced_acts
from belote_notation.check.setup import ValidationConfig, resolve_setup
from belote_notation.game.cards import SEAT_NAMES
from belote_notation.notation import records as R
from belote_notation.notation.headers import game_deck
from belote_notation.notation.read.reader import parse_text

__all__ = ["ActPlace", "RecordedGame", "acts_of_text", "placed_acts_of_text", "recorded_games"]

Place = tuple[int, int]


class ActPlace(NamedTuple):
    """Where an act is in its file: ``line`` and ``col`` of its token (0, 0: not known), and
    the places of the parts a finding on it may name: each seat's cards (``cards``, for a deal's
    start and its rest: each card's column in the live game's record, where the writer puts it,
    and its place in the file) or each line of a score act (``lines``: ``score``, ``match``,
    ``pot``)."""

    line: int
    col: int
    cards: Mapping[str, tuple[tuple[int, Place], ...]] = {}
    lines: Mapping[str, Place] = {}

    def of(self, finding: Mapping[str, Any]) -> Place:
        """The file's (line, col) of ``finding``, which a live game gave for this act.

        >>> ActPlace(43, 19).of({"code": "BEL303", "line": 38, "col": 19})
        (43, 19)
        >>> place = ActPlace(43, 1, cards={"S": ((10, (45, 12)), (13, (45, 16)))})
        >>> place.of({"seat": "S", "line": 39, "col": 13}), place.of({"seat": "S", "line": 37, "col": 1})
        ((45, 16), (43, 1))
        """
        col = int(finding.get("col") or 0)
        held = self.cards.get(str(finding.get("seat")), ())
        if held and col > 1:  # a card of a hand line, not the deal's line
            return next((at for written, at in held if written == col), held[0][1])
        if self.lines:  # the pot's number is the only part named after its line's start
            match = str(finding.get("code", "")).startswith("BEL6")
            name = "pot" if col > 1 else "match" if match else "score"
            return self.lines.get(name) or next(iter(self.lines.values()))
        return self.line, self.col


def _at(record: R.Record | None) -> Place | None:
    return None if record is None or not record.line else (record.line, record.col)


Held = dict[str, tuple[tuple[int, Place], ...]]


def _cards(keyword: str, hands: list[R.Hand], names: Mapping[Any, list[str]] | None) -> Held:
    """Each seat's cards: the column the writer gives each (``keyword SEAT c1 c2 ...``), its place."""
    found: Held = {}
    for hand in hands:
        seat = SEAT_NAMES[hand.seat]
        written, cols = len(keyword) + 4, []
        for name in (names or {}).get(seat, []):
            cols.append(written)
            written += len(name) + 1
        found[seat] = tuple(zip(cols, hand.positions, strict=False))
    return found


def act_place(game: R.Game, act: Act, source: R.Record) -> ActPlace:
    """The place in the file of ``act``, read from ``source`` (:func:`~.live_acts.sourced_acts`)."""
    if isinstance(act, EndAct):
        tag = next((h for h in game.headers if h.name.lower() == "result"), None)
        at = _at(tag) or game.result_pos or (0, 0)
        return ActPlace(*at)
    if isinstance(source, R.Deal):
        if isinstance(act, DealAct):
            keyword, hands = ("tafr9a", source.five) if source.five else ("hand", source.hands)
            return ActPlace(source.line, source.col, _cards(keyword, hands, act.tafr9a or act.hands))
        if isinstance(act, RestAct):
            first = _at(source.rest[0]) or (source.line, source.col)
            return ActPlace(*first, cards=_cards("rest", source.rest, act.hands))
        if isinstance(act, ScoreAct):
            score, match = _at(source.score), _at(source.match_score)
            parts = (("score", score), ("match", match), ("pot", source.pot_pos))
            lines = {name: at for name, at in parts if at is not None}
            first = next(iter(lines.values()), (source.line, source.col))
            return ActPlace(*first, lines=lines)
    return ActPlace(source.line, source.col)


class RecordedGame(NamedTuple):
    """A recorded game as a live game opens and plays it (:func:`recorded_games`)."""

    rules: str
    tags: dict[str, str]
    options: dict[str, str]
    acts: list[dict[str, Any]]
    places: list[ActPlace] = []
    """The place in the file of each act (parallel to ``acts``)."""


def recorded_games(text: str) -> Iterator[RecordedGame]:
    """Each game of a recorded ``.bel`` text as :class:`LiveGame` takes it: its rule system (as
    ``validate`` resolves its tags), its other tags, its options (the ``Option`` tags, each
    ``name=value``), its acts (:func:`acts_of_text`) and their places in the text.

    >>> [game] = recorded_games('[Rules "coinche"]\\n[Option "target=2000"]\\n[West "Nadia"]\\n\\nend *\\n')
    >>> game.rules, game.tags, game.options, game.acts
    ('coinche', {'West': 'Nadia'}, {'target': '2000'}, [{'act': 'end', 'result': '*'}])
    >>> game.places
    [ActPlace(line=5, col=5, cards={}, lines={})]
    """
    for parsed in parse_text(text):
        game = parsed.game
        rules = resolve_setup(game.headers, ValidationConfig()).rules.name
        tags: dict[str, str] = {}
        options: dict[str, str] = {}
        for header in game.headers:
            key = header.name.lower()
            if key in ("option", "options") and "=" in header.value:
                name, _, value = header.value.partition("=")
                options[name.strip()] = value.strip()
            elif key not in ("rules", "option", "options", "result"):
                tags[header.name] = header.value
        sourced = list(sourced_acts(game, game_deck(game.headers)))
        acts = [a.model_dump(mode="json", exclude_none=True) for a, _ in sourced]
        yield RecordedGame(rules, tags, options, acts, [act_place(game, a, source) for a, source in sourced])


def placed_acts_of_text(text: str) -> Iterator[tuple[dict[str, Any], Act, ActPlace]]:
    """The acts of each game of a recorded ``.bel`` text, in order: (its JSON form, the act,
    its place in the text)."""
    for parsed in parse_text(text):
        game = parsed.game
        for act, source in sourced_acts(game, game_deck(game.headers)):
            yield act.model_dump(mode="json", exclude_none=True), act, act_place(game, act, source)


def acts_of_text(text: str) -> Iterator[tuple[dict[str, Any], Act]]:
    """The acts of each game of a recorded ``.bel`` text, in order: (its JSON form, the act).
    The JSON form is what an app sends (:func:`~.live_acts.parse_act` reads it back).

    >>> text = '[Rules "classic"]\\n\\ndeal 1 dealer N\\nsmsara N:pass E:take S\\nend *\\n'
    >>> [data["act"] for data, _ in acts_of_text(text)]
    ['deal', 'call', 'call', 'end']
    """
    for data, act, _ in placed_acts_of_text(text):
        yield data, act
