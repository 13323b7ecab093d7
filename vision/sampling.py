"""Which pixels of the frame to look at for each place: no warp, a few dozen pixels per hole.

For every place, three groups of pixels are fixed once per calibration:

* the *top disc*: around the marble's top as the camera sees it (the marble-top homography), where a
  marble shows its colour;
* the *hole disc*: around the hole's centre on the board surface, dark when the hole is empty and
  covered when a marble sits in it;
* the *rim*: a circle just inside a marble's outline, marble-coloured when one is there and mostly
  wood when the hole is empty (what tells a black marble from a dark empty hole);
* *wood points*: bare wood near the hole, never covered by a marble from this viewpoint, the local
  reference that light is normalised against (shadows, glare, white balance and exposure drift).

Gathering them is one fancy-indexing of the flattened frame: about 7,000 pixels for a 4-seat board.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.geometry import BoardGeometry
from vision.markers import project

TOP_DISC = 0.5
"""Top-disc radius as a share of the marble's radius."""
RIM = 0.9
"""Rim-circle radius as a share of the marble's radius: inside a marble's outline, outside its hole,
so that a black marble shows black there where an empty hole shows wood."""
RIM_POINTS = 16
HOLE_DISC = 0.45
"""Hole-disc radius as a share of the hole's radius."""
ADJACENT = 1.5
"""Places closer than this many pitches are next to each other."""
NEIGHBOURS = 8
"""Nearest places whose light stands in for a place's own under a glare."""
WOOD_POINTS = 6
"""Wood points per place."""
WOOD_STEP_MM = 4.0
"""Spacing of the grid that wood points are chosen from."""
WOOD_CLEARANCE_PX = 3.0
"""Least distance, in pixels, between a wood point and a hole or the outline of a marble."""
EDGE_MM = 6.0
"""Wood points keep this far from the board's edge."""


def _disc_pattern() -> np.ndarray:
    """Unit-disc sample offsets: the centre and two rings (21 points)."""
    rings = [np.zeros((1, 2))]
    for radius, count in ((0.5, 8), (1.0, 12)):
        angles = np.arange(count) * 2 * np.pi / count + (np.pi / count if count == 12 else 0)
        rings.append(radius * np.column_stack([np.cos(angles), np.sin(angles)]))
    return np.vstack(rings)


DISC = _disc_pattern()
CROSS = np.array([[0, 0], [2, 0], [-2, 0], [0, 2], [0, -2]], np.float64)
"""Pixel offsets averaged at each wood point (grain and noise)."""


@dataclass(frozen=True)
class Samples:
    """Pixels gathered from one frame, float32 BGR."""

    top: np.ndarray
    """``(places, 21, 3)``"""
    hole: np.ndarray
    """``(places, 21, 3)``"""
    rim: np.ndarray
    """``(places, RIM_POINTS, 3)``"""
    wood: np.ndarray
    """``(places, WOOD_POINTS, 3)``, each point averaged over a small cross."""


class SamplePlan:
    """The pixel indices of every place's discs and wood points, for one camera pose.

    Args:
        geometry: the board.
        board_h: homography from board millimetres (board surface) to pixels.
        top_h: homography from board millimetres at the height of a marble's top to pixels.
        size: (width, height) of the frames.
    """

    def __init__(
        self, geometry: BoardGeometry, board_h: np.ndarray, top_h: np.ndarray, size: tuple[int, int]
    ) -> None:
        self.size = size
        centres = geometry.centres
        apart = np.linalg.norm(centres[:, None, :] - centres[None, :, :], axis=2)
        self.neighbours = np.argsort(apart, axis=1)[:, 1 : NEIGHBOURS + 1]
        """``(places, NEIGHBOURS)``: the nearest other places on the board."""
        self.adjacent = (apart > 0) & (apart <= ADJACENT * geometry.pitch_mm)
        """``(places, places)`` bool: the places next to each place (diagonals included)."""
        self.board_px = project(board_h, centres)
        self.top_px = project(top_h, centres)
        scale = _local_scale(board_h, centres)
        marble_r = geometry.marble_diameter / 2 * scale
        self.marble_radius_px = marble_r
        top_points = self.top_px[:, None, :] + DISC[None] * (TOP_DISC * marble_r)[:, None, None]
        hole_points = (
            self.board_px[:, None, :] + DISC[None] * (HOLE_DISC * geometry.hole_radius * scale)[:, None, None]
        )
        wood = _wood_points(geometry, board_h, top_h, scale)
        self.wood_px = wood
        angles = np.arange(RIM_POINTS) * 2 * np.pi / RIM_POINTS
        circle = np.column_stack([np.cos(angles), np.sin(angles)])
        rim_points = self.top_px[:, None, :] + circle[None] * (RIM * marble_r)[:, None, None]
        self.look_points = (top_points, hole_points, rim_points)
        """Pixels of the top discs, hole discs and rims, each ``(places, n, 2)``: what
        :func:`vision.occupancy.look` gathers, in its order."""
        self.homographies = (top_h, board_h, top_h)
        """The homography each group of :attr:`look_points` was placed with (board millimetres to pixels)."""
        self._top = self._index(top_points)
        self._hole = self._index(hole_points)
        rim_index = self._index(rim_points)
        wood_points = wood[:, :, None, :] + CROSS[None, None]
        wood_index = self._index(wood_points.reshape(len(centres), -1, 2))
        self._all = np.hstack([self._top, self._hole, rim_index, wood_index])
        self._splits = list(np.cumsum([self._top.shape[1], self._hole.shape[1], RIM_POINTS]))
        self.inside = bool(
            np.all(top_points >= 0)
            and np.all(top_points[..., 0] < size[0] - 1)
            and np.all(top_points[..., 1] < size[1] - 1)
        )

    def _index(self, points: np.ndarray) -> np.ndarray:
        width, height = self.size
        x = np.clip(np.rint(points[..., 0]), 0, width - 1).astype(np.intp)
        y = np.clip(np.rint(points[..., 1]), 0, height - 1).astype(np.intp)
        return np.asarray(y * width + x)

    def gather(self, frame: np.ndarray) -> Samples:
        """Gather the pixels of a frame of ``size`` (one indexing of the frame for all of them)."""
        pixels = frame.reshape(-1, 3)[self._all].astype(np.float32)
        top, hole, rim, wood = np.split(pixels, self._splits, axis=1)
        places = len(pixels)
        return Samples(
            top=top, hole=hole, rim=rim, wood=wood.reshape(places, WOOD_POINTS, len(CROSS), 3).mean(axis=2)
        )


def _local_scale(h: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Pixels per millimetre of the board around each point."""
    dx = project(h, points + [1.0, 0.0]) - project(h, points)
    dy = project(h, points + [0.0, 1.0]) - project(h, points)
    return np.asarray(np.sqrt(np.abs(dx[:, 0] * dy[:, 1] - dx[:, 1] * dy[:, 0])))


def _wood_points(
    geometry: BoardGeometry, board_h: np.ndarray, top_h: np.ndarray, scale: np.ndarray
) -> np.ndarray:
    """For each place, the :data:`WOOD_POINTS` nearest bare-wood points, in pixels ``(places, k, 2)``."""
    w, h = geometry.size_mm
    xs = np.arange(EDGE_MM, w - EDGE_MM, WOOD_STEP_MM)
    ys = np.arange(EDGE_MM, h - EDGE_MM, WOOD_STEP_MM)
    grid = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)
    for marker in geometry.markers:
        grid = grid[np.max(np.abs(grid - marker.centre), axis=1) > marker.reach]
    centres = geometry.centres
    grid_px = project(board_h, grid)
    hole_px = project(board_h, centres)
    top_px = project(top_h, centres)
    mid_px = (hole_px + top_px) / 2
    marble_r = geometry.marble_diameter / 2 * scale
    hole_r = geometry.hole_radius * scale
    for blocker, radius in ((hole_px, hole_r), (top_px, marble_r), (mid_px, marble_r)):
        # each blocker only tests the points the ones before kept (calibration builds several plans)
        keep = np.all(distances(grid_px, blocker) > radius[None, :] + WOOD_CLEARANCE_PX, axis=1)
        grid, grid_px = grid[keep], grid_px[keep]
    nearest = np.argsort(distances(centres, grid), axis=1)[:, :WOOD_POINTS]
    return grid_px[nearest]


def distances(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``(len(a), len(b))`` Euclidean distances between two sets of 2D points (pixels or millimetres)."""
    dx = a[:, None, 0] - b[None, :, 0]
    dy = a[:, None, 1] - b[None, :, 1]
    return np.asarray(np.sqrt(dx * dx + dy * dy))
