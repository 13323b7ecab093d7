"""The companion's HTTP server: waitress, sized for every page of a table and its audience, and guarded
so that idle or greedy clients cannot starve it.

waitress reads requests on one event loop and runs each application call on a worker thread; a live
stream (:mod:`web.events`) holds its thread while it is open, waiting on a queue (no CPU). So the server
gets one thread per stream slot plus :data:`SPARE_THREADS` for every other request, and the limits below
keep a guest from holding connections that others need:

- :data:`PER_CLIENT`: connections one address may hold at once (a phone opens a handful); beyond that a
  new connection is closed at once, before any thread sees it;
- :data:`IDLE_SECONDS`: a connection with no request in progress is closed after this long (a live
  stream is a request in progress, and its heartbeats keep it busy);
- :data:`CONNECTION_LIMIT`: all connections at once, far above slots plus spare threads.

``tests/benchmarks/bench_web.py`` measures the choice (streams held, move-to-page latency).
"""

from __future__ import annotations

from typing import Any

from waitress.channel import HTTPChannel
from waitress.server import create_server as waitress_server

STREAM_SLOTS = 120
"""Live streams open at once (8 phones, the table and a large audience; beyond, pages poll)."""
SPARE_THREADS = 16
"""Worker threads left for pages, API calls and camera pictures while every stream slot is held."""
PER_CLIENT = 16
"""Connections one client address may hold at once."""
IDLE_SECONDS = 30
"""A connection idle (no request under way) this long is closed."""
CONNECTION_LIMIT = 1000
"""All connections at once."""


class _PerClientChannel(HTTPChannel):  # type: ignore[misc]
    """waitress's connection, closed at once when its address already holds :data:`PER_CLIENT`."""

    def __init__(self, server: Any, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:
        super().__init__(server, sock, addr, adj, map)
        client = addr[0] if isinstance(addr, tuple) and addr else addr
        held = sum(
            1
            for channel in server.active_channels.values()
            if (channel.addr[0] if isinstance(channel.addr, tuple) and channel.addr else channel.addr)
            == client
        )
        if held > PER_CLIENT:
            self.close()


def create_server(app: Any, *, host: str, port: int, slots: int = STREAM_SLOTS) -> Any:
    """A waitress server for ``app`` on ``host``:``port`` with the threads and limits above (``slots``
    should be the app's ``TOCK_STREAM_SLOTS``). Raises ``OSError`` when the address cannot be used."""
    server = waitress_server(
        app,
        host=host,
        port=port,
        threads=slots + SPARE_THREADS,
        connection_limit=CONNECTION_LIMIT,
        channel_timeout=IDLE_SECONDS,
        cleanup_interval=5,
        ident="tock",
    )
    listeners = [server, *getattr(server, "map", {}).values()]
    for listener in listeners:
        if hasattr(listener, "channel_class"):
            listener.channel_class = _PerClientChannel
    return server
