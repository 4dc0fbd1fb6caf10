"""The notation: records, the grammar, the reader, the writer and the JSON twin.

Text in, records out, and back. Knows nothing of legality: the checks (``belote_notation.check``)
join the records with the rules engine.
"""
