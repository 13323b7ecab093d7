"""What the browser tests share: screen sizes, the app served on a free port, the table page on a
tablet, and screenshots of a page at phone and tablet sizes (the browser context is a fixture of
``conftest.py``)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from werkzeug.serving import make_server

from tests.web.conftest import TEST_CONFIG
from web import create_app

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 1366}
LANDSCAPE_TABLET = {"width": 1280, "height": 800}
SIZES = {"phone": PHONE, "tablet": TABLET}


@contextmanager
def serving(table: Any) -> Iterator[str]:
    """The app over ``table`` on a real HTTP server on a free port, with short live streams."""
    config = {
        **TEST_CONFIG,
        "TOCK_STREAM_SECONDS": 5.0,
        "TOCK_HEARTBEAT_SECONDS": 1.0,
        "TOCK_STREAM_SLOTS": 12,
    }
    app = create_app(config, table=table)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    app.config["TOCK_PORT"] = (
        server.server_port
    )  # the browser's pages come from this port, as with tock serve
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()


@contextmanager
def fresh_context(browser: Any, size: dict[str, int], **options: Any) -> Iterator[Any]:
    """A new browser context (nothing cached, no cookie) with a screen of ``size``, closed after use."""
    context = browser.new_context(viewport=size, **options)
    try:
        yield context
    finally:
        context.close()


def seat_paths(table: Any) -> dict[str, str]:
    """Seat letter -> the address of its private page (people's seats and computers' alike)."""
    return {link["seat"]: link["path"] for link in table.seat_links()}


def table_page(context: Any, served: str, size: dict[str, int] = TABLET) -> Any:
    """The table page, open on a tablet-sized screen (as it stands beside the board)."""
    page = context.new_page()
    page.set_viewport_size(size)
    page.goto(served + "/table")
    return page


def pair(context: Any, served: str, table: Any) -> None:
    """Make the browser the table's device, as a person does: open the table's pairing link."""
    key = table.table_key()
    page = context.new_page()
    page.goto(f"{served}/pair/{key}")
    assert page.url == served + "/table?paired=1"
    page.close()


def non_blank(png: bytes) -> float:
    """The spread of grey levels of a screenshot (a blank page is near 0)."""
    image = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_GRAYSCALE)
    assert image is not None and image.size > 0
    return float(image.std())


def photograph(page: Any, folder: Path, name: str) -> None:
    """Screenshots of the page as it stands at phone and tablet sizes, checked not blank and not
    scrolling sideways; the page is left at the tablet size."""
    for size_name, size in SIZES.items():
        page.set_viewport_size(size)
        png = page.screenshot(full_page=True, path=str(folder / f"{name}-{size_name}.png"))
        assert non_blank(png) > 10, f"{name} looks blank at {size_name} size"
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"{name} scrolls sideways at {size_name} size"
