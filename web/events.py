"""Live updates by server-sent events, bounded so that open tabs never use up the server's threads.

waitress serves each open stream with one of its few threads, so every stream is bounded:

- it ends after ``TOCK_STREAM_SECONDS`` (25 s) and the browser's ``EventSource`` reconnects by itself
  after ``retry`` milliseconds;
- at most ``TOCK_STREAM_SLOTS`` streams are open at once; a client beyond that gets the current view at
  once and the stream ends, so it simply polls every ``retry`` milliseconds until a slot is free;
- a comment line is sent every ``TOCK_HEARTBEAT_SECONDS`` so that proxies and phones keep the
  connection and a closed tab is noticed (its write fails and the thread is freed).

Each event carries the client's own view, built when the table announces a change: the public view, or
for ``/events/seat/<token>`` that seat's view. A seat stream whose token is no longer valid (a new game)
sends a ``gone`` event and ends.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from flask import Blueprint, Flask, Response, current_app

from firmware_py.errors import TableError
from web.extension import check_seat_token, get_table

bp = Blueprint("events", __name__, url_prefix="/events")
bp.url_value_preprocessor(check_seat_token)

SLOTS_KEY = "tock.stream_slots"


def init_app(app: Flask) -> None:
    """Register the streams and their slots (``TOCK_STREAM_SLOTS``). Called by the application factory."""
    app.extensions[SLOTS_KEY] = threading.BoundedSemaphore(int(app.config["TOCK_STREAM_SLOTS"]))
    app.register_blueprint(bp)


def _event(name: str, data: dict[str, Any]) -> str:
    return f"event: {name}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


class _Gone(Exception):
    """The seat's token is no longer valid (a new game started): the stream says so and ends."""

    def __init__(self, error: TableError) -> None:
        super().__init__(error.message_en)
        self.error = error


def _view_event(view: Callable[[], dict[str, Any]]) -> str:
    try:
        return _event("view", view())
    except TableError as error:
        raise _Gone(error) from error


def _stream(app: Flask, view: Callable[[], dict[str, Any]]) -> Iterator[str]:
    """Yield the view now, then again after every change, heartbeats between, until the time is up."""
    config = app.config
    slots: threading.BoundedSemaphore = app.extensions[SLOTS_KEY]
    yield f"retry: {int(config['TOCK_RETRY_MS'])}\n\n"
    try:
        if not slots.acquire(blocking=False):
            yield _view_event(view)
            return
        try:
            yield from _follow(app, view)
        finally:
            slots.release()
    except _Gone as gone:
        yield _event("gone", gone.error.to_dict())


def _follow(app: Flask, view: Callable[[], dict[str, Any]]) -> Iterator[str]:
    """The view now and after every change, with heartbeats, for at most ``TOCK_STREAM_SECONDS``."""
    subscription = app.extensions["tock"].subscribe()
    try:
        yield _view_event(view)
        deadline = time.monotonic() + float(app.config["TOCK_STREAM_SECONDS"])
        heartbeat = float(app.config["TOCK_HEARTBEAT_SECONDS"])
        while (left := deadline - time.monotonic()) > 0:
            event = subscription.get(timeout=min(heartbeat, left))
            if subscription.ended:  # the companion is shutting down: the browser reconnects later
                return
            yield ": heartbeat\n\n" if event is None else _view_event(view)
    finally:
        subscription.close()


def _response(stream: Iterator[str]) -> Response:
    response = Response(stream, mimetype="text/event-stream")
    response.headers["X-Accel-Buffering"] = "no"
    return response


@bp.get("")
def public_events() -> Response:
    """The public view, live (the table, set-up, learn and calibration pages)."""
    table = get_table()
    return _response(_stream(current_app._get_current_object(), table.public_view))  # type: ignore[attr-defined]


@bp.get("/seat/<token>")
def seat_events(token: str) -> Response:
    """That seat's view, live. An unknown token is refused (403) before the stream opens."""
    table = get_table()
    table.seat_view(token)
    return _response(_stream(current_app._get_current_object(), lambda: table.seat_view(token)))  # type: ignore[attr-defined]
