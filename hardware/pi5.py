"""WS2812 on a Raspberry Pi 5 through the Pi 5 NeoPixel driver (RP1 PIO), imported when a strip is made.

rpi-ws281x does not run on a Pi 5. Adafruit's ``adafruit-blinka-raspberry-pi5-neopixel`` drives the
LEDs from the RP1's PIO block on any header GPIO, without root once the user may open ``/dev/pio0``
(Raspberry Pi OS with current firmware). Its ``neopixel_write(pin, buffer)`` takes the raw bytes in
the LEDs' colour order and an object whose ``id`` is the GPIO number.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from hardware.colour import RGB
from hardware.errors import LedStripUnavailable
from hardware.ledconfig import LedConfig
from hardware.ledstrip import LedStrip

DRIVER_MODULE = "adafruit_blinka_raspberry_pi5_neopixel"


@dataclass(frozen=True, slots=True)
class _Gpio:
    """The pin handed to ``neopixel_write``: it reads only ``id`` (a Blinka ``board.D18`` has one)."""

    id: int


class Pi5Strip(LedStrip):
    """Extends :class:`LedStrip` with the Raspberry Pi 5 NeoPixel driver.

    Raises:
        LedStripUnavailable: the driver is not installed, or the first frame could not be sent
            (no ``/dev/pio0``: not a Pi 5, or its firmware too old).
    """

    def __init__(self, config: LedConfig) -> None:
        super().__init__(config)
        try:
            module = importlib.import_module(DRIVER_MODULE)
        except ImportError as error:
            raise LedStripUnavailable(
                "the pi5 backend needs the Raspberry Pi 5 NeoPixel driver: pip install "
                f"'tock-companion[pi]' (or adafruit-blinka-raspberry-pi5-neopixel) on a Pi 5 ({error})"
            ) from None
        self._neopixel_write = cast(Callable[[_Gpio, bytearray], None], module.neopixel_write)
        self._pin = _Gpio(config.pin)
        try:
            self._write([(0, 0, 0)] * config.count)
        except RuntimeError as error:
            raise LedStripUnavailable(
                f"the Pi 5 NeoPixel driver could not start on GPIO{config.pin} ({error}): this needs a "
                "Raspberry Pi 5 with /dev/pio0 (sudo apt full-upgrade for the current firmware) and the "
                "user in the gpio group"
            ) from None

    def _write(self, frame: list[RGB]) -> None:
        self._neopixel_write(self._pin, bytearray(self.wire_bytes(frame)))
