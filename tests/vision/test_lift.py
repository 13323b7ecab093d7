"""Where calibration sees marbles stand above their holes (:mod:`vision.lift`), against the ray-traced
truth of the committed photoreal frames."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from vision.calibration import calibrate, marble_centre_height
from vision.geometry import BoardGeometry
from vision.lift import LEAST_UNSHADED, _prior_lift, measure_lift, unshaded_change
from vision.markers import locate_board, project
from vision.photoreal.dataset import PhotorealSetup, load_setup

GEOMETRY = BoardGeometry.from_model("tock4")
CASES = Path(__file__).parent / "data" / "photoreal-cases"
UNDER_A_DESK_LAMP = ["clear-desk-2012", "clear-desk-2014", "clear-desk-2015", "clear-desk-2020"]


def _centre_errors(setup: PhotorealSetup, homography: np.ndarray) -> np.ndarray:
    """Pixels between where ``homography`` puts each marble's centre and where the renderer drew it
    (between its hole and its top, at the centre's height)."""
    height = marble_centre_height(GEOMETRY)
    holes = np.array([setup.holes_px[p] for p in GEOMETRY.place_ids])
    tops = np.array([setup.marble_tops_px[p] for p in GEOMETRY.place_ids])
    truth = holes + (tops - holes) * height / GEOMETRY.marble_top
    return np.asarray(np.linalg.norm(project(homography, GEOMETRY.centres) - truth, axis=1))


@pytest.mark.parametrize("name", UNDER_A_DESK_LAMP)
def test_clear_glass_under_a_desk_lamp_is_found_on_its_hole_not_in_its_long_shadow(name: str) -> None:
    """Under a low desk lamp a clear glass marble's shadow differs more from the empty wood than the glass
    over its dark hole does; the marble centres calibration placed there were 11 to 17 px off in the
    median (a marble's radius is 14). With the shade taken out: 4 px at most in the median, and no marble
    half a radius off."""
    setup = load_setup(CASES / name)
    calibration = calibrate(setup.start.image(), GEOMETRY, setup.start.layout, empty=setup.empty.image())
    errors = _centre_errors(setup, calibration.homography_at(marble_centre_height(GEOMETRY)))
    assert np.median(errors) <= 4.0 and errors.max() <= 6.5


def test_every_committed_material_and_light_places_its_marbles_on_their_holes(
    photoreal_setups: dict[str, PhotorealSetup],
) -> None:
    """Painted wood, pegs, cat's-eye, milky and clear glass, under each light: no marble centre more than
    half a radius from the rendered truth."""
    for name, setup in photoreal_setups.items():
        calibration = calibrate(setup.start.image(), GEOMETRY, setup.start.layout, empty=setup.empty.image())
        errors = _centre_errors(setup, calibration.homography_at(marble_centre_height(GEOMETRY)))
        assert errors.max() <= 7.0, f"{name}: {errors.max():.1f} px"


def test_marbles_found_in_one_reserve_only_leave_the_camera_models_lift() -> None:
    """Four marbles side by side in one corner fix the lift there and nowhere else (one clear glass
    set-up fitted so was 22 px off in the median): the camera model's lift is kept."""
    setup = load_setup(CASES / "clear-desk-2015")
    frame, empty = setup.start.image(), setup.empty.image()
    board_h, _ = locate_board(frame, GEOMETRY)
    one_reserve = {p: s for p, s in setup.start.layout.items() if p.startswith("BR")}
    height = marble_centre_height(GEOMETRY)
    prior = _prior_lift(board_h, (frame.shape[1], frame.shape[0]))
    assert np.array_equal(measure_lift(frame, GEOMETRY, board_h, one_reserve, height, empty), prior)
    two_reserves = {p: s for p, s in setup.start.layout.items() if p[:2] in ("BR", "DR")}
    assert not np.array_equal(measure_lift(frame, GEOMETRY, board_h, two_reserves, height, empty), prior)


def test_a_shadow_alone_is_no_change_and_a_marble_in_it_is() -> None:
    """The empty board darkened to half (a shadow) changes it by 0.6 in log ratio; with the shade taken
    out, less than a marble needs to be found; a coloured disc within that shadow still stands out."""
    rng = np.random.default_rng(3)
    empty = rng.integers(90, 160, (80, 80, 3)).astype(np.uint8)
    shadowed = (empty * 0.5).astype(np.uint8)
    assert np.median(unshaded_change(shadowed, empty, 1.5)) < LEAST_UNSHADED
    yy, xx = np.mgrid[0:80, 0:80]
    marble = shadowed.copy()
    marble[np.hypot(xx - 40, yy - 40) <= 12] = (30, 40, 150)
    change = unshaded_change(marble, empty, 1.5)
    assert change[40, 40] > 10 * np.median(change[:20, :20])
