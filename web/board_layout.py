"""Where each hole of a board is drawn on the page: as measured on the physical board, or computed.

A board model with a geometry file (``tock4``, ``tock6``) is drawn exactly as built, in the camera's
orientation (:func:`draw_measured_board`), so the page looks like the board on the table. Any other
board (an 8-section board, say) is drawn from the engine's topology (:func:`draw_board`) the way a
wooden Tock board is laid out: the track as one ring of 18 holes per
section in the direction of travel (clockwise on screen), each seat's home lane running inwards from
just before its start cell, its four reserve places in a small square outside the ring beside the start
cell, and the centre hole (Ciel) in the middle. Seat ``A`` sits at the bottom of the drawing, like the
player nearest the tablet. Coordinates are in a square ``VIEWBOX`` x ``VIEWBOX`` drawing; the browser
scales it to the screen.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from firmware_py.engine.board import (
    CELLS_PER_SECTION,
    CENTRE,
    HOME_SIZE,
    RESERVE_SIZE,
    SECTION_LETTERS,
    START_CELL,
    BoardTopology,
    PlaceKind,
    home_id,
    parse_place,
    reserve_id,
    track_id,
)

VIEWBOX = 1000.0
"""Side of the square drawing."""

TRACK_RADIUS = 372.0
"""Radius of the ring of track holes: room is left outside it for the reserves."""


@dataclass(frozen=True, slots=True)
class Hole:
    """One hole of the drawing: its place id, centre, radius and what kind of hole it is."""

    place: str
    x: float
    y: float
    r: float
    kind: str
    """``track``, ``start``, ``shortcut``, ``home``, ``reserve`` or ``centre`` (start and shortcut are
    track cells drawn with a mark)."""
    seat: str
    """Section letter the hole belongs to ('' for the centre)."""


@dataclass(frozen=True, slots=True)
class SeatLabel:
    """Where a seat's name is written: inside the ring, beside its home lane, running away from it."""

    seat: str
    x: float
    y: float
    anchor: str
    """SVG ``text-anchor``: ``start`` or ``end`` beside an upright lane, ``middle`` beside a level one."""


@dataclass(frozen=True, slots=True)
class BoardDrawing:
    """Every hole of one topology plus the seat labels, ready for the template."""

    holes: tuple[Hole, ...]
    labels: tuple[SeatLabel, ...]
    track_radius: float
    hole_radius: float
    label_size: float
    """Font size of the seat names: smaller when more seats share the ring."""

    @property
    def places(self) -> frozenset[str]:
        """The place ids drawn (exactly the topology's ``place_ids``)."""
        return frozenset(hole.place for hole in self.holes)


def _point(angle: float, radius: float) -> tuple[float, float]:
    centre = VIEWBOX / 2
    return round(centre + radius * math.cos(angle), 1), round(centre + radius * math.sin(angle), 1)


def _label(seat: str, lane_angle: float, radius: float, hole_r: float, sections: int) -> SeatLabel:
    """The seat's name on the start-cell side of its home lane, written away from the lane."""
    lane_x, lane_y = _point(lane_angle, radius)
    x, y = _point(lane_angle + 0.5 * math.pi / sections, radius)
    dx, dy = x - lane_x, y - lane_y
    if abs(dx) > abs(dy):  # an upright lane: the name starts just beside it, level with the lane cell
        beside = round(lane_x + math.copysign(2 * hole_r, dx), 1)
        return SeatLabel(seat, beside, lane_y, "start" if dx > 0 else "end")
    return SeatLabel(seat, x, y, "middle")


@lru_cache(maxsize=32)
def draw_board(topology: BoardTopology) -> BoardDrawing:
    """Compute the position of every place of ``topology``.

    Args:
        topology: the board (4, 6 or 8 sections, home entry after 16 or 17, shortcut cell, centre).

    Returns:
        The drawing: one :class:`Hole` per place id of the topology, and one label per seat.
    """
    cells = topology.track_length
    step = 2 * math.pi / cells
    spacing = TRACK_RADIUS * step
    hole_r = round(max(5.5, min(14.0, 0.4 * spacing)), 1)
    lane_step = max(spacing, 2.8 * hole_r)
    # Seat A's home lane points straight down; it leaves the ring between the home-entry cell and the
    # start cell, so that cell index sits at angle pi/2.
    home_anchor = (topology.home_entry_after + START_CELL) / 2 - 1

    def angle_of(index: float) -> float:
        return math.pi / 2 + (index - home_anchor) * step

    holes: list[Hole] = []
    for index in range(cells):
        section, cell = divmod(index, CELLS_PER_SECTION)
        cell += 1
        kind = "start" if cell == START_CELL else "shortcut" if cell == topology.shortcut_cell else "track"
        x, y = _point(angle_of(index), TRACK_RADIUS)
        holes.append(Hole(track_id(section, cell), x, y, hole_r, kind, SECTION_LETTERS[section]))

    labels: list[SeatLabel] = []
    for section in range(topology.sections):
        seat = SECTION_LETTERS[section]
        lane_angle = angle_of(section * CELLS_PER_SECTION + home_anchor)
        for number in range(1, HOME_SIZE + 1):
            x, y = _point(lane_angle, TRACK_RADIUS - number * lane_step)
            holes.append(Hole(home_id(section, number), x, y, hole_r, "home", seat))
        # The reserve: a 2 x 2 square outside the ring, just past the start cell.
        start_angle = angle_of(topology.start_index(section))
        reserve_angle = start_angle + 1.5 * step
        for number in range(1, RESERVE_SIZE + 1):
            row, column = divmod(number - 1, 2)
            radius = TRACK_RADIUS + (1.4 + row) * lane_step
            angle = reserve_angle + (column - 0.5) * lane_step / radius
            x, y = _point(angle, radius)
            holes.append(Hole(reserve_id(section, number), x, y, hole_r, "reserve", seat))
        labels.append(_label(seat, lane_angle, TRACK_RADIUS - 2.5 * lane_step, hole_r, topology.sections))
    if topology.centre:
        holes.append(Hole(CENTRE, VIEWBOX / 2, VIEWBOX / 2, round(hole_r * 1.6, 1), "centre", ""))
    label_size = {4: 22.0, 6: 18.0, 8: 15.0}[topology.sections]
    return BoardDrawing(tuple(holes), tuple(labels), TRACK_RADIUS, hole_r, label_size)


def draw_measured_board(topology: BoardTopology, geometry: dict[str, Any]) -> BoardDrawing | None:
    """The board as built: hole positions measured on the physical board, scaled to the drawing.

    Args:
        topology: the game's board (which places exist).
        geometry: ``{"board_mm": [w, h], "hole_radius_mm": r, "places": {place: [x_mm, y_mm]}}``, as a
            board model's geometry file holds them (millimetres from the top-left corner, as the camera
            sees the board).

    Returns:
        The drawing, or None when the geometry lacks a place of the topology (then :func:`draw_board`).
    """
    measured = geometry.get("places") or {}
    if not all(place in measured for place in topology.place_ids):
        return None
    width, height = (float(v) for v in geometry["board_mm"])
    scale = VIEWBOX / max(width, height)
    dx, dy = (VIEWBOX - width * scale) / 2, (VIEWBOX - height * scale) / 2
    hole_r = round(float(geometry["hole_radius_mm"]) * scale, 1)

    def at(place: str) -> tuple[float, float]:
        x, y = measured[place]
        return round(dx + float(x) * scale, 1), round(dy + float(y) * scale, 1)

    holes = []
    for place_id in topology.place_ids:
        place = parse_place(place_id)
        seat = "" if place.kind is PlaceKind.CENTRE else SECTION_LETTERS[place.section]
        kind = place.kind.value
        if place.kind is PlaceKind.TRACK:
            kind = (
                "start"
                if place.number == START_CELL
                else ("shortcut" if place.number == topology.shortcut_cell else "track")
            )
        x, y = at(place_id)
        r = round(hole_r * 1.4, 1) if place.kind is PlaceKind.CENTRE else hole_r
        holes.append(Hole(place_id, x, y, r, kind, seat))
    labels = []
    for section in range(topology.sections):
        seat = SECTION_LETTERS[section]
        points = [at(reserve_id(section, n)) for n in range(1, RESERVE_SIZE + 1)]
        cx = sum(p[0] for p in points) / len(points)
        cy = sum(p[1] for p in points) / len(points)
        # The name goes on the outer side of the reserve, written from its inner edge towards the
        # board's edge, where the corners are free of holes.
        below = cy >= VIEWBOX / 2
        offset = max(abs(p[1] - cy) for p in points) + 2.6 * hole_r
        y = round(cy + (offset if below else -offset), 1)
        if cx < VIEWBOX / 2:
            labels.append(SeatLabel(seat, round(max(p[0] for p in points) + hole_r, 1), y, "end"))
        else:
            labels.append(SeatLabel(seat, round(min(p[0] for p in points) - hole_r, 1), y, "start"))
    label_size = {4: 20.0, 6: 18.0, 8: 16.0}[topology.sections]
    return BoardDrawing(tuple(holes), tuple(labels), 0.0, hole_r, label_size)
