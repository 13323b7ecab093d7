"""Stopping ``tock serve`` on Ctrl-C (SIGINT) or ``systemctl stop`` (SIGTERM), once, whatever it is doing.

The first signal ends the pages' live streams (waitress waits for its threads before the process exits,
and an open stream would hold one until its next heartbeat) and darkens the LEDs, then lets waitress
shut down. Ending a stream takes the stream's locks, and Python runs a signal's handler in the main
thread between any two of its steps: a second signal arriving while the first handler, or the closing
that follows, holds such a lock would wait on it for ever. So once the stop has begun, a signal takes no
lock at all: it ends the stop at once, with the status the signal's default action gives (128 + its
number). The save loses nothing either way (each move is committed as it is played), and the LEDs are
darkened again by the service's ``tock leds off`` after a stop cut short.
"""

from __future__ import annotations

import signal
from types import FrameType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from firmware_py.table.core import Table


class SignalStop:
    """The handler of SIGINT and SIGTERM for a companion serving ``table``; install it from the main
    thread with :meth:`install`, and call :meth:`begin` before closing the companion by other means."""

    def __init__(self, table: Table) -> None:
        self._table = table
        self.begun = False
        """The stop is under way: a signal from now on ends the process at once."""

    def install(self) -> None:
        """Handle SIGINT and SIGTERM from now on (SIGINT stays ignored where it was: a companion
        started in the background with Ctrl-C ignored)."""
        for signum in (signal.SIGINT, signal.SIGTERM):
            if signal.getsignal(signum) != signal.SIG_IGN:
                signal.signal(signum, self._handle)

    def begin(self) -> None:
        """The stop is under way (the companion is about to close): signals no longer wait for it."""
        self.begun = True

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.begun:
            raise SystemExit(128 + signum)
        self.begun = True
        self._table.end_streams()
        if self._table.led_driver is not None:
            self._table.led_driver.stop()
        if signum == signal.SIGINT:
            raise KeyboardInterrupt
        raise SystemExit(128 + signum)
