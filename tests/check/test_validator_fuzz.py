"""Fuzz: mutated generated files never crash the validator, and findings point inside the file."""

from __future__ import annotations

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote_notation.check.findings import code_registry
from belote_notation.check.validator import validate_text
from belote_replay.main import cli
from tests.support.validator import generated_text

TEXTS = {name: generated_text(name, deals=12, seed=3) for name in ("classic", "moroccan")}

_tokens = st.sampled_from(["N:", "E:", "take", "pass", "belote", "rebelote", "(", ")", "{", "}",
                           "[", "]", '"', "\\", ";", "deal", "trick", "end", "score", "match",
                           "pot 40", "smsara 2", "tafr9a N", "rest", "hand", "offer", "AS", "12O",
                           "winner", "!?", "$3", "\n", " ", "0", "-5", "99999999999999999999"])
_mutation = st.tuples(
    st.sampled_from(["insert", "delete", "replace", "duplicate_line", "swap_lines"]),
    st.floats(0, 1), st.floats(0, 1), st.lists(_tokens, min_size=1, max_size=4),
)


def mutate(text: str, mutations) -> str:
    for kind, a, b, pieces in mutations:
        i = int(a * len(text))
        j = min(len(text), i + int(b * 40))
        piece = "".join(pieces)
        if kind == "insert":
            text = text[:i] + piece + text[i:]
        elif kind == "delete":
            text = text[:i] + text[j:]
        elif kind == "replace":
            text = text[:i] + piece + text[j:]
        else:
            lines = text.split("\n")
            x, y = int(a * (len(lines) - 1)), int(b * (len(lines) - 1))
            if kind == "duplicate_line":
                lines.insert(x, lines[x])
            else:
                lines[x], lines[y] = lines[y], lines[x]
            text = "\n".join(lines)
    return text


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(TEXTS)), st.lists(_mutation, min_size=1, max_size=5))
def test_mutated_records_never_crash(name, mutations):
    text = mutate(TEXTS[name], mutations)
    n_lines = text.count("\n") + 1
    registry = code_registry()
    for report in validate_text(text, "fuzz.bel"):
        for f in report.findings:
            assert f.code in registry, f
            assert f.severity in ("error", "warning", "info")
            assert 0 <= f.line <= n_lines, f
            assert "internal error" not in f.message, f


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(TEXTS)), st.integers(0, 10**6), st.binary(min_size=1, max_size=40))
def test_random_bytes_through_the_command(name, where, junk):
    data = TEXTS[name].encode("utf-8")
    at = where % len(data)
    data = data[:at] + junk + data[at:]
    result = CliRunner().invoke(cli, ["validate", "-"], input=data)
    assert result.exit_code in (0, 1), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
