"""The strip under a board's holes, driven with the LED map of the board model in play.

The wiring root (``firmware_py.app.companion``) opens the real strip and hands it over in a
:class:`BoardLeds`; the table drives it through its lights port and never opens a strip itself. With no
strip (``Table()`` in tests, a laptop) the LEDs are a :class:`~hardware.ledstrip.SimulatedStrip` of the
model's length, which records the frames it is shown.
"""

from __future__ import annotations

from collections.abc import Mapping

from hardware.driver import LedDriver, SceneSource
from hardware.errors import DeviceClosed
from hardware.ledconfig import LedConfig
from hardware.ledmap import LedMap
from hardware.ledstrip import LedStrip, SimulatedStrip


class BoardLeds:
    """One strip, driven for one board model at a time.

    Args:
        strip: the strip the wiring root opened, or None for a simulated one.
        settings: the ``[leds]`` settings (brightness, order...) a simulated strip is made with.
    """

    def __init__(self, strip: LedStrip | None, settings: Mapping[str, object]) -> None:
        self._strip = strip
        self._settings = {key: value for key, value in settings.items() if key != "backend"}
        self.driver: LedDriver | None = None
        """The driver of the model in play (None before :meth:`use_model`)."""

    def use_model(self, model: str) -> None:
        """Drive the strip with ``model``'s LED map: a new driver when the model changes; a simulated
        strip of the right length when there is no strip or the simulated one no longer fits."""
        led_map = LedMap.load(model)
        if self.driver is not None and self.driver.led_map.model == led_map.model:
            return
        if self.driver is not None:
            self.driver.stop()
            self.driver = None
        strip = self._strip
        if (
            strip is None
            or strip.closed
            or (isinstance(strip, SimulatedStrip) and strip.num_pixels != led_map.count)
        ):
            strip = self._strip = SimulatedStrip(
                LedConfig.from_mapping({**self._settings, "count": led_map.count})
            )
        self.driver = LedDriver(strip, led_map)

    def fits(self, model: str) -> bool:
        """Whether ``model``'s board can be lit: a real strip must have as many LEDs as its map (a
        simulated one is remade to fit)."""
        strip = self._strip
        if strip is None or isinstance(strip, SimulatedStrip):
            return True
        return LedMap.load(model).count == strip.num_pixels

    def send(self, scene: SceneSource) -> None:
        """Show ``scene`` (nothing once the strip was stopped: the companion is stopping, dark it stays)."""
        if self.driver is None:
            return
        try:
            self.driver.send(scene)
        except DeviceClosed:  # SIGTERM stopped the strip first
            pass

    def stop(self) -> None:
        """Darken the strip and stop its driver."""
        if self.driver is not None:
            self.driver.stop()
