"""A player's own page speaks to them: the moves of their card, the moves the table asks them about and
the guided game's suggestion say "Vous jouez …" / "You play …", never their own name, while the moves
of the others keep naming them. A button that offers a move names its card once, in bold inside the
sentence ("Vous jouez **l'as de cœur** : sort un pion"), its notation beside it as before; in a real
browser, in French and English."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from firmware_py.table.core import Table
from tests.web.browsing import PHONE, fresh_context, seat_paths, serving
from tests.web.scripted_table import ScriptedTable

pytestmark = pytest.mark.browser

YOU_PLAY = {"fr": "Vous jouez ", "en": "You play "}
PEOPLE = ("Ana", "Bruno", "Chloé", "Dave")


def _phone(context: Any, url: str) -> Any:
    page = context.new_page()
    page.goto(url)
    return page


def _token(table: Table, seat: str) -> str:
    return next(link["token"] for link in table.seat_links() if link["seat"] == seat)


def _names_its_card_once(button: Any, you: str) -> None:
    """``button`` offers a move of the reader's in the second person, its card in bold once, right after
    the verb, and its notation (the move's own text) beside the words."""
    words = button.locator(".move-words")
    card = words.locator("strong")
    expect(card).to_have_count(1)
    said, named = words.inner_text(), card.inner_text()
    assert named and said.startswith(you + named), said
    assert said.count(named) == 1, said
    expect(button.locator("code.notation")).to_have_text(button.get_attribute("data-move"))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_seats_own_moves_speak_to_it_and_the_others_moves_keep_their_names(
    browser: Any, real_served: str, real_table: Table, lang: str
) -> None:
    """Seed 24: Ana (A) holds one King to bring a marble out, then Bruno plays his."""
    real_table.new_game({"preset": "r1", "seed": 24, "seats": [{"name": name} for name in PEOPLE]})
    assert real_table.public_view()["turn"] == "A"
    with fresh_context(browser, PHONE) as context:
        ana = _phone(context, f"{real_served}/seat/{_token(real_table, 'A')}?lang={lang}")
        ana.click('.card[data-card="KS"]')
        move = ana.locator('[data-bind=moves] button.move[data-move="KS:AR-A18"]')
        expect(move).to_be_visible()
        said = (
            "Vous jouez le roi de pique : sort un pion"
            if lang == "fr"
            else "You play the King of spades: brings a marble out"
        )
        expect(move).to_have_text(re.compile("^" + re.escape(said)))
        expect(move).not_to_contain_text("Ana")
        _names_its_card_once(move, YOU_PLAY[lang])
        ana.click("[data-action=confirm-move]")
        expect(ana.locator("#toast")).to_contain_text("Coup joué" if lang == "fr" else "Move played")
        bruno = _token(real_table, "B")
        real_table.play(bruno, real_table.seat_view(bruno)["playable"]["KC"][0]["move"])
        last = ana.locator("[data-bind=last-move]")
        expect(last).to_have_text(
            "Bruno joue le roi de trèfle : sort un pion"
            if lang == "fr"
            else "Bruno plays the King of clubs: brings a marble out"
        )


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_moves_the_table_asks_about_speak_to_the_seat_to_play(browser: Any, lang: str) -> None:
    """The question's candidate moves are worded by the table for everyone, with the seat's default
    name ("Joueur A"); on that seat's phone they say "Vous jouez"."""
    table = ScriptedTable()
    table.new_game({})
    with serving(table) as served, fresh_context(browser, PHONE) as context:
        seat_a = _phone(context, f"{served}{seat_paths(table)['A']}?lang={lang}")
        table.announce(
            question={
                "fr": "Quel coup avez-vous joué ?",
                "en": "Which move did you play?",
                "places": ["A18"],
                "moves": [
                    {
                        "move": "AS:AR1-A18",
                        "fr": "Joueur A joue l'as de pique : sort un pion",
                        "en": "Player A plays the Ace of spades: brings a marble out",
                    }
                ],
            }
        )
        move = seat_a.locator('.question-panel button.move[data-move="AS:AR1-A18"]')
        expect(move).to_be_visible()
        said = (
            "Vous jouez l'as de pique : sort un pion"
            if lang == "fr"
            else "You play the Ace of spades: brings a marble out"
        )
        expect(move).to_have_text(re.compile("^" + re.escape(said)))
        expect(move).not_to_contain_text(re.compile("Joueur A|Player A"))
        _names_its_card_once(move, YOU_PLAY[lang])


def _guided(context: Any, served: str, table: Table, kind: str, lang: str) -> tuple[Any, Any]:
    """Ana's ``kind`` page ("seat" or "learn") in a new game where she plays first, the guided game on:
    the page and its one suggestion button."""
    table.new_game({"preset": "r1", "seed": 5, "seats": [{"name": "Ana"}] + [{"computer": True}] * 3})
    assert table.public_view()["turn"] == "A"
    page = _phone(context, f"{served}/{kind}/{_token(table, 'A')}?lang={lang}")
    page.check("[data-action=guided]")
    suggestion = page.locator("[data-bind=suggestion] button.move")
    expect(suggestion).to_have_count(1)
    return page, suggestion


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_seat_pages_suggestion_speaks_to_the_player_and_names_the_card_once(
    browser: Any, real_served: str, real_table: Table, lang: str
) -> None:
    with fresh_context(browser, PHONE) as context:
        _, suggestion = _guided(context, real_served, real_table, "seat", lang)
        expect(suggestion).not_to_contain_text("Ana")
        _names_its_card_once(suggestion, YOU_PLAY[lang])


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_learn_pages_hints_and_suggestion_name_the_card_once(
    browser: Any, real_served: str, real_table: Table, lang: str
) -> None:
    with fresh_context(browser, PHONE) as context:
        page, suggestion = _guided(context, real_served, real_table, "learn", lang)
        _names_its_card_once(suggestion, YOU_PLAY[lang])
        page.click("[data-action=hints]")
        hints = page.locator("[data-bind=hints] button.move")
        expect(hints.first).to_be_visible()
        you = {"fr": ("Vous jouez ", "Vous défaussez "), "en": ("You play ", "You discard ")}[lang]
        for button in hints.all():
            verb = next((v for v in you if button.inner_text().startswith(v)), you[0])
            _names_its_card_once(button, verb)
