"""WS2812 on a Raspberry Pi Zero 2 W, 3 or 4 through rpi-ws281x's ``PixelStrip`` (imported when used).

GPIO10, the default, uses SPI and needs no root: the user in the ``spi`` group, SPI enabled with
``raspi-config``, and the core clock pinned in ``config.txt`` (see :mod:`hardware.pimodel`). GPIO18
(or 12) uses the PWM peripheral and needs root for ``/dev/mem``, which the shipped service does not
have; GPIO13/19 use PWM channel 1 and GPIO21 uses PCM. rpi-ws281x does not run on a Pi 5: use the
``pi5`` backend there.
"""

from __future__ import annotations

import atexit
from typing import Any

from hardware.colour import RGB
from hardware.errors import LedStripUnavailable
from hardware.ledconfig import LedConfig
from hardware.ledstrip import LedStrip
from hardware.pimodel import read_model, spi_clock_advice

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
            strip could not start (not a Zero 2 W, Pi 3 or 4; SPI off; PWM without root); the message says
            which and what to do.
    """

    def __init__(self, config: LedConfig) -> None:
        super().__init__(config)
        if config.pin not in SUPPORTED_PINS:
            pins = ", ".join(str(p) for p in sorted(SUPPORTED_PINS))
            raise LedStripUnavailable(
                f"rpi-ws281x cannot drive GPIO{config.pin}: wire the data line to GPIO{pins} "
                "(10 for SPI without root, the default)"
            )
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
            raise LedStripUnavailable(advice(config.pin, str(error), read_model())) from None

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


def advice(pin: int, reason: str, model: str | None) -> str:
    """What to do when the strip did not start on ``pin`` with rpi-ws281x on board ``model``."""
    if model is not None and model.startswith("Raspberry Pi 5"):
        return f'the LED strip did not start on GPIO{pin} ({reason}): this is a Pi 5, use backend = "pi5"'
    if pin == SPI_PIN:
        fix = (
            "enable SPI (sudo raspi-config nonint do_spi 0), add the user to the spi group, and "
            + spi_clock_advice(model)
        )
    else:
        fix = "PWM on this pin needs root: wire the data line to GPIO10 (pin 19) and use SPI, no root needed"
    where = model or "a Raspberry Pi Zero 2 W, 3 or 4"
    return f"the LED strip did not start on GPIO{pin} ({reason}): this needs {where}; {fix}"
