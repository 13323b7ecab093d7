"""Listening to the table: one queue of change events per open page stream."""

from __future__ import annotations

import queue
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from firmware_py.table import Table


class Subscription:
    """One listener's queue of change events (``{"version": n}``), for a server-sent-event stream.

    Only the latest event matters to a listener that rebuilds its view, so the queue keeps at most a few
    events and drops the oldest when a slow client falls behind.
    """

    def __init__(self, table: Table, *, maxsize: int = 4) -> None:
        self._table = table
        self._events: queue.Queue[dict[str, Any]] = queue.Queue(maxsize=maxsize)
        self.closed = False

    def _put(self, event: dict[str, Any]) -> None:
        while True:
            try:
                self._events.put_nowait(event)
                return
            except queue.Full:
                try:
                    self._events.get_nowait()
                except queue.Empty:
                    pass

    def get(self, timeout: float) -> dict[str, Any] | None:
        """Wait up to ``timeout`` seconds for the next event; None if nothing happened (send a heartbeat)."""
        if self.closed:
            return None
        try:
            return self._events.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self) -> None:
        """Stop listening (idempotent)."""
        if not self.closed:
            self.closed = True
            self._table._unsubscribe(self)
