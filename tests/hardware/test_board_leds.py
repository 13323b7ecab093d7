"""The LEDs the wiring root hands the table: one strip, driven with the LED map of the model in play."""

from __future__ import annotations

from hardware.board_leds import BoardLeds
from hardware.colour import RGB
from hardware.ledconfig import LedConfig
from hardware.ledmap import LedMap
from hardware.ledstrip import LedStrip, SimulatedStrip


class WiredStrip(LedStrip):
    """A strip that is not simulated (its frames are kept, as a WS2812 chain would show them)."""

    def __init__(self, config: LedConfig) -> None:
        super().__init__(config)
        self.frames: list[list[RGB]] = []

    def _write(self, frame: list[RGB]) -> None:
        self.frames.append(frame)


def test_without_a_strip_a_simulated_one_of_the_models_length_is_lit() -> None:
    leds = BoardLeds(None, {"backend": "sim", "brightness": 1.0, "gamma": 1.0})
    leds.use_model("tock4")
    assert leds.driver is not None and leds.driver.led_map.model == "tock4"
    place = LedMap.load("tock4").chain[0]
    leds.send({place: (255, 0, 0)})
    assert leds.driver.flush(timeout=5)
    strip = leds.driver.strip
    assert isinstance(strip, SimulatedStrip) and strip.num_pixels == LedMap.load("tock4").count
    assert strip.last_frame[LedMap.load("tock4").index_of(place)] != (0, 0, 0)
    leds.stop()


def test_a_new_board_model_gets_its_own_map_and_a_simulated_strip_its_length() -> None:
    leds = BoardLeds(None, {})
    leds.use_model("tock4")
    first = leds.driver
    leds.use_model("tock4")
    assert leds.driver is first  # the same model keeps its driver
    leds.use_model("tock6")
    assert leds.driver is not None and leds.driver is not first
    assert leds.driver.strip.num_pixels == LedMap.load("tock6").count
    leds.stop()


def test_a_wired_strip_fits_only_the_board_it_has_the_leds_of() -> None:
    strip = WiredStrip(LedConfig(count=LedMap.load("tock4").count))
    leds = BoardLeds(strip, {})
    assert leds.fits("tock4") and not leds.fits("tock6")
    leds.use_model("tock4")
    assert leds.driver is not None and leds.driver.strip is strip
    leds.stop()
    leds.send({})  # the companion is stopping: a scene after the strip went dark is dropped
