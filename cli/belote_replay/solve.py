"""``belote-replay solve FILE [--game N] [--deal N] [--at TRICK.CARD]``: double-dummy values.

At a point of a recorded deal (default: the first lead), with every hand visible: the card
points the side to move makes with each legal card (best play on both sides after it), the
best line to the end, and with ``--table`` the deal's double-dummy table (the card points each
side makes with each trump, the leader as the rules give it). Each question searches at most
``--budget`` positions and is refused past it (exit 1). Text, or ``--format json``.
"""

from __future__ import annotations

import json
from typing import NoReturn

import click

from belote_notation.analysis.position import position_report
from belote_notation.analysis.refusal import Refusal
from belote_notation.analysis.solver import DEFAULT_BUDGET, SolverUnavailable
from belote_notation.check.findings import Finding
from belote_notation.check.replay import replay_game
from belote_notation.game.cards import SPANISH_SUIT_WORDS, Deck
from belote_notation.game.lang import msg
from belote_notation.game.lang.render import chosen_lang, name_suit, said, say
from belote_notation.pipeline.inputs import InputProblem
from belote_notation.pipeline.records import pick_game  # the one way the commands pick a game of an input
from belote_replay.click_words import Choice
from belote_replay.lang import lang_option
from belote_replay.suggest import Refused

__all__ = ["command"]


def _fail(message: str) -> NoReturn:
    click.echo(f"belote-replay: {message}", err=True)
    raise SystemExit(2)


def _point(text: str) -> tuple[int, int]:
    trick, _, card = text.partition(".")
    try:
        point = int(trick), int(card or 1)
    except ValueError:
        raise Refused(say(msg("%(at)s: write TRICK.CARD, e.g. 4.1", at=repr(text)))) from None
    if not (1 <= point[0] <= 8 and 1 <= point[1] <= 4):
        outside = msg("%(at)s: write TRICK.CARD with TRICK 1 to 8 and CARD 1 to 4, e.g. 4.1", at=repr(text))
        raise Refused(say(outside))
    return point


def _suit(word: str) -> str:
    """A trump of the report in the language asked: a Spanish suit's word as its players say it
    (Arabic: الكوبا); a French suit's symbol, or a strain, as written."""
    if word in SPANISH_SUIT_WORDS:
        return name_suit(SPANISH_SUIT_WORDS.index(word), Deck.SPANISH, chosen_lang())
    return word


def render(report: dict) -> str:
    """The report of :func:`~belote_notation.analysis.position.position_report` as text, in the
    language asked (the cards, trumps and seats as the report writes them)."""
    side = {"N": "N-S", "S": "N-S", "E": "E-W", "W": "E-W"}
    lines = [say(msg("Deal %(deal)s: trump %(trump)s, taker %(taker)s, before card %(at)s (trick.card)",
                     deal=report["deal"], trump=_suit(report["trump"]), taker=str(report["taker"]),
                     at=report["at"]))]
    if report["to_play"] is None:
        lines.append(say(msg("The deal is over.")))
    else:
        seat = report["to_play"]
        lines.append(say(msg("%(seat)s to play; card points %(side)s make (best play after each card):",
                             seat=seat, side=side[seat]) if report["value"] == "cards" else
                         msg("%(seat)s to play; points the deal scores %(side)s make (best play after each "
                             "card):", seat=seat, side=side[seat])))
        best = say(msg("best"))
        for v in report["values"]:
            mark = best if v["loss"] == 0 else f"-{v['loss']}"
            lines.append(f"  {v['symbol']:<4} {v['points']:>4}  {mark}")
        lines.append(say(msg("Best line: %(cards)s", cards=" ".join(report["best_line"]))))
    if not report["table"]:
        return "\n".join(lines) + "\n"
    lines.append(say(msg("Double-dummy table (card points from the first lead):")))
    trump, takers, leader = say(msg("trump")), say(msg("takers")), say(msg("leader"))
    named = [_suit(e["trump"]) for e in report["table"]]
    width = max([len(trump), *map(len, named)])  # oros, espadas: the game's deck
    wide, lead = max(9, len(takers)), max(6, len(leader))
    lines.append(f"  {trump:<{width}}  {takers:<{wide}} {leader:<{lead}} {'N-S':>5} {'E-W':>5}")
    for e, suit in zip(report["table"], named, strict=True):
        seats = " ".join(e["takers"])
        lines.append(f"  {suit:<{width}}  {seats:<{wide}} {e['leader']:<{lead}} {e['ns']:>5} {e['ew']:>5}")
    return "\n".join(lines) + "\n"


@click.command("solve")
@click.argument("file", metavar="FILE")
@lang_option
@click.option("--game", "game_number", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which game (match) of the file, counting from 1.")
@click.option("--deal", "deal_number", type=int, default=None,
              help="The deal's number; default: the first deal with a contract and known hands.")
@click.option("--at", "at", default="1.1", show_default=True, metavar="TRICK.CARD",
              help="Before which card: trick 1..8, card 1..4 of that trick.")
@click.option("--table", is_flag=True,
              help="Also the deal's double-dummy table (every trump, from the first lead).")
@click.option("--budget", type=click.IntRange(min=1, max=10**15), default=DEFAULT_BUDGET, show_default=True,
              help="Positions one question may search; past it the question is refused.")
@click.option("--value", type=Choice(["cards", "score"]), default="cards", show_default=True,
              help="What a card's value counts: cards, the card points; score, the points the deal scores "
                   "(contract made or failed, belote, announcements, capot).")
@click.option("--format", "fmt", type=Choice(["text", "json"]), default="text", show_default=True)
def command(file: str, game_number: int, deal_number: int | None, at: str, table: bool, budget: int,
            value: str, fmt: str) -> None:
    """Double-dummy values of every legal card at a point of a deal, the best line and the table."""
    point = _point(at)
    held: list[Finding] = []  # what an input without a game holds (malformed JSON...)
    parsed = pick_game(file, game_number, held)
    for finding in held:
        click.echo(str(finding), err=True)
    if isinstance(parsed, InputProblem):
        _fail(f"{file}: {said(parsed.msg, parsed.message)}")
    if parsed is None:
        _fail(say(msg("%(file)s has no game %(game)s", file=file, game=game_number)))
    replay = replay_game(parsed.game, file)
    chosen = [d for d in replay.deals if (deal_number is None and d.hands_complete and d.state is not None
                                          and d.state.taker is not None)
              or d.deal.number == deal_number]
    if not chosen:
        none = msg("game %(game)s has no deal %(deal)s", game=game_number, deal=deal_number) \
            if deal_number is not None else \
            msg("game %(game)s has no deal to solve (a contract and known hands)", game=game_number)
        _fail(f"{file}: {say(none)}")
    try:
        report = position_report(chosen[0], *point, replay.deck, table=table, budget=budget,
                                 value=value)
    except SolverUnavailable as exc:  # installed without a C compiler: one line, exit 2
        click.echo(f"belote-replay: {exc}", err=True)
        raise SystemExit(2) from None
    except ValueError as exc:  # cannot be solved there, or past the budget: refused, located (exit 1)
        why = said(exc.reason if isinstance(exc, Refusal) else None, str(exc))
        click.echo(f"belote-replay: {file}: {why}", err=True)
        raise SystemExit(1) from None
    if fmt == "json":
        click.echo(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        click.echo(render(report), nl=False)
