"""Listening to the table: one queue of change events per open page stream, and the table's listeners."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import TypedDict


class Change(TypedDict, total=False):
    """What a page's stream is told: the table's new ``version``, or that the stream has ``ended``."""

    version: int
    ended: bool


class Subscription:
    """One listener's queue of change events (``{"version": n}``), for a server-sent-event stream.

    Only the latest event matters to a listener that rebuilds its view, so the queue keeps at most a few
    events and drops the oldest when a slow client falls behind.
    """

    def __init__(self, on_close: Callable[[Subscription], None], *, maxsize: int = 4) -> None:
        self._on_close = on_close
        self._events: queue.Queue[Change] = queue.Queue(maxsize=maxsize)
        self.closed = False
        self.ended = False
        """The table is closing: the listener's stream should end now."""

    def put(self, event: Change) -> None:
        """Queue ``event``, dropping the oldest when the listener is behind."""
        while True:
            try:
                self._events.put_nowait(event)
                return
            except queue.Full:
                try:
                    self._events.get_nowait()
                except queue.Empty:
                    pass

    def get(self, timeout: float) -> Change | None:
        """Wait up to ``timeout`` seconds for the next event; None if nothing happened (send a heartbeat)."""
        if self.closed:
            return None
        try:
            return self._events.get(timeout=timeout)
        except queue.Empty:
            return None

    def end(self) -> None:
        """The table is closing: wake the listener at once (its stream ends instead of waiting for the
        next heartbeat, so that shutting the companion down does not wait on open pages)."""
        self.ended = True
        self.put({"ended": True})

    def close(self) -> None:
        """Stop listening (idempotent)."""
        if not self.closed:
            self.closed = True
            self._on_close(self)


class Listeners:
    """Every open page stream of the table: each told of every change, all ended when the companion
    stops (and a stream opened after that ended from the start, instead of holding a server thread until
    its first heartbeat)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._open: list[Subscription] = []
        self._ending = False

    def subscribe(self) -> Subscription:
        """A new listener."""
        subscription = Subscription(self._remove)
        with self._lock:
            if not self._ending:
                self._open.append(subscription)
                return subscription
        subscription.end()
        return subscription

    def tell(self, event: Change) -> None:
        """Queue ``event`` for every listener."""
        with self._lock:
            listening = list(self._open)
        for subscription in listening:
            subscription.put(event)

    def end(self) -> None:
        """The companion is stopping: every stream ends now, and every one opened from now on."""
        with self._lock:
            self._ending = True
            listening = list(self._open)
        for subscription in listening:
            subscription.end()

    def _remove(self, subscription: Subscription) -> None:
        with self._lock:
            if subscription in self._open:
                self._open.remove(subscription)
