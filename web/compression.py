"""Pages, styles, scripts and JSON are sent gzip-compressed to a browser that accepts it.

The companion serves phones over the table's Wi-Fi from a Raspberry Pi: a board drawn in SVG, the QR
codes and the lessons' small boards are long runs of alike markup, which gzip shrinks about tenfold,
so every page stays well under 100 KB on the wire. Python's own ``gzip`` does it in one after-request
hook (waitress compresses nothing itself), so no extension is needed. The live streams are left
alone: :mod:`web.events` compresses them itself, flushing after every event.
"""

from __future__ import annotations

import gzip

from flask import Flask, request
from werkzeug.wrappers import Response

COMPRESSED_TYPES = frozenset(
    {
        "text/html",
        "text/css",
        "text/javascript",
        "application/javascript",
        "application/json",
        "image/svg+xml",
    }
)
"""The text kinds worth compressing (images such as the camera's JPEG are compressed already)."""

SMALLEST = 1024
"""Bodies shorter than this are sent as they are: gzip's header would eat what it saves."""

LEVEL = 6
"""gzip's usual balance of size and CPU time (a Pi Zero 2 W serves these pages)."""


def init_app(app: Flask) -> None:
    """Compress every answer worth it. Called by the factory."""
    app.after_request(compress)


def compress(response: Response) -> Response:
    """``response`` gzip-compressed when the browser accepts gzip and the body is text of some size.

    A static file (sent as a file stream) is read whole first: the companion's are a few KB each. Any
    other stream (the live updates) goes as :mod:`web.events` made it.
    """
    response.vary.add("Accept-Encoding")
    if (
        response.status_code != 200
        or response.mimetype not in COMPRESSED_TYPES
        or "Content-Encoding" in response.headers
        or (response.is_streamed and not response.direct_passthrough)
        or request.accept_encodings.best_match(["gzip"]) is None
    ):
        return response
    source = response.response
    response.direct_passthrough = False
    body = response.get_data()
    if hasattr(source, "close"):
        source.close()  # a static file's stream, read whole: its file is closed now
    if len(body) < SMALLEST:
        return response
    response.set_data(gzip.compress(body, compresslevel=LEVEL, mtime=0))
    response.headers["Content-Encoding"] = "gzip"
    etag, _ = response.get_etag()
    if etag:
        # the compressed body is another representation of the same file: its own strong validator
        response.set_etag(etag + "-gzip")
    return response
