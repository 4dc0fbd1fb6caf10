"""Game collections: select, dedupe, stats and Parquet export over any inputs, one pass, flat memory
(``docs/collections.md``). Built on the pipeline; the cluster backend and the service use it.
"""
