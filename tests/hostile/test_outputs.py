"""Issue 38: what every command that writes a file given by ``-o``/``--html`` (and ``fmt``) does
to a target that is not a plain file: a device, a FIFO or a socket is written into (never
replaced by a regular file), a symbolic link is kept and its target written, a hard-linked file
keeps its inode (its other names see the new text). ``generate -o`` goes through a temporary
(an interrupted run leaves the target as it was) and ``fmt --check`` writes nothing.

The device is one made here (``mknod``, as root), never the machine's ``/dev/null``. The commands
run in this process (:func:`tests.cli.cli_support.run_in_process`, the click command the console
script runs): what is tested is what they do to the target, and a Python start-up per call cost
most of this file's CPU; the interrupted ``generate`` stays a real process, since it takes a
SIGINT."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from belote_notation.pipeline.files import replacing
from tests.cli.cli_support import run_in_process

BELOTE = [sys.executable, "-m", "belote_replay"]
WRITERS: dict[str, Callable[[Path, Path], list[str]]] = {
    "convert": lambda game, out: ["convert", str(game), "--to", "bel", "-o", str(out)],
    "render": lambda game, out: ["render", str(game), "-o", str(out)],
    "select": lambda game, out: ["select", str(game), "--to", "bel", "-o", str(out)],
    "dedupe": lambda game, out: ["dedupe", str(game), "--to", "bel", "-o", str(out)],
    "stats": lambda game, out: ["stats", str(game), "-o", str(out)],
    "stats --html": lambda game, out: ["stats", str(game), "--html", str(out)],
    "annotate": lambda game, out: ["annotate", str(game), "-o", str(out)],
    "generate": lambda game, out: ["generate", "--deals", "1", "--seed", "2", "-o", str(out)],
}


def belote(*args: str) -> subprocess.CompletedProcess[str]:
    done = run_in_process(*args)
    assert "Traceback" not in done.stderr, done.stderr
    return done


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("game") / "clean.bel"
    assert belote("generate", "--deals", "1", "--seed", "2", "-o", str(path)).returncode == 0
    return path


def written(name: str, game: Path, out: Path) -> subprocess.CompletedProcess[str]:
    done = belote(*WRITERS[name](game, out))
    assert done.returncode in (0, 1), done.stderr
    return done


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="mknod needs root")
@pytest.mark.parametrize("name", WRITERS)
def test_a_device_is_written_into_not_replaced(name: str, game: Path, tmp_path: Path) -> None:
    device = tmp_path / "null"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except OSError as exc:  # a container without the right to make devices
        pytest.skip(f"cannot make a device: {exc}")
    written(name, game, device)
    assert stat.S_ISCHR(os.lstat(device).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null"]  # no temporary left


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("name", WRITERS)
def test_a_fifo_is_written_into(name: str, game: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    try:
        written(name, game, fifo)
    finally:
        if reader.is_alive():  # the command never opened it: unblock the reader
            with open(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK), "wb"):
                pass
    reader.join(10)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert received and received[0].strip(), "nothing was written into the FIFO"


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="no Unix sockets here")
def test_a_socket_is_written_into(game: Path, tmp_path: Path) -> None:
    path = tmp_path / "sock"
    received: list[bytes] = []
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(str(path))
        server.listen(1)

        def serve() -> None:
            connection, _ = server.accept()
            with connection:
                chunks = []
                while chunk := connection.recv(65536):
                    chunks.append(chunk)
                received.append(b"".join(chunks))

        thread = threading.Thread(target=serve, daemon=True)
        thread.start()
        written("convert", game, path)
        thread.join(10)
    assert stat.S_ISSOCK(os.lstat(path).st_mode)
    assert received and received[0] == game.read_bytes()


@pytest.mark.parametrize("name", WRITERS)
def test_a_symlink_is_kept_and_its_target_written(name: str, game: Path, tmp_path: Path) -> None:
    folder = tmp_path / "real"
    folder.mkdir()
    target = folder / "out.txt"
    target.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    written(name, game, link)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text(encoding="utf-8") not in ("", "old\n")
    assert sorted(p.name for p in folder.iterdir()) == ["out.txt"]


@pytest.mark.parametrize("name", WRITERS)
def test_a_hard_linked_file_keeps_its_inode(name: str, game: Path, tmp_path: Path) -> None:
    first = tmp_path / "first.txt"
    first.write_text("old\n", encoding="utf-8")
    first.chmod(0o640)
    second = tmp_path / "second.txt"
    os.link(first, second)
    inode = first.stat().st_ino
    written(name, game, first)
    assert first.stat().st_ino == inode and first.stat().st_nlink == 2
    assert second.read_text(encoding="utf-8") == first.read_text(encoding="utf-8") != "old\n"
    assert stat.S_IMODE(first.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["first.txt", "second.txt"]


def test_replacing_keeps_the_permissions_of_the_file_it_replaces(tmp_path: Path) -> None:
    target = tmp_path / "private.bel"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o600)
    with replacing(target) as out:
        out.write("new\n")
    assert target.read_text(encoding="utf-8") == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


def test_an_interrupted_generate_leaves_its_target_as_it_was(tmp_path: Path) -> None:
    target = tmp_path / "kept.bel"
    target.write_text("precious\n", encoding="utf-8")
    running = subprocess.Popen([*BELOTE, "generate", "--deals", "200000", "-o", str(target)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # writing has begun: the target cut, or a temporary made
            if target.stat().st_size != len("precious\n") or len(list(tmp_path.iterdir())) > 1:
                break
            time.sleep(0.05)
        else:
            pytest.fail("generate never began writing")
        time.sleep(0.3)
        running.send_signal(2)  # SIGINT: Ctrl-C
        running.wait(60)
    finally:
        running.kill()
    assert target.read_text(encoding="utf-8") == "precious\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.bel"]


def test_fmt_check_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``fmt --check`` and ``--diff`` open nothing for writing (a temporary copy beside the
    input failed in a read-only folder and stayed behind when the run was killed)."""
    from belote_replay.fmt import format_file

    path = tmp_path / "lenient.bel"
    path.write_text('[Rules "classic"]\nDeal 1 Dealer s\npli 1 w:8♦ n:D♦ e:7♦ s:9♦\nfin *\n',
                    encoding="utf-8")
    opened_for_writing: list[str] = []
    real_open = os.open

    def watching(file: str, flags: int, *args: int, **kwargs: int) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            opened_for_writing.append(str(file))
        return real_open(file, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", watching)
    assert format_file(path, check=True)[0] == "would-reformat"
    assert format_file(path, check=False, diff=True)[0] == "would-reformat"
    monkeypatch.undo()
    assert opened_for_writing == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lenient.bel"]
    assert format_file(path, check=False)[0] == "reformatted"
    assert format_file(path, check=True) == ("unchanged", [])
