"""The synthetic camera: reproducible, physically placed marbles, and honest about bad arguments."""

from __future__ import annotations

import numpy as np
import pytest

from tests.vision.conftest import Rig
from vision.aruco import MarkerDictionaryError, detect_markers, marker_image
from vision.calibration import marble_centre_height
from vision.markers import project
from vision.overlay import draw
from vision.reader import BoardReading
from vision.synthetic import CameraClosed, SyntheticCamera, random_layout, starting_layout

HARD = {
    "tilt": 30,
    "rotation": 50,
    "blur": 1.0,
    "noise": 4,
    "white_balance": 0.1,
    "exposure": 0.2,
    "glare": 2,
    "shadow": True,
    "distortion": -0.1,
    "jpeg": 80,
}


def test_same_seed_same_frames_other_seed_other_frames() -> None:
    layout = {"A3": "A", "BH2": "B", "CIEL": "C"}
    frames = []
    for seed in (1, 1, 2):
        camera = SyntheticCamera(seed=seed, **HARD)  # type: ignore[arg-type]
        camera.set_layout(layout)
        camera.set_hand(True)
        frames.append(camera.capture())
    assert np.array_equal(frames[0], frames[1])
    assert not np.array_equal(frames[0], frames[2])


def test_an_injected_generator_drives_everything() -> None:
    a = SyntheticCamera(rng=np.random.default_rng(5), noise=3).capture()
    b = SyntheticCamera(rng=np.random.default_rng(5), noise=3).capture()
    assert np.array_equal(a, b)


def test_marbles_are_drawn_at_their_height_in_their_seat_colour() -> None:
    camera = SyntheticCamera(seed=2, tilt=30, rotation=20)
    camera.set_layout({"A5": "A", "B5": "B"})
    frame = camera.capture().astype(int)
    height = marble_centre_height(camera.geometry)
    points = project(
        camera.homography(height), np.array([camera.geometry.places["A5"], camera.geometry.places["B5"]])
    )
    (ax, ay), (bx, by) = np.rint(points).astype(int)
    blue, green, red = frame[ay, ax]
    assert red > green + 60 and red > blue + 60
    blue, green, red = frame[by, bx]
    assert blue > red + 60


def test_every_seat_layout_helper_is_on_the_board() -> None:
    camera = SyntheticCamera("tock6")
    start = starting_layout(camera.geometry)
    assert len(start) == 24 and all("R" in p[1:] for p in start)
    layout = random_layout(camera.geometry, np.random.default_rng(0))
    assert sorted(layout.values()) == sorted("ABCDEF" * 4)
    assert set(layout) <= set(camera.geometry.place_ids)


def test_bad_arguments_and_a_closed_camera() -> None:
    with pytest.raises(ValueError, match="tilt must be 0..35"):
        SyntheticCamera(tilt=50)
    with pytest.raises(ValueError, match="jpeg quality"):
        SyntheticCamera(jpeg=101)
    camera = SyntheticCamera()
    with pytest.raises(ValueError, match="'Z9' is not a place"):
        camera.set_layout({"Z9": "A"})
    with pytest.raises(ValueError, match="seat 'Q'"):
        camera.set_layout({"A1": "Q"})
    with camera:
        assert camera.capture().shape == (960, 1280, 3)
    with pytest.raises(CameraClosed):
        camera.capture()


def test_markers_render_and_detect_with_this_opencv() -> None:
    camera = SyntheticCamera(seed=1, tilt=25, rotation=70, blur=1.0, noise=3)
    found = detect_markers(camera.capture(), "DICT_4X4_50")
    assert set(found) == {0, 1, 2, 3}
    truth = project(camera.homography(), camera.geometry.marker(0).corners())
    assert np.abs(found[0] - truth).max() < 1.5
    assert marker_image("DICT_4X4_50", 3, 60).shape == (60, 60)
    with pytest.raises(MarkerDictionaryError, match="DICT_9X9"):
        marker_image("DICT_9X9", 1, 60)


def test_overlay_draws_on_a_copy(plain_rig: Rig) -> None:
    frame = plain_rig.camera.capture()
    before = frame.copy()
    reading = BoardReading("ok", {"AR1": "A"}, uncertain=("B3",))
    drawn = draw(frame, reading, plain_rig.calibration)
    assert np.array_equal(frame, before)
    assert drawn.shape == frame.shape
    assert np.count_nonzero(np.any(drawn != frame, axis=2)) > 5000


def test_the_board_takes_the_share_of_the_frame_asked_for() -> None:
    for share in (0.34, 0.75):
        camera = SyntheticCamera(seed=1, board_share=share, tilt=0)
        quad = camera.board_quad()
        side = np.linalg.norm(quad[1] - quad[0])
        assert side == pytest.approx(share * camera.size[1], rel=0.03)
    with pytest.raises(ValueError, match="board_share"):
        SyntheticCamera(board_share=1.2)
    with pytest.raises(ValueError, match="warmth"):
        SyntheticCamera(warmth=2)


def test_a_painted_board_shows_the_seat_colour_around_an_empty_reserve_hole() -> None:
    plain, painted = (SyntheticCamera(seed=4, painted=p) for p in (False, True))
    for camera in (plain, painted):
        camera.set_layout({})
    geometry = plain.geometry
    # Between the reserve's holes AR1 and AR2: wood on a plain board, red paint on a painted one.
    between = (np.array(geometry.places["AR1"]) + np.array(geometry.places["AR2"])) / 2
    (x, y) = np.rint(project(plain.homography(), between[None])[0]).astype(int)
    blue, green, red = plain.capture()[y, x].astype(int)
    assert green > 100  # wood
    (x, y) = np.rint(project(painted.homography(), between[None])[0]).astype(int)
    blue, green, red = painted.capture()[y, x].astype(int)
    assert red > green + 60 and red > blue + 60


def test_a_lamp_reflects_in_the_varnish_and_warm_light_is_yellower() -> None:
    dim = SyntheticCamera(seed=6).capture().astype(float)
    lamp = SyntheticCamera(seed=6, lamp=True).capture().astype(float)
    assert lamp.max(axis=2).max() >= 250 > dim.max(axis=2)[dim.mean(axis=2) < 200].max() - 1
    warm = SyntheticCamera(seed=6, warmth=1.0).capture().astype(float)
    cool = SyntheticCamera(seed=6, warmth=-1.0).capture().astype(float)
    assert (warm[..., 2] / warm[..., 0].clip(1)).mean() > (cool[..., 2] / cool[..., 0].clip(1)).mean()


def test_a_resting_hand_stays_put_and_a_moving_hand_does_not() -> None:
    camera = SyntheticCamera(seed=8)
    camera.set_hand(True, over="AR2", resting=True)
    a, b = camera.capture().astype(int), camera.capture().astype(int)
    camera.set_hand(True, over="AR2", resting=False)
    c, d = camera.capture().astype(int), camera.capture().astype(int)
    assert np.abs(a - b).mean() < np.abs(c - d).mean()
    with pytest.raises(ValueError, match="not a place"):
        camera.set_hand(True, over="Z9")
