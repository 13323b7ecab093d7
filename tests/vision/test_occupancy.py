"""Each hole judged against its own empty look (:mod:`vision.occupancy`), on hand-made pixel changes: the
band of doubt between an empty hole and a marble, and the hole changed on one side only (a neighbour's
body or shadow over it), which a person still reads as empty."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.vision.conftest import make_rig, replay_setup
from vision.calibration import calibrate, marble_centre_height
from vision.classify import features
from vision.game_boards import game_boards, settle_reading
from vision.geometry import BoardGeometry
from vision.occupancy import (
    BRIGHTNESS_FLOOR,
    PARTLY_BEYOND_DOUBT,
    TYPICAL_GAP,
    EmptyLook,
    look,
    pixel_change,
    typical_change,
)
from vision.photoreal.dataset import PhotorealSetup, load_setup
from vision.sampling import SamplePlan
from vision.synthetic import starting_layout

CASES = Path(__file__).parent / "data" / "photoreal-cases"

PLACES, POINTS = 8, 40
LEVEL = 100.0
"""Every empty pixel's level: a pixel's change is its difference over ``LEVEL + BRIGHTNESS_FLOOR``."""
CALM, MARBLE = 0.05, 1.0
"""How much calibration's empty holes and marbles change each of their pixels."""


def _look(changes: np.ndarray) -> np.ndarray:
    """Pixels whose change against the empty look (all ``LEVEL``) is ``changes`` ``(places, points)``."""
    now = np.full((*changes.shape, 3), LEVEL)
    now[..., 1] += changes * (LEVEL + BRIGHTNESS_FLOOR)
    return now


def _learnt() -> EmptyLook:
    """Calibration's frame: places 0-3 empty, 4-7 holding marbles."""
    occupied = np.arange(PLACES) >= PLACES // 2
    full = np.where(occupied[:, None], MARBLE, CALM) * np.ones((PLACES, POINTS))
    empty = np.full((PLACES, POINTS, 3), LEVEL)
    return EmptyLook.learn(empty, full, occupied, np.ones(PLACES, bool))


def _judge(look: EmptyLook, changes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return look.judge(_look(changes), np.ones((PLACES, 3)))


def test_a_pixels_change_is_weighed_against_its_empty_brightness() -> None:
    empty = np.full((1, 2, 3), LEVEL)
    now = empty.copy()
    now[0, 1, 2] += 31.0
    changed = pixel_change(now, empty, np.ones((1, 3)))
    assert changed[0] == pytest.approx([0.0, 31.0 / (LEVEL + BRIGHTNESS_FLOOR)])
    assert typical_change(np.array([[0.1, 0.9, 0.2]])) == pytest.approx([0.2])


def test_the_typical_pixels_empty_scale_is_learnt_with_the_mean_scales() -> None:
    look = _learnt()
    # Twice the most an empty place changed, on the mean and on the typical pixel alike.
    assert look.empty_below == pytest.approx(2 * CALM)
    assert look.typical_empty_below == pytest.approx(2 * CALM)
    assert look.empty_below < look.marble_above < MARBLE


def test_a_hole_changed_on_one_side_only_by_a_neighbour_is_read_surely_empty() -> None:
    look = _learnt()
    changes = np.full((PLACES, POINTS), CALM)
    changes[0, : POINTS // 4] = 0.6  # a quarter of the hole darkened by the marble next to it
    occupied, sure, moved = _judge(look, changes)
    assert look.empty_below < moved[0] < look.marble_above  # in the band of doubt by the mean
    assert not occupied[0] and sure[0]


def test_a_hole_changed_past_a_marbles_mean_on_its_rim_only_is_read_surely_empty() -> None:
    """A desk lamp lights a clear glass marble's edge and caustic over the rim of the next hole: that
    hole's mean change goes past a marble's while its typical pixel stays an empty hole's."""
    look = _learnt()
    changes = np.full((PLACES, POINTS), CALM)
    changes[0, : POINTS // 5] = 3.0  # a fifth of the hole lit brightly
    occupied, sure, moved = _judge(look, changes)
    assert moved[0] > look.marble_above
    assert look.typical_empty_below is not None
    assert typical_change(changes[:1])[0] <= PARTLY_BEYOND_DOUBT * look.typical_empty_below
    assert not occupied[0] and sure[0]


def test_a_marble_whose_typical_pixel_changed_hardly_more_than_an_empty_holes_is_still_a_marble() -> None:
    """Past the band of doubt the typical pixel must say far more clearly that nothing lies there: a peg
    in a hand's shadow in evening light changed its typical pixel by 0.92 of the empty bound."""
    look = _learnt()
    assert look.typical_empty_below is not None
    changes = np.full((PLACES, POINTS), CALM)
    changes[0] = 0.92 * look.typical_empty_below
    changes[0, : POINTS // 3] = 2.0  # the rest of it changed as a marble's
    occupied, sure, moved = _judge(look, changes)
    assert moved[0] > look.marble_above
    assert occupied[0] and sure[0]


def test_a_hole_changed_all_over_in_the_band_of_doubt_stays_uncertain() -> None:
    look = _learnt()
    changes = np.full((PLACES, POINTS), CALM)
    changes[1] = 0.18  # a faint marble: every pixel changed a little
    _, sure, moved = _judge(look, changes)
    assert look.empty_below < moved[1] < look.marble_above
    assert not sure[1]


def test_marbles_and_calm_holes_are_read_as_before() -> None:
    look = _learnt()
    changes = np.where(np.arange(PLACES)[:, None] % 2 == 1, MARBLE, CALM) * np.ones((PLACES, POINTS))
    occupied, sure, _ = _judge(look, changes)
    assert list(occupied) == [i % 2 == 1 for i in range(PLACES)]
    assert sure.all()


def test_without_marbles_changing_their_typical_pixel_the_band_stays_uncertain() -> None:
    """Marbles seen on part of their hole only (their typical pixel no more changed than an empty
    hole's) teach nothing of the typical pixel: the band of doubt is left uncertain."""
    occupied = np.arange(PLACES) >= PLACES // 2
    full = np.full((PLACES, POINTS), CALM)
    full[occupied, : POINTS // 3] = 2.0
    look = EmptyLook.learn(np.full((PLACES, POINTS, 3), LEVEL), full, occupied, np.ones(PLACES, bool))
    assert look.typical_empty_below is None
    changes = np.full((PLACES, POINTS), CALM)
    changes[0, : POINTS // 4] = 0.6
    _, sure, moved = _judge(look, changes)
    assert look.empty_below < moved[0] < look.marble_above
    assert not sure[0]


def test_in_dim_light_without_a_clear_gap_the_typical_pixel_says_nothing() -> None:
    """Marbles whose typical pixel changed less than :data:`TYPICAL_GAP` times the typical pixel's empty
    bound (the sensor's noise of a dim evening): a marble dimmed further could pass for empty, so the
    band stays uncertain."""
    occupied = np.arange(PLACES) >= PLACES // 2
    full = np.where(occupied[:, None], 2 * CALM, CALM) * np.ones((PLACES, POINTS))
    look = EmptyLook.learn(np.full((PLACES, POINTS, 3), LEVEL), full, occupied, np.ones(PLACES, bool))
    assert look.typical_empty_below is None
    assert look.empty_below < look.marble_above <= 2 * CALM


def test_with_a_gap_short_of_twice_under_a_desk_lamp_the_typical_pixel_still_reads_empty_holes() -> None:
    """Clear glass under a desk lamp: the least marble's typical pixel changed 1.8 times the empty
    bound (it shows its hole through its glass), a clear enough gap for a hole changed on one side only
    to read empty."""
    occupied = np.arange(PLACES) >= PLACES // 2
    full = np.where(occupied[:, None], 3 * CALM, CALM) * np.ones((PLACES, POINTS))
    look = EmptyLook.learn(np.full((PLACES, POINTS, 3), LEVEL), full, occupied, np.ones(PLACES, bool))
    bound = look.typical_empty_below
    assert bound is not None and TYPICAL_GAP * bound <= 3 * CALM < 2 * bound
    changes = np.full((PLACES, POINTS), CALM)
    changes[0, : POINTS // 4] = 0.25  # a neighbour's edge over a quarter of the hole
    occupied_now, sure, moved = _judge(look, changes)
    assert look.empty_below < moved[0] < look.marble_above
    assert sure[0] and not occupied_now[0]


def test_a_marble_in_its_neighbours_shadow_sets_the_marble_scale() -> None:
    """A reserve marble whose wood changed between calibration's two pictures (its neighbours' shadow
    in a dim light) changes its hole least of all: it still says how little a marble may change, so it
    reads surely as a marble; an empty hole whose wood changed still does not set the empty scale."""
    occupied = np.arange(PLACES) >= PLACES // 2
    full = np.where(occupied[:, None], MARBLE, CALM) * np.ones((PLACES, POINTS))
    full[4] = 0.24  # the marble in the shadow
    full[0] = 0.2  # an empty hole under something that changed its wood
    usable = np.ones(PLACES, bool)
    usable[[0, 4]] = False
    look = EmptyLook.learn(np.full((PLACES, POINTS, 3), LEVEL), full, occupied, usable)
    assert look.empty_below == pytest.approx(2 * CALM)
    assert look.marble_above <= 0.24
    occupied_now, sure, _ = _judge(look, full)
    assert occupied_now[4] and sure[4]


def test_the_typical_pixels_scale_is_saved_and_an_older_save_still_loads() -> None:
    look = _learnt()
    again = EmptyLook.from_data(look.to_data())
    assert again.typical_empty_below == pytest.approx(look.typical_empty_below)
    older = look.to_data()
    del older["typical_empty_below"]
    assert EmptyLook.from_data(older).typical_empty_below is None


def test_a_clear_colour_outweighs_a_hole_found_empty_by_its_typical_pixel(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The reader: a place found empty only because its typical pixel is calm, whose colour is clearly a
    seat's, is read by its colour, as anywhere in the band of doubt (a clear colour has the last word)."""
    rig = make_rig(empty_first=True, seed=3, tilt=5, rotation=-10, noise=2)
    layout = {**starting_layout(rig.geometry), "A5": "A"}
    del layout["AR1"]
    rig.camera.set_layout(layout)
    index = rig.geometry.place_ids.index("A5")
    judge = EmptyLook.judge

    def found_empty(self: EmptyLook, now: np.ndarray, gain: np.ndarray) -> tuple[np.ndarray, ...]:
        occupied, sure, moved = judge(self, now, gain)
        occupied[index], sure[index] = False, True
        moved[index] = (self.empty_below + self.marble_above) / 2
        return occupied, sure, moved

    monkeypatch.setattr(EmptyLook, "judge", found_empty)
    reading = rig.reader.read(rig.camera.capture())
    assert reading.status == "ok" and reading.layout == layout


def _judged(setup: PhotorealSetup) -> tuple[EmptyLook, list[tuple[np.ndarray, ...]]]:
    """Calibrate on a rendered set-up; for each of its clear boards, the empty look's ``(occupied, sure,
    moved)`` and the truth (occupied) per place."""
    geometry = BoardGeometry.from_model("tock4")
    calibration = calibrate(setup.start.image(), geometry, setup.start.layout, empty=setup.empty.image())
    look_now = calibration.empty_look
    assert look_now is not None and look_now.typical_empty_below is not None
    plan = SamplePlan(
        geometry,
        calibration.board_h,
        calibration.homography_at(marble_centre_height(geometry)),
        calibration.size,
    )
    judged = []
    for frame in setup.boards():
        samples = plan.gather(frame.image())
        gain = features(samples, calibration.wood_ref, plan.neighbours).around
        truth = np.array([p in frame.layout for p in geometry.place_ids])
        judged.append((*look_now.judge(look(samples), gain), truth))
    return look_now, judged


def test_empty_holes_beside_pegs_under_a_desk_lamp_read_empty_by_their_look_alone(
    photoreal_setups: dict[str, PhotorealSetup],
) -> None:
    """Ray-traced pegs under a low desk lamp (committed set-up ``peg-desk-0``): the pegs moved onto the
    track darken the side of the empty holes next to them; every hole is read surely, and right, without
    its colour."""
    _, judged = _judged(photoreal_setups["peg-desk-0"])
    for occupied, sure, _, truth in judged:
        assert sure.all() and (occupied == truth).all()


@pytest.mark.parametrize("name", ["clear-desk-2014", "clear-desk-2015"])
def test_empty_holes_beside_glass_under_a_desk_lamp_read_empty_by_their_typical_pixel(name: str) -> None:
    """Glass marbles under a low desk lamp throw their shadows and caustics over the side of the empty
    holes next to them, past the empty scale learnt on the start layout (photoreal cases); most of each of
    those holes is unchanged, and its typical pixel reads it surely empty. No hole is read surely wrong."""
    look_now, judged = _judged(load_setup(CASES / name))
    read_by_typical = 0
    for occupied, sure, moved, truth in judged:
        assert not ((occupied != truth) & sure).any()
        in_band = (moved > look_now.empty_below) & (moved < look_now.marble_above)
        read_by_typical += int(np.count_nonzero(in_band & sure & ~occupied))
    assert read_by_typical >= 3


PAINTED_RESERVE_LIT_BRIGHTLY = {
    "bit_generator": "PCG64",
    "state": {
        "state": 118651538453234087326977693191592310700,
        "inc": 48782832526147306474557262504581723413,
    },
    "has_uint32": 0,
    "uinteger": 1895272559,
}
"""The 2D camera's held-out seed 1010, set-up 23, as the bench draws it: seat B's painted reserve lit far
more brightly than at calibration, the light around its holes (the track's) as it was."""


def test_a_hole_whose_own_light_and_the_light_around_it_tell_opposite_things_is_in_doubt() -> None:
    """The empty BR4's wood is lit 1.76 times as brightly as at calibration, the light around it 0.92: by
    that light its hole changed like a marble's, by its own it is empty. Both sure and opposite, the hole
    is in doubt and its colour (an empty hole's) settles it; taken for a marble of unsure colour, it left
    the board unsettled, since no move puts a marble there."""
    camera, reader, rng = replay_setup(PAINTED_RESERVE_LIT_BRIGHTLY)
    game = next(iter(game_boards(rng, 3, seats=camera.geometry.sections)))
    camera.set_layout(game.layout)
    reading = reader.read(camera.capture())
    assert "BR4" not in game.layout and "BR4" not in reading.unsure_colour
    assert settle_reading(game, reading, None) == "right"
