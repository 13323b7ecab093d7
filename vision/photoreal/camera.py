"""The photoreal camera's optics: where it stands, what it looks at, and its wide-angle lens.

The pose is a real camera's: a height above the board (290-450 mm), a tilt off vertical, a turn about its
axis, a focal length between a standard and a wide Raspberry Pi camera module's, and barrel distortion in
OpenCV's radial model (``x_d = x_u (1 + k1 r_u^2)``). POV-Ray renders the pinhole image on a canvas wide
enough for the distorted frame's corners; :meth:`LensCamera.distortion_maps` bends it into the frame.
World coordinates are board millimetres: x to the board's right, y down its drawing, and z *into* the
board (a point ``h`` mm above the surface has ``z = -h``), so that x, y, z turn as a camera's right, down
and forward axes do and the board is seen as drawn, not mirrored.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import cv2
import numpy as np

from vision.geometry import BoardGeometry

FOCAL_RANGE = (0.40, 0.77)
"""Focal length as a share of the frame width: a wide (102 degrees across) to a standard (66 degrees)
Raspberry Pi camera module."""


@dataclass(frozen=True)
class LensCamera:
    """A camera above the board.

    Attributes:
        size: (width, height) of the frames.
        focal: focal length in pixels.
        position: the lens centre in world millimetres (``z`` is minus its height above the board).
        rotation: rows are the camera's right, down and forward axes in world coordinates.
        k1: radial distortion (negative: barrel).
    """

    size: tuple[int, int]
    focal: float
    position: tuple[float, float, float]
    rotation: tuple[tuple[float, float, float], ...]
    k1: float

    @property
    def matrix(self) -> np.ndarray:
        """OpenCV's camera matrix (pixel centres at integer coordinates)."""
        width, height = self.size
        return np.array([[self.focal, 0, (width - 1) / 2], [0, self.focal, (height - 1) / 2], [0, 0, 1.0]])

    @property
    def dist_coeffs(self) -> np.ndarray:
        return np.array([self.k1, 0.0, 0.0, 0.0])

    def undistort(self, pixels: np.ndarray) -> np.ndarray:
        """Normalised pinhole coordinates ``(n, 2)`` of frame pixels ``(n, 2)`` (Newton's method on the
        radial model; it is monotonic over the frame since ``3 k1 r^2 > -1`` there)."""
        k = self.matrix
        normal = (np.asarray(pixels, np.float64) - k[:2, 2]) / self.focal
        r_d = np.hypot(normal[:, 0], normal[:, 1])
        r_u = r_d.copy()
        for _ in range(12):
            r_u -= (r_u + self.k1 * r_u**3 - r_d) / (1 + 3 * self.k1 * r_u**2)
        scale = np.divide(r_u, r_d, out=np.ones_like(r_d), where=r_d > 0)
        return np.asarray(normal * scale[:, None], np.float64)

    @cached_property
    def canvas(self) -> tuple[int, int]:
        """Size of the pinhole render that covers every pixel of the distorted frame."""
        width, height = self.size
        reach = np.abs(self.undistort(np.array([[0.0, 0.0]]))[0]) * self.focal
        return (2 * int(math.ceil(reach[0])) + 4, 2 * int(math.ceil(reach[1])) + 4)

    def corner_shift(self) -> float:
        """How far the frame's corner is drawn in by the lens, as a share of its pinhole distance."""
        corner = self.undistort(np.array([[0.0, 0.0]]))[0]
        r_u = float(np.hypot(*corner))
        return -self.k1 * r_u * r_u

    def project(self, points_mm: np.ndarray) -> np.ndarray:
        """Pixels of world points ``(n, 3)`` in the distorted frame, ``(n, 2)``."""
        r = np.array(self.rotation)
        rvec, _ = cv2.Rodrigues(r)
        tvec = -r @ np.array(self.position)
        pixels, _ = cv2.projectPoints(
            np.asarray(points_mm, np.float64).reshape(-1, 1, 3), rvec, tvec, self.matrix, self.dist_coeffs
        )
        return pixels.reshape(-1, 2)

    def distortion_maps(self) -> tuple[np.ndarray, np.ndarray]:
        """``cv2.remap`` maps from each frame pixel to the pinhole canvas."""
        width, height = self.size
        ys, xs = np.mgrid[0:height, 0:width].astype(np.float64)
        normal = self.undistort(np.column_stack([xs.ravel(), ys.ravel()])).reshape(height, width, 2)
        cw, ch = self.canvas
        map_x = (normal[..., 0] * self.focal + (cw - 1) / 2).astype(np.float32)
        map_y = (normal[..., 1] * self.focal + (ch - 1) / 2).astype(np.float32)
        return map_x, map_y

    def pov_camera(self) -> str:
        """The POV-Ray camera of the pinhole canvas (its pixel centres match :attr:`matrix`'s)."""
        r = np.array(self.rotation)
        cw, ch = self.canvas
        right, down, forward = r[0] * cw, r[1] * ch, r[2] * self.focal
        return (
            "camera { perspective\n"
            f"  location {_vec(np.array(self.position))}\n"
            f"  direction {_vec(forward)}\n  right {_vec(right)}\n  up {_vec(-down)}\n}}\n"
        )


def _vec(v: np.ndarray) -> str:
    return "<" + ", ".join(f"{float(c):.6f}" for c in v) + ">"


def place_camera(
    geometry: BoardGeometry,
    size: tuple[int, int],
    rng: np.random.Generator,
    *,
    height_mm: float,
    tilt_deg: float,
    corner_shift: float,
) -> LensCamera:
    """A camera at ``height_mm`` above the board, tilted, turned at random, its focal length as long as
    the board (its corners and markers) still fits in the frame with a margin; when even the wide lens
    does not see the whole board, the camera goes up (its :attr:`LensCamera.position` says how high).

    Args:
        corner_shift: how far the lens draws the frame's corners in (0.2: by a fifth).
    """
    width, height = size
    centre = np.array([geometry.size_mm[0] / 2, geometry.size_mm[1] / 2, 0.0])
    aim = centre + np.append(rng.uniform(-15, 15, 2), 0.0)
    azimuth = float(rng.uniform(0, 2 * math.pi))
    turn = float(rng.uniform(0, 2 * math.pi))
    tilt = math.radians(tilt_deg)
    offset = np.array([math.cos(azimuth), math.sin(azimuth), 0.0]) * height_mm * math.tan(tilt)
    corners = np.column_stack([geometry.board_corners(), np.zeros(4)])
    focal = FOCAL_RANGE[1] * width
    while True:
        position = aim + offset + np.array([0.0, 0.0, -height_mm])
        forward = (aim - position) / np.linalg.norm(aim - position)
        right = np.cross(forward, [math.cos(turn), math.sin(turn), 0.0])
        right /= np.linalg.norm(right)
        down = np.cross(forward, right)
        rotation = tuple(tuple(float(c) for c in row) for row in (right, down, forward))
        r_corner = math.hypot(width / 2, height / 2) / focal
        # k1 such that the frame's corner is drawn in by corner_shift (see LensCamera.corner_shift)
        r_u = r_corner / (1 - corner_shift)
        k1 = -corner_shift / (r_u * r_u)
        camera = LensCamera(size, focal, tuple(float(c) for c in position), rotation, k1)  # type: ignore[arg-type]
        quad = camera.project(corners)
        margin = 0.03 * width
        inside = (quad.min(axis=0) > margin).all() and (quad.max(axis=0) < np.array(size) - margin).all()
        if inside:
            return camera
        focal *= 0.97
        if focal < FOCAL_RANGE[0] * width:  # even the wide lens does not see it all: step back
            focal, height_mm = FOCAL_RANGE[1] * width, height_mm * 1.05
