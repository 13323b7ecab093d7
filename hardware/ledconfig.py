"""LED strip settings, read from a TOML table such as ``[leds]`` of the table's configuration.

Example::

    [leds]
    backend = "ws281x"      # "sim" (default), "ws281x" (Zero 2 W, Pi 3, Pi 4) or "pi5"
    count = 105             # LEDs wired in the chain; must equal the board's LED map (tock4: 105)
    pin = 10                # GPIO10 (SPI, no root; the default); any GPIO on a Pi 5
    colour_order = "GRB"    # the byte order of the LEDs on the data line (WS2812B: GRB)
    brightness = 0.5        # cap, 0..1, applied to every frame
    budget_ma = 2000        # the most current the LEDs may draw, in mA
    gamma = 2.2             # brightness correction for the eye (1.0: none)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Literal, TypeAlias, cast

from hardware.colour import MA_PER_CHANNEL
from hardware.errors import LedConfigError

Backend: TypeAlias = Literal["sim", "ws281x", "pi5"]
BACKENDS: tuple[Backend, ...] = ("sim", "ws281x", "pi5")
COLOUR_ORDERS = ("RGB", "RBG", "GRB", "GBR", "BRG", "BGR")
DEFAULT_GAMMA = 2.2
"""The usual correction for WS2812 LEDs: fades and dim colours look even (``hardware.colour.gamma_table``)."""
GAMMA_RANGE = (1.0, 3.0)
DEFAULT_PIN = 10
"""GPIO10 (header pin 19): SPI with rpi-ws281x needs no root, and the Pi 5 driver takes any GPIO, so one
wiring works on every model with the service running as a plain user."""
MAX_GPIO = 27
"""The header GPIOs of a Raspberry Pi run 0..27."""


@dataclass(frozen=True, slots=True)
class LedConfig:
    """How the LED strip is wired and how hard it may be driven.

    Args:
        count: number of LEDs in the chain.
        pin: GPIO (BCM number) of the data line.
        colour_order: order of the colour bytes the LEDs expect (``"GRB"`` for WS2812B).
        brightness: cap applied to every colour, 0..1.
        budget_ma: the most current (mA) the LEDs may draw; frames above it are dimmed uniformly.
        backend: ``"sim"``, ``"ws281x"`` (rpi-ws281x: Zero 2 W, Pi 3, Pi 4) or ``"pi5"`` (Pi 5 driver).
        gamma: brightness correction applied by the strip, 1.0 (none) to 3.0.
    """

    count: int
    pin: int = DEFAULT_PIN
    colour_order: str = "GRB"
    brightness: float = 0.5
    budget_ma: float = 2000.0
    backend: Backend = "sim"
    gamma: float = DEFAULT_GAMMA

    def __post_init__(self) -> None:
        _require(
            _is_int(self.count) and self.count >= 1,
            "count",
            self.count,
            ("a whole number of LEDs >= 1", "un nombre entier de LED >= 1"),
        )
        _require(
            _is_int(self.pin) and 0 <= self.pin <= MAX_GPIO,
            "pin",
            self.pin,
            (f"a GPIO 0..{MAX_GPIO}", f"un GPIO de 0 à {MAX_GPIO}"),
        )
        order = self.colour_order
        _require(order in COLOUR_ORDERS, "colour_order", order, _one_of(COLOUR_ORDERS))
        _require(
            _is_number(self.brightness) and 0.0 <= self.brightness <= 1.0,
            "brightness",
            self.brightness,
            ("a number 0..1", "un nombre de 0 à 1"),
        )
        _require(
            _is_number(self.budget_ma) and self.budget_ma > 0,
            "budget_ma",
            self.budget_ma,
            ("mA > 0", "des mA > 0"),
        )
        _require(self.backend in BACKENDS, "backend", self.backend, _one_of(BACKENDS))
        low, high = GAMMA_RANGE
        _require(
            _is_number(self.gamma) and low <= self.gamma <= high,
            "gamma",
            self.gamma,
            (
                f"a number {low}..{high} (1.0: no correction)",
                f"un nombre de {low} à {high} (1.0 : aucune correction)",
            ),
        )

    @classmethod
    def from_mapping(cls, table: Mapping[str, object], *, where: str = "leds") -> LedConfig:
        """Build a config from a mapping such as the ``[leds]`` table of a TOML file.

        Args:
            table: the settings; ``count`` is required, the others have defaults.
            where: the table's name, used in error messages.

        Raises:
            LedConfigError: an unknown or missing key, or a value of the wrong type or range; the
                message names the key as ``where.key``.
        """
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(table) - known)
        if unknown:
            keys = ", ".join(sorted(known))
            raise LedConfigError(
                f"unknown key {where}.{unknown[0]}: the keys are {keys}",
                f"clé inconnue {where}.{unknown[0]} : les clés sont {keys}",
            )
        if "count" not in table:
            raise LedConfigError(
                f"{where}.count is missing: how many LEDs are wired in the chain?",
                f"{where}.count manque : combien de LED sont câblées en chaîne ?",
            )
        values = dict(table)
        if _is_int(values.get("budget_ma")):
            values["budget_ma"] = float(cast(int, values["budget_ma"]))
        for key in ("brightness", "gamma"):
            if _is_int(values.get(key)):
                values[key] = float(cast(int, values[key]))
        if isinstance(values.get("colour_order"), str):
            values["colour_order"] = cast(str, values["colour_order"]).upper()
        try:
            return cls(**values)  # type: ignore[arg-type]
        except LedConfigError as error:
            raise LedConfigError(f"{where}.{error}", f"{where}.{error.fr}") from None

    @property
    def max_current_ma(self) -> float:
        """Current drawn at full white and full brightness cap, before the budget (mA)."""
        return self.count * 3 * MA_PER_CHANNEL * self.brightness


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _one_of(options: tuple[str, ...]) -> tuple[str, str]:
    listed = ", ".join(repr(o) for o in options)
    return f"one of {listed}", f"l'une des valeurs {listed}"


def _require(ok: bool, key: str, value: object, expected: tuple[str, str]) -> None:
    """Refuse ``value`` for ``key`` unless ``ok``; ``expected`` says what is wanted, in English and French."""
    if not ok:
        raise LedConfigError(
            f"{key} must be {expected[0]}, not {value!r}", f"{key} doit être {expected[1]}, pas {value!r}"
        )
