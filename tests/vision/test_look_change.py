"""Every hole's look held against the last board the game accepted (:mod:`vision.look_change`): on the
synthetic camera (the real renders are in ``test_photoreal_cases.py``), and the rule on plain data."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from tests.vision.conftest import Rig, make_rig
from vision.look_change import CAP, CHANGED, UNCHANGED, since_then
from vision.reader import BoardReading
from vision.synthetic import starting_layout


@pytest.fixture(scope="module")
def rig() -> Rig:
    """A noisy camera under a lamp, calibrated as the wizard does."""
    return make_rig(seed=5, tilt=10, rotation=15, noise=4, lamp=True, empty_first=True)


def _still(rig: Rig, layout: dict[str, str]) -> BoardReading:
    rig.camera.set_layout(layout)
    frame = rig.camera.capture()
    reading = rig.reader.with_looks(rig.reader.read(frame), frame)
    assert reading.status == "ok", reading.message
    return reading


def _changes(before: BoardReading, after: BoardReading) -> dict[str, float]:
    changes = after.look_changes(before)
    assert changes is not None
    return changes


def test_the_same_board_seen_again_changes_no_hole_past_the_bound_of_an_unchanged_one(rig: Rig) -> None:
    board = starting_layout(rig.geometry)
    changes = _changes(_still(rig, board), _still(rig, board))
    assert max(changes.values()) <= UNCHANGED


def test_a_marble_moved_changes_the_hole_it_left_and_the_hole_it_reached_far_past_a_change(rig: Rig) -> None:
    board = starting_layout(rig.geometry)
    moved = dict(board)
    seat = moved.pop("AR1")
    moved["A1"] = seat
    changes = _changes(_still(rig, board), _still(rig, moved))
    ranked = sorted(changes, key=changes.__getitem__, reverse=True)
    assert set(ranked[:2]) == {"AR1", "A1"}
    assert min(changes["AR1"], changes["A1"]) > 2 * CHANGED


def test_a_marble_moved_while_a_shadow_came_over_the_board_changes_its_holes_far_past_a_still_one() -> None:
    """A person's shadow falls over a part of the board between two boards (the move made elsewhere).
    Unlit, every shaded hole changed so much that the spread of all holes' changes swelled, and the two
    holes of the move changed by less than :data:`UNCHANGED` (the 2D camera's tuning seeds 1 and 3: 40
    of 362 such holes): a hole in doubt there would have been read as it was."""
    rig = make_rig(seed=11, noise=3, empty_first=True)
    board = starting_layout(rig.geometry)
    moved = dict(board)
    moved["D8"] = moved.pop("DR1")
    before = _still(rig, board)
    rig.camera.set_layout(moved)
    frame = rig.camera.capture().astype(np.float32)
    height, width = frame.shape[:2]
    shade = np.zeros((height, width), np.float32)
    centre, axes = (int(0.4 * width), int(0.6 * height)), (int(0.35 * width), height // 4)
    cv2.ellipse(shade, centre, axes, 30, 0, 360, 1.0, -1)  # half the holes, the move's two among them
    frame *= 1 - 0.5 * cv2.GaussianBlur(shade, (0, 0), 25)[..., None]
    shaded = np.clip(frame, 0, 255).astype(np.uint8)
    after = rig.reader.with_looks(rig.reader.read(shaded), shaded)
    assert after.status == "ok", after.message
    changes = _changes(before, after)
    assert min(changes["DR1"], changes["D8"]) > 2 * UNCHANGED
    still = [c for p, c in changes.items() if p not in ("DR1", "D8")]
    assert sorted(still)[len(still) // 2] < 1  # the typical hole, shaded or not, did not change


def test_looks_taken_before_the_reader_had_its_calibration_again_are_not_compared() -> None:
    """A board found again elsewhere gets a new plan of pixels: looks of the old plan say nothing."""
    rig = make_rig(seed=7, noise=2)
    board = starting_layout(rig.geometry)
    before = _still(rig, board)
    rig.reader.use(rig.calibration)
    after = _still(rig, board)
    assert before.looks is not None and after.looks is not None
    assert after.looks.plan.changes(before.looks, after.looks) is None
    assert after.since(before, board) is after


def test_a_reading_without_looks_is_held_against_nothing(rig: Rig) -> None:
    board = starting_layout(rig.geometry)
    rig.camera.set_layout(board)
    plain = rig.reader.read(rig.camera.capture())
    assert plain.looks is None
    assert plain.since(_still(rig, board), board) is plain
    assert _still(rig, board).since(None, board).layout == plain.layout


def test_a_hole_in_doubt_whose_look_did_not_change_is_read_as_it_was(rig: Rig) -> None:
    """As the band of doubt leaves a hole (a shadow across it): here two holes are put in doubt by hand,
    one that held a marble (it holds one, its colour left to the game) and one that was empty."""
    board = starting_layout(rig.geometry)
    before = _still(rig, board)
    after = _still(rig, board)
    assert "AR1" in board and "A5" not in board
    doubted = replace(
        after,
        layout={p: s for p, s in after.layout.items() if p != "AR1"},
        uncertain=(*after.uncertain, "AR1", "A5"),
    )
    held = doubted.since(before, board)
    assert "A5" not in held.uncertain
    assert "AR1" in held.uncertain and "AR1" in held.unsure_colour
    assert "AR1" not in held.layout


def test_an_empty_hole_seen_to_hold_a_marble_of_unsure_colour_whose_look_did_not_change_is_read_empty(
    rig: Rig,
) -> None:
    """As a desk lamp's long shadow of the next glass marble makes a hole look like a dim marble's: here
    put as a marble of unsure colour by hand in an empty hole, on a board where nothing moved."""
    board = starting_layout(rig.geometry)
    before, after = _still(rig, board), _still(rig, board)
    assert "A5" not in board
    ghost = replace(
        after, uncertain=(*after.uncertain, "A5"), unsure_colour=(*after.unsure_colour, "A5"), faint=("A5",)
    )
    held = ghost.since(before, board)
    assert "A5" not in held.uncertain and "A5" not in held.unsure_colour and held.faint == ()
    assert "A5" not in held.layout


def test_an_empty_hole_a_marble_of_unsure_colour_reached_is_not_read_as_before() -> None:
    faint = ("A5", "A6")
    seen = since_then({"A5": UNCHANGED + 10.0, "A6": UNCHANGED}, faint, faint, {}, faint=faint)
    assert seen.read_as_before == ("A6",) and seen.unsure_now == ()
    assert seen.touched == {}


def test_a_marble_of_unsure_colour_that_changed_its_hole_strongly_is_never_read_as_before() -> None:
    """On the 2D camera, a marble arriving in a light brighter than calibration's changed its hole's
    look by 2.1 only: a hole changed as strongly as a marble's is not questioned."""
    seen = since_then({"A5": 0.0, "A6": 0.0}, ("A5", "A6"), ("A5", "A6"), {}, faint=("A6",))
    assert seen.read_as_before == ("A6",)


def test_a_hole_in_doubt_whose_look_changed_stays_in_doubt(rig: Rig) -> None:
    board = starting_layout(rig.geometry)
    moved = dict(board)
    moved["A1"] = moved.pop("AR1")
    before, after = _still(rig, board), _still(rig, moved)
    doubted = replace(after, uncertain=(*after.uncertain, "AR1", "A1"))
    held = doubted.since(before, board)
    assert {"AR1", "A1"} <= set(held.uncertain)
    assert not {"AR1", "A1"} & set(held.unsure_colour)


def test_a_marble_of_unsure_colour_whose_look_changed_was_touched() -> None:
    seen = since_then({"A1": CHANGED + 3.0, "B1": 0.0}, ("A1", "B1"), ("A1", "B1"), {"A1": "A", "B1": "B"})
    assert seen.touched == {"A1": {"A": -3.0}}, "a look unchanged is no evidence for the marble there"
    assert (seen.read_as_before, seen.unsure_now) == ((), ())


def test_one_hole_s_touch_weighs_at_most_the_cap_and_nothing_below_a_change() -> None:
    seen = since_then({"A1": 1000.0, "B1": CHANGED}, ("A1", "B1"), ("A1", "B1"), {"A1": "A", "B1": "B"})
    assert seen.touched == {"A1": {"A": -CAP}}


def test_a_hole_empty_then_or_without_a_change_measured_is_neither_touched_nor_read_as_before() -> None:
    seen = since_then({"A1": 50.0}, ("A1", "C1"), ("A1",), {})
    assert seen.touched == {}
    assert seen.read_as_before == (), "a hole without a change measured stays in doubt"


def test_a_hole_whose_change_could_not_be_measured_is_neither_read_as_before_nor_touched() -> None:
    seen = since_then({"A1": float("nan"), "A5": float("nan")}, ("A1", "A5"), ("A1",), {"A1": "A", "A5": "B"})
    assert (seen.read_as_before, seen.touched) == ((), {})
