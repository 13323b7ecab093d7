"""The reader's graded colour evidence for marbles whose colour is not clear: how well each seat's
learnt colour explains what was seen, which the game weighs where several boards fit
(:mod:`vision.colour_evidence`): its hue decides, not how strongly coloured it looks."""

from __future__ import annotations

import numpy as np

from firmware_py.engine.colour_evidence import COLOUR_MARGIN
from tests.vision.conftest import make_rig
from vision.classify import FEATURE_PARTS, SIGMA_FLOOR, Classes
from vision.colour_evidence import GREY_CHROMA, colour_evidence
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


def _classes(**seats: tuple[float, float]) -> Classes:
    """Seats whose top disc, hole disc and rim all have the chroma (Lab a, b) given, at lightness 50."""
    means = np.array([np.tile([50.0, a, b], FEATURE_PARTS) for a, b in seats.values()])
    sigmas = np.tile(SIGMA_FLOOR, (len(seats), 1))
    empty = np.tile([20.0, 0.0, 0.0], FEATURE_PARTS)[None]
    return Classes(tuple(seats), means, sigmas, empty, np.tile(SIGMA_FLOOR, (1, 1)))


def _place(a: float, b: float) -> np.ndarray:
    return np.tile([60.0, a, b], FEATURE_PARTS)[None]


def _lead(evidence: dict[str, dict[str, float]], seat: str, other: str) -> float:
    return evidence["E1"][seat] - evidence["E1"][other]


def test_a_blue_peg_brighter_than_the_starting_layout_s_is_still_blue_not_purple() -> None:
    """peg-evening-tock6-2071: the evening lamp lit the blue peg at E1 from above, and its chroma
    (a 39, b -81) came out as strong as the purple pegs' (57, -65), far from the blue pegs' of the starting
    layout (24, -49), while its hue stayed blue's. Weighed by the chroma, purple led by 41."""
    classes = _classes(B=(24.2, -48.9), E=(57.5, -64.6))
    evidence = colour_evidence(_place(39.0, -80.6), classes, ["E1"], np.array([0]))
    assert _lead(evidence, "B", "E") > 0
    purple = colour_evidence(_place(43.2, -45.5), classes, ["E1"], np.array([0]))  # C11's purple peg
    assert _lead(purple, "E", "B") > 0


def test_hues_far_apart_give_the_game_more_than_its_margin_between_two_marbles() -> None:
    classes = _classes(A=(40.0, 25.0), C=(-35.0, 25.0))
    red = colour_evidence(_place(30.0, 20.0), classes, ["E1"], np.array([0]))
    assert _lead(red, "A", "C") > 6  # two such marbles swapped lead by 12, the engine's margin


def test_a_weak_chroma_says_little_of_its_hue() -> None:
    classes = _classes(A=(40.0, 25.0), C=(-35.0, 25.0))
    strong = _lead(colour_evidence(_place(30.0, 20.0), classes, ["E1"], np.array([0])), "A", "C")
    faint = _lead(colour_evidence(_place(3.0, 2.0), classes, ["E1"], np.array([0])), "A", "C")
    assert 0 < faint < strong / 4


def test_a_seat_of_nearly_grey_glass_is_weighed_by_its_chroma_not_its_hue() -> None:
    """Clear glass seen from above shows the hole and a highlight: a seat's learnt chroma below
    GREY_CHROMA has no hue to go by, and a marble of its hue but six times as coloured is not its marble;
    a coloured seat's marble six times as coloured, in its hue, still is (the light, not the marble)."""
    grey = GREY_CHROMA / 3
    for seat, (a, b), far in (("A", (grey, -grey), 6), ("C", (30.0, -30.0), -1)):
        classes = _classes(**{seat: (a, b)})
        same = colour_evidence(_place(a, b), classes, ["E1"], np.array([0]))["E1"][seat]
        stronger = colour_evidence(_place(6 * a, 6 * b), classes, ["E1"], np.array([0]))["E1"][seat]
        assert (same - stronger > far) if far > 0 else (same - stronger < -far)
