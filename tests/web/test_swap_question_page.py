"""End to end in a real browser (Debian's Chromium): a Jack's swap seen by the camera with colours it
cannot tell apart is asked on the seat's phone, and played once the player answers there.

The frames come from the synthetic camera (seat B's marbles the very red of seat A's), read by vision's
reader calibrated as a user would and steadied by the stabiliser (``Eyes`` of the table's test of unsure
colours); the table is a real :class:`Table` with physical cards, served over HTTP; the player names the
Jack and answers the question by tapping on the page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from firmware_py.engine import Move, play
from firmware_py.table.core import Table
from tests.table.physical_opening import OPENING, opened_table
from tests.table.test_unsure_colours import SWAP, Eyes
from tests.web.browsing import PHONE, seat_paths, serving, table_page

pytestmark = pytest.mark.browser


@pytest.fixture
def table() -> Iterator[Table]:
    with opened_table() as table:
        yield table


def test_a_jack_swap_seen_without_colours_is_asked_on_the_phone_and_played_when_answered(
    browser: Any, table: Table
) -> None:
    eyes = Eyes()
    context = browser.new_context(locale="en-GB", viewport=PHONE)
    errors: list[str] = []
    context.on("weberror", lambda error: errors.append(str(error.error)))
    try:
        with serving(table) as url:
            phone = context.new_page()
            phone.goto(url + seat_paths(table)["A"] + "?lang=en")
            phone.click('.card[data-card="J"]')  # physical cards: A names the rank played
            expect(phone.locator('.card[data-card="J"]')).to_have_attribute("aria-pressed", "true")
            swapped = dict(play(table.position, Move.parse(SWAP)).layout)
            reading = eyes.look(table, swapped)
            assert {"B12", "B14"} <= set(reading.unsure_colour), "the camera cannot tell the two reds apart"
            panel = phone.locator(".question-panel")
            expect(panel).to_be_visible()
            # the holes said as the board shows them, B's side by its seat's name; never by hole ids
            expect(panel.locator("h2")).to_have_text(
                "Did you swap the marbles on cells 12 and 14 of Player B's side?"
            )
            swap = panel.locator(f'button.move[data-move="{SWAP}"]')
            expect(swap.locator(".move-words")).to_have_text(re.compile("^You play "))  # A's own phone
            board_page = table_page(context, url)
            banner = board_page.locator(".banner-question")
            expect(banner).to_contain_text("Did you swap the marbles on cells 12 and 14 of Player B's side?")
            expect(banner).not_to_contain_text(re.compile("B12|B14"))
            assert table.public_view()["log"][-1]["move"] == OPENING[-1][1], "nothing is played on a guess"
            swap.click()
            expect(panel).to_be_hidden()
            expect(board_page.locator(".banner-question")).to_be_hidden()
            view = table.public_view()
            assert view["log"][-1]["move"] == SWAP and view["turn"] == "B"
            eyes.look(table, swapped)  # the camera still sees the swapped board: the game's board now
            assert (table.public_view()["question"], table.public_view()["problem"]) == (None, None)
    finally:
        context.close()
    assert not errors, f"script errors in the pages: {errors}"
