"""The engine names each seat's places: its reserve, its home and its start cell (design.md's vocabulary)."""

from __future__ import annotations

import pytest

from firmware_py.engine.board import BoardTopology


@pytest.mark.parametrize("sections", [4, 6, 8])
def test_the_start_cell_18_stands_in_front_of_each_seats_home(sections: int) -> None:
    topology = BoardTopology(sections=sections)
    letters = "ABCDEFGH"[:sections]
    assert [topology.start_of(seat) for seat in letters] == [f"{seat}18" for seat in letters]


def test_a_seat_has_four_reserve_holes_and_four_home_holes_of_its_own() -> None:
    topology = BoardTopology(sections=6)
    assert topology.reserve_of("E") == ("ER1", "ER2", "ER3", "ER4")
    assert topology.home_of("B") == ("BH1", "BH2", "BH3", "BH4")
    assert all(topology.has_place(p) for p in topology.reserve_of("F") + topology.home_of("F"))


def test_a_seat_that_is_not_on_the_board_has_no_places() -> None:
    with pytest.raises(ValueError):
        BoardTopology(sections=4).start_of("Z")
