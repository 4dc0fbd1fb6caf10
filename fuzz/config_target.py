"""The ``config`` fuzz target (issue 38): any bytes as a configuration file of ``validate``.

The first byte chooses the file's name (``belote-replay.toml``, or a ``pyproject.toml`` whose
``[tool.belote-replay]`` table the rest is put in), the rest is its content, read by
:func:`belote_replay.config.load_config` as ``validate`` reads one. Properties:

* it raises nothing but :class:`~belote_replay.config.ConfigError`, whose message is one line
  of at most a few hundred characters starting with the file's path (a place, never a dump);
* a configuration it accepts gives defaults of the types ``validate``'s options take, globs of
  at most :data:`~belote_replay.config_file.MAX_GLOB_CHARS` characters that match paths
  without raising, and numbers of at most 15 digits in its options.

Time per input is bounded by the fuzzer (``-timeout``); reading is linear (the scan before
the TOML reader: :mod:`belote_replay.config_file`).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from belote_notation.pipeline.paths import PathPatterns
from belote_replay.config import _KEYS, ConfigError, load_config
from belote_replay.config_file import MAX_GLOB_CHARS

__all__ = ["config", "seeds"]

_FOLDER = Path(tempfile.mkdtemp(prefix="fuzz-config-"))
_PATHS = ("a.bel", "club/2025-11.bel", "drafts/x/y.bel", "../outside.bel", "a" * 300 + ".bel")
_TYPES = {name: kind for name, kind in _KEYS.values()}


class PropertyFailed(AssertionError):
    """A property of the config target does not hold for an input."""


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise PropertyFailed(message)


def config(data: bytes) -> None:
    if not data:
        return
    pyproject = data[0] % 2 == 1
    body = data[1:]
    path = _FOLDER / ("pyproject.toml" if pyproject else "belote-replay.toml")
    path.write_bytes(b"[tool.belote-replay]\n" + body if pyproject else body)
    try:
        found = load_config(path)
    except ConfigError as exc:
        message = str(exc)
        _check(message.startswith(str(path)), f"a message not starting with the path: {message[:200]!r}")
        _check("\n" not in message and len(message) < 600, f"a message of {len(message)} characters")
        return
    for name, value in found.defaults.items():
        kind = _TYPES[name]
        expected = list if name == "options" else kind
        _check(isinstance(value, expected), f"{name} = {value!r:.100} is not a {expected}")
    for option in found.defaults.get("options", []):
        _check(not any(len(run) > 15 for run in "".join(c if c.isdigit() else " " for c in option).split()),
               f"an option with a number of more than 15 digits: {option[:100]!r}")
    globs = [*found.exclude, *(glob for glob, _ in found.per_file_ignores)]
    _check(all(len(glob) <= MAX_GLOB_CHARS for glob in globs), "a glob past the bound")
    patterns = PathPatterns(tuple(globs), root=found.root)
    for sample in _PATHS:
        patterns.matches(os.path.join(found.root or "", sample))


def seeds() -> Iterator[tuple[str, bytes]]:
    """Configurations people write, and the hostile ones of tests/hostile/test_config_files.py
    at small sizes, each behind the byte that names the file."""
    written = [
        'ignore = ["BEL605", "BEL9"]\nformat = "text"\nquiet = false\njobs = 1\n',
        'select = ["BEL3"]\nrules = "moroccan"\noption = ["target=500"]\nexclude = ["drafts", "*.tmp.bel"]\n'
        '[per-file-ignores]\n"club/2025-*.bel" = ["BEL6"]\n',
        'options = { target = 1000, "belote-king-first" = true }\ncolor = "never"\nstrict = true\n',
        "x = " + "[" * 40 + "]" * 40 + "\n",
        "a" + ".a" * 80 + " = 1\n",
        'exclude = ["' + "*a" * 600 + '"]\n',
        '[per-file-ignores]\n"' + "[!a]" * 300 + '" = ["BEL6"]\n',
        'exclude = ["../*", "**"]\n',
        'option = ["target=100000000000000000000"]\n',
        '"a\\u0000b" = 1\n',
        "# " + "x" * 70 + "\n" * 50 + 'jobs = 5000\n',
    ]
    for index, text in enumerate(written):
        for name in (0, 1):
            yield f"config-{index}-{'pyproject' if name else 'own'}", bytes([name]) + text.encode()
