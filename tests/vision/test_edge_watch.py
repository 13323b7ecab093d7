"""A hand over the board crosses the board's edge; marbles and shadows never change it the way a hand does."""

from __future__ import annotations

import base64
import json
from dataclasses import replace

import cv2
import numpy as np
import pytest

from tests.vision.conftest import Rig, make_rig
from vision.calibration import Calibration, CalibrationError
from vision.edge_watch import ARM_MM, SHADE_DIRECTIONS, EdgeStrip, shade_reach, strip_points
from vision.geometry import BoardGeometry
from vision.markers import locate_board, project
from vision.photoreal.dataset import PhotorealSetup
from vision.photoreal_bench import calibrate_photoreal
from vision.reader import BoardReader
from vision.synthetic import random_layout

GEOMETRY = BoardGeometry.from_model("tock4")
SKIN_BGR = (70, 95, 160)
"""A medium skin in the frame's levels (the synthetic wood is about (100, 143, 175))."""


def _band(rig: Rig, frame: np.ndarray, x_mm: tuple[float, float], depth_mm: float = 40.0) -> np.ndarray:
    """A mask of the board's bottom edge between ``x_mm``, from the edge ``depth_mm`` onto the board,
    where calibration placed the board."""
    return _band_at(rig.calibration.board_h, frame, x_mm, depth_mm)


def _band_at(
    board_h: np.ndarray, frame: np.ndarray, x_mm: tuple[float, float], depth_mm: float = 40.0
) -> np.ndarray:
    """The same where ``board_h`` (board millimetres to pixels) places the board."""
    height = GEOMETRY.size_mm[1]
    (x0, x1) = x_mm
    corners = np.array([[x0, height + 5], [x1, height + 5], [x1, height - depth_mm], [x0, height - depth_mm]])
    mask = np.zeros(frame.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, np.rint(project(board_h, corners)).astype(np.int32), 255)
    return mask > 0


def _frame(rig: Rig) -> np.ndarray:
    rig.camera.set_layout(random_layout(rig.geometry, np.random.default_rng(4)))
    return rig.camera.capture()


def test_the_strip_keeps_off_the_markers_and_the_holes() -> None:
    points, side = strip_points(GEOMETRY)
    assert len(points) == len(side) > 200
    assert set(side.tolist()) == {0, 1, 2, 3}
    for marker in GEOMETRY.markers:
        assert np.all(np.max(np.abs(points - marker.centre), axis=1) > marker.reach)
    nearest_hole = np.min(np.linalg.norm(points[:, None] - GEOMETRY.centres[None], axis=2), axis=1)
    assert nearest_hole.min() > GEOMETRY.marble_diameter / 2


def test_a_forearm_across_the_board_edge_is_a_hand_over_the_board(plain_rig: Rig) -> None:
    frame = _frame(plain_rig)
    assert plain_rig.reader.read(frame).status == "ok"
    arm = frame.copy()
    arm[_band(plain_rig, frame, (150.0, 215.0))] = SKIN_BGR
    reading = plain_rig.reader.read(arm)
    assert reading.status == "occluded"
    assert "across the board's edge" in reading.message


@pytest.fixture(scope="module")
def grain_rig() -> Rig:
    """Calibrated as the wizard does, the empty board first: two pictures that show the board's grain."""
    return make_rig(seed=3, tilt=5, rotation=-10, noise=2, empty_first=True)


def _wood_coloured(rig: Rig, frame: np.ndarray, x_mm: tuple[float, float]) -> np.ndarray:
    """``frame`` with a band across the bottom edge painted in the very colour the wood shows there on
    average, a little darker, as light skin in its own shade over light wood: no hue of its own."""
    painted = frame.copy()
    band = _band(rig, frame, x_mm)
    painted[band] = np.rint(frame[band].astype(np.float32).mean(axis=0) * 0.7).astype(np.uint8)
    return painted


def test_something_the_wood_s_colour_across_the_edge_is_a_hand_by_the_grain_it_hides(grain_rig: Rig) -> None:
    frame = _frame(grain_rig)
    edge = grain_rig.calibration.edge
    assert edge is not None and edge.grained is not None and edge.grained.mean() > 0.5
    assert grain_rig.reader.read(frame).status == "ok"
    fingers = _wood_coloured(grain_rig, frame, (150.0, 215.0))
    reading = grain_rig.reader.read(fingers)
    assert reading.status == "occluded" and "across the board's edge" in reading.message
    # the grain is what tells it: the strip without it takes the band for a shade
    blind = EdgeStrip(edge.pixels, edge.side, edge.reference, edge.hidden_by)
    assert blind.crossed_mm(fingers) < ARM_MM <= edge.crossed_mm(fingers)


@pytest.mark.parametrize("rig_name", ["plain_rig", "grain_rig"])
def test_a_shadow_across_the_edge_keeps_the_board_read(rig_name: str, request: pytest.FixtureRequest) -> None:
    """A person leaning over darkens the wood along the edge and keeps its hue and its grain (the grain
    rig was calibrated on two pictures, which show the grain)."""
    rig: Rig = request.getfixturevalue(rig_name)
    frame = _frame(rig)
    shaded = frame.astype(np.float32)
    shaded[_band(rig, frame, (100.0, 260.0), depth_mm=8.0)] *= 0.5
    shaded_frame = np.clip(shaded, 0, 255).astype(np.uint8)
    assert rig.calibration.edge is not None
    assert (rig.calibration.edge.grain is not None) == (rig_name == "grain_rig")
    assert rig.calibration.edge.crossed_mm(shaded_frame) == 0.0
    assert rig.reader.read(shaded_frame).status == "ok"


def test_something_narrower_than_a_wrist_at_the_edge_is_no_hand(plain_rig: Rig) -> None:
    frame = _frame(plain_rig)
    edge = plain_rig.calibration.edge
    assert edge is not None
    narrow = frame.copy()
    narrow[_band(plain_rig, frame, (170.0, 170.0 + ARM_MM - 12.0))] = SKIN_BGR
    wide = frame.copy()
    wide[_band(plain_rig, frame, (170.0, 170.0 + ARM_MM + 6.0))] = SKIN_BGR
    assert 0 < edge.crossed_mm(narrow) < ARM_MM <= edge.crossed_mm(wide)


@pytest.mark.parametrize("name", ["clear-desk-0", "peg-desk-0"])
def test_a_hand_resting_on_a_marble_keeps_the_photoreal_board_unread(
    name: str, photoreal_setups: dict[str, PhotorealSetup]
) -> None:
    setup = photoreal_setups[name]
    reader = calibrate_photoreal(setup, GEOMETRY)
    assert isinstance(reader, BoardReader)
    reading = reader.read(setup.first("rest").image())
    assert reading.status == "occluded"
    assert "across the board's edge" in reading.message


def test_no_board_without_a_hand_is_taken_for_one(photoreal_setups: dict[str, PhotorealSetup]) -> None:
    """Marbles' shadows and caustics, a desk lamp's pool of light: every material and light committed."""
    for setup in photoreal_setups.values():
        reader = calibrate_photoreal(setup, GEOMETRY)
        assert isinstance(reader, BoardReader) and reader.calibration is not None
        edge = reader.calibration.edge
        assert edge is not None
        for frame in setup.boards():
            assert edge.crossed_mm(frame.image()) < ARM_MM, (setup.name, frame.step)


def test_the_strip_is_saved_with_the_calibration_and_older_ones_load_without_it(grain_rig: Rig) -> None:
    edge = grain_rig.calibration.edge
    saved = Calibration.from_json(grain_rig.calibration.to_json()).edge
    assert saved is not None and edge is not None
    assert np.array_equal(saved.reference, edge.reference)
    assert np.allclose(saved.pixels, edge.pixels, atol=0.01)
    assert edge.hidden_by is not None and saved.hidden_by is not None
    assert edge.hidden_by.shape == (len(edge.pixels), len(GEOMETRY.place_ids))
    assert np.array_equal(saved.hidden_by, edge.hidden_by)
    assert edge.under_marble is not None and saved.under_marble is not None
    assert np.array_equal(saved.under_marble, edge.under_marble)
    assert not (edge.under_marble & ~edge.hidden_by).any()  # a body is part of what a marble hides
    assert edge.grain is not None and saved.grain is not None and np.array_equal(saved.grain, edge.grain)
    assert edge.grained is not None and saved.grained is not None
    assert np.array_equal(saved.grained, edge.grained)
    strip = edge.to_data()
    # a strip saved before the holes were told apart: the points any marble may hide, in one column
    strip["marble_free"] = (~edge.hidden_by.any(axis=1)).astype(int).tolist()
    for key in ("hidden_by", "grain", "grained", "under_marble"):
        del strip[key]
    older_strip = EdgeStrip.from_data(strip)
    assert older_strip.grain is None and older_strip.hidden_by is not None
    assert older_strip.under_marble is None
    assert np.array_equal(older_strip.hidden_by[:, 0], edge.hidden_by.any(axis=1))
    frame = _frame(grain_rig)
    assert older_strip.crossed_mm(frame, np.ones(len(GEOMETRY.place_ids), bool)) == 0.0
    del strip["marble_free"]  # a strip saved before marbles near the edge were left out
    assert EdgeStrip.from_data(strip).hidden_by is None
    older = json.loads(grain_rig.calibration.to_json())
    del older["edge"]
    without = Calibration.from_json(json.dumps(older))
    assert without.edge is None
    assert BoardReader(grain_rig.geometry, without).read(frame).layout == grain_rig.reader.read(frame).layout


def test_a_strip_whose_parts_differ_in_number_is_no_saved_strip(plain_rig: Rig) -> None:
    assert plain_rig.calibration.edge is not None
    data = plain_rig.calibration.edge.to_data()
    data["side"] = data["side"][:-1]
    with pytest.raises(ValueError, match="differ in number"):
        EdgeStrip.from_data(data)


def test_a_saved_strip_whose_grain_is_not_of_squares_of_the_strip_s_size_is_refused(grain_rig: Rig) -> None:
    """A grain of another size would fail the reading of every frame: the file is refused when loaded."""
    text = json.loads(grain_rig.calibration.to_json())
    edge = text["edge"]
    points = len(edge["pixels"])
    edge["grain"] = base64.b64encode(np.zeros((points, 4), np.uint8).tobytes()).decode()
    with pytest.raises(CalibrationError, match="not a saved calibration"):
        Calibration.from_json(json.dumps(text))


def test_a_board_bumped_by_a_hand_is_read_again_once_the_hand_has_gone() -> None:
    """The frame that finds the board moved may show the hand that bumped it: the strip keeps the look
    calibration saw, at the board's new place, so the bare edge afterwards is no hand."""
    rig = make_rig(seed=8, tilt=15, rotation=5, noise=2)
    layout = random_layout(rig.geometry, np.random.default_rng(2))
    rig.camera.set_layout(layout)
    assert rig.reader.read(rig.camera.capture()).status == "ok"
    rig.camera.move_board(6.0, -4.0, 2.0)
    bumped = rig.camera.capture()
    moved_h = locate_board(bumped, rig.geometry)[0]
    band = _band_at(moved_h, bumped, (150.0, 215.0))
    bumped[band] = SKIN_BGR
    assert rig.reader.read(bumped).status == "board_moved"
    with_hand = rig.camera.capture()
    with_hand[band] = SKIN_BGR
    assert rig.reader.read(with_hand).status == "occluded"
    again = rig.reader.read(rig.camera.capture())
    assert again.status == "ok" and again.layout == layout


BAND_MM = (150.0, 215.0)
"""Where along the edge the tests below put something over the strip."""


def _band_by_first_hole(rig: Rig) -> tuple[EdgeStrip, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The rig's strip, a frame, the band of :data:`BAND_MM` in it, a mask of the strip's points in
    that band as the first hole's (``(n, places)``), and the places with a marble in the first hole."""
    edge = rig.calibration.edge
    assert edge is not None and edge.hidden_by is not None
    frame = _frame(rig)
    band = _band(rig, frame, BAND_MM)
    inside = np.array([band[int(round(y)), int(round(x))] for x, y in edge.pixels])
    mask = np.zeros_like(edge.hidden_by)
    mask[inside, 0] = True
    marble = np.zeros(len(GEOMETRY.place_ids), bool)
    marble[0] = True
    return edge, frame, band, mask, marble


def test_a_marble_read_next_to_the_edge_leaves_out_its_shade_but_not_a_hand_s_hue(grain_rig: Rig) -> None:
    """Where a marble read in a hole may shade the strip, a change that keeps the wood's hue is its shade;
    skin is not, even when fingers over that hole read as the marble (milky-window-2026)."""
    edge, frame, band, hidden_by, marble = _band_by_first_hole(grain_rig)
    strip = replace(edge, hidden_by=hidden_by)  # the first hole's marble may shade the band
    none = np.zeros_like(marble)
    shade_like = _wood_coloured(grain_rig, frame, BAND_MM)
    assert strip.crossed_mm(shade_like, marble) < ARM_MM <= strip.crossed_mm(shade_like, none)
    skin = frame.copy()
    skin[band] = SKIN_BGR
    assert strip.crossed_mm(skin, marble) >= ARM_MM


def test_a_marble_read_next_to_the_edge_leaves_out_its_own_colour_where_its_body_covers_the_strip(
    grain_rig: Rig,
) -> None:
    """Seen from a tilted camera, a marble near the edge stands out over the strip: where its own body
    covers it, a colour unlike the wood's is the marble's (wood-desk-2049), not a hand's; beside its body,
    in its shade only, the same colour still counts."""
    edge, frame, band, masks, marble = _band_by_first_hole(grain_rig)  # the first hole's marble covers it
    coloured = frame.copy()
    coloured[band] = SKIN_BGR
    body = replace(edge, hidden_by=masks, under_marble=masks)
    shade = replace(edge, hidden_by=masks, under_marble=np.zeros_like(masks))
    assert body.crossed_mm(coloured, marble) < ARM_MM <= shade.crossed_mm(coloured, marble)
    assert body.crossed_mm(coloured, ~marble) >= ARM_MM  # no marble read there: a hand
    assert body.crossed_mm(coloured, None) >= ARM_MM  # no holes read: no marble known to be there


def test_each_hole_takes_the_shade_of_the_marbles_nearest_it_as_a_lamp_s_shadows_turn() -> None:
    """A lamp between two reserves throws their shadows opposite ways: each hole's shade reaches the way
    its nearest marbles' shadows fall, not the way of the board's median."""
    empty = np.full((300, 700, 3), 150, np.uint8)
    frame = empty.copy()
    left = np.array([[110.0, 90], [110, 125], [110, 160], [110, 195]])  # a column: no shadow over another
    right = left + [450, 0]
    for (x, y), away in [*((c, -1) for c in left), *((c, 1) for c in right)]:
        tail = (int(x + away * 40), int(y))
        cv2.line(frame, (int(x), int(y)), tail, (90, 90, 90), 8)  # the shadow, away from the lamp
        cv2.circle(frame, (int(x), int(y)), 10, (40, 40, 200), -1)
    centres = np.vstack([left, right])
    holes = np.array([[130.0, 150], [580, 150]])
    reach = shade_reach(frame, empty, centres, np.full(len(centres), 10.0), holes)
    assert reach.shape == (2, SHADE_DIRECTIONS)
    towards_x, away_x = 0, SHADE_DIRECTIONS // 2  # the rays along +x and along -x
    assert reach[0, away_x] >= 3 and reach[0, towards_x] < 2
    assert reach[1, towards_x] >= 3 and reach[1, away_x] < 2
