"""``tock leds walk`` and ``tock leds map`` on the simulated strip."""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from gpiozero.pins.mock import MockFactory

import hardware.buttons
from firmware_py.cli import main
from hardware.ledmap import BOARDS_DIR, LedMap

SHIPPED = LedMap.load("tock4", search=[BOARDS_DIR])


def test_walk_lights_every_led_and_names_its_hole() -> None:
    result = CliRunner().invoke(main, ["leds", "walk", "--delay", "0"])
    assert result.exit_code == 0, result.output
    lines = [line.split() for line in result.output.splitlines() if line.startswith("LED")]
    assert [(int(n), place) for _, n, place in lines] == list(enumerate(SHIPPED.chain))
    assert "the LEDs are dark" in result.output


def test_off_darkens_every_led() -> None:
    result = CliRunner().invoke(main, ["leds", "off", "--model", "tock6"])
    assert result.exit_code == 0 and "157 LEDs dark" in result.output


def test_walk_refuses_a_strip_that_disagrees_with_the_map(tmp_path: Path) -> None:
    config = tmp_path / "tock.toml"
    config.write_text("[leds]\ncount = 97\n")
    result = CliRunner().invoke(main, ["leds", "walk", "--delay", "0", "--config", str(config)])
    assert result.exit_code == 1
    assert "has 105 LEDs but the strip is set to 97: fix leds.count" in result.output


def test_the_board_model_comes_from_the_config_file(tmp_path: Path) -> None:
    config = tmp_path / "tock.toml"
    config.write_text('[table]\nmodel = "tock6"\n[leds]\nbrightness = 0.2\n')
    result = CliRunner().invoke(main, ["leds", "off", "--config", str(config)])
    assert result.exit_code == 0 and "157 LEDs dark" in result.output
    config.write_text('[table]\nmodel = "tock9"\n')
    result = CliRunner().invoke(main, ["leds", "off", "--config", str(config)])
    assert result.exit_code == 1
    assert "no LED map for board model 'tock9'; the models with one are: tock4, tock6" in result.output


def test_a_bad_setting_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    config = tmp_path / "tock.toml"
    config.write_text('[leds]\ncolour_order = "GRBX"\n')
    result = CliRunner().invoke(main, ["leds", "walk", "--config", str(config)])
    assert result.exit_code == 1 and "Error: leds.colour_order must be one of" in result.output
    assert "Traceback" not in result.output


def test_a_missing_driver_is_one_line_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "adafruit_raspberry_pi5_neopixel_write", None)
    result = CliRunner().invoke(main, ["leds", "walk", "--backend", "pi5"])
    assert result.exit_code == 1
    assert "the pi5 backend needs the Raspberry Pi 5 NeoPixel driver" in result.output


def test_map_by_keyboard_records_and_saves(tmp_path: Path) -> None:
    answers = "A2\n-\nu\nu\nZ9\n" + "\n" * SHIPPED.count
    arguments = ["leds", "map", "--out", str(tmp_path), "--count", "105"]
    result = CliRunner().invoke(main, arguments, input=answers)
    assert result.exit_code == 0, result.output
    assert "'Z9' is not a place of the tock4 board" in result.output
    assert f"saved {tmp_path / 'tock4.leds.json'}" in result.output
    assert LedMap.load("tock4", search=[tmp_path]) == SHIPPED


def test_map_quit_saves_nothing(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["leds", "map", "--out", str(tmp_path)], input="\n\nq\n")
    assert result.exit_code == 0 and "not saved" in result.output
    assert not list(tmp_path.iterdir())


def test_map_by_buttons_records_with_confirm_next_and_undo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    factory = MockFactory()
    real = hardware.buttons.TableButtons

    class MockedButtons(real):  # type: ignore[misc, valid-type]
        """The real TableButtons on MockFactory pins; once wired, a 'builder' presses them in turn."""

        def __init__(self, *pins: int, **options: Any) -> None:
            super().__init__(*pins, bounce_time=None, hold_time=3600, pin_factory=factory)

        def on_hold(self, name: Any, callback: Any) -> None:
            super().on_hold(name, callback)
            if name == "undo":  # the last callback wired: start pressing
                threading.Thread(target=press_all, daemon=True).start()

    confirm, undo, next_ = 17, 27, 22
    presses = [next_, confirm, undo, confirm] + [confirm] * (SHIPPED.count - 1)

    def press_all() -> None:
        for pin in presses:
            factory.pin(pin).drive_low()
            factory.pin(pin).drive_high()

    monkeypatch.setattr(hardware.buttons, "TableButtons", MockedButtons)
    result = CliRunner().invoke(main, ["leds", "map", "--buttons", "--out", str(tmp_path)])
    factory.reset()
    assert result.exit_code == 0, result.output
    assert "LED 0 of 105 is lit: is it A1?" in result.output and "is it A2?" in result.output
    assert LedMap.load("tock4", search=[tmp_path]) == SHIPPED


def test_button_pins_come_from_the_config_file(tmp_path: Path) -> None:
    config = tmp_path / "tock.toml"
    config.write_text("[buttons]\nconfirm = 40\n")
    result = CliRunner().invoke(main, ["leds", "map", "--buttons", "--config", str(config)])
    assert result.exit_code == 1
    assert "buttons.confirm, undo and next must be GPIOs 0..27, not (40, 27, 22)" in result.output


def test_map_by_camera_places_each_led_where_the_marble_was_dropped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A builder drops a marble in each lit hole; the camera's stable readings name the hole."""
    import firmware_py.app.camera_places

    dropped = iter(SHIPPED.chain)
    closed: list[bool] = []

    def fake_reader_for(config: Any) -> tuple[Any, Any]:
        # each reading shows the marble of the lit hole (earlier marbles left in place do not matter)
        seen: set[str] = set()

        def read_places() -> frozenset[str]:
            seen.add(next(dropped))
            return frozenset(seen)

        return read_places, lambda: closed.append(True)

    monkeypatch.setattr(firmware_py.app.camera_places, "places_reader_for", fake_reader_for)
    config = tmp_path / "tock.toml"
    config.write_text("")
    result = CliRunner().invoke(
        main, ["leds", "map", "--camera", "--config", str(config), "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    assert f"LED 0 is under {SHIPPED.chain[0]}" in result.output
    assert LedMap.load("tock4", search=[tmp_path]) == SHIPPED
    assert closed == [True]


def test_map_by_camera_needs_a_real_camera_in_the_config(tmp_path: Path) -> None:
    config = tmp_path / "tock.toml"
    config.write_text('[camera]\nsource = "sim"\n')
    result = CliRunner().invoke(main, ["leds", "map", "--camera", "--config", str(config)])
    assert result.exit_code == 1
    assert "a real camera is needed to record the LED map" in result.output
    assert "Traceback" not in result.output


def test_map_by_camera_needs_a_config_file() -> None:
    result = CliRunner().invoke(main, ["leds", "map", "--camera"])
    assert result.exit_code == 2 and "--camera needs --config" in result.output


def test_map_refuses_to_save_where_the_settings_owner_never_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_recorded_maps: Path
) -> None:
    """The admin recording with the service's tock.toml would save in the admin's own folder."""
    config = tmp_path / "tock.toml"
    config.write_text("[leds]\nbrightness = 0.2\n")
    someone_else = config.stat().st_uid + 1
    monkeypatch.setattr("firmware_py.cli.leds.os.geteuid", lambda: someone_else)
    result = CliRunner().invoke(main, ["leds", "map", "--config", str(config)], input="\n" * SHIPPED.count)
    assert result.exit_code == 1
    assert "this map would never be used. Record it as that user: sudo -iu " in result.output
    assert f"tock leds map --config {config}" in result.output
    assert not any(no_recorded_maps.iterdir())
    result = CliRunner().invoke(
        main, ["leds", "map", "--config", str(config), "--out", str(tmp_path)], input="\n" * SHIPPED.count
    )
    assert result.exit_code == 0 and f"saved {tmp_path / 'tock4.leds.json'}" in result.output


def test_map_by_its_owner_lands_in_the_folder_the_companion_reads(
    tmp_path: Path, no_recorded_maps: Path
) -> None:
    config = tmp_path / "tock.toml"
    config.write_text("[leds]\nbrightness = 0.2\n")
    result = CliRunner().invoke(main, ["leds", "map", "--config", str(config)], input="\n" * SHIPPED.count)
    assert result.exit_code == 0 and f"saved {no_recorded_maps / 'tock4.leds.json'}" in result.output
    assert LedMap.load("tock4") == SHIPPED  # found first, as `tock serve` finds it
