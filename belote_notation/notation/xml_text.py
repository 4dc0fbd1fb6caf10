"""Text as an XML document can hold it: the diagrams (``render.svg``) and the JUnit report
(``pipeline.output.ci``) write what a record or a file's name holds, and XML 1.0 forbids some
characters everywhere, even as references. Here, with nothing imported, so that an output
that writes XML does not load the renderer to ask.

>>> xml_chars("A\\x01B") == "A\\ufffdB"
True
"""

from __future__ import annotations

import re

__all__ = ["xml_chars"]

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""The characters XML 1.0 allows nowhere (C0 controls but tab and the line ends, lone
surrogates, U+FFFE and U+FFFF): a record may hold them in a player's name, a file its name."""


def xml_chars(text: str) -> str:
    r"""``text`` with each character XML forbids as U+FFFD: what an XML document can hold of
    it. The record keeps its text; only the document shows the replacement.

    >>> xml_chars("North\x0b") == "North\ufffd", xml_chars("tab\tand\nline")
    (True, 'tab\tand\nline')
    """
    return _NOT_XML.sub("\ufffd", text)
