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
    lang = "fr"                     # en, fr, ar: the findings' language (docs/languages.md)
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

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from belote_notation.check.suggest import did_you_mean
from belote_notation.notation.limits import MAX_DIGITS
from belote_replay.config_file import MAX_GLOB_CHARS, ConfigFileError, line_of, read_toml, shown

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
    "lang": ("lang", str),
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


def _table(path: Path) -> tuple[dict[str, Any] | None, str]:
    """The settings table of ``path`` (``None``: a ``pyproject.toml`` without one) and the
    file's text, read within bounds (:mod:`belote_replay.config_file`)."""
    try:
        data, text = read_toml(path)
    except ConfigFileError as exc:
        raise ConfigError(str(exc)) from None
    if path.name != "pyproject.toml" and not isinstance(data.get("tool"), dict):
        return data, text
    tool = data.get("tool")
    table = tool.get(TABLE) if isinstance(tool, dict) else None
    return (table if isinstance(table, dict) else None), text


class _Where:
    """``path:line`` of a key of a configuration file, for its messages."""

    def __init__(self, path: Path, text: str) -> None:
        self.path, self.text = path, text

    def __call__(self, key: str) -> str:
        line = line_of(self.text, key)
        return f"{self.path}:{line}" if line is not None else str(self.path)


def _defaults(where: _Where, table: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in table.items():
        if key.replace("_", "-") in _PATH_KEYS:
            continue
        known = _KEYS.get(key.replace("_", "-"))
        if known is None:
            raise ConfigError(f"{where(key)}: unknown key {shown(key)}"
                              f"{did_you_mean(key, (*_KEYS, *_PATH_KEYS)) if len(key) < 100 else ''}")
        name, kind = known
        if kind is list and isinstance(value, str):
            value = [value]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ConfigError(f"{where(key)}: {key!r} should be a {getattr(kind, '__name__', kind)}, "
                              f"not {shown(value)}")
        _check_value(where, key, value)
        if isinstance(value, dict):
            value = [f"{k}={_toml_text(v)}" for k, v in value.items()]
        if isinstance(value, list):
            value = [str(v) for v in value]
            if name == "options":
                value = out.get("options", []) + value
        out[name] = value
    return out


_LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_DIGITS + 1},}}")


def _check_value(where: _Where, key: str, value: object) -> None:
    """A setting's value within what the command takes: ``jobs`` not negative, no number of
    more than :data:`MAX_DIGITS` digits in an option, the items of a list or table plain values."""
    if key == "jobs" and isinstance(value, int) and value < 0:
        raise ConfigError(f"{where(key)}: 'jobs' should be 0 (one per core) or more, not {value}")
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for name, item in items:
        if isinstance(name, str) and _LONG_NUMBER.search(name):  # a key: as `name=value` in a list
            raise ConfigError(f"{where(key)}: {key!r} holds a number of more than {MAX_DIGITS} digits: "
                              f"{shown(name)}")
        if not isinstance(item, str | int | float | bool) or isinstance(item, float) and item != item:
            raise ConfigError(f"{where(key)}: {key!r} holds {shown(item)}: a string, a number or true/false")
        number = item if isinstance(item, int) and not isinstance(item, bool) else None
        if (number is not None and abs(number) >= 10 ** MAX_DIGITS) or (
                isinstance(item, str) and _LONG_NUMBER.search(item)):
            raise ConfigError(f"{where(key)}: {key!r} holds a number of more than {MAX_DIGITS} digits: "
                              f"{shown(item)}")


def _toml_text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _config(path: Path, table: dict[str, Any], text: str) -> Config:
    where = _Where(path, text)
    paths = {key.replace("_", "-"): value for key, value in table.items()
             if key.replace("_", "-") in _PATH_KEYS}
    exclude = _globs(where, paths, "exclude")
    ignores = paths.get("per-file-ignores", {})
    if not isinstance(ignores, dict):
        raise ConfigError(f"{where('per-file-ignores')}: 'per-file-ignores' should be a table of glob = "
                          f"[codes], not {shown(ignores)}")
    per_file = []
    for glob, codes in ignores.items():
        _check_glob(where, glob, glob)
        codes = [codes] if isinstance(codes, str) else codes
        if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
            raise ConfigError(f"{where(glob)}: per-file-ignores {shown(glob)} should be a list of codes, "
                              f"not {shown(codes)}")
        per_file.append((glob, tuple(codes)))
    return Config(path, _defaults(where, table), exclude, tuple(per_file), _globs(where, paths, "include"))


def _globs(where: _Where, paths: dict[str, Any], key: str) -> tuple[str, ...]:
    """The globs of ``exclude`` or ``include`` (one glob: a string), each checked."""
    globs = paths.get(key, [])
    if isinstance(globs, str):
        globs = [globs]
    if not isinstance(globs, list) or not all(isinstance(g, str) for g in globs):
        raise ConfigError(f"{where(key)}: {key!r} should be a list of globs, not {shown(globs)}")
    for glob in globs:
        _check_glob(where, key, glob)
    return tuple(globs)


def _check_glob(where: _Where, key: str, glob: str) -> None:
    """A glob matched in bounded time against paths inside the configuration's folder."""
    if len(glob) > MAX_GLOB_CHARS:
        raise ConfigError(f"{where(key)}: a glob of {len(glob):,} characters (at most {MAX_GLOB_CHARS:,}): "
                          f"{shown(glob)}")
    if "\0" in glob:
        raise ConfigError(f"{where(key)}: a glob holding a NUL character: {shown(glob)}")
    if ".." in glob.replace("\\", "/").split("/"):
        raise ConfigError(f"{where(key)}: the glob {shown(glob)} reaches outside the folder of "
                          f"{where.path.name} (globs are relative to it)")


def load_config(path: Path) -> Config:
    """The configuration of one named file (``--config``): a ``belote-replay.toml``, or any
    other TOML file with a ``[tool.belote-replay]`` table (keys at the top level otherwise)."""
    if not path.is_file():
        raise ConfigError(f"{path}: no such configuration file")
    table, text = _table(path)
    if table is None:
        raise ConfigError(f"{path}: no [tool.{TABLE}] table")
    return _config(path, table, text)


def find_config(start: Path | None = None) -> Config:
    """The configuration for ``start`` (the current folder): the nearest file upwards."""
    folder = (start or Path.cwd()).resolve()
    for candidate in (folder, *folder.parents):
        for name in (CONFIG_NAME, "pyproject.toml"):
            path = candidate / name
            if not path.is_file():
                continue
            table, text = _table(path)
            if table is not None:
                return _config(path, table, text)
    return Config()
