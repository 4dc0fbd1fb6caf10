"""The inputs of a command: the library's (:mod:`belote_notation.pipeline.inputs`), named here
for the commands that import them from the command line's package."""

from __future__ import annotations

from belote_notation.pipeline.inputs import STDIN, Discovery, InputProblem, Source, discover

__all__ = ["STDIN", "Discovery", "InputProblem", "Source", "discover"]
