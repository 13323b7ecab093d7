"""A seat's hand reaches no one without that seat's key; no key reaches a page of another role; what
runs the game answers only the paired table, and only from the companion's own pages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient

from tests.web.conftest import TEST_CONFIG, paired
from tests.web.leaks import card_leaks
from tests.web.scripted_table import ScriptedTable
from web import create_app
from web.roles import TABLE_COOKIE


def _bodies_without(
    client: FlaskClient, tokens: dict[str, str], secret_seat: str
) -> Iterator[tuple[str, str]]:
    """Every answer a client without ``secret_seat``'s token can get: (what, body)."""
    others = [token for seat, token in tokens.items() if seat != secret_seat]
    gets = [
        "/",
        "/table",
        "/setup",
        "/learn",
        "/calibration",
        "/api/state",
        "/api/setup",
        "/api/rules",
        "/api/rules?lang=en",
        "/events",
        "/nowhere",
        "/api/nowhere",
        "/api/camera.jpg",
    ]
    for token in others:
        gets += [
            f"/seat/{token}",
            f"/learn/{token}",
            f"/api/seat/{token}",
            f"/api/seat/{token}/hints",
            f"/events/seat/{token}",
        ]
    for path in gets:
        yield path, client.get(path).get_data(as_text=True)
    posts = [
        ("/api/explain", {"move": "AS:AR1-A18"}),
        ("/api/undo", {}),
        ("/api/marble", {"from": "A1", "to": "A2"}),
    ]
    for token in others:
        for action, body in (
            ("choose", {"card": "2H"}),
            ("play", {"move": "2H:BR1-B18"}),
            ("exchange", {"card": "QS"}),
            ("discard", {"card": "QS"}),
            ("explain", {"move": "7H:A1-A8"}),
            ("undo", {}),
        ):
            posts.append((f"/api/seat/{token}/{action}", body))
    for path, body in posts:
        yield path, client.post(path, json=body).get_data(as_text=True)


def test_no_answer_without_a_seat_s_token_holds_its_cards(table: ScriptedTable) -> None:
    client = create_app({**TEST_CONFIG, "TOCK_STREAM_SECONDS": 0.01}, table=table).test_client()  # type: ignore[arg-type]
    tokens = {link["seat"]: link["token"] for link in table.seat_links()}
    client.post(f"/api/seat/{tokens['A']}/play", json={"move": "AS:AR1-A18"})
    checked = 0
    for seat, token in tokens.items():
        hand = table.seat_view(token)["hand"]
        assert hand
        for what, body in _bodies_without(client, tokens, seat):
            assert not card_leaks(body, hand), f"{what} shows a card of seat {seat}'s hand"
            checked += 1
    assert checked > 100
    own = client.get(f"/seat/{tokens['B']}").get_data(as_text=True)
    assert card_leaks(own, ["QS"]), "the check would see a hand if one were there"


TABLE_ONLY = [
    ("GET", "/setup", None),
    ("GET", "/calibration", None),
    ("GET", "/api/setup", None),
    ("GET", "/api/camera.jpg", None),
    ("POST", "/api/game", {"settings": {}}),
    ("POST", "/api/undo", {}),
    ("POST", "/api/marble", {"from": "AR1", "to": "A18"}),
    ("POST", "/api/calibrate", {"what": "markers"}),
]
"""What runs the game: set-up, new game, undo, calibration, marbles moved on the page, the camera."""


def _every_answer(client: FlaskClient, tokens: dict[str, str]) -> Iterator[tuple[str, str]]:
    """Every answer a spectator can get (the paths of ``_bodies_without`` and the table's own)."""
    yield from _bodies_without(client, tokens, secret_seat="none")
    for method, path, body in TABLE_ONLY:
        yield path, client.open(path, method=method, json=body).get_data(as_text=True)


def test_a_spectator_is_refused_every_control_of_the_table(
    spectator: FlaskClient, table: ScriptedTable
) -> None:
    before = table.public_view()
    for method, path, body in TABLE_ONLY:
        response = spectator.open(path, method=method, json=body)
        assert response.status_code == 403, path
        if path.startswith("/api/"):
            assert response.get_json()["error"] == "table_only", path
    assert table.public_view() == before, "nothing changed"


def test_no_key_reaches_a_spectator(spectator: FlaskClient, table: ScriptedTable) -> None:
    tokens = {link["seat"]: link["token"] for link in table.seat_links()}
    checked = 0
    for what, body in _every_answer(spectator, {}):
        assert table.table_key() not in body, f"{what} shows the table key"
        for seat, token in tokens.items():
            assert token not in body, f"{what} shows seat {seat}'s key"
        checked += 1
    assert checked > 20
    page = spectator.get("/table").get_data(as_text=True)
    assert "qr-list" not in page and 'data-action="undo"' not in page and "/setup" not in page


def test_a_seat_never_sees_another_seat_s_key_nor_the_table_s(
    client: FlaskClient, table: ScriptedTable
) -> None:
    tokens = {link["seat"]: link["token"] for link in table.seat_links()}
    seat_client = create_app(TEST_CONFIG, table=table).test_client()  # type: ignore[arg-type]
    for path in (f"/seat/{tokens['A']}", f"/api/seat/{tokens['A']}", f"/learn/{tokens['A']}"):
        body = seat_client.get(path).get_data(as_text=True)
        assert table.table_key() not in body
        assert not any(token in body for seat, token in tokens.items() if seat != "A"), path


def test_the_table_sees_every_seat_link_built_on_the_configured_address(table: ScriptedTable) -> None:
    app = create_app({**TEST_CONFIG, "TOCK_PUBLIC_URL": "http://192.168.1.20:8000"}, table=table)  # type: ignore[arg-type]
    client = app.test_client()
    client.set_cookie(TABLE_COOKIE, table.table_key(), domain="evil.example")
    page = client.get("/table", headers={"Host": "evil.example"}).get_data(as_text=True)
    for link in table.seat_links():
        assert f"http://192.168.1.20:8000/seat/{link['token']}" in page
    assert "evil.example" not in page, "links never follow the Host header"
    assert table.table_key() not in page, "the table's own key is in its cookie only"


def test_pairing_sets_an_http_only_cookie_and_a_wrong_key_sets_nothing(
    spectator: FlaskClient, table: ScriptedTable
) -> None:
    wrong = spectator.get("/pair/" + "x" * 24)
    assert wrong.status_code == 403 and "Set-Cookie" not in wrong.headers
    assert spectator.get("/setup").status_code == 403
    right = spectator.get(f"/pair/{table.table_key()}")
    assert right.status_code == 302 and right.headers["Location"].endswith("/table?paired=1")
    cookie = right.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert spectator.get("/setup").status_code == 200, "the browser is now the table"


def test_a_state_change_from_another_site_is_refused_even_for_the_table(
    client: FlaskClient, table: ScriptedTable
) -> None:
    version = table.version
    for origin in ("http://evil.example", "null", "http://192.168.1.99:8000"):
        response = client.post("/api/undo", json={}, headers={"Origin": origin})
        assert response.status_code == 403 and response.get_json()["error"] == "foreign_origin", origin
    cross = client.post("/api/game", json={"settings": {}}, headers={"Sec-Fetch-Site": "cross-site"})
    assert cross.status_code == 403
    assert table.version == version
    own = client.post("/api/game", json={"settings": {}}, headers={"Origin": "http://127.0.0.1:8000"})
    assert own.status_code == 200


def test_a_configured_origin_is_accepted(table: ScriptedTable) -> None:
    app = create_app({**TEST_CONFIG, "TOCK_ORIGINS": ("http://tock.local:8000",)}, table=table)  # type: ignore[arg-type]
    client = paired(app.test_client(), table.table_key())
    assert (
        client.post(
            "/api/game", json={"settings": {}}, headers={"Origin": "http://tock.local:8000"}
        ).status_code
        == 200
    )
    assert (
        client.post("/api/game", json={"settings": {}}, headers={"Origin": "http://tock.local:9"}).status_code
        == 403
    )


def test_an_unexpected_error_is_logged_without_the_key_in_the_address(
    table: ScriptedTable, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    token = table.seat_links()[0]["token"]

    def broken(_token: str) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(table, "seat_view", broken)
    client = create_app({**TEST_CONFIG, "TOCK_STREAM_SECONDS": 0.01}, table=table).test_client()  # type: ignore[arg-type]
    with caplog.at_level("ERROR"):
        for path in (f"/seat/{token}", f"/api/seat/{token}"):
            answer = client.get(path)
            assert answer.status_code == 500 and token not in answer.get_data(as_text=True)
    logged = "\n".join(record.getMessage() + str(record.exc_info) for record in caplog.records)
    assert "/seat/<token>" in logged and "a bug" in logged
    assert token not in logged


def test_a_page_of_another_port_of_this_machine_is_another_site(
    client: FlaskClient, table: ScriptedTable
) -> None:
    """Any program of this machine may serve a page on another port: its state changes are refused, on
    every loopback name; the companion's own port (8000 here) is accepted."""
    version = table.version
    for origin in ("http://127.0.0.1:9999", "http://localhost:3000", "http://[::1]:8001", "http://127.0.0.1"):
        response = client.post("/api/rematch", json={}, headers={"Origin": origin})
        assert response.status_code == 403 and response.get_json()["error"] == "foreign_origin", origin
    assert table.version == version
    for origin in ("http://127.0.0.1:8000", "http://localhost:8000", "http://[::1]:8000"):
        answer = client.post("/api/undo", json={}, headers={"Origin": origin})
        assert answer.get_json()["error"] != "foreign_origin", origin


def test_a_rematch_needs_a_json_body_as_every_state_change_does(
    client: FlaskClient, table: ScriptedTable
) -> None:
    """A form of another site can send a body-less or form POST without the browser asking first; only
    a JSON object, which it cannot send unasked, starts a rematch."""
    version = table.version
    assert client.post("/api/rematch").status_code == 415
    assert (
        client.post("/api/rematch", data="x=1", content_type="application/x-www-form-urlencoded").status_code
        == 415
    )
    assert client.post("/api/rematch", json=[]).status_code == 400
    assert table.version == version
    assert client.post("/api/rematch", json={}).status_code == 200
