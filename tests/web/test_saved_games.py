"""Saved games as a guest on the Wi-Fi reaches them: a save holding a move the engine refuses shows
nobody a hand (summary, replay, the replay page, the resumed table's notice, the server's log), and an
id no save can hold is simply not found."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from firmware_py.engine.violations import IllegalMoveError, Violation
from firmware_py.store.saves import GameStore
from firmware_py.table.core import Table
from tests.web.conftest import TEST_CONFIG
from web import create_app

HAND = re.compile(r"\b[A-H]=(?:10|[2-9AKQJ])[CDHS]")
"""A hand as the engine writes it in a position (``A=6D,AC,...``)."""

REFUSED = "KH:AR1-A1"
"""A move a save may hold (edited by hand, or rules changed since) that the engine refuses."""


@pytest.fixture()
def damaged_save(tmp_path: Path) -> Iterator[tuple[Path, int]]:
    """A save whose game holds, after the computers' first moves, a move the engine refuses."""
    path = tmp_path / "tock.sqlite3"
    table = Table(store=GameStore(path))
    game_id = table.public_view()["game_id"]
    table.close()
    store = GameStore(path)
    store.append(game_id, "move", "A", REFUSED)
    store.close()
    yield path, game_id


@pytest.fixture()
def resumed(damaged_save: tuple[Path, int]) -> Iterator[tuple[Table, FlaskClient, int]]:
    """The companion restarted on the damaged save, and a spectator's client."""
    path, game_id = damaged_save
    table = Table(store=GameStore(path))
    try:
        yield table, create_app(TEST_CONFIG, table=table).test_client(), game_id
    finally:
        table.close()


def _no_hand(what: str, text: str) -> None:
    assert not HAND.search(text), f"{what} shows a hand: {HAND.search(text)}"


def test_a_save_the_engine_refuses_shows_no_hand_on_any_page_or_in_the_log(
    resumed: tuple[Table, FlaskClient, int], caplog: pytest.LogCaptureFixture
) -> None:
    """Summary (409), replay frames, the replay page, the state and the live stream of the resumed
    table name the event refused, never the position with its hands."""
    table, spectator, game_id = resumed
    caplog.set_level(logging.DEBUG)
    summary = spectator.get(f"/api/games/{game_id}/summary")
    assert summary.status_code == 409
    assert REFUSED in summary.get_json()["en"], "the refused event is named"
    replay = spectator.get(f"/api/games/{game_id}/replay")
    assert replay.status_code == 200 and REFUSED in replay.get_json()["error"]["en"]
    pages = {
        "summary": summary.get_data(as_text=True),
        "replay": replay.get_data(as_text=True),
        "replay page": spectator.get(f"/replay/{game_id}").get_data(as_text=True),
        "state": spectator.get("/api/state").get_data(as_text=True),
        "stream": spectator.get("/events").get_data(as_text=True),
    }
    assert REFUSED in pages["state"], "the resumed table says where it stopped"
    for what, text in pages.items():
        _no_hand(what, text)
    _no_hand("the log", caplog.text)


def test_an_engine_error_reaching_the_server_s_log_names_its_rules_not_the_hands(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A bug that lets an engine error escape a request is logged with its traceback; the engine's text
    (the position, every hand) is replaced by the rule it names."""
    from web.errors import log_failure

    violation = Violation(
        "not_in_hand", "Le roi de cœur n'est pas dans la main.", "The King of hearts is not in the hand."
    )
    error = IllegalMoveError((violation,), "r1 A: B: C: D: A A=QC,6D B=JD,3H C=6S D=2D", "KH:AR-A1")
    try:
        raise error
    except IllegalMoveError as raised:
        with caplog.at_level(logging.ERROR, logger="tock.web"):
            log_failure("unexpected error on GET /x", raised)
    assert "The King of hearts is not in the hand." in caplog.text and "test_saved_games.py" in caplog.text
    _no_hand("the log", caplog.text)


def test_a_computer_seat_s_failure_is_told_to_everyone_without_the_hands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The table's background work (computer seats) fails with an engine error: the public notice names
    the rule broken, never the position."""
    import time

    violation = Violation(
        "not_in_hand", "Le 7 de pique n'est pas dans la main.", "The 7 of spades is not in the hand."
    )

    def failing(self: Table) -> None:
        raise IllegalMoveError((violation,), "r1 A: B: C: D: A A=QC,6D B=JD,3H C=6S D=2D", "7S:B1-B8")

    monkeypatch.setattr(Table, "tick", failing)
    table = Table()
    spectator = create_app(TEST_CONFIG, table=table).test_client()
    try:
        table.start()
        notice: Any = None
        for _ in range(300):  # the table's background work runs every 0.1 s
            notice = spectator.get("/api/state").get_json()["notice"]
            if notice:
                break
            time.sleep(0.05)
        assert notice and "The 7 of spades is not in the hand." in notice["en"], notice
        _no_hand("the public notice", str(notice))
    finally:
        table.close()


@pytest.mark.parametrize(
    "address",
    [
        "/replay/99999999999999999999999",
        "/api/games/99999999999999999999999/summary",
        "/api/games/99999999999999999999999/replay",
        "/api/games/9223372036854775808/summary",
    ],
)
def test_a_game_id_past_64_bits_is_not_found_and_logs_nothing(
    resumed: tuple[Table, FlaskClient, int], caplog: pytest.LogCaptureFixture, address: str
) -> None:
    _, spectator, _ = resumed
    with caplog.at_level(logging.WARNING):
        answer = spectator.get(address)
    assert answer.status_code == 404
    assert caplog.records == [], "no traceback in the log"


def test_the_largest_id_a_save_can_hold_is_answered_too(resumed: tuple[Table, FlaskClient, int]) -> None:
    _, spectator, _ = resumed
    assert spectator.get("/api/games/9223372036854775807/summary").status_code == 404
