"""Every page holds still and comes light (issue 23, point 17), in a real browser (Debian's Chromium)
over the companion's own table: the layout shift while a page loads stays under 0.1, a page with its
styles and scripts weighs under 100 KB on the wire, and on a phone every touch target is at least
44 px across.

Each page is opened in a fresh browser context (nothing cached), as a newcomer's phone opens it. The
figures are printed (``-s``) for the record."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from firmware_py.table.core import Table
from tests.web.browsing import LANDSCAPE_TABLET, PHONE, fresh_context

pytestmark = pytest.mark.browser

TARGETS = (Path(__file__).parent / "targets.js").read_text()

LAYOUT_SHIFT = """() => new Promise((done) => {
  let shift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) shift += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => done(shift))));
})"""
"""The page's cumulative layout shift so far: Chromium hands a new observer the shifts of the load
(``buffered``) in its first callback, which runs before the frames waited for here end."""

WIRE_BYTES = """() => performance.getEntriesByType("navigation")
  .concat(performance.getEntriesByType("resource"))
  .reduce((sum, entry) => sum + entry.transferSize, 0)"""
"""The bytes the page and everything it loaded took on the wire (headers included)."""


@pytest.fixture(scope="module")
def pages(real_table: Table) -> Iterator[dict[str, str]]:
    """The addresses of every page: a finished all-computer game to replay, then a game of two people
    and two computers in progress (its seats' pages)."""
    real_table.new_game({"preset": "r1", "seed": 9, "seats": [{"computer": True}] * 4})
    finished = real_table.public_view()["game_id"]
    assert real_table.public_view()["winner"]
    real_table.new_game(
        {
            "preset": "r1x",
            "seed": 3,
            "seats": [{"name": "Alice"}, {"name": "Bob"}, {"computer": True}, {"computer": True}],
        }
    )
    seat = next(link["path"] for link in real_table.seat_links() if link["seat"] == "A")
    yield {
        "table": "/table",
        "setup": "/setup",
        "learn": "/learn",
        "calibration": "/calibration",
        "replay": f"/replay/{finished}",
        "seat": seat,
        "seat learn": seat.replace("/seat/", "/learn/"),
    }


@contextmanager
def _opened(
    browser: Any, served: str, table: Table, path: str, size: dict[str, int], lang: str, paired: bool
) -> Iterator[Any]:
    """The page at ``path`` in a fresh context (the table's key held when ``paired``), once loaded, after
    checking that it held still while loading and weighed under 100 KB on the wire."""
    with fresh_context(browser, size, locale=lang) as context:
        if paired:
            context.add_cookies([{"name": "tock_table", "value": table.table_key(), "url": served}])
        page = context.new_page()
        page.goto(f"{served}{path}?lang={lang}")
        page.wait_for_load_state("load")
        shift = page.evaluate(LAYOUT_SHIFT)
        wire = page.evaluate(WIRE_BYTES)
        print(
            f"{size['width']}x{size['height']} {path.split('?')[0][:14]} {lang}: "
            f"layout shift {shift:.3f}, {wire / 1000:.1f} KB"
        )
        assert shift < 0.1, f"{path} shifts by {shift:.3f} while it loads"
        assert 0 < wire < 100_000, f"{path} takes {wire} bytes on the wire"
        yield page


TABLE_PAGES = ("table", "setup", "learn", "calibration", "replay")
PHONE_PAGES = ("seat", "seat learn", "table", "learn", "replay")


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("name", TABLE_PAGES)
def test_each_page_of_the_table_holds_still_and_weighs_under_100_kb(
    browser: Any, real_served: str, real_table: Table, pages: dict[str, str], name: str, lang: str
) -> None:
    with _opened(browser, real_served, real_table, pages[name], LANDSCAPE_TABLET, lang, paired=True):
        pass


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("name", PHONE_PAGES)
def test_each_page_of_a_phone_holds_still_weighs_under_100_kb_and_has_44_px_targets(
    browser: Any, real_served: str, real_table: Table, pages: dict[str, str], name: str, lang: str
) -> None:
    """The seat's pages on a player's phone; the table, Learn and the replay on a spectator's."""
    with _opened(browser, real_served, real_table, pages[name], PHONE, lang, paired=False) as page:
        for fold in page.locator("details:not([open]) > summary").all():
            if fold.is_visible():
                fold.click()  # what a fold holds is tapped too
        assert page.evaluate(TARGETS, 44) == []
