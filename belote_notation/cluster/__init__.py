"""The cluster backend: the pipeline's and the collections' work run on Dask over byte ranges cut at
game boundaries, merged in input order, identical to a serial run (``docs/scale.md``).

* :func:`run_work` (:mod:`.run`): a collection command's ``map``/``merge`` work over byte ranges.
* :func:`run_on_cluster` (:mod:`.validate`): ``validate``'s events, as the pipeline's ``run``.
* :func:`.convert.read_on_cluster`: what a format reads from an input, range by range.
* :func:`.annotate.judge_on_cluster`: every deal of an input judged by the solver, a game per task.
* :func:`parse_address` (:mod:`.client`): ``local:N`` or ``tcp://host:port``, checked.

Dask itself is imported only when a cluster is reached.

>>> import belote_notation.cluster as cluster
>>> cluster.parse_address("local:2")
2
"""

from belote_notation.cluster.client import AddressError, parse_address
from belote_notation.cluster.run import RangeWork, run_work
from belote_notation.cluster.validate import run_on_cluster

__all__ = ["AddressError", "RangeWork", "parse_address", "run_on_cluster", "run_work"]
