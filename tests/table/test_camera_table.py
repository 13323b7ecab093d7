"""The whole chain in simulation: synthetic camera -> vision -> engine -> LEDs and page, frame by frame."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from firmware_py.app.camera_loop import CameraLoop
from firmware_py.app.companion import Companion, assemble
from firmware_py.config import CameraSettings, Config, default_game, default_seats


def config(tmp_path: Path, humans: int = 4) -> Config:
    game = dataclasses.replace(default_game(), seats=default_seats(4, humans=humans), seed=4)
    return Config(
        game=game,
        camera=CameraSettings(source="sim", still_frames=2),
        computer_delay=0.0,
        db=tmp_path / "t.sqlite3",
    )


@pytest.fixture
def companion(tmp_path: Path) -> Iterator[Companion]:
    companion = assemble(config(tmp_path))
    yield companion
    companion.close()


def frames(companion: Companion, count: int = 4) -> None:
    for _ in range(count):
        companion.loop.step()


def token_of(companion: Companion, seat: str) -> str:
    return next(link["token"] for link in companion.table.seat_links() if link["seat"] == seat)


def test_the_simulated_board_is_read_back_as_the_game(companion: Companion) -> None:
    frames(companion)
    view = companion.table.public_view()
    assert view["camera"]["status"] == "ok" and view["camera"]["mode"] == "sim"
    assert view["problem"] is None and view["log"] == []
    assert companion.table.camera_jpeg(overlay=True)[:2] == b"\xff\xd8"


def test_a_marble_moved_on_the_simulated_board_is_read_checked_and_saved(companion: Companion) -> None:
    table = companion.table
    frames(companion)
    seat = table.public_view()["turn"]
    token = token_of(companion, seat)
    hint = next(h for h in table.hints(token) if len(h["from"]) == 1 and len(h["to"]) == 1)
    table.choose_card(token, hint["card"])
    table.move_marble(hint["from"][0], hint["to"][0])
    assert table.public_view()["log"] == [], "nothing is applied before the camera has seen it"
    frames(companion)
    view = table.public_view()
    assert view["log"] and view["log"][-1]["move"] == hint["move"]
    assert table.store.events(view["game_id"])[-1].text == hint["move"]


def test_an_illegal_marble_is_shown_and_the_game_waits(companion: Companion) -> None:
    table = companion.table
    frames(companion)
    seat = table.public_view()["turn"]
    reserve = next(p for p, s in table.public_view()["layout"].items() if s == seat)
    table.move_marble(reserve, f"{seat}9")
    frames(companion)
    problem = table.public_view()["problem"]
    assert problem and f"{seat}9" in problem["places"]
    assert problem["wrong"] == [f"{seat}9"] and problem["put_back"] == {reserve: seat}, "what the phone draws"
    view = table.public_view()
    assert view["sim_layout"][f"{seat}9"] == seat, "the table page draws the simulated board as it stands"
    assert f"{seat}9" not in view["layout"], "the game's board is unchanged"
    assert ".." not in problem["fr"] and ".." not in problem["en"], "one full stop after the reasons"
    assert problem["en"].endswith(". Put the marbles back as shown.")
    assert table.public_view()["leds"].get(f"{seat}9") == "#ff0000"
    table.move_marble(f"{seat}9", reserve)
    frames(companion)
    assert table.public_view()["problem"] is None and table.public_view()["log"][-1]["reasons"]


def test_a_computer_seat_moves_on_the_simulated_board_by_itself(tmp_path: Path) -> None:
    companion = assemble(config(tmp_path, humans=0))
    try:
        table = companion.table
        frames(companion)
        for _ in range(3):
            plan = table.public_view()["computer"]
            assert plan is not None
            table.tick()
            frames(companion)
            assert table.public_view()["log"][-1]["move"] == plan["move"]
    finally:
        companion.close()


class VanishingCamera:
    """A camera that is unplugged after a few frames (the real shape: capture() and close())."""

    def __init__(self, frames: list[Any], fail_after: int) -> None:
        self.frames, self.fail_after, self.closed = frames, fail_after, False

    def capture(self) -> Any:
        if self.fail_after <= 0:
            raise OSError("camera unplugged")
        self.fail_after -= 1
        return self.frames[self.fail_after % len(self.frames)]

    def close(self) -> None:
        self.closed = True


def test_a_camera_that_disappears_is_reported_and_reopened(companion: Companion) -> None:
    table, loop = companion.table, companion.loop
    frames(companion)
    good = loop.use_camera(lambda camera: camera.capture())
    opened: list[VanishingCamera] = []
    clock = [0.0]

    def reopen() -> VanishingCamera:
        camera = VanishingCamera([good], fail_after=2)
        opened.append(camera)
        return camera

    vanishing = CameraLoop(
        reopen, loop.reader, loop.stabiliser, table, reopen_seconds=1.0, clock=lambda: clock[0]
    )
    assert vanishing.step() and vanishing.step()
    assert not vanishing.step()
    assert table.public_view()["camera"]["status"] == "lost" and opened[0].closed
    assert not vanishing.step(), "no retry before reopen_seconds"
    clock[0] = 1.5
    assert vanishing.step() and len(opened) == 2
    assert table.public_view()["camera"]["status"] == "ok"


def test_a_bad_frame_never_stops_the_loop(companion: Companion) -> None:
    table, loop = companion.table, companion.loop
    black = np.zeros((960, 1280, 3), np.uint8)
    wrong_size = np.zeros((10, 10, 3), np.uint8)
    for frame in (black, wrong_size, "not a frame"):
        bad = CameraLoop(lambda f=frame: VanishingCamera([f], 5), loop.reader, loop.stabiliser, table)
        assert bad.step()
        assert table.public_view()["camera"]["status"] != "ok"
    frames(companion)
    assert table.public_view()["camera"]["status"] == "ok"


def test_a_new_game_on_the_six_section_board_switches_the_simulated_camera(companion: Companion) -> None:
    table = companion.table
    frames(companion)
    table.new_game({"preset": "r2", "seats": [{"name": n} for n in "ABCDE"], "seed": 2})
    view = frames(companion) or table.public_view()
    assert view["board"]["model"] == "tock6" and view["sections"] == 6
    assert view["camera"]["status"] == "ok" and view["problem"] is None
    assert companion.loop.reader.geometry.model == "tock6"
    assert table.led_driver.led_map.model == "tock6"


def test_a_game_without_camera_says_the_camera_is_not_used(companion: Companion) -> None:
    """The camera still runs for the calibration page, but a game set up without it must not read 'ok'."""
    table = companion.table
    table.new_game({"camera": False})
    frames(companion)
    camera = table.public_view()["camera"]
    assert camera["mode"] == "sim" and camera["status"] == "off"
    assert camera["message"]["en"] == "Not used in this game: moves are entered on the page."
    table.new_game({})
    frames(companion)
    assert table.public_view()["camera"]["status"] == "ok"


def test_without_camera_a_marble_moved_on_the_page_plays_the_move(companion: Companion) -> None:
    """A game set up without camera on a simulating companion: the page's board is the game's board."""
    table = companion.table
    table.new_game({"camera": False, "seed": 2})  # seed 2: A opens with an Ace
    seat = table.public_view()["turn"]
    token = token_of(companion, seat)
    hint = next(h for h in table.hints(token) if len(h["from"]) == 1 and len(h["to"]) == 1)
    table.choose_card(token, hint["card"])
    table.move_marble(hint["from"][0], hint["to"][0])
    view = table.public_view()
    assert (seat, hint["move"]) in [(entry["seat"], entry["move"]) for entry in view["log"]]
    assert view["sim_layout"] is None, "no simulated board is drawn when the camera is not used"


def test_a_computer_move_the_camera_does_not_confirm_is_played_from_the_simulated_board(
    tmp_path: Path,
) -> None:
    companion = assemble(config(tmp_path, humans=0))
    try:
        table = companion.table
        now = [0.0]
        table._s.clock = lambda: now[0]  # the table's clock, moved by hand
        table.new_game({"seats": [{"name": n, "computer": True} for n in "ABCD"], "seed": 4})
        plan = table.public_view()["computer"]
        table.tick()  # made on the simulated board; no frame is read
        assert table.public_view()["log"] == [] or not plan["from"]
        now[0] = 6.0
        table.tick()
        view = table.public_view()
        assert view["log"][0]["move"] == plan["move"] and view["notice"]["en"].startswith(
            "The simulated camera"
        )
    finally:
        companion.close()
