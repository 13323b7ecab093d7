"""Boards the reader once failed on, from rendered set-ups of the final seeds after they were measured
and looked at (``tests/vision/data/photoreal-cases``: three frames of each, not the whole set-up)."""

from __future__ import annotations

from pathlib import Path

from vision.bench import calibrate_photoreal, settle_reading
from vision.geometry import BoardGeometry
from vision.photoreal.dataset import PhotorealSetup, load_setup
from vision.reader import BoardReader

GEOMETRY = BoardGeometry.from_model("tock4")
CASES = Path(__file__).parent / "data" / "photoreal-cases"


def _calibrated(name: str) -> tuple[PhotorealSetup, BoardReader]:
    setup = load_setup(CASES / name)
    reader = calibrate_photoreal(setup, GEOMETRY)
    assert not isinstance(reader, str), reader
    return setup, reader


def test_clear_glass_under_a_dim_lamp_calibrates_with_a_reserve_marble_in_its_neighbours_shadow() -> None:
    """clear-evening-2008: the reserve marble AR1 lies in the coloured shadows of the three next to it
    and changes its hole least of all; it still sets how little a marble changes its hole, so it reads
    as a marble and the board after calibration is read right with the game."""
    setup, reader = _calibrated("clear-evening-2008")
    frame = setup.first("board")
    reading = reader.read(frame.image())
    assert reading.status == "ok", reading.message
    assert settle_reading(setup.game()["board"], reading) == "right"


def test_a_cat_s_eye_alone_whose_dark_body_looks_like_its_empty_hole_is_a_marble_of_unsure_colour() -> None:
    """catseye-desk-2008: under a desk lamp the cat's-eye at A18 is nearest the empty hole's colour yet
    clearly of seat A, and its hole changed as strongly as a marble's with nothing over it or its
    neighbours: a marble of unsure colour, and no doubt spreads to the holes next to it."""
    setup, reader = _calibrated("catseye-desk-2008")
    frame = setup.first("other")
    assert frame.layout.get("A18") == "A"
    reading = reader.read(frame.image())
    assert reading.status == "ok", reading.message
    assert "A18" in reading.unsure_colour
    assert not {"A17", "AH1", "B1"} & set(reading.uncertain)
    assert settle_reading(setup.game()["other"], reading) == "right"
