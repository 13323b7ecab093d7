"""The SQLite save: every event committed, undo kept in the file, versions and damaged files refused."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from firmware_py.store.saves import SCHEMA_VERSION, GameStore, StoreError


def test_a_game_and_its_events_survive_reopening(tmp_path: Path) -> None:
    path = tmp_path / "save" / "tock.sqlite3"
    store = GameStore(path)
    game_id = store.create_game({"preset": "r1"}, seed=42)
    assert store.append(game_id, "move", "A", "A:AR1>A18") == 1
    assert store.append(game_id, "exchange", "B", "7H") == 2
    store.close()

    reopened = GameStore(path)
    game = reopened.game(game_id)
    assert game.settings == {"preset": "r1"} and game.seed == 42 and game.finished is None
    assert [(e.n, e.kind, e.seat, e.text) for e in reopened.events(game_id)] == [
        (1, "move", "A", "A:AR1>A18"),
        (2, "exchange", "B", "7H"),
    ]
    assert reopened.latest_game() == game
    assert reopened.schema_version == SCHEMA_VERSION


def test_the_file_is_in_wal_mode(tmp_path: Path) -> None:
    GameStore(tmp_path / "t.sqlite3").close()
    with sqlite3.connect(tmp_path / "t.sqlite3") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_undo_marks_the_last_event_and_numbers_go_on(tmp_path: Path) -> None:
    store = GameStore(":memory:")
    game_id = store.create_game({}, seed=1)
    store.append(game_id, "move", "A", "m1")
    store.append(game_id, "move", "B", "m2")
    store.finish(game_id, "AC")
    undone = store.undo_last(game_id)
    assert undone is not None and undone.text == "m2" and undone.undone
    assert store.game(game_id).winner is None, "undoing the winning move reopens the game"
    assert [e.text for e in store.events(game_id)] == ["m1"]
    assert store.append(game_id, "move", "B", "m2bis") == 3
    assert [(e.text, e.undone) for e in store.events(game_id, include_undone=True)] == [
        ("m1", False),
        ("m2", True),
        ("m2bis", False),
    ]


def test_undo_with_nothing_to_undo_returns_none() -> None:
    store = GameStore(":memory:")
    assert store.undo_last(store.create_game({}, seed=1)) is None


def test_bad_event_kind_and_unknown_game_are_refused() -> None:
    store = GameStore(":memory:")
    game_id = store.create_game({}, seed=1)
    with pytest.raises(ValueError, match="event kind must be one of"):
        store.append(game_id, "dance", "A", "x")
    with pytest.raises(KeyError, match="no saved game 99"):
        store.append(99, "move", "A", "x")
    with pytest.raises(KeyError):
        store.game(99)


def test_a_file_that_is_not_a_database_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "tock.sqlite3"
    path.write_bytes(b"this is not a database at all, just some text" * 100)
    with pytest.raises(StoreError, match="not a readable save file"):
        GameStore(path)


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "tock.sqlite3"
    GameStore(path).close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),))
    with pytest.raises(StoreError, match="newer companion"):
        GameStore(path)


def test_games_are_listed_newest_first() -> None:
    store = GameStore(":memory:")
    first = store.create_game({"n": 1}, seed=1)
    second = store.create_game({"n": 2}, seed=2)
    assert [g.id for g in store.games()] == [second, first]
    assert store.integrity() == "ok"
