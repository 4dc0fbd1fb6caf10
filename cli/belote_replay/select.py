"""``belote-replay select INPUTS...``: the games or deals that match, in any writable format,
or how many (``--count``). One pass, one game in memory at a time (docs/collections.md)."""

from __future__ import annotations

import click

from belote_notation.collections.query import CONTRACTS, OUTCOMES, Query, QueryError
from belote_notation.collections.select import SelectWork
from belote_notation.formats.native import BelFormat
from belote_notation.pipeline.unread import Unread
from belote_replay.click_words import Choice
from belote_replay.collection_run import (
    CLUSTER_HELP,
    UNREAD_EXIT,
    backend,
    fail,
    open_output,
    refuse_overwriting_inputs,
    run,
    say_unread,
    sources,
    writer_of,
)
from belote_replay.lang import lang_option

__all__ = ["command"]


@click.command("select", epilog=f"Exit codes: 0 done (even when nothing matched); {UNREAD_EXIT}; 2 usage "
               "error or an input that cannot be read. Filters of the same option are alternatives (any of "
               "them); different options must all match.")
@click.argument("inputs", nargs=-1)
@lang_option
@click.option("--tag", "tags", multiple=True, metavar="NAME=VALUE|NAME~REGEX",
              help="A tag equal to VALUE, or where REGEX is found (Event~'Club.*').")
@click.option("--player", "players", multiple=True, help="A player at any seat (any case).")
@click.option("--team", "teams", multiple=True, help="A team of the Teams tag (any case).")
@click.option("--date-from", metavar="YYYY.MM.DD", help="Date tag on or after (YYYY.MM and YYYY too).")
@click.option("--date-to", metavar="YYYY.MM.DD", help="Date tag on or before.")
@click.option("--rules", multiple=True, help="Rule system the game was checked with.")
@click.option("--result", "results", multiple=True, help="Recorded result: NS, EW or *.")
@click.option("--has", "has_codes", multiple=True, metavar="CODE",
              help="Games with a finding of this code or prefix (BEL303, BEL3).")
@click.option("--lacks", "lacks_codes", multiple=True, metavar="CODE",
              help="Games without any finding of this code or prefix.")
@click.option("--annotated/--not-annotated", default=None,
              help="Games with (or without) review material: glyphs, NAGs, comments, variations.")
@click.option("--games", metavar="RANGES", help="Game numbers in their input: 10-20, 3, 7-, 1,4-5.")
@click.option("--dealer", "dealers", multiple=True, metavar="SEAT", help="Deal dealt by N, E, S or W.")
@click.option("--taker", "takers", multiple=True, metavar="SEAT", help="Deal taken by N, E, S or W.")
@click.option("--contract", "contracts", multiple=True, metavar="KIND|VALUE",
              help=f"Contract kind ({', '.join(CONTRACTS)}) or a contrée value (80, 110...).")
@click.option("--trump", "trumps", multiple=True, help="Trump: S H D C (♠ ♥ ♦ ♣), sa, ta.")
@click.option("--outcome", "outcomes", multiple=True, type=Choice(OUTCOMES, case_sensitive=False),
              help="Deal outcome (made and failed count a capot for the side that made it).")
@click.option("--glyph", "glyphs", multiple=True,
              help="A deal with this glyph on a call or card (! ? !! ?? !? ?!).")
@click.option("--deals", "deal_ranges", metavar="RANGES", help="Deal positions in their game: 1-3, 5.")
@click.option("--invert", is_flag=True, help="Keep exactly what the filters leave out.")
@click.option("--output-deals", "as_deals", is_flag=True,
              help="Write each matching deal as a game of its own (else the matching games).")
@click.option("--count", is_flag=True, help="Print how many games (or deals) match; write nothing.")
@click.option("--to", "to_format", metavar="NAME",
              help="Output format (default: from OUT's name, else .bel).")
@click.option("-o", "--output", default="-", metavar="OUT", help="Output file (default: stdout).")
@click.option("--cluster", metavar="ADDRESS", help=CLUSTER_HELP)
def command(inputs, tags, players, teams, date_from, date_to, rules, results, has_codes, lacks_codes,
            annotated, games, dealers, takers, contracts, trumps, outcomes, glyphs, deal_ranges, invert,
            as_deals, count, to_format, output, cluster) -> None:
    """Keep the games (or deals) of INPUTS (any readable format; '-' is stdin) that match."""
    try:
        query = Query.build(tags=tags, players=players, teams=teams, date_from=date_from, date_to=date_to,
                            rules=rules, results=results, has_codes=has_codes, lacks_codes=lacks_codes,
                            annotated=annotated, games=games, dealers=dealers, takers=takers,
                            contracts=contracts, trumps=trumps, outcomes=outcomes, glyphs=glyphs,
                            deals=deal_ranges, invert=invert)
    except QueryError as exc:
        fail(str(exc))
    found = sources(inputs)
    work = SelectWork(query, deals=as_deals, count=count)
    unread = Unread()
    spread = backend(cluster)
    if count:
        click.echo(run(work, found, spread, unread))
        say_unread(unread)
        return
    fmt = writer_of(to_format, output)
    refuse_overwriting_inputs(output, found)
    as_text = isinstance(fmt, BelFormat)  # a game kept whole written from its reading (no records)
    if as_text and not spread.in_process:  # the workers write the .bel text; here it is only copied
        work = SelectWork(query, deals=as_deals, texts=True)
    kept = iter(run(work, found, spread, unread, here=lambda inputs: (
        game for games in inputs for game in (work.written(games) if as_text else work.select(games)))))
    with open_output(output) as out:
        for lost in (fmt.write_texts(kept, out) if isinstance(fmt, BelFormat) else fmt.write(kept, out)):
            click.echo(f"{output}: {lost}", err=True)
    say_unread(unread)
