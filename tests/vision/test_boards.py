"""The board geometry files and their loaders (hardware.boards, vision.geometry)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from firmware_py.engine.board import BoardTopology
from hardware.boards import BOARDS_DIR, BoardFileError, board_models, load_board, load_board_file
from vision.board_design import design_board
from vision.geometry import BoardGeometry, GeometryError, geometry_text


def test_the_shipped_models_are_listed_without_led_maps() -> None:
    assert {"tock4", "tock6"} <= set(board_models())
    assert not [m for m in board_models() if m.endswith(".leds")]


@pytest.mark.parametrize("sections", [4, 6])
def test_shipped_files_are_the_reference_design(sections: int) -> None:
    text = (BOARDS_DIR / f"tock{sections}.json").read_text(encoding="utf-8")
    assert text == geometry_text(design_board(sections))


@pytest.mark.parametrize(("model", "sections"), [("tock4", 4), ("tock6", 6)])
def test_every_engine_place_has_a_hole_with_room_for_a_marble(model: str, sections: int) -> None:
    geometry = BoardGeometry.from_model(model)
    assert geometry.place_ids == BoardTopology(sections=sections).place_ids
    centres = geometry.centres
    gaps = np.linalg.norm(centres[:, None] - centres[None], axis=2) + np.eye(len(centres)) * 1e9
    assert gaps.min() >= geometry.marble_diameter + 1.5  # 14-16 mm marbles never touch
    width, height = geometry.size_mm
    assert np.all(centres - geometry.marble_diameter / 2 > 0)
    assert np.all(centres[:, 0] + geometry.marble_diameter / 2 < width)
    assert np.all(centres[:, 1] + geometry.marble_diameter / 2 < height)


@pytest.mark.parametrize("model", ["tock4", "tock6"])
def test_markers_sit_near_the_corners_clear_of_the_holes(model: str) -> None:
    geometry = BoardGeometry.from_model(model)
    assert len(geometry.markers) >= 4
    for marker in geometry.markers:
        reach = marker.size / 2 + geometry.marble_diameter / 2
        assert np.max(np.abs(geometry.centres - marker.centre), axis=1).min() > reach
    assert len({m.id for m in geometry.markers}) == len(geometry.markers)


def test_the_4_section_board_is_about_34_cm() -> None:
    geometry = BoardGeometry.from_model("tock4")
    span = geometry.centres.max(axis=0) - geometry.centres.min(axis=0) + geometry.marble_diameter
    assert np.all((330 <= span) & (span <= 350))
    assert BoardGeometry.from_model("tock6").size_mm[0] > geometry.size_mm[0]


def test_track_cells_follow_each_other_one_pitch_apart() -> None:
    geometry = BoardGeometry.from_model("tock4")
    topology = BoardTopology(sections=4)
    track = [geometry.places[topology.track_place(i)] for i in range(topology.track_length + 1)]
    steps = np.linalg.norm(np.diff(np.array(track), axis=0), axis=1)
    assert np.allclose(steps, geometry.pitch_mm, atol=0.05)


def test_unknown_model_names_the_known_ones() -> None:
    with pytest.raises(BoardFileError, match="tock4, tock6"):
        load_board("tock9")
    with pytest.raises(GeometryError, match="no board model 'tock9'"):
        BoardGeometry.from_model("tock9")


def test_missing_and_malformed_files_say_what_is_wrong(tmp_path: Path) -> None:
    with pytest.raises(BoardFileError, match="does not exist"):
        load_board_file(tmp_path / "none.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json", encoding="utf-8")
    with pytest.raises(BoardFileError, match="not valid JSON"):
        load_board_file(bad)
    data = load_board("tock4")
    del data["hole_radius_mm"]
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BoardFileError, match="'hole_radius_mm' must be a number"):
        load_board_file(bad)
    data = load_board("tock4")
    data["places"]["A1"] = [1.0]
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GeometryError, match=r"places\.A1"):
        BoardGeometry.load(bad)


def test_places_must_be_the_engines(tmp_path: Path) -> None:
    data = load_board("tock4")
    del data["places"]["B7"]
    data["places"]["Z1"] = [1.0, 2.0]
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GeometryError, match="missing places B7; unknown places Z1"):
        BoardGeometry.load(path)


def test_geometry_round_trips_through_its_data() -> None:
    geometry = BoardGeometry.from_model("tock6")
    assert BoardGeometry.from_data(geometry.to_data()) == geometry
