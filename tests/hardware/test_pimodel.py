"""Which Pi this is, read as the kernel gives it, and the SPI clock lines each model needs."""

from __future__ import annotations

from pathlib import Path

import pytest

from hardware.pimodel import (
    family,
    read_model,
    read_revision,
    read_spi_bufsiz,
    spi_buffer_advice,
    spi_buffer_bytes,
    spi_buffer_leds,
    spi_clock_advice,
    ws281x_knows,
)
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
    assert f"this needs {model}" in message and lines in message and "spi and gpio groups" in message


def test_off_a_pi_the_spi_advice_gives_every_models_lines() -> None:
    assert spi_clock_advice(None) == (
        "in /boot/firmware/config.txt, then reboot: core_freq=250 on a Zero 2 W; core_freq=250 on a Pi 3; "
        "core_freq=500 and core_freq_min=500 on a Pi 4"
    )


def test_rpi_ws281x_on_a_pi_5_points_to_the_pi5_backend() -> None:
    assert 'use backend = "pi5"' in advice(10, "ws2811_init failed", "Raspberry Pi 5 Model B Rev 1.0")


def test_the_spi_buffer_holds_12_bytes_per_led_339_in_the_default_4096() -> None:
    """rpi-ws281x's SPI transfer (PCM_BYTE_COUNT in its lib/ws2811.c) for 800 kHz LEDs."""
    assert [spi_buffer_bytes(n) for n in (1, 105, 157, 339, 340)] == [32, 1280, 1904, 4088, 4104]
    assert spi_buffer_leds(4096) == 339 and spi_buffer_leds(32768) == 2729
    assert spi_buffer_advice(400, 4096).endswith(
        "add spidev.bufsiz=8192 to the one line of /boot/firmware/cmdline.txt, then reboot"
    )


def test_the_spi_buffer_size_and_the_board_revision_are_read_as_the_kernel_gives_them(tmp_path: Path) -> None:
    (tmp_path / "bufsiz").write_text("4096\n")
    assert read_spi_bufsiz(tmp_path / "bufsiz") == 4096 and read_spi_bufsiz(tmp_path / "absent") is None
    (tmp_path / "linux,revision").write_bytes(bytes.fromhex("009020e1"))
    assert read_revision(tmp_path / "linux,revision") == 0x9020E1
    assert read_revision(tmp_path / "absent") is None


@pytest.mark.parametrize(
    ("revision", "on_arm64", "on_32_bit"),
    [
        (0xA02082, True, True),  # Pi 3 B rev 1.2, Sony UK
        (0xA52082, False, True),  # Pi 3 B rev 1.2, Stadium: 32-bit ignores the maker's bits
        (0x9020E0, True, True),  # Pi 3 A+ rev 1.0
        (0x9020E1, False, False),  # Pi 3 A+ rev 1.1: in neither
        (0x902120, True, True),  # Zero 2 W
        (0xD03115, True, True),  # Pi 4 8 GB rev 1.5
    ],
)
def test_rpi_ws281x_knows_a_board_as_its_revision_table_does(
    revision: int, on_arm64: bool, on_32_bit: bool
) -> None:
    assert ws281x_knows(revision, arm64=True) is on_arm64
    assert ws281x_knows(revision, arm64=False) is on_32_bit
