"""The board's marbles and holes are named as the board shows them, never by their hole ids, in a real
browser: a marble's label (what a screen reader says when it has the keyboard focus) and a hole's
tooltip, in French and English, the seats by their names and "your" on a seat's own page. The pages
word holes in JavaScript (common.js, ``placeWords``), the engine in Python (``place_at``): the two
are held to each other here for every hole of the 4- and 6-seat boards."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from firmware_py.app.companion import Companion
from firmware_py.engine.board import BoardTopology
from firmware_py.engine.violations import place_at
from firmware_py.table.core import Table
from firmware_py.table.wording import of_name
from tests.web.browsing import LANDSCAPE_TABLET, PHONE, fresh_context, pair, serving

pytestmark = pytest.mark.browser

NAMES = dict(zip("ABCDEF", ("Ana", "Bruno", "Élodie", "Dave", "Inès", "Fanny"), strict=True))
"""Names for six seats, some of them elided in French ("d'Ana", "d'Élodie")."""

HOLE_ID = re.compile(r"\b[A-H][HR]?\d+\b|\bCIEL\b")

PLACES = sorted(set(BoardTopology(sections=4).place_ids) | set(BoardTopology(sections=6).place_ids))


def _named(words: str, lang: str) -> str:
    """The engine's words for a hole, its seat's letter replaced by the seat's name as the pages put
    it: "de A" becomes "d'Ana", "A's" becomes "Ana's"."""
    if lang == "fr":
        return re.sub(r"\bde ([A-F])$", lambda found: of_name(NAMES[found[1]]), words)
    return re.sub(r"\b([A-F])'s\b", lambda found: f"{NAMES[found[1]]}'s", words)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_pages_say_every_hole_as_the_engine_does(
    browser: Any, real_served: str, real_table: Table, lang: str
) -> None:
    with fresh_context(browser, PHONE) as context:
        page = context.new_page()
        page.goto(f"{real_served}/learn?lang={lang}")
        # the six seats named and the holes said in one go, before a live view brings the game's seats
        said = page.evaluate(
            "([seats, places]) => { Tock.follow({ seats }); return places.map(Tock.placeWords); }",
            [[{"seat": seat, "name": name} for seat, name in NAMES.items()], PLACES],
        )
    expected = [_named(place_at(place, lang), lang) for place in PLACES]
    assert dict(zip(PLACES, said, strict=True)) == dict(zip(PLACES, expected, strict=True))


ELODIE = {
    "fr": {
        "reserve": "la bille d'Élodie, dans la réserve d'Élodie",
        "start": "la bille d'Élodie, sur la case de départ d'Élodie",
        "cell 15": "sur la case 15 du côté d'Élodie",
    },
    "en": {
        "reserve": "Élodie's marble, in Élodie's reserve",
        "start": "Élodie's marble, on Élodie's start cell",
        "cell 15": "on cell 15 of Élodie's side",
    },
}
"""What the table page says of seat C's marble and holes."""


def _people_game(table: Table) -> None:
    """Four people at an r1 game, every marble in its reserve."""
    table.new_game({"preset": "r1", "seed": 3, "seats": [{"name": NAMES[seat]} for seat in "ABCD"]})


def _labels(page: Any) -> list[str]:
    return page.eval_on_selector_all(
        ".board-panel .marble", "(marbles) => marbles.map((m) => m.getAttribute('aria-label'))"
    )


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_seats_page_names_its_own_marbles_yours_and_the_others_by_their_seats(
    browser: Any, real_served: str, real_table: Table, lang: str
) -> None:
    _people_game(real_table)
    path = next(link["path"] for link in real_table.seat_links() if link["seat"] == "A")
    with fresh_context(browser, PHONE) as context:
        page = context.new_page()
        page.goto(f"{real_served}{path}?lang={lang}")
        if lang == "fr":
            mine, bruno = "votre bille, dans votre réserve", "la bille de Bruno, dans la réserve de Bruno"
        else:
            mine, bruno = "your marble, in your reserve", "Bruno's marble, in Bruno's reserve"
        expect(page.get_by_role("button", name=mine, exact=True)).to_have_count(4)
        expect(page.get_by_role("button", name=bruno, exact=True)).to_have_count(4)
        labels = _labels(page)
        assert len(labels) == 16 and not any(HOLE_ID.search(label) for label in labels), labels


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_table_page_moves_a_marble_by_keyboard_saying_where_it_is(
    browser: Any, companion: Companion, lang: str
) -> None:
    """Tab-reachable marbles and holes say where they are: a marble of Élodie's reserve is chosen with
    Enter, the hole focused next is said in words, and her start cell chosen with Enter takes it (on
    the board the simulated camera watches, which takes any marble moved)."""
    table = companion.table
    _people_game(table)
    for _ in range(4):  # the camera reads the new game's board
        companion.loop.step()
    words = ELODIE[lang]
    with serving(table) as served, fresh_context(browser, LANDSCAPE_TABLET) as context:
        pair(context, served, table)
        page = context.new_page()
        page.goto(f"{served}/table?lang={lang}")
        page.locator('.board-panel .marble[data-place="CR2"]').focus()
        assert page.evaluate("document.activeElement.getAttribute('aria-label')") == words["reserve"]
        page.keyboard.press("Enter")
        expect(page.locator('.board-panel .marble.selected[data-place="CR2"]')).to_have_count(1)
        page.keyboard.press("Tab")
        focused = page.locator(".board-panel .hole:focus")
        said = page.evaluate("(place) => Tock.placeWords(place)", focused.get_attribute("data-place"))
        assert not HOLE_ID.search(said), said
        expect(focused).to_have_accessible_name(said)
        page.locator('.board-panel .hole[data-place="C18"]').focus()
        page.keyboard.press("Enter")
        moved = page.locator('.board-panel .marble[data-place="C18"]')
        expect(moved).to_have_attribute("aria-label", words["start"])
        expect(page.locator('.board-panel .hole[data-place="C15"] > title')).to_have_text(words["cell 15"])
