"""The text replay's scores (:mod:`belote_notation.render.text`): each deal's score lines and
the match table, in the language asked, from the checks' report; a deal that was not scored
shows its recorded numbers (a score sheet).

>>> _pair([90, 72])
'N-S 90, E-W 72'
"""

from __future__ import annotations

from collections.abc import Sequence

from belote_notation.check.replay import DealReplay, GameReplay
from belote_notation.check.report import DealReport
from belote_notation.game.lang import Listed, msg
from belote_notation.game.lang.render import say
from belote_notation.notation.records import Deal
from belote_notation.render.text_style import SEATS, Style, columns

__all__ = ["outcome_word", "recorded_lines", "render_match", "score_lines"]


def outcome_word(outcome: str | None) -> str:
    """A deal's outcome (``made``, ``failed``, ``capot``, ``litige``, ``dead``) in the
    language asked; ``?`` when it has none."""
    return say(msg(outcome)) if outcome else "?"


def render_match(game_replay: GameReplay, style: Style) -> list[str]:
    """The match table; a deal that was not scored shows its recorded numbers (a score sheet)."""
    report = game_replay.report
    width = max(5, style.width)  # a suit's symbol, or its word (``espadas``, ``diamonds``)
    # the N-S heading stands one column left of its figures, as the table has always printed it
    outcomes = max([10] + [len(outcome_word(d.outcome)) for d in report.deals])  # ``contrat réussi``
    head, widths = columns([(msg("deal"), 4, ">"), (msg("dealer"), 6, "<"), (msg("taker"), 5, "<"),
                            (msg("trump"), width, "<"), (msg("outcome"), outcomes, "<"), ("N-S", 3, ">"),
                            ("E-W", 4, ">"), (msg("pot"), 4, ">"), (msg("total N-S"), 9, ">"),
                            (msg("total E-W"), 9, ">")], gap="  ")
    lines = [say(msg("Match:")), "  " + head]
    recorded: list[int] = []
    for d in report.deals:
        lines.append(_match_row(d, style, widths, recorded))
    if recorded:
        numbers = Listed(tuple(recorded))
        lines.append("  " + say(msg("(as recorded, not replayed: deal %(deals)s)", deals=numbers)
                                if len(recorded) == 1 else
                                msg("(as recorded, not replayed: deals %(deals)s)", deals=numbers)))
    winner = ("N-S", "E-W")[report.winner] if report.winner in (0, 1) else say(msg("nobody yet"))
    result = report.result
    lines.append(say(msg("Winner: %(winner)s (recorded result %(result)s)", winner=winner, result=result)
                     if result else msg("Winner: %(winner)s", winner=winner)))
    return lines


def _match_row(d: DealReport, style: Style, widths: list[int], recorded: list[int]) -> str:
    """One deal of the match table; its number added to ``recorded`` when a figure is the record's."""
    credited = _with_pot(d)
    totals = d.totals
    if credited is None and d.claimed_score is not None:
        credited = d.claimed_score
        recorded.append(d.number)
    if totals is None and d.claimed_totals is not None:
        totals = d.claimed_totals
        if not recorded or recorded[-1] != d.number:
            recorded.append(d.number)
    dealer = SEATS[d.dealer] if d.dealer is not None else "?"
    taker = SEATS[d.taker] if d.taker is not None else "-"
    trump = style.suit(d.trump) if d.trump is not None else "-"
    ns, ew = (credited[0], credited[1]) if credited else ("-", "-")
    pot = d.pot if d.pot is not None else (d.claimed_pot if d.claimed_pot is not None else "-")
    total_ns, total_ew = (totals[0], totals[1]) if totals else ("-", "-")
    typed = d.claimed_totals
    beside = ("  " + say(msg("(typed %(ns)s %(ew)s)", ns=typed[0], ew=typed[1]))
              if typed is not None and totals and typed != totals else "")
    w = widths
    return (f"  {d.number:>{w[0]}}  {dealer:<{w[1]}}  {taker:<{w[2]}}  {trump:<{w[3]}}  "
            f"{outcome_word(d.outcome):<{w[4]}}  {ns:>{w[5] + 1}}  {ew:>{w[6]}}  {pot:>{w[7]}}  "
            f"{total_ns:>{w[8]}}  {total_ew:>{w[9]}}{beside}")


def _pair(values: Sequence[int] | None) -> str:
    return "-" if values is None else f"N-S {values[0]}, E-W {values[1]}"


def recorded_lines(deal: Deal) -> list[str]:
    """The scores a deal records (a score sheet's line), indented under the deal."""
    lines = []
    if deal.score is not None:
        lines.append("  " + say(msg("recorded deal score %(score)s",
                                    score=_pair((deal.score.ns, deal.score.ew)))))
    if deal.match_score is not None:
        lines.append("  " + say(msg("recorded match %(score)s",
                                    score=_pair((deal.match_score.ns, deal.match_score.ew)))))
    if deal.pot is not None:
        lines.append("  " + say(msg("recorded pot %(pot)s", pot=deal.pot)))
    return lines


def score_lines(replay: DealReplay) -> list[str]:
    """A deal's score: its outcome and card points, what was credited, the match after it."""
    report = replay.report
    if report is None or report.outcome is None:
        return [say(msg("Score: not computed (see the findings)")), *recorded_lines(replay.deal)]
    if report.outcome == "dead":
        lines = [say(msg("Score: dead deal, nobody scores"))]
    else:
        lines = [say(msg("Score: %(outcome)s, card points %(points)s", outcome=outcome_word(report.outcome),
                         points=_pair(report.card_points)))]
        if report.announcements and any(report.announcements):
            lines.append("  " + say(msg("announcements %(score)s", score=_pair(report.announcements))))
        if report.belote and any(report.belote):
            lines.append("  " + say(msg("belote %(score)s", score=_pair(report.belote))))
        lines.append("  " + say(msg("credited %(score)s", score=_pair(report.credited))))
        if report.pot_in:
            lines.append("  " + say(msg("%(points)s into the litige pot", points=report.pot_in)))
        if report.pot_claimed and any(report.pot_claimed):
            lines.append("  " + say(msg("pot claimed %(score)s", score=_pair(report.pot_claimed))))
    lines.append("  " + say(msg("match %(score)s, pot %(pot)s", score=_pair(report.totals),
                                pot=str(report.pot))))
    if report.claimed_score is not None and report.claimed_score != _with_pot(report):
        lines.append("  " + say(msg("recorded deal score %(score)s", score=_pair(report.claimed_score))))
    if report.claimed_totals is not None and report.claimed_totals != report.totals:
        lines.append("  " + say(msg("recorded match %(score)s", score=_pair(report.claimed_totals))))
    return lines


def _with_pot(report: DealReport) -> list[int] | None:
    if report.credited is None:
        return None
    claimed = report.pot_claimed or [0, 0]
    return [report.credited[0] + claimed[0], report.credited[1] + claimed[1]]
