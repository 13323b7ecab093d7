"""The JSON API: every route answers, and every refusal is a 4xx JSON answer with the reason."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.conftest import TEST_CONFIG, paired
from tests.web.scripted_table import ScriptedTable
from web import create_app


def _error(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    body: dict[str, Any] = response.get_json()
    assert body["error"] == code
    assert body["fr"] and body["en"] and body["message"] in (body["fr"], body["en"])
    return body


def test_state_is_the_public_view(client: FlaskClient, table: ScriptedTable) -> None:
    response = client.get("/api/state")
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"
    assert response.get_json() == table.public_view()


def test_a_seat_plays_a_card_through_the_api(
    client: FlaskClient, tokens: dict[str, str], table: ScriptedTable
) -> None:
    seat = f"/api/seat/{tokens['A']}"
    assert client.get(seat).get_json()["hand"] == ["AS", "7H", "KD", "4C", "10S"]
    chosen = client.post(f"{seat}/choose", json={"card": "AS"}).get_json()
    assert [move["move"] for move in chosen["moves"]] == ["AS:AR1-A18"]
    assert client.get("/api/state").get_json()["highlight"] == ["A18"]
    played = client.post(f"{seat}/play", json={"move": "AS:AR1-A18"})
    assert played.status_code == 200 and played.get_json()["move"] == "AS:AR1-A18"
    state = client.get("/api/state").get_json()
    assert state["layout"]["A18"] == "A" and state["turn"] == "B"


def test_wrong_seat_token_is_403(client: FlaskClient) -> None:
    for method, path, body in (
        ("get", "/api/seat/nope", None),
        ("post", "/api/seat/nope/choose", {"card": "AS"}),
        ("post", "/api/seat/nope/play", {"move": "AS:AR1-A18"}),
        ("post", "/api/seat/nope/exchange", {"card": "AS"}),
        ("post", "/api/seat/nope/discard", {"card": "AS"}),
        ("post", "/api/seat/nope/undo", {}),
        ("post", "/api/seat/nope/end_turn", {}),
        ("get", "/api/seat/nope/hints", None),
        ("post", "/api/seat/nope/explain", {"move": "AS:AR1-A18"}),
        ("get", "/events/seat/nope", None),
    ):
        _error(getattr(client, method)(path, json=body), 403, "unknown_seat")


def test_out_of_turn_is_409_and_illegal_is_422_with_violations(
    client: FlaskClient, tokens: dict[str, str]
) -> None:
    _error(client.post(f"/api/seat/{tokens['B']}/choose", json={"card": "2H"}), 409, "not_your_turn")
    body = _error(
        client.post(f"/api/seat/{tokens['A']}/play", json={"move": "AS:AR2-A5"}), 422, "illegal_move"
    )
    assert body["violations"][0]["code"] == "no_such_move"


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/explain", {}, "move"),
        ("/api/explain", {"move": 7}, "move"),
        ("/api/explain", {"move": "   "}, "move"),
        ("/api/explain", {"move": "x" * 81}, "move"),
        ("/api/marble", {"from": "AR1"}, "to"),
        ("/api/marble", {"to": "AR1"}, "from"),
        ("/api/calibrate", {"what": "everything"}, "what"),
        ("/api/game", {"settings": []}, "settings"),
        ("/api/game", {"settings": {"preset": "chess"}}, "preset"),
        ("/api/undo", [], "body"),
    ],
)
def test_bad_fields_are_400_naming_the_field(client: FlaskClient, path: str, body: Any, field: str) -> None:
    assert _error(client.post(path, json=body), 400, "bad_input")["field"] == field


def test_seat_fields_are_checked_before_the_table(client: FlaskClient, tokens: dict[str, str]) -> None:
    seat = f"/api/seat/{tokens['A']}"
    assert _error(client.post(f"{seat}/choose", json={"card": None}), 400, "bad_input")["field"] == "card"
    assert _error(client.post(f"{seat}/play", json={}), 400, "bad_input")["field"] == "move"
    assert _error(client.post(f"{seat}/choose", json={"card": "QH"}), 400, "bad_input")["field"] == "card"


def test_a_body_that_is_not_json_is_refused(client: FlaskClient) -> None:
    _error(
        client.post("/api/explain", data="move=AS", content_type="application/x-www-form-urlencoded"),
        415,
        "unsupported_media_type",
    )
    _error(client.post("/api/explain", data="{not json", content_type="application/json"), 400, "bad_input")


def test_unknown_address_wrong_method_and_huge_body_are_json(client: FlaskClient) -> None:
    _error(client.get("/api/nothing"), 404, "not_found")
    _error(client.get("/api/explain"), 405, "method_not_allowed")
    _error(
        client.post("/api/explain", data=b"{" + b" " * 70_000 + b"}", content_type="application/json"),
        413,
        "request_entity_too_large",
    )


def test_errors_speak_the_page_language(client: FlaskClient) -> None:
    client.get("/table?lang=en")
    assert client.post("/api/explain", json={}).get_json()["message"].startswith("The field")


def test_exchange_discard_and_undo_pass_the_table_s_refusals(
    client: FlaskClient, tokens: dict[str, str]
) -> None:
    seat = f"/api/seat/{tokens['A']}"
    _error(client.post(f"{seat}/exchange", json={"card": "AS"}), 409, "no_exchange")
    _error(client.post(f"{seat}/discard", json={"card": "AS"}), 409, "cannot_discard")
    _error(client.post(f"{seat}/undo", json={}), 409, "nothing_to_undo")
    _error(client.post(f"{seat}/end_turn", json={}), 409, "no_extra_play")
    _error(client.post("/api/undo", json={}), 409, "nothing_to_undo")


def test_learning_routes(client: FlaskClient, tokens: dict[str, str]) -> None:
    assert client.post("/api/explain", json={"move": "AS:AR1-A18"}).get_json()["legal"] is True
    why_not = client.post(f"/api/seat/{tokens['A']}/explain", json={"move": "7H:A1-A8"}).get_json()
    assert why_not["legal"] is False and why_not["reasons"][0]["places"] == ["A18"]
    hints = client.get(f"/api/seat/{tokens['A']}/hints").get_json()
    assert {hint["card"] for hint in hints} == {"AS", "KD", "10S"}
    assert client.get("/api/rules?lang=en").get_json()[0]["text"] == "The 7 may be split."
    _error(client.get("/api/rules?lang=de"), 400, "bad_input")


def test_move_marble_moves_it_on_the_board(client: FlaskClient) -> None:
    assert client.post("/api/marble", json={"from": "AR1", "to": "A18"}).status_code == 200
    assert client.get("/api/state").get_json()["layout"]["A18"] == "A"
    _error(client.post("/api/marble", json={"from": "A5", "to": "A6"}), 400, "bad_input")


def test_setup_options_and_new_game(client: FlaskClient, tokens: dict[str, str]) -> None:
    assert client.get("/api/setup").get_json()["presets"][0]["name"] == "r1"
    response = client.post("/api/game", json={"settings": {"preset": "r1"}})
    assert response.status_code == 200 and "hand" not in response.get_json()
    _error(client.get(f"/api/seat/{tokens['A']}"), 403, "unknown_seat")


def test_camera_image_and_calibration(client: FlaskClient) -> None:
    _error(client.get("/api/camera.jpg"), 404, "no_camera")
    _error(client.post("/api/calibrate", json={"what": "markers"}), 409, "no_camera")
    scripted = ScriptedTable(camera_jpeg=b"\xff\xd8jpeg")
    camera = paired(create_app(TEST_CONFIG, table=scripted).test_client(), scripted.table_key())
    image = camera.get("/api/camera.jpg?overlay=0")
    assert image.status_code == 200 and image.mimetype == "image/jpeg" and image.data == b"\xff\xd8jpeg"
    assert camera.post("/api/calibrate", json={"what": "colours"}).get_json()["what"] == "colours"


def test_app_without_a_table_builds_the_demo_table(monkeypatch: pytest.MonkeyPatch) -> None:
    import firmware_py.table.core

    monkeypatch.setattr(firmware_py.table.core, "Table", ScriptedTable)
    app: Flask = create_app(TEST_CONFIG)
    assert isinstance(app.extensions["tock"], ScriptedTable)
