"""The server ``tock serve`` runs (:func:`web.server.create_server`) against a guest on the Wi-Fi: huge
bodies, requests that trickle in, and many addresses holding connections. Each test runs the real
waitress on this machine only; every phone or guest has its own loopback address (127.0.0.x)."""

from __future__ import annotations

import http.client
import select
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tests.web.scripted_table import ScriptedTable
from web import create_app
from web.roles import TABLE_COOKIE


@contextmanager
def serving(table: ScriptedTable, **limits: Any) -> Iterator[int]:
    """The companion's server over ``table`` on a free port of 127.0.0.1 (its port), stopped after."""
    from waitress import wasyncore

    from web.server import create_server

    app = create_app({"TESTING": True}, table=table)  # type: ignore[arg-type]
    server = create_server(app, host="127.0.0.1", port=0, slots=4, **limits)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        yield int(server.effective_port)
    finally:
        server.trigger.pull_trigger(lambda: wasyncore.close_all(server._map))
        thread.join(timeout=30)
        server.task_dispatcher.shutdown(timeout=30)
    assert not thread.is_alive()


def _connect(port: int, source: str) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))


def _closed(sock: socket.socket) -> bool:
    """Whether the server closed ``sock`` (without waiting)."""
    readable, _, _ = select.select([sock], [], [], 0)
    if not readable:
        return False
    try:
        return sock.recv(1024) == b""
    except ConnectionResetError:
        return True


def test_a_huge_body_is_refused_from_its_length_before_a_byte_of_it_is_read(table: ScriptedTable) -> None:
    """A guest announcing 256 MiB gets 413 at once: the server does not wait for (or store) the body."""
    with serving(table) as port:
        guest = _connect(port, "127.0.0.2")
        guest.sendall(
            b"POST /api/undo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 268435456\r\n\r\n"
        )
        assert guest.recv(12) == b"HTTP/1.1 413", "answered before any of the body was sent"
        guest.close()


def test_a_request_trickling_in_byte_by_byte_is_closed_at_its_deadline(table: ScriptedTable) -> None:
    """One header byte at a time keeps waitress's idle limit from ever running out; the whole request
    has a deadline of its own (here 0.5 s) that each new byte does not restart."""
    import time

    with serving(table, request_seconds=0.5) as port:
        guest = _connect(port, "127.0.0.2")
        trickle = b"GET /api/state HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"a" * 400
        for byte in trickle:  # 40 s at most; the deadline and the server's check take about a second
            try:
                guest.sendall(bytes([byte]))
            except (BrokenPipeError, ConnectionResetError):
                break
            if _closed(guest):
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the trickling request was never cut off")
        guest.close()


def test_a_guest_with_many_addresses_cannot_lock_the_paired_table_out(table: ScriptedTable) -> None:
    """Four addresses each holding its whole share of idle connections take every connection of a
    server limited to 48; the table (127.0.0.1, with its key) still gets in and is answered, and so do a
    seat's phone and a guest's own live stream, which are not dropped for it."""
    with serving(table, connections=48) as port:
        phone = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=("127.0.0.5", 0))
        phone.request("GET", "/events")
        stream = phone.getresponse()
        assert stream.status == 200
        idle = [_connect(port, f"127.0.0.{10 + n // 16}") for n in range(64)]
        try:
            the_table = http.client.HTTPConnection(
                "127.0.0.1", port, timeout=10, source_address=("127.0.0.1", 0)
            )
            the_table.request("GET", "/api/setup", headers={"Cookie": f"{TABLE_COOKIE}={table.table_key()}"})
            assert the_table.getresponse().status == 200
            the_table.close()
            assert not stream.isclosed() and stream.readline().startswith(b"retry:"), "the stream stays"
        finally:
            for sock in idle:
                sock.close()
            phone.close()
