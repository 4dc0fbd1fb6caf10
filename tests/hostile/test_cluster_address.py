"""Issue 38: a ``--cluster tcp://`` address that is not a Dask scheduler. Tiny fake servers on
127.0.0.1 in threads: one that accepts and never answers (hung the command > 200 s), one that
answers HTTP (a NumPy ``_ArrayMemoryError`` traceback: its bytes read as a 3.5e18-byte frame),
one that announces a 2 GiB frame and sends it (read into memory), one that greets as a
scheduler and then says nothing. Each ends with exit 2 and one line, within the documented
10 s (and a margin)."""

from __future__ import annotations

import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from belote_notation.cluster.probe import _greeting, probe_scheduler
from tests.formats.helpers import ROOT

SAMPLE = str(ROOT / "samples" / "classic" / "capot-and-belote.bel")


@contextmanager
def fake_server(behave: Callable[[socket.socket], None]) -> Iterator[str]:
    """``tcp://127.0.0.1:PORT`` of a server that runs ``behave`` on each connection."""
    listener = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def serve() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                peer, _ = listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            threading.Thread(target=behave, args=(peer,), daemon=True).start()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        stop.set()
        thread.join()
        listener.close()


def silent(peer: socket.socket) -> None:
    time.sleep(30)
    peer.close()


def http(peer: socket.socket) -> None:
    peer.recv(4096)
    peer.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
    time.sleep(5)
    peer.close()


def huge_frame(peer: socket.socket) -> None:
    try:
        peer.sendall(struct.pack("Q", 2 << 30))
        chunk = bytes(1 << 20)
        for _ in range(2048):
            peer.sendall(chunk)
    except OSError:
        pass
    peer.close()


def greets_then_silent(peer: socket.socket) -> None:
    peer.sendall(_greeting())
    time.sleep(40)
    peer.close()


@pytest.mark.parametrize(("behave", "said"), [
    (silent, "no answer in 2 s"),
    (http, "is not a dask scheduler: it answered 'HTTP/1.1 400 Bad Request'"),
    (huge_frame, "is not a dask scheduler: it announced a message of 2,147,483,648 bytes"),
])
def test_the_probe_says_what_the_address_is_within_its_deadline(behave: Callable[[socket.socket], None],
                                                                 said: str) -> None:
    with fake_server(behave) as address:
        started = time.monotonic()
        with pytest.raises(OSError, match=said.replace("(", r"\(").replace(")", r"\)")):
            probe_scheduler(address, seconds=2)
        assert time.monotonic() - started < 5


def test_a_refused_connection_is_one_line_too() -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
    with pytest.raises(OSError, match=f"cannot reach the dask scheduler at tcp://127.0.0.1:{port}: "):
        probe_scheduler(f"tcp://127.0.0.1:{port}", seconds=2)


def _validate(address: str) -> tuple[subprocess.CompletedProcess[str], float]:
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "belote_replay", "validate", SAMPLE, "--cluster", address],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    return done, time.monotonic() - started


@pytest.mark.parametrize("behave", [pytest.param(silent, marks=pytest.mark.slow), http, huge_frame,
                                    pytest.param(greets_then_silent, marks=pytest.mark.slow)])
def test_validate_ends_with_exit_2_and_one_line(behave: Callable[[socket.socket], None]) -> None:
    with fake_server(behave) as address:
        done, seconds = _validate(address)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and "Error" not in done.stderr, done.stderr
    said = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(said) == 1 and address in said[0], done.stderr
    assert seconds < 10 + 15, seconds  # the documented 10 s, and the start of Python


@pytest.mark.cluster
def test_a_real_scheduler_passes_the_probe() -> None:
    import logging

    from distributed import LocalCluster

    with LocalCluster(n_workers=0, processes=False, protocol="tcp", dashboard_address=":0",
                      silence_logs=logging.ERROR) as cluster:  # type: ignore[no-untyped-call]
        probe_scheduler(cluster.scheduler_address, seconds=5)
