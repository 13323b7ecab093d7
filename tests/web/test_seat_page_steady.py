"""A seat's page on a phone (390x844) stays still while the game goes on (issue 23's target: layout
shift under 0.1 on every page, not only while it loads): the turn line coming and going, the guided
game's suggestion arriving after the companion's search, a move played whose answer comes late."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from firmware_py.table.core import Table
from tests.web.browsing import LANDSCAPE_TABLET, PHONE, fresh_context, serving

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


PLAYERS_PANEL = """() => {
  const panel = document.querySelector("[data-bind=seats]").closest(".panel");
  const box = panel.getBoundingClientRect();
  return [box.x, box.y + window.scrollY, box.width, box.height];
}"""
"""The Players panel's box in the document (x, y, width, height)."""


@pytest.mark.parametrize("size", [PHONE, LANDSCAPE_TABLET], ids=["phone", "tablet"])
def test_the_players_panel_stays_put_as_the_turn_passes_seats_connect_and_moves_are_played(
    browser: Any, size: dict[str, int]
) -> None:
    """The Players panel on the table page neither moves nor changes size while the game goes on: the row
    of the seat to play is marked without growing, a seat's "not connected" becoming "connected" (its
    player plays from the phone) keeps the row's width, and the last move above the panel keeps its
    room whether its sentence is short ("Marie-Ève sort un pion") or takes two lines (a 5 moving
    another seat's marble). A table of its own: no seat was seen connected before."""
    people = ["Marie-Ève", "Jean-Sébastien", "Chloé", "Dave"]
    table = Table()
    table.new_game({"preset": "r1", "seed": 5, "seats": [{"name": name} for name in people]})
    tokens = {link["seat"]: link["token"] for link in table.seat_links()}
    with serving(table) as served, fresh_context(browser, size, locale="fr-FR") as context:
        page = context.new_page()
        page.goto(f"{served}/table?lang=fr")
        rows = page.locator("[data-bind=seats] li")
        expect(rows).to_have_count(4)
        expect(rows.first).to_contain_text("pas connecté")
        boxes = [page.evaluate(PLAYERS_PANEL)]
        log = page.locator("[data-bind=log] li:not(.muted)")
        for _ in range(10):
            _advance(table, tokens)
            expect(log).to_have_count(len(table.public_view()["log"]))  # the page drew this step
            boxes.append(page.evaluate(PLAYERS_PANEL))
        expect(rows.first).not_to_contain_text("pas connecté")
    table.close()
    moved = [(step, box) for step, box in enumerate(boxes) if box != boxes[0]]
    assert not moved, f"the panel was at {boxes[0]}, then (step, box): {moved}"
