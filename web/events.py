"""Live updates by server-sent events: each page's stream gets the whole view once, then only what
changed, compressed.

- A stream opens with the client's own view (``view`` event): the public view, or for
  ``/events/seat/<token>`` that seat's view. After every change of the table it sends a ``delta``
  event: the top-level keys whose value changed, and for the log only its new lines (``log_add``), so a
  move costs a page a few hundred bytes however long the game. ``common.js`` merges them.
- With ``Accept-Encoding: gzip`` the stream is gzip-compressed, flushed after every event (browsers
  decode it as it comes).
- Every event carries the view's version as its ``id``; a browser that reconnects names the last one it
  got (``Last-Event-ID``), and when nothing changed since, the renewed stream sends nothing but
  heartbeats and what changes next: a renewal costs a few bytes, not the whole view again.
- Every stream is bounded but long: it ends after ``TOCK_STREAM_SECONDS`` (10 minutes) and the browser
  is back ``TOCK_RENEW_MS`` later (half a second: a move made in that gap reaches the page when it is
  back); at most ``TOCK_STREAM_SLOTS`` are open at once (a client beyond that gets the current view and
  polls every ``TOCK_RETRY_MS``); a comment line every ``TOCK_HEARTBEAT_SECONDS`` keeps phones and
  proxies on the line and lets a closed tab be noticed. ``tock serve`` gives the server enough threads
  for every slot and a few more for the other requests (see :mod:`firmware_py.cli.serve`).
- A seat stream tells the table after every heartbeat that the seat's page is still open
  (:meth:`~firmware_py.table.protocol.TableService.keep_seat`): the table page shows a seat connected
  as soon as its page asks for its view, and not connected once it has asked for nothing during
  :data:`~firmware_py.table.role_views.CONNECTED_SECONDS` (60 s; so ``TOCK_HEARTBEAT_SECONDS`` must stay
  well under it): 50 to 60 s after its page was closed (the server learns it at the next heartbeat). A
  phone that drops off the network without closing its page is only noticed when its stream ends.
- A seat stream whose token is no longer valid (a new game, links renewed) sends a ``gone`` event and
  ends, at the latest at its next heartbeat; a stream opened while the companion stops ends at once.
"""

from __future__ import annotations

import json
import threading
import time
import zlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar

from flask import Blueprint, Flask, Response, current_app, request

from firmware_py.errors import TableError
from firmware_py.table.protocol import TableService
from web.errors import log_failure
from web.extension import check_seat_token, get_table

bp = Blueprint("events", __name__, url_prefix="/events")
bp.url_value_preprocessor(check_seat_token)

SLOTS_KEY = "tock.stream_slots"


View = Callable[[], Mapping[str, Any]]
Answer = TypeVar("Answer")


def init_app(app: Flask) -> None:
    """Register the streams and their slots (``TOCK_STREAM_SLOTS``). Called by the application factory."""
    app.extensions[SLOTS_KEY] = threading.BoundedSemaphore(int(app.config["TOCK_STREAM_SLOTS"]))
    app.register_blueprint(bp)


def _event(name: str, data: Mapping[str, Any], version: Any = None) -> str:
    tag = f"id: {version}\n" if version is not None else ""
    return f"{tag}event: {name}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


def _first(view: Mapping[str, Any], seen: str | None) -> Iterator[str]:
    """The whole view, unless the browser already shows this version of it (``seen``, its
    ``Last-Event-ID``)."""
    version = view.get("version")
    if seen is None or seen != str(version):
        yield _event("view", view, version)


def delta(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    """What changed from ``before`` to ``after``: the keys whose value differs, with the log's new lines
    as ``log_add`` when the log only grew (an undo or a new game sends the whole log)."""
    changed = {key: value for key, value in after.items() if before.get(key) != value}
    old_log, new_log = before.get("log"), after.get("log")
    if "log" in changed and isinstance(old_log, list) and isinstance(new_log, list):
        if new_log[: len(old_log)] == old_log:
            del changed["log"]
            changed["log_add"] = new_log[len(old_log) :]
    return changed


class _Gone(Exception):
    """The seat's token is no longer valid (a new game started): the stream says so and ends."""

    def __init__(self, error: TableError) -> None:
        super().__init__(error.message_en)
        self.error = error


def _read(ask: Callable[[], Answer]) -> Answer:
    try:
        return ask()
    except TableError as error:
        raise _Gone(error) from error


def _stream(
    app: Flask, table: TableService, view: View, seen: str | None, here: Callable[[], None] | None = None
) -> Iterator[str]:
    """Yield the view now (unless the browser has it: ``seen``), then what changed after every change,
    heartbeats between (each telling the table the page is still ``here``, for a seat), until time is
    up."""
    config = app.config
    slots: threading.BoundedSemaphore = app.extensions[SLOTS_KEY]
    try:
        if not slots.acquire(blocking=False):
            yield f"retry: {int(config['TOCK_RETRY_MS'])}\n\n"
            yield from _first(_read(view), seen)
            return
        try:
            yield f"retry: {int(config['TOCK_RENEW_MS'])}\n\n"
            yield from _follow(app, table, view, seen, here)
        finally:
            slots.release()
    except _Gone as gone:
        yield _event("gone", gone.error.to_dict())
    except Exception as error:  # a bug: logged without the stream's address (a seat's holds its key)
        log_failure("live stream failed", error)


def _follow(
    app: Flask, table: TableService, view: View, seen: str | None, here: Callable[[], None] | None
) -> Iterator[str]:
    """The view now (unless ``seen``), then deltas after every change, with heartbeats (calling
    ``here``), for ``TOCK_STREAM_SECONDS``."""
    subscription = table.subscribe()
    try:
        if subscription.ended:  # opened while the companion stops
            return
        shown = _read(view)
        yield from _first(shown, seen)
        deadline = time.monotonic() + float(app.config["TOCK_STREAM_SECONDS"])
        heartbeat = float(app.config["TOCK_HEARTBEAT_SECONDS"])
        while (left := deadline - time.monotonic()) > 0:
            event = subscription.get(timeout=min(heartbeat, left))
            if subscription.ended:  # the companion is shutting down: the browser reconnects later
                return
            if event is None:
                yield ": heartbeat\n\n"
                if here is not None:  # after the heartbeat: a closed page's stream stops at it
                    _read(here)
                continue
            current = _read(view)
            changed = delta(shown, current)
            shown = current
            if changed:
                yield _event("delta", changed, current.get("version"))
    finally:
        subscription.close()


def _gzip(stream: Iterator[str]) -> Iterator[bytes]:
    """The stream gzip-compressed, flushed after each piece so that every event arrives at once."""
    compressor = zlib.compressobj(6, zlib.DEFLATED, 31)
    for piece in stream:
        yield compressor.compress(piece.encode()) + compressor.flush(zlib.Z_SYNC_FLUSH)
    yield compressor.flush()


def _response(stream: Iterator[str]) -> Response:
    if "gzip" in request.headers.get("Accept-Encoding", ""):
        response = Response(_gzip(stream), mimetype="text/event-stream")
        response.headers["Content-Encoding"] = "gzip"
    else:
        response = Response(stream, mimetype="text/event-stream")
    response.headers["X-Accel-Buffering"] = "no"
    response.headers["Vary"] = "Accept-Encoding"
    return response


def _app() -> Flask:
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    return app


@bp.get("")
def public_events() -> Response:
    """The public view, live (the table, learn pages, and any spectator)."""
    table = get_table()
    return _response(_stream(_app(), table, table.public_view, _seen()))


@bp.get("/seat/<token>")
def seat_events(token: str) -> Response:
    """That seat's view, live. An unknown token is refused (403) before the stream opens."""
    table = get_table()
    table.seat_view(token)
    return _response(
        _stream(_app(), table, lambda: table.seat_view(token), _seen(), lambda: table.keep_seat(token))
    )


def _seen() -> str | None:
    """The version of the view the browser shows, when it comes back (``Last-Event-ID``)."""
    return request.headers.get("Last-Event-ID")
