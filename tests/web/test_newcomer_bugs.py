"""The four stumbles a newcomer met at the table, each in a real browser (Debian's Chromium).

1. a card tapped before one's turn showed "no possible move", still after "Your turn!";
2. a literal ``null`` under "This move is allowed." and in a discard's toast;
3. the partners' exchange (R1x) said "waiting for C" to a seat that had yet to give, and wrote cards as
   codes (``Donner 8D``);
4. the toast covered A's reserve on a 1280x800 tablet and took the tap; banners pushed the board down.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from firmware_py.table.core import Table
from tests.web.browsing import LANDSCAPE_TABLET, pair, seat_paths, serving, table_page
from tests.web.scripted_table import ScriptedTable

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def table() -> ScriptedTable:
    return ScriptedTable()


@pytest.fixture(scope="module")
def served(table: ScriptedTable) -> Iterator[str]:
    with serving(table) as url:
        yield url


def _board_on_page(page: Any) -> list[float]:
    """The board's box on the screen, the page scrolled to its top (the board sticks beside the side
    column on a wide screen, so its place in the document follows the scroll)."""
    return page.evaluate(  # type: ignore[no-any-return]
        "(() => { scrollTo(0, 0); const r = document.querySelector('svg.board').getBoundingClientRect();"
        " return [r.x, r.y, r.width, r.height]; })()"
    )


def test_a_card_tapped_before_the_turn_shows_its_moves_once_the_turn_comes(
    context: Any, served: str, table: ScriptedTable
) -> None:
    table.new_game({})
    links = seat_paths(table)
    seat_a = context.new_page()
    seat_a.goto(served + links["A"])
    seat_b = context.new_page()
    seat_b.goto(served + links["B"])
    seat_b.click('.card[data-card="2H"]')
    panel = seat_b.locator(".moves-panel")
    expect(panel).to_contain_text("Ses coups s'afficheront à votre tour.")
    expect(panel).not_to_contain_text("Aucun coup possible")
    seat_a.click('.card[data-card="AS"]')
    seat_a.click('button.move[data-move="AS:AR1-A18"]')
    seat_a.click("[data-action=confirm-move]")  # shown first, played once confirmed
    expect(seat_b.locator(".banner-turn")).to_have_text("À vous de jouer !")
    # no second tap: the moves of the card already chosen are there, and can be played
    move = seat_b.locator('button.move[data-move="2H:BR1-B18"]')
    expect(move).to_be_enabled()
    expect(panel).not_to_contain_text("Aucun coup possible")
    expect(seat_b.locator('.hole.lit[data-place="B18"]')).to_have_count(1)


def test_learn_and_the_discard_toast_never_write_null(
    context: Any, served: str, table: ScriptedTable
) -> None:
    table.new_game({})
    page = context.new_page()
    page.goto(served + "/learn")
    page.click("details.typed-move summary")
    page.fill("#move-input", "AS:AR1-A18")
    page.click("form[data-form=explain] button[type=submit]")
    box = page.locator(".explanation")
    expect(box).to_have_text("Ce coup est permis.")
    table.announce(blocked=True)
    page.goto(served + seat_paths(table)["A"])
    page.click('.card[data-card="7H"]')
    page.click("button[data-action=discard]")
    toast = page.locator(".toast")
    expect(toast).to_have_text("Carte défaussée : le 7 de cœur")
    assert "null" not in page.locator("body").inner_text()
    table.new_game({})


def test_the_partners_exchange_says_who_is_awaited_and_names_the_cards(context: Any) -> None:
    """R1x: every seat gives a card to its partner at once; nobody's page says "your turn" to play."""
    table = Table()
    people = [
        {"name": name, "computer": name in ("Bruno", "Dora")} for name in ("Ana", "Bruno", "Chloé", "Dora")
    ]
    table.new_game({"preset": "r1x", "seed": 4, "seats": people})
    try:
        with serving(table) as served:
            links = seat_paths(table)
            ana = context.new_page()
            ana.goto(served + links["A"])
            chloe = context.new_page()
            chloe.goto(served + links["C"])
            for page in (ana, chloe):
                expect(page.locator(".banner-turn")).to_have_text(
                    "À vous : donnez une carte à votre partenaire."
                )
            card = ana.locator(".hand .card").first
            code = card.get_attribute("data-card")
            assert code is not None
            card.click()
            give = ana.locator("button[data-action=give]")
            expect(give).to_contain_text("Donner ")
            assert code not in give.inner_text(), "the card is said in words, not as a code"
            expect(ana.locator("[data-bind=moves-title]")).not_to_contain_text(code)
            give.click()
            expect(ana.locator(".banner-turn")).to_have_text("Échange de cartes : on attend Chloé")
            expect(chloe.locator(".banner-turn")).to_have_text(
                "À vous : donnez une carte à votre partenaire."
            )
            pair(context, served, table)
            board = table_page(context, served)
            expect(board.locator("[data-bind=turn]")).to_have_text("Échange de cartes : on attend Chloé")
    finally:
        table.close()


def test_the_toast_leaves_the_reserves_free_and_banners_never_move_the_board(
    context: Any, served: str, table: ScriptedTable
) -> None:
    table.new_game({})
    pair(context, served, table)
    page = table_page(context, served, LANDSCAPE_TABLET)
    before = _board_on_page(page)
    page.locator('.hole[data-place="AR1"]').click(force=True)
    toast = page.locator(".toast")
    expect(toast).to_be_visible()
    box = toast.bounding_box()
    assert box is not None
    reserves = page.eval_on_selector_all(
        '.hole[data-place^="AR"]',
        "hs => hs.map((h) => { const r = h.getBoundingClientRect(); return [r.x, r.y, r.right, r.bottom]; })",
    )
    assert len(reserves) == 4
    for x, y, right, bottom in reserves:
        overlap = not (
            right < box["x"]
            or x > box["x"] + box["width"]
            or bottom < box["y"]
            or y > box["y"] + box["height"]
        )
        assert not overlap, f"the toast {box} covers a reserve hole at {(x, y, right, bottom)}"
    # a tap through the toast would still reach the board
    assert page.evaluate("getComputedStyle(document.getElementById('toast')).pointerEvents") == "none"
    page.locator('.hole[data-place="A18"]').click(force=True)
    expect(page.locator('.marble[data-place="A18"][data-seat="A"]')).to_have_count(1)
    table.announce(
        problem={
            "fr": "Le pion de A est mal placé.",
            "en": "A's marble is misplaced.",
            "places": ["A5"],
            "violations": [],
        },
        winner="AC",
        question={"fr": "Quel coup ?", "en": "Which move?", "places": [], "moves": []},
        computer={
            "seat": "B",
            "move": "",
            "fr": "Ordinateur B sort un pion",
            "en": "Computer B brings a marble out",
            "from": [],
            "to": [],
        },
    )
    expect(page.locator(".banner-problem")).to_be_visible()
    expect(page.locator(".banner-computer")).to_have_text("Ordinateur B sort un pion")
    assert _board_on_page(page) == before, "a banner moved the board"
    table.new_game({})


def test_a_refused_move_is_explained_on_the_phone_of_the_seat_that_made_it(
    context: Any, served: str, table: ScriptedTable
) -> None:
    """The camera saw A's marble on A5 where no legal move puts it: A's phone says why and shows where
    it goes back; B's phone, whose move it was not, stays as it was."""
    table.new_game({})
    links = seat_paths(table)
    seat_a = context.new_page()
    seat_a.goto(served + links["A"])
    seat_b = context.new_page()
    seat_b.goto(served + links["B"])
    expect(seat_a.locator(".problem-panel")).to_be_hidden()
    table.announce(
        problem={
            "fr": "Coup interdit : aucune carte de la main ne permet ce coup. Remettez les billes.",
            "en": "Illegal move: no card in the hand makes this move. Put the marbles back as shown.",
            "places": ["A5", "AR1"],
            "violations": [],
            "wrong": ["A5"],
            "put_back": {"AR1": "A"},
        }
    )
    panel = seat_a.locator(".problem-panel")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text("aucune carte de la main ne permet ce coup")
    expect(panel.locator('.mini-board .hole.back[data-place="AR1"]')).to_have_count(1)
    expect(panel.locator('.mini-board .hole.wrong[data-place="A5"]')).to_have_count(1)
    expect(panel.locator('.mini-board .hole.wrong[data-place="AR1"]')).to_have_count(0)
    expect(seat_b.locator(".problem-panel")).to_be_hidden()
    table.announce(problem=None)
    expect(panel).to_be_hidden()


def test_the_phone_vibrates_when_the_turn_comes(context: Any, served: str, table: ScriptedTable) -> None:
    table.new_game({})
    links = seat_paths(table)
    seat_b = context.new_page()
    seat_b.add_init_script(
        "window.__buzz = []; navigator.vibrate = (p) => { window.__buzz.push(p); return true; };"
    )
    seat_b.goto(served + links["B"])
    assert seat_b.evaluate("window.__buzz.length") == 0
    seat_a = context.new_page()
    seat_a.goto(served + links["A"])
    seat_a.click('.card[data-card="AS"]')
    seat_a.click('button.move[data-move="AS:AR1-A18"]')
    seat_a.click("[data-action=confirm-move]")  # shown first, played once confirmed
    expect(seat_b.locator(".banner-turn")).to_have_text("À vous de jouer !")
    seat_b.wait_for_function("window.__buzz.length === 1")
    chime = seat_b.locator("[data-action=chime]")
    expect(chime).not_to_be_checked()
    chime.check()
    assert seat_b.evaluate("localStorage.getItem('tock-chime')") == "on"
