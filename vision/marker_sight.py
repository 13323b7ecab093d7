"""Why markers the board has were not found though nothing covers them: too small in the frame (a camera
far away, or one of few pixels), or a picture out of focus (a fixed-focus webcam close to the board).
Measured on the markers that were found: the others are alike, only a little further from the reading's
limit. A newcomer told to "uncover" markers nothing covers has nothing to do.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.aruco import marker_cells

BLURRED_CELL = 0.18
"""Blur of the markers seen (see :func:`marker_blur`), as a share of a marker's square,
past which the others may be missed for a picture out of focus: on the 2,544 markers of the empty and
start pictures of the looked-at photoreal seeds 2000 to 2063, at most 0.16 (median 0.11); blurred by a
Gaussian of 2 pixels, a median of 0.19, and of 3.5 pixels 0.25, where ArUco lost 18 of 160 markers of
seeds 2060 and 2061 and calibration failed on 3 of the 80 set-ups of 2060 to 2063 for it."""
SMALL_MARKER_PX = 20.0
"""Median side (pixels) of the markers seen under which the others may be missed for being too small, not
covered: the empty boards of seeds 2064 and 2065 (40 photoreal set-ups) scaled to 0.3 of 1280 x 960 showed
markers of 12.8 to about 18 pixels, and one lost a marker; at 0.4 (17 to 24 pixels) none did."""
BLUR_REACH = 0.8
"""Share of a marker cell read on either side of its outer edge to measure the picture's blur."""
BLUR_CONTRAST = 20.0
"""Least rise (levels) from a marker's black border to its white margin for an edge to be measured."""


def marker_side_px(corners: np.ndarray) -> float:
    """The mean side, in pixels, of a marker seen at ``corners`` ``(4, 2)``."""
    return float(np.linalg.norm(corners - np.roll(corners, 1, axis=0), axis=1).mean())


def marker_blur(gray: np.ndarray, corners: np.ndarray, cells: int) -> float:
    """How far the picture's blur spreads a marker's outer edge, as a share of one of its ``cells`` (along
    a side): the median, over points along its four sides, of the edge's contrast over its steepest slope
    (a step blurred by a Gaussian of spread s rises at most contrast / (s sqrt(2 pi))), read within
    :data:`BLUR_REACH` of a cell across the edge (the marker's black border inside, its white margin
    outside). NaN where no side shows its edge (a marker half covered)."""
    cell = marker_side_px(corners) / cells
    centre = corners.mean(axis=0)
    across = np.linspace(-BLUR_REACH * cell, BLUR_REACH * cell, 33)
    spreads = []
    for k in range(4):
        start, end = corners[k], corners[(k + 1) % 4]
        along = (end - start) / max(float(np.linalg.norm(end - start)), 1e-9)
        for share in np.linspace(0.2, 0.8, 7):
            point = start + (end - start) * share
            outward = point - centre - along * float(np.dot(point - centre, along))
            outward /= max(float(np.linalg.norm(outward)), 1e-9)
            line = (point[None, :] + across[:, None] * outward[None, :]).astype(np.float32)
            profile = cv2.remap(gray, line[None, :, 0], line[None, :, 1], cv2.INTER_LINEAR)[0].astype(float)
            contrast = profile[-4:].mean() - profile[:4].mean()
            slope = float(np.max(np.diff(profile))) / (across[1] - across[0])
            if contrast > BLUR_CONTRAST and slope > 0:
                spreads.append(contrast / slope / np.sqrt(2 * np.pi))
    return float(np.median(spreads)) / cell if spreads else float("nan")


def why_unread(gray: np.ndarray, found: dict[int, np.ndarray], dictionary: str) -> str:
    """What keeps the board's other markers from being read in ``gray`` when the markers ``found`` (id ->
    corners) are too small or blurred, in words ("" when they are neither, or none was found)."""
    if not found:
        return ""
    side = float(np.median([marker_side_px(corners) for corners in found.values()]))
    if side < SMALL_MARKER_PX:
        height, width = gray.shape[:2]
        return (
            f"those seen are only {side:.0f} pixels wide in this {width}x{height} picture, too small to read"
            " for sure: bring the camera closer to the board, or use a camera giving more pixels"
        )
    cells = marker_cells(dictionary)
    blur = [marker_blur(gray, corners, cells) for corners in found.values()]
    measured = [b for b in blur if not np.isnan(b)]
    spread = float(np.median(measured)) if measured else 0.0
    if spread <= BLURRED_CELL:
        return ""
    return (
        f"the picture is out of focus (the edges of those seen are blurred over {spread:.0%} of a marker's"
        " square): focus the camera on the board (turn its lens), or move it to where it is sharp"
    )
