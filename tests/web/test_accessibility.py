"""Sight and touch, measured in a real browser: every visible text of every page at least 4.5:1 against
what is behind it, and the board's holes big enough to tap (24 px) on a phone and a tablet; the marbles
reachable by keyboard and movable by dragging as well as by two taps."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from firmware_py.table.core import Table
from tests.web.browsing import SIZES, pair, serving
from tests.web.scripted_table import ScriptedTable

pytestmark = pytest.mark.browser

MEASURE = (Path(__file__).parent / "a11y.js").read_text(encoding="utf-8")
SMALLEST_TARGET_PX = 24.0
LEAST_CONTRAST = 4.5


def _pages(table: Table) -> dict[str, str]:
    token = next(link["token"] for link in table.seat_links() if link["seat"] == "A")
    return {
        "table": "/table",
        "seat": f"/seat/{token}",
        "setup": "/setup",
        "learn": "/learn",
        "learn-seat": f"/learn/{token}",
        "calibration": "/calibration",
        "replay": "/replay",
    }


@pytest.mark.parametrize("size_name", ["phone", "tablet"])
def test_every_text_is_readable_and_every_hole_big_enough_to_tap(
    context: Any, real_served: str, real_table: Table, size_name: str
) -> None:
    real_table.new_game({"preset": "r1", "seed": 5})
    pair(context, real_served, real_table)  # the table's own pages (set-up, calibration) are measured too
    page = context.new_page()
    page.set_viewport_size(SIZES[size_name])
    low: list[str] = []
    small: list[str] = []
    figures: list[str] = []
    for name, path in _pages(real_table).items():
        page.goto(real_served + path)
        page.wait_for_load_state("load")
        # every banner and the toast shown, with a sentence, so that their colours are measured too
        page.evaluate(
            "document.querySelectorAll('.banner, #toast').forEach((b) => {"
            " b.hidden = false; b.textContent = b.textContent || 'Le plateau ne correspond pas'; })"
        )
        found = page.evaluate(MEASURE)
        assert found["texts"], f"{name}: no text measured"
        low += [
            f"{name}: {t['ratio']}:1 {t['tag']}.{t['cls']} {t['text']!r}"
            for t in found["texts"]
            if t["ratio"] < LEAST_CONTRAST
        ]
        if found["holes"]:
            zoom = page.locator("[data-action=zoom]")
            if found["smallestTarget"] < SMALLEST_TARGET_PX and zoom.count():
                zoom.first.click()
                found = page.evaluate(MEASURE)
            figures.append(f"{name} {found['smallestTarget']:.1f} px")
            if found["smallestTarget"] < SMALLEST_TARGET_PX:
                small.append(f"{name}: a hole's tap target is {found['smallestTarget']:.1f} px")
    print(f"smallest hole targets at {size_name} size:", ", ".join(figures))
    assert not low, "texts under 4.5:1:\n" + "\n".join(low)
    assert not small, "\n".join(small)


def _centre(page: Any, place: str) -> tuple[float, float]:
    box = page.locator(f'.board-panel .hole[data-place="{place}"]').bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_marble_is_moved_by_keyboard_and_by_dragging(context: Any) -> None:
    """On the simulated board of the table page: Tab to a marble, Enter, Tab on to a hole, Enter; then
    a drag (the scripted table takes any marble's move, as the simulated board does)."""
    table = ScriptedTable()
    with serving(table) as real_served:
        _move_by_keyboard_and_drag(context, real_served, table)


def _move_by_keyboard_and_drag(context: Any, real_served: str, table: ScriptedTable) -> None:
    pair(context, real_served, table)
    page = context.new_page()
    page.set_viewport_size(SIZES["tablet"])
    page.goto(real_served + "/table")
    page.locator('.board-panel .marble[data-place="CR2"]').focus()
    assert page.evaluate("document.activeElement.dataset.place") == "CR2", "a marble takes the keyboard focus"
    page.keyboard.press("Enter")
    expect(page.locator('.marble.selected[data-place="CR2"]')).to_have_count(1)
    expect(page.locator('.board-panel .hole[data-place="C18"]')).to_have_attribute("tabindex", "0")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('hole')"), "Tab goes on to the holes"
    page.locator('.board-panel .hole[data-place="C18"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator('.board-panel .marble[data-place="C18"][data-seat="C"]')).to_have_count(1)
    assert table.public_view()["layout"].get("C18") == "C"
    x, y = _centre(page, "CR3")
    page.mouse.move(x, y)
    page.mouse.down()
    x, y = _centre(page, "C5")
    page.mouse.move(x, y, steps=5)
    page.mouse.up()
    expect(page.locator('.board-panel .marble[data-place="C5"][data-seat="C"]')).to_have_count(1)
    assert table.public_view()["layout"].get("C5") == "C"
