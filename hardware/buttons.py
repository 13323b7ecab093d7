"""The three push buttons beside the board (confirm, undo, next), each with a press and a hold action.

Built on gpiozero's ``Button``: each button is wired between its GPIO and ground (the internal
pull-up holds it high). A *press* is reported when the button is released before ``hold_time``; a
*hold* when it has been down for ``hold_time``, and then its release reports nothing, so one push is
one action. Tests and the simulation hand in gpiozero's ``MockFactory`` as ``pin_factory``.

On a Pi, gpiozero's lgpio pin factory opens one ``/dev/gpiochipN``, and which one depends on its
version: gpiozero 2.0.1 (Raspberry Pi OS Bookworm's) opens ``gpiochip4`` on every Pi 5, where newer
kernels put the header on ``gpiochip0``; 2.0.1.post3 opens ``gpiochip4`` only when it exists.
:func:`lgpio_chip` says which, for ``tock doctor`` and for the error when no factory loads.
"""

from __future__ import annotations

import importlib.metadata
import re
import threading
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, TypeAlias

from hardware.errors import ButtonsUnavailable

ButtonName: TypeAlias = Literal["confirm", "undo", "next"]
NAMES: tuple[ButtonName, ...] = ("confirm", "undo", "next")
Callback: TypeAlias = Callable[[], None]

PI5_BOARD_TYPE = 0x17
"""Bits 4-11 of a Pi 5's revision code, which gpiozero tests for."""
GPIOZERO_CHIP_FIX = "2.0.1.post3"
"""The first gpiozero on PyPI that opens ``/dev/gpiochip0`` on a Pi 5 whose kernel has no ``gpiochip4``."""


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", version))


def lgpio_chip(revision: int | None, gpiozero_version: str, gpiochip4_exists: bool) -> int:
    """The ``/dev/gpiochipN`` gpiozero's lgpio factory opens on a board with this revision code."""
    if revision is None or (revision >> 4) & 0xFF != PI5_BOARD_TYPE:
        return 0
    if _version_key(gpiozero_version) < _version_key(GPIOZERO_CHIP_FIX):
        return 4
    return 4 if gpiochip4_exists else 0


def gpiozero_version() -> str:
    """The installed gpiozero's version (the venv's, or the system's seen through it)."""
    return importlib.metadata.version("gpiozero")


def chip_advice(revision: int | None, gpiochip4_exists: bool) -> str | None:
    """Why gpiozero cannot open the header on this Pi, or None when the chip it opens is there."""
    version = gpiozero_version()
    if lgpio_chip(revision, version, gpiochip4_exists) == 4 and not gpiochip4_exists:
        return (
            f"gpiozero {version} opens /dev/gpiochip4 on a Pi 5, and this kernel has the header on "
            f"/dev/gpiochip0: pip install 'gpiozero>={GPIOZERO_CHIP_FIX}' in the venv"
        )
    return None


class TableButtons:
    """Confirm, undo and next buttons, with a callback for the press and for the hold of each.

    Args:
        confirm: GPIO (BCM) of the confirm button.
        undo: GPIO of the undo button.
        next: GPIO of the next button.
        hold_time: seconds a button must stay down to count as held.
        bounce_time: seconds of contact bounce to ignore (``None`` for none).
        pin_factory: a gpiozero pin factory; by default gpiozero chooses (lgpio on a Pi).

    Raises:
        ValueError: two buttons share a GPIO, or ``hold_time`` is not positive.
        ButtonsUnavailable: no GPIO library here, or a pin is taken; the message says what to do.
    """

    def __init__(
        self,
        confirm: int,
        undo: int,
        next: int,
        *,
        hold_time: float = 1.0,
        bounce_time: float | None = 0.05,
        pin_factory: Any = None,
    ) -> None:
        pins = {"confirm": confirm, "undo": undo, "next": next}
        if len(set(pins.values())) != len(pins):
            raise ValueError(f"the three buttons need three different GPIOs, not {pins}")
        if hold_time <= 0:
            raise ValueError(f"hold_time must be > 0 seconds, not {hold_time}")
        from gpiozero import Button
        from gpiozero.exc import BadPinFactory, GPIOZeroError

        self._lock = threading.Lock()
        self._on_press: dict[ButtonName, Callback | None] = dict.fromkeys(NAMES)
        self._on_hold: dict[ButtonName, Callback | None] = dict.fromkeys(NAMES)
        self._held: dict[ButtonName, bool] = dict.fromkeys(NAMES, False)
        self._buttons: dict[ButtonName, Any] = {}
        try:
            for name in NAMES:
                button = Button(
                    pins[name],
                    pull_up=True,
                    bounce_time=bounce_time,
                    hold_time=hold_time,
                    pin_factory=pin_factory,
                )
                self._buttons[name] = button
                button.when_pressed = self._pressed_handler(name)
                button.when_held = self._held_handler(name)
                button.when_released = self._released_handler(name)
        except BadPinFactory:
            self.close()
            from hardware.pimodel import read_revision

            wrong_chip = chip_advice(read_revision(), Path("/dev/gpiochip4").exists())
            raise ButtonsUnavailable(
                wrong_chip
                or "no GPIO library for the buttons: on a Raspberry Pi, sudo apt install python3-lgpio (and "
                "a venv made with --system-site-packages); elsewhere set GPIOZERO_PIN_FACTORY=mock"
            ) from None
        except GPIOZeroError as error:
            self.close()
            raise ButtonsUnavailable(f"cannot use the buttons on GPIO {pins}: {error}") from None
        except BaseException:
            self.close()
            raise

    def on_press(self, name: ButtonName, callback: Callback | None) -> None:
        """Call ``callback`` when button ``name`` is pressed and released before the hold time."""
        self._on_press[self._check(name)] = callback

    def on_hold(self, name: ButtonName, callback: Callback | None) -> None:
        """Call ``callback`` when button ``name`` has been held down for the hold time."""
        self._on_hold[self._check(name)] = callback

    def is_pressed(self, name: ButtonName) -> bool:
        """Whether button ``name`` is down now."""
        return bool(self._buttons[self._check(name)].is_pressed)

    def close(self) -> None:
        """Release the GPIOs; calling it again does nothing."""
        for button in self._buttons.values():
            button.close()
        self._buttons.clear()

    def __enter__(self) -> TableButtons:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    @staticmethod
    def _check(name: str) -> ButtonName:
        if name not in NAMES:
            raise ValueError(f"no button {name!r}: the buttons are {', '.join(NAMES)}")
        return name

    def _pressed_handler(self, name: ButtonName) -> Callback:
        def pressed() -> None:
            with self._lock:
                self._held[name] = False

        return pressed

    def _held_handler(self, name: ButtonName) -> Callback:
        def held() -> None:
            with self._lock:
                self._held[name] = True
                callback = self._on_hold[name]
            if callback is not None:
                callback()

        return held

    def _released_handler(self, name: ButtonName) -> Callback:
        def released() -> None:
            with self._lock:
                was_held, self._held[name] = self._held[name], False
                callback = None if was_held else self._on_press[name]
            if callback is not None:
                callback()

        return released
