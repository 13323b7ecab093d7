"""The table keeps no privacy rule of its own: a seat's page and what is judged for a seat while others
read the words come from the engine's seat view (:mod:`firmware_py.engine.view`)."""

from __future__ import annotations

from typing import Any

import pytest

from firmware_py.engine.game import Game
from firmware_py.engine.view import SeatView
from firmware_py.table.core import Table
from tests.table.test_table import token_of, two_humans


@pytest.fixture
def table() -> Any:
    table = Table(two_humans())
    yield table
    table.close()


def test_a_seats_page_shows_the_hand_of_the_engines_seat_view(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    real = Game.view_for

    def through_the_filter(game: Game, seat: str, **options: bool) -> SeatView:
        asked.append(seat)
        return real(game, seat, **options)

    monkeypatch.setattr(Game, "view_for", through_the_filter)
    for seat in "ABCD":
        page = table.seat_view(token_of(table, seat))
        assert asked[-1] == seat
        assert page["hand"] == [str(card) for card in real(table._s.game, seat).hand]


def test_what_is_judged_for_the_seat_to_play_holds_its_hand_only(table: Table) -> None:
    state = table._s
    seat = state.to_play()
    assert seat is not None
    known = state.known_to(seat)
    assert known.hand(seat) == tuple(state.hand(seat))
    assert all(known.hand(other) == () for other in "ABCD" if other != seat)
    assert state.known_to(None).hands is None
    assert state.known_to(next(s for s in "ABCD" if s != seat)).hands is None
