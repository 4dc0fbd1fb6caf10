"""A plugin format held to the contract of :class:`~belote_notation.formats.base.Format` while
it answers: what every command gets in place of the plugin itself (:mod:`.registry` wraps each
plugin it loads in a :class:`CheckedPlugin`).

A plugin's ``read`` must give games (:class:`~belote_notation.notation.records.Game`) and
issues (:class:`~belote_notation.formats.base.FormatIssue`) made from its input. Each command
reads a plugin's games through this class, which stops the reading with a
:class:`~belote_notation.formats.registry.PluginError` naming the plugin, the input and the
place when the plugin

* raises (after some games, or at once): its exception, in one line;
* yields something else (a string, a number): its type;
* yields the very game it yielded just before (one game a million times);
* yields more games, or more deals, than the bytes it has read of its input (nothing is made
  of nothing: one game of 100,000 deals out of a 2-byte file), or a game of more deals than the
  reader's limit of items in a game (:data:`~belote_notation.notation.read.tokens.MAX_ITEMS_PER_GAME`);

so that a broken or hostile plugin costs time and memory in proportion to its input, and the
command says which plugin failed on which file instead of a traceback. A ``write`` that raises
or yields other than issues is stopped and said the same way. (A plugin's ``sniff`` is checked
by the registry: one that raises is taken out.)
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, BinaryIO, TextIO

from belote_notation.formats.base import Format, FormatIssue, ReadItem, Stream, binary_stream
from belote_notation.formats.registry import PluginError
from belote_notation.notation.limits import MAX_ITEMS_PER_GAME

if TYPE_CHECKING:
    from belote_notation.notation.records import Game

__all__ = ["CheckedPlugin"]

_END = object()


class _Counted(io.RawIOBase):
    """The bytes a plugin has taken from its input, counted as it reads them."""

    def __init__(self, source: BinaryIO) -> None:
        self.source, self.count = source, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self.source.read(len(buffer))
        size = len(data)
        buffer[:size] = data
        self.count += size
        return size


class CheckedPlugin(Format):
    """``plugin`` (a loaded plugin format) with its answers checked (see the module)."""

    def __init__(self, plugin: Format) -> None:
        self.plugin = plugin

    # The plugin's own description, as the registry checked it when it loaded.
    @property
    def name(self) -> str:  # type: ignore[override]
        return self.plugin.name

    @property
    def title(self) -> str:  # type: ignore[override]
        return self.plugin.title

    @property
    def extensions(self) -> tuple[str, ...]:  # type: ignore[override]
        return self.plugin.extensions

    @property
    def can_read(self) -> bool:
        return self.plugin.can_read

    @property
    def can_write(self) -> bool:
        return self.plugin.can_write

    @property
    def sniffs(self) -> bool:
        """Whether the plugin looks at content at all (it overrides ``sniff``)."""
        return type(self.plugin).sniff is not Format.sniff

    def sniff(self, head: bytes) -> bool:
        return self.plugin.sniff(head)

    def without_positions(self) -> Format:
        return _checked(self.plugin.without_positions(), self)

    def dropping_unknown(self) -> Format:
        return _checked(self.plugin.dropping_unknown(), self)

    def _failed(self, doing: str, name: str, why: str) -> PluginError:
        return PluginError(name, f"the plugin format {self.name!r} failed {doing}: {why}")

    def read(self, source: Stream, name: str = "<input>") -> Iterator[ReadItem]:
        from belote_notation.notation.records import Game

        counted = _Counted(binary_stream(source))
        games = deals = 0
        last: Game | None = None
        items: Iterator[Any] | None = None
        while True:
            try:
                if items is None:
                    items = iter(self.plugin.read(io.BufferedReader(counted), name))
                item = next(items, _END)
            except Exception as exc:  # noqa: BLE001 - the plugin's bug, said in one line
                why = f"after {_games(games)}: {type(exc).__name__}: {exc}"
                raise self._failed("reading", name, why) from None
            if item is _END:
                return
            if isinstance(item, FormatIssue):
                yield item
                continue
            if not isinstance(item, Game):
                raise self._failed("reading", name, f"after {_games(games)} it gave a {type(item).__name__}, "
                                   "not a game or an issue")
            if item is last:
                raise self._failed("reading", name, f"it gave game {games} again (the same object)")
            games, deals, last = games + 1, deals + len(item.deals), item
            self._check_size(item, games, deals, counted.count, name)
            yield item

    def _check_size(self, game: Game, games: int, deals: int, read: int, name: str) -> None:
        if len(game.deals) > MAX_ITEMS_PER_GAME:
            raise self._failed("reading", name, f"game {games} holds {len(game.deals):,} deals, more than "
                               f"the reader's limit of {MAX_ITEMS_PER_GAME:,} items in a game")
        if games > read + 1 or deals > read + 1:
            raise self._failed("reading", name, f"it gave {_games(games)} of {deals:,} deals out of {read:,} "
                               "bytes of input (a game or a deal is made of at least a byte)")

    def write(self, games: Iterable[Game], out: TextIO) -> Iterator[FormatIssue]:
        written = 0

        def counted() -> Iterator[Game]:
            nonlocal written
            for game in games:
                yield game
                written += 1

        name = getattr(out, "name", None) or "the output"
        try:
            for lost in self.plugin.write(counted(), out) or ():
                if not isinstance(lost, FormatIssue):
                    raise self._failed("writing", str(name), f"it gave a {type(lost).__name__}, not an issue")
                yield lost
        except PluginError:
            raise
        except Exception as exc:  # noqa: BLE001 - the plugin's bug, said in one line
            why = f"at game {written + 1}: {type(exc).__name__}: {exc}"
            raise self._failed("writing", str(name), why) from None


def _checked(made: Format, checked: CheckedPlugin) -> Format:
    """A variant the plugin returned, checked too (itself: the checked plugin)."""
    return checked if made is checked.plugin else CheckedPlugin(made)


def _games(count: int) -> str:
    return f"{count:,} game" + ("" if count == 1 else "s")
