"""A seat's page on a phone (390x844) stays still while the game goes on (issue 23's target: layout
shift under 0.1 on every page, not only while it loads): the turn line coming and going, the guided
game's suggestion arriving after the companion's search, a move played whose answer comes late."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from firmware_py.table.core import Table
from tests.web.browsing import PHONE, fresh_context

pytestmark = pytest.mark.browser

SHIFTS = """
window.__shift = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
}).observe({ type: "layout-shift", buffered: true });
"""
"""The page's layout shift since it opened, shifts just after a tap left out (as the measure does)."""

AFTER_INPUT = 700
"""Milliseconds an answer is held after the tap that asked it: past the 500 ms in which the layout
shift measure forgives a shift as the tap's own, so a shift the answer causes is counted."""


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_seat_page_holds_still_through_a_suggestion_and_a_move_answered_late(
    browser: Any, real_served: str, real_table: Table, lang: str
) -> None:
    real_table.new_game({"preset": "toc", "seed": 3, "seats": [{"name": "Ana"}, {"name": "Bruno"}]})
    seat = next(link for link in real_table.seat_links() if link["seat"] == "A")
    assert real_table.public_view()["turn"] == "A"
    with fresh_context(browser, PHONE) as context:
        context.add_init_script(SHIFTS)
        page = context.new_page()
        page.goto(f"{real_served}{seat['path']}?lang={lang}")
        held: list[Any] = []
        page.route("**/hints?suggest=1", lambda route: held.append(route))
        page.route("**/play", lambda route: held.append(route))
        page.locator("[data-action=guided]").check()
        while not held:
            page.wait_for_timeout(20)
        page.wait_for_timeout(AFTER_INPUT)
        held.pop().continue_()
        suggestion = page.locator("[data-bind=suggestion] button.move")
        expect(suggestion).to_be_visible()
        suggestion.click()
        page.click("[data-action=confirm-move]")
        while not held:
            page.wait_for_timeout(20)
        page.wait_for_timeout(AFTER_INPUT)
        held.pop().continue_()
        expect(page.locator("#toast")).to_contain_text("Coup joué" if lang == "fr" else "Move played")
        # the turn passes to the other seat and the line at the top says so
        expect(page.locator("[data-bind=turn]")).to_contain_text("Bruno")
        shift = page.evaluate("window.__shift")
        assert shift < 0.1, shift


def _advance(table: Table, tokens: dict[str, str]) -> None:
    """One step of a game of two people (A, B) and two computers: each person gives a card when the
    exchange is due, plays a legal move or discards on their turn; the computers play by themselves."""
    view = table.public_view()
    if view["phase"] == "exchange":
        for seat in view["exchange_owing"]:
            if seat in tokens:
                table.exchange(tokens[seat], table.seat_view(tokens[seat])["hand"][0])
    elif view["turn"] in tokens:
        token = tokens[view["turn"]]
        seat = table.seat_view(token)
        if seat["playable"]:
            table.play(token, next(iter(seat["playable"].values()))[0]["move"])
        else:
            table.discard(token, seat["hand"][0])


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_table_page_on_a_spectators_phone_holds_still_as_the_turn_goes_round(
    browser: Any, real_served: str, real_table: Table, lang: str
) -> None:
    """The turn line says whose turn it is, or whom a card exchange waits for (a longer line): the
    board below it stays where it is."""
    seats = [{"name": "Alice"}, {"name": "Bruno"}, {"computer": True}, {"computer": True}]
    real_table.new_game({"preset": "r1x", "seed": 5, "seats": seats})
    tokens = {link["seat"]: link["token"] for link in real_table.seat_links() if link["seat"] in "AB"}
    with fresh_context(browser, PHONE) as context:
        context.add_init_script(SHIFTS)
        page = context.new_page()
        page.goto(f"{real_served}/table?lang={lang}")
        log = page.locator("[data-bind=log] li:not(.muted)")
        for _ in range(12):
            _advance(real_table, tokens)
            expect(log).to_have_count(len(real_table.public_view()["log"]))  # the page drew this step
        shift = page.evaluate("window.__shift")
        assert shift < 0.1, shift
