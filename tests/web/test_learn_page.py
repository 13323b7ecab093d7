"""The Learn page that teaches, in a real browser: each card's power with its example drawn on a small
board, "why not?" by tapping a card and two holes, and the guided first game from a seat's page."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from firmware_py.table.core import Table
from tests.web.browsing import photograph

pytestmark = pytest.mark.browser


def _marbles(svg: Any) -> dict[str, str]:
    return dict(svg.locator(".marble").evaluate_all("ms => ms.map((m) => [m.dataset.place, m.dataset.seat])"))


def test_each_card_is_taught_with_an_example_on_a_small_board(
    context: Any, real_served: str, real_table: Table, artifacts: Path
) -> None:
    real_table.new_game({"preset": "r1", "seed": 5})
    page = context.new_page()
    page.goto(f"{real_served}/learn?lang=en")
    five = page.locator('.lesson[data-lesson="5"]')
    expect(five).to_contain_text("The 5 moves an opponent's marble 5")
    expect(five).to_contain_text("For example: Ana plays the 5 of hearts: moves Bruno's marble forward 5")
    small = five.locator("svg.lesson-board")
    assert _marbles(small) == {**_reserves(), "A3": "A", "B9": "B"}
    expect(small.locator(".last-arrow")).to_have_count(1)
    five.get_by_role("button", name="Before").click()
    assert _marbles(small) == {**_reserves(), "A3": "A", "B4": "B"}
    expect(small.locator('.hole.lit[data-place="B9"]')).to_have_count(1)
    expect(page.locator('.lesson[data-lesson="J"]')).to_contain_text("The Jack swaps")
    expect(page.locator(".board-lessons")).to_contain_text("To win: bring your 4 marbles home")
    expect(page.locator(".board-lessons")).to_contain_text("Shortcut:")
    photograph(page, artifacts, "web-learn-lessons")


def _reserves() -> dict[str, str]:
    """The scenes' reserves: A and B have one marble out, C and D none."""
    places = {f"{seat}R{n}": seat for seat in "CD" for n in range(1, 5)}
    places.update({f"{seat}R{n}": seat for seat in "AB" for n in range(1, 4)})
    return places


def _guided(
    context: Any, served: str, table: Table, game: dict[str, Any], query: str = ""
) -> tuple[Any, str, Any]:
    """Seat A's Learn page in a new ``game`` where A plays first, the guided game on: the page, A's
    token and the one suggestion button."""
    table.new_game(game)
    assert table.public_view()["turn"] == "A"
    token = next(link["token"] for link in table.seat_links() if link["seat"] == "A")
    page = context.new_page()
    page.goto(f"{served}/learn/{token}{query}")
    page.check("[data-action=guided]")
    suggestion = page.locator("[data-bind=suggestion] button.move")
    expect(suggestion).to_have_count(1)
    return page, token, suggestion


def test_why_not_by_tapping_a_card_and_two_holes(context: Any, real_served: str, real_table: Table) -> None:
    real_table.new_game({"preset": "r1", "seed": 5})
    page = context.new_page()
    page.goto(f"{real_served}/learn")
    page.locator('.board-panel .hole[data-place="AR1"]').click(force=True)
    expect(page.locator("[data-bind=why-step]")).to_have_text("Choisissez d'abord une carte.")
    page.click('[data-pick="K"]')
    page.locator('.board-panel .hole[data-place="AR1"]').click(force=True)
    page.locator('.board-panel .hole[data-place="A18"]').click(force=True)
    expect(page.locator(".explanation")).to_have_text("Ce coup est permis.")
    page.click('[data-pick="7"]')
    page.locator('.board-panel .hole[data-place="AR2"]').click(force=True)
    page.locator('.board-panel .hole[data-place="A7"]').click(force=True)
    expect(page.locator(".explanation .bad")).to_have_text("Ce coup n'est pas permis :")
    expect(page.locator(".explanation .reasons li").first).not_to_be_empty()
    assert "null" not in page.locator(".explanation").inner_text()


def test_a_guided_first_game_suggests_a_move_the_newcomer_plays(
    context: Any, real_served: str, real_table: Table, artifacts: Path
) -> None:
    """Seat A is the one person; on its turn the guided game suggests a move, and a tap plays it."""
    page, token, suggestion = _guided(context, real_served, real_table, {"preset": "r1", "seed": 5})
    move = suggestion.get_attribute("data-move")
    hints = real_table.hints(token)
    assert move in {hint["move"] for hint in hints}, "the strong player's suggestion is a legal move"
    why = page.locator("[data-bind=why]")
    expect(why).to_have_text(re.compile(r"^Elle .+\.$|^C'est .+\.$"))  # one sentence of why, in French
    photograph(page, artifacts, "web-learn-guided")
    page.set_viewport_size({"width": 390, "height": 844})
    suggestion.click()
    page.wait_for_function(
        "() => fetch('/api/state').then((r) => r.json()).then((v) => v.log.some((e) => e.seat === 'A'))",
        polling=100,
    )
    played = [entry["move"] for entry in real_table.public_view()["log"] if entry["seat"] == "A"]
    assert played and played[0] == move


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_guided_game_speaks_to_its_player_in_the_second_person(
    context: Any, real_served: str, real_table: Table, lang: str
) -> None:
    """The suggestion and the toast that says it was played speak to the player ("vous", "you"), as the
    rest of the page does and as the seat page's own toast does: the player is never named to herself."""
    game = {"preset": "r1", "seed": 5, "seats": [{"name": "Ana"}] + [{"computer": True}] * 3}
    page, _, suggestion = _guided(context, real_served, real_table, game, f"?lang={lang}")
    words = suggestion.locator(".move-words")
    expect(words).to_contain_text("Vous jouez " if lang == "fr" else "You play ")
    expect(words).not_to_contain_text("Ana")
    suggestion.click()
    toast = page.locator("#toast")
    what = "^Coup joué : (le |la |l'|un )" if lang == "fr" else "^Move played: (the|a) "
    expect(toast).to_have_text(re.compile(what))
    expect(toast).not_to_contain_text("Ana")
