"""French and English typography on the pages (issue 23, point 14), in a real browser: French elides
"de" before a name that starts with a vowel ("d'Alice", never "de Alice"); English sets no space before
':', ';', '!' or '?' (French does), in the pages' words, their toasts and the camera's test reading."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from firmware_py.app.companion import Companion
from firmware_py.table.core import Table
from tests.web.browsing import LANDSCAPE_TABLET, PHONE, fresh_context, pair, serving

pytestmark = pytest.mark.browser

NAMES = ("Alice", "Bruno", "Chloé", "Eve")
UNELIDED = re.compile(r"\bde [AEIOUYÉÈaeiouyéè]")
"""French "de" before a word starting with a vowel (the names here), which French elides."""
FRENCH_SPACING = re.compile(r"[ \u00a0\u202f][:;!?](?=\s|$)")
"""A space before a colon, semicolon, exclamation or question mark: French typography, not English."""

TOASTS = """
window.__toasts = [];
new MutationObserver(() => {
  const toast = document.getElementById("toast");
  if (toast && toast.textContent) window.__toasts.push(toast.textContent);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""
"""Every text a page's toast shows, kept for the test to read after it is gone."""


def _toasts(page: Any, at_least: int) -> list[str]:
    """The toasts ``page`` showed, once there are ``at_least`` (the page's security policy forbids
    Playwright's evaluated waits, so it is asked again until then)."""
    for _ in range(400):
        shown: list[str] = page.evaluate("window.__toasts")
        if len(shown) >= at_least:
            return shown
        page.wait_for_timeout(25)
    raise AssertionError(f"fewer than {at_least} toasts: {shown}")


def _game(table: Table) -> dict[str, str]:
    table.new_game({"preset": "r1", "seed": 3, "seats": [{"name": name} for name in NAMES]})
    return dict(zip("ABCD", NAMES, strict=True))


def _everything_said(browser: Any, served: str, table: Table, lang: str) -> tuple[list[str], dict[str, Any]]:
    """The words of the table, set-up, Learn and replay pages on the tablet, and of every seat's phone,
    with every toast they showed: a marble of a seat not to play moved on the table (refused), a
    marble taken from an empty hole, and a move played on the phone of the seat to play."""
    said: list[str] = []
    turn = table.public_view()["turn"]
    other = next(seat for seat in "ABCD" if seat != turn)
    with fresh_context(browser, LANDSCAPE_TABLET) as context:
        context.add_init_script(TOASTS)
        pair(context, served, table)
        page = context.new_page()
        page.goto(f"{served}/table?lang={lang}")
        page.locator(f'.board-panel .hole[data-place="{other}R1"]').click()
        page.locator(f'.board-panel .hole[data-place="{other}18"]').click()
        expect(page.locator("#toast")).to_be_visible()
        page.evaluate("Tock.api('POST', '/api/marble', {from: 'A15', to: 'A16'}).catch(() => {})")
        said += _toasts(page, 2) + [page.inner_text("body")]
        for path in ("/setup", "/learn", "/replay"):
            other_page = context.new_page()
            other_page.goto(f"{served}{path}?lang={lang}")
            said.append(other_page.inner_text("body"))
            other_page.close()
    phones: dict[str, Any] = {}
    with fresh_context(browser, PHONE) as context:
        context.add_init_script(TOASTS)
        for link in table.seat_links():
            phone = context.new_page()
            phone.goto(f"{served}{link['path']}?lang={lang}")
            expect(phone.locator("[data-bind=turn]")).not_to_be_empty()
            phones[link["seat"]] = phone.locator("[data-bind=turn]").inner_text()
            if link["seat"] == turn:
                card, moves = next(iter(table.seat_view(link["token"])["playable"].items()))
                phone.click(f'.hand .card[data-card="{card}"]')
                if len(moves) > 1:
                    phone.click(f'button.move[data-move="{moves[0]["move"]}"]')
                phone.click("[data-action=confirm-move]")
                said += _toasts(phone, 1)
            said.append(phone.inner_text("body"))
            phone.close()
    return said, phones


def test_french_pages_elide_de_before_a_name_that_starts_with_a_vowel(
    browser: Any, real_served: str, real_table: Table
) -> None:
    names = _game(real_table)
    turn = real_table.public_view()["turn"]
    assert names[turn][0] in "AEIOU", "the seat to play has a name that starts with a vowel"
    said, phones = _everything_said(browser, real_served, real_table, "fr")
    waiting = next(text for seat, text in phones.items() if seat != turn)
    assert waiting == f"En attente d'{names[turn]}"
    text = "\n".join(said)
    assert f"réserve d'{names['A']}" in text or f"au tour d'{names[turn]}" in text, text
    assert not UNELIDED.search(text), UNELIDED.search(text)


def test_english_pages_and_toasts_set_no_space_before_a_colon_or_a_mark(
    browser: Any, real_served: str, real_table: Table
) -> None:
    _game(real_table)
    said, _ = _everything_said(browser, real_served, real_table, "en")
    text = "\n".join(said)
    assert "Move played: " in text  # the toasts were read
    found = FRENCH_SPACING.search(text)
    assert found is None, text[max(0, found.start() - 80) : found.end() + 20]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_cameras_test_reading_lists_each_hole_with_the_pages_colon(
    browser: Any, companion: Companion, lang: str
) -> None:
    table = companion.table
    for _ in range(4):  # the camera reads the game's board
        companion.loop.step()
    with serving(table) as served, fresh_context(browser, LANDSCAPE_TABLET) as context:
        pair(context, served, table)
        page = context.new_page()
        page.goto(f"{served}/calibration?lang={lang}")
        for step in ("markers", "colours", "test"):
            page.click(f"[data-calibrate={step}]")
            expect(page.locator(f'[data-step="{step}"]')).to_have_attribute("data-state", "done")
        lines = page.locator("[data-bind=reading] li")
        expect(lines.first).to_be_visible()
        colon = " : " if lang == "fr" else ": "
        for line in lines.all_inner_texts():
            # where the marble is, as the board shows it, then whose it is: each in its own reserve
            place, _, seat = line.partition(colon)
            in_reserve = f"Dans la réserve de {seat}" if lang == "fr" else f"In {seat}'s reserve"
            assert re.fullmatch(r"(Joueur|Player) [A-D]", seat) and place == in_reserve, line
