"""Ctrl-C and ``systemctl stop`` on the companion: the first signal ends the pages' streams and darkens
the LEDs; a signal once the stop is under way ends it at once, whatever lock the stop holds then.

The cases where a signal lands while the stop holds a stream's lock run in a child process: a companion
that waited on that lock for ever would hang the child, not the test run, and the test sees it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator

import pytest

from firmware_py.app.stopping import SignalStop
from firmware_py.table.core import Table

WITHIN = 60.0
"""Seconds the child process may take (an upper bound on a loaded machine; a stop takes well under 1)."""


@pytest.fixture
def table() -> Iterator[Table]:
    table = Table()
    handlers = {signum: signal.getsignal(signum) for signum in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield table
    finally:
        for signum, handler in handlers.items():
            signal.signal(signum, handler)
        table.close()


def _signalled(signum: int) -> None:
    os.kill(os.getpid(), signum)
    signal.sigtimedwait([], 0)  # a point where the interpreter runs the handler


def _dark(table: Table) -> bool:
    assert table.led_driver is not None
    strip = table.led_driver.strip
    return bool(strip.closed) and strip.last_frame == ((0, 0, 0),) * strip.num_pixels


def test_sigterm_ends_the_live_streams_darkens_the_leds_and_exits_with_sigterms_status(table: Table) -> None:
    stream = table.subscribe()
    SignalStop(table).install()
    with pytest.raises(SystemExit) as exited:
        _signalled(signal.SIGTERM)
    assert exited.value.code == 128 + signal.SIGTERM
    assert stream.get(timeout=0) == {"ended": True}
    assert _dark(table)


def test_ctrl_c_ends_the_live_streams_and_darkens_the_leds_as_a_keyboard_interrupt(table: Table) -> None:
    stream = table.subscribe()
    SignalStop(table).install()
    with pytest.raises(KeyboardInterrupt):
        _signalled(signal.SIGINT)
    assert stream.get(timeout=0) == {"ended": True} and _dark(table)


def test_ctrl_c_stays_ignored_for_a_companion_started_with_it_ignored(table: Table) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    SignalStop(table).install()
    assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    assert signal.getsignal(signal.SIGTERM) != signal.SIG_DFL


def _child(body: str) -> subprocess.CompletedProcess[str]:
    """``body`` run after a table with one open stream and the stop's handler are set up."""
    script = textwrap.dedent(
        """
        import os, signal
        from firmware_py.app.stopping import SignalStop
        from firmware_py.table.core import Table

        table = Table()
        stream = table.subscribe()
        stop = SignalStop(table)
        stop.install()
        events = stream._events  # the stream's queue: its lock is the one a stop holds while ending it
        """
    ) + textwrap.dedent(body)
    try:
        return subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, timeout=WITHIN, check=False
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"the stop still waited after {WITHIN:.0f} s: a signal waits on a lock the stop holds")


def test_a_second_sigterm_while_the_first_one_ends_a_stream_ends_the_stop_at_once() -> None:
    """The race seen on a loaded machine: ``kill`` run twice, the second signal landing while the
    first signal's handler holds the lock of the stream it is ending."""
    done = _child(
        """
        put = events.put_nowait

        def put_when_the_second_sigterm_lands(event):
            with events.mutex:  # as put_nowait holds it
                os.kill(os.getpid(), signal.SIGTERM)
                signal.sigtimedwait([], 0)
            put(event)

        events.put_nowait = put_when_the_second_sigterm_lands
        os.kill(os.getpid(), signal.SIGTERM)
        signal.sigtimedwait([], 0)
        print("still running")
        """
    )
    assert done.returncode == 128 + signal.SIGTERM, done.stderr
    assert "still running" not in done.stdout and "Traceback" not in done.stderr, done.stderr


def test_a_sigterm_while_the_companion_closes_ends_it_at_once() -> None:
    """The closing after the first signal ends the same streams, with the same locks."""
    done = _child(
        """
        stop.begin()
        with events.mutex:  # the closing is ending the stream
            os.kill(os.getpid(), signal.SIGTERM)
            signal.sigtimedwait([], 0)
        print("still running")
        """
    )
    assert done.returncode == 128 + signal.SIGTERM, done.stderr
    assert "still running" not in done.stdout and "Traceback" not in done.stderr, done.stderr
