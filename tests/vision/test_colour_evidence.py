"""The reader's graded colour evidence for marbles whose colour is not clear: how well each seat's
learnt colour explains what was seen, which the game weighs where several boards fit."""

from __future__ import annotations

from firmware_py.engine.colour_evidence import COLOUR_MARGIN
from tests.vision.conftest import make_rig
from vision.synthetic import SEAT_COLOURS_BGR, starting_layout


def test_marbles_of_unsure_colour_carry_evidence_that_tells_red_from_green_though_not_red_from_red() -> None:
    """Seat B's marbles are the very red of seat A's (two tints a camera under a warm lamp cannot
    separate): A's and B's marbles are of unsure colour, yet their colour is surely not C's green nor
    D's yellow."""
    rig = make_rig(
        seed=3, size=(960, 720), lamp=True, noise=2, colours={"B": SEAT_COLOURS_BGR["A"]}, empty_first=True
    )
    start = starting_layout(rig.geometry)
    rig.camera.set_layout(start)
    reading = rig.reader.read(rig.camera.capture())
    reds = {place for place, seat in start.items() if seat in "AB"}
    assert set(reading.unsure_colour) == reds == set(reading.colour_evidence)
    for place, evidence in reading.colour_evidence.items():
        assert set(evidence) == set("ABCD"), place
        assert min(evidence["A"], evidence["B"]) - max(evidence["C"], evidence["D"]) > COLOUR_MARGIN, place


def test_marbles_whose_colour_is_clear_carry_no_evidence() -> None:
    rig = make_rig(seed=3, size=(960, 720), noise=2, empty_first=True)
    start = starting_layout(rig.geometry)
    rig.camera.set_layout(start)
    reading = rig.reader.read(rig.camera.capture())
    assert reading.layout == start and not reading.unsure_colour
    assert reading.colour_evidence == {}
