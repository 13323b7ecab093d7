"""The companion's page opens in a real browser."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from werkzeug.serving import make_server

from web import create_app


@pytest.fixture()
def served() -> Iterator[str]:
    server = make_server("127.0.0.1", 0, create_app({"TESTING": True}), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()


@pytest.mark.browser
def test_home_page_renders_in_chromium(browser: Any, served: str) -> None:
    page = browser.new_page()
    page.goto(served + "/")
    assert "Tock" in page.title()
    page.close()
