"""The grammar of the notation: ``belote.lark``, the one definition of ``.bel`` (docs/notation.md).

It lives at the top of the repository, where people look for it, and is installed as the
package ``belote_notation.grammar`` (``[tool.setuptools.package-dir]`` in pyproject.toml), so
that the reader loads it from the installed files with :mod:`importlib.resources`.
"""
