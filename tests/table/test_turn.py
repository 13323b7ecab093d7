"""The turn in progress as one value: which state wins on the LEDs, and a computer's search that ends
after the game moved on."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterator

import pytest

from firmware_py.config import CameraSettings, Config, default_game, default_seats
from firmware_py.engine import Card
from firmware_py.engine.events import Action
from firmware_py.games import TableGame
from firmware_py.table.computer_seats import ComputerSeats
from firmware_py.table.core import Table
from firmware_py.table.turn import (
    AwaitingBoard,
    BoardWrong,
    CardChosen,
    ComputerPlan,
    MoveInProgress,
    Problem,
    Turn,
)

PROBLEM: Problem = {
    "fr": "Coup interdit.",
    "en": "Illegal move.",
    "places": ["B3", "B5"],
    "violations": [],
    "wrong": ["B5"],
    "put_back": {"B3": "B"},
    "unread": [],
}


def test_a_turn_says_what_its_board_state_holds() -> None:
    assert Turn().problem is None and Turn().question is None and not Turn().awaiting
    assert Turn(board=BoardWrong(PROBLEM)).problem == PROBLEM
    assert (
        Turn(board=AwaitingBoard(PROBLEM)).awaiting and Turn(board=AwaitingBoard(PROBLEM)).problem == PROBLEM
    )
    assert Turn(board=MoveInProgress({"B3": None})).to_do == {"B3": None}
    chosen = CardChosen("B", Card("5", "H"), ())
    assert Turn(intent=chosen).chosen is chosen and Turn(intent=chosen).plan is None


@pytest.fixture
def table() -> Iterator[Table]:
    seats = tuple(dataclasses.replace(s, computer=s.seat != "B") for s in default_seats(4, humans=4))
    game = dataclasses.replace(default_game(), seats=seats, seed=4)
    table = Table(Config(game=game, camera=CameraSettings(source="none"), computer_delay=1.0))
    yield table
    table.close()


def _play_first_move(table: Table) -> None:
    token = next(link["token"] for link in table.seat_links() if link["seat"] == "B")
    moves = next(iter(table.seat_view(token)["playable"].values()))
    table.play(token, moves[0]["move"])


def test_the_leds_show_a_board_to_put_right_before_a_move_in_progress_and_a_computers_move(
    table: Table,
) -> None:
    """Which state wins on the LEDs is the turn's: the board to put right, then what is left of a move
    in progress, then the computer's planned move."""
    _play_first_move(table)
    plan = table.public_view()["computer"]
    assert plan is not None, "the computer seat's reply is shown (made once its delay is over)"
    leds = table._leds  # the part that reduces the turn to LED facts
    state = table._s
    planned = leds.facts()
    assert set(planned.destinations) == set(plan["to"]) and not planned.wrong
    state.turn = dataclasses.replace(state.turn, board=MoveInProgress({"C7": "C"}))
    in_progress = leds.facts()
    assert dict(in_progress.to_do) == {"C7": "C"} and not in_progress.destinations
    state.turn = dataclasses.replace(state.turn, board=BoardWrong(PROBLEM))
    wrong = leds.facts()
    assert wrong.wrong == ("B5",) and dict(wrong.put_back) == {"B3": "B"} and not wrong.to_do


def test_a_strong_seats_search_ending_after_an_undo_plans_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 21, point 11: the person takes their move back while the strong computer seat searches its
    reply; when the search ends, the game has moved on: no plan is shown, nothing is logged."""
    seats = tuple(
        dataclasses.replace(s, computer=s.seat != "B", level="strong") for s in default_seats(4, humans=4)
    )
    game = dataclasses.replace(default_game(), seats=seats, seed=4)
    table = Table(Config(game=game, camera=CameraSettings(source="none"), computer_delay=1.0))
    release, started = threading.Event(), threading.Event()
    choose = ComputerSeats.choose

    def held_choose(self: ComputerSeats, seat: str, game: TableGame, seed: int) -> Action:
        started.set()
        assert release.wait(30), "the test releases the search"
        return choose(self, seat, game, seed)

    monkeypatch.setattr(ComputerSeats, "choose", held_choose)
    try:
        _play_first_move(table)
        assert started.wait(30), "the strong seat searches its reply aside"
        searches = [t for t in threading.enumerate() if t.name.startswith("tock-search-")]
        assert table.public_view()["computer"] is None, "no plan while it searches"
        table.undo()
        version = table.version
        release.set()
        for thread in searches:
            thread.join(30)
        view = table.public_view()
        assert view["computer"] is None and view["log"] == [] and view["turn"] == "B"
        assert table.version == version, "the search's end changed nothing"
        assert not isinstance(table._s.turn.intent, ComputerPlan)
    finally:
        release.set()
        table.close()
