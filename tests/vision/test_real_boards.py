"""What real wooden boards add: painted seat areas, a lamp's glare, hands resting on the board, boards
small or large in the frame. Each test renders the hardship with the synthetic camera and checks the
reader where it used to fail."""

from __future__ import annotations

import numpy as np
import pytest

from tests.vision.conftest import Rig, make_rig, replay_setup
from vision.calibration import CalibrationError, marble_centre_height
from vision.classify import light_then
from vision.game_boards import game_boards, settle_reading
from vision.markers import project
from vision.reader import BoardReader
from vision.synthetic import SyntheticCamera, random_layout, starting_layout


def _read(rig: Rig, layout: dict[str, str]):  # type: ignore[no-untyped-def]
    rig.camera.set_layout(layout)
    return rig.reader.read(rig.camera.capture())


@pytest.fixture(scope="module")
def painted_rig() -> Rig:
    """A painted board under a warm lamp whose reflection lies over the track between B and C."""
    return make_rig(
        seed=5,
        painted=True,
        lamp=True,
        warmth=0.6,
        tilt=10,
        rotation=30,
        noise=2,
        board_share=0.6,
        empty_first=True,
    )


def test_calibration_on_a_painted_board_finds_the_marble_plane(painted_rig: Rig) -> None:
    geometry = painted_rig.geometry
    height = marble_centre_height(geometry)
    found = project(painted_rig.calibration.homography_at(height), geometry.centres)
    truth = project(painted_rig.camera.homography(height), geometry.centres)
    assert np.linalg.norm(found - truth, axis=1).max() < 2.0


def test_a_painted_empty_reserve_hole_reads_empty(painted_rig: Rig) -> None:
    layout = {
        p: s for p, s in starting_layout(painted_rig.geometry).items() if p not in ("AR1", "BR2", "DR4")
    }
    layout.update({"A3": "A", "B7": "B", "D12": "D"})
    reading = _read(painted_rig, layout)
    assert reading.status == "ok", reading.message
    assert reading.uncertain == ()
    assert reading.layout == layout
    for hole in ("AR1", "BR2", "DR4"):
        assert reading.confidence[hole] >= 0.97


def test_a_marble_under_the_lamps_glare_is_told_from_an_empty_hole(painted_rig: Rig) -> None:
    plan = painted_rig.reader._plan
    assert plan is not None
    glare = light_then(painted_rig.calibration.wood_ref, plan.neighbours).glare
    under = {painted_rig.geometry.place_ids[i] for i in np.flatnonzero(glare)}
    assert {"B15", "B16", "B17", "C1", "C3"} <= under  # the reflection really lies there
    layout = {"B15": "A", "B17": "C", "C1": "B", "A4": "B"}
    reading = _read(painted_rig, layout)
    assert reading.status == "ok", reading.message
    assert reading.layout == layout
    assert not {"B15", "B16", "B17", "C1", "C3"} & set(reading.uncertain)


@pytest.mark.parametrize("share", [0.34, 0.75])
def test_small_and_large_boards_in_the_frame_read_exactly(share: float) -> None:
    rig = make_rig(seed=12, painted=True, tilt=14, rotation=200, noise=3, board_share=share, empty_first=True)
    rng = np.random.default_rng(4)
    for _ in range(2):
        layout = random_layout(rig.geometry, rng)
        reading = _read(rig, layout)
        assert (reading.status, reading.uncertain) == ("ok", ())
        assert reading.layout == layout


def test_a_hand_over_a_hole_makes_it_unknown_never_empty() -> None:
    """Fingers lying over a reserve marble for many frames: never that hole read empty with confidence."""
    for seed in (3, 4):
        rig = make_rig(seed=seed, painted=True, lamp=True, tilt=8, noise=3, board_share=0.6, empty_first=True)
        layout = starting_layout(rig.geometry)
        rig.camera.set_layout(layout)
        for place in ("AR2", "BR1", "CR4"):
            rig.camera.set_hand(True, over=place, resting=True)
            for _ in range(3):
                reading = rig.reader.read(rig.camera.capture())
                if reading.status == "ok":
                    wrong = [
                        p
                        for p, s in layout.items()
                        if p not in reading.uncertain and reading.layout.get(p) != s
                    ]
                    assert wrong == [], (seed, place)
                    assert place in reading.uncertain or reading.layout.get(place) == layout[place]
            rig.camera.set_hand(False)


def test_a_painted_board_survives_a_bump_and_a_hidden_marker() -> None:
    rig = make_rig(seed=21, painted=True, tilt=12, rotation=15, noise=2, board_share=0.55, empty_first=True)
    layout = random_layout(rig.geometry, np.random.default_rng(6))
    assert _read(rig, layout).layout == layout
    rig.camera.move_board(5.0, 3.0, -1.5)
    assert _read(rig, layout).status == "board_moved"
    assert rig.reader.calibration is not None and rig.reader.calibration.empty_look is not None
    again = _read(rig, layout)
    assert (again.status, again.layout) == ("ok", layout)
    frame = rig.camera.capture()
    quad = project(rig.camera.homography(), np.array(rig.geometry.markers[1].corners()))
    x0, y0 = quad.min(axis=0).astype(int) - 10
    x1, y1 = quad.max(axis=0).astype(int) + 10
    frame[y0:y1, x0:x1] = (70, 74, 80)  # a marker hidden: the others still place the board
    fresh = BoardReader(rig.geometry)
    rig.camera.set_layout({})
    empty = rig.camera.capture()
    empty[y0:y1, x0:x1] = (70, 74, 80)
    rig.camera.set_layout(starting_layout(rig.geometry))
    start = rig.camera.capture()
    start[y0:y1, x0:x1] = (70, 74, 80)
    fresh.calibrate(start, starting_layout(rig.geometry), empty=empty)
    assert fresh.read(frame).layout == layout


def _hide(frame: np.ndarray, rig: Rig, marker: int) -> None:
    quad = project(rig.camera.homography(), np.array(rig.geometry.marker(marker).corners()))
    x0, y0 = quad.min(axis=0).astype(int) - 10
    x1, y1 = quad.max(axis=0).astype(int) + 10
    frame[y0:y1, x0:x1] = (70, 74, 80)


def _frames(rig: Rig) -> tuple[np.ndarray, np.ndarray]:
    """A frame of the empty board and one of the starting layout."""
    rig.camera.set_layout({})
    empty = rig.camera.capture()
    rig.camera.set_layout(starting_layout(rig.geometry))
    return empty, rig.camera.capture()


def test_a_failed_calibration_names_the_hidden_markers(painted_rig: Rig) -> None:
    empty, start = _frames(painted_rig)
    for marker in (0, 2):
        _hide(start, painted_rig, marker)
    with pytest.raises(CalibrationError) as error:
        BoardReader(painted_rig.geometry).calibrate(start, starting_layout(painted_rig.geometry), empty=empty)
    assert error.value.problem == "markers"
    assert "top-left corner (marker 0)" in str(error.value)
    assert "bottom-right corner (marker 2)" in str(error.value)
    assert "marbles" not in str(error.value)


def test_a_failed_calibration_says_too_dark(painted_rig: Rig) -> None:
    empty, start = _frames(painted_rig)
    with pytest.raises(CalibrationError, match="too dark") as error:
        BoardReader(painted_rig.geometry).calibrate(
            (start // 12).astype(np.uint8),
            starting_layout(painted_rig.geometry),
            empty=(empty // 12).astype(np.uint8),
        )
    assert error.value.problem == "dark"


def test_a_failed_calibration_blames_the_hand_not_the_marbles(painted_rig: Rig) -> None:
    empty, _ = _frames(painted_rig)
    painted_rig.camera.set_hand(True, over="A9", resting=True)
    try:
        start = painted_rig.camera.capture()
    finally:
        painted_rig.camera.set_hand(False)
    with pytest.raises(CalibrationError, match="something covers holes") as error:
        BoardReader(painted_rig.geometry).calibrate(start, starting_layout(painted_rig.geometry), empty=empty)
    assert error.value.problem == "covered"


def test_the_glare_warning_names_the_holes_under_the_lamps_reflection(painted_rig: Rig) -> None:
    """The camera's lamp reflects in the varnish over B15-B16-B17 (its highlight reaches 160 to 240
    levels there, 73 at B14's edge, 26 at B18's); C1 and C3, lit brighter by the lamp's pool of light but
    with no reflection on them, are not named."""
    glare = set(painted_rig.calibration.glare)
    assert {"B15", "B16", "B17"} <= glare <= {"B14", "B15", "B16", "B17", "B18"}
    warning = next(w for w in painted_rig.calibration.warnings() if w["code"] == "glare")
    assert "B15" in warning["en"] and "polarising filter" in warning["en"]


def test_no_glare_warning_without_a_lamp() -> None:
    rig = make_rig(seed=12, painted=True, tilt=5, noise=2, board_share=0.6, empty_first=True)
    assert rig.calibration.glare == () and rig.calibration.warnings() == []


def test_a_calibration_mistake_says_what_was_expected_and_what_was_seen_without_contradiction() -> None:
    camera = SyntheticCamera("tock4", seed=8, lamp=True, noise=2, board_share=0.6)
    empty = camera.capture()
    start = starting_layout(camera.geometry)
    camera.set_layout({**start, "A5": "A"})  # one marble too many on the board
    frame = camera.capture()
    missing = {p: s for p, s in start.items() if p != "BR2"}  # and the game's BR2 marble not said
    with pytest.raises(CalibrationError, match="not where the game has them") as error:
        BoardReader(camera.geometry).calibrate(frame, {**missing, "A5": "A", "C9": "C"}, empty=empty)
    text = str(error.value)
    assert "C9 (a marble of seat C expected, the hole looks empty)" in text
    assert "BR2 (an empty hole expected, a marble seen)" in text
    assert error.value.problem == "marbles" and {"BR2", "C9"} <= set(error.value.places)


MARBLES_LIKE_THEIR_PAINT = {
    "bit_generator": "PCG64",
    "state": {
        "state": 75027589310692542549483476530016622683,
        "inc": 194290289479364712180083596243593368443,
    },
    "has_uint32": 0,
    "uinteger": 4181658487,
}
"""The random state that draws the 44th set-up of the synthetic camera's tuning seed 1: seat D's reserve
painted a yellow that its two yellow marbles there match, side by side, under a passing shadow. Each
looks like its own wood, so each was taken for something flat over the board, and the two together for
a cover: every board of the set-up was refused as "something covers the board"."""


def test_marbles_side_by_side_the_colour_of_their_painted_reserve_are_read_as_marbles() -> None:
    camera, reader, rng = replay_setup(MARBLES_LIKE_THEIR_PAINT)
    for game in game_boards(rng, 3):
        camera.set_layout(game.layout)
        reading = reader.read(camera.capture())
        assert reading.status == "ok", reading.message
        assert game.layout.get("DR1") == game.layout.get("DR2") == "D"  # the scene really is there
        for place in ("DR1", "DR2"):
            assert reading.layout.get(place) == "D" or place in reading.unsure_colour
        assert all(game.layout.get(p) == seat for p, seat in reading.layout.items())
        assert settle_reading(game, reading) == "right"


EMPTY_HOLES_IN_A_LAMPS_SHADOWS = {
    "bit_generator": "PCG64",
    "state": {
        "state": 286545382976190114053869579227119467272,
        "inc": 222003063171874261427395693950637096479,
    },
    "has_uint32": 0,
    "uinteger": 3184218689,
}
"""The random state that draws the 34th set-up of the synthetic camera's tuning seed 3: a small board under
a lamp whose glare lies on seat D's reserve, so that the least change calibration saw a marble make
(0.65, there) sets the marble scale for the whole board. On the game's first board, the two empty holes
of seat B's reserve beside its two marbles, in their shadows, changed by 0.53 and 0.62 while their colour
was clearly an empty hole's. They were read as marbles of unsure colour, and the game then saw two
marbles appear from nowhere: a mistake flashed that nobody made."""


def test_an_empty_hole_changed_faintly_whose_colour_is_clearly_empty_is_not_read_a_marble() -> None:
    camera, reader, rng = replay_setup(EMPTY_HOLES_IN_A_LAMPS_SHADOWS)
    game = list(game_boards(rng, 3))[0]
    assert "BR3" not in game.layout and "BR4" not in game.layout  # the scene really is there
    camera.set_layout(game.layout)
    reading = reader.read(camera.capture())
    assert reading.status == "ok", reading.message
    assert not {"BR3", "BR4"} & set(reading.unsure_colour)
    assert all(game.layout.get(p) == seat for p, seat in reading.layout.items())
    assert settle_reading(game, reading) == "right"
