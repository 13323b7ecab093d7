"""The zoomed board on a phone (390x844) shows the lit holes whole, on the screen and at least 44 px
across (issue 23, points 3 and 10): a lit hole at the board's edge, two lit holes at opposite edges,
and the hole of a move pointed at once the confirmation bar covers the foot of the screen."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from firmware_py.table.core import Table
from tests.web.browsing import PHONE, seat_paths, serving
from tests.web.scripted_table import ScriptedTable

pytestmark = pytest.mark.browser

LEAST = 44
"""The least width, in px, of a hole to tap on a phone."""


@pytest.fixture()
def served(table: ScriptedTable) -> Iterator[str]:
    """The scripted table of ``conftest.py`` served to the browser."""
    with serving(table) as url:
        yield url


def _box(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not on the screen"
    return box  # type: ignore[no-any-return]


def _whole_in_sight(page: Any, place: str) -> bool:
    """Whether the hole ``place`` is drawn whole inside the board's frame, below the top bar and
    above the confirmation bar (when it shows), at least :data:`LEAST` px across."""
    hole = _box(page, f'.board-panel .hole[data-place="{place}"]')
    frame = page.locator(".board-scroll").evaluate(
        "(f) => { const r = f.getBoundingClientRect(); return {x: r.left + f.clientLeft,"
        " y: r.top + f.clientTop, width: f.clientWidth, height: f.clientHeight}; }"
    )
    bottom = PHONE["height"]
    if page.locator("[data-bind=confirm]").is_visible():
        bottom = min(bottom, _box(page, "[data-bind=confirm]")["y"])
    top = _box(page, ".topbar")["height"]
    return (
        hole["width"] >= LEAST
        and frame["x"] <= hole["x"]
        and hole["x"] + hole["width"] <= frame["x"] + frame["width"]
        and max(frame["y"], top) <= hole["y"]
        and hole["y"] + hole["height"] <= min(frame["y"] + frame["height"], bottom)
    )


def _seat_a(context: Any, served: str, table: ScriptedTable) -> Any:
    table.new_game({})
    page = context.new_page()
    page.set_viewport_size(PHONE)
    page.goto(f"{served}{seat_paths(table)['A']}?lang=en")
    return page


def test_a_lit_hole_at_the_boards_edge_is_whole_and_on_the_screen_once_zoomed(
    context: Any, served: str, table: ScriptedTable
) -> None:
    page = _seat_a(context, served, table)
    page.click('.card[data-card="AS"]')  # one move: out onto the start cell, by the board's edge
    page.wait_for_selector('.board-panel .hole.lit[data-place="A18"]')
    page.click("[data-action=zoom]")
    assert _whole_in_sight(page, "A18")


def test_a_card_tapped_before_zooming_shows_its_lit_holes_whole_and_the_one_pointed_at_after(
    context: Any, served: str, table: ScriptedTable
) -> None:
    page = _seat_a(context, served, table)
    page.click('.card[data-card="10S"]')  # two moves, to holes at opposite edges of the frame
    page.wait_for_selector('button.move[data-move="10S:AR2-A10"]')
    page.click("[data-action=zoom]")
    lit = page.locator(".board-panel .hole.lit").evaluate_all("(hs) => hs.map((h) => h.dataset.place)")
    whole = [place for place in lit if _whole_in_sight(page, place)]
    assert whole, f"none of the lit holes {lit} is whole on the screen"
    # every lit hole the frame shows at all is whole: none cut at its edge
    for place in lit:
        hole = _box(page, f'.board-panel .hole[data-place="{place}"]')
        frame = _box(page, ".board-scroll")
        inside = hole["x"] + hole["width"] > frame["x"] and hole["x"] < frame["x"] + frame["width"]
        assert not inside or place in whole, f"{place} is cut at the frame's edge"
    # the move to the other hole pointed at: the board shows that hole, above the confirmation bar
    other = "A10" if "A10" not in whole else "A18"
    page.click(f'button.move[data-move="{"10S:AR2-A10" if other == "A10" else "10S:AR1-A18"}"]')
    expect(page.locator("[data-bind=confirm]")).to_be_visible()
    assert _whole_in_sight(page, other)


def test_on_the_real_board_a_lit_hole_is_drawn_44_px_once_zoomed(browser: Any) -> None:
    table = Table()
    try:
        table.new_game(
            {"preset": "r1", "seed": 3, "seats": [{"name": name} for name in ("Ana", "Bo", "Cy", "Di")]}
        )
        turn = table.public_view()["turn"]
        link = next(link for link in table.seat_links() if link["seat"] == turn)
        card, moves = next(iter(table.seat_view(link["token"])["playable"].items()))
        with serving(table) as served:
            context = browser.new_context(viewport=PHONE)
            try:
                page = context.new_page()
                page.goto(f"{served}{link['path']}?lang=fr")
                page.click(f'.card[data-card="{card}"]')
                destination = moves[0]["to"][0] if isinstance(moves[0]["to"], list) else moves[0]["to"]
                page.wait_for_selector(f'.board-panel .hole.lit[data-place="{destination}"]')
                page.click("[data-action=zoom]")
                assert _whole_in_sight(page, destination)
            finally:
                context.close()
    finally:
        table.close()
