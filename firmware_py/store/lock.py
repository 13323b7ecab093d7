"""One companion per save: an exclusive lock beside the SQLite file, held while ``tock serve`` runs.

Two servers on one save would both accept moves and interleave them; after a restart one side's
acknowledged moves would be gone. The lock is the operating system's (``flock`` on ``<save>.lock``), so
it goes away with the process, even after a power cut or ``kill -9``: no stale lock to clean up.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from firmware_py.store.saves import StoreError


class SaveLock:
    """Hold the save ``path`` for this process.

    Raises:
        StoreError: another companion holds it (its process id is named), or the lock file cannot be made.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(f"{path}.lock")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:  # a file where the folder should be, no right to write there
            raise StoreError(
                f"{path}: cannot make its folder {self.path.parent} ({error.strerror or error})"
            ) from error
        try:
            self._fd: int | None = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise StoreError(f"{path}: cannot make its lock file ({error.strerror or error})") from error
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(self._fd, 32, 0).decode("ascii", "replace").strip() or "?"
            os.close(self._fd)
            self._fd = None
            raise StoreError(
                f"{path} is in use by another companion (process {holder}): stop it first, "
                "or give this one its own save with --db"
            ) from None
        os.ftruncate(self._fd, 0)
        os.pwrite(self._fd, f"{os.getpid()}\n".encode(), 0)

    def release(self) -> None:
        """Let the save go (idempotent)."""
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None
