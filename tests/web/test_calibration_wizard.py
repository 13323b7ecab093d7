"""The Camera tab's calibration wizard in a real browser, over the companion with the simulated camera:
each step in turn, the failure of a step in words, and the test reading."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from playwright.sync_api import expect

from firmware_py.app.companion import Companion
from tests.web.browsing import PHONE, pair, serving


@pytest.fixture()
def page(browser: Any, companion: Companion) -> Iterator[Any]:
    context = browser.new_context(locale="en-GB", viewport=PHONE)
    errors: list[str] = []
    context.on("weberror", lambda error: errors.append(str(error.error)))
    with serving(companion.table) as url:
        pair(context, url, companion.table)  # calibration is the table's
        page = context.new_page()
        page.goto(url + "/calibration?lang=en")
        yield page
    context.close()
    assert not errors, f"script errors in the page: {errors}"


def test_the_wizard_walks_through_the_three_steps(page: Any) -> None:
    expect(page.locator(".camera-image")).to_be_visible()
    markers = page.locator('[data-step="markers"]')
    expect(markers).to_have_attribute("data-state", "current")
    page.click('[data-calibrate="markers"]')
    expect(page.locator('[data-result="markers"]')).to_have_text("Board found (4 markers of 4).")
    expect(markers).to_have_attribute("data-state", "done")
    colours = page.locator('[data-step="colours"]')
    expect(colours).to_have_attribute("data-state", "current")
    page.click('[data-calibrate="colours"]')
    expect(page.locator('[data-result="colours"]')).to_have_text("Colours learnt: the camera is calibrated.")
    page.click('[data-calibrate="test"]')
    expect(page.locator('[data-result="test"]')).to_have_text("The board reads exactly as in the game.")
    expect(page.locator('[data-step="test"]')).to_have_attribute("data-state", "done")
    expect(page.locator(".wizard-reading li")).to_have_count(16)  # every marble in its reserve
    # the hole as the board shows it, and whose marble: English sets no space before the colon
    expect(page.locator(".wizard-reading")).to_contain_text("In Player A's reserve: Player A")


def test_a_failed_step_says_what_is_wrong(page: Any, companion: Companion) -> None:
    """The lens covered: the step fails with the reason in words, not a blame on the marbles."""

    def cover(camera: Any) -> None:
        camera.capture = lambda: np.zeros((720, 960, 3), np.uint8)

    companion.loop.use_camera(cover)
    companion.loop.step()
    page.click('[data-calibrate="markers"]')
    result = page.locator('[data-result="markers"]')
    expect(result).to_contain_text("too dark")
    expect(page.locator('[data-step="markers"]')).to_have_attribute("data-state", "failed")
    expect(page.locator('[data-step="markers"]')).to_have_attribute("data-problem", "dark")
    expect(page.locator('[data-step="colours"]')).to_have_attribute("data-state", "waiting")
