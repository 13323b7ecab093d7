"""Board geometry: where each place id's hole is on a board model, and where its markers are.

The data lives in ``hardware/boards/<model>.json`` (read by :mod:`hardware.boards`); this module checks
it against the engine's topology, so a geometry always has exactly the holes the rules know about.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from firmware_py.engine.board import (
    HOME_SIZE,
    RESERVE_SIZE,
    SECTION_LETTERS,
    START_CELL,
    BoardTopology,
    home_id,
    reserve_id,
    track_id,
)
from hardware.boards import BoardFileError, check_board_data, load_board, load_board_file


class GeometryError(ValueError):
    """A board geometry is missing, malformed, or does not match the engine's places."""


@dataclass(frozen=True)
class Marker:
    """One ArUco marker glued on the board (its black square, axis-aligned)."""

    id: int
    centre: tuple[float, float]
    """Centre in board millimetres."""
    size: float
    """Side of the black square in millimetres."""

    @property
    def reach(self) -> float:
        """Half the side of the square of paper the marker covers: its black square, its white quiet
        zone (a sixth of the square's side) and 3 mm of cut paper. No wood is seen within it."""
        return self.size / 2 + self.size / 6 + 3

    def corners(self) -> np.ndarray:
        """The 4 corners in board millimetres, in ArUco's order.

        Top-left, top-right, bottom-right, bottom-left.
        """
        x, y = self.centre
        h = self.size / 2
        return np.array([[x - h, y - h], [x + h, y - h], [x + h, y + h], [x - h, y + h]], dtype=np.float64)


@dataclass(frozen=True)
class BoardGeometry:
    """The holes and markers of one board model, in millimetres from the board's top-left corner."""

    model: str
    sections: int
    size_mm: tuple[float, float]
    pitch_mm: float
    """Distance between neighbouring holes."""
    hole_radius: float
    marble_diameter: float
    marble_top: float
    """Height of a resting marble's top above the board surface."""
    places: Mapping[str, tuple[float, float]]
    """Place id -> hole centre, in the engine's canonical order."""
    markers: tuple[Marker, ...]
    marker_dictionary: str = "DICT_4X4_50"

    @classmethod
    def from_model(cls, model: str) -> BoardGeometry:
        """The geometry of a board model shipped in ``hardware/boards`` (``"tock4"``, ``"tock6"``).

        Raises:
            GeometryError: unknown model, or its file is malformed.
        """
        try:
            return cls.from_data(load_board(model))
        except BoardFileError as error:
            raise GeometryError(str(error)) from None

    @classmethod
    def load(cls, path: str | Path) -> BoardGeometry:
        """The geometry in a file (for example one written by ``tock board fit``).

        Raises:
            GeometryError: the file is missing or malformed, or its places are not the engine's.
        """
        try:
            data = load_board_file(path)
        except BoardFileError as error:
            raise GeometryError(str(error)) from None
        try:
            return cls.from_data(data)
        except GeometryError as error:
            raise GeometryError(f"board geometry file {path}: {error}") from None

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> BoardGeometry:
        """Build and check a geometry from its JSON data.

        Raises:
            GeometryError: a field is malformed, or the place ids differ from the engine's topology.
        """
        try:
            check_board_data(dict(data))
        except BoardFileError as error:
            raise GeometryError(str(error)) from None
        topology = BoardTopology(sections=data["sections"])
        given = data["places"]
        missing = [p for p in topology.place_ids if p not in given]
        extra = sorted(set(given) - set(topology.place_ids))
        if missing or extra:
            parts = []
            if missing:
                parts.append(f"missing places {', '.join(missing[:8])}{' ...' if len(missing) > 8 else ''}")
            if extra:
                parts.append(f"unknown places {', '.join(extra[:8])}{' ...' if len(extra) > 8 else ''}")
            raise GeometryError(
                f"the places do not match a {data['sections']}-section board: " + "; ".join(parts)
            )
        places = {p: (float(given[p][0]), float(given[p][1])) for p in topology.place_ids}
        markers = tuple(
            Marker(int(m["id"]), (float(m["centre"][0]), float(m["centre"][1])), float(m["size"]))
            for m in data["markers"]["items"]
        )
        return cls(
            model=data["model"],
            sections=data["sections"],
            size_mm=(float(data["board_mm"][0]), float(data["board_mm"][1])),
            pitch_mm=float(data["pitch_mm"]),
            hole_radius=float(data["hole_radius_mm"]),
            marble_diameter=float(data["marble_diameter_mm"]),
            marble_top=float(data["marble_top_mm"]),
            places=places,
            markers=markers,
            marker_dictionary=data["markers"]["dictionary"],
        )

    @cached_property
    def place_ids(self) -> tuple[str, ...]:
        """Place ids in the engine's canonical order (track, homes, reserves, centre)."""
        return tuple(self.places)

    def seat_areas(self, seat: str) -> list[list[str]]:
        """The groups of places a seat owns, which many boards paint in its colour: its reserve, its home
        lane (from the start cell's side) and its start cell alone."""
        section = SECTION_LETTERS.index(seat)
        reserve = [reserve_id(section, n) for n in range(1, RESERVE_SIZE + 1)]
        home = [home_id(section, n) for n in range(1, HOME_SIZE + 1)]
        return [reserve, home, [track_id(section, START_CELL)]]

    @cached_property
    def owners(self) -> tuple[str, ...]:
        """Per place (in :attr:`place_ids` order), the seat owning it (see :meth:`seat_areas`), or ``""``
        for the track and the centre that every seat shares."""
        owner = {
            place: seat
            for seat in SECTION_LETTERS[: self.sections]
            for group in self.seat_areas(seat)
            for place in group
        }
        return tuple(owner.get(p, "") for p in self.place_ids)

    @cached_property
    def centres(self) -> np.ndarray:
        """Hole centres as an ``(n, 2)`` float array, in :attr:`place_ids` order."""
        return np.array([self.places[p] for p in self.place_ids], dtype=np.float64)

    @cached_property
    def marker_ids(self) -> tuple[int, ...]:
        return tuple(m.id for m in self.markers)

    def marker(self, marker_id: int) -> Marker:
        """The marker with that id.

        Raises:
            KeyError: the board has no such marker.
        """
        for m in self.markers:
            if m.id == marker_id:
                return m
        raise KeyError(marker_id)

    def board_corners(self) -> np.ndarray:
        """The board's 4 corners (top-left, top-right, bottom-right, bottom-left) in millimetres."""
        w, h = self.size_mm
        return np.array([[0, 0], [w, 0], [w, h], [0, h]], dtype=np.float64)

    def to_data(self) -> dict[str, Any]:
        """The JSON data of this geometry (what :meth:`from_data` reads)."""
        return {
            "format": 1,
            "model": self.model,
            "sections": self.sections,
            "board_mm": list(self.size_mm),
            "pitch_mm": self.pitch_mm,
            "hole_radius_mm": self.hole_radius,
            "marble_diameter_mm": self.marble_diameter,
            "marble_top_mm": self.marble_top,
            "markers": {
                "dictionary": self.marker_dictionary,
                "items": [{"id": m.id, "centre": list(m.centre), "size": m.size} for m in self.markers],
            },
            "places": {p: list(c) for p, c in self.places.items()},
        }


def geometry_text(data: Mapping[str, Any]) -> str:
    """Geometry data as the JSON text of a board file.

    One place or marker per line, so that diffs of a fitted board stay readable.
    """
    lines = []
    for key, value in data.items():
        if key == "places":
            rows = [f"    {json.dumps(p)}: {json.dumps(list(c))}" for p, c in value.items()]
            lines.append('  "places": {\n' + ",\n".join(rows) + "\n  }")
        elif key == "markers":
            rows = [f"      {json.dumps(m)}" for m in value["items"]]
            lines.append(
                f'  "markers": {{\n    "dictionary": {json.dumps(value["dictionary"])},\n'
                '    "items": [\n' + ",\n".join(rows) + "\n    ]\n  }"
            )
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"
