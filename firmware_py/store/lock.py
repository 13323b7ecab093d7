"""One companion per save: an exclusive lock on the SQLite file itself, held while ``tock serve`` runs.

Two servers on one save would both accept moves and interleave them; after a restart one side's
acknowledged moves would be gone. The lock is the operating system's (``flock`` on the save's own file),
so it goes away with the process, even after a power cut or ``kill -9``: no stale lock to clean up. It
belongs to the file, not to its name: a second companion reaching the same save through a symbolic or
a hard link finds it held. (SQLite's own locks are of another kind, ``fcntl``, which ``flock`` does not
touch.) The process holding it is read from the kernel's list of locks (``/proc/locks``).
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from firmware_py.store.saves import StoreError

LOCKS = Path("/proc/locks")
"""The kernel's list of the locks held: ``n: FLOCK ADVISORY WRITE <pid> <major>:<minor>:<inode> ...``."""


def _holder(fd: int) -> str:
    """The process holding the ``flock`` of ``fd``'s file, or ``?`` where the kernel does not say."""
    st = os.fstat(fd)
    device = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    try:
        lines = LOCKS.read_text(encoding="ascii", errors="replace").splitlines()
    except OSError:
        return "?"
    for line in lines:
        fields = line.split()
        if len(fields) > 5 and fields[1] == "FLOCK" and fields[5] == device:
            return fields[4]
    return "?"


class SaveLock:
    """Hold the save ``path`` for this process (the file is made, empty, if it does not exist yet).

    Raises:
        StoreError: another companion holds it (its process id is named), or the file cannot be made.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:  # a file where the folder should be, no right to write there
            raise StoreError(
                f"{path}: cannot make its folder {self.path.parent} ({error.strerror or error})"
            ) from error
        try:
            self._fd: int | None = os.open(self.path, os.O_RDONLY | os.O_CREAT, 0o644)
        except OSError as error:
            raise StoreError(f"{path}: cannot open it ({error.strerror or error})") from error
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _holder(self._fd)
            os.close(self._fd)
            self._fd = None
            raise StoreError(
                f"{path} is in use by another companion (process {holder}): stop it first, "
                "or give this one its own save with --db"
            ) from None

    def release(self) -> None:
        """Let the save go (idempotent). Called once the save is closed: closing a file a process holds
        also ends the process's SQLite locks on it."""
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None
