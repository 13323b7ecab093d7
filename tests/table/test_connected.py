"""The Players panel's "connected": a seat's page arriving and leaving is pushed to the pages, and a new
game's seats start unseen. The table's clock is moved by hand."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from firmware_py.config import CameraSettings, Config, default_game, default_seats
from firmware_py.errors import UnknownSeat
from firmware_py.table.core import Table
from firmware_py.table.role_views import CONNECTED_SECONDS
from firmware_py.table.subscription import Subscription


class Clock:
    """The table's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def table(clock: Clock) -> Iterator[Table]:
    """Three people (A, B, C) and a computer seat (D) that moves at once; the game waits for a person."""
    game = dataclasses.replace(default_game(), preset="r1", seats=default_seats(4, humans=3), seed=3)
    table = Table(Config(game=game, camera=CameraSettings(source="none"), computer_delay=0.0), clock=clock)
    table.tick()  # the computer seat's move, if it is first to play
    yield table
    table.close()


def connected(table: Table) -> dict[str, bool]:
    return {s["seat"]: s["connected"] for s in table.public_view()["seats"]}


def token_of(table: Table, seat: str) -> str:
    return next(link["token"] for link in table.seat_links() if link["seat"] == seat)


def told(listener: Subscription) -> list[int]:
    """The versions the pages were told of since the last call."""
    versions = []
    while (event := listener.get(timeout=0)) is not None:
        versions.append(event["version"])
    return versions


def test_a_seat_is_connected_once_its_page_asks_for_its_view_and_the_pages_are_told(table: Table) -> None:
    assert connected(table) == {"A": False, "B": False, "C": False, "D": True}
    listener = table.subscribe()
    before = table.version
    view = table.seat_view(token_of(table, "B"))
    assert view["version"] == before + 1 and told(listener) == [before + 1]
    assert connected(table) == {"A": False, "B": True, "C": False, "D": True}
    table.seat_view(token_of(table, "B"))
    table.tick()
    assert table.version == before + 1 and told(listener) == [], "nothing to tell: no push"


def test_a_page_that_asks_nothing_for_connected_seconds_is_shown_gone_and_the_pages_are_told(
    table: Table, clock: Clock
) -> None:
    table.seat_view(token_of(table, "A"))
    listener = table.subscribe()
    before = table.version
    clock.now += CONNECTED_SECONDS - 0.1
    table.tick()
    assert connected(table)["A"] and table.version == before and told(listener) == []
    clock.now += 0.1
    table.tick()
    assert not connected(table)["A"]
    assert table.version == before + 1 and told(listener) == [before + 1]
    clock.now += 600
    table.tick()
    assert table.version == before + 1, "told once, not at every check"


def test_an_open_page_s_heartbeat_keeps_its_seat_connected(table: Table, clock: Clock) -> None:
    token = token_of(table, "C")
    table.seat_view(token)
    for _ in range(12):  # two minutes of a live stream with nothing happening at the table
        clock.now += 10
        table.keep_seat(token)
        table.tick()
    assert connected(table)["C"]
    clock.now += CONNECTED_SECONDS
    table.tick()
    assert not connected(table)["C"]


def test_a_new_game_starts_with_every_person_not_connected(table: Table, clock: Clock) -> None:
    old = {seat: token_of(table, seat) for seat in "ABC"}
    for token in old.values():
        table.seat_view(token)
    settings = {
        "preset": "r1",
        "seed": 4,
        "seats": [{"name": n} for n in ("Ana", "Bo", "Cy")] + [{"computer": True}],
    }
    table.new_game(settings)
    assert connected(table) == {"A": False, "B": False, "C": False, "D": True}
    with pytest.raises(UnknownSeat):
        table.keep_seat(old["A"])
    clock.now += 1
    table.seat_view(token_of(table, "A"))
    assert connected(table) == {"A": True, "B": False, "C": False, "D": True}


def test_a_rematch_keeps_the_links_and_so_the_pages_open_on_them(table: Table) -> None:
    table.seat_view(token_of(table, "A"))
    table.rematch()
    assert connected(table) == {"A": True, "B": False, "C": False, "D": True}


def test_renewed_seat_links_are_not_connected_until_opened(table: Table) -> None:
    old = token_of(table, "B")
    table.seat_view(old)
    table.renew_seat_links()
    assert not connected(table)["B"]
    with pytest.raises(UnknownSeat):
        table.keep_seat(old)
    assert not connected(table)["B"]


def test_a_computer_seat_is_always_shown_connected(table: Table, clock: Clock) -> None:
    clock.now += 10 * CONNECTED_SECONDS
    table.tick()
    assert connected(table)["D"]
    table.seat_view(token_of(table, "D"))
    clock.now += 10 * CONNECTED_SECONDS
    table.tick()
    assert connected(table)["D"]


@pytest.mark.parametrize("token", ["", "nope", None, 7])
def test_a_heartbeat_with_a_bad_link_is_refused_as_an_unknown_seat(table: Table, token: object) -> None:
    with pytest.raises(UnknownSeat):
        table.keep_seat(token)  # type: ignore[arg-type]
