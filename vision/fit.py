"""Adapt a board model's geometry to a real wooden board from one photo of it, empty.

The markers give the board's position; dark round blobs of about the hole's size are found in the
photo and each place takes the blob nearest its modelled position (within half a pitch). Places
without a blob keep their modelled position and are listed, so a maker knows what to check.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.geometry import BoardGeometry
from vision.markers import locate_board, project

MATCH_SHARE = 0.45
"""Largest distance, as a share of the pitch, from a modelled hole to the blob that replaces it."""


@dataclass(frozen=True)
class FitResult:
    """The fitted geometry and how far it moved from the model."""

    geometry: BoardGeometry
    matched: int
    missing: tuple[str, ...]
    """Places without a hole found near them (kept at the model's position)."""
    mean_shift_mm: float
    max_shift_mm: float


def fit_geometry(photo: np.ndarray, model: BoardGeometry) -> FitResult:
    """Measure the holes of an empty board in a photo taken from above.

    Raises:
        vision.markers.BoardNotFound: the markers are not visible.
    """
    board_h, _ = locate_board(photo, model)
    to_board = np.linalg.inv(board_h)
    gray = cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY) if photo.ndim == 3 else photo
    gray = cv2.GaussianBlur(gray, (0, 0), 1.0)
    centres_px = project(board_h, model.centres)
    edge_px = project(board_h, model.centres + [model.hole_radius, 0.0])
    radius_px = float(np.median(np.linalg.norm(edge_px - centres_px, axis=1)))
    params = cv2.SimpleBlobDetector_Params()  # type: ignore[attr-defined]
    params.filterByColor = True
    params.blobColor = 0
    params.filterByArea = True
    params.minArea = float(np.pi * (0.5 * radius_px) ** 2)
    params.maxArea = float(np.pi * (1.8 * radius_px) ** 2)
    params.filterByCircularity = True
    params.minCircularity = 0.6
    params.filterByConvexity = False
    params.filterByInertia = False
    detector = cv2.SimpleBlobDetector_create(params)  # type: ignore[attr-defined]
    blobs = np.array([k.pt for k in detector.detect(gray)], np.float64).reshape(-1, 2)
    blobs_mm = project(to_board, blobs) if len(blobs) else np.zeros((0, 2))
    reach = MATCH_SHARE * model.pitch_mm
    places = dict(model.places)
    missing = []
    shifts = []
    for place, centre in model.places.items():
        if len(blobs_mm):
            distance = np.linalg.norm(blobs_mm - centre, axis=1)
            best = int(np.argmin(distance))
            if distance[best] <= reach:
                places[place] = (round(float(blobs_mm[best, 0]), 2), round(float(blobs_mm[best, 1]), 2))
                shifts.append(float(distance[best]))
                continue
        missing.append(place)
    data = model.to_data()
    data["places"] = {p: list(c) for p, c in places.items()}
    return FitResult(
        geometry=BoardGeometry.from_data(data),
        matched=len(shifts),
        missing=tuple(missing),
        mean_shift_mm=float(np.mean(shifts)) if shifts else 0.0,
        max_shift_mm=float(np.max(shifts)) if shifts else 0.0,
    )
