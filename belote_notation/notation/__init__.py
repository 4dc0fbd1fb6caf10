"""The notation: records, the grammar's words and the reading events, with its readers
(:mod:`belote_notation.notation.read`) and writers (:mod:`belote_notation.notation.write`).

Text in, records out, and back. This package holds what both sides share (``records``,
``visitor``, ``vocabulary``, ``issues``, ``limits``, ``headers``, fingerprints); the readers and
the writers are peers that do not import each other. Knows nothing of legality: the checks
(``belote_notation.check``) join the records with the rules engine.
"""
