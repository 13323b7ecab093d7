"""The board drawing has every place of every board, where a wooden board has it."""

from __future__ import annotations

import math

import pytest

from firmware_py.engine.board import CENTRE, BoardTopology
from web.board_layout import TRACK_RADIUS, VIEWBOX, draw_board, draw_measured_board

TOPOLOGIES = [
    BoardTopology(sections=n, home_entry_after=entry, shortcut_cell=shortcut, centre=centre)
    for n in (4, 6, 8)
    for entry, shortcut, centre in ((16, 7, True), (17, 8, False))
]


def _distance_to_centre(x: float, y: float) -> float:
    return math.hypot(x - VIEWBOX / 2, y - VIEWBOX / 2)


@pytest.mark.parametrize("topology", TOPOLOGIES, ids=repr)
def test_every_place_is_drawn_once_inside_the_drawing(topology: BoardTopology) -> None:
    drawing = draw_board(topology)
    places = [hole.place for hole in drawing.holes]
    assert sorted(places) == sorted(topology.place_ids)
    for hole in drawing.holes:
        assert hole.r <= hole.x <= VIEWBOX - hole.r and hole.r <= hole.y <= VIEWBOX - hole.r, hole


@pytest.mark.parametrize("topology", TOPOLOGIES, ids=repr)
def test_no_two_holes_overlap(topology: BoardTopology) -> None:
    holes = draw_board(topology).holes
    for i, a in enumerate(holes):
        for b in holes[i + 1 :]:
            assert math.hypot(a.x - b.x, a.y - b.y) >= a.r + b.r, (a.place, b.place)


@pytest.mark.parametrize("topology", TOPOLOGIES, ids=repr)
def test_homes_run_inwards_reserves_sit_outside_and_ciel_in_the_middle(topology: BoardTopology) -> None:
    by_place = {hole.place: hole for hole in draw_board(topology).holes}
    for seat in "ABCDEFGH"[: topology.sections]:
        homes = [by_place[f"{seat}H{n}"] for n in range(1, 5)]
        lane = [_distance_to_centre(home.x, home.y) for home in homes]
        assert lane == sorted(lane, reverse=True) and lane[0] < TRACK_RADIUS
        for n in range(1, 5):
            reserve = by_place[f"{seat}R{n}"]
            assert _distance_to_centre(reserve.x, reserve.y) > TRACK_RADIUS
        start = by_place[f"{seat}18"]
        reserves = [by_place[f"{seat}R{n}"] for n in range(1, 5)]
        nearest_reserve = min(math.hypot(start.x - r.x, start.y - r.y) for r in reserves)
        assert nearest_reserve < 3 * start.r * 2.8, "the reserve sits beside its start cell"
        assert start.kind == "start" and by_place[f"{seat}{topology.shortcut_cell}"].kind == "shortcut"
    if topology.centre:
        assert (by_place[CENTRE].x, by_place[CENTRE].y) == (VIEWBOX / 2, VIEWBOX / 2)


def test_seat_a_sits_at_the_bottom() -> None:
    by_place = {hole.place: hole for hole in draw_board(BoardTopology()).holes}
    assert by_place["AH4"].y > VIEWBOX / 2 and abs(by_place["AH4"].x - VIEWBOX / 2) < 1
    assert by_place["CH4"].y < VIEWBOX / 2


@pytest.mark.parametrize(("model", "sections"), [("tock4", 4), ("tock6", 6)])
def test_a_measured_board_is_drawn_as_built(model: str, sections: int) -> None:
    from hardware.boards import load_board

    geometry = load_board(model)
    topology = BoardTopology(sections=sections)
    drawing = draw_measured_board(topology, geometry)
    assert drawing is not None
    assert sorted(hole.place for hole in drawing.holes) == sorted(topology.place_ids)
    by_place = {hole.place: hole for hole in drawing.holes}
    scale = VIEWBOX / max(geometry["board_mm"])
    a1, a2 = (geometry["places"][p] for p in ("A1", "A2"))
    drawn = math.hypot(by_place["A1"].x - by_place["A2"].x, by_place["A1"].y - by_place["A2"].y)
    assert drawn == pytest.approx(math.hypot(a1[0] - a2[0], a1[1] - a2[1]) * scale, abs=0.2)
    for i, a in enumerate(drawing.holes):
        assert a.r <= a.x <= VIEWBOX - a.r and a.r <= a.y <= VIEWBOX - a.r
        for b in drawing.holes[i + 1 :]:
            assert math.hypot(a.x - b.x, a.y - b.y) >= a.r + b.r, (a.place, b.place)
    assert len(drawing.labels) == sections


def test_a_measured_board_missing_a_place_falls_back_to_the_ring() -> None:
    from hardware.boards import load_board

    geometry = load_board("tock4")
    assert draw_measured_board(BoardTopology(sections=6), geometry) is None
    without_centre = draw_measured_board(BoardTopology(sections=4, centre=False), geometry)
    assert without_centre is not None and CENTRE not in without_centre.places
