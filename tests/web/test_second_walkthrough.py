"""A newcomer's second walkthrough (issue 23), each point in a real browser (Debian's Chromium) at the
sizes a table has: the tablet beside the board (1280x800), the players' phones (390x844) and a
spectator's phone, in French and English where words are involved."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from firmware_py.table.core import Table
from firmware_py.table.wording import of_name
from tests.web.browsing import LANDSCAPE_TABLET, PHONE, fresh_context, pair, seat_paths, serving
from tests.web.scripted_table import ScriptedTable

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def table() -> ScriptedTable:
    return ScriptedTable()


@pytest.fixture(scope="module")
def served(table: ScriptedTable) -> Iterator[str]:
    with serving(table) as url:
        yield url


def _phone(context: Any, served: str, path: str, lang: str = "fr") -> Any:
    page = context.new_page()
    page.set_viewport_size(PHONE)
    page.goto(f"{served}{path}?lang={lang}")
    return page


def _box(page: Any, selector: str) -> dict[str, float]:
    """Where ``selector`` is drawn, once it is (a panel's words may show before its picture is laid out)."""
    element = page.locator(selector).first
    element.wait_for(state="visible")
    box = element.bounding_box()
    assert box is not None, f"{selector} is not on the screen"
    return box  # type: ignore[no-any-return]


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


# point 2: a move is seen on the board before it is played
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_move_tapped_on_the_phone_is_shown_on_the_board_and_played_only_once_confirmed(
    context: Any, served: str, table: ScriptedTable, lang: str
) -> None:
    table.new_game({})
    seat_a = _phone(context, served, seat_paths(table)["A"], lang)
    seat_a.click('.card[data-card="10S"]')
    far = seat_a.locator('button.move[data-move="10S:AR2-A10"]')
    far.click()
    # the move is shown (a dashed arrow to its hole, the marble drawn there faintly), not played
    seat_a.wait_for_selector('.board-panel .preview-arrow[data-from="AR2"][data-to="A10"]')
    assert seat_a.locator('.board-panel .ghost[data-place="A10"]').count() == 1
    assert seat_a.locator('.board-panel .hole.lit[data-place="A10"]').count() == 1
    assert seat_a.locator('.board-panel .hole.lit[data-place="A18"]').count() == 0
    expect(far).to_have_attribute("aria-pressed", "true")
    bar = seat_a.locator("[data-bind=confirm]")
    expect(bar).to_be_visible()
    expect(bar).to_contain_text("AR2")
    expect(bar).to_contain_text("Ce coup" if lang == "fr" else "This move")
    assert table.layout.get("AR2") == "A" and "A10" not in table.layout
    # the board and the bar are both on the screen, the bar never over the board
    board = _box(seat_a, ".board-panel svg.board")
    assert board["y"] >= 0 and board["y"] + board["height"] <= _box(seat_a, "[data-bind=confirm]")["y"]
    # another move is pointed at: the preview follows
    seat_a.locator("[data-action=cancel-move]").click()
    expect(bar).to_be_hidden()
    seat_a.click('button.move[data-move="10S:AR1-A18"]')
    seat_a.wait_for_selector('.board-panel .preview-arrow[data-from="AR1"][data-to="A18"]')
    assert seat_a.locator(".board-panel .preview-arrow").count() == 1
    seat_a.click("[data-action=confirm-move]")
    seat_a.wait_for_selector('.board-panel .marble[data-place="A18"][data-seat="A"]')
    assert table.layout.get("A18") == "A"
    expect(bar).to_be_hidden()
    assert seat_a.locator(".board-panel .preview-arrow").count() == 0


def test_a_lit_hole_tapped_on_the_zoomed_board_shows_the_move_that_ends_there(
    context: Any, served: str, table: ScriptedTable
) -> None:
    table.new_game({})
    seat_a = _phone(context, served, seat_paths(table)["A"], "en")
    seat_a.click('.card[data-card="10S"]')
    seat_a.wait_for_selector('button.move[data-move="10S:AR2-A10"]')
    seat_a.click("[data-action=zoom]")
    hole = seat_a.locator('.board-panel .hole[data-place="A10"]')
    hole.scroll_into_view_if_needed()
    hole.click()
    seat_a.wait_for_selector('.board-panel .preview-arrow[data-from="AR2"][data-to="A10"]')
    expect(seat_a.locator('button.move[data-move="10S:AR2-A10"]')).to_have_attribute("aria-pressed", "true")
    assert "A10" not in table.layout
    seat_a.click("[data-action=confirm-move]")
    seat_a.wait_for_selector('.board-panel .marble[data-place="A10"][data-seat="A"]')


def test_a_card_with_one_move_shows_it_at_once_and_one_tap_plays_it(
    context: Any, served: str, table: ScriptedTable
) -> None:
    table.new_game({})
    seat_a = _phone(context, served, seat_paths(table)["A"])
    seat_a.click('.card[data-card="AS"]')
    seat_a.wait_for_selector('.board-panel .preview-arrow[data-from="AR1"][data-to="A18"]')
    assert "A18" not in table.layout
    seat_a.click("[data-action=confirm-move]")
    seat_a.wait_for_selector('.board-panel .marble[data-place="A18"][data-seat="A"]')


# point 8: the put-back picture is large and marks the hole in no seat's colour
def test_the_put_back_picture_fills_the_phone_and_rings_the_hole_in_white(
    context: Any, served: str, table: ScriptedTable
) -> None:
    table.new_game({})
    seat_a = _phone(context, served, seat_paths(table)["A"], "en")
    table.announce(
        problem={
            "fr": "Coup interdit.",
            "en": "Illegal move.",
            "places": ["A5", "AR1"],
            "violations": [],
            "wrong": ["A5"],
            "put_back": {"AR1": "A"},
        }
    )
    panel = seat_a.locator(".problem-panel")
    expect(panel).to_contain_text("ringed in white")
    picture = _box(seat_a, ".problem-panel .mini-board")
    assert picture["width"] >= 0.85 * PHONE["width"], picture
    hole = seat_a.locator('.mini-board .hole.back[data-place="AR1"]')
    stroke = hole.evaluate("(node) => getComputedStyle(node).stroke")
    assert stroke == "rgb(255, 255, 255)"
    seat_colours = seat_a.evaluate("Tock.page.view.seats.map((s) => s.colour.toLowerCase())")
    assert "#ffffff" not in seat_colours
    table.announce(problem=None)


# point 9: a toast on a phone never covers the board
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_on_a_phone_the_toast_lies_over_the_top_bar_not_the_board(
    context: Any, served: str, table: ScriptedTable, lang: str
) -> None:
    table.new_game({})
    seat_a = _phone(context, served, seat_paths(table)["A"], lang)
    seat_a.click('.card[data-card="AS"]')
    seat_a.wait_for_selector('.board-panel .preview-arrow[data-to="A18"]')
    seat_a.click("[data-action=confirm-move]")
    toast = seat_a.locator("#toast")
    expect(toast).to_be_visible()
    expect(toast).to_contain_text("Coup joué" if lang == "fr" else "Move played")
    # scrolled so that the board's top edge meets the top bar: the toast still covers none of it
    seat_a.evaluate("document.querySelector('.board-panel').scrollIntoView({block: 'start'})")
    board = _box(seat_a, ".board-panel svg.board")
    assert not _overlap(_box(seat_a, "#toast"), board)
    assert (
        _box(seat_a, "#toast")["y"] + _box(seat_a, "#toast")["height"]
        <= _box(seat_a, ".topbar")["height"] + 1
    )
    expect(toast).to_be_hidden(timeout=5000)


# point 10: the zoomed board opens on the seat's own marbles, every hole 44 px to tap, and says how back
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_zoomed_board_opens_on_the_seats_marbles_with_44_px_holes(
    context: Any, served: str, table: ScriptedTable, lang: str
) -> None:
    from pathlib import Path

    reach = (Path(__file__).parent / "hole_reach.js").read_text()
    table.new_game({})
    seat_b = _phone(context, served, seat_paths(table)["B"], lang)
    assert seat_b.evaluate(reach, ".board-panel") < 44, "unzoomed, the phone's holes are small"
    zoom = seat_b.locator("[data-action=zoom]")
    expect(zoom).to_have_text("Agrandir le plateau" if lang == "fr" else "Zoom the board")
    zoom.click()
    expect(zoom).to_have_text("Voir tout le plateau" if lang == "fr" else "See the whole board")
    assert seat_b.evaluate(reach, ".board-panel") >= 44
    frame = _box(seat_b, ".board-scroll")
    for index in range(4):
        marble = _box(seat_b, f'.board-panel .marble[data-seat="B"] >> nth={index}')
        assert frame["x"] <= marble["x"] and marble["x"] + marble["width"] <= frame["x"] + frame["width"]
        assert frame["y"] <= marble["y"] and marble["y"] + marble["height"] <= frame["y"] + frame["height"]
    zoom.click()
    expect(zoom).to_have_text("Agrandir le plateau" if lang == "fr" else "Zoom the board")


def _finished_game(table: Table, preset: str = "r1x") -> int:
    """A whole game of four computer seats (they play it out as it starts); its save's id."""
    table.new_game({"preset": preset, "seed": 9, "seats": [{"computer": True}] * 4})
    view = table.public_view()
    assert view["winner"], "the computers finish the game"
    return int(view["game_id"])


FRENCH_IN_ENGLISH = ("Ordinateur", "Joueur ", "réserve", " joue ", " donne ")
"""Words of a French page that an English page must never show."""


# point 1: one language per page, one name per seat
def test_an_english_page_shows_no_french_word_in_the_log_the_replay_or_the_set_up(
    browser: Any, real_served: str, real_table: Table
) -> None:
    game = _finished_game(real_table)
    with fresh_context(browser, LANDSCAPE_TABLET, locale="en-GB") as context:
        pair(context, real_served, real_table)
        page = context.new_page()
        page.goto(f"{real_served}/table?lang=en")
        log = page.locator("[data-bind=log]")
        expect(log).to_contain_text("gives a card to their partner")
        expect(log).to_contain_text("Player B plays")
        expect(log.locator("small.detail").first).to_contain_text("→")
        for word in FRENCH_IN_ENGLISH:
            expect(log).not_to_contain_text(word)
        page.goto(f"{real_served}/replay/{game}")
        lines = page.evaluate(
            "JSON.parse(document.getElementById('tock-replay').textContent).frames"
            ".filter((f) => f.entry).map((f) => f.entry.en + ' · ' + (f.entry.detail || ''))"
        )
        assert any("gives a card" in line for line in lines)
        assert not [line for line in lines if any(word in line for word in FRENCH_IN_ENGLISH)]
        expect(page.locator(".seat-list")).to_contain_text("Player A")
        page.goto(f"{real_served}/setup")
        expect(page.locator('input[name="name-C"]')).to_have_value("Computer C")
        page.goto(f"{real_served}/setup?lang=fr")
        expect(page.locator('input[name="name-C"]')).to_have_value("Ordinateur C")


# point 13: the turn said with a name, no bare phase word, from the first paint
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_table_says_whose_turn_it_is_by_name_without_a_bare_phase_word(
    browser: Any, real_served: str, real_table: Table, lang: str
) -> None:
    real_table.new_game({"preset": "toc", "seed": 3, "seats": [{"name": "Alice"}, {"computer": True}]})
    with fresh_context(browser, LANDSCAPE_TABLET, java_script_enabled=False) as before_scripts:
        page = before_scripts.new_page()
        page.goto(f"{real_served}/table?lang={lang}")
        said = page.locator("[data-bind=turn]").text_content()
        assert said == ("À jouer : Alice" if lang == "fr" else "To play: Alice")
    with fresh_context(browser, LANDSCAPE_TABLET) as context:
        page = context.new_page()
        page.goto(f"{real_served}/table?lang={lang}")
        expect(page.locator("[data-bind=turn]")).to_have_text(
            "À jouer : Alice" if lang == "fr" else "To play: Alice"
        )
        expect(page.locator("[data-bind=phase]")).to_have_text("")


# point 14: a confirmation says what was done, in the page's typography
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_card_given_is_confirmed_as_done(
    browser: Any, real_served: str, real_table: Table, lang: str
) -> None:
    people = [{"name": name} for name in ("Ana", "Bruno", "Chloé", "Dave")]
    real_table.new_game({"preset": "r1x", "seed": 3, "seats": people})
    path = next(link["path"] for link in real_table.seat_links() if link["seat"] == "A")
    with fresh_context(browser, PHONE) as context:
        page = _phone(context, real_served, path, lang)
        card = page.locator(".hand .card").first
        name = card.get_attribute("aria-label")
        card.click()
        # a card given has one button: no word of pointing at a move first
        expect(page.locator("[data-bind=point-help]")).to_be_hidden()
        page.click("[data-action=give]")
        expected = f"Carte donnée : {name}" if lang == "fr" else f"Card given: {name}"
        expect(page.locator("#toast")).to_have_text(expected)


# point 15: a spectator is offered no rematch
def test_only_the_table_is_offered_a_rematch(browser: Any, real_served: str, real_table: Table) -> None:
    _finished_game(real_table, "r1")
    with (
        fresh_context(browser, PHONE) as spectator,
        fresh_context(browser, LANDSCAPE_TABLET) as table_context,
    ):
        page = spectator.new_page()
        page.goto(f"{real_served}/table?lang=en")
        expect(page.locator("[data-bind=end]")).to_be_visible()
        expect(page.locator("[data-bind=end]")).to_contain_text("Replay the game")
        assert page.locator("[data-action=rematch]").count() == 0
        pair(table_context, real_served, real_table)
        board = table_context.new_page()
        board.goto(f"{real_served}/table?lang=en")
        expect(board.locator("[data-action=rematch]")).to_be_visible()


GLYPH_DRAWN = """(glyph) => {
  const draw = (text) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 40;
    const pen = canvas.getContext("2d");
    pen.font = getComputedStyle(document.querySelector("[data-step=first]")).font;
    pen.fillText(text, 4, 30);
    return canvas.toDataURL();
  };
  return draw(glyph) !== draw("\\uE000");
}"""
"""Whether the page's font draws ``glyph`` as itself, not as the empty box of a missing one (a private
use character is that box)."""


# point 16: the replay's buttons are drawn, its count is the end screen's, and other games are listed
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_replay_counts_the_moves_the_end_screen_counts_and_lists_the_saved_games(
    browser: Any, real_served: str, real_table: Table, lang: str
) -> None:
    from firmware_py.table.summary import game_summary

    first = _finished_game(real_table)
    game = _finished_game(real_table, "r1")
    turns = game_summary(real_table.store, game)["turns"]
    with fresh_context(browser, PHONE) as context:
        page = context.new_page()
        page.goto(f"{real_served}/replay?lang={lang}")
        count = page.locator("[data-bind=replay-count]")
        expect(count).to_have_text(
            f"{'Coup' if lang == 'fr' else 'Move'} 0 {'sur' if lang == 'fr' else 'of'} {turns}"
        )
        page.click("[data-step=last]")
        expect(count).to_have_text(
            f"{'Coup' if lang == 'fr' else 'Move'} {turns} {'sur' if lang == 'fr' else 'of'} {turns}"
        )
        for step in ("first", "previous", "next", "last"):
            glyph = page.locator(f"[data-step={step}]").text_content()
            assert glyph and page.evaluate(GLYPH_DRAWN, glyph), f"the {step} button is an empty box"
        saved = page.locator(".saved-games")
        saved.locator("summary").click()
        expect(saved.locator(f'a[href="/replay/{first}"]')).to_be_visible()
        expect(saved.locator(f'a[href="/replay/{game}"]')).to_have_attribute("aria-current", "page")
        saved.locator(f'a[href="/replay/{first}"]').click()
        expect(page).to_have_url(f"{real_served}/replay/{first}")


WORDS = {
    "fr": {
        "paired": "Cette tablette est maintenant la table",
        "running": "La partie déjà en cours est celle du démarrage",
        "setup": "Préparer une partie",
        "why": "Ce coup n'est pas permis",
        "legal": "Ce coup est permis.",
        "sheet": "Jeu du Tock, 1re règle",
        "thinking": "Le compagnon cherche un bon coup",
        "guided": "Partie guidée",
        "board": "Plateau à 4 places",
        "deal": "Numéro de donne",
        "level": "ordinateur fort (réfléchit plus longtemps)",
    },
    "en": {
        "paired": "This tablet is now the table",
        "running": "The game already running is the one the companion starts with",
        "setup": "Set up a game",
        "why": "This move is not allowed",
        "legal": "This move is allowed.",
        "sheet": "Jeu du Tock, first rule",
        "thinking": "The companion is looking for a good move",
        "guided": "Guided game",
        "board": "Board for 4 seats",
        "deal": "Deal number",
        "level": "strong computer (thinks longer)",
    },
}


# point 3: pairing says what the tablet has become and what to do next
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_pairing_says_the_tablet_is_the_table_and_leads_to_the_set_up(
    browser: Any, real_served: str, real_table: Table, lang: str
) -> None:
    real_table.new_game({})
    with fresh_context(browser, LANDSCAPE_TABLET) as context:
        page = context.new_page()
        page.goto(f"{real_served}/table?lang={lang}")
        assert page.locator("[data-bind=welcome]").count() == 0, "a guest is told nothing of pairing"
        page.goto(f"{real_served}/pair/{real_table.table_key()}")
        welcome = page.locator("[data-bind=welcome]")
        expect(welcome).to_contain_text(WORDS[lang]["paired"])
        expect(welcome).to_contain_text(WORDS[lang]["running"])  # the game on the board is not theirs yet
        welcome.get_by_role("link", name=WORDS[lang]["setup"]).click()
        expect(page).to_have_url(f"{real_served}/setup")
        page.goto(f"{real_served}/table")
        assert page.locator("[data-bind=welcome]").count() == 0, "said once, on pairing"


# point 4: a seat's Learn page answers "why not?" for a card it does not hold, as the spectator's does
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_seats_learn_page_explains_a_card_it_does_not_hold(
    browser: Any, real_served: str, real_table: Table, lang: str
) -> None:
    people = [{"name": name} for name in ("Ana", "Bruno", "Chloé", "Dave")]
    real_table.new_game({"preset": "r1", "seed": 3, "seats": people})
    seat = next(link for link in real_table.seat_links() if link["seat"] == "A")
    hand = real_table.seat_view(seat["token"])["hand"]
    absent = next(rank for rank in ("5", "8", "9", "3", "6", "Q") if not any(c[:-1] == rank for c in hand))
    with fresh_context(browser, PHONE) as context:
        answers = []
        for path in (seat["path"].replace("/seat/", "/learn/"), "/learn"):
            page = _phone(context, real_served, path, lang)
            page.click(f'[data-pick="{absent}"]')
            page.locator('.board-panel .hole[data-place="AR1"]').click()
            page.locator('.board-panel .hole[data-place="A5"]').click()
            explanation = page.locator("[data-bind=explanation]")
            expect(explanation).to_contain_text(WORDS[lang]["why"])
            expect(explanation).not_to_contain_text("main" if lang == "fr" else "hand")
            for place in ("AR1", "AR", "A5"):  # places said as the board shows them, not by id
                expect(explanation).not_to_contain_text(place)
            answers.append(explanation.inner_text())
        assert answers[0] == answers[1]


# point 5: the guided game on the seat page itself, saying it thinks, the move seen before it is played
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_guided_game_plays_on_the_seat_page_thinks_aloud_and_confirms_the_move(
    browser: Any, real_served: str, real_table: Table, lang: str
) -> None:
    people = [{"name": "Ana"}, {"name": "Bruno"}]
    real_table.new_game({"preset": "toc", "seed": 3, "seats": people})
    seat = next(link for link in real_table.seat_links() if link["seat"] == "A")
    assert real_table.public_view()["turn"] == "A"
    with fresh_context(browser, PHONE) as context:
        page = _phone(context, real_served, seat["path"], lang)
        # the answer is held back until the test has seen the page say it is thinking
        held: list[Any] = []
        page.route("**/hints?suggest=1", lambda route: held.append(route))
        page.get_by_role("checkbox", name=WORDS[lang]["guided"]).check()
        expect(page.locator("[data-bind=suggestion]")).to_contain_text(WORDS[lang]["thinking"])
        while not held:  # the request reaches the route handler on Playwright's side
            page.wait_for_timeout(20)
        held[0].continue_()
        suggestion = page.locator("[data-bind=suggestion] button.move")
        expect(suggestion).to_be_visible()
        # the card's name runs on one line, not one word a line
        strong = suggestion.locator(".move-words strong").bounding_box()
        assert strong is not None and strong["height"] < 30
        move = suggestion.get_attribute("data-move")
        suggestion.click()
        # shown on the board first, played once confirmed, on the same page
        expect(page.locator("[data-bind=confirm]")).to_be_visible()
        expect(page.locator("[data-bind=confirm-text]")).not_to_be_empty()
        assert real_table.public_view()["log"] == [] or real_table.public_view()["turn"] == "A"
        page.click("[data-action=confirm-move]")
        expect(page.locator("#toast")).to_contain_text("Coup joué" if lang == "fr" else "Move played")
        assert page.url.startswith(f"{real_served}{seat['path']}")
        assert any(entry.get("move") == move for entry in real_table.public_view()["log"])
        # the switch is remembered on this phone
        again = _phone(context, real_served, seat["path"], lang)
        expect(again.get_by_role("checkbox", name=WORDS[lang]["guided"])).to_be_checked()


# point 11: the set-up page in words: boards, the deal, choices, a centre only with one, computer levels
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_set_up_page_offers_words_and_choices_not_ids_and_number_fields(
    browser: Any, real_served: str, real_table: Table, lang: str
) -> None:
    with fresh_context(browser, LANDSCAPE_TABLET) as context:
        pair(context, real_served, real_table)
        page = context.new_page()
        page.goto(f"{real_served}/setup?lang={lang}")
        page.select_option("#preset", "r1")
        expect(page.locator("#model option").first).to_have_text(WORDS[lang]["board"])
        expect(page.locator('label[for="seed"]')).to_contain_text(WORDS[lang]["deal"])
        assert page.locator('[data-switch="seat_counts"]').count() == 0
        for switch in ("jokers", "shortcut_cell", "home_entry_after"):
            assert page.locator(f'[data-switch="{switch}"]').evaluate("(node) => node.tagName") == "SELECT"
        assert page.locator('input[type="number"]').count() == 0
        assert sorted(
            page.locator('[data-switch="jokers"] option').evaluate_all("(o) => o.map((x) => x.value)")
        ) == [
            "0",
            "2",
        ]
        centre = page.locator('[data-switch="centre_cards"]')
        expect(centre).to_be_hidden()
        page.select_option('[data-switch="shortcut"]', "centre")
        expect(centre).to_be_visible()
        page.check('input[name="computer-B"]')
        level = page.locator('select[name="level-B"]')
        expect(level).to_be_visible()
        level.select_option("strong")
        expect(level.locator("option:checked")).to_have_text(WORDS[lang]["level"])
        page.uncheck('input[name="computer-B"]')
        expect(level).to_be_hidden()
        fold = page.locator('details[data-group="advanced"] > summary')
        arrow = fold.evaluate("(node) => getComputedStyle(node, '::before').borderLeftWidth")
        assert float(arrow.removesuffix("px")) > 4, "the fold shows an arrow"


# point 12: Learn says the rule sheet by name, lists no source file, labels seats plainly, no extra hole
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_learn_names_the_sheet_and_draws_the_games_board(
    browser: Any, real_served: str, real_table: Table, lang: str
) -> None:
    real_table.new_game({"preset": "r1"})
    with fresh_context(browser, PHONE) as context:
        page = _phone(context, real_served, "/learn", lang)
        heading = page.locator(".card-lessons h2")
        expect(heading).to_contain_text(WORDS[lang]["sheet"])
        expect(heading).not_to_contain_text("R1")
        rules = page.locator(".rules-list li")
        assert ".txt" not in rules.first.text_content()
        assert rules.first.text_content()[:1].isupper()
        game_has_centre = page.locator('.board-panel .hole[data-place="CIEL"]').count()
        lesson = page.locator(".lesson-board").first
        assert lesson.locator('.hole[data-place="CIEL"]').count() == game_has_centre == 0
        assert sorted(lesson.locator(".seat-label").all_text_contents()) == ["A", "B", "C", "D"]


# points 6 and 7: a refusal worded for whoever reads it, places said as the board shows them
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_marble_moved_out_of_turn_is_refused_in_words_true_on_every_screen(
    browser: Any, real_served: str, real_table: Table, lang: str
) -> None:
    people = [{"name": name} for name in ("Ana", "Bruno", "Chloé", "Dave")]
    real_table.new_game({"preset": "r1", "seed": 3, "seats": people})
    names = {seat: person["name"] for seat, person in zip("ABCD", people, strict=True)}
    other = next(seat for seat in "ABCD" if seat != real_table.public_view()["turn"])
    with fresh_context(browser, LANDSCAPE_TABLET) as context:
        pair(context, real_served, real_table)
        page = context.new_page()
        page.goto(f"{real_served}/table?lang={lang}")
        page.locator(f'.board-panel .hole[data-place="{other}R1"]').click()
        page.locator(f'.board-panel .hole[data-place="{other}18"]').click()
        toast = page.locator("#toast")
        if lang == "fr":
            expect(toast).to_contain_text(
                f"Le pion dans la réserve {of_name(names[other])} n'est pas à la personne qui joue"
            )
            expect(toast).not_to_contain_text("à vous")
        else:
            expect(toast).to_contain_text(f"The marble in {names[other]}'s reserve is not the player's own")
            expect(toast).not_to_contain_text("yours")
        expect(toast).not_to_contain_text(f"{other}R")
        expect(toast).not_to_contain_text(".;")


def test_the_whole_board_fits_the_tables_screen(browser: Any, real_served: str, real_table: Table) -> None:
    """On the 1280x800 tablet beside the board, every hole is on the screen without scrolling."""
    real_table.new_game({})
    with fresh_context(browser, LANDSCAPE_TABLET) as context:
        pair(context, real_served, real_table)
        page = context.new_page()
        page.goto(f"{real_served}/table")
        board = _box(page, ".board-panel svg.board")
        assert board["y"] >= 0 and board["y"] + board["height"] <= LANDSCAPE_TABLET["height"], board
