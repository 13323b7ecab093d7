"""Live pages: streams held and move-to-page latency at 10, 30 and 100 open pages, and requests answered
while they are open, on the server ``tock serve`` runs (:func:`web.server.create_server`).

Each page is a live stream from its own loopback address (127.0.1.x, as each phone has its own address),
a mix of spectators and seat pages; a "move" is a change of the scripted table; its latency is the time
until every page has received its delta. Meanwhile another client times ``GET /api/state``. Then a guest
(127.0.0.2) opens 98 idle connections and the time to answer another client is measured. Everything
stays on this machine and is bounded (at most 100 pages, 20 moves each). Targets (design.md): >= 30
pages each see a move within 1 s at p99, every request answered within 1 s.
"""

from __future__ import annotations

import http.client
import socket
import statistics
import threading
import time
from typing import Any

from waitress import wasyncore

from tests.web.scripted_table import ScriptedTable
from web import create_app
from web.server import STREAM_SLOTS, create_server

PAGES = (10, 30, 100)
MOVES = 20
TARGET_MS = 1000.0
IDLE = 98


class _Conn(http.client.HTTPConnection):
    """An HTTP connection from a chosen loopback address."""

    def __init__(self, port: int, source: str) -> None:
        super().__init__("127.0.0.1", port, timeout=30, source_address=(source, 0))


def _open_stream(port: int, path: str, source: str) -> http.client.HTTPResponse:
    connection = _Conn(port, source)
    connection.request("GET", path)
    response = connection.getresponse()
    assert response.status == 200
    return response


def _next_event(response: http.client.HTTPResponse, names: tuple[bytes, ...]) -> None:
    while True:
        line = response.fp.readline()
        if not line:
            raise ConnectionError("stream ended")
        if line.rstrip().split(b": ", 1)[-1] in names and line.startswith(b"event:"):
            response.fp.readline()
            return


def _timed_get(port: int, source: str) -> float:
    started = time.perf_counter()
    connection = _Conn(port, source)
    connection.request("GET", "/api/state")
    connection.getresponse().read()
    connection.close()
    return (time.perf_counter() - started) * 1000


def _run(pages: int) -> dict[str, Any]:
    table = ScriptedTable()
    config = {"TOCK_STREAM_SECONDS": 600.0, "TOCK_HEARTBEAT_SECONDS": 5.0, "TOCK_STREAM_SLOTS": STREAM_SLOTS}
    server = create_server(create_app(config, table=table), host="127.0.0.1", port=0)  # type: ignore[arg-type]
    port = server.effective_port
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        tokens = [link["token"] for link in table.seat_links()]
        paths = [f"/events/seat/{tokens[i]}" if i < len(tokens) else "/events" for i in range(pages)]
        streams = [_open_stream(port, path, f"127.0.1.{i + 1}") for i, path in enumerate(paths)]
        for stream in streams:
            _next_event(stream, (b"view",))
        held = len(table._subscriptions)
        latencies, answers = [], []
        places = ["AR1", "A18"]
        for n in range(MOVES):
            started = time.perf_counter()
            table.move_marble(places[n % 2], places[(n + 1) % 2])
            for stream in streams:
                _next_event(stream, (b"delta", b"view"))
            latencies.append((time.perf_counter() - started) * 1000)
            answers.append(_timed_get(port, "127.0.0.3"))
        for stream in streams:
            stream.close()
        idle = [
            socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.2", 0))
            for _ in range(IDLE)
        ]
        time.sleep(0.2)
        with_idle = max(_timed_get(port, "127.0.0.3") for _ in range(10))
        for sock in idle:
            sock.close()
    finally:
        server.trigger.pull_trigger(lambda: wasyncore.close_all(server._map))
        thread.join(timeout=30)
        server.task_dispatcher.shutdown(timeout=30)
    latencies.sort()
    return {
        "held": held,
        "median": statistics.median(latencies),
        "p99": latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))],
        "answer": max(answers),
        "with_idle": with_idle,
    }


def main() -> bool:
    ok = True
    for pages in PAGES:
        started = time.process_time()
        result = _run(pages)
        cpu = time.process_time() - started
        print(
            f"   {pages:3d} pages: {result['held']} streams held; move -> every page median "
            f"{result['median']:.0f} ms, p99 {result['p99']:.0f} ms; GET /api/state meanwhile <= "
            f"{result['answer']:.0f} ms; with {IDLE} idle connections of one guest "
            f"<= {result['with_idle']:.0f} ms ({cpu:.1f} s CPU)"
        )
        if pages <= 30:
            ok = (
                ok
                and result["held"] == pages
                and result["p99"] <= TARGET_MS
                and result["answer"] <= TARGET_MS
            )
    print(f"   (target: >= 30 pages live, p99 <= {TARGET_MS:.0f} ms, every request <= {TARGET_MS:.0f} ms)")
    return ok


if __name__ == "__main__":
    main()
