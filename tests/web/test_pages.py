"""Every page renders, in French first and in English, with the security headers."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.scripted_table import ScriptedTable
from web import create_app
from web.setup_words import setup_words

PUBLIC_PAGES = ("/table", "/setup", "/learn", "/calibration")


def _page_data(html: str) -> dict[str, Any]:
    match = re.search(r'<script type="application/json" id="tock-page">(.*?)</script>', html, re.S)
    assert match, "the page embeds its data"
    data: dict[str, Any] = json.loads(match.group(1))
    return data


def test_the_factory_keeps_the_table_it_is_handed(app: Flask, table: ScriptedTable) -> None:
    assert app.extensions["tock"] is table
    assert create_app({"TESTING": True}, table=table).testing  # type: ignore[arg-type]


def test_home_opens_the_table(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.status_code == 302 and response.headers["Location"].endswith("/table")


@pytest.mark.parametrize("path", PUBLIC_PAGES)
def test_public_pages_render_in_french_by_default(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert '<html lang="fr">' in html
    assert _page_data(html)["lang"] == "fr"


@pytest.mark.parametrize("path", PUBLIC_PAGES)
def test_security_headers_on_every_page(client: FlaskClient, path: str) -> None:
    headers = client.get(path).headers
    assert headers["Referrer-Policy"] == "no-referrer"
    assert headers["Cache-Control"] == "no-store"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert "script-src 'self'" in headers["Content-Security-Policy"]


def test_english_is_chosen_by_the_query_and_remembered(client: FlaskClient) -> None:
    first = client.get("/table?lang=en")
    assert '<html lang="en">' in first.get_data(as_text=True)
    assert "tock_lang=en" in first.headers["Set-Cookie"]
    assert '<html lang="en">' in client.get("/learn").get_data(as_text=True)
    assert '<html lang="fr">' in client.get("/learn?lang=fr").get_data(as_text=True)


def test_browser_language_is_followed_when_nothing_was_chosen(client: FlaskClient) -> None:
    html = client.get("/table", headers={"Accept-Language": "en-GB,en;q=0.9"}).get_data(as_text=True)
    assert '<html lang="en">' in html
    html = client.get("/table", headers={"Accept-Language": "de-DE"}).get_data(as_text=True)
    assert '<html lang="fr">' in html


def test_table_page_draws_every_place_and_shows_the_seat_qr_codes(
    client: FlaskClient, tokens: dict[str, str]
) -> None:
    html = client.get("/table").get_data(as_text=True)
    assert len(re.findall(r'class="hole hole-[a-z]+" data-place=', html)) == 72 + 16 + 16 + 1
    assert html.count('class="qr"><title>') == 4
    for token in tokens.values():
        assert f'href="/seat/{token}"' in html


def test_setup_page_embeds_the_options_and_the_links(client: FlaskClient, table: ScriptedTable) -> None:
    html = client.get("/setup").get_data(as_text=True)
    match = re.search(r'<script type="application/json" id="tock-setup">(.*?)</script>', html, re.S)
    assert match
    embedded = json.loads(match.group(1))
    # the table's options, with the words of the page added (preset names, switch groups)
    assert embedded == setup_words(table.setup_options())
    assert embedded["presets"][0]["title"]["en"] == "Jeu du Tock, first rule"
    assert html.count('class="qr"><title>') == 4


def test_seat_page_holds_that_seat_s_hand_and_is_private(client: FlaskClient, tokens: dict[str, str]) -> None:
    response = client.get(f"/seat/{tokens['B']}")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    assert response.headers["Referrer-Policy"] == "no-referrer"
    data = _page_data(response.get_data(as_text=True))
    assert data["view"]["seat"] == "B" and data["view"]["hand"] == ["2H", "QS", "5D", "9C", "JH"]
    assert data["token"] == tokens["B"]


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("/seat/not-a-token", "Lien inconnu (table de test)."),
        ("/learn/not-a-token", "Lien inconnu (table de test)."),
        ("/seat/%C3%A9t%C3%A9%20!", "Ce lien de place n&#39;est pas valable pour cette partie."),
    ],
)
def test_an_unknown_seat_link_is_refused_with_a_page(client: FlaskClient, path: str, reason: str) -> None:
    response = client.get(path)
    assert response.status_code == 403
    assert response.mimetype == "text/html"
    assert reason in response.get_data(as_text=True)


def test_learn_page_lists_the_rules_and_offers_hints_from_a_seat_link(
    client: FlaskClient, tokens: dict[str, str]
) -> None:
    public = client.get("/learn?lang=en").get_data(as_text=True)
    assert "The 7 may be split." in public and 'data-action="hints"' not in public
    seat = client.get(f"/learn/{tokens['A']}").get_data(as_text=True)
    assert 'data-action="hints"' in seat


def test_an_unknown_page_is_a_404_page(client: FlaskClient) -> None:
    response = client.get("/nowhere")
    assert response.status_code == 404 and response.mimetype == "text/html"


def test_static_files_are_served_locally_and_may_be_cached(client: FlaskClient) -> None:
    for name in (
        "tock.css",
        "common.js",
        "board.js",
        "table.js",
        "seat.js",
        "setup.js",
        "learn.js",
        "calibration.js",
        "favicon.svg",
    ):
        response = client.get(f"/static/{name}")
        assert response.status_code == 200, name
        assert response.headers.get("Cache-Control") != "no-store"
        response.close()


def test_pages_load_nothing_from_another_site(client: FlaskClient, tokens: dict[str, str]) -> None:
    for path in (*PUBLIC_PAGES, f"/seat/{tokens['A']}"):
        html = client.get(path).get_data(as_text=True)
        assert not re.search(r'(src|href)="(https?:)?//', html), path


def test_every_word_the_scripts_ask_for_is_sent_in_both_languages() -> None:
    from pathlib import Path

    from web.i18n import JS_KEYS, MESSAGES

    static = Path(__file__).resolve().parents[2] / "web" / "static"
    asked = {
        key for script in static.glob("*.js") for key in re.findall(r'\bt\("([a-z_]+)"\)', script.read_text())
    }
    assert asked, "the scripts ask for words"
    assert asked <= set(JS_KEYS), sorted(asked - set(JS_KEYS))
    assert all(MESSAGES[key][0] and MESSAGES[key][1] for key in JS_KEYS)


def test_a_board_with_a_geometry_file_is_drawn_as_built() -> None:
    from hardware.boards import load_board

    geometry = load_board("tock4")
    app = create_app({"TESTING": True}, table=ScriptedTable(geometry=geometry))  # type: ignore[arg-type]
    html = app.test_client().get("/table").get_data(as_text=True)
    scale = 1000 / max(geometry["board_mm"])
    x, y = (round(v * scale, 1) for v in geometry["places"]["A1"])
    assert f'data-place="A1" data-seat="A" cx="{x}" cy="{y}"' in html
    assert 'class="ring"' not in html
    ring = create_app({"TESTING": True}, table=ScriptedTable()).test_client().get("/table")  # type: ignore[arg-type]
    assert 'class="ring"' in ring.get_data(as_text=True)
