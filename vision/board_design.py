"""The reference layout of a Tock board: where every hole and fiducial marker goes.

This is how ``hardware/boards/tock4.json`` and ``tock6.json`` were made (``tock board design``), and a
test checks that they still match it. A maker whose wooden board differs measures it with
``tock board fit`` instead; nothing else in the project computes hole positions.

The layout is the cross (a star for 6 sections) of published boards. Each section owns one *arm*
pointing at its seat: the track runs out along one side of the arm, across its tip and back in along
the other side, and turns through one corner hole into the next arm. In the arm's frame (``u`` outward
from the centre, ``v`` towards the next seat, in hole pitches) section ``s`` is::

    cells 1, 2    tip of the previous arm, v = +1, +2
    cells 3..8    inner lane of the previous arm, v = +2, running inwards
    cell 9        the corner between the previous arm and this one
    cells 10..15  outer lane of this arm, v = -2, running outwards
    cells 16..18  tip of this arm, v = -2, -1, 0 (18, the start cell, faces the home lane)
    homes 1..4    v = 0, from the tip inwards
    reserves      a 2 x 2 block beside the arm, between it and the previous arm

Travel is clockwise seen from above (the direction the rule sheets deal and play in), seat A sits at
the bottom edge. Coordinates are millimetres from the board's top-left corner, x right, y down.
"""

from __future__ import annotations

import math
from typing import Any

from firmware_py.engine.board import BoardTopology, home_id, reserve_id, track_id

PITCH_MM = 18.0
"""Centre-to-centre distance of neighbouring holes: room for 16 mm marbles with a 2 mm gap."""
HOLE_RADIUS_MM = 6.5
MARBLE_DIAMETER_MM = 16.0
MARKER_SIZE_MM = 36.0
"""Side of the black square of each ArUco marker (a 4 x 4 code plus its border)."""
MARKER_INSET_MM = 30.0
"""Distance from the board's edges to each corner marker's centre."""
MARKER_IDS = {4: (0, 1, 2, 3), 6: (4, 5, 6, 7)}
"""Marker ids per board size: different boards carry different ids, so a wrong geometry is noticed."""
BOARD_SIZE_MM = {4: 360.0, 6: 420.0}
LANE_OFFSET = 2
"""Distance, in pitches, of each lane of an arm from the arm's axis."""
TIP_CELLS = ((1, 1), (2, 2), (16, -2), (17, -1), (18, 0))
"""(cell, v) of the holes across an arm's tip; 1 and 2 belong to the next section."""


def marble_top_mm(marble_diameter_mm: float, hole_radius_mm: float) -> float:
    """Height of a marble's top above the board when it rests in a hole (the plane vision reads at)."""
    r = marble_diameter_mm / 2
    return r + math.sqrt(max(r * r - hole_radius_mm * hole_radius_mm, 0.0))


def design_board(sections: int) -> dict[str, Any]:
    """The geometry data (as stored in ``hardware/boards/<model>.json``) of the reference board.

    Args:
        sections: 4 or 6.

    Returns:
        A JSON-ready dictionary: model, sizes, every place id's centre and the markers.

    Raises:
        ValueError: no reference layout for that many sections.
    """
    if sections not in BOARD_SIZE_MM:
        raise ValueError(f"there is a reference layout for 4 or 6 sections, not {sections}")
    topology = BoardTopology(sections=sections)
    size = BOARD_SIZE_MM[sections]
    centre = (size / 2, size / 2)
    corner_u = LANE_OFFSET / math.tan(math.pi / sections)
    tip_u = corner_u + 7

    def arm_point(section: int, u: float, v: float) -> tuple[float, float]:
        theta = math.pi / 2 + 2 * math.pi * (section % sections) / sections
        x = centre[0] + PITCH_MM * (u * math.cos(theta) - v * math.sin(theta))
        y = centre[1] + PITCH_MM * (u * math.sin(theta) + v * math.cos(theta))
        return (round(x, 2), round(y, 2))

    places: dict[str, tuple[float, float]] = {}
    for s in range(sections):
        prev = s - 1
        for cell, v in TIP_CELLS:
            arm = prev if cell <= 2 else s
            places[track_id(s, cell)] = arm_point(arm, tip_u, v)
        for k, cell in enumerate(range(3, 9)):
            places[track_id(s, cell)] = arm_point(prev, tip_u - 1 - k, LANE_OFFSET)
        places[track_id(s, 9)] = arm_point(s, corner_u, -LANE_OFFSET)
        for k, cell in enumerate(range(10, 16)):
            places[track_id(s, cell)] = arm_point(s, corner_u + 1 + k, -LANE_OFFSET)
        for n in range(1, 5):
            places[home_id(s, n)] = arm_point(s, tip_u - n, 0)
        for n, (du, dv) in enumerate(((-2, -4), (-2, -5), (-3, -4), (-3, -5)), start=1):
            places[reserve_id(s, n)] = arm_point(s, tip_u + du, dv)
    places["CIEL"] = (round(centre[0], 2), round(centre[1], 2))

    inset = MARKER_INSET_MM
    marker_centres = (
        (inset, inset),
        (size - inset, inset),
        (size - inset, size - inset),
        (inset, size - inset),
    )
    return {
        "format": 1,
        "model": f"tock{sections}",
        "sections": sections,
        "board_mm": [size, size],
        "pitch_mm": PITCH_MM,
        "hole_radius_mm": HOLE_RADIUS_MM,
        "marble_diameter_mm": MARBLE_DIAMETER_MM,
        "marble_top_mm": round(marble_top_mm(MARBLE_DIAMETER_MM, HOLE_RADIUS_MM), 2),
        "markers": {
            "dictionary": "DICT_4X4_50",
            "items": [
                {"id": marker_id, "centre": [x, y], "size": MARKER_SIZE_MM}
                for marker_id, (x, y) in zip(MARKER_IDS[sections], marker_centres, strict=True)
            ],
        },
        "places": {place: [places[place][0], places[place][1]] for place in topology.place_ids},
    }
