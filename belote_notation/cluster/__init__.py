"""The cluster backend: the pipeline's and the collections' work run on Dask over byte ranges cut at
game boundaries, merged in input order, identical to a serial run (``docs/scale.md``).

* :func:`run_work` (:mod:`.run`): a collection command's ``map``/``merge`` work over byte ranges.
* :func:`run_on_cluster` (:mod:`.validate`): ``validate``'s events, as the pipeline's ``run``.
* :func:`read_on_cluster` (:mod:`.convert`): what a format reads from an input, range by range.
* :func:`judge_on_cluster` (:mod:`.annotate`): every deal of an input judged by the solver.
* :func:`parse_address` (:mod:`.client`): ``local:N`` or ``tcp://host:port``, checked.

Names are imported on first use (Dask is loaded only when a cluster is used).

>>> import belote_notation.cluster as cluster
>>> cluster.parse_address("local:2")
2
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_EXPORTS = {
    "run_work": "run",
    "RangeWork": "run",
    "run_on_cluster": "validate",
    "read_on_cluster": "convert",
    "judge_on_cluster": "annotate",
    "parse_address": "client",
    "AddressError": "client",
}

__all__ = [
    "AddressError",
    "RangeWork",
    "judge_on_cluster",
    "parse_address",
    "read_on_cluster",
    "run_on_cluster",
    "run_work",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'belote_notation.cluster' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"belote_notation.cluster.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})


if TYPE_CHECKING:
    from belote_notation.cluster.annotate import judge_on_cluster
    from belote_notation.cluster.client import AddressError, parse_address
    from belote_notation.cluster.convert import read_on_cluster
    from belote_notation.cluster.run import RangeWork, run_work
    from belote_notation.cluster.validate import run_on_cluster
