"""Live updates: each stream sends its client's own view, heartbeats, and ends on its own."""

from __future__ import annotations

import http.client
import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.web.scripted_table import ScriptedTable


def _events(chunks: Iterator[bytes], count: int | None = None) -> list[tuple[str, Any]]:
    """Parse the next ``count`` stream chunks (all of them when None) as (kind, data)."""
    parsed: list[tuple[str, Any]] = []
    for chunk in chunks:
        text = chunk.decode()
        if text.startswith("retry:"):
            parsed.append(("retry", int(text.split()[1])))
        elif text.startswith(":"):
            parsed.append(("heartbeat", None))
        else:
            lines = dict(line.split(": ", 1) for line in text.strip().splitlines())
            parsed.append((lines["event"], json.loads(lines["data"])))
        if count is not None and len(parsed) == count:
            break
    return parsed


def _open(client: FlaskClient, path: str) -> tuple[Any, Iterator[bytes]]:
    response = client.get(path, buffered=False)
    assert response.status_code == 200 and response.mimetype == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-store"
    return response, response.iter_encoded()


def test_public_stream_sends_the_view_heartbeats_and_ends(client: FlaskClient, table: ScriptedTable) -> None:
    response, chunks = _open(client, "/events")
    events = _events(chunks)
    assert events[0] == ("retry", 500)
    assert events[1] == ("view", table.public_view())
    assert ("heartbeat", None) in events[2:]
    assert table._subscriptions == [], "the stream let go of its subscription when it ended"
    response.close()


def test_a_stream_ends_at_once_when_the_companion_stops(client: FlaskClient, table: ScriptedTable) -> None:
    response, chunks = _open(client, "/events")
    assert [kind for kind, _ in _events(chunks, 2)] == ["retry", "view"]
    table.end_streams()
    assert _events(chunks) == [], "no heartbeat, no view: the stream is over"
    assert table._subscriptions == []
    response.close()


def test_a_change_sends_the_new_view(
    client: FlaskClient, table: ScriptedTable, tokens: dict[str, str]
) -> None:
    response, chunks = _open(client, "/events")
    first = _events(chunks, 2)[1][1]
    table.move_marble("AR1", "A18")
    kind, changed = _events(chunks, 1)[0]
    assert kind == "delta" and changed["version"] == first["version"] + 1 and changed["layout"]["A18"] == "A"
    assert "seats" not in changed and "board" not in changed, "only what changed is sent"
    response.close()
    assert table._subscriptions == []


def test_a_move_sends_only_the_log_s_new_line(
    client: FlaskClient, table: ScriptedTable, tokens: dict[str, str]
) -> None:
    client.post(f"/api/seat/{tokens['A']}/play", json={"move": "AS:AR1-A18"})
    response, chunks = _open(client, "/events")
    first = _events(chunks, 2)[1][1]
    client.post(f"/api/seat/{tokens['B']}/play", json={"move": "2H:BR1-B18"})
    kind, changed = _events(chunks, 1)[0]
    assert kind == "delta" and "log" not in changed
    assert (
        changed["log_add"] == table.public_view()["log"][len(first["log"]) :] and len(changed["log_add"]) == 1
    )
    merged = {**first, **{k: v for k, v in changed.items() if k != "log_add"}}
    merged["log"] = first["log"] + changed["log_add"]
    assert merged == table.public_view(), "the page's view plus the delta is the table's view"
    response.close()


def test_a_stream_is_gzip_compressed_for_a_browser_that_accepts_it(
    client: FlaskClient, table: ScriptedTable
) -> None:
    import zlib

    response = client.get("/events", headers={"Accept-Encoding": "gzip, deflate"}, buffered=False)
    assert response.headers["Content-Encoding"] == "gzip"
    decompressor = zlib.decompressobj(31)
    text = ""
    for chunk in response.iter_encoded():
        text += decompressor.decompress(chunk).decode()
        if "event: view" in text and text.endswith("\n\n"):
            break
    assert text.startswith("retry: ") and json.loads(text.split("data: ", 1)[1])["version"] == table.version
    response.close()


def test_a_stream_opened_while_the_companion_stops_ends_at_once(
    client: FlaskClient, table: ScriptedTable
) -> None:
    table.end_streams()
    response, chunks = _open(client, "/events")
    assert [kind for kind, _ in _events(chunks)] == ["retry"], "no view, no heartbeat to wait for"
    assert table._subscriptions == []
    response.close()


def test_seat_stream_sends_that_seat_s_view(
    client: FlaskClient, table: ScriptedTable, tokens: dict[str, str]
) -> None:
    response, chunks = _open(client, f"/events/seat/{tokens['C']}")
    kind, view = _events(chunks, 2)[1]
    assert kind == "view" and view["seat"] == "C" and view["hand"] == ["3S", "8H", "6D", "QC", "2C"]
    response.close()


def test_seat_stream_says_gone_after_a_new_game(
    client: FlaskClient, table: ScriptedTable, tokens: dict[str, str]
) -> None:
    response, chunks = _open(client, f"/events/seat/{tokens['A']}")
    _events(chunks, 2)
    table.new_game({})
    kind, error = _events(chunks, 1)[0]
    assert kind == "gone" and error["error"] == "unknown_seat"
    assert list(chunks) == []
    response.close()


def test_a_seat_stream_tells_the_table_after_each_heartbeat_that_its_page_is_open(
    client: FlaskClient, table: ScriptedTable, tokens: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    kept: list[str] = []
    monkeypatch.setattr(table, "keep_seat", kept.append)
    response, chunks = _open(client, "/events")
    assert ("heartbeat", None) in _events(chunks)
    assert kept == [], "a spectator's stream keeps no seat"
    response.close()
    response, chunks = _open(client, f"/events/seat/{tokens['B']}")
    heartbeats = [kind for kind, _ in _events(chunks)].count("heartbeat")
    assert heartbeats >= 1 and kept == [tokens["B"]] * heartbeats
    response.close()


def test_a_seat_stream_whose_link_is_no_longer_valid_says_gone_at_its_heartbeat(
    client: FlaskClient, table: ScriptedTable, tokens: dict[str, str]
) -> None:
    response, chunks = _open(client, f"/events/seat/{tokens['A']}")
    _events(chunks, 2)
    table.tokens = {**table.tokens, "A": "another"}  # the pages not told: only the heartbeat finds out
    kinds = [kind for kind, _ in _events(chunks)]
    assert kinds == ["heartbeat", "gone"]
    response.close()


def test_streams_beyond_the_slots_get_one_view_and_end(client: FlaskClient, table: ScriptedTable) -> None:
    held = []
    for _ in range(2):  # TOCK_STREAM_SLOTS in the tests' config
        response, chunks = _open(client, "/events")
        _events(chunks, 2)
        held.append(response)
    _, chunks = _open(client, "/events")
    assert [kind for kind, _ in _events(chunks)] == ["retry", "view"]
    for response in held:
        response.close()
    response, chunks = _open(client, "/events")
    _events(chunks, 2)
    assert len(table._subscriptions) == 1, "a slot is free again once a stream closed"
    response.close()


def test_a_dozen_open_tabs_leave_waitress_threads_for_the_other_requests(table: ScriptedTable) -> None:
    """Twelve live streams on a waitress of 8 threads: the 5 slots hold 5 threads, the rest poll."""
    import http.client

    import waitress.server
    from waitress import wasyncore

    from web import create_app

    config = {
        "TESTING": True,
        "TOCK_STREAM_SECONDS": 120.0,
        "TOCK_HEARTBEAT_SECONDS": 0.2,
        "TOCK_STREAM_SLOTS": 5,
    }
    server = waitress.server.create_server(
        create_app(config, table=table),  # type: ignore[arg-type]
        host="127.0.0.1",
        port=0,
        threads=8,
    )
    port = server.effective_port  # type: ignore[union-attr]
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    streams = []
    try:
        for _ in range(12):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connection.request("GET", "/events")
            response = connection.getresponse()
            assert response.status == 200
            response.fp.readline()  # "retry: ..."
            streams.append((connection, response))
        assert len(table._subscriptions) == 5
        for _ in range(20):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connection.request("GET", "/api/state")
            assert connection.getresponse().status == 200
            connection.close()
    finally:
        for connection, _ in streams:
            connection.close()
        # Close every socket from the server's own loop thread, which then ends; the held streams notice
        # the closed connections at their next heartbeat and free their threads.
        server.trigger.pull_trigger(lambda: wasyncore.close_all(server._map))  # type: ignore[union-attr]
        thread.join(timeout=30)
        server.task_dispatcher.shutdown(timeout=30)  # type: ignore[union-attr]
    assert not thread.is_alive()
    assert table._subscriptions == []


def test_one_guest_s_idle_connections_cannot_starve_the_others(table: ScriptedTable) -> None:
    """The server ``tock serve`` runs (:func:`web.server.create_server`), on this machine only: a guest
    (127.0.0.2) opening more than its share of connections has the extra ones closed at once; the ones it
    keeps still work, and another client (127.0.0.3) is answered."""
    import socket

    from waitress import wasyncore

    from web import create_app
    from web.server import PER_CLIENT, create_server

    server = create_server(create_app({"TESTING": True}, table=table), host="127.0.0.1", port=0, slots=4)  # type: ignore[arg-type]
    port = server.effective_port
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    guest = []
    try:
        guest = [
            socket.create_connection(("127.0.0.1", port), timeout=10, source_address=("127.0.0.2", 0))
            for _ in range(PER_CLIENT + 4)
        ]
        for extra in guest[PER_CLIENT:]:
            assert extra.recv(1) == b"", "a connection beyond the guest's share is closed"
        kept = guest[PER_CLIENT - 1]
        kept.sendall(b"GET /api/state HTTP/1.1\r\nHost: x\r\n\r\n")
        assert kept.recv(12).startswith(b"HTTP/1.1 200")
        other = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=("127.0.0.3", 0))
        other.request("GET", "/api/state")
        assert other.getresponse().status == 200
        other.close()
    finally:
        for sock in guest:
            sock.close()
        server.trigger.pull_trigger(lambda: wasyncore.close_all(server._map))
        thread.join(timeout=30)
        server.task_dispatcher.shutdown(timeout=30)
    assert not thread.is_alive()


def test_a_delta_sends_the_whole_log_when_it_did_not_only_grow() -> None:
    """After an undo or a new game the page's log is not a prefix of the new one: it is replaced."""
    from web.events import delta

    before = {"log": [{"n": 1}, {"n": 2}], "turn": "A", "layout": {"A1": "A"}}
    assert delta(before, {**before, "log": [{"n": 1}]}) == {"log": [{"n": 1}]}
    assert delta(before, {**before, "log": [{"n": 1}, {"n": 2}, {"n": 3}], "turn": "B"}) == {
        "log_add": [{"n": 3}],
        "turn": "B",
    }
    assert delta(before, dict(before)) == {}


def _raw(client: FlaskClient, path: str, seen: int | None) -> str:
    headers = {"Last-Event-ID": str(seen)} if seen is not None else {}
    response = client.get(path, headers=headers, buffered=False)
    text = b"".join(response.iter_encoded()).decode()
    response.close()
    return text


def test_a_stream_renewed_with_nothing_missed_sends_no_view_again(
    client: FlaskClient, table: ScriptedTable, tokens: dict[str, str]
) -> None:
    """A browser coming back names the version it shows (``Last-Event-ID``, from each event's ``id``):
    when nothing changed, the renewed stream re-sends nothing (late in a long game the view is 100 KB)."""
    first = _raw(client, "/events", None)
    version = table.public_view()["version"]
    assert f"id: {version}\nevent: view" in first
    for path in ("/events", f"/events/seat/{tokens['A']}"):
        renewed = _raw(client, path, version)
        assert "event: view" not in renewed and "event:" not in renewed, path
        assert renewed.startswith("retry: ") and ": heartbeat" in renewed, "still live"


def test_a_stream_renewed_after_a_change_sends_the_view_so_nothing_is_missed(
    client: FlaskClient, table: ScriptedTable
) -> None:
    version = table.public_view()["version"]
    table.move_marble("AR1", "A18")
    renewed = _events(
        iter([chunk.encode() + b"\n\n" for chunk in _raw(client, "/events", version).split("\n\n") if chunk])
    )
    assert ("view", table.public_view()) in renewed


def test_a_live_page_is_back_within_half_a_second_when_its_stream_is_renewed(client: FlaskClient) -> None:
    """A move made while the browser waits to come back reaches it that much later: half a second, not
    three."""
    assert _raw(client, "/events", None).startswith("retry: 500\n\n")
