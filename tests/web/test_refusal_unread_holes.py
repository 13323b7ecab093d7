"""A move refused while some holes could not be read: the table took those holes as they were, so the
pages ring them (dashed) on the board and on the refused player's picture of where the marbles go
back, and the phone says to check them, in a real browser (Debian's Chromium)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from firmware_py.table.turn import Problem
from tests.web.browsing import LANDSCAPE_TABLET, PHONE, fresh_context, pair, seat_paths, serving
from tests.web.scripted_table import ScriptedTable

pytestmark = pytest.mark.browser


def _refusal(unread: list[str]) -> Problem:
    """A's marble put one hole too far (A6 instead of A5), as the table words and sends it."""
    return {
        "fr": "Coup interdit : le 3 avance de 3. Remettez les billes comme indiqué.",
        "en": "Illegal move: the 3 moves 3 holes. Put the marbles back as shown.",
        "places": ["A3", "A6"],
        "violations": [],
        "wrong": ["A6"],
        "put_back": {"A3": "A"},
        "unread": unread,
    }


@pytest.fixture(scope="module")
def table() -> ScriptedTable:
    return ScriptedTable()


@pytest.fixture(scope="module")
def served(table: ScriptedTable) -> Iterator[str]:
    with serving(table) as url:
        yield url


def test_the_holes_not_read_are_ringed_on_the_table_and_on_the_refused_players_phone(
    browser: Any, served: str, table: ScriptedTable
) -> None:
    table.new_game({})
    with fresh_context(browser, LANDSCAPE_TABLET) as tablet, fresh_context(browser, PHONE) as phone:
        pair(tablet, served, table)
        board = tablet.new_page()
        board.goto(f"{served}/table?lang=en")
        seat_a = phone.new_page()
        seat_a.goto(f"{served}{seat_paths(table)['A']}?lang=en")
        table.announce(problem=_refusal(["C8", "DR2"]))
        for page, picture in ((board, ".board-panel .board"), (seat_a, ".problem-panel .mini-board")):
            ringed = page.locator(f"{picture} .hole.unread")
            expect(ringed).to_have_count(2)
            assert ringed.evaluate_all("(holes) => holes.map((h) => h.dataset.place)") == ["C8", "DR2"]
            dashes = ringed.first.evaluate("(hole) => getComputedStyle(hole).strokeDasharray")
            assert dashes not in ("", "none"), "a dashed ring, not the solid one of a marble to put back"
        help_line = seat_a.locator("[data-bind=unread-help]")
        expect(help_line).to_be_visible()
        expect(help_line).to_have_text(
            "Check the holes ringed with dashes too: the camera could not read them."
        )
        table.announce(problem=_refusal([]))  # every hole read: nothing to check by hand
        expect(board.locator(".hole.unread")).to_have_count(0)
        expect(seat_a.locator(".hole.unread")).to_have_count(0)
        expect(help_line).to_be_hidden()
        table.announce(problem=None)
