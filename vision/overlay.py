"""A frame with what vision sees drawn on it, for the calibration page and for debugging."""

from __future__ import annotations

import cv2
import numpy as np

from vision.calibration import Calibration, marble_centre_height
from vision.geometry import BoardGeometry
from vision.markers import BoardNotFound, locate_board, project
from vision.reader import BoardReading

STATUS_BGR = {"ok": (60, 180, 60), "occluded": (0, 165, 255), "board_moved": (0, 200, 255)}
UNCERTAIN_BGR = (0, 0, 255)
EMPTY_BGR = (200, 200, 200)


def draw(
    frame: np.ndarray, reading: BoardReading, calibration: Calibration, geometry: BoardGeometry | None = None
) -> np.ndarray:
    """Draw the board outline, the markers, every hole and what was read there on a copy of ``frame``.

    Holes are circles at the height a marble is seen; a marble read is a filled dot labelled with its
    seat, an uncertain place a red ring, an empty place a thin grey ring. The status and message go on
    top.

    Args:
        frame: the frame that was read (BGR uint8).
        reading: its reading.
        calibration: the calibration used.
        geometry: the board; ``BoardGeometry.from_model(calibration.model)`` when omitted.
    """
    geometry = geometry if geometry is not None else BoardGeometry.from_model(calibration.model)
    out = frame.copy()
    _outline(out, calibration.board_h, geometry)
    centre_h = calibration.homography_at(marble_centre_height(geometry))
    points = project(centre_h, geometry.centres)
    edge = project(centre_h, geometry.centres + [geometry.marble_diameter / 2, 0])
    radii = np.linalg.norm(edge - points, axis=1)
    uncertain = set(reading.uncertain)
    for place, (x, y), r in zip(geometry.place_ids, points, radii, strict=True):
        centre = (int(round(x)), int(round(y)))
        if place in uncertain:
            cv2.circle(out, centre, int(r), UNCERTAIN_BGR, 2, cv2.LINE_AA)
        elif place in reading.layout:
            cv2.circle(out, centre, int(r * 0.35), (255, 255, 255), -1, cv2.LINE_AA)
            cv2.putText(
                out,
                reading.layout[place],
                (centre[0] - 4, centre[1] + 4),
                cv2.FONT_HERSHEY_SIMPLEX,
                0.4,
                (0, 0, 0),
                1,
                cv2.LINE_AA,
            )
        else:
            cv2.circle(out, centre, int(r * 0.8), EMPTY_BGR, 1, cv2.LINE_AA)
    text = reading.status + (f": {reading.message}" if reading.message else "")
    _status(out, text, STATUS_BGR.get(reading.status, (0, 0, 255)))
    return out


def draw_found(frame: np.ndarray, geometry: BoardGeometry) -> np.ndarray:
    """Before calibration (or between its steps): the board found by its markers in ``frame`` now, with
    every hole drawn where it lies on the board's surface, so that a newcomer sees the camera has the
    whole board; or, when the markers are not all found, which ones are missing."""
    out = frame.copy()
    try:
        board_h, _ = locate_board(frame, geometry)
    except BoardNotFound as error:
        hidden = [m.id for m in geometry.markers if m.id not in error.ids]
        _status(out, f"board not found: markers {hidden} not seen", (0, 0, 255))
        return out
    _outline(out, board_h, geometry)
    points = project(board_h, geometry.centres)
    edge = project(board_h, geometry.centres + [geometry.marble_diameter / 2, 0])
    for (x, y), r in zip(points, np.linalg.norm(edge - points, axis=1), strict=True):
        cv2.circle(out, (int(round(x)), int(round(y))), int(r), (255, 200, 0), 1, cv2.LINE_AA)
    _status(out, "board found: every hole drawn where the camera sees it", STATUS_BGR["ok"])
    return out


def _outline(out: np.ndarray, board_h: np.ndarray, geometry: BoardGeometry) -> None:
    """The board's edge and its markers (with their ids), drawn on ``out``."""
    board = project(board_h, geometry.board_corners())
    cv2.polylines(out, [np.rint(board).astype(np.int32)], True, (255, 200, 0), 2, cv2.LINE_AA)
    for marker in geometry.markers:
        quad = project(board_h, marker.corners())
        cv2.polylines(out, [np.rint(quad).astype(np.int32)], True, (255, 0, 255), 2, cv2.LINE_AA)
        x, y = quad[0]
        cv2.putText(
            out,
            str(marker.id),
            (int(x), int(y) - 4),
            cv2.FONT_HERSHEY_SIMPLEX,
            0.5,
            (255, 0, 255),
            1,
            cv2.LINE_AA,
        )


def _status(out: np.ndarray, text: str, colour: tuple[int, int, int]) -> None:
    """One line of status on a black band at the top of ``out``."""
    cv2.rectangle(out, (0, 0), (out.shape[1], 28), (0, 0, 0), -1)
    cv2.putText(out, text[:120], (8, 20), cv2.FONT_HERSHEY_SIMPLEX, 0.6, colour, 1, cv2.LINE_AA)
