"""The ``belote`` fixture, a pytest plugin of the tests/cli modules that name it in
``pytest_plugins``: the command run in this process (see
:func:`tests.cli.cli_support.run_in_process`), in an empty folder by default. The tests of the
installed command in a real process use :func:`tests.cli.cli_support.run_belote`."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.cli.cli_support import Run, run_in_process


@pytest.fixture()
def belote(tmp_path: Path) -> Run:
    """Runs the command in an empty folder by default (no configuration file found upwards
    of ``tmp_path``, unless a test writes one)."""

    def run(*args: str | Path, cwd: Path | None = None, **kwargs) -> subprocess.CompletedProcess:
        result = run_in_process(*args, cwd=cwd or tmp_path, **kwargs)
        assert "Traceback" not in result.stderr, result.stderr
        return result

    return run
