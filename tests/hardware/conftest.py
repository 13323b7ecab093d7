"""Fixtures of the hardware tests: small LED configs, and the real Pi 5 NeoPixel module with only its
PIO device faked."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import hardware.ledmap

PI5_MODULE = "adafruit_raspberry_pi5_neopixel_write"
"""The module the package ``adafruit-blinka-raspberry-pi5-neopixel`` installs (a dev dependency)."""
NO_PIO_DEVICE = "Failed to open PIO device"
"""How the real ``neopixel_write`` fails where there is no ``/dev/pio0`` (it opens the device only after
it has read the GPIO from its first argument and the bytes from its second)."""


class Pi5Device:
    """The RP1's PIO device under the real Pi 5 NeoPixel module, for a machine that has none.

    Every write goes to the real ``neopixel_write``, which reads the GPIO (``gpio.id``) and the buffer
    exactly as on a Pi 5 and then tries to open ``/dev/pio0``; only that last failure is taken as the
    device accepting the bytes, which are recorded. Any other error (a pin without ``id``, something
    that is not a buffer) comes from the real module and reaches the strip. ``free_pio`` is faked too:
    the real one frees the device that was never opened here (and after a failed open it crashes the
    interpreter, see ``hardware.pi5``).
    """

    def __init__(self, module: Any) -> None:
        self.module = module
        self.real_write: Callable[[object, object], None] = module.neopixel_write
        self.writes: list[tuple[int, bytes]] = []
        self.freed = 0
        self.fail_with: str | None = None

    def neopixel_write(self, gpio: object, buf: bytearray) -> None:
        if self.fail_with is not None:
            raise RuntimeError(self.fail_with)
        try:
            self.real_write(gpio, buf)
        except RuntimeError as error:
            if not str(error).startswith(NO_PIO_DEVICE):
                raise
        self.writes.append((int(gpio.id), bytes(buf)))  # type: ignore[attr-defined]

    def free_pio(self) -> None:
        self.freed += 1


@pytest.fixture
def pi5_device(monkeypatch: pytest.MonkeyPatch) -> Iterator[Pi5Device]:
    """The real Pi 5 NeoPixel module, imported for real, with :class:`Pi5Device` in place of the PIO."""
    module = importlib.import_module(PI5_MODULE)
    device = Pi5Device(module)
    monkeypatch.setattr(module, "neopixel_write", device.neopixel_write)
    monkeypatch.setattr(module, "free_pio", device.free_pio)
    yield device


@pytest.fixture(autouse=True)
def no_recorded_maps(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user folder of recorded LED maps, so a map recorded on this machine changes no test."""
    folder = tmp_path_factory.mktemp("recorded-maps")
    monkeypatch.setattr(hardware.ledmap, "USER_MAP_DIR", folder)
    return folder
