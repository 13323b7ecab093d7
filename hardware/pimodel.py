"""Which Raspberry Pi this is, and what its LED data line needs from the firmware settings.

rpi-ws281x drives the LEDs over SPI on GPIO10 without root, but the SPI clock is divided from the
GPU core clock: on a Zero 2 W or a Pi 3 that clock must be pinned to 250 MHz, on a Pi 4 to 500 MHz (and
its minimum too, or the clock scaling changes it mid-frame), else the colours come out wrong. A Pi 5
has no such setting: its LEDs go through the RP1's PIO (``/dev/pio0``).

rpi-ws281x also refuses a board whose revision code is not in its own table (``lib/rpihw.c``), and its
SPI buffer holds 12 bytes per LED: both are read here, so that the driver and ``tock doctor`` can say
so before the strip fails.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, TypeAlias

MODEL_FILE = Path("/proc/device-tree/model")
REVISION_FILE = Path("/proc/device-tree/system/linux,revision")
"""The board's revision code, 4 bytes big-endian: what rpi-ws281x reads on 64-bit Raspberry Pi OS."""
SPIDEV_BUFSIZ = Path("/sys/module/spidev/parameters/bufsiz")
"""The kernel's largest SPI transfer in bytes (4096 unless ``spidev.bufsiz=`` is in ``cmdline.txt``)."""
CMDLINE_TXT = Path("/boot/firmware/cmdline.txt")
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

WS281X_TABLE_VERSION = "5.0.0"
"""The rpi-ws281x release whose revision table :data:`WS281X_REVISIONS` holds (the newest on PyPI)."""
WS281X_REVISIONS = frozenset(
    {
        *(0x902120, 0x9020E0),  # Zero 2 W 1.0; 3 A+ 1.0 (not 1.1, 0x9020e1)
        *(0xA02082, 0xA02083, 0xA22082, 0xA22083, 0xA32082, 0xA020D3, 0xA020D4),  # 3 B, 3 B+
        *(0xA020A0, 0xA220A0, 0xA02100),  # Compute Module 3, 3+
        *(0xA03111, 0xB03111, 0xC03111, 0xA03112, 0xB03112, 0xC03112, 0xB03114, 0xC03114, 0xD03114),
        *(0xA03115, 0xB03115, 0xC03115, 0xD03115),  # Pi 4 B 1.1 to 1.5
        *(0xC03130, 0xC03131),  # Pi 400
        *(0xA03140, 0xB03140, 0xC03140, 0xD03140, 0xA03141, 0xB03141, 0xC03141, 0xD03141),  # CM4
    }
)
"""The Zero 2 W, Pi 3 and Pi 4 revision codes in rpi-ws281x 5.0.0's ``lib/rpihw.c``. Missing, among
boards sold: the Pi 3 B rev 1.2 made by Stadium (0xa52082) and the Pi 3 A+ rev 1.1 (0x9020e1)."""
REVISION_MAKER_BITS = (0xF << 16) | (0x3 << 24)
"""Manufacturer and warranty bits, which rpi-ws281x's 32-bit build ignores (its 64-bit build does not)."""
SPI_LED_BYTES = 12
"""Bytes of SPI buffer per LED in rpi-ws281x: 4 colour slots x 8 bits x 3 SPI bits per data bit."""


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


def read_revision(path: Path = REVISION_FILE) -> int | None:
    """The board's revision code (``0xa02082``), or None when the device tree has none."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    return int.from_bytes(raw[:4], "big") if len(raw) >= 4 else None


def ws281x_knows(revision: int, *, arm64: bool) -> bool:
    """Whether rpi-ws281x 5.0.0 starts on this board: its ``rpi_hw_detect`` compares the revision
    exactly on 64-bit and without the manufacturer and warranty bits on 32-bit."""
    if arm64:
        return revision in WS281X_REVISIONS
    return any(revision & ~REVISION_MAKER_BITS == known & ~REVISION_MAKER_BITS for known in WS281X_REVISIONS)


def ws281x_revision_advice(revision: int, model: str | None) -> str:
    """What to do on a board whose revision rpi-ws281x does not know: teach it the revision."""
    board = f"{model} (revision 0x{revision:06x})" if model else f"revision 0x{revision:06x}"
    return (
        f"rpi-ws281x {WS281X_TABLE_VERSION} does not know {board} and will not start; install it with "
        "the revision added: pip download --no-deps --no-binary :all: rpi-ws281x, unpack it, copy in "
        "lib/rpihw.c the entry of the same model and change its .hwver to "
        f"0x{revision:06x}, then pip install that folder (hardware/README.md, section 7)"
    )


def spi_buffer_bytes(count: int) -> int:
    """The SPI transfer rpi-ws281x makes for ``count`` LEDs at 800 kHz (its ``PCM_BYTE_COUNT``):
    12 bytes per LED, plus the reset time, rounded to 8 bytes, plus 8."""
    bits = count * SPI_LED_BYTES * 8 + (55 * 800_000 * 3) // 1_000_000
    return ((bits >> 3) & ~0x7) + 8


def spi_buffer_leds(bufsiz: int) -> int:
    """The most LEDs an SPI buffer of ``bufsiz`` bytes holds (339 in the default 4096)."""
    count = max(0, (bufsiz - 8 - 16) // SPI_LED_BYTES)
    while spi_buffer_bytes(count + 1) <= bufsiz:
        count += 1
    while count > 0 and spi_buffer_bytes(count) > bufsiz:
        count -= 1
    return count


def read_spi_bufsiz(path: Path = SPIDEV_BUFSIZ) -> int | None:
    """The kernel's SPI buffer size, or None when the spidev module is not loaded."""
    try:
        return int(path.read_text().strip())
    except (OSError, ValueError):
        return None


def spi_buffer_advice(count: int, bufsiz: int) -> str:
    """Too many LEDs for the SPI buffer: how to raise it."""
    need = spi_buffer_bytes(count)
    size = 1 << max(need - 1, 1).bit_length()
    return (
        f"{count} LEDs need {need} bytes of SPI buffer and the kernel allows {bufsiz} "
        f"({spi_buffer_leds(bufsiz)} LEDs): add spidev.bufsiz={size} to the one line of {CMDLINE_TXT}, "
        "then reboot"
    )
