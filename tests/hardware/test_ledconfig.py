"""LED settings from a TOML table: defaults, and errors that name the key."""

from __future__ import annotations

import tomllib

import pytest

from hardware.leds import LedConfig, LedConfigError


def test_a_toml_table_gives_a_config() -> None:
    table = tomllib.loads(
        '[leds]\nbackend = "ws281x"\ncount = 105\npin = 10\ncolour_order = "rgb"\n'
        "brightness = 1\nbudget_ma = 3000\n"
    )["leds"]
    config = LedConfig.from_mapping(table)
    assert config == LedConfig(
        count=105, pin=10, colour_order="RGB", brightness=1.0, budget_ma=3000.0, backend="ws281x"
    )


def test_only_the_count_is_required_and_the_data_line_defaults_to_spi_on_gpio10() -> None:
    config = LedConfig.from_mapping({"count": 105})
    assert (config.backend, config.pin, config.colour_order) == ("sim", 10, "GRB")  # SPI: no root
    assert 0 < config.brightness <= 1 and config.budget_ma > 0


def test_full_white_current_follows_the_count_and_the_cap() -> None:
    assert LedConfig(count=100, brightness=0.5).max_current_ma == pytest.approx(3000.0)


@pytest.mark.parametrize(
    ("table", "named"),
    [
        ({}, "leds.count is missing"),
        ({"count": 105, "colour": "GRB"}, "unknown key leds.colour"),
        ({"count": "105"}, "leds.count must be"),
        ({"count": 0}, "leds.count must be"),
        ({"count": 105, "pin": 40}, "leds.pin must be a GPIO 0..27"),
        ({"count": 105, "colour_order": "GRBW"}, "leds.colour_order must be one of"),
        ({"count": 105, "brightness": 1.5}, "leds.brightness must be a number 0..1"),
        ({"count": 105, "brightness": True}, "leds.brightness must be"),
        ({"count": 105, "budget_ma": 0}, "leds.budget_ma must be mA > 0"),
        ({"count": 105, "backend": "neopixel"}, "leds.backend must be one of 'sim', 'ws281x', 'pi5'"),
    ],
)
def test_a_bad_setting_is_named(table: dict[str, object], named: str) -> None:
    with pytest.raises(LedConfigError, match=named):
        LedConfig.from_mapping(table)


def test_the_table_name_is_used_in_messages() -> None:
    with pytest.raises(LedConfigError, match=r"table\.lights\.pin"):
        LedConfig.from_mapping({"count": 3, "pin": -1}, where="table.lights")


def test_a_config_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        LedConfig(count=-1)
