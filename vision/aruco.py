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


def detect_markers(gray: np.ndarray, dictionary: str) -> dict[int, np.ndarray]:
    """Find the markers in a grey image.

    Returns:
        Marker id -> its 4 corners in the image, ``(4, 2)`` float64, in ArUco's order (top-left,
        top-right, bottom-right, bottom-left of the printed marker).
    """
    d = _dictionary(dictionary)
    if hasattr(cv2.aruco, "ArucoDetector"):
        params = cv2.aruco.DetectorParameters()
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        corners, ids, _ = cv2.aruco.ArucoDetector(d, params).detectMarkers(gray)
    else:  # OpenCV <= 4.6
        params = cv2.aruco.DetectorParameters_create()  # type: ignore[attr-defined]
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        corners, ids, _ = cv2.aruco.detectMarkers(gray, d, parameters=params)  # type: ignore[attr-defined]
    if ids is None:
        return {}
    found: dict[int, np.ndarray] = {}
    for marker_id, quad in zip(ids.ravel().tolist(), corners, strict=True):
        found.setdefault(int(marker_id), np.asarray(quad, np.float64).reshape(4, 2))
    return found
