"""The seam every LED backend plugs into, and the simulated strip.

Descendants *must* override :meth:`LedStrip._write` (send one processed frame to the LEDs) and *may*
override :meth:`LedStrip._release` (free the hardware). The base class does what every backend needs
the same way: it checks the frame's length, applies the brightness cap, the gamma correction and the
current budget, keeps the colour order, turns the LEDs dark on ``close()`` and refuses use after it.
"""

from __future__ import annotations

import abc
import threading
from collections import deque
from collections.abc import Sequence
from types import TracebackType

from hardware.colour import BLACK, RGB, check_rgb, current_ma, fit_frame, gamma_table, scale
from hardware.errors import DeviceClosed
from hardware.ledconfig import LedConfig
from hardware.pimodel import gpio_name


class LedStrip(abc.ABC):
    """A chain of WS2812 LEDs driven through one backend.

    Args:
        config: count, brightness cap, gamma, current budget and colour order.
    """

    def __init__(self, config: LedConfig) -> None:
        self.config = config
        self._gamma = gamma_table(config.gamma)
        self._closed = False
        self._lock = threading.Lock()

    @property
    def num_pixels(self) -> int:
        """Number of LEDs in the chain."""
        return self.config.count

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` has been called."""
        return self._closed

    def process(self, pixels: Sequence[RGB]) -> list[RGB]:
        """The duties the LEDs will really get for ``pixels``: brightness cap, gamma, then current budget.

        The budget comes last so that it bounds the current the corrected frame really draws.

        Raises:
            ValueError: the frame's length is not :attr:`num_pixels`, or a colour is not RGB.
        """
        if len(pixels) != self.num_pixels:
            raise ValueError(f"a frame has {self.num_pixels} pixels (one per LED), not {len(pixels)}")
        capped = [scale(check_rgb(p, f"pixel {i}"), self.config.brightness) for i, p in enumerate(pixels)]
        table = self._gamma
        return fit_frame([(table[r], table[g], table[b]) for r, g, b in capped], self.config.budget_ma)

    def wire_bytes(self, pixels: Sequence[RGB]) -> bytes:
        """The bytes sent on the data line for already processed ``pixels``, in the colour order."""
        picks = ["RGB".index(channel) for channel in self.config.colour_order]
        return bytes(pixel[i] for pixel in pixels for i in picks)

    def show(self, pixels: Sequence[RGB]) -> None:
        """Show one colour per LED, in chain order, within the brightness cap and current budget.

        Raises:
            DeviceClosed: the strip was closed.
            ValueError: wrong frame length or a malformed colour.
        """
        frame = self.process(pixels)
        with self._lock:
            if self._closed:
                raise DeviceClosed(f"{type(self).__name__} is closed")
            self._write(frame)

    def close(self) -> None:
        """Turn every LED dark and release the hardware; calling it again does nothing."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            try:
                self._write([BLACK] * self.num_pixels)
            finally:
                self._release()

    def __enter__(self) -> LedStrip:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def describe(self) -> str:
        """One line for a person: which driver sends the frames, and on which GPIO."""
        return f"LEDs: {self.config.count} through {self._driver_name()} on {gpio_name(self.config.pin)}"

    def _driver_name(self) -> str:
        return type(self).__name__

    def __repr__(self) -> str:
        state = "closed" if self._closed else f"{self.num_pixels} LEDs, {self.config.colour_order}"
        return f"<{type(self).__name__} {state}>"

    @abc.abstractmethod
    def _write(self, frame: list[RGB]) -> None:
        """Send a processed frame (RGB per LED, chain order) to the LEDs."""

    def _release(self) -> None:  # noqa: B027 - optional hook: most backends hold nothing to free
        """Free the hardware after the last (dark) frame."""


class SimulatedStrip(LedStrip):
    """Extends :class:`LedStrip`: records what real LEDs would show, for tests and the web page.

    Each frame is recorded after the brightness cap, the gamma correction and the current budget, as
    the LEDs would get it; :attr:`last_bytes` holds the data line's bytes in the configured colour order.

    Args:
        config: the strip's settings (its backend is not looked at).
        history: how many frames to keep; older ones are dropped so that a long simulated game at
            animation rate does not grow without bound.
    """

    def __init__(self, config: LedConfig, *, history: int = 1000) -> None:
        super().__init__(config)
        self.frames: deque[tuple[RGB, ...]] = deque(maxlen=history)
        self.last_bytes = b""

    @property
    def last_frame(self) -> tuple[RGB, ...]:
        """The frame shown last (all dark before the first ``show()``)."""
        return self.frames[-1] if self.frames else (BLACK,) * self.num_pixels

    @property
    def last_current_ma(self) -> float:
        """Estimated current (mA) drawn by the last frame."""
        return current_ma(self.last_frame)

    def reset(self) -> None:
        """Forget the recorded frames."""
        self.frames.clear()
        self.last_bytes = b""

    def describe(self) -> str:
        return f"LEDs: {self.config.count} simulated (shown on the page; --leds ws281x or pi5 for real ones)"

    def _write(self, frame: list[RGB]) -> None:
        self.frames.append(tuple(frame))
        self.last_bytes = self.wire_bytes(frame)
