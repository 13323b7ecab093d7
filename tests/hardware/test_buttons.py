"""The table's buttons, driven through gpiozero's own MockFactory."""

from __future__ import annotations

import importlib
import os
import sys
import threading
import types
from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.buttons import TableButtons, gpiozero_version, lgpio_chip
from hardware.errors import ButtonsUnavailable

CONFIRM, UNDO, NEXT = 17, 27, 22
TIMEOUT = 10.0
"""Upper bound for gpiozero's hold thread to react; no test depends on how fast it does."""


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    mock = MockFactory()
    yield mock
    mock.reset()


def _buttons(factory: MockFactory, hold_time: float) -> TableButtons:
    return TableButtons(CONFIRM, UNDO, NEXT, hold_time=hold_time, bounce_time=None, pin_factory=factory)


def test_a_press_and_release_is_a_press_of_that_button_only(factory: MockFactory) -> None:
    seen: list[str] = []
    with _buttons(factory, hold_time=60.0) as buttons:
        for name in ("confirm", "undo", "next"):
            buttons.on_press(name, lambda name=name: seen.append(f"press {name}"))  # type: ignore[misc]
            buttons.on_hold(name, lambda name=name: seen.append(f"hold {name}"))  # type: ignore[misc]
        factory.pin(UNDO).drive_low()
        assert buttons.is_pressed("undo") and not buttons.is_pressed("confirm")
        assert seen == []  # a press is reported on release, once it is known not to be a hold
        factory.pin(UNDO).drive_high()
        factory.pin(NEXT).drive_low()
        factory.pin(NEXT).drive_high()
    assert seen == ["press undo", "press next"]


def test_a_hold_is_reported_once_and_its_release_is_not_a_press(factory: MockFactory) -> None:
    seen: list[str] = []
    held = threading.Event()
    with _buttons(factory, hold_time=0.01) as buttons:
        buttons.on_press("confirm", lambda: seen.append("press"))
        buttons.on_hold("confirm", lambda: (seen.append("hold"), held.set()))  # type: ignore[func-returns-value]
        factory.pin(CONFIRM).drive_low()
        assert held.wait(TIMEOUT)
        factory.pin(CONFIRM).drive_high()
    assert seen == ["hold"]


def test_a_button_without_callbacks_is_ignored(factory: MockFactory) -> None:
    with _buttons(factory, hold_time=60.0) as buttons:
        buttons.on_press("confirm", None)
        factory.pin(CONFIRM).drive_low()
        factory.pin(CONFIRM).drive_high()
        assert not buttons.is_pressed("confirm")


def test_closing_releases_the_pins_for_another_owner(factory: MockFactory) -> None:
    _buttons(factory, hold_time=1.0).close()
    _buttons(factory, hold_time=1.0).close()  # would raise GPIOPinInUse if the pins were still held


def test_bad_wiring_or_names_are_refused(factory: MockFactory) -> None:
    with pytest.raises(ValueError, match="three different GPIOs"):
        TableButtons(17, 17, 22, pin_factory=factory)
    with pytest.raises(ValueError, match="hold_time must be > 0"):
        TableButtons(17, 27, 22, hold_time=0, pin_factory=factory)
    with _buttons(factory, hold_time=1.0) as buttons, pytest.raises(ValueError, match="no button 'ok'"):
        buttons.on_press("ok", None)  # type: ignore[arg-type]


def test_pins_taken_by_another_owner_are_a_clear_error(factory: MockFactory) -> None:
    with _buttons(factory, hold_time=1.0), pytest.raises(ButtonsUnavailable, match=r"cannot use the buttons"):
        _buttons(factory, hold_time=1.0)


def test_no_gpio_library_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    from gpiozero import Device
    from gpiozero.exc import BadPinFactory

    def no_factory() -> None:
        raise BadPinFactory("Unable to load any default pin factory!")

    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(no_factory))
    with pytest.raises(ButtonsUnavailable, match="sudo apt install python3-lgpio"):
        TableButtons(17, 27, 22)


def test_by_default_each_button_ignores_50_ms_of_contact_bounce_on_its_pin(factory: MockFactory) -> None:
    """gpiozero hands ``bounce_time`` to the pin, and on a Pi the lgpio factory gives it to the kernel's
    debounce; MockFactory's pins record it without filtering, so this checks what each pin is given."""
    with TableButtons(CONFIRM, UNDO, NEXT, pin_factory=factory):
        for gpio in (CONFIRM, UNDO, NEXT):
            pin = factory.pin(gpio)
            assert pin.bounce == pytest.approx(0.05)
            assert pin.pull == "up" and pin.edges == "both"
    with _buttons(factory, hold_time=1.0):
        assert factory.pin(CONFIRM).bounce is None


PI4_REVISION, PI5_REVISION = 0xC03114, 0xD04170


@pytest.mark.parametrize(
    ("revision", "gpiochip4_exists"),
    [(PI5_REVISION, True), (PI5_REVISION, False), (PI4_REVISION, True), (PI4_REVISION, False)],
)
def test_lgpio_chip_is_the_one_the_installed_gpiozero_opens(
    revision: int, gpiochip4_exists: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real gpiozero's lgpio factory, with only the lgpio C library and the /dev files stood in."""
    opened: list[int] = []
    lgpio = types.ModuleType("lgpio")
    lgpio.gpiochip_open = lambda chip: opened.append(chip) or 1  # type: ignore[attr-defined]
    lgpio.gpiochip_close = lambda handle: None  # type: ignore[attr-defined]
    lgpio.__getattr__ = lambda name: 0  # type: ignore[attr-defined]  # lgpio's constants (SET_PULL_UP...)
    monkeypatch.setitem(sys.modules, "lgpio", lgpio)
    monkeypatch.delitem(sys.modules, "gpiozero.pins.lgpio", raising=False)
    factory_module = importlib.import_module("gpiozero.pins.lgpio")
    real_exists = os.path.exists
    monkeypatch.setattr(
        factory_module.os.path,
        "exists",
        lambda path: gpiochip4_exists if path == "/dev/gpiochip4" else real_exists(path),
    )
    monkeypatch.setattr(factory_module.LGPIOFactory, "_get_revision", lambda self: revision)
    factory_module.LGPIOFactory().close()
    assert opened == [lgpio_chip(revision, gpiozero_version(), gpiochip4_exists)]


def test_gpiozero_2_0_1_opens_gpiochip4_on_every_pi5() -> None:
    """gpiozero 2.0.1's LGPIOFactory (Raspberry Pi OS Bookworm's): ``chip = 4 if <Pi 5> else 0``."""
    assert lgpio_chip(PI5_REVISION, "2.0.1", gpiochip4_exists=False) == 4
    assert lgpio_chip(PI5_REVISION, "2.0.1.post3", gpiochip4_exists=False) == 0
    assert lgpio_chip(PI4_REVISION, "2.0.1", gpiochip4_exists=True) == 0
    assert lgpio_chip(None, "2.0.1", gpiochip4_exists=True) == 0
