"""Reading marbles off rendered frames: accuracy, the marble plane, and every kind of bad frame."""

from __future__ import annotations

import numpy as np
import pytest

from tests.vision.conftest import Rig, make_rig
from vision.calibration import Calibration, CalibrationError, marble_centre_height
from vision.markers import project
from vision.reader import BoardReader
from vision.synthetic import random_layout, starting_layout


def _read(rig: Rig, layout: dict[str, str], *, hand: bool = False):  # type: ignore[no-untyped-def]
    rig.camera.set_layout(layout)
    rig.camera.set_hand(hand)
    try:
        return rig.reader.read(rig.camera.capture())
    finally:
        rig.camera.set_hand(False)


def test_calibration_finds_the_plane_marbles_are_seen_at(tilted_rig: Rig) -> None:
    geometry = tilted_rig.geometry
    height = marble_centre_height(geometry)
    found = project(tilted_rig.calibration.homography_at(height), geometry.centres)
    truth = project(tilted_rig.camera.homography(height), geometry.centres)
    board_level = project(tilted_rig.camera.homography(0.0), geometry.centres)
    assert np.linalg.norm(found - truth, axis=1).max() < 2.0
    parallax = np.linalg.norm(board_level - truth, axis=1).max()
    assert parallax > 4.0  # what reading at the board surface would be off by, at 35 degrees


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_reads_mid_game_layouts_exactly_under_a_tilted_noisy_camera(tilted_rig: Rig, seed: int) -> None:
    layout = random_layout(tilted_rig.geometry, np.random.default_rng(seed))
    reading = _read(tilted_rig, layout)
    assert reading.status == "ok", reading.message
    assert reading.layout == layout
    assert reading.uncertain == ()
    assert min(reading.confidence.values()) >= 0.97


def test_reads_the_6_section_board() -> None:
    rig = make_rig("tock6", seed=5, tilt=20, rotation=100, noise=3)
    layout = random_layout(rig.geometry, np.random.default_rng(9))
    assert _read(rig, layout).layout == layout


def test_an_empty_board_reads_empty(plain_rig: Rig) -> None:
    reading = _read(plain_rig, {})
    assert (reading.status, reading.layout, reading.uncertain) == ("ok", {}, ())


def test_an_arm_over_the_board_is_never_read_as_marbles(tilted_rig: Rig) -> None:
    rng = np.random.default_rng(4)
    statuses = []
    for _ in range(6):
        layout = random_layout(tilted_rig.geometry, rng)
        reading = _read(tilted_rig, layout, hand=True)
        statuses.append(reading.status)
        if reading.status == "ok":  # an arm off the holes may leave the board readable, never misread
            assert {p: s for p, s in reading.layout.items()} == {
                p: s for p, s in layout.items() if p not in reading.uncertain
            }
    assert statuses.count("occluded") >= 4


@pytest.mark.parametrize(
    ("frame", "message"),
    [
        (np.zeros((960, 1280, 3), np.uint8), "too dark"),
        (np.full((960, 1280, 3), 255, np.uint8), "overexposed"),
        (np.zeros((480, 640, 3), np.uint8), "640x480"),
        (np.zeros((960, 1280), np.uint8), "BGR uint8"),
        (None, "not an image"),
    ],
)
def test_bad_frames_get_a_status_never_an_exception(plain_rig: Rig, frame: object, message: str) -> None:
    reading = plain_rig.reader.read(frame)
    assert reading.status == "bad_frame"
    assert message in reading.message
    assert reading.layout == {}


def test_a_frame_without_the_board_says_so(plain_rig: Rig) -> None:
    rng = np.random.default_rng(0)
    table = rng.integers(60, 90, (960, 1280, 3), dtype=np.uint8)
    reading = plain_rig.reader.read(table)
    assert reading.status == "no_board"
    assert "markers" in reading.message


def test_reading_before_calibration_asks_for_it(plain_rig: Rig) -> None:
    reading = BoardReader(plain_rig.geometry).read(plain_rig.camera.capture())
    assert reading.status == "no_board"
    assert "not calibrated" in reading.message


def test_a_bumped_board_is_reported_moved_then_read_again() -> None:
    rig = make_rig(seed=8, tilt=15, rotation=5, noise=2)
    layout = random_layout(rig.geometry, np.random.default_rng(2))
    assert _read(rig, layout).layout == layout
    rig.camera.move_board(6.0, -4.0, 2.0)
    moved = _read(rig, layout)
    assert moved.status == "board_moved"
    assert moved.layout == {}
    again = _read(rig, layout)
    assert again.status == "ok"
    assert again.layout == layout


def test_calibration_still_works_with_one_marker_hidden() -> None:
    rig = make_rig(seed=6, tilt=10)
    camera = rig.camera
    frame = camera.capture()
    quad = project(camera.homography(), np.array(rig.geometry.markers[2].corners()))
    x0, y0 = quad.min(axis=0).astype(int) - 12
    x1, y1 = quad.max(axis=0).astype(int) + 12
    frame[y0:y1, x0:x1] = (70, 74, 80)
    reader = BoardReader(rig.geometry)
    reader.calibrate(frame, starting_layout(rig.geometry))
    layout = random_layout(rig.geometry, np.random.default_rng(3))
    camera.set_layout(layout)
    assert reader.read(camera.capture()).layout == layout


def test_calibration_with_clicked_corners(plain_rig: Rig) -> None:
    camera = plain_rig.camera
    camera.set_layout(starting_layout(plain_rig.geometry))
    reader = BoardReader(plain_rig.geometry)
    reader.calibrate_corners(camera.capture(), camera.board_quad(), starting_layout(plain_rig.geometry))
    layout = random_layout(plain_rig.geometry, np.random.default_rng(5))
    camera.set_layout(layout)
    assert reader.read(camera.capture()).layout == layout


def test_calibration_refuses_a_layout_the_frame_does_not_show(plain_rig: Rig) -> None:
    camera = plain_rig.camera
    camera.set_layout(starting_layout(plain_rig.geometry))
    wrong = dict(starting_layout(plain_rig.geometry))
    wrong["A5"] = wrong.pop("AR1")
    with pytest.raises(CalibrationError, match="marbles are not where the game has them at") as error:
        BoardReader(plain_rig.geometry).calibrate(camera.capture(), wrong)
    assert error.value.problem == "marbles"
    assert set(error.value.places) == {"A5", "AR1"}
    with pytest.raises(CalibrationError, match="top-left corner \\(marker 0\\)") as error:
        BoardReader(plain_rig.geometry).calibrate(np.full((960, 1280, 3), 80, np.uint8), wrong)
    assert error.value.problem == "markers"


def test_a_saved_calibration_reads_the_same(plain_rig: Rig) -> None:
    saved = Calibration.from_json(plain_rig.calibration.to_json())
    reader = BoardReader(plain_rig.geometry, saved)
    layout = random_layout(plain_rig.geometry, np.random.default_rng(8))
    plain_rig.camera.set_layout(layout)
    frame = plain_rig.camera.capture()
    assert reader.read(frame) == plain_rig.reader.read(frame)
    with pytest.raises(CalibrationError, match="not a saved calibration"):
        Calibration.from_json('{"format": 1}')


def test_reads_right_when_the_wood_clips_in_one_channel() -> None:
    """Exposure and white balance both high: one of the wood's channels saturates in much of the frame, so
    the light there can only be measured on the other channels."""
    rig = make_rig(
        seed=7, tilt=11, rotation=316, noise=1.5, glare=1, white_balance=0.2, exposure=0.8, shadow=True
    )
    clipped_share = np.mean(rig.calibration.wood_ref.max(axis=2) >= 240)
    assert clipped_share > 0.2
    rng = np.random.default_rng(1)
    for _ in range(4):
        layout = random_layout(rig.geometry, rng)
        reading = _read(rig, layout)
        assert reading.status == "ok", reading.message
        assert {p: s for p, s in layout.items() if p not in reading.uncertain} == reading.layout
        assert len(reading.uncertain) <= 1


def test_an_opencv_failure_on_a_frame_is_a_status(plain_rig: Rig, monkeypatch: pytest.MonkeyPatch) -> None:
    import cv2

    from vision.markers import AnchorWatch

    def broken(self: AnchorWatch, frame: np.ndarray) -> None:
        raise cv2.error("simulated failure")

    monkeypatch.setattr(AnchorWatch, "check", broken)
    reading = plain_rig.reader.read(plain_rig.camera.capture())
    assert reading.status == "bad_frame"
    assert "OpenCV could not process the frame" in reading.message


def test_a_board_calibrated_by_corners_that_moves_asks_for_calibration() -> None:
    rig = make_rig(seed=12, tilt=12, rotation=20, noise=2)
    camera = rig.camera
    camera.set_layout(starting_layout(rig.geometry))
    reader = BoardReader(rig.geometry)
    reader.calibrate_corners(camera.capture(), camera.board_quad(), starting_layout(rig.geometry))
    camera.move_board(5.0, 3.0, 1.0)
    reading = reader.read(camera.capture())
    assert reading.status == "board_moved"
    assert "calibrate again" in reading.message


def test_a_strongly_distorting_lens_still_reads_exactly() -> None:
    """Barrel distortion bends the board by several pixels at its edges; the markers' homography and the
    marble plane fitted on the reserves absorb most of it."""
    rig = make_rig(seed=14, tilt=20, rotation=60, noise=2, distortion=-0.3)
    geometry = rig.geometry
    bent = np.linalg.norm(
        rig.camera.project(geometry.centres) - project(rig.camera.homography(), geometry.centres), axis=1
    )
    assert bent.max() > 3
    height = marble_centre_height(geometry)
    error = np.linalg.norm(
        project(rig.calibration.homography_at(height), geometry.centres)
        - rig.camera.project(geometry.centres, height),
        axis=1,
    )
    assert error.max() < 3.5
    rng = np.random.default_rng(6)
    for _ in range(3):
        layout = random_layout(geometry, rng)
        assert _read(rig, layout).layout == layout


def test_black_and_white_marbles_are_told_from_dark_holes_and_wood() -> None:
    """Seats G and H play black and white; here A and B wear them on the 4-seat board."""
    rig = make_rig(seed=2, tilt=8, rotation=15, noise=3, colours={"A": (30, 30, 30), "B": (235, 235, 235)})
    rng = np.random.default_rng(3)
    for _ in range(3):
        layout = random_layout(rig.geometry, rng)
        reading = _read(rig, layout)
        assert (reading.layout, reading.uncertain) == (layout, ())


def test_the_wrong_board_model_is_named(plain_rig: Rig) -> None:
    from vision.synthetic import SyntheticCamera

    other = SyntheticCamera("tock6", seed=3, tilt=5, rotation=-10).capture()
    reading = plain_rig.reader.read(other)
    assert reading.status == "no_board"
    assert "belong to another board model" in reading.message
