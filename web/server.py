"""The companion's HTTP server: waitress, sized for every page of a table and its audience, and guarded
so that idle, slow or greedy clients, from one address or from many, cannot starve it.

waitress reads requests on one event loop and runs each application call on a worker thread; a live
stream (:mod:`web.events`) holds its thread while it is open, waiting on a queue (no CPU). So the server
gets one thread per stream slot plus :data:`SPARE_THREADS` for every other request, and the limits below
keep a guest from holding connections that others need:

- :data:`PER_CLIENT`: connections one address may hold at once (a phone opens a handful); beyond that a
  new connection is closed at once, before any thread sees it;
- :data:`IDLE_SECONDS`: a connection with no request under way is closed after this long;
- :data:`REQUEST_SECONDS`: a request (its line, headers and body) must have arrived this long after its
  first byte, however slowly it trickles in (waitress's own idle limit restarts on every byte);
- :data:`CONNECTION_LIMIT`: all connections at once. A guest with many addresses may reach it; then
  each new connection closes the one that has waited longest without a request to serve (idle, or
  still trickling one in), so that the paired table, or anyone, always gets a connection and an
  answer. A request being served (a live stream among them) is never closed that way;
- the largest body is the app's ``MAX_CONTENT_LENGTH``: waitress answers 413 from the
  ``Content-Length`` alone, before reading a byte of the body (its own default buffers up to 1 GiB to
  temporary files first), and stops a chunked body as soon as it grows past the limit.

``tests/benchmarks/bench_live_pages.py`` measures the choice (streams held, move-to-page latency).
"""

from __future__ import annotations

import time
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
REQUEST_SECONDS = 10.0
"""A request must arrive whole within this long of its first byte (a phone sends one in milliseconds)."""
CONNECTION_LIMIT = 1000
"""All connections at once; beyond, the longest waiting one without a request to serve is closed."""
BODY_LIMIT = 64 * 1024
"""The largest request body when the app sets none (the app's ``MAX_CONTENT_LENGTH``)."""


def _client(addr: Any) -> Any:
    return addr[0] if isinstance(addr, tuple) and addr else addr


class _GuardedChannel(HTTPChannel):  # type: ignore[misc]
    """waitress's connection, with the per-address share, the whole-request deadline and the room kept
    for a new connection when every connection is taken (see the module's description)."""

    request_began: float | None = None
    """When the first byte of the request now arriving came (None between requests)."""

    def __init__(self, server: Any, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:
        super().__init__(server, sock, addr, adj, map)
        client = _client(addr)
        channels = list(server.active_channels.values())
        if sum(1 for channel in channels if _client(channel.addr) == client) > PER_CLIENT:
            self.close()
            return
        if len(channels) > server.tock_connection_limit:
            waiting = [c for c in channels if c is not self and not c.requests and not c.will_close]
            if waiting:
                min(waiting, key=_GuardedChannel.waiting_since).will_close = True

    def waiting_since(self) -> float:
        """Since when this connection has waited without a request to serve."""
        return self.request_began if self.request_began is not None else self.last_activity

    def received(self, data: bytes) -> bool:
        if data and self.request is None and self.request_began is None:
            self.request_began = time.time()
        answer: bool = super().received(data)
        if self.request is None:  # no request half-read now: the next one starts its own clock
            self.request_began = None
        return answer


def create_server(
    app: Any,
    *,
    host: str,
    port: int,
    slots: int = STREAM_SLOTS,
    connections: int = CONNECTION_LIMIT,
    request_seconds: float = REQUEST_SECONDS,
) -> Any:
    """A waitress server for ``app`` on ``host``:``port`` with the threads and limits above (``slots``
    should be the app's ``TOCK_STREAM_SLOTS``; ``connections`` and ``request_seconds`` are for tests).
    Raises ``OSError`` when the address cannot be used."""
    server = waitress_server(
        app,
        host=host,
        port=port,
        threads=slots + SPARE_THREADS,
        # waitress stops accepting at its limit: kept above ours, so that a new connection is always
        # accepted and closes a waiting one instead
        connection_limit=connections + PER_CLIENT,
        channel_timeout=IDLE_SECONDS,
        max_request_body_size=int(app.config.get("MAX_CONTENT_LENGTH") or BODY_LIMIT) + 1,
        cleanup_interval=min(1.0, request_seconds / 2),
        asyncore_use_poll=True,  # select() cannot watch a socket numbered past 1023
        ident="tock",
    )
    listeners = [server, *getattr(server, "map", {}).values()]
    for listener in listeners:
        if hasattr(listener, "channel_class"):
            listener.channel_class = _GuardedChannel
            listener.tock_connection_limit = connections
            listener.maintenance = _maintenance(listener, request_seconds)
    return server


def _maintenance(listener: Any, request_seconds: float) -> Any:
    """waitress's periodic clean-up (idle connections), plus: a request still arriving after
    ``request_seconds`` has its connection closed."""
    idle_cleanup = listener.maintenance

    def maintenance(now: float) -> None:
        idle_cleanup(now)
        cutoff = now - request_seconds
        for channel in list(listener.active_channels.values()):
            began = getattr(channel, "request_began", None)
            if began is not None and began < cutoff and not channel.requests:
                channel.will_close = True

    return maintenance
