"""Where the board is in the frame: ArUco markers -> homography, and a cheap check that it has not moved.

Detecting markers costs about 12 ms on a 1280 x 960 frame, more than the whole reading budget, so it
runs at calibration and when the cheap check fails. The cheap check (:class:`AnchorWatch`) matches a few
small patches cut from the calibration frame (the markers, or the clicked board corners) in a window
around where they were: a dozen sub-millisecond template matches tell "still there", "moved by so
many pixels" or "covered".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from vision.aruco import detect_markers
from vision.geometry import BoardGeometry

MIN_MARKERS = 3
"""Markers needed to locate the board: one of four may be hidden by a hand or a glare."""
ANCHOR_HALF_PX = 20
"""Half side of an anchor template, in half-resolution pixels."""
SEARCH_PX = 6
"""How far around its calibrated place an anchor is searched, in half-resolution pixels."""
MATCH_SCORE = 0.6
"""Normalised correlation above which an anchor counts as seen."""
CORNER_NOISE_PX = 1.0
"""Largest distance, in pixels, at which a marker corner found in two frames of a still board is taken
for the same point (their detection noise moved them by 0.4 px at most on the photoreal seeds 2000-2001;
now and then ArUco puts one corner 3 px off)."""
STILL_PX = 1.5
"""Largest anchor shift, in full-resolution pixels, still taken as "the board has not moved"."""


class BoardNotFound(Exception):
    """The board could not be located in a frame; the message says why (markers missing...).

    Args:
        message: what was wrong.
        seen: how many of the board's markers were found.
        ids: the ids of the board's markers found.
        found: those markers' corners (id -> ``(4, 2)`` pixels), to tell why the others were not.
    """

    def __init__(
        self,
        message: str,
        *,
        seen: int = 0,
        ids: tuple[int, ...] = (),
        found: dict[int, np.ndarray] | None = None,
    ) -> None:
        super().__init__(message)
        self.seen = seen
        self.ids = ids
        self.found = found or {}


def project(h: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Apply a homography to ``(n, 2)`` points."""
    p = np.column_stack([points, np.ones(len(points))]) @ h.T
    return np.asarray(p[:, :2] / p[:, 2:3])


def locate_board(frame: np.ndarray, geometry: BoardGeometry) -> tuple[np.ndarray, tuple[int, ...]]:
    """Find the board's markers and the homography from board millimetres (board surface) to pixels.

    Returns:
        (homography, ids of the markers seen).

    Raises:
        BoardNotFound: fewer than :data:`MIN_MARKERS` of the board's markers are visible.
    """
    markers = board_markers(frame, geometry)
    return board_homography(markers, geometry), tuple(sorted(markers))


def board_markers(frame: np.ndarray, geometry: BoardGeometry) -> dict[int, np.ndarray]:
    """The board's markers seen in a frame: id -> its 4 corners in pixels (ArUco's order).

    Raises:
        BoardNotFound: fewer than :data:`MIN_MARKERS` of the board's markers are visible.
    """
    gray = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    found = detect_markers(gray, geometry.marker_dictionary)
    ids = tuple(sorted(i for i in found if i in geometry.marker_ids))
    need = min(MIN_MARKERS, len(geometry.markers))
    if len(ids) < need:
        others = sorted(set(found) - set(geometry.marker_ids))
        hint = f"; markers {others} belong to another board model" if others and not ids else ""
        raise BoardNotFound(
            f"{len(ids)} of the board's {len(geometry.markers)} markers visible"
            f" (ids {list(geometry.marker_ids)}),"
            f" {need} needed{hint}",
            seen=len(ids),
            ids=ids,
            found={i: found[i] for i in ids},
        )
    return {i: found[i] for i in ids}


def board_homography(markers: dict[int, np.ndarray], geometry: BoardGeometry) -> np.ndarray:
    """The homography from board millimetres (board surface) to pixels that puts the board's markers
    where they were seen (``markers``: id -> 4 corners in pixels).

    Raises:
        BoardNotFound: the markers do not give a consistent board position.
    """
    ids = sorted(markers)
    board = np.vstack([geometry.marker(i).corners() for i in ids])
    image = np.vstack([markers[i] for i in ids])
    h, _ = cv2.findHomography(board, image, 0)
    if h is None:
        raise BoardNotFound("the markers seen do not give a consistent board position", seen=len(ids))
    return np.asarray(h / h[2, 2])


def board_shift(
    before: dict[int, np.ndarray], after: dict[int, np.ndarray], points: np.ndarray
) -> float | None:
    """How far, in pixels, ``points`` of the frame ``after`` (the holes) moved from the frame ``before``,
    by the markers seen in both (id -> 4 corners), or ``None`` when no marker is seen in both (or their
    corners fit no motion).

    The markers are compared with each other, not the board positions fitted to them: fits to three
    markers and to four differ by several pixels far from the markers under a wide lens's distortion,
    though nothing moved. The motion is the turn, scale and shift that carries most of the shared
    corners onto each other: ArUco now and then puts one corner of a marker a few pixels off, which
    moves no hole.
    """
    shared = sorted(set(before) & set(after))
    if not shared:
        return None
    motion, _ = cv2.estimateAffinePartial2D(
        np.vstack([after[i] for i in shared]),
        np.vstack([before[i] for i in shared]),
        method=cv2.RANSAC,
        ransacReprojThreshold=CORNER_NOISE_PX,
    )
    if motion is None:
        return None
    moved = points @ motion[:, :2].T + motion[:, 2]
    return float(np.linalg.norm(moved - points, axis=1).max())


@dataclass(frozen=True)
class WatchResult:
    """What the anchors say about one frame."""

    seen: int
    """Anchors found where expected (or nearby)."""
    total: int
    shift_px: float
    """Median shift of the anchors seen, full-resolution pixels."""

    @property
    def still(self) -> bool:
        """At least two anchors seen, none of them moved."""
        return self.seen >= 2 and self.shift_px <= STILL_PX


class AnchorWatch:
    """Small patches of the calibration frame, re-found in every frame to check the board's place.

    Args:
        items: per anchor, its search window ``(x0, y0, x1, y1)`` in the frame and its half-resolution
            grey template (cut from the centre of that window).
    """

    def __init__(self, items: list[tuple[tuple[int, int, int, int], np.ndarray]]) -> None:
        self._items = items

    @classmethod
    def from_frame(cls, frame: np.ndarray, points: np.ndarray) -> AnchorWatch:
        """Cut anchors around ``points`` (``(n, 2)`` pixels) of ``frame``.

        Flat patches and patches cut by the frame's edge are skipped.
        """
        height, width = frame.shape[:2]
        items = []
        half = ANCHOR_HALF_PX * 2
        reach = half + SEARCH_PX * 2
        for x, y in np.asarray(points, np.float64):
            cx, cy = int(round(x)), int(round(y))
            if cx - reach < 0 or cy - reach < 0 or cx + reach > width or cy + reach > height:
                continue
            template = _half_gray(frame[cy - half : cy + half, cx - half : cx + half])
            if float(template.std()) < 8.0:
                continue  # a flat patch cannot be located
            items.append(((cx - reach, cy - reach, cx + reach, cy + reach), template))
        return cls(items)

    def to_data(self) -> list[dict[str, Any]]:
        return [{"window": list(w), "template": t.tolist()} for w, t in self._items]

    @classmethod
    def from_data(cls, data: list[dict[str, Any]]) -> AnchorWatch:
        items = []
        for item in data:
            x0, y0, x1, y1 = (int(v) for v in item["window"])
            items.append(((x0, y0, x1, y1), np.array(item["template"], np.uint8)))
        return cls(items)

    @property
    def size(self) -> int:
        """Number of usable anchors."""
        return len(self._items)

    def check(self, frame: np.ndarray) -> WatchResult:
        """Find each anchor near its calibrated place."""
        shifts = []
        for (x0, y0, x1, y1), template in self._items:
            window = _half_gray(frame[y0:y1, x0:x1])
            scores = cv2.matchTemplate(window, template, cv2.TM_CCOEFF_NORMED)
            _, best, _, (bx, by) = cv2.minMaxLoc(scores)
            if best < MATCH_SCORE:
                continue
            dx = bx + _parabola(scores, by, bx, axis=1) - SEARCH_PX
            dy = by + _parabola(scores, by, bx, axis=0) - SEARCH_PX
            shifts.append(2.0 * float(np.hypot(dx, dy)))
        return WatchResult(
            len(shifts), len(self._items), float(np.median(shifts)) if shifts else float("inf")
        )


def _half_gray(patch: np.ndarray) -> np.ndarray:
    gray = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY) if patch.ndim == 3 else patch
    return cv2.resize(gray, (gray.shape[1] // 2, gray.shape[0] // 2), interpolation=cv2.INTER_AREA)


def _parabola(scores: np.ndarray, y: int, x: int, *, axis: int) -> float:
    """Sub-pixel offset of a correlation peak along one axis (0 at the borders)."""
    if axis == 1:
        if not 0 < x < scores.shape[1] - 1:
            return 0.0
        a, b, c = scores[y, x - 1], scores[y, x], scores[y, x + 1]
    else:
        if not 0 < y < scores.shape[0] - 1:
            return 0.0
        a, b, c = scores[y - 1, x], scores[y, x], scores[y + 1, x]
    denominator = a - 2 * b + c
    return float(0.5 * (a - c) / denominator) if denominator < 0 else 0.0
