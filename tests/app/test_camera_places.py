"""Holes holding a marble, read by camera, for recording an LED map."""

from __future__ import annotations

import pytest

from firmware_py.app.camera_places import NoStableReading, places_reader
from firmware_py.app.companion import SIM_SEED, SIM_SIZE, sim_calibration
from vision.geometry import BoardGeometry
from vision.reader import BoardReader
from vision.stabiliser import Stabiliser
from vision.synthetic import SyntheticCamera, starting_layout


def test_each_call_answers_with_the_next_stable_board() -> None:
    geometry = BoardGeometry.from_model("tock4")
    camera = SyntheticCamera(geometry, seed=SIM_SEED, size=SIM_SIZE)
    board = {p: s for p, s in starting_layout(geometry).items() if p != "AR1"} | {"B7": "A"}
    camera.set_layout(board)
    read = places_reader(camera, BoardReader(geometry, sim_calibration("tock4")), Stabiliser(still_frames=2))
    assert read() == frozenset(board)
    moved = {p: s for p, s in board.items() if p != "BR1"} | {"C3": "B"}
    camera.set_layout(moved)
    assert read() == frozenset(moved)


def test_a_covered_board_is_a_clear_error() -> None:
    geometry = BoardGeometry.from_model("tock4")
    camera = SyntheticCamera(geometry, seed=SIM_SEED, size=SIM_SIZE, hand=True)
    camera.set_layout(starting_layout(geometry))
    read = places_reader(camera, BoardReader(geometry, sim_calibration("tock4")), Stabiliser(), max_frames=5)
    with pytest.raises(NoStableReading, match="no stable reading of the board in 5 frames"):
        read()
