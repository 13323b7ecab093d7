"""Which Pi this is, read as the kernel gives it, and the SPI clock lines each model needs."""

from __future__ import annotations

from pathlib import Path

import pytest

from hardware.pimodel import family, read_model, spi_clock_advice
from hardware.ws281x import advice


@pytest.mark.parametrize(
    ("model", "expected"),
    [
        ("Raspberry Pi Zero 2 W Rev 1.0", "zero2"),
        ("Raspberry Pi 3 Model B Plus Rev 1.3", "3"),
        ("Raspberry Pi 4 Model B Rev 1.4", "4"),
        ("Raspberry Pi 5 Model B Rev 1.0", "5"),
        ("Raspberry Pi Model B Rev 2", "other"),
        (None, "other"),
    ],
)
def test_the_model_string_gives_the_family(model: str | None, expected: str) -> None:
    assert family(model) == expected


def test_the_model_file_is_read_without_its_trailing_nul(tmp_path: Path) -> None:
    model_file = tmp_path / "model"
    model_file.write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\0")
    assert read_model(model_file) == "Raspberry Pi 4 Model B Rev 1.4"
    model_file.write_bytes(b"Some Other Board\0")
    assert read_model(model_file) is None
    assert read_model(tmp_path / "absent") is None


@pytest.mark.parametrize(
    ("model", "lines"),
    [
        ("Raspberry Pi Zero 2 W Rev 1.0", "add core_freq=250 to /boot/firmware/config.txt"),
        ("Raspberry Pi 3 Model B Rev 1.2", "add core_freq=250 to /boot/firmware/config.txt"),
        (
            "Raspberry Pi 4 Model B Rev 1.4",
            "add core_freq=500 and core_freq_min=500 to /boot/firmware/config",
        ),
    ],
)
def test_the_spi_error_names_the_core_clock_lines_of_this_model(model: str, lines: str) -> None:
    message = advice(10, "ws2811_init failed with code -13", model)
    assert f"this needs {model}" in message and lines in message and "spi group" in message


def test_off_a_pi_the_spi_advice_gives_every_models_lines() -> None:
    assert spi_clock_advice(None) == (
        "in /boot/firmware/config.txt, then reboot: core_freq=250 on a Zero 2 W; core_freq=250 on a Pi 3; "
        "core_freq=500 and core_freq_min=500 on a Pi 4"
    )


def test_rpi_ws281x_on_a_pi_5_points_to_the_pi5_backend() -> None:
    assert 'use backend = "pi5"' in advice(10, "ws2811_init failed", "Raspberry Pi 5 Model B Rev 1.0")
