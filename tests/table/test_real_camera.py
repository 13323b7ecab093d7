"""A real camera (here vision's synthetic camera standing in for it): a person moves every marble.

Unlike simulation, nothing moves the marbles for the players: a move chosen on a phone or by a computer
seat is shown, and the game goes on once the camera sees the board match.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware_py.app.camera_loop import CameraLoop
from firmware_py.app.companion import SIM_SEED, SIM_SIZE, sim_calibration
from firmware_py.config import CameraSettings, Config, default_game, default_seats
from firmware_py.engine import Move, play
from firmware_py.store.saves import GameStore
from firmware_py.table.core import Table
from vision.geometry import BoardGeometry
from vision.reader import BoardReader
from vision.stabiliser import Stabiliser
from vision.synthetic import SyntheticCamera


class Rig:
    """The table, its camera loop, and the camera a test puts marbles under."""

    def __init__(self, db: Path, humans: int, cards: str = "digital") -> None:
        game = dataclasses.replace(default_game(), seats=default_seats(4, humans=humans), seed=4, cards=cards)
        config = Config(game=game, camera=CameraSettings(source="replay:photos"), computer_delay=0.0)
        self.table = Table(config, store=GameStore(db))
        self.camera = SyntheticCamera("tock4", seed=SIM_SEED, size=SIM_SIZE)
        self.camera.set_layout(self.table.position.layout)
        reader = BoardReader(BoardGeometry.from_model("tock4"), sim_calibration("tock4"))
        self.loop = CameraLoop(lambda: self.camera, reader, Stabiliser(still_frames=2), self.table)
        self.table.attach_camera(self.loop, "replay:photos")

    def look(self, frames: int = 4) -> dict:
        for _ in range(frames):
            self.loop.step()
        return self.table.public_view()

    def put(self, layout: dict[str, str]) -> dict:
        self.camera.set_layout(layout)
        return self.look()


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    rig = Rig(tmp_path / "t.db", humans=4)
    yield rig
    rig.table.close()


def test_a_move_chosen_on_a_phone_waits_for_the_marbles(rig: Rig) -> None:
    assert rig.look()["problem"] is None
    view = rig.table.public_view()
    token = next(link["token"] for link in rig.table.seat_links() if link["seat"] == view["turn"])
    hint = next(h for h in rig.table.hints(token) if h["from"])
    rig.table.play(token, hint["move"])
    problem = rig.look()["problem"]
    assert problem and set(hint["to"]) <= set(problem["places"]), "the LEDs show where the marble must go"
    after = rig.put(dict(rig.table.position.layout))
    assert after["problem"] is None and after["log"][-1]["move"] == hint["move"]


def test_a_computer_move_is_shown_until_a_person_makes_it(tmp_path: Path) -> None:
    rig = Rig(tmp_path / "t.db", humans=0)
    try:
        rig.look()
        plan = rig.table.public_view()["computer"]
        assert plan is not None
        rig.table.tick()
        assert rig.table.public_view()["log"] == [] or plan["from"] == [], "a real board waits for a person"
        if plan["from"]:
            assert set(plan["to"]) <= set(rig.table.public_view()["leds"])
            view = rig.put(dict(play(rig.table.position, Move.parse(plan["move"])).layout))
            assert view["log"][-1]["move"] == plan["move"]
    finally:
        rig.table.close()


def test_a_hand_over_the_board_changes_nothing(rig: Rig) -> None:
    rig.look()
    version_log = rig.table.public_view()["log"]
    rig.camera.set_hand(True)
    view = rig.look()
    assert view["camera"]["status"] == "occluded" and view["log"] == version_log and view["problem"] is None
    rig.camera.set_hand(False)
    assert rig.look()["camera"]["status"] == "ok"


def test_after_a_restart_the_board_is_compared_with_the_save(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    first = Rig(db, humans=4)
    first.look()
    view = first.table.public_view()
    token = next(link["token"] for link in first.table.seat_links() if link["seat"] == view["turn"])
    hint = next(h for h in first.table.hints(token) if h["from"])
    first.table.play(token, hint["move"])
    first.table.close()  # power cut before anyone moved the marble
    second = Rig(db, humans=4)  # its camera shows the board as it was before the move
    second.camera.set_layout(view["layout"])
    problem = second.look()["problem"]
    assert problem and set(hint["to"]) <= set(problem["places"])
    assert second.put(dict(second.table.position.layout))["problem"] is None
    second.table.close()


def test_physical_cards_a_board_waits_for_the_card_to_be_named(tmp_path: Path) -> None:
    rig = Rig(tmp_path / "t.db", humans=4, cards="physical")
    try:
        view = rig.look()
        seat = view["turn"]
        token = next(link["token"] for link in rig.table.seat_links() if link["seat"] == seat)
        board = {p: s for p, s in view["layout"].items() if p != f"{seat}R4"} | {f"{seat}18": seat}
        question = rig.put(board)["question"]
        assert (
            question and question["en"] == "Which card was played?" and rig.table.public_view()["log"] == []
        )
        rig.table.choose_card(token, "A")
        after = rig.table.public_view()
        assert after["log"][-1]["move"] == f"A:{seat}R-{seat}18" and after["question"] is None
    finally:
        rig.table.close()
