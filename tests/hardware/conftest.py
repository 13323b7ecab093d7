"""Fixtures of the hardware tests: small LED configs and a stand-in for the Pi 5 NeoPixel module."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

import hardware.ledmap


class FakePi5Driver:
    """Stands in for ``adafruit_blinka_raspberry_pi5_neopixel``: same ``neopixel_write(pin, buffer)``.

    It records every buffer with the GPIO number read from ``pin.id``, as the real C++ module does.
    """

    def __init__(self) -> None:
        self.writes: list[tuple[int, bytes]] = []
        self.fail_with: str | None = None

    def neopixel_write(self, pin: object, buffer: bytearray) -> None:
        if self.fail_with is not None:
            raise RuntimeError(self.fail_with)
        self.writes.append((int(pin.id), bytes(buffer)))  # type: ignore[attr-defined]


@pytest.fixture
def fake_pi5(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakePi5Driver]:
    """The Pi 5 NeoPixel driver replaced by :class:`FakePi5Driver` in ``sys.modules``."""
    fake = FakePi5Driver()
    module = types.ModuleType("adafruit_blinka_raspberry_pi5_neopixel")
    module.neopixel_write = fake.neopixel_write  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "adafruit_blinka_raspberry_pi5_neopixel", module)
    yield fake


@pytest.fixture(autouse=True)
def no_recorded_maps(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user folder of recorded LED maps, so a map recorded on this machine changes no test."""
    folder = tmp_path_factory.mktemp("recorded-maps")
    monkeypatch.setattr(hardware.ledmap, "USER_MAP_DIR", folder)
    return folder
