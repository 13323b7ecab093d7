"""Which Raspberry Pi this is, and what its LED data line needs from the firmware settings.

rpi-ws281x drives the LEDs over SPI on GPIO10 without root, but the SPI clock is divided from the
GPU core clock: on a Zero 2 W or a Pi 3 that clock must be pinned to 250 MHz, on a Pi 4 to 500 MHz (and
its minimum too, or the clock scaling changes it mid-frame), else the colours come out wrong. A Pi 5
has no such setting: its LEDs go through the RP1's PIO (``/dev/pio0``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, TypeAlias

MODEL_FILE = Path("/proc/device-tree/model")
CONFIG_TXT = Path("/boot/firmware/config.txt")
"""Raspberry Pi OS Bookworm's firmware settings (``/boot/config.txt`` before Bookworm)."""

Family: TypeAlias = Literal["zero2", "3", "4", "5", "other"]

SPI_CORE_FREQ: dict[Family, tuple[str, ...]] = {
    "zero2": ("core_freq=250",),
    "3": ("core_freq=250",),
    "4": ("core_freq=500", "core_freq_min=500"),
}
"""The ``config.txt`` lines that hold the SPI clock steady, per model (none needed on the others)."""

HEADER_PIN = {
    **{2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 0: 27, 5: 29, 6: 31, 13: 33},
    **{19: 35, 26: 37, 14: 8, 15: 10, 18: 12, 23: 16, 24: 18, 25: 22, 8: 24, 7: 26, 1: 28, 12: 32},
    **{16: 36, 20: 38, 21: 40},
}
"""GPIO (BCM) number -> pin of the 40-pin header, the same on every model since the Pi 1 B+."""

FAMILY_NAMES: dict[Family, str] = {"zero2": "Zero 2 W", "3": "Pi 3", "4": "Pi 4", "5": "Pi 5"}


def gpio_name(gpio: int) -> str:
    """``GPIO10 (pin 19)``: the number the settings use and the header pin a wire goes to."""
    return f"GPIO{gpio} (pin {HEADER_PIN[gpio]})"


def read_model(path: Path = MODEL_FILE) -> str | None:
    """The board's model string (``Raspberry Pi 4 Model B Rev 1.4``), or None when it is not a Pi."""
    try:
        model = path.read_bytes().rstrip(b"\0").decode("ascii", "replace").strip()
    except OSError:
        return None
    return model if model.startswith("Raspberry Pi") else None


def family(model: str | None) -> Family:
    """The model family that decides the LED backend and the SPI clock settings."""
    if model is None:
        return "other"
    for prefix, name in (
        ("Raspberry Pi Zero 2", "zero2"),
        ("Raspberry Pi 3", "3"),
        ("Raspberry Pi 400", "4"),
        ("Raspberry Pi 4", "4"),
        ("Raspberry Pi Compute Module 4", "4"),
        ("Raspberry Pi 500", "5"),
        ("Raspberry Pi 5", "5"),
        ("Raspberry Pi Compute Module 5", "5"),
    ):
        if model.startswith(prefix):
            return name  # type: ignore[return-value]
    return "other"


def spi_clock_advice(model: str | None) -> str:
    """What to add to ``config.txt`` for SPI LEDs on ``model``; every model's lines when it is unknown."""
    kind = family(model)
    lines = SPI_CORE_FREQ.get(kind)
    if lines is not None:
        return f"add {' and '.join(lines)} to {CONFIG_TXT} and reboot ({FAMILY_NAMES[kind]})"
    if kind == "5":
        return "a Pi 5 has no SPI clock to set: use the pi5 backend"
    if model is not None:
        return f"no core_freq line is needed on a {model}"
    per_model = "; ".join(f"{' and '.join(v)} on a {FAMILY_NAMES[k]}" for k, v in SPI_CORE_FREQ.items())
    return f"in {CONFIG_TXT}, then reboot: {per_model}"
