"""The end of a game and looking back: its figures, a rematch, and the replay in the browser.

* ``GET /api/games/<id>/summary``: winners, length, each seat's cards played and captures
  (:func:`firmware_py.table.summary.game_summary`);
* ``POST /api/rematch``: a new game with the same seats and rules, a new deal (the table only);
* ``GET /replay`` (the game at the table) and ``GET /replay/<id>``: step through a saved game on the
  board; ``GET /api/games/<id>/replay`` its frames (:func:`firmware_py.table.replay.replay_frames`).

Only what everyone saw at the table is sent: boards, names, log lines; never a hand or a seat link.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, redirect, render_template, url_for
from werkzeug.wrappers import Response as Redirect

from firmware_py import refusals
from firmware_py.table.views import board_topology
from firmware_py.table.wording import shown_name
from web.api import json_body
from web.extension import get_table
from web.i18n import current_language
from web.pages import board_drawing, model_geometry
from web.roles import table_only

bp = Blueprint("endgame", __name__)


@bp.get("/api/games/<int:game_id>/summary")
def summary(game_id: int) -> Response:
    """The figures of a saved game (the one at the table included)."""
    return jsonify(get_table().saved_summary(game_id))


@bp.post("/api/rematch")
@table_only
def rematch() -> Response:
    """The same seats, names, colours and rules again, with a new deal (the seed is drawn anew). The body
    is a JSON object like every state change's (a form of another site cannot send one unasked)."""
    json_body()
    table = get_table()
    table.rematch()
    return jsonify(table.public_view())


@bp.get("/api/games/<int:game_id>/replay")
def replay_data(game_id: int) -> Response:
    """Every board of a saved game with its log line."""
    return jsonify(get_table().saved_replay(game_id))


@bp.get("/replay")
def replay_current() -> Redirect:
    """The replay of the game at the table."""
    game_id = get_table().public_view()["game_id"]
    if not isinstance(game_id, int):  # a table that saves nothing has no game to step through
        raise refusals.no_save()
    return redirect(url_for("endgame.replay_page", game_id=game_id))


SAVED_GAMES_LISTED = 20
"""How many of the latest saved games the replay page offers to open."""


def _saved_games() -> list[dict[str, Any]]:
    """The latest saved games, newest first, as the replay page lists them: when (UTC, to the minute),
    who played (default names in the page's language) and who won."""
    lang = current_language()
    listed = []
    for game in get_table().saved_games(SAVED_GAMES_LISTED):
        names = {seat: shown_name(name, lang) for seat, name in game["names"].items()}
        listed.append(
            {
                "id": game["id"],
                "when": game["when"],
                "names": ", ".join(names.values()),
                "winners": ", ".join(names.get(seat, seat) for seat in game["winner"] or ""),
            }
        )
    return listed


@bp.get("/replay/<int:game_id>")
def replay_page(game_id: int) -> str:
    """Step through a saved game on the board (a link that can be shared at the table), with the latest
    saved games to open another."""
    replay = get_table().saved_replay(game_id)
    view = {"board": replay["board"], "seats": replay["seats"], "layout": replay["frames"][0]["layout"]}
    drawing = board_drawing(board_topology(replay["board"]), model_geometry(replay["board"]["model"]))
    return render_template("replay.html", view=view, replay=replay, drawing=drawing, games=_saved_games())
