"""WS2812 on a Raspberry Pi Zero 2 W, 3 or 4 through rpi-ws281x's ``PixelStrip`` (imported when used).

GPIO10, the default, uses SPI and needs no root: the user in the ``spi`` group (``/dev/spidev0.0``)
and the ``gpio`` group (the library maps ``/dev/gpiomem`` to switch GPIO10 to SPI), SPI enabled with
``raspi-config``, the core clock pinned in ``config.txt``, and an SPI buffer of 12 bytes per LED (see
:mod:`hardware.pimodel`). GPIO18
(or 12) uses the PWM peripheral and needs root for ``/dev/mem``, which the shipped service does not
have; GPIO13/19 use PWM channel 1 and GPIO21 uses PCM. rpi-ws281x does not run on a Pi 5: use the
``pi5`` backend there.
"""

from __future__ import annotations

import atexit
import platform
import sys
from typing import Any

from hardware.colour import RGB
from hardware.errors import LedStripUnavailable
from hardware.ledconfig import LedConfig
from hardware.ledstrip import LedStrip
from hardware.pimodel import (
    read_model,
    read_revision,
    read_spi_bufsiz,
    spi_buffer_advice,
    spi_buffer_bytes,
    spi_clock_advice,
    ws281x_knows,
    ws281x_revision_advice,
)

SPI_PIN = 10
PWM_CHANNEL_1_PINS = frozenset({13, 19})
SUPPORTED_PINS = frozenset({10, 12, 13, 18, 19, 21})
"""GPIOs rpi-ws281x can drive: PWM0 (12, 18), PWM1 (13, 19), SPI (10), PCM (21)."""

FREQUENCY_HZ = 800_000
DMA_CHANNEL = 10
"""DMA 10 is the channel rpi-ws281x recommends; lower ones are used by the GPU and the SD card."""


class Ws281xStrip(LedStrip):
    """Extends :class:`LedStrip` with rpi-ws281x (Raspberry Pi Zero 2 W, 3, 4).

    The library's own brightness stays at 255: the brightness cap and the current budget are applied
    by :class:`LedStrip` so that every backend dims the same way; the colour order is handed to the
    library as its strip type.

    Raises:
        LedStripUnavailable: rpi-ws281x is not installed, the pin is not one it can drive, or the
            strip could not start (not a Zero 2 W, Pi 3 or 4; a board revision the library does not know;
            SPI off; too many LEDs for the SPI buffer; PWM without root); the message says which and
            what to do.
    """

    def __init__(self, config: LedConfig) -> None:
        super().__init__(config)
        if config.pin not in SUPPORTED_PINS:
            pins = ", ".join(str(p) for p in sorted(SUPPORTED_PINS))
            raise LedStripUnavailable(
                f"rpi-ws281x cannot drive GPIO{config.pin}: wire the data line to GPIO{pins} "
                "(10 for SPI without root, the default)"
            )
        bufsiz = read_spi_bufsiz() if config.pin == SPI_PIN else None
        if bufsiz is not None and spi_buffer_bytes(config.count) > bufsiz:
            # the library would start, then fail every frame with "SPI transfer error"
            raise LedStripUnavailable(spi_buffer_advice(config.count, bufsiz))
        try:
            import rpi_ws281x
        except ImportError as error:
            raise LedStripUnavailable(
                "the ws281x backend needs rpi-ws281x: pip install 'tock-companion[pi]' "
                f"(or pip install rpi-ws281x) on a Raspberry Pi Zero 2 W, 3 or 4 ({error})"
            ) from None
        strip_type = getattr(rpi_ws281x.ws, f"WS2811_STRIP_{config.colour_order}")
        channel = 1 if config.pin in PWM_CHANNEL_1_PINS else 0
        self._strip: Any = rpi_ws281x.PixelStrip(
            config.count, config.pin, FREQUENCY_HZ, DMA_CHANNEL, False, 255, channel, strip_type
        )
        try:
            self._strip.begin()
        except RuntimeError as error:
            self._discard_unstarted()
            raise LedStripUnavailable(advice(config.pin, str(error), read_model(), read_revision())) from None

    def _discard_unstarted(self) -> None:
        """Free the C structure of a strip whose ``begin()`` failed.

        PixelStrip registers an exit hook that calls ``ws2811_fini``, which crashes the interpreter
        (segmentation fault) on a structure that was never started; so unregister it and free the
        structure directly.
        """
        atexit.unregister(self._strip._cleanup)
        import _rpi_ws281x

        _rpi_ws281x.delete_ws2811_t(self._strip._leds)
        self._strip._leds = None
        self._strip._channel = None

    def _driver_name(self) -> str:
        return f"rpi-ws281x over {'SPI' if self.config.pin == SPI_PIN else 'PWM/PCM (root only)'}"

    def _write(self, frame: list[RGB]) -> None:
        for index, (r, g, b) in enumerate(frame):
            self._strip.setPixelColorRGB(index, r, g, b)
        self._strip.show()

    def _release(self) -> None:
        atexit.unregister(self._strip._cleanup)
        self._strip._cleanup()


def advice(pin: int, reason: str, model: str | None, revision: int | None = None) -> str:
    """What to do when the strip did not start on ``pin`` with rpi-ws281x on board ``model``.

    Code -3 ("Hardware revision is not supported") on a Pi whose revision is known means the
    library's table lacks this board, whatever else is set up."""
    if model is not None and model.startswith("Raspberry Pi 5"):
        return f'the LED strip did not start on GPIO{pin} ({reason}): this is a Pi 5, use backend = "pi5"'
    if "code -3 " in reason and revision is not None and not ws281x_knows(revision, arm64=is_arm64()):
        return (
            f"the LED strip did not start on GPIO{pin} ({reason}): {ws281x_revision_advice(revision, model)}"
        )
    if pin == SPI_PIN:
        fix = (
            "enable SPI (sudo raspi-config nonint do_spi 0), add the user to the spi and gpio groups, and "
            + spi_clock_advice(model)
        )
    else:
        fix = "PWM on this pin needs root: wire the data line to GPIO10 (pin 19) and use SPI, no root needed"
    where = model or "a Raspberry Pi Zero 2 W, 3 or 4"
    return f"the LED strip did not start on GPIO{pin} ({reason}): this needs {where}; {fix}"


def is_arm64() -> bool:
    """64-bit Raspberry Pi OS, where rpi-ws281x (built for aarch64) compares the board revision exactly.

    The Python's word size, not the kernel's: 32-bit Raspberry Pi OS may run a 64-bit kernel."""
    return platform.machine() == "aarch64" and sys.maxsize > 2**32
