"""A newcomer's second walkthrough (issue 23), each point in a real browser (Debian's Chromium) at the
sizes a table has: the tablet beside the board (1280x800), the players' phones (390x844) and a
spectator's phone, in French and English where words are involved."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.browsing import PHONE, serving
from tests.web.scripted_table import ScriptedTable

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def table() -> ScriptedTable:
    return ScriptedTable()


@pytest.fixture(scope="module")
def served(table: ScriptedTable) -> Iterator[str]:
    with serving(table) as url:
        yield url


def _links(table: Any) -> dict[str, str]:
    return {link["seat"]: link["path"] for link in table.seat_links()}


def _phone(context: Any, served: str, path: str, lang: str = "fr") -> Any:
    page = context.new_page()
    page.set_viewport_size(PHONE)
    page.goto(f"{served}{path}?lang={lang}")
    return page


def _box(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not on the screen"
    return box  # type: ignore[no-any-return]


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


# point 2: a move is seen on the board before it is played
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_move_tapped_on_the_phone_is_shown_on_the_board_and_played_only_once_confirmed(
    context: Any, served: str, table: ScriptedTable, lang: str
) -> None:
    table.new_game({})
    seat_a = _phone(context, served, _links(table)["A"], lang)
    seat_a.click('.card[data-card="10S"]')
    far = seat_a.locator('button.move[data-move="10S:AR2-A10"]')
    far.click()
    # the move is shown (a dashed arrow to its hole, the marble drawn there faintly), not played
    seat_a.wait_for_selector('.board-panel .preview-arrow[data-from="AR2"][data-to="A10"]')
    assert seat_a.locator('.board-panel .ghost[data-place="A10"]').count() == 1
    assert seat_a.locator('.board-panel .hole.lit[data-place="A10"]').count() == 1
    assert seat_a.locator('.board-panel .hole.lit[data-place="A18"]').count() == 0
    expect(far).to_have_attribute("aria-pressed", "true")
    bar = seat_a.locator("[data-bind=confirm]")
    expect(bar).to_be_visible()
    expect(bar).to_contain_text("AR2")
    expect(bar).to_contain_text("Ce coup" if lang == "fr" else "This move")
    assert table.layout.get("AR2") == "A" and "A10" not in table.layout
    # the board and the bar are both on the screen, the bar never over the board
    board = _box(seat_a, ".board-panel svg.board")
    assert board["y"] >= 0 and board["y"] + board["height"] <= _box(seat_a, "[data-bind=confirm]")["y"]
    # another move is pointed at: the preview follows
    seat_a.locator("[data-action=cancel-move]").click()
    expect(bar).to_be_hidden()
    seat_a.click('button.move[data-move="10S:AR1-A18"]')
    seat_a.wait_for_selector('.board-panel .preview-arrow[data-from="AR1"][data-to="A18"]')
    assert seat_a.locator(".board-panel .preview-arrow").count() == 1
    seat_a.click("[data-action=confirm-move]")
    seat_a.wait_for_selector('.board-panel .marble[data-place="A18"][data-seat="A"]')
    assert table.layout.get("A18") == "A"
    expect(bar).to_be_hidden()
    assert seat_a.locator(".board-panel .preview-arrow").count() == 0


def test_a_lit_hole_tapped_on_the_zoomed_board_shows_the_move_that_ends_there(
    context: Any, served: str, table: ScriptedTable
) -> None:
    table.new_game({})
    seat_a = _phone(context, served, _links(table)["A"], "en")
    seat_a.click('.card[data-card="10S"]')
    seat_a.wait_for_selector('button.move[data-move="10S:AR2-A10"]')
    seat_a.click("[data-action=zoom]")
    hole = seat_a.locator('.board-panel .hole[data-place="A10"]')
    hole.scroll_into_view_if_needed()
    hole.click()
    seat_a.wait_for_selector('.board-panel .preview-arrow[data-from="AR2"][data-to="A10"]')
    expect(seat_a.locator('button.move[data-move="10S:AR2-A10"]')).to_have_attribute("aria-pressed", "true")
    assert "A10" not in table.layout
    seat_a.click("[data-action=confirm-move]")
    seat_a.wait_for_selector('.board-panel .marble[data-place="A10"][data-seat="A"]')


def test_a_card_with_one_move_shows_it_at_once_and_one_tap_plays_it(
    context: Any, served: str, table: ScriptedTable
) -> None:
    table.new_game({})
    seat_a = _phone(context, served, _links(table)["A"])
    seat_a.click('.card[data-card="AS"]')
    seat_a.wait_for_selector('.board-panel .preview-arrow[data-from="AR1"][data-to="A18"]')
    assert "A18" not in table.layout
    seat_a.click("[data-action=confirm-move]")
    seat_a.wait_for_selector('.board-panel .marble[data-place="A18"][data-seat="A"]')


# point 8: the put-back picture is large and marks the hole in no seat's colour
def test_the_put_back_picture_fills_the_phone_and_rings_the_hole_in_white(
    context: Any, served: str, table: ScriptedTable
) -> None:
    table.new_game({})
    seat_a = _phone(context, served, _links(table)["A"], "en")
    table.announce(
        problem={
            "fr": "Coup interdit.",
            "en": "Illegal move.",
            "places": ["A5", "AR1"],
            "violations": [],
            "wrong": ["A5"],
            "put_back": {"AR1": "A"},
        }
    )
    panel = seat_a.locator(".problem-panel")
    expect(panel).to_contain_text("ringed in white")
    picture = _box(seat_a, ".problem-panel .mini-board")
    assert picture["width"] >= 0.85 * PHONE["width"], picture
    hole = seat_a.locator('.mini-board .hole.back[data-place="AR1"]')
    stroke = hole.evaluate("(node) => getComputedStyle(node).stroke")
    assert stroke == "rgb(255, 255, 255)"
    seat_colours = seat_a.evaluate("Tock.page.view.seats.map((s) => s.colour.toLowerCase())")
    assert "#ffffff" not in seat_colours
    table.announce(problem=None)


# point 9: a toast on a phone never covers the board
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_on_a_phone_the_toast_lies_over_the_top_bar_not_the_board(
    context: Any, served: str, table: ScriptedTable, lang: str
) -> None:
    table.new_game({})
    seat_a = _phone(context, served, _links(table)["A"], lang)
    seat_a.click('.card[data-card="AS"]')
    seat_a.wait_for_selector('.board-panel .preview-arrow[data-to="A18"]')
    seat_a.click("[data-action=confirm-move]")
    toast = seat_a.locator("#toast")
    expect(toast).to_be_visible()
    expect(toast).to_contain_text("Coup joué" if lang == "fr" else "Move played")
    # scrolled so that the board's top edge meets the top bar: the toast still covers none of it
    seat_a.evaluate("document.querySelector('.board-panel').scrollIntoView({block: 'start'})")
    board = _box(seat_a, ".board-panel svg.board")
    assert not _overlap(_box(seat_a, "#toast"), board)
    assert (
        _box(seat_a, "#toast")["y"] + _box(seat_a, "#toast")["height"]
        <= _box(seat_a, ".topbar")["height"] + 1
    )
    expect(toast).to_be_hidden(timeout=5000)


# point 10: the zoomed board opens on the seat's own marbles, every hole 44 px to tap, and says how back
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_zoomed_board_opens_on_the_seats_marbles_with_44_px_holes(
    context: Any, served: str, table: ScriptedTable, lang: str
) -> None:
    from pathlib import Path

    reach = (Path(__file__).parent / "hole_reach.js").read_text()
    table.new_game({})
    seat_b = _phone(context, served, _links(table)["B"], lang)
    assert seat_b.evaluate(reach, ".board-panel") < 44, "unzoomed, the phone's holes are small"
    zoom = seat_b.locator("[data-action=zoom]")
    expect(zoom).to_have_text("Agrandir le plateau" if lang == "fr" else "Zoom the board")
    zoom.click()
    expect(zoom).to_have_text("Voir tout le plateau" if lang == "fr" else "See the whole board")
    assert seat_b.evaluate(reach, ".board-panel") >= 44
    frame = _box(seat_b, ".board-scroll")
    for index in range(4):
        marble = _box(seat_b, f'.board-panel .marble[data-seat="B"] >> nth={index}')
        assert frame["x"] <= marble["x"] and marble["x"] + marble["width"] <= frame["x"] + frame["width"]
        assert frame["y"] <= marble["y"] and marble["y"] + marble["height"] <= frame["y"] + frame["height"]
    zoom.click()
    expect(zoom).to_have_text("Agrandir le plateau" if lang == "fr" else "Zoom the board")
