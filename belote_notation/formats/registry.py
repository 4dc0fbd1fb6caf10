"""Finding formats by name, by file name and by content: built-ins and plugins alike.

Plugins are entry points of the group ``belote_notation.formats``: each names a
:class:`~belote_notation.formats.base.Format` subclass (or instance), loaded when the
formats are first listed. A plugin that fails to load is reported by :func:`load_errors`
and left out; it never breaks the built-ins. A plugin may not take a built-in's name. A plugin
is checked when it loads (a name, a title, ``extensions`` a tuple of ``.suffix`` strings) and
when it answers: one whose ``sniff`` raises is taken out and reported the same way ("not
loaded: ..." in ``belote-replay formats``), and detection goes on with the others; one whose
``sniff`` claims any content is not asked again (its files are known by their names); its
``read`` and ``write`` are held to the contract by :mod:`.guard` (a :class:`PluginError` in
one line when the plugin breaks it).
"""

from __future__ import annotations

import importlib
import os
import sys
from importlib.machinery import PathFinder
from typing import TYPE_CHECKING

from belote_notation.formats.base import Format

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

__all__ = ["BUILTINS", "ENTRY_POINT_GROUP", "PluginError", "all_formats", "get_format", "guess_format",
           "load_errors"]

ENTRY_POINT_GROUP = "belote_notation.formats"

BUILTINS = {
    "bel": "belote_notation.formats.native:BelFormat",
    "json": "belote_notation.formats.native:JsonFormat",
    "jsonl": "belote_notation.formats.native:JsonlFormat",
    "events": "belote_notation.formats.events:EventsFormat",
    "csv": "belote_notation.formats.table:CsvFormat",
    "cfn": "belote_notation.formats.cfn:CfnFormat",
    "coinched": "belote_notation.formats.coinched:CoinchedFormat",
    "coinche-ws": "belote_notation.formats.coinche_ws:CoincheWsFormat",
}
"""Built-in format name -> ``module:Class`` (imported only when used)."""

NAME_DECIDES = {".bel": "bel"}
"""Extensions whose built-in format a name alone decides while no plugin is installed: no other
built-in's extension ends with one of them, and their format reads any content (it has no
``sniff`` that another format's could overrule), so :func:`guess_format` answers as it would
after loading every format, without importing the others (0.02 s of the start of ``validate``;
tests/formats/test_registry.py holds it to that)."""

class PluginError(Exception):
    """A plugin format that broke its contract while answering (its ``read`` or ``write``
    raised, or gave what is not a game; :mod:`.guard`): the message names the input and the
    plugin, in one line. Every command ends on it with that line and exit 2 (``validate`` goes
    on with its other inputs)."""

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(f"{name}: {reason}")
        self.name, self.reason = name, reason


_SNIFF_PROBES = (b"", b'[Event "a club night"]\ndeal 1 dealer N\n')
"""Heads no plugin's content can start with (nothing; a .bel game): a ``sniff`` that claims
them claims every input, and would take the files of every other format without a name."""

_loaded: dict[str, Format] | None = None
_builtins: dict[str, Format] = {}
_plugins: list[EntryPoint] | None = None
_errors: list[str] = []
_greedy: set[str] = set()


def _instance(obj: object) -> Format:
    made = obj() if isinstance(obj, type) else obj
    if not isinstance(made, Format) or not isinstance(made.name, str) or not made.name:
        raise TypeError(f"{obj!r} is not a belote_notation.formats.Format with a name")
    extensions = made.extensions
    if not isinstance(extensions, tuple) or not all(
            isinstance(ext, str) and ext.startswith(".") and len(ext) > 1 for ext in extensions):
        raise TypeError(f"its extensions must be a tuple of names starting with a dot, not {extensions!r}")
    if not isinstance(made.title, str):
        raise TypeError(f"its title must be a string, not {made.title!r}")
    return made


def _sniffs(fmt: Format, head: bytes) -> bool:
    """``fmt.sniff(head)``; a plugin whose ``sniff`` raises (or answers other than True or
    False) is taken out of the registry, said by :func:`load_errors` as a failed import is,
    and answers False: one broken plugin must not stop the detection of any input."""
    if fmt.name in BUILTINS:
        return fmt.sniff(head)
    if fmt.name in _greedy:
        return False
    try:
        return _answer(fmt, head)
    except Exception as exc:  # noqa: BLE001 - a broken plugin must not break the others
        _errors.append(f"plugin format {fmt.name!r}: its sniff failed: {type(exc).__name__}: {exc}")
        if _loaded is not None:
            _loaded.pop(fmt.name, None)
        return False


def _probe(fmt: Format, found: dict[str, Format]) -> None:
    """A plugin's ``sniff`` asked, as it loads, about heads no format's content starts with: one
    that claims them all would take every input without a name, and is not asked again; one that
    fails is taken out (:func:`_sniffs`)."""
    try:
        greedy = all(_answer(fmt, probe) for probe in _SNIFF_PROBES)
    except Exception as exc:  # noqa: BLE001 - a broken plugin must not break the others
        _errors.append(f"plugin format {fmt.name!r}: its sniff failed: {type(exc).__name__}: {exc}")
        found.pop(fmt.name, None)
        return
    if greedy:
        _greedy.add(fmt.name)
        _errors.append(f"plugin format {fmt.name!r}: its sniff claims any content (an empty input, a .bel "
                       "game): not used to detect formats (its files are known by their extensions)")


def _answer(fmt: Format, head: bytes) -> bool:
    answer = fmt.sniff(head)
    if not isinstance(answer, bool):
        raise TypeError(f"sniff answered {answer!r}, not True or False")
    return answer


def _has_sniff(fmt: Format) -> bool:
    """Whether ``fmt`` looks at content at all (a checked plugin: whether the plugin does)."""
    sniffs = getattr(fmt, "sniffs", None)
    return sniffs if isinstance(sniffs, bool) else type(fmt).sniff is not Format.sniff


def _builtin(name: str) -> Format:
    """The built-in format ``name``, its module imported the first time (one instance each)."""
    made = _builtins.get(name)
    if made is None:
        module_name, _, attr = BUILTINS[name].partition(":")
        made = _builtins[name] = _instance(getattr(importlib.import_module(module_name), attr))
    return made


def _plugin_points() -> list[EntryPoint]:
    """The installed plugins' entry points, by name (listed once: not loaded here)."""
    global _plugins
    if _plugins is None:
        if named_by_no_distribution(ENTRY_POINT_GROUP):
            _plugins = []
        else:
            from importlib.metadata import entry_points

            _plugins = sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name)
    return _plugins


_METADATA_FOLDERS = (".dist-info", ".egg-info")


def named_by_no_distribution(group: str) -> bool:
    """True when no installed distribution can have an entry point of ``group``, told without
    importing ``importlib.metadata`` (its import was 0.025 s of the start of ``validate``): it
    looks where ``importlib.metadata`` finds distributions (the ``*.dist-info`` and ``*.egg-info``
    folders of every folder on ``sys.path``, and an egg's ``EGG-INFO``) and no
    ``entry_points.txt`` there holds the name. False when one does, or where it cannot tell (a
    file on the path, which may be a zip; another finder of distributions): then
    ``importlib.metadata`` answers.
    """
    if any(finder is not PathFinder and hasattr(finder, "find_distributions") for finder in sys.meta_path):
        return False
    name = group.encode()
    for entry in sys.path:
        if not isinstance(entry, str):
            return False
        folder = entry or "."
        try:
            children = os.listdir(folder)
        except OSError:
            if os.path.exists(folder):
                return False
            continue
        is_egg = os.path.basename(entry).lower().endswith(".egg")
        for child in children:
            low = child.lower()
            if low.endswith(_METADATA_FOLDERS) or (is_egg and low == "egg-info"):
                try:
                    with open(os.path.join(folder, child, "entry_points.txt"), "rb") as declared:
                        if name in declared.read():
                            return False
                except OSError:
                    continue
    return True


def _load_all() -> dict[str, Format]:
    global _loaded
    if _loaded is not None:
        return _loaded
    found = {name: _builtin(name) for name in BUILTINS}
    _errors.clear()
    _greedy.clear()
    for ep in _plugin_points():
        try:
            fmt = _instance(ep.load())
        except Exception as exc:  # noqa: BLE001 - a broken plugin must not break the others
            _errors.append(f"plugin {ep.name} ({ep.value}): {type(exc).__name__}: {exc}")
            continue
        if fmt.name in found:
            _errors.append(f"plugin {ep.name} ({ep.value}): the name {fmt.name!r} is taken")
            continue
        from belote_notation.formats.guard import CheckedPlugin  # only with a plugin installed

        checked = found[fmt.name] = CheckedPlugin(fmt)
        if checked.sniffs:
            _probe(checked, found)
    _loaded = found
    return found


def all_formats() -> list[Format]:
    """Every installed format, built-ins first, then plugins by name."""
    return list(_load_all().values())


def load_errors() -> list[str]:
    """The plugins that could not be loaded, with why."""
    _load_all()
    return list(_errors)


def get_format(name: str) -> Format | None:
    """The format called ``name`` (any case); ``None`` if no installed format has it. A built-in
    is found without loading the others (no plugin may take its name): asking what ``.bel`` can
    do costs the import of its own module only.

    >>> get_format("BEL").notation_text, get_format("nothing-of-the-kind")
    (True, None)
    """
    key = name.strip().lower()
    if key in BUILTINS:
        return _builtin(key)
    return _load_all().get(key)


def guess_format(path: str | None, head: bytes = b"", *, writing: bool = False) -> Format | None:
    """The format of a file from its name (the longest matching extension), else from its
    first bytes (when reading); ``None`` when nothing matches. When reading, content that a
    format recognises as its own wins over a name shared with another format that does not
    (an event log named ``.jsonl``)."""
    alone = _decided_by_name(path)
    if alone is not None:
        return alone
    formats = [f for f in all_formats() if (f.can_write if writing else f.can_read)]
    if path and path != "-":
        lower = path.lower()
        best: tuple[int, Format] | None = None
        for fmt in formats:
            for ext in fmt.extensions:
                if lower.endswith(ext) and (best is None or len(ext) > best[0]):
                    best = (len(ext), fmt)
        if best is not None:
            chosen = best[1]
            if writing or not head or not _has_sniff(chosen) or _sniffs(chosen, head):
                return chosen
            # The name says one format and the content another that knows itself (an event
            # log named .jsonl): the content wins; nothing recognises it: the name stands.
            by_content = next((fmt for fmt in formats if fmt is not chosen and _sniffs(fmt, head)), None)
            return by_content or (chosen if chosen.name in _load_all() else None)
    if not writing and head:
        for fmt in formats:
            if _sniffs(fmt, head):
                return fmt
    return None


def _decided_by_name(path: str | None) -> Format | None:
    """The built-in format of :data:`NAME_DECIDES` that ``path``'s name chooses, when no plugin
    is installed (a plugin's extensions are only known once it is loaded); else ``None``."""
    if not path or path == "-":
        return None
    lower = path.lower()
    for extension, name in NAME_DECIDES.items():
        if lower.endswith(extension) and not _plugin_points():
            return _builtin(name)
    return None
