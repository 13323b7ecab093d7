"""The calibration page's picture: before the camera is calibrated, the holes are drawn where the
markers put them, so that a newcomer sees the whole board is in view; a hidden marker draws none."""

from __future__ import annotations

import cv2
import numpy as np

from vision.markers import locate_board, project
from vision.overlay import draw_found
from vision.synthetic import SyntheticCamera


def _changed(before: np.ndarray, after: np.ndarray) -> int:
    """How many pixels the drawing changed."""
    return int(np.any(before != after, axis=2).sum())


def test_before_calibration_every_hole_is_drawn_where_the_markers_put_it() -> None:
    camera = SyntheticCamera("tock4", seed=5, tilt=10, rotation=20)
    camera.set_layout({})
    frame = camera.capture()
    out = draw_found(frame, camera.geometry)
    board_h, _ = locate_board(frame, camera.geometry)
    centres = np.rint(project(board_h, camera.geometry.centres)).astype(int)
    ringed = 0
    for x, y in centres:
        near = np.s_[max(y - 12, 0) : y + 12, max(x - 12, 0) : x + 12]
        ringed += _changed(frame[near], out[near]) > 0
    assert ringed == len(centres), f"{len(centres) - ringed} holes have no ring drawn around them"


def test_one_hidden_marker_still_finds_the_board_and_none_seen_draws_no_hole() -> None:
    """Three markers place the board (as reading does); with none seen, the band says which are missing."""
    camera = SyntheticCamera("tock4", seed=5)
    camera.set_layout({})
    frame = camera.capture()
    board_h, _ = locate_board(frame, camera.geometry)
    quads = [np.rint(project(board_h, m.corners())).astype(np.int32) for m in camera.geometry.markers]
    one_hidden = frame.copy()
    cv2.fillPoly(one_hidden, [cv2.convexHull(quads[0])], (40, 40, 40))  # a hand over one corner's marker
    below_band = np.s_[40:]
    assert _changed(one_hidden[below_band], draw_found(one_hidden, camera.geometry)[below_band]) > 1000
    all_hidden = frame.copy()
    for quad in quads:
        cv2.fillPoly(all_hidden, [cv2.convexHull(quad)], (40, 40, 40))
    out = draw_found(all_hidden, camera.geometry)
    assert _changed(all_hidden[below_band], out[below_band]) == 0, "no hole is drawn without the board"
    assert _changed(all_hidden[:28], out[:28]) > 0, "the top band says the markers are not seen"
