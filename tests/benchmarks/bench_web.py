"""Web: how fast a change of the table reaches the open pages, and what the JSON API costs.

Serves the app with the server ``tock serve`` runs (:func:`web.server.create_server`) over the scripted
table of the web tests, keeps the table page and four seat pages open as live streams, and times a change
of the table until every stream has delivered it (a delta). Target (design.md): a stable reading
reaches the LEDs and the page within 50 ms; this measures the web's share of it.
"""

from __future__ import annotations

import http.client
import statistics
import threading
import time

from waitress import wasyncore

from tests.web.scripted_table import ScriptedTable
from web import create_app
from web.server import create_server

TARGET_MS = 50.0
CHANGES = 60


def _stream(port: int, path: str) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path)
    response = connection.getresponse()
    assert response.status == 200
    return response


def _next_view(response: http.client.HTTPResponse) -> None:
    while True:
        line = response.fp.readline()
        if line.startswith((b"event: view", b"event: delta")):
            response.fp.readline()
            return


def main() -> bool:
    table = ScriptedTable()
    config = {"TOCK_STREAM_SECONDS": 600.0, "TOCK_HEARTBEAT_SECONDS": 0.5, "TOCK_STREAM_SLOTS": 6}
    server = create_server(create_app(config, table=table), host="127.0.0.1", port=0, slots=6)
    port = server.effective_port  # type: ignore[union-attr]
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        paths = ["/events"] + [f"/events/seat/{link['token']}" for link in table.seat_links()]
        streams = [_stream(port, path) for path in paths]
        for stream in streams:
            _next_view(stream)
        delays = []
        places = ["AR1", "A18"]
        for n in range(CHANGES):
            started = time.perf_counter()
            table.move_marble(places[n % 2], places[(n + 1) % 2])
            for stream in streams:
                _next_view(stream)
            delays.append((time.perf_counter() - started) * 1000)
        api = []
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        token = table.seat_links()[0]["token"]
        for path in ["/api/state", f"/api/seat/{token}"] * 50:
            started = time.perf_counter()
            connection.request("GET", path)
            connection.getresponse().read()
            api.append((time.perf_counter() - started) * 1000)
        connection.close()
        for stream in streams:
            stream.close()
    finally:
        server.trigger.pull_trigger(lambda: wasyncore.close_all(server._map))  # type: ignore[union-attr]
        thread.join(timeout=30)
        server.task_dispatcher.shutdown(timeout=30)  # type: ignore[union-attr]
    median = statistics.median(delays)
    p95 = statistics.quantiles(delays, n=20)[-1]
    print(
        f"   change -> new view on 5 open pages: median {median:.1f} ms, p95 {p95:.1f} ms "
        f"(target <= {TARGET_MS:.0f} ms)"
    )
    print(f"   GET /api/state and a seat view: median {statistics.median(api):.2f} ms")
    return p95 <= TARGET_MS
