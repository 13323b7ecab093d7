"""The HTML pages: table, seat, set-up, learn and calibration.

Pages are rendered with the current view embedded (so they show the board at once, before the live
stream opens); their scripts then follow the live stream. A seat page is reached only by its private
link; its view (with the hand) is embedded only in that page. The seat links and QR codes, set-up and
calibration are the paired table's only (:mod:`web.roles`); a spectator sees the board and the log.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from flask import Blueprint, current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from firmware_py import refusals
from firmware_py.engine import PRESETS, RuleSet
from firmware_py.engine.board import BoardTopology
from firmware_py.errors import ConfigError
from firmware_py.house_rules import build_rules
from firmware_py.table.views import PublicView, board_topology
from web.board_layout import BoardDrawing, draw_board, draw_measured_board
from web.extension import check_seat_token, get_table
from web.i18n import current_language
from web.lessons import board_lessons, card_lessons
from web.qr import qr_svg
from web.roles import COOKIE_SECONDS, TABLE_COOKIE, is_table, table_only
from web.setup_words import preset_title, setup_words

bp = Blueprint("pages", __name__)
bp.url_value_preprocessor(check_seat_token)


def _drawing(view: PublicView) -> BoardDrawing:
    """The board as built when the table knows its measured geometry, else the ring drawing."""
    return board_drawing(board_topology(view["board"]), get_table().board_geometry())


def board_drawing(topology: BoardTopology, geometry: dict[str, Any] | None) -> BoardDrawing:
    """The board as built from its measured ``geometry`` when it has every place, else the ring."""
    measured = draw_measured_board(topology, geometry) if geometry is not None else None
    return measured or draw_board(topology)


def model_geometry(model: str) -> dict[str, Any] | None:
    """The measured geometry of a board model (``hardware/boards``), None when it has none."""
    from hardware.boards import BoardFileError, load_board

    try:
        return load_board(model)
    except BoardFileError:
        return None


def _seat_links() -> list[dict[str, Any]]:
    """The people's seat links with an absolute address and a QR code, for the table only (an empty list
    for anyone else). The address is the configured one (``TOCK_PUBLIC_URL``), never the request's
    ``Host``, which another site's page could choose."""
    if not is_table():
        return []
    base = str(current_app.config["TOCK_PUBLIC_URL"]).rstrip("/")
    links = []
    for link in get_table().seat_links():
        if link["computer"]:
            continue
        url = base + link["path"]
        links.append({**link, "url": url, "qr": qr_svg(url, title=f"{link['seat']} {link['name']}")})
    return links


@bp.get("/pair/<token>")
def pair(token: str) -> Response:
    """The table's link (printed by ``tock serve``): keep its key in a cookie, then open the table page.
    A wrong key is refused (403) and sets nothing."""
    if not get_table().is_table_key(token):
        raise refusals.table_only()
    response = redirect(url_for("pages.table", paired=1))
    response.set_cookie(TABLE_COOKIE, token, max_age=COOKIE_SECONDS, httponly=True, samesite="Lax", path="/")
    return response


@bp.get("/")
def index() -> Response:
    """The companion opens on the table page."""
    return redirect(url_for("pages.table"))


@bp.get("/table")
def table() -> str:
    """The table: board, turn, log, LEDs, camera, and the seat links to scan."""
    view = get_table().public_view()
    # just paired: the table says so, and what to do next
    welcome = is_table() and request.args.get("paired") == "1"
    return render_template(
        "table.html", view=view, drawing=_drawing(view), links=_seat_links(), welcome=welcome
    )


@bp.get("/seat/<token>")
def seat(token: str) -> str:
    """A seat's private page: its hand, its legal moves. An unknown token is refused (403)."""
    view = get_table().seat_view(token)
    return render_template("seat.html", view=view, drawing=_drawing(view), token=token)


@bp.get("/setup")
@table_only
def setup() -> str:
    """Set-up: seats, names, colours, teams, preset and house rules, board, camera; the seat links."""
    table_ = get_table()
    view = table_.public_view()
    options = setup_words(table_.setup_options())
    return render_template("setup.html", view=view, options=options, links=_seat_links())


def _rules_of(view: PublicView) -> RuleSet:
    """The rules of the game in ``view`` (its preset and switches); the plain preset when the switches
    cannot be read back, r1 when the preset is unknown."""
    try:
        return build_rules(str(view.get("preset")), view.get("switches") or {})
    except ConfigError:
        return PRESETS.get(str(view.get("preset")), PRESETS["r1"])


def _learn(view: PublicView, token: str | None) -> str:
    cards = card_lessons(_rules_of(view))
    return render_template(
        "learn.html",
        view=view,
        drawing=_drawing(view),
        # the examples are on a 4-seat board shaped like the game's (its centre only if it has one)
        lesson_drawing=board_drawing(
            dataclasses.replace(board_topology(view["board"]), sections=4), model_geometry("tock4")
        ),
        # the rule sheet's source file is for the maker, not for someone learning
        rules=[rule for rule in get_table().rules_text(current_language()) if rule["switch"] != "source"],
        sheet=preset_title(str(view.get("preset")), current_language()),
        cards=cards,
        board_lessons=board_lessons(_rules_of(view)),
        token=token,
    )


@bp.get("/learn")
def learn() -> str:
    """Learn the rules at the table: each card's power with an example on a small board, the board's
    places, how to win, and "why not?" by tapping a card and two holes."""
    return _learn(get_table().public_view(), None)


@bp.get("/learn/<token>")
def learn_seat(token: str) -> str:
    """The Learn page for one seat (from its private page): adds the hints and the guided game."""
    return _learn(get_table().seat_view(token), token)


@bp.get("/calibration")
@table_only
def calibration() -> str:
    """The camera image with what vision reads drawn on it, and the calibration buttons."""
    return render_template("calibration.html", view=get_table().public_view())
