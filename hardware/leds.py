"""LEDs under the holes: settings, strips (simulated or real) and the thread that drives them.

The one entry point most code needs is :func:`open_strip`; the table layer then wraps the strip in a
:class:`~hardware.driver.LedDriver` so that one thread owns ``show()``.
"""

from __future__ import annotations

from hardware.driver import LedDriver
from hardware.errors import LedConfigError, LedStripUnavailable
from hardware.ledconfig import BACKENDS, LedConfig
from hardware.ledstrip import LedStrip, SimulatedStrip
from hardware.pi5 import Pi5Strip
from hardware.ws281x import Ws281xStrip

__all__ = [
    "BACKENDS",
    "LedConfig",
    "LedConfigError",
    "LedDriver",
    "LedStrip",
    "LedStripUnavailable",
    "Pi5Strip",
    "SimulatedStrip",
    "Ws281xStrip",
    "open_strip",
]

_STRIPS: dict[str, type[LedStrip]] = {"sim": SimulatedStrip, "ws281x": Ws281xStrip, "pi5": Pi5Strip}


def open_strip(config: LedConfig) -> LedStrip:
    """Open the strip of ``config.backend``; vendor libraries are imported only here.

    Raises:
        LedStripUnavailable: the backend's library is missing or the strip cannot start here.
    """
    return _STRIPS[config.backend](config)
