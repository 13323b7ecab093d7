"""The same tests over every LED backend that can load here.

The simulated strip always runs; the Pi 5 backend runs over the real Pi 5 NeoPixel module (a dev
dependency, built here from source) with only its PIO device faked, so what the module accepted is
what the LEDs would receive; rpi-ws281x is constructed against the real library, which cannot start
without a Raspberry Pi Zero 2 W, 3 or 4 and must say so clearly. LEDs cannot be read back, so on a Pi the real
strip gets a smoke test here (``TOCK_HARDWARE=pi``) and ``tock leds walk`` is the check a person
makes with their eyes.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator

import pytest

import hardware.ws281x
from hardware.colour import current_ma
from hardware.errors import DeviceClosed
from hardware.leds import LedConfig, LedStrip, LedStripUnavailable, SimulatedStrip, open_strip
from tests.hardware.conftest import PI5_MODULE, Pi5Device

COUNT = 6
WireReader = Callable[[], bytes]


def _sim(config: LedConfig, pi5_device: Pi5Device) -> tuple[LedStrip, WireReader]:
    strip = open_strip(config)
    assert isinstance(strip, SimulatedStrip)
    return strip, lambda: strip.last_bytes


def _pi5(config: LedConfig, pi5_device: Pi5Device) -> tuple[LedStrip, WireReader]:
    strip = open_strip(LedConfig(**{**_fields(config), "backend": "pi5"}))
    return strip, lambda: pi5_device.writes[-1][1]


def _fields(config: LedConfig) -> dict[str, object]:
    return {name: getattr(config, name) for name in config.__dataclass_fields__}


@pytest.fixture(params=[_sim, _pi5], ids=["sim", "pi5"])
def opener(
    request: pytest.FixtureRequest, pi5_device: Pi5Device
) -> Callable[[LedConfig], tuple[LedStrip, WireReader]]:
    def open_(config: LedConfig) -> tuple[LedStrip, WireReader]:
        return request.param(config, pi5_device)  # type: ignore[no-any-return]

    return open_


@pytest.fixture
def strip_and_wire(
    opener: Callable[[LedConfig], tuple[LedStrip, WireReader]],
) -> Iterator[tuple[LedStrip, WireReader]]:
    strip, wire = opener(LedConfig(count=COUNT, brightness=1.0, budget_ma=10_000.0, gamma=1.0))
    yield strip, wire
    strip.close()


def test_the_strip_has_one_pixel_per_configured_led(strip_and_wire: tuple[LedStrip, WireReader]) -> None:
    strip, _ = strip_and_wire
    assert strip.num_pixels == COUNT


def test_colours_leave_in_the_configured_order(strip_and_wire: tuple[LedStrip, WireReader]) -> None:
    strip, wire = strip_and_wire
    strip.show([(255, 0, 0), (0, 255, 0), (0, 0, 255), (1, 2, 3), (0, 0, 0), (0, 0, 0)])
    if strip.config.colour_order == "GRB":
        assert wire()[:12] == bytes([0, 255, 0, 255, 0, 0, 0, 0, 255, 2, 1, 3])


def test_a_frame_of_the_wrong_length_is_refused(strip_and_wire: tuple[LedStrip, WireReader]) -> None:
    strip, _ = strip_and_wire
    with pytest.raises(ValueError, match="6 pixels"):
        strip.show([(0, 0, 0)] * (COUNT + 1))


def test_a_malformed_colour_is_refused(strip_and_wire: tuple[LedStrip, WireReader]) -> None:
    strip, _ = strip_and_wire
    with pytest.raises(ValueError, match="pixel 2"):
        strip.show([(0, 0, 0), (0, 0, 0), (0, 0, 256), (0, 0, 0), (0, 0, 0), (0, 0, 0)])


def test_the_brightness_cap_dims_every_colour(
    opener: Callable[[LedConfig], tuple[LedStrip, WireReader]],
) -> None:
    strip, wire = opener(LedConfig(count=COUNT, brightness=0.25, budget_ma=10_000.0, gamma=1.0))
    strip.show([(200, 100, 40)] * COUNT)
    assert max(wire()) == 50
    assert wire()[:3] == bytes([25, 50, 10])  # GRB
    strip.close()


def test_a_frame_never_draws_more_than_the_budget(
    opener: Callable[[LedConfig], tuple[LedStrip, WireReader]],
) -> None:
    strip, wire = opener(LedConfig(count=COUNT, brightness=1.0, budget_ma=120.0))
    strip.show([(255, 255, 255)] * COUNT)  # 360 mA asked for
    drawn = current_ma([tuple(wire()[i : i + 3]) for i in range(0, 3 * COUNT, 3)])  # type: ignore[misc]
    assert 110.0 <= drawn <= 120.0
    strip.close()


def test_gamma_turns_even_steps_into_duties_that_look_even(
    opener: Callable[[LedConfig], tuple[LedStrip, WireReader]],
) -> None:
    strip, wire = opener(LedConfig(count=COUNT, brightness=1.0, budget_ma=10_000.0, colour_order="RGB"))
    assert strip.config.gamma == 2.2  # on by default
    strip.show([(255, 128, 64), (32, 1, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0)])
    # 255 * (v / 255) ** 2.2, rounded; a lit level keeps at least 1
    assert wire()[:6] == bytes([255, 56, 12, 3, 1, 0])
    strip.close()


def test_the_budget_bounds_the_current_after_gamma(
    opener: Callable[[LedConfig], tuple[LedStrip, WireReader]],
) -> None:
    strip, wire = opener(LedConfig(count=COUNT, brightness=0.5, budget_ma=60.0))
    strip.show(
        [(255, 255, 255)] * COUNT
    )  # level 127 each: duty 56 after gamma, 6 x 3 x 56 / 255 x 20 mA = 79 mA
    drawn = current_ma([tuple(wire()[i : i + 3]) for i in range(0, 3 * COUNT, 3)])  # type: ignore[misc]
    assert 55.0 <= drawn <= 60.0
    strip.close()


def test_closing_darkens_and_refuses_further_frames(strip_and_wire: tuple[LedStrip, WireReader]) -> None:
    strip, wire = strip_and_wire
    strip.show([(9, 9, 9)] * COUNT)
    strip.close()
    assert wire() == bytes(3 * COUNT)
    with pytest.raises(DeviceClosed):
        strip.show([(9, 9, 9)] * COUNT)
    strip.close()  # a second close does nothing
    assert strip.closed


def test_the_simulated_strip_records_what_the_leds_show() -> None:
    strip = SimulatedStrip(LedConfig(count=2, brightness=0.5, gamma=1.0), history=2)
    strip.show([(100, 0, 0), (0, 0, 0)])
    strip.show([(0, 200, 0), (0, 0, 0)])
    strip.show([(0, 0, 20), (0, 0, 0)])
    assert list(strip.frames) == [((0, 100, 0), (0, 0, 0)), ((0, 0, 10), (0, 0, 0))]
    assert strip.last_frame == ((0, 0, 10), (0, 0, 0))
    assert strip.last_current_ma == pytest.approx(10 * 20 / 255)
    strip.reset()
    assert strip.last_frame == ((0, 0, 0), (0, 0, 0)) and strip.last_bytes == b""


def test_the_pi5_backend_writes_to_the_configured_gpio(pi5_device: Pi5Device) -> None:
    strip = open_strip(LedConfig(count=2, pin=21, backend="pi5", brightness=1.0, gamma=1.0))
    strip.show([(1, 2, 3), (4, 5, 6)])
    assert pi5_device.writes[-1] == (21, bytes([2, 1, 3, 5, 4, 6]))
    strip.close()


def test_each_strip_says_its_driver_and_pin() -> None:
    assert SimulatedStrip(LedConfig(count=3)).describe().startswith("LEDs: 3 simulated (shown on the page")


def test_the_pi5_strip_says_its_driver_and_pin(pi5_device: Pi5Device) -> None:
    strip = open_strip(LedConfig(count=2, backend="pi5"))
    assert (
        strip.describe() == "LEDs: 2 through the Pi 5 NeoPixel driver (RP1 PIO, /dev/pio0) on GPIO10 (pin 19)"
    )
    strip.close()


def test_the_pi5_backend_frees_the_pio_when_closed(pi5_device: Pi5Device) -> None:
    strip = open_strip(LedConfig(count=2, pin=18, backend="pi5"))
    strip.close()
    assert pi5_device.writes[-1] == (18, bytes(6)) and pi5_device.freed == 1


def test_the_pi5_backend_says_what_is_missing_when_the_driver_fails(pi5_device: Pi5Device) -> None:
    pi5_device.fail_with = "pio_init() failed"
    with pytest.raises(LedStripUnavailable, match=r"pio_init\(\) failed.*Raspberry Pi 5"):
        open_strip(LedConfig(count=2, backend="pi5"))
    assert pi5_device.freed == 0


def test_the_pi5_backend_asks_for_the_udev_rule_when_dev_pio0_is_root_only(pi5_device: Pi5Device) -> None:
    pi5_device.fail_with = "Failed to open PIO device (error -13)"
    with pytest.raises(
        LedStripUnavailable, match=r"error -13.*99-tock-pio.rules.*udevadm control --reload-rules.*gpio group"
    ):
        open_strip(LedConfig(count=2, backend="pi5"))


@pytest.mark.skipif(os.path.exists("/dev/pio0"), reason="a Raspberry Pi 5 really opens its PIO device")
def test_the_real_pi5_module_without_a_pio_device_says_it_needs_dev_pio0() -> None:
    """No fake at all: the installed module reads the pin and the bytes, then fails to open /dev/pio0;
    the strip must say what to do and must not call the module's free_pio (which crashes after a
    failed open)."""
    with pytest.raises(
        LedStripUnavailable, match=r"GPIO18.*error -22.*no /dev/pio0.*Raspberry Pi 5.*rpi-eeprom-update -a"
    ):
        open_strip(LedConfig(count=2, pin=18, backend="pi5"))


def test_the_pi5_backend_names_its_package_when_absent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, PI5_MODULE, None)
    with pytest.raises(LedStripUnavailable, match="adafruit-blinka-raspberry-pi5-neopixel"):
        open_strip(LedConfig(count=2, backend="pi5"))


@pytest.mark.skipif(os.path.exists("/dev/mem"), reason="a machine with /dev/mem may really start the strip")
@pytest.mark.parametrize(
    ("pin", "advice"),
    [
        (18, "PWM on this pin needs root: wire the data line to GPIO10"),
        (
            10,
            "enable SPI.*spi and gpio groups.*core_freq=250 on a Zero 2 W.*core_freq_min=500 on a Pi 4",
        ),
    ],
)
def test_rpi_ws281x_is_built_against_the_real_library_and_says_why_it_cannot_start(
    pin: int, advice: str
) -> None:
    expected = rf"GPIO{pin} \(ws2811_init failed.*Raspberry Pi Zero 2 W, 3 or 4.*{advice}"
    with pytest.raises(LedStripUnavailable, match=expected):
        open_strip(LedConfig(count=COUNT, pin=pin, backend="ws281x"))


def test_rpi_ws281x_names_its_package_when_absent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "rpi_ws281x", None)
    with pytest.raises(LedStripUnavailable, match=r"pip install 'tock-companion\[pi\]'"):
        open_strip(LedConfig(count=COUNT, backend="ws281x"))


def test_rpi_ws281x_refuses_a_pin_it_cannot_drive() -> None:
    with pytest.raises(LedStripUnavailable, match="cannot drive GPIO4: wire the data line to GPIO10, 12"):
        open_strip(LedConfig(count=COUNT, pin=4, backend="ws281x"))


@pytest.mark.skipif(os.environ.get("TOCK_HARDWARE") != "pi", reason="real LEDs: TOCK_HARDWARE=pi on a Pi")
def test_the_real_strip_on_this_pi_shows_frames_and_goes_dark() -> None:
    """On a Pi: ``TOCK_HARDWARE=pi TOCK_LED_BACKEND=ws281x|pi5 TOCK_LED_PIN=10 pytest tests/hardware``."""
    backend = os.environ.get("TOCK_LED_BACKEND", "ws281x")
    pin = int(os.environ.get("TOCK_LED_PIN", "10"))
    strip = open_strip(LedConfig(count=COUNT, pin=pin, backend=backend, brightness=0.2))  # type: ignore[arg-type]
    strip.show([(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255), (0, 0, 0), (9, 9, 9)])
    strip.close()
    assert strip.closed
    with pytest.raises(DeviceClosed):
        strip.show([(0, 0, 0)] * COUNT)


def test_rpi_ws281x_on_a_board_revision_it_does_not_know_says_how_to_teach_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The real library answers code -3 where its revision table lacks the board (here: off a Pi);
    on a Pi 3 A+ rev 1.1, absent from rpi-ws281x 5.0.0's table, the error says so and what to do."""
    monkeypatch.setattr(hardware.ws281x, "read_model", lambda: "Raspberry Pi 3 Model A Plus Rev 1.1")
    monkeypatch.setattr(hardware.ws281x, "read_revision", lambda: 0x9020E1)
    expected = (
        r"code -3 \(Hardware revision is not supported\)\): rpi-ws281x 5\.0\.0 does not know Raspberry "
        r"Pi 3 Model A Plus Rev 1\.1 \(revision 0x9020e1\).*change its \.hwver to 0x9020e1"
    )
    with pytest.raises(LedStripUnavailable, match=expected):
        open_strip(LedConfig(count=COUNT, pin=10, backend="ws281x"))


def test_rpi_ws281x_refuses_more_leds_than_the_spi_buffer_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    """12 bytes per LED: the kernel's default 4096-byte buffer holds 339 LEDs, not 340."""
    monkeypatch.setattr(hardware.ws281x, "read_spi_bufsiz", lambda: 4096)
    with pytest.raises(LedStripUnavailable, match=r"340 LEDs need 4104 bytes .* allows 4096 \(339 LEDs\)"):
        open_strip(LedConfig(count=340, pin=10, backend="ws281x"))
    with pytest.raises(LedStripUnavailable, match="ws2811_init failed"):  # past the buffer check
        open_strip(LedConfig(count=339, pin=10, backend="ws281x"))
