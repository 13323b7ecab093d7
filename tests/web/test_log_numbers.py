"""The table's log as the API gives it: its lines numbered in order, a refusal of the camera's board a
line like a move, so that no two lines share a number."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from firmware_py.app.companion import Companion
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
