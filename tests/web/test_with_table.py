"""The web app over the real table (``firmware_py.table.core.Table``): a demo game, a new game, privacy."""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape

from firmware_py.config import CameraSettings, Config, default_game, default_seats
from firmware_py.table.core import Table
from tests.web.conftest import TEST_CONFIG, paired
from tests.web.leaks import card_leaks
from web import create_app

TWO_PEOPLE = {
    "preset": "toc",
    "seed": 7,
    "seats": [{"name": "Alice", "computer": False}, {"name": "Bob", "computer": False}],
}


@pytest.fixture()
def real_table() -> Iterator[Table]:
    table = Table()
    try:
        yield table
    finally:
        table.close()


@pytest.fixture()
def real_app(real_table: Table) -> Flask:
    return create_app({**TEST_CONFIG, "TOCK_STREAM_SECONDS": 0.01}, table=real_table)


@pytest.fixture()
def real_client(real_app: Flask, real_table: Table) -> FlaskClient:
    """The table's device, paired with the real table's key."""
    return paired(real_app.test_client(), real_table.table_key())


def _people(table: Table) -> dict[str, str]:
    return {link["seat"]: link["token"] for link in table.seat_links() if not link["computer"]}


def test_every_page_renders_over_the_demo_table(real_client: FlaskClient, real_table: Table) -> None:
    token = _people(real_table)["A"]
    for path in ("/table", "/setup", "/learn", "/calibration", f"/seat/{token}", f"/learn/{token}"):
        response = real_client.get(path)
        assert response.status_code == 200, path
    table_page = real_client.get("/table").get_data(as_text=True)
    assert table_page.count('class="qr"') == 1, "only the person's seat gets a QR code, not the computers"


def test_the_person_plays_a_legal_move_offered_for_a_card(
    real_client: FlaskClient, real_table: Table
) -> None:
    token = _people(real_table)["A"]
    view = real_client.get(f"/api/seat/{token}").get_json()
    assert view["turn"] == "A" and view["playable"], "the demo deals seat A something to play"
    card, moves = next(iter(view["playable"].items()))
    chosen = real_client.post(f"/api/seat/{token}/choose", json={"card": card}).get_json()
    assert [m["move"] for m in chosen["moves"]] == [m["move"] for m in moves]
    played = real_client.post(f"/api/seat/{token}/play", json={"move": moves[0]["move"]})
    assert played.status_code == 200, played.get_json()
    state = real_client.get("/api/state").get_json()
    assert state["log"][-1]["seat"] == "A" or any(entry["seat"] == "A" for entry in state["log"])
    assert state["version"] > view["version"]
    undone = real_client.post("/api/undo", json={})
    assert undone.status_code == 200 and moves[0]["move"] in undone.get_json()["undone"]
    assert real_client.get(f"/api/seat/{token}").get_json()["hand"] == view["hand"]


def test_refusals_of_the_real_table_are_4xx_json(real_client: FlaskClient, real_table: Table) -> None:
    token = _people(real_table)["A"]
    bad_card = real_client.post(f"/api/seat/{token}/choose", json={"card": "ZZ"})
    assert bad_card.status_code == 400 and bad_card.get_json()["error"]
    bad_move = real_client.post(f"/api/seat/{token}/play", json={"move": "not a move"})
    assert bad_move.status_code == 400
    wrong = real_client.post("/api/game", json={"settings": {"preset": "chess"}})
    assert wrong.status_code == 400 and wrong.get_json()["field"] == "preset"
    assert real_client.get("/api/camera.jpg").status_code == 404


def test_a_new_game_of_two_people_from_the_setup_api(real_client: FlaskClient, real_table: Table) -> None:
    response = real_client.post("/api/game", json={"settings": TWO_PEOPLE})
    assert response.status_code == 200, response.get_json()
    view = response.get_json()
    assert [seat["seat"] for seat in view["seats"]] == ["A", "C"]
    assert [seat["name"] for seat in view["seats"]] == ["Alice", "Bob"]
    assert set(_people(real_table)) == {"A", "C"}
    assert real_client.get("/table").get_data(as_text=True).count('class="qr"') == 2


def test_no_answer_without_a_seat_s_token_holds_its_cards(
    real_client: FlaskClient, real_table: Table
) -> None:
    tokens = {link["seat"]: link["token"] for link in real_table.seat_links()}
    for seat, token in tokens.items():
        hand = real_table.seat_view(token)["hand"]
        assert hand
        others = [t for s, t in tokens.items() if s != seat]
        answers: list[Any] = [
            real_client.get(path)
            for path in (
                "/table",
                "/setup",
                "/learn",
                "/calibration",
                "/api/state",
                "/api/setup",
                "/api/rules",
                "/events",
            )
        ]
        for other in others:
            answers += [
                real_client.get(f"/seat/{other}"),
                real_client.get(f"/api/seat/{other}"),
                real_client.get(f"/api/seat/{other}/hints"),
                real_client.get(f"/events/seat/{other}"),
                real_client.get(f"/learn/{other}"),
            ]
        for answer in answers:
            leaks = card_leaks(answer.get_data(as_text=True), hand)
            assert not leaks, f"{answer.request.path} shows {seat}'s cards: {leaks}"
    own = real_table.seat_view(tokens["A"])["hand"]
    assert card_leaks(real_client.get(f"/seat/{tokens['A']}").get_data(as_text=True), own), (
        "the check sees a hand"
    )


def test_partners_exchange_a_card_through_the_api(real_client: FlaskClient, real_table: Table) -> None:
    people = [{"name": name, "computer": False} for name in ("Alice", "Bob", "Chloé", "David")]
    response = real_client.post("/api/game", json={"settings": {"preset": "r1x", "seed": 2, "seats": people}})
    assert response.status_code == 200, response.get_json()
    tokens = _people(real_table)
    alice = real_client.get(f"/api/seat/{tokens['A']}").get_json()
    assert alice["phase"] == "exchange" and alice["can_exchange"]
    given = alice["hand"][0]
    answer = real_client.post(f"/api/seat/{tokens['A']}/exchange", json={"card": given})
    assert answer.status_code == 200, answer.get_json()
    after = real_client.get(f"/api/seat/{tokens['A']}").get_json()
    assert not after["can_exchange"] and after["version"] > alice["version"]
    assert after["given"] == given and given not in after["hand"], "the card given is out of the hand shown"
    assert len(after["hand"]) == len(alice["hand"]) - 1
    again = real_client.post(f"/api/seat/{tokens['A']}/exchange", json={"card": after["hand"][0]})
    assert again.status_code == 409 and again.get_json()["error"] == "no_exchange"


def test_why_not_and_hints_from_the_real_engine(real_client: FlaskClient, real_table: Table) -> None:
    token = _people(real_table)["A"]
    hints = real_client.get(f"/api/seat/{token}/hints").get_json()
    assert hints and all({"card", "move", "fr", "en", "from", "to"} <= set(hint) for hint in hints)
    legal = real_client.post(f"/api/seat/{token}/explain", json={"move": hints[0]["move"]}).get_json()
    assert legal["legal"] is True and legal["reasons"] == []
    card = hints[0]["card"]
    why_not = real_client.post(f"/api/seat/{token}/explain", json={"move": f"{card}:A5-A9"}).get_json()
    assert why_not["legal"] is False and why_not["reasons"] and why_not["reasons"][0]["fr"]
    learn = real_client.get(f"/learn/{token}?lang=en").get_data(as_text=True)
    rules = real_table.rules_text("en")
    # each rule said as a sentence (capitalised); the rule sheet's source file is the maker's, not shown
    assert all(str(escape(rule["text"][1:])) in learn for rule in rules if rule["switch"] != "source")
    assert all(rule["text"] not in learn for rule in rules if rule["switch"] == "source")


def test_after_the_game_a_seat_page_shows_the_winners_not_a_hand_to_play() -> None:
    """Four computer seats play a whole game as the table starts; a seat's link then opens on the result."""
    game = dataclasses.replace(default_game(), seats=default_seats(4, humans=0), seed=9)
    table = Table(Config(game=game, camera=CameraSettings(source="none"), computer_delay=0.0))
    try:
        client = create_app(TEST_CONFIG, table=table).test_client()
        winner = table.public_view()["winner"]
        assert winner, "the computers finish the game"
        names = ", ".join(s["name"] for s in table.public_view()["seats"] if s["seat"] in winner)
        token = table.seat_links()[0]["token"]
        view = client.get(f"/api/seat/{token}").get_json()
        assert view["phase"] == "over" and view["hand"] == [] and view["playable"] == {}
        french = client.get(f"/seat/{token}").get_data(as_text=True)
        assert _bound(french, "hand-help") == "La partie est finie : plus de carte à jouer."
        assert _bound(french, "winner") == f"Gagnant·e·s : {names}"
        english = client.get(f"/seat/{token}?lang=en").get_data(as_text=True)
        assert _bound(english, "hand-help") == "The game is over: no card left to play."
        # names nobody typed are said in the page's language
        assert _bound(english, "winner") == "Winners: " + names.replace("Ordinateur", "Computer")
    finally:
        table.close()


def _bound(html: str, name: str) -> str:
    """The text the page shows in its element ``data-bind=name`` before any script runs."""
    found = re.search(rf'data-bind="{name}"[^>]*>([^<]*)<', html)
    assert found, f"no element data-bind={name}"
    return found.group(1).strip()


def test_a_name_with_a_lone_surrogate_is_refused_and_every_page_still_answers(
    real_client: FlaskClient,
) -> None:
    """JSON may carry a lone surrogate ("\\ud800x"), which no page nor QR code can write out as UTF-8."""
    body = '{"settings": {"preset": "toc", "seats": [{"name": "\\ud800x"}, {"name": "Bob"}]}}'
    response = real_client.post("/api/game", data=body, content_type="application/json")
    assert response.status_code == 400 and response.get_json()["field"] == "seats[0].name"
    for page in ("/table", "/setup", "/learn", "/api/state"):
        assert real_client.get(page).status_code == 200, page


def test_a_change_after_sigterm_darkened_the_leds_is_still_answered_without_a_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """``systemctl stop`` darkens the strip first (its SIGTERM handler stops the LED driver), then the
    companion stops; a change that comes in between (a marble moved, the camera reading a move) is
    answered as at any other time, the strip staying dark, and nothing is logged."""

    table = Table()
    try:
        client = paired(create_app(TEST_CONFIG, table=table).test_client(), table.table_key())
        table.led_driver.stop()  # what firmware_py.app.stopping's SIGTERM handler does
        with caplog.at_level(logging.WARNING):
            answer = client.post("/api/marble", json={"from": "AR1", "to": "A1"})  # shown, then refused
        assert answer.status_code == 422 and answer.get_json()["error"] == "illegal_move", answer.get_json()
        assert caplog.records == []
    finally:
        table.close()


def test_a_card_chosen_on_the_phone_and_not_played_is_never_named_to_everyone() -> None:
    """Seat A taps a card on its phone (it stays in the hand, secret), then a marble is moved out of the
    reserve, which that card does not allow: the refusal everyone sees names the rules, not the card."""
    from firmware_py.table.core import demo_config

    config = demo_config()
    table = Table(dataclasses.replace(config, game=dataclasses.replace(config.game, seed=1)))
    try:
        app = create_app(TEST_CONFIG, table=table)
        the_table, spectator = paired(app.test_client(), table.table_key()), app.test_client()
        token = {link["seat"]: link["token"] for link in table.seat_links()}["A"]
        hand = spectator.get(f"/api/seat/{token}").get_json()["hand"]
        card = next(c for c in hand if c[:-1].isdigit())  # named "7 of clubs", "7 de trèfle"
        assert spectator.post(f"/api/seat/{token}/choose", json={"card": card}).status_code == 200
        refused = the_table.post("/api/marble", json={"from": "AR1", "to": "A18"})
        assert refused.status_code == 422
        seen = refused.get_data(as_text=True) + spectator.get("/api/state").get_data(as_text=True)
        suit = {
            "C": ("clubs", "tr\\u00e8fle"),
            "D": ("diamonds", "carreau"),
            "H": ("hearts", "c\\u0153ur"),
            "S": ("spades", "pique"),
        }[card[-1]]
        for words in (f"{card[:-1]} of {suit[0]}", f"{card[:-1]} de {suit[1]}"):
            assert words not in seen, f"{card} is named: {words}"
        assert "The card chosen does not make this move." in seen
    finally:
        table.close()


def test_a_suggestion_is_searched_once_per_seat_and_position_however_many_phones_ask(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Eight phones of seat A ask for the guided game's suggestion at once, then again: the strong
    player's search runs once and all get its answer; once the position changes, it runs again."""
    import threading

    from firmware_py.table import teaching
    from firmware_py.table.core import demo_config

    searches: list[str] = []
    search = teaching.suggest

    def counted(*args: Any, **kwargs: Any) -> Any:
        searches.append(args[1])
        return search(*args, **kwargs)

    monkeypatch.setattr(teaching, "suggest", counted)
    config = demo_config()
    table = Table(
        dataclasses.replace(config, computer_move_time=0.05, game=dataclasses.replace(config.game, seed=1))
    )
    try:
        app = create_app(TEST_CONFIG, table=table)
        token = {link["seat"]: link["token"] for link in table.seat_links()}["A"]
        answers: list[Any] = []

        def ask() -> None:
            answers.append(app.test_client().get(f"/api/seat/{token}/hints?suggest=1").get_json())

        phones = [threading.Thread(target=ask) for _ in range(8)]
        for phone in phones:
            phone.start()
        for phone in phones:
            phone.join(timeout=120)
        ask()
        assert len(answers) == 9 and all(answer == answers[0] for answer in answers)
        suggested = next(hint for hint in answers[0] if hint["suggested"])
        assert searches == ["A"], "one search for the nine asks"
        played = app.test_client().post(f"/api/seat/{token}/play", json={"move": suggested["move"]})
        assert played.status_code == 200
        assert table.public_view()["turn"] == "A", "the computers played: A's turn at a new position"
        ask()
        assert searches == ["A", "A"], "a new position, a new search"
    finally:
        table.close()
