"""WS2812 on a Raspberry Pi 5 through the Pi 5 NeoPixel driver (RP1 PIO), imported when a strip is made.

rpi-ws281x does not run on a Pi 5. Adafruit's package ``adafruit-blinka-raspberry-pi5-neopixel``
installs the module ``adafruit_raspberry_pi5_neopixel_write``, which drives the LEDs from the RP1's PIO
block on any header GPIO, without root once the user may open ``/dev/pio0``. Its
``neopixel_write(gpio, buf)`` reads the GPIO number from ``gpio.id`` and sends the buffer's bytes as
they are (so in the LEDs' colour order); the PIO device is opened on the first write, and
``free_pio()`` gives it back.
"""

from __future__ import annotations

import errno
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from hardware.colour import RGB
from hardware.errors import LedStripUnavailable
from hardware.ledconfig import LedConfig
from hardware.ledstrip import LedStrip

DRIVER_MODULE = "adafruit_raspberry_pi5_neopixel_write"
"""The module of the PyPI package ``adafruit-blinka-raspberry-pi5-neopixel``."""
UDEV_RULE = 'SUBSYSTEM=="*-pio", GROUP="gpio", MODE="0660"'
"""Lets the gpio group open ``/dev/pio0`` (``hardware/udev/99-tock-pio.rules`` holds it)."""


@dataclass(frozen=True, slots=True)
class _Gpio:
    """The pin handed to ``neopixel_write``: it reads only ``id`` (a Blinka ``board.D10`` has one)."""

    id: int


class Pi5Strip(LedStrip):
    """Extends :class:`LedStrip` with the Raspberry Pi 5 NeoPixel driver.

    Raises:
        LedStripUnavailable: the driver is not installed, or the first frame could not be sent (no
            ``/dev/pio0``, or no permission to open it); the message says what to do.
    """

    def __init__(self, config: LedConfig) -> None:
        super().__init__(config)
        try:
            self._module: Any = importlib.import_module(DRIVER_MODULE)
        except ImportError as error:
            raise LedStripUnavailable(
                "the pi5 backend needs the Raspberry Pi 5 NeoPixel driver: pip install "
                f"'tock-companion[pi]' (or adafruit-blinka-raspberry-pi5-neopixel) on a Pi 5 ({error})"
            ) from None
        self._neopixel_write = cast(Callable[[_Gpio, bytearray], None], self._module.neopixel_write)
        self._pin = _Gpio(config.pin)
        try:
            self._write([(0, 0, 0)] * config.count)
        except RuntimeError as error:
            # no free_pio() here: after a failed open the module keeps an error pointer as its device,
            # and its free_pio() dereferences it (a segmentation fault, seen with 1.0.0rc2)
            raise LedStripUnavailable(pio_advice(config.pin, str(error))) from None

    def _write(self, frame: list[RGB]) -> None:
        self._neopixel_write(self._pin, bytearray(self.wire_bytes(frame)))

    def _driver_name(self) -> str:
        return "the Pi 5 NeoPixel driver (RP1 PIO, /dev/pio0)"

    def _release(self) -> None:
        self._module.free_pio()


PI5_FIRMWARE_FIX = (
    "sudo apt update && sudo apt full-upgrade && sudo rpi-eeprom-update -a, then reboot "
    "(the RP1's PIO needs a recent kernel and a recent EEPROM)"
)
UDEV_FIX = (
    "sudo cp /home/tock/tock-companion/hardware/udev/99-tock-pio.rules /etc/udev/rules.d/ && "
    "sudo udevadm control --reload-rules && sudo udevadm trigger"
)


def pio_advice(pin: int, reason: str) -> str:
    """What to do when the Pi 5 driver could not open its PIO device, from the error it gave."""
    if f"error -{errno.EACCES}" in reason or f"error -{errno.EPERM}" in reason:
        fix = (
            f"this user may not open /dev/pio0: add the udev rule ({UDEV_FIX}) "
            "and put the user in the gpio group"
        )
    elif f"error -{errno.EBUSY}" in reason:
        fix = "another program holds the PIO: stop it (another `tock serve`, a NeoPixel script)"
    else:
        fix = (
            "there is no /dev/pio0: this needs a Raspberry Pi 5 with current firmware and kernel "
            f"({PI5_FIRMWARE_FIX}); elsewhere use --leds ws281x or sim"
        )
    return f"the Pi 5 NeoPixel driver could not start on GPIO{pin} ({reason}): {fix}"
