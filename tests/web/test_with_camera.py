"""The web app over the companion with the simulated camera: the camera image, calibration, and a
marble moved on the page that the camera then reads."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from firmware_py.app.companion import Companion
from tests.web.conftest import TEST_CONFIG, paired
from web import create_app


@pytest.fixture()
def client(companion: Companion) -> FlaskClient:
    return paired(create_app(TEST_CONFIG, table=companion.table).test_client(), companion.table.table_key())


def test_the_camera_image_with_and_without_the_reading(client: FlaskClient) -> None:
    for overlay in ("1", "0"):
        image = client.get(f"/api/camera.jpg?overlay={overlay}")
        assert image.status_code == 200 and image.mimetype == "image/jpeg" and image.data[:2] == b"\xff\xd8"
        assert image.headers["Cache-Control"] == "no-store"
    assert client.get("/api/state").get_json()["camera"]["mode"] == "sim"
    assert client.get("/calibration").status_code == 200


def test_calibration_buttons(client: FlaskClient) -> None:
    for what in ("markers", "colours"):
        answer = client.post("/api/calibrate", json={"what": what})
        assert answer.status_code == 200, answer.get_json()
        assert answer.get_json()["what"] == what
    assert client.get("/api/state").get_json()["notice"]["en"] == "Camera calibrated."


def test_the_calibration_wizard_steps(client: FlaskClient) -> None:
    """The empty board found by its four markers, the colours learnt with it, then a test reading that
    matches the game."""
    found = client.post("/api/calibrate", json={"what": "markers"}).get_json()
    assert (found["markers_seen"], found["markers_missing"]) == ([0, 1, 2, 3], [])
    learnt = client.post("/api/calibrate", json={"what": "colours"}).get_json()
    assert learnt["painted"] is True  # learnt with the picture of the empty board
    test = client.post("/api/calibrate", json={"what": "test"}).get_json()
    assert (test["status"], test["differ"], test["uncertain"]) == ("ok", [], [])
    assert len(test["layout"]) == 16 and test["en"] == "The board reads exactly as in the game."
    refused = client.post("/api/calibrate", json={"what": "everything"})
    assert refused.status_code == 400


def test_a_marble_moved_on_the_page_is_read_by_the_camera(client: FlaskClient, companion: Companion) -> None:
    table = companion.table
    seat = table.public_view()["turn"]
    token = next(link["token"] for link in table.seat_links() if link["seat"] == seat)
    hint = next(h for h in client.get(f"/api/seat/{token}/hints").get_json() if len(h["to"]) == 1)
    assert client.post(f"/api/seat/{token}/choose", json={"card": hint["card"]}).status_code == 200
    moved = client.post("/api/marble", json={"from": hint["from"][0], "to": hint["to"][0]})
    assert moved.status_code == 200, moved.get_json()
    for _ in range(4):
        companion.loop.step()
    assert client.get("/api/state").get_json()["log"][-1]["move"] == hint["move"]
