"""The table's log as the API gives it: its lines numbered in order, a refusal of the camera's board a
line like a move, so that no two lines share a number."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from firmware_py.app.companion import Companion, assemble
from firmware_py.config import CameraSettings, Config, default_game, default_seats
from tests.web.conftest import TEST_CONFIG, paired
from web import create_app


def _log(client: FlaskClient) -> list[dict[str, Any]]:
    log: list[dict[str, Any]] = client.get("/api/state").get_json()["log"]
    return log


def _read(companion: Companion) -> None:
    for _ in range(6):
        companion.loop.step()


def _wrong_marble_moved(companion: Companion) -> tuple[FlaskClient, str, dict[str, Any], str]:
    """The paired table's client; the seat to play's token and one of its one-marble moves; the marble of
    that move put on a wrong hole of the seat's side (returned), and the board read."""
    client = paired(create_app(TEST_CONFIG, table=companion.table).test_client(), companion.table.table_key())
    table = companion.table
    seat = table.public_view()["turn"]
    token = next(link["token"] for link in table.seat_links() if link["seat"] == seat)
    hint = next(h for h in client.get(f"/api/seat/{token}/hints").get_json() if len(h["to"]) == 1)
    wrong = next(f"{seat}{n}" for n in (3, 5, 9) if f"{seat}{n}" != hint["to"][0])
    assert client.post("/api/marble", json={"from": hint["from"][0], "to": wrong}).status_code == 200
    _read(companion)
    return client, token, hint, wrong


def test_a_refused_first_move_and_the_move_then_played_have_numbers_of_their_own(
    companion: Companion,
) -> None:
    """The camera reads an illegal board before any move: its refusal is line 1; the marble put back and
    the move played, that move is line 2 (not a second line 1)."""
    client, token, hint, wrong = _wrong_marble_moved(companion)
    start, to = hint["from"][0], hint["to"][0]
    assert [bool(entry.get("reasons")) for entry in _log(client)] == [True], "the refusal is logged"
    assert client.post("/api/marble", json={"from": wrong, "to": start}).status_code == 200
    _read(companion)
    client.post(f"/api/seat/{token}/choose", json={"card": hint["card"]})
    assert client.post("/api/marble", json={"from": start, "to": to}).status_code == 200
    _read(companion)
    log = _log(client)
    assert log[-1]["move"] == hint["move"]
    assert [entry["n"] for entry in log] == list(range(1, len(log) + 1)), "each line its own number"


def test_a_refused_board_judged_again_is_listed_once(companion: Companion) -> None:
    """The seat to play taps a card while the camera shows a refused board: the board is judged again
    for that card, and its refusal stays one line of the log (with the new words)."""
    client, token, _, _ = _wrong_marble_moved(companion)
    assert len(_log(client)) == 1
    hand = client.get(f"/api/seat/{token}").get_json()["hand"]
    for card in hand[:2]:
        assert client.post(f"/api/seat/{token}/choose", json={"card": card}).status_code == 200
        _read(companion)
    log = _log(client)
    assert len(log) == 1 and log[0]["reasons"], log


def _one_person_and_computers(tmp_path: Path) -> Companion:
    """The companion over the simulated camera: seat B (first to play with seed 4) a person, the
    others computer seats."""
    seats = tuple(dataclasses.replace(s, computer=s.seat != "B") for s in default_seats(4, humans=4))
    game = dataclasses.replace(default_game(), seats=seats, seed=4)
    config = Config(
        game=game,
        camera=CameraSettings(source="sim", still_frames=2),
        computer_delay=0.0,
        db=tmp_path / "companion.sqlite3",
    )
    companion = assemble(config)
    _read(companion)
    return companion


def test_an_undo_during_the_computers_reply_leaves_no_refusal_in_the_log(tmp_path: Path) -> None:
    """The person plays; the computer seat's reply is made on the simulated board and the camera has
    just read it when the person takes their move back: that reading, older than the undo, reaches the
    table after it. It shows a board the game no longer expects, not an illegal move: the log stays
    empty, and once the camera reads the board put back, nothing is wrong."""
    companion = _one_person_and_computers(tmp_path)
    table = companion.table
    try:
        token = next(link["token"] for link in table.seat_links() if link["seat"] == "B")
        client = paired(create_app(TEST_CONFIG, table=table).test_client(), table.table_key())
        hint = next(h for h in client.get(f"/api/seat/{token}/hints").get_json() if len(h["to"]) == 1)
        assert client.post(f"/api/seat/{token}/choose", json={"card": hint["card"]}).status_code == 200
        assert (
            client.post("/api/marble", json={"from": hint["from"][0], "to": hint["to"][0]}).status_code == 200
        )
        _read(companion)
        assert [entry["move"] for entry in _log(client)] == [hint["move"]]
        before = table.sim_board
        for _ in range(3):  # a computer seat that discards moves no marble: the next one replies
            assert table.public_view()["computer"] is not None, "the computer's reply is shown"
            table.tick()  # its marbles are moved on the simulated board
            if table.sim_board != before:
                break
        assert table.sim_board != before
        held: list[Any] = []
        deliver = table.on_reading
        companion.table.on_reading = held.append  # type: ignore[method-assign]
        _read(companion)
        assert held, "the camera read the computer's reply"
        del companion.table.on_reading
        assert client.post("/api/undo", json={}).status_code == 200
        deliver(held[-1])  # the reading taken before the undo arrives after it
        _read(companion)
        view = table.public_view()
        assert view["log"] == [], "no refusal of a board read before the undo"
        assert view["problem"] is None and view["layout"] == view["sim_layout"]
    finally:
        companion.close()
