"""The size bound seen in the C (issue 33): a C function over 80 lines carries a reason.

The style's size rule (no Python function over 60 lines without a ``SIZE EXCEPTION`` comment
giving the reason) applied to the library's C files (``belote_notation/**/*.c``) with a bound of
80 lines: C spells out what Python does in one line (reference counts, error checks). A function
over it must carry a comment ``SIZE EXCEPTION: <the reason>`` in its body or in the comment right
above it. The functions are found by a small brace-matching scanner that skips comments, strings,
character constants and preprocessor lines, and follows only the first branch of an ``#if``
(both branches of a version test open the same blocks); the scanner is tested on snippets below.

The Python rule itself (issue 32) is checked here too, with :mod:`ast` and :mod:`tokenize`: every
module of ``belote_notation/`` and ``cli/`` at most 400 lines and every function at most 60 (from
its ``def`` to its last line, decorators not counted), unless a ``SIZE EXCEPTION: <the reason>``
comment gives the reason: in the function or in the comment block right above it (above its
decorators) for a function, anywhere else in the module for the module. The library
(``belote_notation/``) holds at most three such comments in its Python.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
C_BOUND = 80
# The marker, then a reason of a few words (the Python files' own spelling has a comma).
_EXCEPTION = re.compile(r"SIZE EXCEPTION[:,]\s*\S+(\s+\S+){2,}")


class CFunction(NamedTuple):
    name: str
    first_line: int    # the line of its name
    last_line: int     # the line of its closing brace
    lines: int
    has_reason: bool   # a SIZE EXCEPTION comment with a reason, in it or right above it


class _Code(NamedTuple):
    """A C file's code with comments, strings, character constants, preprocessor lines and the
    later branches of each ``#if`` blanked (newlines kept, so offsets keep their lines), and the
    comments with their offsets."""

    text: str
    comments: list[tuple[int, str]]


def _blank(text: str) -> str:
    return re.sub(r"[^\n]", " ", text)


def _strip(source: str) -> _Code:
    out: list[str] = []
    comments: list[tuple[int, str]] = []
    i, n = 0, len(source)
    at_line_start = True
    while i < n:
        c = source[i]
        if source.startswith("/*", i):
            end = source.find("*/", i + 2)
            end = n if end < 0 else end + 2
            comments.append((i, source[i:end]))
            out.append(_blank(source[i:end]))
            i = end
        elif source.startswith("//", i):
            end = source.find("\n", i)
            end = n if end < 0 else end
            comments.append((i, source[i:end]))
            out.append(_blank(source[i:end]))
            i = end
        elif c in "\"'":
            j = i + 1
            while j < n and source[j] != c and source[j] != "\n":
                j += 2 if source[j] == "\\" else 1
            out.append(c + _blank(source[i + 1:j]) + (c if j < n and source[j] == c else ""))
            i = j + 1 if j < n and source[j] == c else j
        elif c == "#" and at_line_start:
            end = i
            while True:  # a directive runs on over lines ending in a backslash
                end = source.find("\n", end)
                if end < 0 or source[end - 1] != "\\":
                    break
                end += 1
            end = n if end < 0 else end
            out.append("#" + _blank(source[i + 1:end]))
            i = end
        else:
            out.append(c)
            i += 1
        if c == "\n":
            at_line_start = True
        elif not c.isspace():
            at_line_start = False
    return _Code(_first_branches("".join(out), source), comments)


_DIRECTIVE = re.compile(r"^[ \t]*#[ \t]*(\w+)", re.MULTILINE)


def _first_branches(code: str, source: str) -> str:
    """``code`` with the text of every ``#else``/``#elif`` branch blanked (read in ``source``)."""
    chars = list(code)
    stack: list[bool] = []     # per open #if: is the current branch a later one?
    skip_from: int | None = None
    for match in _DIRECTIVE.finditer(source):
        if code[match.start():match.end()].strip() == "":
            continue  # inside a comment or a string: blanked already
        word = match.group(1)
        skipping = any(stack)
        if word in ("if", "ifdef", "ifndef"):
            stack.append(False)
        elif word in ("else", "elif") and stack:
            stack[-1] = True
        elif word == "endif" and stack:
            stack.pop()
        if not skipping and any(stack):
            skip_from = match.end()
        elif skipping and not any(stack) and skip_from is not None:
            chars[skip_from:match.start()] = _blank(code[skip_from:match.start()])
            skip_from = None
    return "".join(chars)


def c_functions(source: str) -> list[CFunction]:
    """Every function definition of a C source: its name, where it runs and its length.

    >>> [f[:4] for f in c_functions("static int f(int a)\\n{\\n    return a;\\n}\\n")]
    [('f', 1, 4, 4)]
    """
    code = _strip(source)
    text = code.text
    found: list[CFunction] = []
    depth, previous_end, i = 0, 0, 0
    while i < len(text):
        c = text[i]
        if c == "{" and depth == 0:
            close = _matching(text, i)
            head = text[previous_end:i].rstrip()
            name = _function_name(head)
            if name is not None:
                start = _name_start(text, previous_end, i, name)
                first, last = text.count("\n", 0, start) + 1, text.count("\n", 0, close) + 1
                reason = any(previous_end <= at <= close and _EXCEPTION.search(comment)
                             for at, comment in code.comments)
                found.append(CFunction(name, first, last, last - first + 1, reason))
            i = close + 1
            previous_end = i
        elif c == ";" and depth == 0:
            previous_end = i + 1
            i += 1
        else:
            i += 1
    return found


def _matching(text: str, opening: int) -> int:
    depth = 0
    for j in range(opening, len(text)):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    raise ValueError(f"unbalanced braces from offset {opening}")


def _function_name(head: str) -> str | None:
    """The name of the function a top-level block's head declares, or None (a struct, an
    initializer, an enum)."""
    if not head.endswith(")") or "=" in head[head.rfind(";") + 1:]:
        return None
    depth = 0
    for j in range(len(head) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(head[j], 0)
        if depth == 0:
            match = re.search(r"(\w+)\s*$", head[:j])
            return match.group(1) if match else None
    return None


def _name_start(text: str, start: int, end: int, name: str) -> int:
    """The offset of the last ``name(`` between start and end (the declarator, after any type)."""
    calls = list(re.finditer(rf"\b{re.escape(name)}\s*\(", text[start:end]))
    return start + calls[-1].start() if calls else start


def c_files() -> list[Path]:
    return sorted((ROOT / "belote_notation").rglob("*.c"))


def test_the_library_has_c_files() -> None:
    names = {path.name for path in c_files()}
    assert {"_play.c", "_dds.c"} <= names


@pytest.mark.parametrize("path", c_files(), ids=lambda path: path.name)
def test_no_c_function_is_over_the_bound_without_a_reason(path: Path) -> None:
    functions = c_functions(path.read_text(encoding="utf-8"))
    long = [f for f in functions if f.lines > C_BOUND and not f.has_reason]
    assert not long, (f"{path.relative_to(ROOT)}: over {C_BOUND} lines without a "
                      "'SIZE EXCEPTION: <reason>' comment: "
                      + ", ".join(f"{f.name} (line {f.first_line}, {f.lines} lines)" for f in long))


def test_the_scanner_finds_every_function_of_the_c_files() -> None:
    """Every name followed by ``(`` at the start of a line after a type, with ``{`` on the
    following lines (this code base's layout), is a function the scanner found."""
    for path in c_files():
        source = path.read_text(encoding="utf-8")
        names = {f.name for f in c_functions(source)}
        declared = set(re.findall(r"^(?:static\s+)?(?:inline\s+)?[\w \t*]+?\b(\w+)\([^;{]*\)\s*\{",
                                  source, re.MULTILINE))
        declared -= {"if", "while", "for", "switch"}
        assert declared <= names, (path.name, sorted(declared - names))


# The scanner itself.

def _one(source: str) -> CFunction:
    functions = c_functions(source)
    assert len(functions) == 1, functions
    return functions[0]


def test_a_function_is_counted_from_its_name_to_its_closing_brace() -> None:
    source = ("#include <x.h>\n\nstatic PyObject *\nmake(PyObject *self,\n     PyObject *arg)\n"
              "{\n    x();\n}\n")
    assert _one(source)[:4] == ("make", 4, 8, 5)


def test_braces_in_strings_chars_and_comments_are_not_counted() -> None:
    source = ('int f(void) {\n    const char *s = "}}{";  /* } */\n    char c = \'}\';  // }\n'
              '    char d = \'\\\'\';\n    const char *e = "\\"}";\n    return 0;\n}\n'
              'int g(void) { return 1; }\n')
    assert [f[:4] for f in c_functions(source)] == [("f", 1, 7, 7), ("g", 8, 8, 1)]


def test_structs_initializers_and_prototypes_are_not_functions() -> None:
    source = ("struct point { int x; int y; };\n"
              "static PyMethodDef methods[] = {\n    {\"a\", f, 0, NULL},\n};\n"
              "enum { A, B };\nint proto(int a);\nstatic int (*pointer)(int) = NULL;\n"
              "typedef struct { int a; } T;\nint h(int a)\n{\n    return a;\n}\n")
    assert [f.name for f in c_functions(source)] == ["h"]


def test_only_the_first_branch_of_a_conditional_is_read() -> None:
    source = ("int f(int a)\n{\n#if PY_VERSION_HEX >= 0x030C0000\n    if (a) {\n#elif X\n    if (!a) {\n"
              "#else\n    while (a) {\n#endif\n        a++;\n    }\n    return a;\n}\n"
              "#define M(x) { x }\nint g(void) { return 0; }\n")
    assert [f[:4] for f in c_functions(source)] == [("f", 1, 13, 13), ("g", 15, 15, 1)]


def test_a_nested_conditional_in_a_later_branch_is_skipped_whole() -> None:
    source = ("#ifdef A\nint f(void) { return 1; }\n#else\n#if B\nint f(void) {\n#endif\n#endif\n"
              "int g(void)\n{\n    return 2;\n}\n")
    assert [f[:4] for f in c_functions(source)] == [("f", 2, 2, 1), ("g", 8, 11, 4)]


def test_a_reason_in_the_body_or_right_above_counts_and_one_elsewhere_does_not() -> None:
    body = "".join(f"    x{k}();\n" for k in range(3))
    above = f"/* SIZE EXCEPTION: one loop kept whole, measured */\nint f(void)\n{{\n{body}}}\n"
    inside = f"int f(void)\n{{\n    // SIZE EXCEPTION: one loop kept whole, measured\n{body}}}\n"
    before_another = f"/* SIZE EXCEPTION: one loop kept whole */\nint g(void);\nint f(void)\n{{\n{body}}}\n"
    no_reason = f"/* SIZE EXCEPTION: */\nint f(void)\n{{\n{body}}}\n"
    assert _one(above).has_reason and _one(inside).has_reason
    assert not _one(before_another).has_reason and not _one(no_reason).has_reason


# The Python rule (issue 32).

MODULE_BOUND = 400
FUNCTION_BOUND = 60
LIBRARY_EXCEPTIONS = 3


class PyFunction(NamedTuple):
    name: str          # dotted through its classes and enclosing functions
    first_line: int    # the line of its ``def``
    last_line: int
    lines: int
    has_reason: bool   # a SIZE EXCEPTION comment with a reason, in it or right above it


class PySizes(NamedTuple):
    lines: int
    has_reason: bool   # a SIZE EXCEPTION comment with a reason outside every function's reach
    functions: list[PyFunction]
    exceptions: int    # comments naming SIZE EXCEPTION, with a reason or not


def _comments(source: str) -> dict[int, str]:
    """The comments of a Python source by line."""
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    return {token.start[0]: token.string for token in tokens if token.type == tokenize.COMMENT}


def python_sizes(source: str) -> PySizes:
    """A Python source's length, its functions' lengths and where its SIZE EXCEPTION reasons are.

    >>> sizes = python_sizes("@cache\\ndef f():\\n    return 1\\n")
    >>> sizes.lines, [f[:4] for f in sizes.functions]
    (3, [('f', 2, 3, 2)])
    """
    comments = _comments(source)
    lines = source.splitlines()
    reasons = {line for line, text in comments.items() if _EXCEPTION.search(text)}
    functions: list[PyFunction] = []
    claimed: set[int] = set()   # the lines whose comments speak for a function

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                top = min([child.lineno] + [d.lineno for d in child.decorator_list])
                while top > 1 and lines[top - 2].strip().startswith("#"):
                    top -= 1  # the comment block right above
                last = child.end_lineno or child.lineno
                reach = set(range(top, last + 1))
                claimed.update(reach)
                functions.append(PyFunction(prefix + child.name, child.lineno, last, last - child.lineno + 1,
                                            bool(reach & reasons)))
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    exceptions = sum("SIZE EXCEPTION" in text for text in comments.values())
    return PySizes(len(lines), bool(reasons - claimed), functions, exceptions)


def python_files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def python_offenders(paths: list[Path]) -> list[str]:
    """Every module and function of ``paths`` over its bound without a reason, said in words."""
    offenders: list[str] = []
    for path in paths:
        sizes = python_sizes(path.read_text(encoding="utf-8"))
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        if sizes.lines > MODULE_BOUND and not sizes.has_reason:
            offenders.append(f"{shown} ({sizes.lines} lines)")
        offenders.extend(f"{shown}:{f.first_line} {f.name} ({f.lines} lines)" for f in sizes.functions
                         if f.lines > FUNCTION_BOUND and not f.has_reason)
    return offenders


def test_the_python_files_are_found() -> None:
    library, cli = python_files("belote_notation"), python_files("cli")
    assert ROOT / "belote_notation" / "pipeline" / "fix.py" in library
    assert any(path.name == "main.py" or path.name == "__main__.py" for path in cli), cli[:5]


def test_no_python_module_or_function_is_over_the_bound_without_a_reason() -> None:
    offenders = python_offenders(python_files("belote_notation") + python_files("cli"))
    assert not offenders, (f"over {MODULE_BOUND} lines a module or {FUNCTION_BOUND} a function, without a "
                           "'SIZE EXCEPTION: <reason>' comment: " + "; ".join(offenders))


def test_the_library_holds_at_most_three_size_exceptions() -> None:
    counted = {path.relative_to(ROOT): python_sizes(path.read_text(encoding="utf-8")).exceptions
               for path in python_files("belote_notation")}
    found = {str(path): count for path, count in counted.items() if count}
    assert sum(found.values()) <= LIBRARY_EXCEPTIONS, found


# The Python counting itself.

def _body(count: int, indent: str = "    ") -> str:
    return "".join(f"{indent}x{k} = {k}\n" for k in range(count))


def test_a_function_is_counted_from_its_def_to_its_last_line_without_its_decorators() -> None:
    source = f"import x\n\n\n@x.a\n@x.b(\n    1)\ndef f(a,\n      b):\n{_body(3)}"
    assert [f[:4] for f in python_sizes(source).functions] == [("f", 7, 11, 5)]


def test_methods_and_nested_functions_are_counted_each() -> None:
    source = f"class C:\n    async def m(self):\n        def inner():\n{_body(2, ' ' * 12)}        return 1\n"
    assert [f[:4] for f in python_sizes(source).functions] == [("C.m", 2, 6, 5), ("C.m.inner", 3, 5, 3)]


def test_a_reason_in_the_function_or_right_above_counts_and_elsewhere_not() -> None:
    reason = "# SIZE EXCEPTION: one table kept whole, measured\n"
    inside = f"def f():\n    {reason}{_body(2)}"
    above = f"{reason}# more words\n@dec\ndef f():\n{_body(2)}"
    apart = f"{reason}\ndef f():\n{_body(2)}"
    bare = f"# SIZE EXCEPTION:\ndef f():\n{_body(2)}"
    in_a_string = f'def f():\n    x = "{reason.strip()}"\n{_body(2)}'
    assert python_sizes(inside).functions[0].has_reason and python_sizes(above).functions[0].has_reason
    for source in (apart, bare, in_a_string):
        assert not python_sizes(source).functions[0].has_reason, source


def test_a_module_reason_is_one_no_function_claims() -> None:
    reason = "# SIZE EXCEPTION: one table kept whole, measured\n"
    assert python_sizes(f"{reason}\n\ndef f():\n    return 1\n").has_reason
    assert not python_sizes(f"def f():\n    {reason}    return 1\n").has_reason
    assert python_sizes(f"{reason}def f():\n    return 1\n").exceptions == 1


def test_every_offender_is_named(tmp_path: Path) -> None:
    long_module = tmp_path / "long.py"
    long_module.write_text(_body(MODULE_BOUND + 1, ""), encoding="utf-8")
    functions = tmp_path / "functions.py"
    functions.write_text(f"def short():\n{_body(FUNCTION_BOUND - 1)}\n\n"
                         f"def long():\n{_body(FUNCTION_BOUND)}\n\n"
                         f"class K:\n    def longer(self):\n{_body(FUNCTION_BOUND + 5, ' ' * 8)}\n\n"
                         f"# SIZE EXCEPTION: kept whole on purpose, a reason\ndef excused():\n"
                         f"{_body(FUNCTION_BOUND + 5)}", encoding="utf-8")
    offenders = python_offenders([long_module, functions])
    assert offenders == [f"{long_module} ({MODULE_BOUND + 1} lines)",
                         f"{functions}:{FUNCTION_BOUND + 3} long ({FUNCTION_BOUND + 1} lines)",
                         f"{functions}:{2 * FUNCTION_BOUND + 7} K.longer ({FUNCTION_BOUND + 6} lines)"]
