"""Fixtures of the web tests: an app over a scripted table, the table's client (paired with the table
key) and a spectator's client (no key), and seat helpers."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from firmware_py.app.companion import Companion, assemble
from firmware_py.config import CameraSettings, Config, default_game, default_seats
from firmware_py.table.core import Table
from tests.web.scripted_table import ScriptedTable
from web import create_app
from web.roles import TABLE_COOKIE

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


def paired(client: FlaskClient, key: str) -> FlaskClient:
    """``client`` holding the table's ``key``, as after opening the table's pairing link."""
    client.set_cookie(TABLE_COOKIE, key)
    return client


@pytest.fixture()
def client(app: Flask, table: ScriptedTable) -> FlaskClient:
    """The table's device (paired): it may run the game."""
    return paired(app.test_client(), table.table_key())


@pytest.fixture()
def spectator(app: Flask) -> FlaskClient:
    """A guest on the Wi-Fi with no key."""
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


@pytest.fixture(scope="module")
def real_table() -> Iterator[Table]:
    """The companion's own table (simulated camera and LEDs), shared by a module's tests."""
    table = Table()
    try:
        yield table
    finally:
        table.close()


@pytest.fixture(scope="module")
def real_served(real_table: Table) -> Iterator[str]:
    """The app over :func:`real_table` on a real HTTP server, for the browser."""
    from tests.web.browsing import serving  # browsing takes TEST_CONFIG from here

    with serving(real_table) as url:
        yield url


@pytest.fixture()
def companion(tmp_path: Path) -> Iterator[Companion]:
    """The whole companion over the simulated camera (four people, seed 4), its first frames read."""
    game = dataclasses.replace(default_game(), seats=default_seats(4, humans=4), seed=4)
    config = Config(
        game=game,
        camera=CameraSettings(source="sim", still_frames=2),
        computer_delay=0.0,
        db=tmp_path / "companion.sqlite3",
    )
    companion = assemble(config)
    for _ in range(4):
        companion.loop.step()
    yield companion
    companion.close()
