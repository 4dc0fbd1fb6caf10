"""``export`` keeps the rows of every table in input order, in every file however large its
batch (issue 34: on 200,000 deals the tables of ``export --cluster local:2`` did not equal the
serial run's; pyarrow's dataset writer, on its threads, wrote the slices of a table over
131,072 rows in the order they were done, not in the rows' order, serial or not)."""

from __future__ import annotations

import pytest

from belote_notation.collections.export import write_table

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

SLICE = 131_072  # the rows of one slice of pyarrow's dataset scanner (its default batch size)


@pytest.mark.parametrize("partition_by", [(), ("rules",)], ids=["flat", "partitioned"])
def test_a_table_of_many_slices_is_written_in_its_rows_order(tmp_path, partition_by):
    # written out of order, one of 8 tables of 4 slices at least came back shuffled (each, on
    # its own, about half the time on 2 loaded cores)
    count = 4 * SLICE + 5
    data = pa.table({"rules": pa.array(["classic"] * count), "points": pa.array(range(count), pa.int32())})
    for batch in range(8):
        write_table(data, str(tmp_path / "tricks"), f"part-{batch:05d}-{{i}}.parquet", partition_by, 2)
    back = pq.read_table(tmp_path / "tricks", columns=["points"]).column("points").combine_chunks()
    assert back.equals(pa.concat_arrays([data.column("points").combine_chunks()] * 8))
