"""The pages in a real browser (Debian's headless Chromium through Playwright, one browser per session).

A seat plays a card on its phone and the table and the other seat's pages change; every page is
photographed at phone and tablet sizes into ``artifacts/`` and checked not to be blank.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from firmware_py.table.core import Table
from tests.web.browsing import PHONE, TABLET, non_blank, pair, seat_paths, serving, table_page
from tests.web.scripted_table import ScriptedTable

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def table() -> ScriptedTable:
    return ScriptedTable(camera_jpeg=None)


@pytest.fixture(scope="module")
def served(table: ScriptedTable) -> Iterator[str]:
    with serving(table) as url:
        yield url


def test_a_card_played_on_a_phone_changes_the_table_and_the_other_seat(
    context: Any, served: str, table: ScriptedTable
) -> None:
    table.new_game({})
    links = seat_paths(table)
    board_page = table_page(context, served)
    seat_a = context.new_page()
    seat_a.goto(served + links["A"])
    seat_b = context.new_page()
    seat_b.goto(served + links["B"])
    assert board_page.locator(".marble").count() == 16
    assert seat_a.locator(".card").count() == 5
    assert "À vous de jouer" in seat_a.locator(".banner-turn").inner_text()
    assert "À vous de jouer" not in seat_b.locator(".banner-turn").inner_text()
    assert seat_b.locator('.card[data-card="AS"]').count() == 0

    seat_a.click('.card[data-card="AS"]')
    seat_a.wait_for_selector('button.move[data-move="AS:AR1-A18"]')
    assert seat_a.locator('.hole.lit[data-place="A18"]').count() == 1
    board_page.wait_for_selector('.hole.lit[data-place="A18"]')
    seat_a.click('button.move[data-move="AS:AR1-A18"]')
    seat_a.click("[data-action=confirm-move]")  # shown first, played once confirmed

    board_page.wait_for_selector('.marble[data-place="A18"][data-seat="A"]')
    assert board_page.locator('.marble[data-place="AR1"]').count() == 0
    board_page.wait_for_selector('.marks .last-arrow[data-from="AR1"][data-to="A18"]')
    assert board_page.locator(".marks .last-arrow").count() == 1
    board_page.wait_for_selector(".log li >> text=AR1")
    seat_b.wait_for_selector(".banner-mine")
    assert "À vous de jouer" in seat_b.locator(".banner-turn").inner_text()
    seat_b.wait_for_selector('.marble[data-place="A18"]')
    expect(seat_a.locator(".card")).to_have_count(4)


def test_a_card_tapped_shows_its_moves_from_the_seats_view_without_waiting_for_the_table(
    context: Any, served: str, table: ScriptedTable
) -> None:
    """The seat's view holds every playable card's moves: a card tapped shows them at once. The phone
    still names the card to the table (its LEDs light the destinations), and does not wait for the
    answer: here it never comes until the moves are on the page."""
    table.new_game({})
    seat_a = context.new_page()
    held: list[Any] = []
    seat_a.route("**/choose", lambda route: held.append(route))
    seat_a.goto(served + seat_paths(table)["A"])
    seat_a.click('.card[data-card="10S"]')
    seat_a.wait_for_selector('button.move[data-move="10S:AR2-A10"]')
    assert seat_a.locator("button.move").count() == 2
    assert len(held) == 1, "the card is named to the table, which has not answered yet"
    with seat_a.expect_response("**/choose"):
        held[0].continue_()
    assert table.public_view()["highlight"] == ["A18", "A10"], "the table lights the card's moves"


def test_two_people_play_on_the_real_table(context: Any, real_served: str, real_table: Table) -> None:
    """Alice (seat A) and Bob (seat C) on a two-seat TOC game whose deal (seed 3) gives Alice a King."""
    real_table.new_game({"preset": "toc", "seed": 3, "seats": [{"name": "Alice"}, {"name": "Bob"}]})
    links = {link["seat"]: link["path"] for link in real_table.seat_links()}
    board_page = table_page(context, real_served)
    alice = context.new_page()
    alice.goto(real_served + links["A"])
    bob = context.new_page()
    bob.goto(real_served + links["C"])
    assert "À vous de jouer" in alice.locator(".banner-turn").inner_text()
    assert board_page.locator('.marble[data-place="A18"]').count() == 0

    alice.click('.card[data-card="KH"]')
    alice.click('button.move[data-move="KH:AR-A18"]')
    alice.click("[data-action=confirm-move]")  # shown first, played once confirmed

    board_page.wait_for_selector('.marble[data-place="A18"][data-seat="A"]')
    board_page.wait_for_selector('.marks .last-arrow[data-to="A18"]')
    board_page.wait_for_selector(".log li >> text=Alice")
    bob.wait_for_selector(".banner-mine")
    bob.wait_for_selector('.marble[data-place="A18"]')
    expect(alice.locator('.card[data-card="KH"]')).to_have_count(0)  # TOC: she drew a card instead
    assert real_table.public_view()["turn"] == "C"


def test_with_real_cards_the_seat_taps_the_value_it_plays(
    context: Any, real_served: str, real_table: Table
) -> None:
    people = [{"name": name, "computer": False} for name in ("W", "X", "Y", "Z")]
    real_table.new_game({"preset": "r1", "seed": 2, "cards": "physical", "seats": people})
    path = next(link["path"] for link in real_table.seat_links() if link["seat"] == "A")
    page = context.new_page()
    page.goto(real_served + path)
    assert page.locator(".card").count() == 13, "one button per card value"
    page.click('.card[data-card="K"]')
    page.click('button.move[data-move="K:AR-A18"]')
    page.click("[data-action=confirm-move]")  # shown first, played once confirmed
    page.wait_for_selector('.marble[data-place="A18"][data-seat="A"]')


def test_a_new_game_is_set_up_on_the_page(context: Any, real_served: str, real_table: Table) -> None:
    real_table.new_game({})
    pair(context, real_served, real_table)
    page = context.new_page()
    page.goto(real_served + "/setup")
    page.select_option("#preset", "toc")
    page.select_option("#seat-count", "2")
    page.fill('input[name="name-A"]', "Alice")
    page.fill('input[name="name-C"]', "Bob")
    page.uncheck('input[name="computer-C"]')
    page.uncheck('input[name="camera"]')
    page.fill("#seed", "3")
    with page.expect_navigation():
        page.click("form[data-form=setup] button[type=submit]")
    view = real_table.public_view()
    assert view["preset"] == "toc"
    assert [(seat["seat"], seat["name"], seat["computer"]) for seat in view["seats"]] == [
        ("A", "Alice", False),
        ("C", "Bob", False),
    ]
    expect(page.locator('svg[class="qr"]')).to_have_count(2)


def test_a_seat_made_a_person_on_the_set_up_page_loses_the_computer_name(
    context: Any, real_served: str, real_table: Table
) -> None:
    """Names nobody typed follow the computer box; a typed name stays; new seats get a fitting name."""
    real_table.new_game({})
    pair(context, real_served, real_table)
    page = context.new_page()
    page.goto(real_served + "/setup")
    page.select_option("#seat-count", "6")
    expect(page.locator('input[name="name-F"]')).to_have_value("Ordinateur F")
    page.uncheck('input[name="computer-C"]')
    expect(page.locator('input[name="name-C"]')).to_have_value("Joueur C")
    page.check('input[name="computer-A"]')
    expect(page.locator('input[name="name-A"]')).to_have_value("Ordinateur A")
    page.fill('input[name="name-B"]', "Bruno")
    page.uncheck('input[name="computer-B"]')
    expect(page.locator('input[name="name-B"]')).to_have_value("Bruno")


def test_seat_names_stay_inside_the_six_section_board(
    context: Any, real_served: str, real_table: Table
) -> None:
    """The side seats of the 6-section board have little room: a long name is squeezed, not cut off."""
    names = [f"Ordinateur {letter} le grand" for letter in "ABCDEF"]
    real_table.new_game({"seats": [{"name": name, "computer": i > 0} for i, name in enumerate(names)]})
    try:
        page = table_page(context, real_served)
        expect(page.locator(".seat-label").first).to_contain_text("le grand")
        boxes = page.eval_on_selector_all(
            ".seat-label",
            "labels => labels.map((l) => { const b = l.getBBox(); return [b.x, b.x + b.width]; })",
        )
        assert len(boxes) == 6
        for left, right in boxes:
            assert left >= 0 and right <= 1000, boxes
    finally:
        real_table.new_game({})


def test_a_seed_that_is_not_digits_is_refused_on_the_set_up_page(
    context: Any, real_served: str, real_table: Table
) -> None:
    """A typo in the seed must not start a game on a random deck the players did not ask for."""
    real_table.new_game({})
    game = real_table.public_view()["game_id"]
    pair(context, real_served, real_table)
    page = context.new_page()
    page.goto(real_served + "/setup")
    page.fill("#seed", "12a")
    page.click("form[data-form=setup] button[type=submit]")
    expect(page.locator("[data-bind=result]")).to_contain_text("chiffres seulement")
    assert real_table.public_view()["game_id"] == game


def test_the_table_asks_computer_moves_and_notices_show(
    context: Any, served: str, table: ScriptedTable
) -> None:
    table.new_game({})
    board_page = table_page(context, served)
    seat_a = context.new_page()
    seat_a.goto(served + seat_paths(table)["A"])
    table.announce(
        question={
            "fr": "Quel coup ?",
            "en": "Which move?",
            "places": ["A18"],
            "moves": [{"move": "AS:AR1-A18", "fr": "As : AR1 vers A18", "en": "Ace: AR1 to A18"}],
        },
        computer={
            "seat": "B",
            "move": "2H:BR1-B18",
            "fr": "B sort une bille",
            "en": "B brings a marble out",
            "from": ["BR1"],
            "to": ["B18"],
        },
        notice={"fr": "Bouton appuyé trop tôt.", "en": "Button pressed too early."},
    )
    board_page.wait_for_selector(".banner-question >> text=Quel coup ?")
    board_page.wait_for_selector(".banner-computer >> text=B sort une bille")
    board_page.wait_for_selector(".toast:not([hidden]) >> text=Bouton appuyé trop tôt.")
    assert board_page.locator('.hole.lit[data-place="B18"]').count() == 1
    seat_a.click('.question-panel button.move[data-move="AS:AR1-A18"]')
    seat_a.wait_for_selector(".question-panel", state="hidden")
    board_page.wait_for_selector('.marble[data-place="A18"][data-seat="A"]')


def test_the_table_moves_a_marble_on_the_simulated_board(
    context: Any, served: str, table: ScriptedTable
) -> None:
    table.new_game({})
    pair(context, served, table)
    page = table_page(context, served)
    page.locator('.hole[data-place="CR2"]').click(force=True)
    page.wait_for_selector('.marble.selected[data-place="CR2"]')
    page.locator('.hole[data-place="C18"]').click(force=True)
    page.wait_for_selector('.marble[data-place="C18"][data-seat="C"]')
    assert table.public_view()["layout"]["C18"] == "C"


def test_a_marble_on_a_wrong_hole_of_the_simulated_board_is_drawn_and_can_be_put_back(
    context: Any, served: str, table: ScriptedTable
) -> None:
    """The table page draws the simulated board, not the game's: else the stray marble cannot be tapped."""
    table.new_game({})
    pair(context, served, table)
    page = table_page(context, served)
    stray = {place: seat for place, seat in table.public_view()["layout"].items() if place != "AR1"}
    table.announce(sim_layout={**stray, "A5": "A"})
    page.wait_for_selector('.marble[data-place="A5"][data-seat="A"]')
    assert page.locator('.marble[data-place="AR1"]').count() == 0
    page.locator('.hole[data-place="A5"]').click(force=True)
    page.wait_for_selector('.marble.selected[data-place="A5"]')
    table.new_game({})


def test_a_refusal_is_shown_with_its_reason(context: Any, served: str, table: ScriptedTable) -> None:
    table.new_game({})
    pair(context, served, table)
    page = context.new_page()
    page.goto(served + "/table")
    page.click("[data-action=undo]")
    page.wait_for_selector(".toast:not([hidden]) >> text=Rien à annuler.")
    page.goto(served + seat_paths(table)["B"])
    page.click('.card[data-card="2H"]')
    expect(page.locator(".moves-panel")).to_contain_text("Ses coups s'afficheront à votre tour.")
    page.goto(served + "/learn")
    page.click("details.typed-move summary")
    page.fill("#move-input", "7H:A1-A8")
    page.click("form[data-form=explain] button")
    page.wait_for_selector(".explanation .bad")
    assert page.locator('.hole.wrong[data-place="A18"]').count() == 1


def test_a_finished_game_names_the_winning_team(context: Any, served: str, table: ScriptedTable) -> None:
    """The table gives a team's win as its seats' letters ("BD"): the pages name both players."""
    table.new_game({})
    board_page = table_page(context, served)
    seat_a = context.new_page()
    seat_a.goto(served + seat_paths(table)["A"])
    table.announce(winner="BD")
    for page in (board_page, seat_a):
        expect(page.locator("[data-bind=winner]")).to_have_text("Gagnant·e·s : Joueur B, Joueur D")
    expect(seat_a.locator("[data-bind=turn]")).to_have_text("partie finie")
    expect(seat_a.locator("[data-bind=hand-help]")).to_have_text(
        "La partie est finie : plus de carte à jouer."
    )
    expect(seat_a.locator("[data-bind=hand] .card")).to_have_count(0)
    expect(board_page.locator("[data-bind=turn]")).to_have_text("")
    expect(board_page.locator("[data-bind=seats] .tag").first).to_have_text("équipe 1")
    seat_a.goto(served + seat_paths(table)["A"] + "?lang=en")
    expect(seat_a.locator("[data-bind=winner]")).to_have_text("Winners: Player B, Player D")
    table.new_game({})


@pytest.mark.parametrize("size_name", ["phone", "tablet"])
def test_screenshots_of_every_page(
    context: Any, real_served: str, real_table: Table, artifacts: Path, size_name: str
) -> None:
    real_table.new_game({"preset": "r1", "seed": 5})
    links = {link["seat"]: link["path"] for link in real_table.seat_links()}
    size = PHONE if size_name == "phone" else TABLET
    pair(context, real_served, real_table)
    pages = {
        "table": "/table",
        "seat": links["A"],
        "setup": "/setup",
        "learn": "/learn",
        "learn-seat": links["A"].replace("/seat/", "/learn/"),
        "calibration": "/calibration",
        "replay": "/replay",
        "error": "/seat/no-such-seat-link",
    }
    page = context.new_page()
    page.set_viewport_size(size)
    for name, path in pages.items():
        page.goto(real_served + path)
        page.wait_for_load_state("load")
        png = page.screenshot(full_page=True, path=str(artifacts / f"web-{name}-{size_name}.png"))
        assert non_blank(png) > 10, f"{name} looks blank at {size_name} size"
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"{name} scrolls sideways at {size_name} size"


def test_the_camera_state_is_said_in_the_pages_language(
    context: Any, served: str, table: ScriptedTable
) -> None:
    """Vision's detail is English only: on a French page it is the hint, not the text."""
    table.new_game({})
    pair(context, served, table)
    page = context.new_page()
    page.goto(served + "/table")
    status = page.locator('[data-bind="camera"]')
    expect(status).to_have_text("sans caméra · éteinte")
    table.announce(camera={"mode": "sim", "status": "occluded", "message": "a hand is over the board"})
    expect(status).to_have_text("simulation · une main, ou un objet sur le bord, cache le plateau")
    expect(status).to_have_attribute("title", "a hand is over the board")
    table.announce(camera={"mode": "sim", "status": "light_changed", "message": "0.6 times as bright"})
    expect(status).to_have_text(
        "simulation · la lumière a changé depuis la calibration (lampe allumée ou éteinte ?) :"
        " remettez-la, ou recalibrez la caméra"
    )
    for size in (PHONE, TABLET):  # the longest camera line wraps; the page never scrolls sideways
        page.set_viewport_size(size)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"], size
    table.announce(camera={"mode": "sim", "status": "occluded", "message": "a hand is over the board"})
    page.goto(served + "/calibration?lang=en")
    expect(page.locator('[data-bind="camera"]')).to_have_text(
        "simulation · a hand, or something on the board's edge, hides the board · a hand is over the board"
    )
    page.goto(served + "/table?lang=fr")
    table.new_game({})


def test_a_spectator_sees_the_board_and_the_log_and_no_control(
    context: Any, served: str, table: ScriptedTable
) -> None:
    """A guest on the Wi-Fi opens the table page: no seat link, no QR code, no undo, marbles do not move."""
    table.new_game({})
    page = table_page(context, served)
    assert page.locator(".marble").count() == 16
    assert page.locator("svg.qr").count() == 0 and page.locator("[data-action=undo]").count() == 0
    assert page.locator('a[href="/setup"]').count() == 0
    assert page.locator(".card, [data-card]").count() == 0, "no hand on a spectator's page"
    page.locator('.hole[data-place="CR2"]').click(force=True)
    expect(page.locator(".marble.selected")).to_have_count(0)
    html = page.content()
    assert table.table_key() not in html
    assert not any(link["token"] in html for link in table.seat_links())
    response = page.goto(served + "/setup")
    assert response is not None and response.status == 403
    answer = page.evaluate(
        "async () => (await fetch('/api/undo', {method: 'POST',"
        " headers: {'Content-Type': 'application/json'}, body: '{}'})).status"
    )
    assert answer == 403


def test_scripts_in_names_never_run(context: Any, real_served: str, real_table: Table) -> None:
    """Names are shown as text on every page: markup in them is never run nor parsed."""
    attack = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>'
    real_table.new_game(
        {
            "preset": "toc",
            "seats": [{"name": attack[:40], "computer": False}, {"name": "</script><b>x", "computer": True}],
        }
    )
    try:
        pair(context, real_served, real_table)
        token = real_table.seat_links()[0]["token"]
        for path in ("/table", "/setup", f"/seat/{token}", "/learn"):
            page = context.new_page()
            page.goto(real_served + path)
            page.wait_for_load_state("load")
            assert page.evaluate("window.pwned") is None, path
            assert page.locator("img[src=x]").count() == 0, path
            page.close()
    finally:
        real_table.new_game({})
