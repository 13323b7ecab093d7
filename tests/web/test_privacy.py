"""A seat's hand reaches no one without that seat's token."""

from __future__ import annotations

from collections.abc import Iterator

from flask.testing import FlaskClient

from tests.web.conftest import TEST_CONFIG
from tests.web.leaks import card_leaks
from tests.web.scripted_table import ScriptedTable
from web import create_app


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
