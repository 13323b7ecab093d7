"""The SQLite save: every event committed, undo kept in the file, versions and damaged files refused."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

from firmware_py.store.lock import SaveLock
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
    [undone] = store.undo_last(game_id)
    assert undone.text == "m2" and undone.undone
    assert store.game(game_id).winner is None, "undoing the winning move reopens the game"
    assert [e.text for e in store.events(game_id)] == ["m1"]
    assert store.append(game_id, "move", "B", "m2bis") == 3
    assert [(e.text, e.undone) for e in store.events(game_id, include_undone=True)] == [
        ("m1", False),
        ("m2", True),
        ("m2bis", False),
    ]


def test_undo_with_nothing_to_undo_returns_nothing() -> None:
    store = GameStore(":memory:")
    assert store.undo_last(store.create_game({}, seed=1)) == []


def test_undo_of_several_events_is_one_transaction() -> None:
    """A person's move and the computer's replies are taken back together: a power cut keeps all or none."""
    store = GameStore(":memory:")
    game_id = store.create_game({}, seed=1)
    for n in range(1, 5):
        store.append(game_id, "move", "ABCD"[n - 1], f"m{n}")
    statements: list[str] = []
    store._db.set_trace_callback(statements.append)
    undone = store.undo_last(game_id, 3)
    store._db.set_trace_callback(None)
    assert [e.text for e in undone] == ["m4", "m3", "m2"]
    assert statements.count("COMMIT") == 1 and statements[0] == "BEGIN IMMEDIATE"
    assert [e.text for e in store.events(game_id)] == ["m1"]


def test_the_table_key_is_kept_until_a_new_one_is_asked_for(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "t.sqlite3")
    key = store.table_key()
    assert len(key) >= 20 and store.table_key() == key
    store.close()
    reopened = GameStore(tmp_path / "t.sqlite3")
    assert reopened.table_key() == key, "the table stays paired across restarts"
    fresh = reopened.table_key(new=True)
    assert fresh != key and reopened.table_key() == fresh


def test_a_read_only_save_is_refused_with_the_reason() -> None:
    """A save whose folder and file may not be written is refused at once, saying so. As root (to whom
    no right applies) the check runs in a child of this process that has become the unprivileged user
    ``nobody``: it needs nothing from disk (the code is already loaded), so it works wherever the
    checkout sits, even in a folder ``nobody`` cannot read."""
    outer = Path(tempfile.mkdtemp(prefix="tock-ro-"))  # in the system's temporary folder, open to all
    folder = outer / "ro"
    try:
        GameStore(folder / "t.sqlite3").close()
        for path in folder.iterdir():
            path.chmod(0o444)
        folder.chmod(0o555)
        outer.chmod(0o755)
        answer = _as_unprivileged_user(lambda: GameStore(folder / "t.sqlite3").check_writable())
    finally:
        folder.chmod(0o755)
        shutil.rmtree(outer)
    assert "cannot be written" in answer or "not a readable save" in answer, answer


def _as_unprivileged_user(check: Callable[[], None]) -> str:
    """The ``StoreError`` text ``check`` raises, run as ``nobody`` when this process is root (in a forked
    child, so that this process keeps its rights), else here."""
    if os.geteuid() != 0:
        try:
            check()
        except StoreError as error:
            return str(error)
        return "no error"
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # the child: never returns into the test run
        status = 0
        try:
            os.close(read)
            os.setgroups([])
            os.setgid(65534)
            os.setuid(65534)
            try:
                check()
                text = "no error"
            except StoreError as error:
                text = str(error)
            os.write(write, text.encode())
        except BaseException:
            status = 1
        finally:
            os._exit(status)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        text = pipe.read().decode()
    _, status = os.waitpid(child, 0)
    assert status == 0, "the unprivileged check could not run"
    return text


def test_a_full_disk_is_refused_with_the_reason(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = GameStore(tmp_path / "t.sqlite3")
    monkeypatch.setattr(shutil, "disk_usage", lambda _path: shutil._ntuple_diskusage(10**9, 10**9, 4096))  # type: ignore[attr-defined]
    with pytest.raises(StoreError, match="disk is full"):
        store.check_writable()


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


def test_a_second_companion_on_one_save_is_refused_with_the_holder(tmp_path: Path) -> None:
    save = tmp_path / "tock.sqlite3"
    first = SaveLock(save)
    holder = subprocess.run(
        [sys.executable, "-c", f"from firmware_py.store.lock import SaveLock\nSaveLock({str(save)!r})"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert holder.returncode != 0
    assert f"in use by another companion (process {os.getpid()})" in holder.stderr
    first.release()
    second = SaveLock(save)  # free again once the first let go
    second.release()


@pytest.mark.parametrize("link", ["symbolic link", "hard link", "another spelling of its path"])
def test_a_second_companion_reaching_the_save_through_a_link_is_refused(tmp_path: Path, link: str) -> None:
    """The lock belongs to the save file, not to its name: two companions cannot share one save whatever
    path each was given."""
    save = tmp_path / "saves" / "tock.sqlite3"
    GameStore(save).close()
    other = tmp_path / "other.sqlite3"
    if link == "symbolic link":
        other.symlink_to(save)
    elif link == "hard link":
        other.hardlink_to(save)
    else:
        other = tmp_path / "saves" / ".." / "saves" / "tock.sqlite3"
    first = SaveLock(save)
    try:
        with pytest.raises(StoreError, match=rf"in use by another companion \(process {os.getpid()}\)"):
            SaveLock(other)
    finally:
        first.release()
    SaveLock(other).release()  # free once the first let go
