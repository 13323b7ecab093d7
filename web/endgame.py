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

from firmware_py.errors import ConfigError, TableError
from firmware_py.store.history import ReplayError, settings_of
from firmware_py.table.replay import replay_frames
from firmware_py.table.summary import game_summary
from firmware_py.table.wording import shown_name
from web.extension import get_table
from web.i18n import current_language
from web.pages import board_drawing, board_topology, model_geometry
from web.roles import table_only

bp = Blueprint("endgame", __name__)


def _no_game(game_id: int) -> TableError:
    return TableError(
        "no_such_game", 404, f"Aucune partie {game_id} dans la sauvegarde.", f"No game {game_id} in the save."
    )


def _no_save() -> TableError:
    return TableError("no_save", 404, "Pas de sauvegarde sur cette table.", "No save on this table.")


def _store() -> Any:
    store = getattr(get_table(), "store", None)
    if store is None:
        raise _no_save()
    return store


@bp.get("/api/games/<int:game_id>/summary")
def summary(game_id: int) -> Response:
    """The figures of a saved game (the one at the table included)."""
    try:
        return jsonify(game_summary(_store(), game_id))
    except KeyError:
        raise _no_game(game_id) from None
    except ReplayError as error:
        raise TableError(
            "unreadable_game", 409, f"Partie illisible : {error}", f"Unreadable game: {error}"
        ) from None


@bp.post("/api/rematch")
@table_only
def rematch() -> Response:
    """The same seats, names, colours and rules again, with a new deal (the seed is drawn anew)."""
    table = get_table()
    table.rematch()
    return jsonify(table.public_view())


def _frames(game_id: int) -> dict[str, Any]:
    try:
        return replay_frames(_store(), game_id)
    except KeyError:
        raise _no_game(game_id) from None


@bp.get("/api/games/<int:game_id>/replay")
def replay_data(game_id: int) -> Response:
    """Every board of a saved game with its log line."""
    return jsonify(_frames(game_id))


@bp.get("/replay")
def replay_current() -> Redirect:
    """The replay of the game at the table."""
    game_id = get_table().public_view()["game_id"]
    if not isinstance(game_id, int):  # a table that saves nothing has no game to step through
        raise _no_save()
    return redirect(url_for("endgame.replay_page", game_id=game_id))


SAVED_GAMES_LISTED = 20
"""How many of the latest saved games the replay page offers to open."""


def _saved_games() -> list[dict[str, Any]]:
    """The latest saved games, newest first, as the replay page lists them: when (UTC, to the minute),
    who played (default names in the page's language) and who won."""
    listed = []
    for game in sorted(_store().games(), key=lambda g: g.id, reverse=True)[:SAVED_GAMES_LISTED]:
        try:
            seats = settings_of(game).seats
        except (ConfigError, KeyError):  # a save from a version whose settings no longer read: not offered
            continue
        names = {seat.seat: shown_name(seat.name, current_language()) for seat in seats}
        listed.append(
            {
                "id": game.id,
                "when": game.created[:16].replace("T", " "),
                "names": ", ".join(names.values()),
                "winners": ", ".join(names.get(seat, seat) for seat in game.winner or ""),
            }
        )
    return listed


@bp.get("/replay/<int:game_id>")
def replay_page(game_id: int) -> str:
    """Step through a saved game on the board (a link that can be shared at the table), with the latest
    saved games to open another."""
    replay = _frames(game_id)
    view = {"board": replay["board"], "seats": replay["seats"], "layout": replay["frames"][0]["layout"]}
    drawing = board_drawing(board_topology(view), model_geometry(replay["board"]["model"]))
    return render_template("replay.html", view=view, replay=replay, drawing=drawing, games=_saved_games())
