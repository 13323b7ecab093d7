"""Refusals and reasons say places as the board shows them, seats by the names the board labels them
with, and "your" on a seat's own pages (issue 23, points 6, 7 and 14), in a real browser at the sizes a
table has: the tablet beside the board (1280x800) and the players' phones (390x844), in French and
English."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from firmware_py.app.companion import Companion
from firmware_py.table.core import Table
from firmware_py.table.wording import of_name
from tests.web.browsing import LANDSCAPE_TABLET, PHONE, fresh_context, pair, serving

pytestmark = pytest.mark.browser

PEOPLE = ("Ana", "Bruno", "Chloé", "Dave")


def _people_game(table: Table) -> dict[str, str]:
    """Four people at an r1 game; seat letter -> name."""
    table.new_game({"preset": "r1", "seed": 3, "seats": [{"name": name} for name in PEOPLE]})
    return dict(zip("ABCD", PEOPLE, strict=True))


def _phone(context: Any, served: str, path: str, lang: str) -> Any:
    page = context.new_page()
    page.set_viewport_size(PHONE)
    page.goto(f"{served}{path}?lang={lang}")
    return page


def _in_reserve(name: str, lang: str) -> str:
    return f"dans la réserve {of_name(name)}" if lang == "fr" else f"in {name}'s reserve"


# points 6 and 7: a marble of another seat moved out of turn, said on the table and on both phones
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_marble_moved_out_of_turn_names_its_seat_and_says_your_on_its_own_phones(
    browser: Any, companion: Companion, lang: str
) -> None:
    """With the (simulated) camera watching the board: the refusal stays on the pages until the marble
    is put back, so each phone words it for its reader."""
    table = companion.table
    table.new_game({"preset": "r1", "seed": 3, "seats": [{"name": name} for name in PEOPLE]})
    names = dict(zip("ABCD", PEOPLE, strict=True))
    for _ in range(4):  # the camera reads the new game's board
        companion.loop.step()
    turn = table.public_view()["turn"]
    other = next(seat for seat in "ABCD" if seat != turn)
    paths = {link["seat"]: link["path"] for link in table.seat_links()}
    with serving(table) as served, fresh_context(browser, LANDSCAPE_TABLET) as context:
        pair(context, served, table)
        page = context.new_page()
        page.goto(f"{served}/table?lang={lang}")
        page.locator(f'.board-panel .hole[data-place="{other}R1"]').click()
        page.locator(f'.board-panel .hole[data-place="{other}18"]').click()
        page.wait_for_selector(f'.board-panel .marble[data-place="{other}18"]')
        for _ in range(4):  # the camera reads the marble moved
            companion.loop.step()
        assert table.public_view()["problem"] is not None
        not_own = "n'est pas à la personne qui joue" if lang == "fr" else "is not the player's own"
        said = page.locator("[data-bind=problem]")
        expect(said).to_contain_text(f"{_in_reserve(names[other], lang)} {not_own}")
        # no hole id, no letter for a seat, a French name elided before a vowel
        expect(said).not_to_contain_text(re.compile(rf"{other}R|\bde {other}\b|\b{other}'s|de [AE]"))
        with fresh_context(browser, PHONE) as phones:
            # the marble's owner is told of her own reserve
            owner = _phone(phones, served, paths[other], lang)
            owners = owner.locator("[data-bind=problem-text]")
            expect(owners).to_contain_text("dans votre réserve" if lang == "fr" else "in your reserve")
            expect(owners).not_to_contain_text(names[other])
            # the player to play is told that marble is not theirs, in the second person
            mover = _phone(phones, served, paths[turn], lang)
            movers = mover.locator("[data-bind=problem-text]")
            expect(movers).to_contain_text(_in_reserve(names[other], lang))
            expect(movers).to_contain_text("n'est pas à vous" if lang == "fr" else "is not yours")


# point 7: the simulated board's "no marble there" says the hole as the board shows it
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_marble_taken_from_an_empty_hole_of_the_simulated_board_says_where_in_words(
    browser: Any, real_served: str, real_table: Table, lang: str
) -> None:
    names = _people_game(real_table)
    with fresh_context(browser, LANDSCAPE_TABLET) as context:
        pair(context, real_served, real_table)
        table = context.new_page()
        table.goto(f"{real_served}/table?lang={lang}")
        table.evaluate("Tock.api('POST', '/api/marble', {from: 'A15', to: 'A16'}).catch(() => {})")
        toast = table.locator("#toast")
        if lang == "fr":
            expect(toast).to_have_text(f"Pas de bille sur la case 15 du côté {of_name(names['A'])}.")
        else:
            expect(toast).to_have_text(f"No marble on cell 15 of {names['A']}'s side.")


# point 7: Learn's "why not?" says the reader's own places with "your", another's by name
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_why_not_says_your_reserve_on_the_seats_learn_page_and_the_name_on_the_spectators(
    browser: Any, real_served: str, real_table: Table, lang: str
) -> None:
    names = _people_game(real_table)
    seat = next(link for link in real_table.seat_links() if link["seat"] == "A")
    with fresh_context(browser, PHONE) as context:
        answers = {}
        for who, path in (("seat", seat["path"].replace("/seat/", "/learn/")), ("spectator", "/learn")):
            page = _phone(context, real_served, path, lang)
            # a move written by hand from an empty hole of A's side
            page.locator("details.typed-move > summary").click()
            page.fill("#move-input", "8H:A5-A13")
            page.locator("[data-form=explain]").evaluate("(form) => form.requestSubmit()")
            explanation = page.locator("[data-bind=explanation]")
            expect(explanation).to_contain_text("pas permis" if lang == "fr" else "not allowed")
            answers[who] = explanation.inner_text()
        if lang == "fr":
            mine, theirs = "sur la case 5 de votre côté", f"sur la case 5 du côté {of_name(names['A'])}"
        else:
            mine, theirs = "on cell 5 of your side", f"on cell 5 of {names['A']}'s side"
        assert mine in answers["seat"] and names["A"] not in answers["seat"], answers
        assert theirs in answers["spectator"], answers


# point 6: the player's own phone says "you" for the move it is about to play and has played
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_move_pointed_at_and_played_is_said_to_its_player_in_the_second_person(
    browser: Any, real_served: str, real_table: Table, lang: str
) -> None:
    names = _people_game(real_table)
    turn = real_table.public_view()["turn"]
    paths = {link["seat"]: link["path"] for link in real_table.seat_links()}
    with fresh_context(browser, PHONE) as context:
        phone = _phone(context, real_served, paths[turn], lang)
        bar = phone.locator("[data-bind=confirm-text]")
        for card in phone.locator(".hand .card").all():  # the first card of the hand that has a move
            card.click()
            if phone.locator("button.move").count():
                phone.locator("button.move").first.click()
            if bar.is_visible():
                break
        expect(bar).to_contain_text("Vous jouez " if lang == "fr" else "You play ")
        expect(bar).not_to_contain_text(names[turn])
        phone.click("[data-action=confirm-move]")
        toast = phone.locator("#toast")
        what = "Coup joué : (le |la |l'|un )" if lang == "fr" else "Move played: (the|a) "
        expect(toast).to_contain_text(re.compile(what))
        expect(toast).not_to_contain_text(names[turn])
