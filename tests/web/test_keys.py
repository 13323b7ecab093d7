"""Renewing keys on a running companion: ``tock key --new`` takes the table's control from the old key
at its very next request (whoever holds which key) and renews the seat links it could have copied;
the table can renew the seat links alone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient

from firmware_py.cli import main
from firmware_py.store.saves import GameStore
from firmware_py.table.core import Table
from tests.web.conftest import TEST_CONFIG, paired
from web import create_app


@pytest.fixture()
def running(tmp_path: Path) -> Iterator[tuple[Table, Path]]:
    """A companion's table on a save file, as ``tock serve`` runs it."""
    db = tmp_path / "tock.sqlite3"
    table = Table(store=GameStore(db))
    try:
        yield table, db
    finally:
        table.close()


def _client(table: Table, key: str | None = None) -> FlaskClient:
    client = create_app(TEST_CONFIG, table=table).test_client()
    return paired(client, key) if key is not None else client


def _links(table: Table) -> dict[str, str]:
    return {link["seat"]: link["token"] for link in table.seat_links()}


def test_tock_key_new_stops_the_old_table_key_at_its_next_request(running: tuple[Table, Path]) -> None:
    """No request with a wrong key comes in between: the old key's holder is refused all the same."""
    table, db = running
    old_key = table.table_key()
    holder = _client(table, old_key)
    assert holder.get("/api/setup").status_code == 200
    assert CliRunner().invoke(main, ["key", "--new", "--db", str(db)]).exit_code == 0
    assert holder.get("/api/setup").status_code == 403
    assert holder.post("/api/undo", json={}).status_code == 403
    assert holder.get("/setup").status_code == 403
    new_key = GameStore(db).table_key()
    assert _client(table, new_key).get("/api/setup").status_code == 200


def test_tock_key_new_also_renews_the_seat_links_the_old_key_could_show(running: tuple[Table, Path]) -> None:
    table, db = running
    old = _links(table)
    spectator = _client(table)
    assert spectator.get(f"/api/seat/{old['A']}").status_code == 200
    assert CliRunner().invoke(main, ["key", "--new", "--db", str(db)]).exit_code == 0
    new_key = GameStore(db).table_key()
    the_table = _client(table, new_key)
    assert the_table.get("/api/setup").status_code == 200  # the companion reads the new keys
    new = _links(table)
    assert set(new.values()).isdisjoint(old.values())
    assert spectator.get(f"/api/seat/{old['A']}").status_code == 403, "an old seat link stops working"
    assert spectator.get(f"/api/seat/{new['A']}").status_code == 200
    assert new["A"] in the_table.get("/table").get_data(as_text=True), "the table shows the new links"


def test_the_table_renews_the_seat_links_and_only_the_table_may(running: tuple[Table, Path]) -> None:
    table, _ = running
    old = _links(table)
    spectator = _client(table)
    seat = _client(table)
    assert spectator.post("/api/seat_links", json={}).status_code == 403
    assert seat.post(f"/api/seat_links?token={old['A']}", json={}).status_code == 403
    assert _links(table) == old
    the_table = _client(table, table.table_key())
    assert the_table.post("/api/seat_links").status_code == 415, "a JSON body, like every state change"
    assert the_table.post("/api/seat_links", json={}).status_code == 200
    new = _links(table)
    assert set(new.values()).isdisjoint(old.values())
    assert spectator.get(f"/api/seat/{old['A']}").status_code == 403
    stream = spectator.get(f"/events/seat/{old['A']}")
    assert stream.status_code == 403, "a page with the old link is told it is gone"
    assert spectator.get(f"/api/seat/{new['A']}").status_code == 200
    restarted = Table(store=GameStore(table.store.path))
    try:
        assert _links(restarted) == new, "the new links are saved"
    finally:
        restarted.close()
