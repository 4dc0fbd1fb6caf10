"""The writers of the notation: records out as canonical text (``writer``)."""
