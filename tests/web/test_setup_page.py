"""The set-up page a family can use, in a real browser: rule sheets by name, house rules as sentences
that follow their value, advanced ones folded, and "Start" leading to the table and its QR codes."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from firmware_py.engine import PRESETS
from firmware_py.house_rules import switches_of
from firmware_py.table.core import Table
from tests.web.browsing import pair

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("lang", "sheet", "sentence_on", "sentence_off", "start"),
    [
        ("fr", "Jeu du Tock, 1re règle", "Le 10 peut échanger", "Le 10 avance de 10", "Commencer la partie"),
        ("en", "Jeu du Tock, first rule", "The 10 may swap", "The 10 moves forward 10", "Start the game"),
    ],
)
def test_the_set_up_page_speaks_to_a_family_and_start_leads_to_the_table(
    context: Any,
    real_served: str,
    real_table: Table,
    lang: str,
    sheet: str,
    sentence_on: str,
    sentence_off: str,
    start: str,
) -> None:
    real_table.new_game({})
    pair(context, real_served, real_table)
    page = context.new_page()
    page.goto(f"{real_served}/setup?lang={lang}")
    options = page.locator("#preset option")
    expect(options).to_have_count(len(PRESETS))
    expect(options.first).to_have_text(sheet)
    assert page.locator("[data-bind=preset-text]").inner_text().strip(), "one line on who plays the sheet"
    text = page.locator("form[data-form=setup]").inner_text()
    for internal in ("king_sweep", "five_then_fours", "two_teams", ".txt", "r1 · R1"):
        assert internal not in text, f"the page shows the internal name {internal!r}"
    for name in (n for n in switches_of(PRESETS["r1"]) if "_" in n):
        assert name not in text, f"the page shows the switch name {name!r}"
    advanced = page.locator('details.switch-group[data-group="advanced"]')
    expect(advanced).to_have_count(1)
    assert advanced.get_attribute("open") is None, "advanced rules are folded away"
    expect(page.locator('fieldset.switch-group[data-group="powers"]')).to_be_visible()
    sentence = page.locator('[data-sentence-of="ten_swaps"]')
    expect(sentence).to_contain_text(sentence_off)
    page.check("#switch-ten_swaps")
    expect(sentence).to_contain_text(sentence_on)
    page.fill('input[name="name-A"]', "Ana")
    page.uncheck('input[name="camera"]')
    with page.expect_navigation():
        page.get_by_role("button", name=start).click()
    assert page.url.endswith("/table")
    expect(page.locator(".links svg.qr")).to_have_count(1)
    expect(page.locator(".links svg.qr").first).to_be_visible()
    assert real_table.public_view()["switches"]["ten_swaps"] is True
