"""ArUco markers across OpenCV versions.

OpenCV 4.7 replaced the free functions ``cv2.aruco.detectMarkers``/``drawMarker`` with the
``ArucoDetector`` class and ``generateImageMarker``; Raspberry Pi OS ships OpenCV 4.6 as
python3-opencv, pip gives 4.8 or later. Everything else in vision calls these two functions only.
"""

from __future__ import annotations

import cv2
import numpy as np


class MarkerDictionaryError(ValueError):
    """The geometry names an ArUco dictionary that OpenCV does not have."""


def _dictionary(name: str) -> cv2.aruco.Dictionary:
    code = getattr(cv2.aruco, name, None) if name.startswith("DICT_") else None
    if not isinstance(code, int):
        raise MarkerDictionaryError(f"unknown ArUco dictionary {name!r} (expected a name like 'DICT_4X4_50')")
    return cv2.aruco.getPredefinedDictionary(code)


def marker_image(dictionary: str, marker_id: int, side_px: int) -> np.ndarray:
    """The marker's black-and-white square (its 1-bit border included) as a uint8 image."""
    d = _dictionary(dictionary)
    if hasattr(cv2.aruco, "generateImageMarker"):
        return cv2.aruco.generateImageMarker(d, marker_id, side_px)
    return cv2.aruco.drawMarker(d, marker_id, side_px)  # type: ignore[attr-defined,no-any-return]  # OpenCV <= 4.6


def marker_cells(dictionary: str) -> int:
    """Cells along a marker's side, its black border included (6 for a 4x4 dictionary)."""
    return int(_dictionary(dictionary).markerSize) + 2


PIXELS_PER_CELL = 8
"""Pixels per marker cell in the square a candidate marker is warped to before its bits are read."""
CELL_MARGIN = 0.25
"""Share of a cell's side left out on each side when its bit is read: its middle half votes.

OpenCV reads each cell from a 4-pixel square with no margin at all (its default 13 % rounds to none), so
a cell's edges, blurred by the lens, the sensor's demosaicking and JPEG into their neighbours, vote as
much as its middle: a marker about 50 px wide in a dim corner of the frame was then read with a wrong
bit and not found (photoreal milky-desk-2000's empty board), and the board was located from three
markers in one calibration picture and four in the other."""


def detect_markers(gray: np.ndarray, dictionary: str) -> dict[int, np.ndarray]:
    """Find the markers in a grey image.

    Returns:
        Marker id -> its 4 corners in the image, ``(4, 2)`` float64, in ArUco's order (top-left,
        top-right, bottom-right, bottom-left of the printed marker).
    """
    d = _dictionary(dictionary)
    if hasattr(cv2.aruco, "ArucoDetector"):
        params = cv2.aruco.DetectorParameters()
        _read_bits_in_cell_middles(params)
        corners, ids, _ = cv2.aruco.ArucoDetector(d, params).detectMarkers(gray)
    else:  # OpenCV <= 4.6
        params = cv2.aruco.DetectorParameters_create()  # type: ignore[attr-defined]
        _read_bits_in_cell_middles(params)
        corners, ids, _ = cv2.aruco.detectMarkers(gray, d, parameters=params)  # type: ignore[attr-defined]
    if ids is None:
        return {}
    found: dict[int, np.ndarray] = {}
    for marker_id, quad in zip(ids.ravel().tolist(), corners, strict=True):
        found.setdefault(int(marker_id), np.asarray(quad, np.float64).reshape(4, 2))
    return found


def _read_bits_in_cell_middles(params: cv2.aruco.DetectorParameters) -> None:
    """Sub-pixel corners, and each bit read from its cell's middle (see :data:`CELL_MARGIN`)."""
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.perspectiveRemovePixelPerCell = PIXELS_PER_CELL
    params.perspectiveRemoveIgnoredMarginPerCell = CELL_MARGIN
