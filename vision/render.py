"""Drawing pieces of the synthetic camera: the board seen from above, marbles, hands, light.

Everything here is deterministic given its arguments (randomness comes in as an ``np.random.Generator``),
and works on float32 BGR images in 0..255 so that light can be applied as physics would: illumination
multiplies, glare adds, the sensor clips.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.aruco import marker_image
from vision.geometry import BoardGeometry

WOOD_BGR = (105.0, 152.0, 190.0)
"""Light varnished maple."""
HOLE_BGR = (34.0, 42.0, 52.0)
TABLE_BGR = (70.0, 74.0, 80.0)
SKIN_TONES_BGR = ((150, 175, 225), (120, 150, 205), (95, 125, 180), (70, 95, 140), (50, 65, 100))
"""From light to dark skin."""


def board_texture(geometry: BoardGeometry, px_per_mm: float, rng: np.random.Generator) -> np.ndarray:
    """The board seen straight from above: wood with grain, the holes, the markers on white paper.

    Returns:
        A float32 BGR image of ``size_mm * px_per_mm`` pixels.
    """
    width = int(round(geometry.size_mm[0] * px_per_mm))
    height = int(round(geometry.size_mm[1] * px_per_mm))
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    period = float(rng.uniform(5.0, 9.0)) * px_per_mm
    wobble = float(rng.uniform(8.0, 20.0)) * px_per_mm
    phase = float(rng.uniform(0, 2 * np.pi))
    grain = np.sin(2 * np.pi * (ys + 0.6 * wobble * np.sin(xs / wobble + phase)) / period)
    coarse = cv2.resize(
        rng.normal(0.0, 1.0, (8, 8)).astype(np.float32), (width, height), interpolation=cv2.INTER_CUBIC
    )
    shade = 1.0 + 0.05 * grain + 0.04 * coarse
    texture = np.empty((height, width, 3), np.float32)
    tint = rng.uniform(0.92, 1.06, 3)
    for c in range(3):
        texture[..., c] = WOOD_BGR[c] * tint[c] * shade
    _draw_holes(texture, geometry, px_per_mm)
    _draw_markers(texture, geometry, px_per_mm)
    edge = max(int(round(3 * px_per_mm)), 1)
    cv2.rectangle(texture, (0, 0), (width - 1, height - 1), (80.0, 120.0, 160.0), edge)
    return texture


def _draw_holes(texture: np.ndarray, geometry: BoardGeometry, px_per_mm: float) -> None:
    radius = geometry.hole_radius * px_per_mm
    size = int(np.ceil(radius * 2 + 6))
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32) - (size - 1) / 2
    dist = np.sqrt(xx * xx + yy * yy)
    alpha = np.clip(radius + 0.5 - dist, 0.0, 1.0)[..., None]
    depth = (0.75 + 0.25 * np.clip(dist / radius, 0, 1))[..., None]
    hole = np.array(HOLE_BGR, np.float32) * depth
    for x_mm, y_mm in geometry.centres:
        x0 = int(round(x_mm * px_per_mm - (size - 1) / 2))
        y0 = int(round(y_mm * px_per_mm - (size - 1) / 2))
        roi = texture[y0 : y0 + size, x0 : x0 + size]
        if roi.shape[:2] == (size, size):
            roi[:] = roi * (1 - alpha) + hole * alpha


def _draw_markers(texture: np.ndarray, geometry: BoardGeometry, px_per_mm: float) -> None:
    for marker in geometry.markers:
        side = int(round(marker.size * px_per_mm))
        quiet = int(round(marker.size / 6 * px_per_mm))
        code = marker_image(geometry.marker_dictionary, marker.id, side).astype(np.float32)
        x0 = int(round((marker.centre[0] - marker.size / 2) * px_per_mm))
        y0 = int(round((marker.centre[1] - marker.size / 2) * px_per_mm))
        cv2.rectangle(
            texture,
            (x0 - quiet, y0 - quiet),
            (x0 + side + quiet, y0 + side + quiet),
            (235.0, 238.0, 240.0),
            -1,
        )
        paper = 30.0 + code * (205.0 / 255.0)
        texture[y0 : y0 + side, x0 : x0 + side] = paper[..., None]


class MarbleSprite:
    """A lit glossy sphere, pre-drawn once and scaled to each marble's size in the frame."""

    SIZE = 64

    def __init__(self, light_dir: tuple[float, float] = (-0.45, -0.55)) -> None:
        n = self.SIZE
        yy, xx = (np.mgrid[0:n, 0:n].astype(np.float32) + 0.5) / n * 2 - 1
        r2 = xx * xx + yy * yy
        z = np.sqrt(np.clip(1 - r2, 0, 1))
        lx, ly = light_dir
        lz = float(np.sqrt(max(1 - lx * lx - ly * ly, 0.0)))
        lambert = np.clip(xx * lx + yy * ly + z * lz, 0, 1)
        highlight = np.clip((xx - lx * 0.55) ** 2 + (yy - ly * 0.55) ** 2, 0, 1)
        self.shade = (0.35 + 0.75 * lambert).astype(np.float32)
        self.specular = (np.exp(-highlight / 0.012) * 0.85).astype(np.float32)
        self.alpha = np.clip((1 - np.sqrt(r2)) * n / 2 + 0.5, 0, 1).astype(np.float32)

    def draw(self, frame: np.ndarray, centre: tuple[float, float], radius: float, bgr: np.ndarray) -> None:
        """Draw a marble of colour ``bgr`` with its centre at ``centre`` (sub-pixel) and ``radius`` px."""
        n = self.SIZE
        half = int(np.ceil(radius)) + 2
        cx, cy = centre
        x0, y0 = int(np.floor(cx)) - half, int(np.floor(cy)) - half
        size = 2 * half + 1
        if x0 < 0 or y0 < 0 or x0 + size > frame.shape[1] or y0 + size > frame.shape[0]:
            return
        scale = 2 * radius / n
        offset = scale * (n - 1) / 2
        warp = np.array([[scale, 0, cx - x0 - offset], [0, scale, cy - y0 - offset]], np.float32)
        layers = np.dstack([self.shade, self.specular, self.alpha])
        shade, spec, alpha = cv2.split(cv2.warpAffine(layers, warp, (size, size), flags=cv2.INTER_LINEAR))
        roi = frame[y0 : y0 + size, x0 : x0 + size]
        colour = shade[..., None] * bgr[None, None, :] + 255.0 * spec[..., None]
        a = alpha[..., None]
        roi[:] = roi * (1 - a) + colour * a


def soft_shadow(
    frame: np.ndarray, centre: tuple[float, float], axes: tuple[float, float], strength: float
) -> None:
    """Darken a soft ellipse (a marble's contact shadow) in place."""
    ax, ay = axes
    half_x, half_y = int(ax * 2) + 2, int(ay * 2) + 2
    x0, y0 = int(centre[0]) - half_x, int(centre[1]) - half_y
    if x0 < 0 or y0 < 0 or x0 + 2 * half_x >= frame.shape[1] or y0 + 2 * half_y >= frame.shape[0]:
        return
    yy, xx = np.mgrid[0 : 2 * half_y, 0 : 2 * half_x].astype(np.float32)
    d = ((xx + x0 - centre[0]) / ax) ** 2 + ((yy + y0 - centre[1]) / ay) ** 2
    dark = 1 - strength * np.exp(-d * 1.5)
    frame[y0 : y0 + 2 * half_y, x0 : x0 + 2 * half_x] *= dark[..., None]


def arm_mask(
    size: tuple[int, int], board_quad: np.ndarray, px_per_mm: float, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A forearm and hand reaching from an edge of the frame to a random point over the board.

    Args:
        size: (width, height) of the frame.
        board_quad: the board's 4 corners in the frame.
        px_per_mm: rough scale of the board in the frame, to size the arm.

    Returns:
        (alpha, across, along): float32 maps; ``alpha`` is the arm's coverage, ``across`` runs from -1
        to 1 across the arm (for its rounded shading), ``along`` from 0 at the frame's edge to 1 at the
        fingertips.
    """
    width, height = size
    tip = rng.dirichlet(np.ones(4)) @ board_quad
    side = int(rng.integers(4))
    t = float(rng.uniform(0.2, 0.8))
    start = (
        np.array([t * width, -80.0]),
        np.array([width + 80.0, t * height]),
        np.array([t * width, height + 80.0]),
        np.array([-80.0, t * height]),
    )[side]
    arm_width = float(rng.uniform(65, 95)) * px_per_mm
    direction = tip - start
    length = float(np.linalg.norm(direction)) or 1.0
    unit = direction / length
    normal = np.array([-unit[1], unit[0]])
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    along = ((xs - start[0]) * unit[0] + (ys - start[1]) * unit[1]) / length
    across = ((xs - start[0]) * normal[0] + (ys - start[1]) * normal[1]) / (arm_width / 2)
    taper = 1.0 - 0.3 * np.clip(along, 0, 1)
    fingertips = 1.0 + 0.35 * arm_width / length * np.sqrt(np.clip(1 - (across / taper) ** 2, 0, 1))
    inside = (np.abs(across) < taper) & (along < fingertips)
    alpha = cv2.GaussianBlur(inside.astype(np.float32), (0, 0), 2.0)
    return alpha, np.clip(across / taper, -1, 1), along


def paint_arm(
    frame: np.ndarray, alpha: np.ndarray, across: np.ndarray, along: np.ndarray, rng: np.random.Generator
) -> None:
    """Paint a skin-toned arm, half the time in a sleeve of any colour, where ``alpha`` covers it."""
    skin = np.array(SKIN_TONES_BGR[int(rng.integers(len(SKIN_TONES_BGR)))], np.float32)
    roundness = (0.62 + 0.38 * np.sqrt(np.clip(1 - across * across, 0, 1)))[..., None]
    colour = skin[None, None, :] * roundness
    if rng.random() < 0.5:
        sleeve = rng.uniform(30, 230, 3).astype(np.float32)
        cuff = float(rng.uniform(0.3, 0.75))
        colour = np.where((along < cuff)[..., None], sleeve[None, None, :] * roundness, colour)
    a = alpha[..., None]
    frame *= 1 - a
    frame += colour * a
