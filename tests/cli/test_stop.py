"""Stopping the real ``tock serve`` process (``systemctl stop`` sends SIGTERM) at the moments it is
busy in different ways: idle, with a page's live stream open, and while its camera thread is reading a
marble just moved. Each stop exits cleanly: the exit status a service manager counts as a clean stop,
no traceback in its output (the journal), nothing left running, its port free again."""

from __future__ import annotations

import http.client
import json
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from firmware_py.store.saves import GameStore

STARTED_WITHIN = 60.0
"""Seconds the companion may take to answer its first request (a loaded shared machine)."""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _port_is_free(port: int) -> bool:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def _answering(port: int) -> bool:
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        connection.request("GET", "/api/state")
        status = connection.getresponse().status
        connection.close()
    except OSError:
        return False
    return status == 200


def _idle(port: int, db: Path) -> list[http.client.HTTPConnection]:
    return []


def _with_a_live_stream(port: int, db: Path) -> list[http.client.HTTPConnection]:
    stream = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    stream.request("GET", "/events")
    response = stream.getresponse()
    assert response.status == 200 and response.readline().startswith(b"retry:")
    return [stream]


def _while_the_camera_reads_a_marble_moved(port: int, db: Path) -> list[http.client.HTTPConnection]:
    """The table moves a marble on the simulated board: the camera thread reads it, judges it and
    lights the LEDs, which the SIGTERM handler is stopping meanwhile."""
    key = GameStore(db).table_key()
    origin = f"http://127.0.0.1:{port}"
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    state = json.loads(_get(port, "/api/state"))
    seat = state["turn"]
    connection.request(
        "POST",
        "/api/marble",
        body=json.dumps({"from": f"{seat}R1", "to": f"{seat}18"}),
        headers={"Content-Type": "application/json", "Origin": origin, "Cookie": f"tock_table={key}"},
    )
    answer = connection.getresponse()
    assert answer.status == 200, answer.read()
    connection.close()
    return []


def _get(port: int, path: str) -> bytes:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path)
    body = connection.getresponse().read()
    connection.close()
    return body


def _stopped(
    tmp_path: Path, moment: Callable[[int, Path], list[http.client.HTTPConnection]], signals: int
) -> tuple[int, str]:
    """Start ``tock serve``, bring it to ``moment``, send ``signals`` SIGTERMs in a row; its exit
    status and everything it wrote, once its port is checked free."""
    port, db, output = _free_port(), tmp_path / "tock.sqlite3", tmp_path / "journal.txt"
    tock = Path(sys.executable).with_name("tock")  # the console script beside this interpreter
    command = [str(tock), "serve", "--host", "127.0.0.1", "--port", str(port), "--db", str(db)]
    with output.open("w", encoding="utf-8") as journal:
        # the synthetic camera and the simulated LEDs are the defaults; the camera thread runs
        server = subprocess.Popen(command, stdout=journal, stderr=journal, text=True)
    try:
        deadline = time.monotonic() + STARTED_WITHIN
        while not _answering(port):
            assert server.poll() is None, output.read_text(encoding="utf-8")
            assert time.monotonic() < deadline, "the companion never answered"
            time.sleep(0.1)
        held = moment(port, db)
        for _ in range(signals):
            server.send_signal(signal.SIGTERM)
        code = server.wait(timeout=60)
        for connection in held:
            connection.close()
    finally:
        server.kill()
        server.wait()
    assert _port_is_free(port), "the companion's port is still held"
    return code, output.read_text(encoding="utf-8")


MOMENTS = [_idle, _with_a_live_stream, _while_the_camera_reads_a_marble_moved]


@pytest.mark.parametrize("moment", MOMENTS, ids=lambda f: f.__name__)
def test_sigterm_stops_the_companion_cleanly_whatever_it_is_doing(
    tmp_path: Path, moment: Callable[[int, Path], list[http.client.HTTPConnection]]
) -> None:
    code, journal = _stopped(tmp_path, moment, signals=1)
    assert code == 0, journal
    assert "Traceback" not in journal and "DeviceClosed" not in journal, journal
    assert "Tock companion on" in journal  # it did start, and said so


@pytest.mark.parametrize("moment", MOMENTS, ids=lambda f: f.__name__)
def test_a_sigterm_sent_again_while_stopping_exits_with_sigterms_status_and_no_traceback(
    tmp_path: Path, moment: Callable[[int, Path], list[http.client.HTTPConnection]]
) -> None:
    """A person who runs ``kill`` again meanwhile: the second signal ends the stop at once (status 143,
    128 + SIGTERM, as the signal's default action) or finds it already over (0); never a traceback."""
    code, journal = _stopped(tmp_path, moment, signals=3)
    assert code in (0, 128 + signal.SIGTERM), journal
    assert "Traceback" not in journal and "DeviceClosed" not in journal, journal
