"""The errors of the hardware layer.

Every error derives from :class:`HardwareError` and also from the builtin a caller would expect
(gpiozero's pattern), so ``except ValueError`` still catches a bad configuration. Messages name what
to install, plug in, close or fix, because they end up in front of a person building a table.
"""

from __future__ import annotations


class HardwareError(Exception):
    """Root of every error raised by the hardware layer."""


class LedConfigError(HardwareError, ValueError):
    """An LED setting is missing, of the wrong type or out of range; the message names the key.

    Attributes:
        fr: the same in French, for the set-up page.
    """

    def __init__(self, message: str, fr: str) -> None:
        super().__init__(message)
        self.fr = fr


class LedMapError(HardwareError, ValueError):
    """An LED map file is missing, malformed, or disagrees with the board or the strip."""


class LedStripUnavailable(HardwareError, RuntimeError):
    """The LED driver library is missing or the strip could not be started on this machine."""


class ButtonsUnavailable(HardwareError, RuntimeError):
    """The buttons' GPIOs cannot be used here (no GPIO library, or a pin taken by another program)."""


class CameraUnavailable(HardwareError, RuntimeError):
    """No camera, camera busy, or its library missing; the message says what to install, plug or close."""


class DeviceClosed(HardwareError, RuntimeError):
    """A strip, driver or camera was used after ``close()``."""
