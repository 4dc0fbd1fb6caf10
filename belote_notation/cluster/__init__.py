"""The cluster backend: :class:`ClusterBackend`, the pipeline's
:class:`~belote_notation.pipeline.executor.Backend` on a Dask cluster (``docs/scale.md``).

Its workers read byte ranges of the inputs cut at game boundaries
(:mod:`belote_notation.pipeline.ranges`) and the outcomes come back through the pipeline's one
window over :class:`~.executor.DaskExecutor`, merged in input order, identical to a serial
run: ``validate`` (:func:`belote_notation.pipeline.pool.run`), ``convert``
(:func:`belote_notation.pipeline.range_work.read_items`), ``annotate``
(:func:`belote_notation.pipeline.review.review_input`) and the collections' works
(:func:`belote_notation.collections.spread.run_work`) each take the backend.

* :func:`parse_address` (:mod:`.client`): ``local:N`` or ``tcp://host:port``, checked.

Dask itself is imported only when a cluster is reached.

>>> import belote_notation.cluster as cluster
>>> cluster.parse_address("local:2")
2
>>> cluster.ClusterBackend("local:2").reads_ranges
True
"""

from belote_notation.cluster.client import AddressError, ClusterBackend, parse_address

__all__ = ["AddressError", "ClusterBackend", "parse_address"]
