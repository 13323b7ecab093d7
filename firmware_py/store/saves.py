"""Saving every game in SQLite, move by move, so that a power cut never loses a confirmed move.

A game is saved as its set-up (seats, preset, switches, board model, card mode), the seed of its deck,
and the ordered list of its events: every move (card included, in the engine's notation) and every card
given to a partner. That is enough to rebuild the whole game exactly (the engine replays chance from the
seed), so the store holds no position or hand that could disagree with the moves.

Durability: the database runs in WAL mode with ``synchronous=FULL``; each event is one transaction,
committed before the table shows it anywhere. An undone move stays in the file, marked ``undone``, so a
finished game still replays exactly what counted; an undo of several events is one transaction.

The file also keeps the table's key (``meta``), which pairs the device at the board: it outlives games
and restarts, and is replaced only on request (:meth:`GameStore.table_key`).
"""

from __future__ import annotations

import json
import secrets
import shutil
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

MIN_FREE_BYTES = 1 << 20
"""A save with less room than this left on its disk is refused at start (a move would fail to save)."""

MAX_ID = 2**63 - 1
"""The largest id SQLite can hold (a signed 64-bit integer); a larger one names no saved game."""

SCHEMA_VERSION = 1
"""Version of the tables below; a file written by a newer companion is refused, not guessed at."""

EVENT_KINDS = ("move", "exchange", "end_turn")
"""``move``: a move in the engine's notation (discards are moves too); ``exchange``: a card given to the
partner; ``end_turn``: after a joker, the seat keeps its drawn card for later instead of playing again."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    created TEXT NOT NULL,
    settings TEXT NOT NULL,
    seed INTEGER NOT NULL,
    finished TEXT,
    winner TEXT
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('move', 'exchange', 'end_turn')),
    seat TEXT NOT NULL,
    text TEXT NOT NULL,
    created TEXT NOT NULL,
    undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
    PRIMARY KEY (game_id, n)
);
"""


def new_seat_key() -> str:
    """A seat's key, the secret in its seat link (URL-safe)."""
    return secrets.token_urlsafe(12)


class StoreError(Exception):
    """The save file cannot be used (not a database, damaged, or written by a newer version)."""


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One saved event of a game."""

    n: int
    """Order within the game, from 1; undone events keep their number."""
    kind: str
    """One of :data:`EVENT_KINDS`."""
    seat: str
    """Seat letter that made it."""
    text: str
    """Move notation, or the card given."""
    undone: bool


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A saved game's set-up and outcome."""

    id: int
    created: str
    """UTC time, ISO 8601."""
    settings: dict[str, Any]
    """The set-up as given to the table (JSON)."""
    seed: int
    finished: str | None
    winner: str | None
    """Winning seat letters, e.g. ``"AC"``."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class GameStore:
    """The SQLite file of saved games. Thread-safe (one connection behind a lock).

    Args:
        path: the database file (its folder is created), or ``":memory:"`` for tests and throw-away tables.

    Raises:
        StoreError: the file is not a companion save, is damaged, or has a newer schema.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            folder = Path(self.path).parent
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as error:  # a file where the folder should be, no right to write there
                raise StoreError(
                    f"{self.path}: cannot make its folder {folder} ({error.strerror or error})"
                ) from error
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            status = self._db.execute("PRAGMA quick_check").fetchone()[0]
            if status != "ok":
                raise StoreError(f"{self.path} is damaged ({status}); move it away to start a new save")
            self._db.executescript(_SCHEMA)
            self._check_version()
        except sqlite3.DatabaseError as error:
            raise StoreError(f"{self.path} is not a readable save file ({error})") from error

    def _check_version(self) -> None:
        row = self._db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        if row is None:
            self._db.execute(
                "INSERT INTO meta (key, value) VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),)
            )
        elif int(row[0]) > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} was written by a newer companion "
                f"(schema {row[0]}, this one reads {SCHEMA_VERSION})"
            )

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    @property
    def schema_version(self) -> int:
        """Schema version recorded in the file."""
        with self._lock:
            return int(self._db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0])

    def create_game(self, settings: dict[str, Any], seed: int) -> int:
        """Save a new game's set-up and deck seed; returns its id (committed on return)."""
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO games (created, settings, seed) VALUES (?, ?, ?)",
                (_now(), json.dumps(settings, sort_keys=True), seed),
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    def append(self, game_id: int, kind: str, seat: str, text: str) -> int:
        """Save one event at the end of a game; returns its number (committed on return).

        Raises:
            ValueError: unknown kind.
            KeyError: unknown game.
        """
        if kind not in EVENT_KINDS:
            raise ValueError(f"event kind must be one of {', '.join(EVENT_KINDS)}, not {kind!r}")
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                raise KeyError(f"no saved game {game_id}")
            n = db.execute(
                "SELECT COALESCE(MAX(n), 0) + 1 FROM events WHERE game_id = ?", (game_id,)
            ).fetchone()[0]
            db.execute(
                "INSERT INTO events (game_id, n, kind, seat, text, created) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, n, kind, seat, text, _now()),
            )
            return int(n)

    def undo_last(self, game_id: int, count: int = 1) -> list[StoredEvent]:
        """Mark the last ``count`` events that count as undone, in one transaction (a power cut keeps all
        of them or none); returns them, last first (fewer when the game has fewer)."""
        with self._transaction() as db:
            rows = db.execute(
                "SELECT n, kind, seat, text FROM events WHERE game_id = ? AND undone = 0 "
                "ORDER BY n DESC LIMIT ?",
                (game_id, count),
            ).fetchall()
            for row in rows:
                db.execute("UPDATE events SET undone = 1 WHERE game_id = ? AND n = ?", (game_id, row[0]))
            if rows:
                db.execute("UPDATE games SET finished = NULL, winner = NULL WHERE id = ?", (game_id,))
            return [StoredEvent(n, kind, seat, text, True) for n, kind, seat, text in rows]

    def table_key(self, *, new: bool = False) -> str:
        """The key that pairs the table's device (made on first use, or replaced when ``new``)."""
        if not new:
            with self._lock:
                row = self._db.execute("SELECT value FROM meta WHERE key = 'table_key'").fetchone()
            if row is not None:
                return str(row[0])
        with self._transaction() as db:
            row = db.execute("SELECT value FROM meta WHERE key = 'table_key'").fetchone()
            if row is not None and not new:
                return str(row[0])
            key = secrets.token_urlsafe(18)
            db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('table_key', ?)", (key,))
            return key

    def renew_seat_keys(self, game_id: int) -> dict[str, str]:
        """New keys for the seats of a game (in its seat links; the old links stop working), saved in one
        transaction; returns them by seat.

        Raises:
            KeyError: no such game.
        """
        with self._transaction() as db:
            row = db.execute("SELECT settings FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise KeyError(f"no saved game {game_id}")
            settings = json.loads(row[0])
            tokens = {seat: new_seat_key() for seat in settings.get("tokens", {})}
            settings["tokens"] = tokens
            db.execute(
                "UPDATE games SET settings = ? WHERE id = ?", (json.dumps(settings, sort_keys=True), game_id)
            )
            return tokens

    def check_writable(self) -> None:
        """Refuse a save that could not take the next move: a read-only file or folder, or a full disk.

        Raises:
            StoreError: saying which, so that ``tock serve`` stops at once with the reason instead of
                refusing every move later.
        """
        if self.path == ":memory:":
            return
        free = shutil.disk_usage(Path(self.path).parent).free
        if free < MIN_FREE_BYTES:
            raise StoreError(
                f"{self.path}: its disk is full ({free // 1024} KiB free); "
                "free some space or use --db elsewhere"
            )
        try:
            with self._transaction() as db:
                db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('last_start', ?)", (_now(),))
        except sqlite3.OperationalError as error:
            raise StoreError(
                f"{self.path} cannot be written ({error}); check its rights or use --db elsewhere"
            ) from error

    def finish(self, game_id: int, winner: str) -> None:
        """Record the end of a game and its winning seats."""
        with self._transaction() as db:
            db.execute("UPDATE games SET finished = ?, winner = ? WHERE id = ?", (_now(), winner, game_id))

    def events(self, game_id: int, *, include_undone: bool = False) -> list[StoredEvent]:
        """A game's events in order (only those that count, unless ``include_undone``)."""
        sql = "SELECT n, kind, seat, text, undone FROM events WHERE game_id = ?"
        if not include_undone:
            sql += " AND undone = 0"
        with self._lock:
            rows = self._db.execute(sql + " ORDER BY n", (game_id,)).fetchall()
        return [StoredEvent(n, kind, seat, text, bool(undone)) for n, kind, seat, text, undone in rows]

    def game(self, game_id: int) -> StoredGame:
        """One saved game.

        Raises:
            KeyError: no such game.
        """
        if not 0 < game_id <= MAX_ID:  # SQLite cannot even be asked about it
            raise KeyError(f"no saved game {game_id}")
        with self._lock:
            row = self._db.execute(
                "SELECT id, created, settings, seed, finished, winner FROM games WHERE id = ?", (game_id,)
            ).fetchone()
        if row is None:
            raise KeyError(f"no saved game {game_id}")
        return _game(row)

    def games(self) -> list[StoredGame]:
        """Every saved game, newest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, created, settings, seed, finished, winner FROM games ORDER BY id DESC"
            ).fetchall()
        return [_game(row) for row in rows]

    def latest_game(self) -> StoredGame | None:
        """The most recent game (the one to resume after a restart), or None in an empty save."""
        games = self.games()
        return games[0] if games else None

    def integrity(self) -> str:
        """SQLite's full integrity check: ``"ok"`` for a sound file."""
        with self._lock:
            return str(self._db.execute("PRAGMA integrity_check").fetchone()[0])

    def close(self) -> None:
        """Close the file (idempotent)."""
        with self._lock:
            self._db.close()


def _game(row: tuple[Any, ...]) -> StoredGame:
    game_id, created, settings, seed, finished, winner = row
    return StoredGame(game_id, created, json.loads(settings), seed, finished, winner)
