"""How high the camera goes above the board, for a lens and a board size.

The companion asks live cameras for 1280 x 960 frames (4:3). A sensor of another shape is cropped to
that shape: the 16:9 Camera Module 3 keeps its full height and loses the sides, so for a square board
its vertical field of view decides. The camera must see the whole board (its markers are in its
corners) with a margin for a slightly off-centre mount; the higher it is, the fewer pixels each hole
gets.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

FRAME = (1280, 960)
"""What ``hardware.cameras`` asks of a live camera."""
MARGIN = 0.10
"""Board side added around the board: 10 % leaves a few centimetres for an off-centre mount."""

LENSES: dict[str, tuple[float, float]] = {
    "Camera Module 3 Wide": (102.0, 67.0),
    "Camera Module 3": (66.0, 41.0),
    "Camera Module 2": (62.2, 48.8),
}
"""Horizontal and vertical field of view of the whole sensor, degrees (Raspberry Pi's specifications)."""


@dataclass(frozen=True, slots=True)
class Mounting:
    """Where a camera goes for a board: the lens' height above the board surface, and the resolution."""

    lens: str
    height_mm: float
    px_per_mm: float

    def hole_px(self, hole_diameter_mm: float) -> float:
        """Pixels across one hole in a frame."""
        return hole_diameter_mm * self.px_per_mm


def mounting(lens: str, board_mm: tuple[float, float], *, frame: tuple[int, int] = FRAME) -> Mounting:
    """The lowest height from which ``lens`` frames a ``board_mm`` board with :data:`MARGIN` around it.

    Raises:
        KeyError: a lens not in :data:`LENSES`.
    """
    horizontal, vertical = (math.tan(math.radians(angle) / 2) for angle in LENSES[lens])
    aspect = frame[0] / frame[1]
    if horizontal / vertical > aspect:  # wider sensor than the frame: the sides are cropped
        horizontal = vertical * aspect
    else:
        vertical = horizontal / aspect
    half_width, half_height = (side * (1 + MARGIN) / 2 for side in board_mm)
    height = max(half_width / horizontal, half_height / vertical)
    return Mounting(lens, height, frame[1] / (2 * height * vertical))
