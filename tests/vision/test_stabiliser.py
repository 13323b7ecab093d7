"""The stabiliser: a reading only once the board is still, never under a hand or changing light."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from tests.vision.conftest import Rig
from vision.reader import BoardReading
from vision.stabiliser import Stabiliser
from vision.synthetic import random_layout

BOARD = {"A5": "A", "CH2": "C"}


def ok(layout: dict[str, str] = BOARD, light: float = 1.0) -> BoardReading:
    return BoardReading("ok", dict(layout), light=light, local_light=np.full(105, light))


def test_reports_once_after_n_still_frames() -> None:
    stabiliser = Stabiliser(still_frames=3)
    out = [stabiliser.push(ok()) for _ in range(6)]
    assert out[:2] == [None, None]
    assert out[2] is not None and out[2].layout == BOARD
    assert out[3:] == [None, None, None]


def test_occlusion_and_bad_frames_reset_the_run_and_are_never_reported() -> None:
    stabiliser = Stabiliser(still_frames=2)
    assert stabiliser.push(ok()) is None
    assert stabiliser.push(ok()) is not None
    for status in ("occluded", "bad_frame", "board_moved", "no_board"):
        assert stabiliser.push(BoardReading(status, dict(BOARD))) is None  # type: ignore[arg-type]
    assert stabiliser.push(ok()) is None
    again = stabiliser.push(ok())
    assert again is not None and again.layout == BOARD  # reported again after the disturbance


def test_a_changing_reading_waits_until_it_settles() -> None:
    stabiliser = Stabiliser(still_frames=2)
    assert stabiliser.push(ok({"A5": "A"})) is None
    assert stabiliser.push(ok({"A6": "A"})) is None
    reported = stabiliser.push(ok({"A6": "A"}))
    assert reported is not None and reported.layout == {"A6": "A"}


def unsure(place: str, layout: dict[str, str] = BOARD) -> BoardReading:
    """``layout`` read with the marble on ``place`` of unsure colour."""
    rest = {p: s for p, s in layout.items() if p != place}
    return BoardReading("ok", rest, (place,), (place,), local_light=np.full(105, 1.0))


def test_a_marble_whose_colour_is_clear_in_one_frame_and_unsure_in_the_next_is_the_same_board() -> None:
    stabiliser = Stabiliser(still_frames=3)
    assert stabiliser.push(ok()) is None
    assert stabiliser.push(unsure("CH2")) is None
    reported = stabiliser.push(ok())
    assert reported is not None
    # the frames agree that CH2 holds a marble, not on its colour: the game will say whose it is
    assert reported.layout == {"A5": "A"} and reported.unsure_colour == ("CH2",)


def test_a_marble_of_another_colour_or_a_moved_marble_is_another_board() -> None:
    for other in (ok({"A5": "B", "CH2": "C"}), unsure("A6", {"A6": "A", "CH2": "C"})):
        stabiliser = Stabiliser(still_frames=2)
        assert stabiliser.push(ok()) is None
        assert stabiliser.push(other) is None, other
        assert stabiliser.push(ok()) is None, other


def test_a_lighting_change_or_a_passing_shadow_produces_nothing() -> None:
    stabiliser = Stabiliser(still_frames=2)
    frames = [ok(light=1.0), ok(light=1.2), ok(light=0.9), ok(light=1.1)]
    assert [stabiliser.push(f) for f in frames] == [None] * 4
    shadowed = np.ones(105)
    shadowed[10:20] = 0.6
    stabiliser = Stabiliser(still_frames=2)
    assert stabiliser.push(ok()) is None
    assert stabiliser.push(BoardReading("ok", dict(BOARD), local_light=shadowed)) is None


def test_still_frames_must_be_positive() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        Stabiliser(still_frames=0)


def test_camera_stream_reports_the_move_soon_after_the_hand_leaves(tilted_rig: Rig) -> None:
    """30 frames per second: the hand moves a marble over 8 frames, then leaves; the new board must be
    reported within 0.5 s (15 frames) and nothing while the hand is there."""
    camera, reader = tilted_rig.camera, tilted_rig.reader
    before = random_layout(tilted_rig.geometry, np.random.default_rng(21))
    after = random_layout(tilted_rig.geometry, np.random.default_rng(22))
    stabiliser = Stabiliser(still_frames=5)
    camera.set_layout(before)
    reports = [stabiliser.push(reader.read(camera.capture())) for _ in range(6)]
    assert [r.layout for r in reports if r is not None] == [before]
    camera.set_hand(True)
    try:
        under_hand = [stabiliser.push(reader.read(camera.capture())) for _ in range(8)]
    finally:
        camera.set_hand(False)
    camera.set_layout(after)
    assert under_hand == [None] * 8
    reported = None
    for _ in range(15):
        reported = stabiliser.push(reader.read(camera.capture()))
        if reported is not None:
            break
    assert reported is not None and reported.layout == after


def test_a_place_on_the_edge_of_doubt_flickering_is_no_change_and_stays_uncertain() -> None:
    """A clear glass marble read for sure in one frame and uncertain in the next, with sensor noise alone:
    the board is still, and the reading reported keeps it uncertain (of unsure colour: every frame saw a
    marble there) rather than trusting the one frame that read it."""
    stabiliser = Stabiliser(still_frames=3)
    frames = [
        ok({"A5": "A", "B7": "B"}),
        BoardReading("ok", {"A5": "A"}, ("B7",), ("B7",), local_light=np.ones(105)),
        BoardReading("ok", {"A5": "A", "B7": "B"}, ("C1",), local_light=np.ones(105)),
    ]
    reported = [stabiliser.push(f) for f in frames]
    assert reported[:2] == [None, None]
    assert reported[2] is not None
    assert reported[2].layout == {"A5": "A"}
    assert reported[2].uncertain == ("B7", "C1") and reported[2].unsure_colour == ("B7",)


def test_a_place_read_for_sure_otherwise_in_any_still_frame_restarts_the_wait() -> None:
    """Frames 1 and 3 read B7 for sure, differently (empty, then a marble); frame 2 could not read it:
    the board changed, whatever frame 2 says."""
    stabiliser = Stabiliser(still_frames=3)
    frames = [
        ok({"A5": "A"}),
        BoardReading("ok", {"A5": "A"}, ("B7",), local_light=np.ones(105)),
        ok({"A5": "A", "B7": "B"}),
        ok({"A5": "A", "B7": "B"}),
    ]
    assert [stabiliser.push(f) for f in frames] == [None] * 4
    reported = stabiliser.push(ok({"A5": "A", "B7": "B"}))
    assert reported is not None and reported.layout == {"A5": "A", "B7": "B"}


def test_fingers_read_as_marbles_of_unsure_colour_leaving_their_holes_empty_restart_the_wait() -> None:
    """Fingers resting beside a marble just put on A17 were read as marbles of unsure colour on A16 and
    A18 (clear-ceiling-2023); the hand gone, those holes read surely empty. That is another board, not
    a clearer reading of the same one: it is reported once still, though the sensor's noise leaves as
    many other places in doubt as the frames under the hand did."""
    stabiliser = Stabiliser(still_frames=2)
    fingers = BoardReading(
        "ok", {"A5": "A"}, ("A16", "A17", "A18"), ("A16", "A17", "A18"), local_light=np.ones(105)
    )
    gone = BoardReading("ok", {"A5": "A"}, ("A17", "B7", "C1"), ("A17", "B7", "C1"), local_light=np.ones(105))
    assert stabiliser.push(fingers) is None
    assert stabiliser.push(fingers) is not None
    assert stabiliser.push(gone) is None
    reported = stabiliser.push(gone)
    assert reported is not None and reported.unsure_colour == ("A17", "B7", "C1")
    assert "A16" not in reported.uncertain and "A18" not in reported.uncertain


def test_one_place_s_light_alone_is_noise_but_two_places_are_a_change_of_light() -> None:
    one = np.ones(105)
    one[7] = 1.15
    two = one.copy()
    two[40] = 1.1
    stabiliser = Stabiliser(still_frames=2)
    assert stabiliser.push(ok()) is None
    assert stabiliser.push(BoardReading("ok", dict(BOARD), local_light=one)) is not None
    stabiliser = Stabiliser(still_frames=2)
    assert stabiliser.push(ok()) is None
    assert stabiliser.push(BoardReading("ok", dict(BOARD), local_light=two)) is None


def test_a_clearer_reading_of_the_same_still_board_is_reported_again_once() -> None:
    """The first report of a still board left B7 uncertain (one frame could not read it); once the
    still frames all read it, the clearer reading is reported, then nothing more."""
    stabiliser = Stabiliser(still_frames=2)
    doubtful = BoardReading("ok", {"A5": "A"}, ("B7",), local_light=np.ones(105))
    clear = ok({"A5": "A", "B7": "B"})
    assert stabiliser.push(doubtful) is None
    first = stabiliser.push(clear)
    assert first is not None and first.uncertain == ("B7",)
    second = stabiliser.push(clear)
    assert second is not None and second.layout == {"A5": "A", "B7": "B"} and not second.uncertain
    assert [stabiliser.push(clear) for _ in range(3)] == [None] * 3
    assert stabiliser.push(doubtful) is None  # less clear than what was reported: nothing new


def test_the_sensor_s_jitter_on_places_in_a_marble_s_shadow_is_steady_light() -> None:
    """Under a low evening lamp a marble's shadow leaves the wood of a few places at a third of its
    calibration light, where the sensor's noise moves their light by a tenth or more from frame to
    frame; a shadow deepening them by as much again is still a change of light."""
    shade = np.ones(105)
    shade[[7, 30, 61]] = 0.33
    jitter = shade.copy()
    jitter[[7, 30, 61]] = [0.37, 0.30, 0.36]
    stabiliser = Stabiliser(still_frames=3)
    frames = [BoardReading("ok", dict(BOARD), local_light=light) for light in (shade, jitter, shade)]
    assert [stabiliser.push(f) for f in frames][-1] is not None
    deeper = shade.copy()
    deeper[[7, 30, 61]] = 0.2
    stabiliser = Stabiliser(still_frames=2)
    assert stabiliser.push(BoardReading("ok", dict(BOARD), local_light=shade)) is None
    assert stabiliser.push(BoardReading("ok", dict(BOARD), local_light=deeper)) is None


def test_the_still_board_carries_the_mean_colour_evidence_of_the_frames_that_weighed_it() -> None:
    """Sensor noise moves a pale marble's colour evidence from frame to frame: the reading reported
    weighs the mean, and a frame that read the colour for sure (no evidence) does not count."""
    frames = [
        replace(unsure("CH2"), colour_evidence={"CH2": {"A": -4.0, "C": -1.0}}),
        ok(),
        replace(unsure("CH2"), colour_evidence={"CH2": {"A": -6.0, "C": -2.0}}),
    ]
    stabiliser = Stabiliser(still_frames=3)
    reported = [stabiliser.push(frame) for frame in frames][-1]
    assert reported is not None and reported.unsure_colour == ("CH2",)
    assert reported.colour_evidence == {"CH2": {"A": -5.0, "C": -1.5}}
