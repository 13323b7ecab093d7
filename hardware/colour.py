"""RGB values, the current a WS2812 draws for them, and fitting a frame into a current budget.

A WS2812 draws about 20 mA per colour channel at full duty, so about 60 mA for full white. The strip
and the scenes both use this one model, so that what a scene promises and what the power supply
sees agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeAlias

RGB: TypeAlias = tuple[int, int, int]
"""A colour as (red, green, blue), each 0..255."""

Scene: TypeAlias = Mapping[str, RGB]
"""Place id -> colour for the holes to light; places absent are dark."""

BLACK: RGB = (0, 0, 0)

MA_PER_CHANNEL = 20.0
"""Current of one colour channel at full duty (mA); full white is three channels, about 60 mA."""


def check_rgb(value: object, what: str = "colour") -> RGB:
    """Return ``value`` as an RGB tuple, or raise naming ``what`` when it is not three ints 0..255.

    Raises:
        ValueError: not a sequence of three integers between 0 and 255.
    """
    if (
        isinstance(value, tuple | list)
        and len(value) == 3
        and all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in value)
    ):
        return (int(value[0]), int(value[1]), int(value[2]))
    raise ValueError(f"{what} must be three integers 0..255 (red, green, blue), not {value!r}")


def gamma_table(gamma: float) -> tuple[int, ...]:
    """The duty (0..255) to send for each level 0..255 so that equal steps look equally bright.

    An LED's light follows its duty linearly but the eye does not: without correction a fade spends
    most of its steps near full brightness and jumps at the dark end. ``255 * (level / 255) ** gamma``
    undoes that; a level above 0 keeps a duty of at least 1, so a hole asked to be lit never goes dark.
    ``gamma`` 1.0 gives the identity.
    """
    return tuple(0 if v == 0 else max(1, round(255 * (v / 255) ** gamma)) for v in range(256))


def current_ma(colours: Iterable[RGB]) -> float:
    """Estimated current (mA) the LEDs draw to show ``colours`` (the quiescent current left out)."""
    return sum(r + g + b for r, g, b in colours) * MA_PER_CHANNEL / 255.0


def scale(colour: RGB, factor: float) -> RGB:
    """``colour`` with every channel multiplied by ``factor`` (clamped to 0..255, rounded down)."""
    r, g, b = colour
    return (
        min(255, max(0, int(r * factor))),
        min(255, max(0, int(g * factor))),
        min(255, max(0, int(b * factor))),
    )


def budget_factor(colours: Iterable[RGB], budget_ma: float) -> float:
    """The factor (<= 1) that brings ``colours`` within ``budget_ma``; 1.0 when they already fit."""
    drawn = current_ma(colours)
    return 1.0 if drawn <= budget_ma else budget_ma / drawn


def fit_scene(scene: Scene, budget_ma: float) -> dict[str, RGB]:
    """``scene`` dimmed uniformly, when needed, so that it draws at most ``budget_ma``.

    Dimming every hole by the same factor keeps the hues and the relative brightness that tell a
    player which hole matters; rounding down keeps the result within the budget.
    """
    factor = budget_factor(scene.values(), budget_ma)
    if factor >= 1.0:
        return dict(scene)
    return {place: scale(colour, factor) for place, colour in scene.items()}


def fit_frame(pixels: Iterable[RGB], budget_ma: float) -> list[RGB]:
    """Like :func:`fit_scene` for a frame of pixels in strip order."""
    frame = list(pixels)
    factor = budget_factor(frame, budget_ma)
    return frame if factor >= 1.0 else [scale(p, factor) for p in frame]
