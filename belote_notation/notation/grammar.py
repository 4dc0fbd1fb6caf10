"""Loading the Lark grammar of the notation from the installed package.

The grammar (``belote.lark`` beside this module, shipped as package data) is
the one definition of the notation. This module builds the LALR parser from it once, and
also compiles the *sub-patterns* the grammar defines (``CARD``, ``PLAY``, ``BID`` ...) so the
parser can split a coarse token (a whole trick line) with exactly the grammar's own patterns.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from typing import Any, Callable

from lark import Lark
from lark.load_grammar import load_grammar

__all__ = ["grammar_text", "build_parser", "terminal_patterns", "subpattern"]

START_SYMBOLS = ["game", "head", "deal", "tail"]


@lru_cache(maxsize=1)
def grammar_text() -> str:
    """The text of ``belote.lark`` as installed."""
    return resources.files("belote_notation.notation").joinpath("belote.lark").read_text("utf-8")


def build_parser(transformer: Any) -> Lark:
    """A LALR parser over the grammar with ``transformer`` applied during parsing (no tree)."""
    return Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        start=START_SYMBOLS,
        transformer=transformer,
        propagate_positions=False,
        maybe_placeholders=False,
    )


@lru_cache(maxsize=1)
def terminal_patterns() -> dict[str, str]:
    """Every terminal of the grammar (used or not by a rule) as a Python regular expression."""
    grammar, _ = load_grammar(grammar_text(), "belote.lark", [], False)
    terminals, _, _ = grammar.compile(START_SYMBOLS, "*")
    return {t.name: t.pattern.to_regexp() for t in terminals}


def subpattern(name: str) -> str:
    """The regular expression of one terminal, wrapped in a non-capturing group."""
    return "(?:" + terminal_patterns()[name] + ")"


def compile_sub(builder: Callable[[Callable[[str], str]], str], flags: int = 0) -> "re.Pattern[str]":
    """Compile a pattern assembled from grammar terminals: ``builder(subpattern)``."""
    return re.compile(builder(subpattern), flags)
