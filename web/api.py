"""The JSON API the pages' scripts call; thin views over the table.

Every address that acts for a seat carries that seat's token (``/api/seat/<token>/...``); the table
checks it and answers 403 for an unknown one. What runs the game (set-up, new game, undo, calibration,
marbles moved on the page, the camera picture) answers only the paired table (:mod:`web.roles`).
Bodies are JSON objects (``Content-Type: application/json``, which a form on another site cannot send
without the browser asking first), every field is checked here before the table sees it, and every
refusal is a 4xx JSON answer (see :mod:`web.errors`).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, jsonify, request

from firmware_py import refusals
from web.extension import check_seat_token, get_table
from web.i18n import LANGUAGES, current_language
from web.roles import table_only

bp = Blueprint("api", __name__, url_prefix="/api")
bp.url_value_preprocessor(check_seat_token)

MAX_TEXT = 80
"""Longest card, move or place text accepted (a 7 split over four marbles is well under this)."""

MAX_DEPTH = 16
"""Deepest nesting of a body (a set-up is three levels deep); deeper is refused before anything reads it."""

CALIBRATIONS = ("markers", "colours", "test")


def json_body() -> dict[str, Any]:
    """The request's JSON object.

    Raises:
        415: the body is not declared as JSON.
        BadInput: when it is not a JSON object, or is nested deeper than :data:`MAX_DEPTH`.
    """
    if not request.is_json:
        abort(415)
    try:
        body = request.get_json(silent=True)
    except RecursionError:  # nested deeper than the parser goes
        body = None
        too_deep = True
    else:
        too_deep = _depth(body) > MAX_DEPTH
    if too_deep:
        raise refusals.body_too_deep(MAX_DEPTH)
    if not isinstance(body, dict):
        raise refusals.body_not_object()
    return body


def _depth(value: Any) -> int:
    """How deeply ``value`` nests lists and objects (counted without recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def _text(body: dict[str, Any], field: str) -> str:
    """A required short text field of ``body``.

    Raises:
        BadInput: naming the field when it is missing, not a string, empty or too long.
    """
    value = body.get(field)
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_TEXT:
        raise refusals.text_field(field, MAX_TEXT)
    return value.strip()


# -- what everyone may see ---------------------------------------------------------------------------


@bp.get("/state")
def state() -> Response:
    """The public view: the board, the turn, the log, the LEDs; never a hand."""
    return jsonify(get_table().public_view())


@bp.get("/rules")
def rules() -> Response:
    """The chosen preset in plain words, in ``?lang=`` or the page's language."""
    lang = request.args.get("lang", current_language())
    if lang not in LANGUAGES:
        raise refusals.unknown_language()
    return jsonify(get_table().rules_text(lang))


@bp.post("/explain")
def explain() -> Response:
    """ "Why not?" for a move of the seat to play: legal or not, and the reasons with their places."""
    return jsonify(get_table().explain(_text(json_body(), "move")))


@bp.post("/marble")
@table_only
def move_marble() -> Response:
    """Move a marble on the simulated board (or the expected board without camera)."""
    body = json_body()
    return jsonify(get_table().move_marble(_text(body, "from"), _text(body, "to")))


@bp.post("/undo")
@table_only
def undo() -> Response:
    """Take back the last move, from the table page."""
    json_body()
    return jsonify(get_table().undo())


# -- set-up ------------------------------------------------------------------------------------------


@bp.get("/setup")
@table_only
def setup_options() -> Response:
    """What the set-up page offers: presets and switches, boards, colours, camera modes, seat counts."""
    return jsonify(get_table().setup_options())


@bp.post("/game")
@table_only
def new_game() -> Response:
    """Start a new game with the settings of the set-up page (the table validates every field)."""
    body = json_body()
    settings = body.get("settings")
    if not isinstance(settings, dict):
        raise refusals.settings_expected()
    table = get_table()
    table.new_game(settings)
    return jsonify(table.public_view())


@bp.post("/seat_links")
@table_only
def renew_seat_links() -> Response:
    """New seat links for every seat (the old ones stop working, their pages say so): when someone who
    should not have them may have seen them. The table page shows the new links and codes on reload."""
    json_body()
    get_table().renew_seat_links()
    return jsonify({"renewed": True})


# -- a seat, with its key --------------------------------------------------------------------------


@bp.get("/seat/<token>")
def seat_state(token: str) -> Response:
    """That seat's view: the public view plus its hand and what it may play."""
    return jsonify(get_table().seat_view(token))


@bp.post("/seat/<token>/choose")
def choose_card(token: str) -> Response:
    """The seat taps a card: its legal moves (the LEDs light their destinations)."""
    return jsonify(get_table().choose_card(token, _text(json_body(), "card")))


@bp.post("/seat/<token>/play")
def play(token: str) -> Response:
    """The seat plays a move, in the engine's notation (one of the moves offered for its card)."""
    return jsonify(get_table().play(token, _text(json_body(), "move")))


@bp.post("/seat/<token>/exchange")
def exchange(token: str) -> Response:
    """The seat gives a card to its partner."""
    return jsonify(get_table().exchange(token, _text(json_body(), "card")))


@bp.post("/seat/<token>/discard")
def discard(token: str) -> Response:
    """The seat discards a card when blocked."""
    return jsonify(get_table().discard(token, _text(json_body(), "card")))


@bp.post("/seat/<token>/end_turn")
def end_turn(token: str) -> Response:
    """After a joker the seat keeps the card it drew for later instead of playing again now."""
    json_body()
    return jsonify(get_table().end_turn(token))


@bp.post("/seat/<token>/undo")
def seat_undo(token: str) -> Response:
    """The seat takes back its own last move."""
    json_body()
    return jsonify(get_table().undo(token))


@bp.get("/seat/<token>/hints")
def hints(token: str) -> Response:
    """Every legal move of that seat's hand (the Learn page's hint mode); with ``?suggest=1`` the strong
    computer player's choice among them is marked, with a sentence of why (the guided game)."""
    return jsonify(get_table().hints(token, suggest=request.args.get("suggest") == "1"))


@bp.post("/seat/<token>/explain")
def seat_explain(token: str) -> Response:
    """ "Why not?" for a move of that seat."""
    return jsonify(get_table().explain(_text(json_body(), "move"), token=token))


# -- camera ------------------------------------------------------------------------------------------


@bp.get("/camera.jpg")
@table_only
def camera_image() -> Response:
    """The latest camera frame (``?overlay=1``: with the markers, holes and readings drawn on it)."""
    overlay = request.args.get("overlay", "1") not in ("0", "false", "no")
    jpeg = get_table().camera_jpeg(overlay=overlay)
    if jpeg is None:
        raise refusals.no_camera_in_game()
    return Response(jpeg, mimetype="image/jpeg")


@bp.post("/calibrate")
@table_only
def calibrate() -> Response:
    """One step of the camera's calibration: ``{"what": "markers"}`` (the empty board found),
    ``"colours"`` (the marbles' colours learnt) or ``"test"`` (what the camera reads now)."""
    what = _text(json_body(), "what")
    if what not in CALIBRATIONS:
        raise refusals.calibration_step()
    return jsonify(get_table().calibrate(what))
