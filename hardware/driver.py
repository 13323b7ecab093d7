"""The one thread that owns the strip's ``show()``.

Game, camera and web threads call :meth:`LedDriver.send` whenever the facts change; the driver's
thread shows the latest scene only (a scene sent while another waits replaces it), so a burst of
updates never queues up behind a slow strip. An animated scene is a function of the time and is
redrawn at ``fps`` until another scene replaces it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import TypeAlias

from hardware.colour import RGB, Scene
from hardware.errors import DeviceClosed
from hardware.ledmap import LedMap
from hardware.ledstrip import LedStrip

Animation: TypeAlias = Callable[[float], Scene]
"""A scene that changes with time: seconds since it was sent -> scene."""

SceneSource: TypeAlias = Scene | Animation

STOP_TIMEOUT = 2.0
"""Seconds ``stop()`` waits for the driver's thread before darkening the strip anyway."""


class LedDriver:
    """Shows scenes on a strip from its own thread.

    Args:
        strip: the strip; from now on only this driver calls its ``show()``.
        led_map: place id -> LED index of the board under the strip.
        fps: redraw rate of animated scenes.
        clock: seconds, monotonic; replaced in tests.

    Raises:
        LedMapError: the map's LED count and the strip's disagree.
    """

    def __init__(
        self,
        strip: LedStrip,
        led_map: LedMap,
        *,
        fps: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        led_map.check_count(strip.num_pixels)
        if fps <= 0:
            raise ValueError(f"fps must be > 0, not {fps}")
        self.strip = strip
        self.led_map = led_map
        self._period = 1.0 / fps
        self._clock = clock
        self._wake = threading.Condition()
        self._pending: tuple[int, SceneSource, float] | None = None
        self._sent = 0
        self._shown = 0
        self._stopping = False
        self._stopped = False
        self._error: Exception | None = None
        self._last_pixels: list[RGB] | None = None
        self._thread = threading.Thread(target=self._run, name="tock-leds", daemon=True)
        self._thread.start()

    def send(self, scene: SceneSource) -> None:
        """Show ``scene`` (or animate it) as soon as the driver's thread can; never blocks on the strip.

        Raises:
            DeviceClosed: the driver was stopped.
        """
        with self._wake:
            if self._stopping:
                raise DeviceClosed("LedDriver is stopped")
            self._sent += 1
            self._pending = (self._sent, scene, self._clock())
            self._wake.notify()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until the last scene sent has been shown once (or the driver stopped); ``False`` on timeout.

        A scene that could not be shown (it names a place that is not on the board, or the strip
        failed) is dropped by the driver's thread, which goes on with the next one; the error is
        raised here, once.

        Raises:
            Exception: the error met while showing a scene since the last ``flush()``.
        """
        with self._wake:
            done = self._wake.wait_for(lambda: self._shown >= self._sent or self._stopping, timeout)
            error, self._error = self._error, None
        if error is not None:
            raise error
        return done

    def stop(self) -> None:
        """Stop the thread and turn the LEDs dark (the strip is closed); calling it again does nothing."""
        with self._wake:
            if self._stopped:
                return
            self._stopping = True
            self._wake.notify()
        if threading.current_thread() is not self._thread:
            # bounded: from a signal handler that interrupted send() in this thread, the lock stays
            # held until the handler returns, and the driver's thread cannot wake up to finish
            self._thread.join(timeout=STOP_TIMEOUT)
        with self._wake:
            self._stopped = True
        self.strip.close()

    def __enter__(self) -> LedDriver:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

    def _run(self) -> None:
        current: SceneSource | None = None
        started = 0.0
        sequence = 0
        while True:
            with self._wake:
                animated = callable(current)
                if self._pending is None and not self._stopping:
                    self._wake.wait(timeout=self._period if animated else None)
                if self._stopping:
                    return
                if self._pending is not None:
                    sequence, current, started = self._pending
                    self._pending = None
            if current is None:
                continue
            try:
                scene = current(self._clock() - started) if callable(current) else current
                self._show(scene)
            except Exception as error:  # a bad scene or a failing strip: kept for flush() to raise
                current = None
                with self._wake:
                    self._error = error
            with self._wake:
                self._shown = max(self._shown, sequence)
                self._wake.notify_all()

    def _show(self, scene: Scene) -> None:
        pixels = self.led_map.to_pixels(scene)
        if pixels != self._last_pixels:
            self.strip.show(pixels)
            self._last_pixels = pixels
