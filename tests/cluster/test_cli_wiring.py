"""The command line's side of ``--cluster`` that needs no cluster: the display of the ranges
done (what the collection commands pass to ``run_work``), over several inputs."""

from __future__ import annotations

import io

from belote_notation.pipeline.inputs import Source
from belote_notation.pipeline.ranges import ByteRange
from belote_replay.cluster import RangesDisplay


def test_the_ranges_display_counts_the_bytes_of_every_input() -> None:
    out = io.StringIO()
    sources = [Source("a.bel", 100), Source("b.events.jsonl", 50)]
    with RangesDisplay("counting", sources, True, out) as display:
        display.advance(ByteRange("a.bel", "a.bel", "bel", 0, 60))
        display.advance(ByteRange("a.bel", "a.bel", "bel", 60, None))
        display.advance(ByteRange("b.events.jsonl", "b.events.jsonl", "events"))
    last = out.getvalue().splitlines()[-1]
    assert last.startswith("counting: 100% (150 of 150 bytes), 3 ranges"), last
