"""From the set-up page to the end of a game and back through it, in a real browser, in French and
English: the end screen (winners, length, each seat's cards played and captures, rematch, no undo) and
the replay of the saved game on the board, from the table and from its link."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from firmware_py.table.core import Table
from firmware_py.table.summary import game_summary
from tests.web.browsing import pair, photograph

pytestmark = pytest.mark.browser

WORDS = {
    "fr": {
        "start": "Commencer la partie",
        "over": "La partie est finie",
        "winners": "Gagnant·e·s : ",
        "rematch": "Revanche",
        "replay": "Revoir la partie",
        "step": "Coup 1 sur",
    },
    "en": {
        "start": "Start the game",
        "over": "The game is over",
        "winners": "Winners: ",
        "rematch": "Rematch",
        "replay": "Replay the game",
        "step": "Move 1 of",
    },
}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_from_the_set_up_page_to_the_end_screen_and_a_rematch(
    context: Any, real_served: str, real_table: Table, artifacts: Path, lang: str
) -> None:
    """Four computer seats (seed 9) play a whole game as soon as Start is pressed."""
    words = WORDS[lang]
    pair(context, real_served, real_table)
    page = context.new_page()
    page.goto(f"{real_served}/setup?lang={lang}")
    page.check('input[name="computer-A"]')
    page.fill('input[name="name-B"]', "Bruno")
    page.uncheck('input[name="camera"]')
    page.fill("#seed", "9")
    with page.expect_navigation():
        page.get_by_role("button", name=words["start"]).click()
    view = real_table.public_view()
    assert view["winner"], "the computers finish the game"
    figures = game_summary(real_table.store, view["game_id"])
    end = page.locator("[data-bind=end]")
    expect(end).to_be_visible()
    expect(end.locator("h2")).to_have_text(words["over"])
    expect(end.locator("[data-bind=end-winners]")).to_contain_text(words["winners"])
    expect(end.locator("[data-bind=end-length]")).to_contain_text(str(figures["turns"]))
    rows = end.locator("[data-bind=end-seats] tr")
    expect(rows).to_have_count(4)
    for row, seat in zip(rows.all(), figures["seats"], strict=True):
        expect(row.locator("td").nth(0)).to_have_text(str(seat["cards_played"]))
        expect(row.locator("td").nth(1)).to_have_text(str(seat["captures"]))
    expect(rows.nth(1)).to_contain_text("Bruno")
    expect(page.locator("[data-action=undo]")).to_be_hidden()
    if lang == "en":
        assert "Ordinateur" not in page.locator("main").inner_text(), "English page, English default names"
    photograph(page, artifacts, f"web-end-{lang}")
    token = next(link["token"] for link in real_table.seat_links() if link["seat"] == "A")
    seat = context.new_page()
    seat.goto(f"{real_served}/seat/{token}?lang={lang}")
    expect(seat.locator("[data-bind=end]")).to_be_visible()
    expect(seat.locator("[data-action=undo]")).to_be_hidden()
    photograph(seat, artifacts, f"web-seat-end-{lang}")
    refused = seat.request.post(
        f"{real_served}/api/undo", data={}, headers={"Content-Type": "application/json"}
    )
    assert refused.status == 409, "no undo once the game is over"
    links = {link["seat"]: link["token"] for link in real_table.seat_links()}
    with page.expect_navigation():
        page.get_by_role("button", name=words["rematch"]).click()
    again = real_table.public_view()
    assert {link["seat"]: link["token"] for link in real_table.seat_links()} == links, (
        "every phone keeps its seat link for the rematch"
    )
    assert again["game_id"] != view["game_id"]
    assert [(s["seat"], s["name"], s["computer"]) for s in again["seats"]] == [
        (s["seat"], s["name"], s["computer"]) for s in view["seats"]
    ]
    assert again["preset"] == view["preset"] and again["switches"] == view["switches"]


def test_the_replay_steps_through_a_saved_game_from_the_table_and_from_its_link(
    context: Any, real_served: str, real_table: Table, artifacts: Path
) -> None:
    robots = [{"computer": True} for _ in range(4)]
    real_table.new_game({"preset": "r1", "seed": 9, "seats": robots, "camera": False})
    view = real_table.public_view()
    assert view["winner"]
    log = view["log"]
    pair(context, real_served, real_table)
    table = context.new_page()
    table.goto(f"{real_served}/table")
    with table.expect_navigation():
        table.get_by_role("link", name=WORDS["fr"]["replay"]).click()
    assert table.url.endswith(f"/replay/{view['game_id']}")
    count = table.locator("[data-bind=replay-count]")
    expect(count).to_have_text(f"Coup 0 sur {len(log)}")
    start = _layout(table)
    table.get_by_role("button", name="Coup suivant").click()
    expect(count).to_have_text(f"Coup 1 sur {len(log)}")
    expect(table.locator("[data-bind=replay-entry]")).to_have_text(log[0]["fr"])
    table.keyboard.press("ArrowRight")
    expect(count).to_have_text(f"Coup 2 sur {len(log)}")
    table.get_by_role("button", name="Fin").click()
    expect(count).to_have_text(f"Coup {len(log)} sur {len(log)}")
    assert _layout(table) == view["layout"], "the last frame is the board the game ended on"
    assert _layout(table) != start
    photograph(table, artifacts, "web-replay")
    link = context.new_page()
    link.goto(f"{real_served}/replay/{view['game_id']}?lang=en")
    expect(link.locator("[data-bind=replay-count]")).to_have_text(f"Move 0 of {len(log)}")
    assert link.request.get(f"{real_served}/replay/999999").status == 404


def _layout(page: Any) -> dict[str, str]:
    """The marbles drawn on the page's board: place -> seat."""
    return dict(
        page.eval_on_selector_all(".board .marble", "ms => ms.map((m) => [m.dataset.place, m.dataset.seat])")
    )
