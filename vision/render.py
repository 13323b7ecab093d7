"""Drawing pieces of the synthetic camera: the board seen from above, marbles, hands, light.

Everything here is deterministic given its arguments (randomness comes in as an ``np.random.Generator``),
and works on float32 BGR images in 0..255 so that light can be applied as physics would: illumination
multiplies, glare adds, the sensor clips.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

import cv2
import numpy as np

from firmware_py.engine.board import SECTION_LETTERS
from vision.aruco import marker_image
from vision.geometry import BoardGeometry

WOOD_BGR = (105.0, 152.0, 190.0)
"""Light varnished maple."""
HOLE_BGR = (34.0, 42.0, 52.0)
TABLE_BGR = (70.0, 74.0, 80.0)
SKIN_TONES_BGR = ((150, 175, 225), (120, 150, 205), (95, 125, 180), (70, 95, 140), (50, 65, 100))
"""From light to dark skin."""


def board_texture(
    geometry: BoardGeometry,
    px_per_mm: float,
    rng: np.random.Generator,
    paint: Mapping[str, np.ndarray] | None = None,
) -> np.ndarray:
    """The board seen straight from above: wood with grain, the holes, the markers on white paper.

    Args:
        paint: seat letter -> BGR paint of that seat's areas (reserve, home lane, start cell), as most
            wooden Tock boards have; ``None`` for a plain board.

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
    if paint:
        _paint_seat_areas(texture, geometry, px_per_mm, paint, shade)
    _draw_holes(texture, geometry, px_per_mm)
    _draw_markers(texture, geometry, px_per_mm)
    edge = max(int(round(3 * px_per_mm)), 1)
    cv2.rectangle(texture, (0, 0), (width - 1, height - 1), (80.0, 120.0, 160.0), edge)
    return texture


def _paint_seat_areas(
    texture: np.ndarray,
    geometry: BoardGeometry,
    px_per_mm: float,
    paint: Mapping[str, np.ndarray],
    shade: np.ndarray,
) -> None:
    """Paint each seat's areas: a rounded band joining each group's holes, the grain showing through."""
    mask_shape = texture.shape[:2]
    radius = int(round(0.62 * geometry.pitch_mm * px_per_mm))
    for seat, colour in paint.items():
        if SECTION_LETTERS.index(seat) >= geometry.sections:
            continue
        mask = np.zeros(mask_shape, np.float32)
        for group in geometry.seat_areas(seat):
            points = [np.rint(np.array(geometry.places[p]) * px_per_mm).astype(int) for p in group]
            for a, b in zip(points, points[1:], strict=False):
                cv2.line(mask, tuple(int(v) for v in a), tuple(int(v) for v in b), 1.0, 2 * radius)
            for point in points:
                cv2.circle(mask, tuple(int(v) for v in point), radius, 1.0, -1, cv2.LINE_AA)
        alpha = cv2.GaussianBlur(mask, (0, 0), 0.6 * px_per_mm)[..., None]
        painted = np.asarray(colour, np.float32)[None, None, :] * (0.5 + 0.5 * shade)[..., None]
        texture[:] = texture * (1 - alpha) + painted * alpha


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

    def draw(
        self,
        frame: np.ndarray,
        centre: tuple[float, float],
        radius: float,
        bgr: np.ndarray,
        coverage: np.ndarray | None = None,
    ) -> None:
        """Draw a marble of colour ``bgr`` with its centre at ``centre`` (sub-pixel) and ``radius`` px.

        Args:
            coverage: a frame-sized float32 map where the marble's coverage is recorded (what it hides
                of the board, such as the varnish's reflection of a lamp).
        """
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
        if coverage is not None:
            covered = coverage[y0 : y0 + size, x0 : x0 + size]
            np.maximum(covered, alpha, out=covered)


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


@dataclass(frozen=True)
class HandPose:
    """A forearm reaching in from the frame's edge, the hand flat with its fingers spread, in pixels."""

    start: np.ndarray
    """Where the forearm enters, just outside the frame."""
    tip: np.ndarray
    """The middle fingertip."""
    arm_mm: float
    palm_mm: tuple[float, float]
    """Width and length of the palm."""
    finger_mm: tuple[float, float]
    """Width and length of a finger (curled fingers look shorter from above)."""
    spread: float
    """Radians between the outer fingers."""
    skin: np.ndarray
    sleeve: np.ndarray | None
    cuff: float
    """Share of the way from the frame's edge to the wrist that the sleeve covers."""
    thumb: int
    """Side of the thumb across the arm, 1 or -1 (a right or a left hand, palm down)."""

    def moved(self, offset: np.ndarray) -> HandPose:
        """The same hand shifted by ``offset`` pixels (a resting hand is never perfectly still)."""
        return replace(self, start=self.start + offset, tip=self.tip + offset)


def random_hand(
    size: tuple[int, int], rng: np.random.Generator, tip: np.ndarray, px_per_mm: float
) -> HandPose:
    """A hand with its middle fingertip at ``tip``, its forearm coming in from a random side."""
    width, height = size
    side = int(rng.integers(4))
    t = float(rng.uniform(0.15, 0.85))
    reach = 0.3 * max(width, height)
    start = (
        np.array([t * width, -reach]),
        np.array([width + reach, t * height]),
        np.array([t * width, height + reach]),
        np.array([-reach, t * height]),
    )[side]
    sleeve = rng.uniform(25, 235, 3).astype(np.float32) if rng.random() < 0.5 else None
    return HandPose(
        start=start,
        tip=np.asarray(tip, np.float64),
        arm_mm=float(rng.uniform(60, 85)),
        palm_mm=(float(rng.uniform(78, 95)), float(rng.uniform(90, 110))),
        finger_mm=(float(rng.uniform(16, 21)), float(rng.uniform(45, 85))),
        spread=float(rng.uniform(0.1, 0.7)),
        skin=np.array(SKIN_TONES_BGR[int(rng.integers(len(SKIN_TONES_BGR)))], np.float32)
        * np.float32(rng.uniform(0.9, 1.1)),
        sleeve=sleeve,
        cuff=float(rng.uniform(0.4, 1.0)),
        thumb=1 if rng.random() < 0.5 else -1,
    )


def hand_layers(size: tuple[int, int], pose: HandPose, px_per_mm: float) -> tuple[np.ndarray, np.ndarray]:
    """The hand's coverage and its colour (skin, sleeve, rounded shading), float32 frame-sized maps.

    Returns:
        (alpha, colour): ``alpha`` 0..1 ``(height, width)``, ``colour`` BGR ``(height, width, 3)``.
    """
    width, height = size
    mm = px_per_mm
    direction = pose.tip - pose.start
    unit = direction / (float(np.linalg.norm(direction)) or 1.0)
    normal = np.array([-unit[1], unit[0]])
    palm_w, palm_l = pose.palm_mm[0] * mm, pose.palm_mm[1] * mm
    finger_w, finger_l = pose.finger_mm[0] * mm, pose.finger_mm[1] * mm
    knuckles = pose.tip - unit * finger_l
    wrist = knuckles - unit * palm_l
    mask = np.zeros((height, width), np.uint8)
    sleeve = np.zeros((height, width), np.uint8)

    def capsule(target: np.ndarray, a: np.ndarray, b: np.ndarray, thickness: float) -> None:
        ends = (tuple(int(v) for v in np.rint(a)), tuple(int(v) for v in np.rint(b)))
        cv2.line(target, ends[0], ends[1], 255, max(int(round(thickness)), 1), cv2.LINE_AA)

    arm = pose.arm_mm * mm
    capsule(mask, pose.start, wrist, arm)
    capsule(sleeve, pose.start, pose.start + pose.cuff * (wrist - pose.start), arm * 1.15)
    centre = wrist + unit * palm_l / 2
    angle = float(np.degrees(np.arctan2(unit[1], unit[0])))
    axes = (int(palm_l / 2), int(palm_w / 2))
    cv2.ellipse(mask, tuple(int(v) for v in np.rint(centre)), axes, angle, 0, 360, 255, -1, cv2.LINE_AA)
    for k, share in enumerate((-0.38, -0.13, 0.13, 0.38)):
        turn = pose.spread * share
        c, s = np.cos(turn), np.sin(turn)
        along = c * unit + s * normal
        base = knuckles + normal * share * palm_w * 0.95 - unit * 0.1 * palm_l
        length = finger_l * (0.85, 1.0, 0.95, 0.75)[k]
        capsule(mask, base, base + along * length, finger_w)
    thumb_base = wrist + unit * 0.35 * palm_l + normal * pose.thumb * 0.4 * palm_w
    thumb_dir = 0.6 * unit + 0.8 * normal * pose.thumb
    capsule(mask, thumb_base, thumb_base + thumb_dir * 0.8 * finger_l, finger_w * 1.1)
    alpha = cv2.GaussianBlur(mask.astype(np.float32) / 255.0, (0, 0), 1.2)
    inside = cv2.distanceTransform((mask > 127).astype(np.uint8), cv2.DIST_L2, 3)
    roundness = 0.6 + 0.4 * np.sqrt(np.clip(inside / (0.5 * finger_w), 0, 1))
    colour = np.where(
        (sleeve > 127)[..., None], (pose.sleeve if pose.sleeve is not None else pose.skin), pose.skin
    )
    return alpha, (colour * roundness[..., None]).astype(np.float32)


def paint_hand(frame: np.ndarray, alpha: np.ndarray, colour: np.ndarray) -> None:
    """Lay the hand's colour over ``frame`` where ``alpha`` covers it."""
    a = alpha[..., None]
    frame *= 1 - a
    frame += colour * a
