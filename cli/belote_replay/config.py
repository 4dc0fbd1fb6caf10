"""Defaults for ``belote-replay validate`` from a configuration file, found as ruff finds its own.

From the current folder upwards, the first folder holding a ``belote-replay.toml`` (keys at
the top level) or a ``pyproject.toml`` with a ``[tool.belote-replay]`` table gives the
defaults; in one folder ``belote-replay.toml`` wins. Options on the command line override
them. Keys are the long option names::

    [tool.belote-replay]
    ignore = ["BEL605", "BEL9"]     # or select = [...]
    format = "text"                 # text, json, github, sarif, junit
    quiet = false
    statistics = false
    exit-zero = false
    strict = false
    color = "auto"                  # auto, always, never
    rules = "moroccan"
    option = ["target=500"]         # or a table: options = { target = 500 }
    jobs = 1
    exclude = ["drafts", "*.tmp.bel"]   # files and folders not checked (found in a folder)
    include = ["*.events.jsonl"]        # files read in a folder besides *.bel (any readable format)
    [tool.belote-replay.per-file-ignores]
    "club/2025-*.bel" = ["BEL6"]    # codes not reported in the files a glob matches

Globs are relative to the folder of the configuration file (see
:class:`belote_notation.pipeline.paths.PathPatterns`). ``--config PATH`` uses that file
only; ``--isolated`` ignores every configuration file.

Python 3.10 reads TOML with ``tomli`` (3.11 and later: the standard ``tomllib``).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from belote_notation.check.suggest import did_you_mean

__all__ = ["CONFIG_NAME", "Config", "ConfigError", "find_config", "load_config"]

CONFIG_NAME = "belote-replay.toml"
TABLE = "belote-replay"

# config key -> (``validate`` parameter name, expected type)
_KEYS: dict[str, tuple[str, type | tuple[type, ...]]] = {
    "select": ("select", list),
    "ignore": ("ignore", list),
    "format": ("fmt", str),
    "quiet": ("quiet", bool),
    "statistics": ("statistics", bool),
    "exit-zero": ("exit_zero", bool),
    "strict": ("strict", bool),
    "color": ("color", str),
    "source": ("source", bool),
    "progress": ("progress", bool),
    "rules": ("rules", str),
    "option": ("options", list),
    "options": ("options", dict),
    "jobs": ("jobs", int),
}
_PATH_KEYS = ("exclude", "include", "per-file-ignores")
"""Keys that are not option defaults: globs over the inputs' paths (:class:`Config`)."""


class ConfigError(ValueError):
    """A configuration file that cannot be used: the message names the file and the key."""


@dataclass(frozen=True, slots=True)
class Config:
    """A configuration file's settings for ``validate`` (the defaults when none is found)."""

    path: Path | None = None
    """The file the defaults come from (``None``: no file found)."""
    defaults: dict[str, Any] = field(default_factory=dict)
    """``validate`` parameter name -> default value (click's ``default_map``)."""
    exclude: tuple[str, ...] = ()
    """Globs of files and folders not checked."""
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """(glob, code prefixes not reported in the files it matches), in file order."""
    include: tuple[str, ...] = ()
    """Globs of files read in a folder besides ``*.bel`` (ruff's ``extend-include``)."""

    @property
    def root(self) -> str | None:
        """The folder the globs are relative to: the configuration file's."""
        return str(self.path.parent) if self.path is not None else None


def _table(path: Path) -> dict[str, Any] | None:
    if sys.version_info >= (3, 11):  # imported when a file is read (most starts read none)
        import tomllib
    else:  # pragma: no cover - python 3.10
        import tomli as tomllib
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if path.name != "pyproject.toml" and not isinstance(data.get("tool"), dict):
        return data
    tool = data.get("tool")
    table = tool.get(TABLE) if isinstance(tool, dict) else None
    return table if isinstance(table, dict) else None


def _defaults(path: Path, table: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in table.items():
        if key.replace("_", "-") in _PATH_KEYS:
            continue
        known = _KEYS.get(key.replace("_", "-"))
        if known is None:
            raise ConfigError(f"{path}: unknown key {key!r}{did_you_mean(key, (*_KEYS, *_PATH_KEYS))}")
        name, kind = known
        if kind is list and isinstance(value, str):
            value = [value]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ConfigError(f"{path}: {key!r} should be a {getattr(kind, '__name__', kind)}, "
                              f"not {value!r}")
        if isinstance(value, dict):
            value = [f"{k}={_toml_text(v)}" for k, v in value.items()]
        if isinstance(value, list):
            value = [str(v) for v in value]
            if name == "options":
                value = out.get("options", []) + value
        out[name] = value
    return out


def _toml_text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _config(path: Path, table: dict[str, Any]) -> Config:
    paths = {key.replace("_", "-"): value for key, value in table.items()
             if key.replace("_", "-") in _PATH_KEYS}
    exclude = paths.get("exclude", [])
    if isinstance(exclude, str):
        exclude = [exclude]
    if not isinstance(exclude, list) or not all(isinstance(g, str) for g in exclude):
        raise ConfigError(f"{path}: 'exclude' should be a list of globs, not {exclude!r}")
    ignores = paths.get("per-file-ignores", {})
    if not isinstance(ignores, dict):
        raise ConfigError(f"{path}: 'per-file-ignores' should be a table of glob = [codes], not {ignores!r}")
    per_file = []
    for glob, codes in ignores.items():
        codes = [codes] if isinstance(codes, str) else codes
        if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
            raise ConfigError(f"{path}: per-file-ignores {glob!r} should be a list of codes, not {codes!r}")
        per_file.append((glob, tuple(codes)))
    return Config(path, _defaults(path, table), tuple(exclude), tuple(per_file), _include(path, paths))


def _include(path: Path, paths: dict[str, Any]) -> tuple[str, ...]:
    """The ``include`` globs (one glob: a string)."""
    globs = paths.get("include", [])
    if isinstance(globs, str):
        globs = [globs]
    if not isinstance(globs, list) or not all(isinstance(g, str) for g in globs):
        raise ConfigError(f"{path}: 'include' should be a list of globs, not {globs!r}")
    return tuple(globs)


def load_config(path: Path) -> Config:
    """The configuration of one named file (``--config``): a ``belote-replay.toml``, or any
    other TOML file with a ``[tool.belote-replay]`` table (keys at the top level otherwise)."""
    if not path.is_file():
        raise ConfigError(f"{path}: no such configuration file")
    table = _table(path)
    if table is None:
        raise ConfigError(f"{path}: no [tool.{TABLE}] table")
    return _config(path, table)


def find_config(start: Path | None = None) -> Config:
    """The configuration for ``start`` (the current folder): the nearest file upwards."""
    folder = (start or Path.cwd()).resolve()
    for candidate in (folder, *folder.parents):
        for name in (CONFIG_NAME, "pyproject.toml"):
            path = candidate / name
            if not path.is_file():
                continue
            table = _table(path)
            if table is not None:
                return _config(path, table)
    return Config()
