"""Fixtures of the web tests: an app over a scripted table, its client, and seat helpers."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.scripted_table import ScriptedTable
from web import create_app

TEST_CONFIG: dict[str, Any] = {
    "TESTING": True,
    "TOCK_STREAM_SECONDS": 0.3,
    "TOCK_HEARTBEAT_SECONDS": 0.1,
    "TOCK_STREAM_SLOTS": 2,
}
"""Short streams so that a test reading one to its end finishes at once."""


@pytest.fixture()
def table() -> ScriptedTable:
    return ScriptedTable()


@pytest.fixture()
def app(table: ScriptedTable) -> Flask:
    return create_app(TEST_CONFIG, table=table)  # type: ignore[arg-type]


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture()
def tokens(table: ScriptedTable) -> dict[str, str]:
    """Seat letter -> token of the current game."""
    return {link["seat"]: link["token"] for link in table.seat_links()}


@pytest.fixture()
def context(browser: Any) -> Iterator[Any]:
    """A French phone-sized browser context; a script error in any of its pages fails the test."""
    from tests.web.browsing import PHONE

    context = browser.new_context(locale="fr-FR", viewport=PHONE)
    errors: list[str] = []
    context.on("weberror", lambda error: errors.append(str(error.error)))
    try:
        yield context
    finally:
        context.close()
    assert not errors, f"script errors in the pages: {errors}"
